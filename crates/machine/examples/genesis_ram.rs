//! Runs a Genesis ROM on the program board until the word at a work RAM address reads a
//! marker (or a frame limit), then prints words of work RAM: how
//! `tests/crosscheck/gpgx_vdp_ports.py` reads a test program's results on hitlab to
//! compare them with Genesis Plus GX's.
//!
//! `cargo run --release -p machine --example genesis_ram -- ROM MARKER_ADDR MARKER COUNT_ADDR FIRST_ADDR`
//! (addresses and the marker in hex): prints the frames run, then one `index word` line
//! per result, `COUNT_ADDR` holding how many words follow `FIRST_ADDR`.

use std::process::ExitCode;

use machine::Machine;
use machine::genesis::{Genesis, GenesisSettings};
use machine::program::{NoProbe, ProgramImage};

const FRAME_LIMIT: u32 = 120;

fn hex(arg: Option<String>) -> Option<u32> {
    u32::from_str_radix(arg?.trim_start_matches("0x").trim_start_matches('$'), 16).ok()
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .ok_or("usage: genesis_ram ROM MARKER_ADDR MARKER COUNT_ADDR FIRST_ADDR")?;
    let nums: Vec<u32> = (0..4)
        .map(|_| hex(args.next()).ok_or("four hex numbers after the ROM"))
        .collect::<Result<_, _>>()?;
    let (marker_addr, marker, count_addr, first) = (nums[0], nums[1], nums[2], nums[3]);
    let rom = std::fs::read(&path).map_err(|e| format!("{path}: {e}"))?;
    let mut m = Genesis::new(&GenesisSettings::default());
    m.boot(&ProgramImage {
        bytes: &rom,
        ..ProgramImage::default()
    })
    .map_err(|e| e.to_string())?;
    m.set_frame_output(false);
    let mut probe = NoProbe::default();
    let word = |m: &mut Genesis, a: u32| {
        let cpu = m.program().expect("booted").cpu();
        u16::from_be_bytes([cpu.peek(a), cpu.peek(a + 1)])
    };
    let mut frames = 0;
    while frames < FRAME_LIMIT && u32::from(word(&mut m, marker_addr)) != marker {
        m.program()
            .ok_or("not booted")?
            .run_frame(&mut probe)
            .map_err(|e| e.to_string())?;
        frames += 1;
    }
    let count = word(&mut m, count_addr);
    println!("frames {frames} count {count}");
    for i in 0..u32::from(count) {
        println!("{} {:04X}", i + 1, word(&mut m, first + 2 * i));
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(1)
        }
    }
}
