//! Whole cartridges on the MSX board, headless: each test program of `roms/msx/programs/`
//! booted under C-BIOS on a default-settings machine and run past the BIOS's start (300
//! frames), then one `run_frame` per iteration (the Z80 and the TMS9918A interleaved
//! line by line, the chip's sprite check and frame, the sprite view and S#0 read as the
//! harness reads them after each frame). The programs span the board's load:
//! - `mover.rom`: the frame hook runs, then the Z80 sits in HALT (the common case);
//! - `lag.rom`: the hook works 2.5 frames in every four, so the Z80 is busy 3 frames in 5;
//! - `s0poll.rom`: interrupts off, the Z80 polls S#0 every 69 T-states all frame long;
//! - `rewrite.rom`: polls S#0 and rewrites a sprite in line 107, so the chip reads its
//!   attribute table again for the lines below (the line-by-line path);
//! - `midon.rom`: polls S#0, blanks the display in vblank and enables it in line 59;
//! - `ramwait.rom`: the hook counts frames, the main loop polls that count in RAM (a loop
//!   the board fast-forwards, `machine::idle`; `HITLAB_IDLE_SKIP=off` steps it).
//! - `fifth.rom`, `hunt_edge.rom`: like `mover`, the Z80 waits in HALT after the hook (the
//!   board runs the chip's lines alone until the frame ends);
//! - `mega.rom`: the hook switches ASCII16 banks (the page table rebuilt on each switch).
//!
//! The figure is frames per second against the MSX's 59.92 Hz (3,579,545 Hz / 59,736
//! T-states), printed from wall clock and from the thread's CPU time (which a loaded
//! machine does not inflate); criterion's lines are time per frame.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use machine::msx::MsxSettings;
use machine::{Machine, Resources, Settings};

mod program_rate;
use program_rate::{frame, measure};

const PROGRAMS: [(&str, &[u8]); 9] = [
    (
        "mover",
        include_bytes!("../../../roms/msx/programs/mover.rom"),
    ),
    ("lag", include_bytes!("../../../roms/msx/programs/lag.rom")),
    (
        "s0poll",
        include_bytes!("../../../roms/msx/programs/s0poll.rom"),
    ),
    (
        "rewrite",
        include_bytes!("../../../roms/msx/programs/rewrite.rom"),
    ),
    (
        "midon",
        include_bytes!("../../../roms/msx/programs/midon.rom"),
    ),
    (
        "ramwait",
        include_bytes!("../../../roms/msx/programs/ramwait.rom"),
    ),
    (
        "fifth",
        include_bytes!("../../../roms/msx/programs/fifth.rom"),
    ),
    (
        "hunt_edge",
        include_bytes!("../../../roms/msx/programs/hunt_edge.rom"),
    ),
    (
        "mega",
        include_bytes!("../../../roms/msx/programs/mega.rom"),
    ),
];
/// NTSC MSX: 3,579,545 Hz / (228 x 262) T-states.
const FRAME_HZ: f64 = 3_579_545.0 / (228.0 * 262.0);

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

fn bench(c: &mut Criterion) {
    for (name, rom) in PROGRAMS {
        let mut m = booted(rom);
        measure(&format!("msx {name} program, headless"), FRAME_HZ, || {
            frame(m.as_mut());
        });
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
