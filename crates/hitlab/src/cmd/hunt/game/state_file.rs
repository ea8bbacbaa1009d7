//! State files: a program's state at one frame, written by a hunt just before the frame it
//! found and read back by `hitlab hunt PROGRAM --from FILE`.
//!
//! The body is the machine's input log from power-on, the way a movie file of an emulator
//! holds a run (the pads of every `run_frame` call up to the state), behind a header that
//! says which run it belongs to. Restoring boots the program and plays the log: the models
//! are deterministic (specs/harness.md), so this is the saved machine to the cycle, and the
//! in-memory state ([`machine::state`]) taken there is what the hunt branches from. A
//! fingerprint of the machine at the end of the log (the CPU's program counter, its RAM and
//! the chip's video memory as side-effect-free peeks read them) checks that the replay
//! reached the state the file was written from.
//!
//! Layout, little-endian, version 1:
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `HITLABST` |
//! | 2 | format version |
//! | 1 + n | machine key (length, then ASCII) |
//! | 32 | BLAKE3 of the image |
//! | 1 (+ 32) | system ROM: 0 for the machine's own, 1 then the BLAKE3 of the user's |
//! | 32 | BLAKE3 of the boot settings (start address, mapper, RAM fill) |
//! | 4 | calls from power-on to the state (the frame number it is at) |
//! | 4 + 2 n | the pads of each of those calls (player 1's buttons) |
//! | 32 | fingerprint of the machine at the state |
//! | 32 | BLAKE3 of everything before it (a truncated or edited file fails it) |

use std::path::Path;

use anyhow::anyhow;
use machine::program::{Harness, HarnessState, Input};
use scene::program::LoadedProgram;

use crate::{Fault, bad_input};

/// The file's first eight bytes.
const MAGIC: &[u8; 8] = b"HITLABST";
/// The format this build writes and reads.
pub(crate) const VERSION: u16 = 1;
/// The largest state file read: a log of 16 million calls (about three days of frames).
const MAX_FILE_BYTES: u64 = 32 << 20;
/// The CPU space fingerprinted when the machine names no program RAM: its first 64 KiB.
const CPU_WINDOW: u32 = 0x1_0000;
/// Video memory fingerprinted: the TMS9918's 16 KiB, the Genesis VDP's 64 KiB, VERA's
/// first 64 KiB (its sprite attributes and the usual tiles and maps).
const VRAM_WINDOW: u32 = 0x1_0000;

/// A state file's contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct StateFile {
    /// The machine's registry key.
    pub machine: String,
    /// BLAKE3 of the image.
    pub image: [u8; 32],
    /// BLAKE3 of the user's system ROM, `None` for the machine's own.
    pub system_rom: Option<[u8; 32]>,
    /// BLAKE3 of the boot settings.
    pub settings: [u8; 32],
    /// The pads of every call from power-on to the state; its length is the frame number.
    pub input: Vec<Input>,
    /// The machine's fingerprint at the state.
    pub fingerprint: [u8; 32],
}

fn hash(bytes: &[u8]) -> [u8; 32] {
    *blake3::hash(bytes).as_bytes()
}

fn short(h: &[u8; 32]) -> String {
    h[..6].iter().map(|b| format!("{b:02x}")).collect()
}

/// The boot settings a state depends on besides the image and the system ROM.
fn settings_hash(p: &LoadedProgram) -> [u8; 32] {
    let mut h = blake3::Hasher::new();
    h.update(p.target.as_bytes());
    h.update(&[0]);
    if let Some(s) = p.start {
        h.update(b"start");
        h.update(&s.to_le_bytes());
    }
    if let Some(m) = &p.mapper {
        h.update(b"mapper");
        h.update(m.as_bytes());
        h.update(&[0]);
    }
    if let Some(f) = &p.ram_fill {
        h.update(b"ram fill");
        h.update(&(f.len() as u64).to_le_bytes());
        h.update(f);
    }
    *h.finalize().as_bytes()
}

