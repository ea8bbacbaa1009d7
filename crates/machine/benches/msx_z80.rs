//! The MSX frame with its routine: the 32 objects' sprite attributes written through the
//! TMS9918A's ports (`OUT ($99)` address, `OUT ($98)` bytes, as a game's vertical-blank
//! code writes them), the chip's frame run (every line's sprite scan, the coincidence and
//! fifth-sprite flags), then `half-pairs` on the Z80 through the routine contract (object
//! table written, the call, the pair list read and checked). One such frame per
//! iteration: CPU + chip + routine.
//!
//! Criterion's throughput line gives the routine's T-states per second ("elem/s", the
//! chip's work counted in the time but not in the T-states); the line printed before it
//! gives the same as a multiple of the MSX's 3,579,545 Hz, per second of the thread's CPU
//! time (what the board costs, whatever else shares the machine) and per wall second: the
//! best of five rounds of 100 frames.

use std::hint::black_box;
use std::time::Instant;

use collide::rng::SplitMix64;
use collide::{Group, Object, PxBox};
use cpu_time::ThreadTime;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use machine::msx::target::{ABI, CLOCK_HZ, MsxTarget};
use machine::routine::{Target, run_loaded};
use tms9918::Vdp;

const HALF_PAIRS: &[u8] = include_bytes!("../../../roms/msx/code/half-pairs.bin");

fn frame() -> Vec<Object> {
    let mut rng = SplitMix64(2024);
    (0..32)
        .map(|i| {
            let group = if i % 2 == 0 { Group::Good } else { Group::Bad };
            let (x, y) = (rng.below(240) as i32, rng.below(176) as i32);
            Object::new(i, PxBox::new(x, y, 16, 16), group)
        })
        .collect()
}

/// The sprite attribute table's address: R5 = $36 puts it at $1B00, the MSX's default.
const SAT: u16 = 0x1B00;

/// The chip set up once as a game would: 16x16 sprites, display on, pattern 0 solid.
fn chip() -> Vdp {
    let mut vdp = Vdp::new();
    vdp.write_register(1, 0x42); // display on, 16x16 sprites, no magnification
    vdp.write_register(5, 0x36); // attributes at $1B00
    vdp.write_register(6, 0x00); // sprite patterns at $0000
    vdp.write_vram(0x0000, &[0xFF; 32]);
    vdp
}

/// One frame on the chip: the attributes written through the ports, then the frame run.
/// An object at line y is the byte y - 1 (the TMS9918A shows a sprite one line below its
/// Y byte); the table ends with Y = 208.
fn chip_frame(vdp: &mut Vdp, objects: &[Object]) {
    vdp.write_control(SAT as u8);
    vdp.write_control(0x40 | (SAT >> 8) as u8);
    for o in objects {
        vdp.write_data((o.bbox.y - 1) as u8);
        vdp.write_data(o.bbox.x as u8);
        vdp.write_data(0);
        vdp.write_data(15);
    }
    vdp.write_data(208);
    vdp.run_frame();
}

fn bench(c: &mut Criterion) {
    let objects = frame();
    let mut target = MsxTarget::new();
    let mut vdp = chip();
    chip_frame(&mut vdp, &objects);
    let mut board = target.board(&mut vdp);
    board.load(HALF_PAIRS).expect("image fits");
    let cycles = run_loaded(&mut board, ABI.code, &objects)
        .expect("half-pairs runs")
        .cycles;
    let frame = |target: &mut MsxTarget, vdp: &mut Vdp| {
        chip_frame(vdp, &objects);
        run_loaded(&mut target.board(vdp), ABI.code, black_box(&objects))
            .expect("half-pairs runs")
            .cycles
    };

    let (mut per_cpu, mut per_wall) = (0f64, 0f64);
    for _ in 0..5 {
        let (wall, cpu_clock) = (Instant::now(), ThreadTime::now());
        let mut emulated = 0;
        for _ in 0..100 {
            emulated += frame(&mut target, &mut vdp);
        }
        per_cpu = per_cpu.max(emulated as f64 / cpu_clock.elapsed().as_secs_f64());
        per_wall = per_wall.max(emulated as f64 / wall.elapsed().as_secs_f64());
    }
    println!(
        "msx chip frame + half-pairs, 32 objects: {cycles} T-states a call; {:.1} M T-states \
         per CPU second = {:.0}x the MSX's Z80 ({CLOCK_HZ} Hz); {:.1} M per wall second = \
         {:.0}x",
        per_cpu / 1e6,
        per_cpu / CLOCK_HZ as f64,
        per_wall / 1e6,
        per_wall / CLOCK_HZ as f64,
    );

    let mut group = c.benchmark_group("msx_z80");
    group.throughput(Throughput::Elements(cycles));
    group.bench_function("chip frame + half-pairs 32 objects (T-states)", |b| {
        b.iter(|| black_box(frame(&mut target, &mut vdp)));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
