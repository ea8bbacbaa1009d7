//! A whole program on the X16 board, headless: `roms/vera/programs/demo.prg` (written like
//! seed 004's demo: the 128 sprites' positions written through DATA0 by a VSYNC handler
//! that outlasts vblank, so the chip reads its attribute table line by line),
//! booted on a default-settings machine, one `run_frame` per iteration (the 65C02 and the
//! VERA interleaved line by line, the chip's frame drawn, the sprite view and ISR read as
//! the harness does after each frame). The figure is frames per second against the X16's
//! 59.94 Hz, printed from wall clock and from the thread's CPU time (which a loaded
//! machine does not inflate), headless (frame output off: collisions, ISR and the sprite
//! view exact, no picture written) and with the picture; criterion's lines are time per
//! frame.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use machine::x16::VeraSettings;
use machine::{Machine, Resources, Settings};

mod program_rate;
use program_rate::{frame, measure};

const DEMO: &[u8] = include_bytes!("../../../roms/vera/programs/demo.prg");
/// Waits for its handler's frame count in a RAM poll, which the board fast-forwards
/// (`machine::idle`; `HITLAB_IDLE_SKIP=off` steps it).
const RAMWAIT: &[u8] = include_bytes!("../../../roms/vera/programs/ramwait.prg");
/// VGA 640x480: 25.175 MHz / (800 x 525).
const FRAME_HZ: f64 = 25_175_000.0 / (800.0 * 525.0);

fn booted(prg: &[u8], picture: bool) -> Box<dyn Machine> {
    let mut m = VeraSettings::default()
        .build(&Resources::default())
        .expect("machine");
    m.set_frame_output(picture);
    m.boot(&machine::program::ProgramImage {
        bytes: prg,
        ..Default::default()
    })
    .expect("boot");
    m
}

fn bench(c: &mut Criterion) {
    // Headless: collisions, ISR and the sprite view, no picture written.
    let mut headless = booted(DEMO, false);
    measure("x16 demo program, headless", FRAME_HZ, || {
        frame(headless.as_mut());
    });
    c.bench_function("x16_program_demo_frame_headless", |b| {
        b.iter(|| black_box(frame(headless.as_mut())));
    });
    let mut polling = booted(RAMWAIT, false);
    measure("x16 ramwait program, headless", FRAME_HZ, || {
        frame(polling.as_mut());
    });
    // With the picture (sprites over the 8 bpp bitmap layer).
    let mut shown = booted(DEMO, true);
    measure("x16 demo program, with picture", FRAME_HZ, || {
        frame(shown.as_mut());
    });
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
