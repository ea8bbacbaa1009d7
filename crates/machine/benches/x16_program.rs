//! A whole program on the X16 board, headless: `roms/vera/programs/demo.prg` (written like
//! seed 004's demo: 128 sprites rewritten through DATA0 by the VSYNC handler each frame),
//! booted on a default-settings machine, one `run_frame` per iteration (the 65C02 and the
//! VERA interleaved line by line, the chip's frame drawn, the sprite view and ISR read as
//! the harness does after each frame). The figure is frames per second against the X16's
//! 59.94 Hz, printed from wall clock and from the thread's CPU time (which a loaded
//! machine does not inflate), headless (frame output off: collisions, ISR and the sprite
//! view exact, no picture written) and with the picture; criterion's lines are time per
//! frame.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use machine::program::NoProbe;
use machine::x16::VeraSettings;
use machine::{Machine, Resources, Settings};

const DEMO: &[u8] = include_bytes!("../../../roms/vera/programs/demo.prg");
/// VGA 640x480: 25.175 MHz / (800 x 525).
const FRAME_HZ: f64 = 25_175_000.0 / (800.0 * 525.0);

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

fn booted(picture: bool) -> Box<dyn Machine> {
    let mut m = VeraSettings::default()
        .build(&Resources::default())
        .expect("machine");
    m.set_frame_output(picture);
    m.boot(&machine::program::ProgramImage {
        bytes: DEMO,
        ..Default::default()
    })
    .expect("boot");
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
        "x16 demo program, {what}: wall clock {:.0} frames/s = {:.1}x real time",
        frames as f64 / wall,
        frames as f64 / wall / FRAME_HZ
    );
    if let (Some(a), Some(b)) = (cpu_start, thread_cpu_ns()) {
        let per_cpu_second = frames as f64 / ((b - a) as f64 / 1e9);
        eprintln!(
            "x16 demo program, {what}: thread CPU time {:.0} frames/s = {:.1}x real time",
            per_cpu_second,
            per_cpu_second / FRAME_HZ
        );
    }
}

fn bench(c: &mut Criterion) {
    // Headless: collisions, ISR and the sprite view, no picture written.
    let mut headless = booted(false);
    measure(headless.as_mut(), "headless");
    c.bench_function("x16_program_demo_frame_headless", |b| {
        b.iter(|| black_box(frame(headless.as_mut())));
    });
    // With the picture (sprites over the 8 bpp bitmap layer).
    let mut shown = booted(true);
    measure(shown.as_mut(), "with picture");
    c.bench_function("x16_program_demo_frame", |b| {
        b.iter(|| black_box(frame(shown.as_mut())));
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(3));
    targets = bench
}
criterion_main!(benches);
