//! Whole cartridges on the MSX board, headless: each test program of `roms/msx/programs/`
//! booted under C-BIOS on a default-settings machine and run past the BIOS's start (300
//! frames), then one `run_frame` per iteration (the Z80 and the TMS9918A interleaved
//! line by line, the chip's sprite check and frame, the sprite view and S#0 read as the
//! harness reads them after each frame). The programs span the board's load:
//! - `mover.rom`: the frame hook runs, then the Z80 sits in HALT (the common case);
//! - `lag.rom`: the hook works 2.5 frames in every four, so the Z80 is busy 3 frames in 5;
//! - `s0poll.rom`: interrupts off, the Z80 polls S#0 every 69 T-states all frame long.
//!
//! The figure is frames per second against the MSX's 59.92 Hz (3,579,545 Hz / 59,736
//! T-states), printed from wall clock and from the thread's CPU time (which a loaded
//! machine does not inflate); criterion's lines are time per frame.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use machine::msx::MsxSettings;
use machine::program::NoProbe;
use machine::{Machine, Resources, Settings};

const PROGRAMS: [(&str, &[u8]); 3] = [
    (
        "mover",
        include_bytes!("../../../roms/msx/programs/mover.rom"),
    ),
    ("lag", include_bytes!("../../../roms/msx/programs/lag.rom")),
    (
        "s0poll",
        include_bytes!("../../../roms/msx/programs/s0poll.rom"),
    ),
];
/// NTSC MSX: 3,579,545 Hz / (228 x 262) T-states.
const FRAME_HZ: f64 = 3_579_545.0 / (228.0 * 262.0);

fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

fn frame(m: &mut dyn Machine) -> u16 {
    m.program()
        .expect("booted")
        .run_frame(&mut NoProbe::default())
        .expect("runs");
    black_box(m.sprites());
    m.peek_verdict().status
}

fn booted(rom: &[u8]) -> Box<dyn Machine> {
    let mut m = MsxSettings::default()
        .build(&Resources::default())
        .expect("machine");
    m.set_frame_output(false);
    m.boot(&machine::program::ProgramImage {
        bytes: rom,
        ..Default::default()
    })
    .expect("boot");
    for _ in 0..300 {
        frame(m.as_mut());
    }
    m
}

/// Runs frames for two seconds and prints the rate by wall clock and by CPU time.
fn measure(m: &mut dyn Machine, what: &str) {
    let start = Instant::now();
    let cpu_start = thread_cpu_ns();
    let mut frames = 0u64;
    while start.elapsed() < Duration::from_secs(2) {
        black_box(frame(m));
        frames += 1;
    }
    let wall = start.elapsed().as_secs_f64();
    eprintln!(
        "msx {what} program, headless: wall clock {:.0} frames/s = {:.1}x real time",
        frames as f64 / wall,
        frames as f64 / wall / FRAME_HZ
    );
    if let (Some(a), Some(b)) = (cpu_start, thread_cpu_ns()) {
        let per_cpu_second = frames as f64 / ((b - a) as f64 / 1e9);
        eprintln!(
            "msx {what} program, headless: thread CPU time {:.0} frames/s = {:.1}x real time",
            per_cpu_second,
            per_cpu_second / FRAME_HZ
        );
    }
}

fn bench(c: &mut Criterion) {
    for (name, rom) in PROGRAMS {
        let mut m = booted(rom);
        measure(m.as_mut(), name);
        c.bench_function(&format!("msx_program_{name}_frame_headless"), |b| {
            b.iter(|| black_box(frame(m.as_mut())));
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(3));
    targets = bench
}
criterion_main!(benches);