/// The machine as a harness holds it now, reduced to 32 bytes: the CPU's program counter,
/// the cycles the harness has counted, the program's RAM (or the CPU's first 64 KiB) and
/// the chip's video memory, all read without side effects.
pub(crate) fn fingerprint(h: &mut Harness<'_>) -> [u8; 32] {
    let mut out = blake3::Hasher::new();
    out.update(&h.calls_run().to_le_bytes());
    let ram: Vec<(u32, u32)> = h.machine_ref().program_ram().to_vec();
    let Some(board) = h.machine().program() else {
        return *out.finalize().as_bytes();
    };
    let cpu = board.cpu();
    out.update(&cpu.pc().to_le_bytes());
    let ranges = if ram.is_empty() {
        vec![(0, CPU_WINDOW - 1)]
    } else {
        ram
    };
    for (first, last) in ranges {
        let bytes: Vec<u8> = (first..=last).map(|a| cpu.peek(a)).collect();
        out.update(&bytes);
    }
    let vram: Vec<u8> = (0..VRAM_WINDOW).map(|a| board.peek_vram(a)).collect();
    out.update(&vram);
    *out.finalize().as_bytes()
}

impl StateFile {
    /// The header for `p` with `input` and `fingerprint`.
    pub fn new(p: &LoadedProgram, input: Vec<Input>, fingerprint: [u8; 32]) -> Self {
        Self {
            machine: p.target.to_owned(),
            image: hash(&p.image),
            system_rom: p.system_rom.as_deref().map(hash),
            settings: settings_hash(p),
            input,
            fingerprint,
        }
    }

    /// The frame the state is at (calls made from power-on).
    pub fn frame(&self) -> usize {
        self.input.len()
    }

