//! A Genesis ROM's speed on the program board, for `tests/crosscheck/gpgx_genesis.py` to
//! print beside Genesis Plus GX's: boots the ROM, runs frames for a second of the thread's
//! CPU time headless (the collision-only mode: flags, first lines and sprite view, no
//! picture), then a second with the picture, and prints frames per CPU second of each.
//!
//! `cargo run --release -p machine --example genesis_speed -- roms/genesis/programs/lag.bin`

use std::process::ExitCode;

use cpu_time::ThreadTime;
use machine::Machine;
use machine::genesis::{Genesis, GenesisSettings};
use machine::program::{NoProbe, ProgramImage};

fn frames_per_cpu_second(rom: &[u8], picture: bool) -> Result<f64, String> {
    let mut m = Genesis::new(&GenesisSettings::default());
    m.boot(&ProgramImage {
        bytes: rom,
        ..ProgramImage::default()
    })
    .map_err(|e| e.to_string())?;
    m.set_frame_output(picture);
    let mut probe = NoProbe::default();
    let clock = ThreadTime::now();
    let mut frames = 0u64;
    while clock.elapsed().as_secs_f64() < 1.0 {
        m.program()
            .ok_or("not booted")?
            .run_frame(&mut probe)
            .map_err(|e| e.to_string())?;
        frames += 1;
    }
    Ok(frames as f64 / clock.elapsed().as_secs_f64())
}

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: genesis_speed ROM");
        return ExitCode::from(2);
    };
    let rom = match std::fs::read(&path) {
        Ok(rom) => rom,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::from(3);
        }
    };
    for picture in [false, true] {
        match frames_per_cpu_second(&rom, picture) {
            Ok(fps) => println!(
                "{path}, picture {}: {fps:.0} frames per CPU second = {:.1}x real time",
                if picture { "on" } else { "off" },
                fps / 60.0
            ),
            Err(e) => {
                eprintln!("{path}: {e}");
                return ExitCode::from(1);
            }
        }
    }
    ExitCode::SUCCESS
}
