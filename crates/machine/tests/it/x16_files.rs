//! Disk unit 8 on a host folder (crates/machine/src/x16/drive.rs) under the project's
//! KERNAL: roms/vera/programs/files.s saves, loads back, loads a missing file and a name
//! leaving the folder, and reads the file through OPEN/CHKIN/CHRIN/READST, printing each
//! result. Expected lines from the program's source and the KERNAL's documented errors
//! (4 file not found, 5 device not present; READST $42 end-and-time-out, $40 end of
//! file, $80 no device).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use machine::Settings;
use machine::program::{HostFs, HostFsError, NoProbe, ProgramImage};
use machine::x16::VeraSettings;
use machine::x16::kernal::text::screen_text;

const FILES: &[u8] = include_bytes!("../../../../roms/vera/programs/files.prg");
const FILES_LBL: &str = include_str!("../../../../roms/vera/programs/files.lbl");

/// A folder in memory; every name the board asks for is recorded. A read-only one
/// refuses every write, as a host folder without write permission does.
#[derive(Debug, Default, Clone)]
pub(crate) struct Folder {
    pub(crate) files: Arc<Mutex<BTreeMap<String, Vec<u8>>>>,
    pub(crate) asked: Arc<Mutex<Vec<String>>>,
    pub(crate) read_only: bool,
}

impl HostFs for Folder {
    fn read(&mut self, name: &str) -> Result<Vec<u8>, HostFsError> {
        self.asked.lock().unwrap().push(name.to_owned());
        self.files
            .lock()
            .unwrap()
            .get(name)
            .cloned()
            .ok_or(HostFsError::NotFound)
    }
    fn write(&mut self, name: &str, bytes: &[u8]) -> Result<(), HostFsError> {
        if self.read_only {
            return Err(HostFsError::Refused(format!(
                "{name}: the folder is read-only"
            )));
        }
        self.asked.lock().unwrap().push(name.to_owned());
        self.files
            .lock()
            .unwrap()
            .insert(name.to_owned(), bytes.to_vec());
        Ok(())
    }
}

fn label(name: &str) -> u16 {
    FILES_LBL
        .lines()
        .find_map(|l| {
            let mut w = l.split_whitespace();
            let (_, addr, n) = (w.next()?, w.next()?, w.next()?);
            (n == format!(".{name}")).then(|| u16::from_str_radix(addr, 16).ok())?
        })
        .unwrap_or_else(|| panic!("no label {name}"))
}

fn run(folder: Option<Folder>) -> Vec<String> {
    let mut m = VeraSettings::default()
        .build(&machine::Resources::default())
        .expect("machine");
    m.boot(&ProgramImage {
        bytes: FILES,
        ..ProgramImage::default()
    })
    .expect("boot");
    let board = m.program().unwrap();
    if let Some(f) = folder {
        board.attach_host_fs(Box::new(f)).expect("a drive");
    }
    for _ in 0..5 {
        board.run_frame(&mut NoProbe::default()).expect("frame");
    }
    let rows = screen_text(|a| board.peek_vram(a), 80, 60);
    rows.into_iter().take(6).collect()
}

#[test]
fn a_program_saves_loads_back_and_reads_a_host_file() {
    let folder = Folder::default();
    let rows = run(Some(folder.clone()));
    assert_eq!(
        rows,
        [
            "SAVE 0",
            "LOAD 0 HELLO, DISK!",
            "MISSING 4 ST 42",
            "ESCAPE 4",
            "READ 0 HELLO, DISK! ST 40",
            "",
        ]
    );
    // The file: SAVE's start address (msg, little-endian), then the 12 bytes.
    let msg = label("msg");
    let mut want = msg.to_le_bytes().to_vec();
    want.extend_from_slice(b"HELLO, DISK!");
    assert_eq!(folder.files.lock().unwrap().get("data"), Some(&want));
    // The name leaving the folder never reached it.
    let asked = folder.asked.lock().unwrap();
    assert!(asked.iter().all(|n| !n.contains("escape")), "{asked:?}");
    assert!(asked.contains(&"missing".to_owned()));
}

#[test]
fn without_a_host_folder_unit_8_is_not_present() {
    let rows = run(None);
    assert_eq!(
        rows,
        [
            "SAVE 5",
            "LOAD 5",
            "MISSING 5 ST 80",
            "ESCAPE 5",
            "READ 5",
            ""
        ]
    );
}