    /// The file's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(160 + 2 * self.input.len());
        b.extend_from_slice(MAGIC);
        b.extend_from_slice(&VERSION.to_le_bytes());
        let key = self.machine.as_bytes();
        b.push(u8::try_from(key.len()).unwrap_or(u8::MAX));
        b.extend_from_slice(&key[..key.len().min(255)]);
        b.extend_from_slice(&self.image);
        match &self.system_rom {
            None => b.push(0),
            Some(h) => {
                b.push(1);
                b.extend_from_slice(h);
            }
        }
        b.extend_from_slice(&self.settings);
        b.extend_from_slice(
            &u32::try_from(self.input.len())
                .unwrap_or(u32::MAX)
                .to_le_bytes(),
        );
        for i in &self.input {
            b.extend_from_slice(&i.pad1.to_le_bytes());
        }
        b.extend_from_slice(&self.fingerprint);
        let sum = hash(&b);
        b.extend_from_slice(&sum);
        b
    }

    /// Reads a file's bytes; the error says what is wrong with them.
    pub fn decode(bytes: &[u8]) -> Result<Self, String> {
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err("not a hitlab state file (it does not begin with `HITLABST`)".into());
        }
        let mut r = Reader { bytes, at: 8 };
        let version = u16::from_le_bytes(r.take::<2>("the format version")?);
        if version != VERSION {
            return Err(if version > VERSION {
                format!(
                    "format version {version}, written by a newer hitlab (this one reads version {VERSION})"
                )
            } else {
                format!(
                    "format version {version}, which this hitlab does not read (it reads version {VERSION})"
                )
            });
        }
        let [n] = r.take::<1>("the machine's name")?;
        let machine = String::from_utf8(r.slice(usize::from(n), "the machine's name")?.to_vec())
            .map_err(|_| "the machine's name is not text: the file is corrupt".to_owned())?;
        let image = r.take::<32>("the image's hash")?;
        let system_rom = match r.take::<1>("the system ROM's hash")? {
            [0] => None,
            [1] => Some(r.take::<32>("the system ROM's hash")?),
            [k] => {
                return Err(format!(
                    "system ROM marker {k} (0 or 1): the file is corrupt"
                ));
            }
        };
        let settings = r.take::<32>("the boot settings' hash")?;
        let calls = u32::from_le_bytes(r.take::<4>("the frame number")?) as usize;
        let log = r.slice(calls.saturating_mul(2), "the input log")?;
        let input = log
            .chunks_exact(2)
            .map(|c| Input {
                pad1: u16::from_le_bytes([c[0], c[1]]),
            })
            .collect();
        let fingerprint = r.take::<32>("the machine's fingerprint")?;
        let body = r.at;
        let sum = r.take::<32>("the checksum")?;
        if r.at != bytes.len() {
            return Err(format!(
                "{} bytes past its end: the file is corrupt",
                bytes.len() - r.at
            ));
        }
        if sum != hash(&bytes[..body]) {
            return Err(
                "its checksum does not match its contents: the file is corrupt (edited or damaged)"
                    .into(),
            );
        }
        Ok(Self {
            machine,
            image,
            system_rom,
            settings,
            input,
            fingerprint,
        })
    }

    /// Whether the state belongs to `p`: the same machine, image, system ROM and boot
    /// settings; the error says what differs.
    pub fn check(&self, p: &LoadedProgram) -> Result<(), String> {
        if self.machine != p.target {
            return Err(format!(
                "a state of the {}, not of the {} this program runs on",
                self.machine, p.target
            ));
        }
        let image = hash(&p.image);
        if self.image != image {
            return Err(format!(
                "a state of another image (hash {}..., {} is {}...)",
                short(&self.image),
                p.image_path.display(),
                short(&image)
            ));
        }
        let rom = p.system_rom.as_deref().map(hash);
        if self.system_rom != rom {
            let say = |h: &Option<[u8; 32]>| {
                h.as_ref().map_or_else(
                    || "the machine's own system ROM".to_owned(),
                    |h| format!("a system ROM of hash {}...", short(h)),
                )
            };
            return Err(format!(
                "a state booted with {}, this program boots with {}",
                say(&self.system_rom),
                say(&rom)
            ));
        }
        if self.settings != settings_hash(p) {
            return Err(
                "a state booted with other settings (start address, mapper or RAM fill) than this program's".into(),
            );
        }
        Ok(())
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn slice(&mut self, n: usize, what: &str) -> Result<&'a [u8], String> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let Some(end) = end else {
            return Err(format!(
                "truncated: it ends at byte {} inside {what}",
                self.bytes.len()
            ));
        };
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn take<const N: usize>(&mut self, what: &str) -> Result<[u8; N], String> {
        let s = self.slice(N, what)?;
        let mut a = [0u8; N];
        a.copy_from_slice(s);
        Ok(a)
    }
}

/// Reads `path` and checks it belongs to `p`; the error names the file and what differs.
pub(crate) fn read(path: &Path, p: &LoadedProgram) -> Result<StateFile, String> {
    let say = |e: String| format!("{}: {e}", path.display());
    let meta = std::fs::metadata(path).map_err(|e| say(e.to_string()))?;
    if !meta.is_file() {
        return Err(say("not a file".into()));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(say(format!(
            "{} bytes, more than a state file holds ({MAX_FILE_BYTES})",
            meta.len()
        )));
    }
    let bytes = std::fs::read(path).map_err(|e| say(e.to_string()))?;
    let s = StateFile::decode(&bytes).map_err(say)?;
    s.check(p).map_err(say)?;
    Ok(s)
}

/// Why a state file could not be restored.
pub(crate) enum RestoreError {
    /// The file does not fit the program, or its replay does not reach its state.
    File(String),
    /// The program failed while replaying it.
    Program(String),
}

/// Boots `p` and plays `s`'s input log with `p`'s watches, checking the machine reached
/// the fingerprint; the harness's state there.
pub(crate) fn restore(
    path: &Path,
    p: &LoadedProgram,
    s: &StateFile,
    m: Box<dyn machine::Machine>,
) -> Result<HarnessState, RestoreError> {
    replay_log(path, p, s, m)?
        .save_state()
        .map_err(|e| RestoreError::Program(format!("{}: {e}", path.display())))
}

