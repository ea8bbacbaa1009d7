//! Every test program of the three program boards, headless, at the rate the harness runs
//! it: the images in `roms/msx/programs/*.rom` (C-BIOS, 59.92 Hz), `roms/genesis/
//! programs/*.bin` (60 Hz) and `roms/vera/programs/*.prg` (the VERA board, 59.94 Hz),
//! read from the repository when the bench starts, so a program added there is measured
//! without an edit here. Each is booted, run 300 frames past its boot, then timed: frames
//! per second of the thread's CPU time (what the board costs, whatever else shares the
//! machine) and per wall second, and the multiple of the machine's real frame rate. An
//! image the board refuses (an X16 program that needs the KERNAL, which the repository
//! does not ship) is listed as skipped with the board's reason. Criterion's lines are the
//! time per frame of each program.
//!
//! `tests/crosscheck/program_speed.sh` sets these beside openMSX's and Genesis Plus GX's
//! on the same images.

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use machine::genesis::GenesisSettings;
use machine::msx::MsxSettings;
use machine::x16::VeraSettings;
use machine::{Machine, Resources, Settings};

mod program_rate;
use program_rate::{frame, measure};

/// Frames run after boot before timing: C-BIOS's start and the programs' set-up.
const WARM_UP_FRAMES: u32 = 300;

/// One board: where its programs are, their extension, its frame rate, its settings.
struct Board {
    name: &'static str,
    dir: &'static str,
    ext: &'static str,
    frame_hz: f64,
    settings: fn() -> Box<dyn Settings>,
}

const BOARDS: [Board; 3] = [
    Board {
        name: "msx",
        dir: "roms/msx/programs",
        ext: "rom",
        // 3,579,545 Hz / (228 x 262) T-states.
        frame_hz: 3_579_545.0 / (228.0 * 262.0),
        settings: || Box::new(MsxSettings::default()),
    },
    Board {
        name: "genesis",
        dir: "roms/genesis/programs",
        ext: "bin",
        frame_hz: 60.0,
        settings: || Box::new(GenesisSettings::default()),
    },
    Board {
        name: "x16",
        dir: "roms/vera/programs",
        ext: "prg",
        // VGA 640x480: 25.175 MHz / (800 x 525).
        frame_hz: 25_175_000.0 / (800.0 * 525.0),
        settings: || Box::new(VeraSettings::default()),
    },
];

/// The images of `board`, sorted by name.
fn images(board: &Board) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(board.dir);
    let mut found: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == board.ext))
        .collect();
    found.sort();
    found
        .into_iter()
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (name, bytes)
        })
        .collect()
}

/// The board booted on `bytes` and run past its boot, or why it was refused.
fn booted(board: &Board, bytes: &[u8]) -> Result<Box<dyn Machine>, String> {
    let mut m = (board.settings)()
        .build(&Resources::default())
        .map_err(|e| e.to_string())?;
    m.set_frame_output(false);
    m.boot(&machine::program::ProgramImage {
        bytes,
        ..Default::default()
    })
    .map_err(|e| e.to_string())?;
    for _ in 0..WARM_UP_FRAMES {
        m.program()
            .ok_or("no program board")?
            .run_frame(&mut machine::program::NoProbe::default())
            .map_err(|e| e.to_string())?;
    }
    Ok(m)
}

fn bench(c: &mut Criterion) {
    for board in &BOARDS {
        for (name, bytes) in images(board) {
            let label = format!("{} {name}", board.name);
            let mut m = match booted(board, &bytes) {
                Ok(m) => m,
                Err(why) => {
                    println!("{label}: skipped ({why})");
                    continue;
                }
            };
            measure(&format!("{label}, headless"), board.frame_hz, || {
                frame(m.as_mut());
            });
            c.bench_function(&format!("programs_{}_{name}_frame", board.name), |b| {
                b.iter(|| black_box(frame(m.as_mut())));
            });
        }
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(1));
    targets = bench
}
criterion_main!(benches);