/// Boots `p` on `m` and plays `s`'s input log, checking the fingerprint: the harness at
/// the state, its frame output off.
fn replay_log(
    path: &Path,
    p: &LoadedProgram,
    s: &StateFile,
    mut m: Box<dyn machine::Machine>,
) -> Result<Harness<'static>, RestoreError> {
    m.set_frame_output(false);
    let mut config = p.config.clone();
    config.input.clone_from(&s.input);
    let mut h = Harness::owning(m, config).map_err(|e| RestoreError::Program(e.to_string()))?;
    for _ in 0..s.frame() {
        h.call()
            .map_err(|e| RestoreError::Program(format!("{}: {e}", path.display())))?;
    }
    if fingerprint(&mut h) != s.fingerprint {
        return Err(RestoreError::File(format!(
            "{}: replaying its {} frames does not reach the machine it was written from (the models changed since it was written, or the file was made by hand)",
            path.display(),
            s.frame()
        )));
    }
    Ok(h)
}

/// The fault of a state file that does not restore: the file's (exit 3) or the program's.
fn restore_fault(e: RestoreError) -> Fault {
    match e {
        RestoreError::File(e) => bad_input(anyhow!(e)),
        RestoreError::Program(e) => Fault::Other(anyhow!("{e} (while replaying the state file)")),
    }
}

/// Reads the state file `path` (checked as [`read`] checks it: exit 3 naming the file and
/// what differs) and replays it on a fresh boot of `p`: the file and the harness's state.
///
/// # Errors
/// A file that does not fit `p` or does not reach its fingerprint (exit 3), a program that
/// fails on the way.
pub(crate) fn load(path: &Path, p: &LoadedProgram) -> Result<(StateFile, HarnessState), Fault> {
    let s = read(path, p).map_err(|e| bad_input(anyhow!(e)))?;
    let m = crate::cmd::program::boot(p)?;
    let state = restore(path, p, &s, m).map_err(restore_fault)?;
    Ok((s, state))
}

/// A harness of `p` at the state file `path`'s frame (checked as [`load`] checks it), the
/// program file's own input from that call on: `hitlab replay --from` and `compare --from`
/// run it to the program file's last frame.
///
/// # Errors
/// As [`load`].
pub(crate) fn harness_at(path: &Path, p: &LoadedProgram) -> Result<Harness<'static>, Fault> {
    let s = read(path, p).map_err(|e| bad_input(anyhow!(e)))?;
    let m = crate::cmd::program::boot(p)?;
    let mut h = replay_log(path, p, &s, m).map_err(restore_fault)?;
    let mut input = s.input;
    let own = &p.config.input;
    let at = input.len();
    // The program file's input past the state; its last entry (or no buttons, for a file
    // without input) holds on as it does in a run from power-on.
    match own.get(at..) {
        Some(rest) if !rest.is_empty() => input.extend_from_slice(rest),
        _ => input.push(p.config.input_at(at).unwrap_or_default()),
    }
    h.set_input(input);
    Ok(h)
}

/// Plays `input` on a fresh boot of `p` for `calls` calls: the state file's bytes there.
pub(crate) fn at(
    p: &LoadedProgram,
    m: Box<dyn machine::Machine>,
    input: &[Input],
    calls: usize,
) -> Result<Vec<u8>, String> {
    let mut m = m;
    m.set_frame_output(false);
    let mut config = p.config.clone();
    config.input = input[..calls.min(input.len())].to_vec();
    // The pads each call is played with, as the harness sets them.
    let log: Vec<Input> = (0..calls)
        .map(|k| config.input_at(k).unwrap_or_default())
        .collect();
    let mut h = Harness::owning(m, config).map_err(|e| e.to_string())?;
    for _ in 0..calls {
        h.call().map_err(|e| e.to_string())?;
    }
    Ok(StateFile::new(p, log, fingerprint(&mut h)).encode())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> StateFile {
        StateFile {
            machine: "msx".into(),
            image: [1; 32],
            system_rom: Some([2; 32]),
            settings: [3; 32],
            input: vec![Input { pad1: 4 }, Input { pad1: 0x80 }],
            fingerprint: [5; 32],
        }
    }

    #[test]
    fn a_state_file_reads_back_as_written() {
        let s = sample();
        assert_eq!(StateFile::decode(&s.encode()), Ok(s));
    }

    #[test]
    fn every_truncation_is_an_error() {
        let b = sample().encode();
        for n in 0..b.len() {
            assert!(StateFile::decode(&b[..n]).is_err(), "{n} bytes");
        }
    }

    #[test]
    fn any_byte_changed_is_an_error() {
        let b = sample().encode();
        for k in 0..b.len() {
            let mut c = b.clone();
            c[k] ^= 0x40;
            assert!(StateFile::decode(&c).is_err(), "byte {k}");
        }
    }

    /// Runs `calls` calls of `p` from power-on with `input`, or from `state` when given,
    /// and returns each record completed past call `from`, as text (every field: frames,
    /// flags, decisions, cycles).
    fn records(
        p: &LoadedProgram,
        input: &[Input],
        state: Option<&HarnessState>,
        from: usize,
        calls: usize,
    ) -> Vec<String> {
        let mut m = crate::cmd::program::boot(p).map_err(|_| "boot").unwrap();
        m.set_frame_output(false);
        let mut config = p.config.clone();
        config.input = input.to_vec();
        let mut h = Harness::owning(m, config).unwrap();
        if let Some(s) = state {
            h.restore_state(s).unwrap();
        }
        let mut out = Vec::new();
        for k in h.calls_run() as usize..calls {
            let r = h.call().unwrap();
            if k >= from
                && let Some(r) = r
            {
                out.push(format!("{r:?}"));
            }
        }
        out
    }

    /// From a state file written at a frame, the frames after it are those of the run that
    /// never stopped, on each machine's test program.
    #[test]
    fn a_state_file_continues_the_uninterrupted_run() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let dir = std::env::temp_dir().join(format!("hitlab-state-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // Program, state frame, frames after it.
        for (file, at, after) in [
            ("tests/msx_hunt_edge.prg.ron", 150, 40),
            ("tests/vectrex_boxtest.prg.ron", 50, 30),
            ("tests/genesis_lag.prg.ron", 20, 10),
            ("tests/vera_demo.prg.ron", 30, 10),
        ] {
            let p = crate::cmd::program::load(
                &root.join(file),
                None,
                &crate::cli::ProgramArgs::default(),
            )
            .map_err(|_| file)
            .unwrap();
            // Left held for a while, then A with it: the input changes around the state.
            let input: Vec<Input> = (0..at + after)
                .map(|k| Input {
                    pad1: match k % 50 {
                        0..20 => Input::LEFT,
                        20..30 => Input::LEFT | Input::A,
                        _ => 0,
                    },
                })
                .collect();
            let whole = records(&p, &input, None, at, at + after);
            let path = dir.join(format!("{}.state", p.target));
            let m = crate::cmd::program::boot(&p).map_err(|_| "boot").unwrap();
            std::fs::write(&path, super::at(&p, m, &input, at).unwrap()).unwrap();
            let s = read(&path, &p).unwrap();
            assert_eq!(s.frame(), at, "{file}");
            let m = crate::cmd::program::boot(&p).map_err(|_| "boot").unwrap();
            let Ok(state) = restore(&path, &p, &s, m) else {
                panic!("{file}: not restored");
            };
            assert_eq!(state.calls_run() as usize, at, "{file}");
            let resumed = records(&p, &input, Some(&state), at, at + after);
            assert!(!whole.is_empty(), "{file}");
            assert_eq!(whole, resumed, "{file}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_later_version_is_named() {
        let mut b = sample().encode();
        b[8] = 2;
        let e = StateFile::decode(&b).unwrap_err();
        assert!(
            e.contains("format version 2, written by a newer hitlab"),
            "{e}"
        );
    }
}
