//! The Z80 on the MSX board running `half-pairs` on a frame of 32 objects: emulated
//! T-states per second, as a multiple of the MSX's 3,579,545 Hz.
//!
//! Criterion's throughput line gives T-states per second ("elem/s"); the line printed
//! before it gives the same as a multiple of real time.

use std::hint::black_box;
use std::time::Instant;

use collide::rng::SplitMix64;
use collide::{Group, Object, PxBox};
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

fn bench(c: &mut Criterion) {
    let objects = frame();
    let mut target = MsxTarget::new();
    let mut vdp = Vdp::new();
    let mut board = target.board(&mut vdp);
    board.load(HALF_PAIRS).expect("image fits");
    let cycles = run_loaded(&mut board, ABI.code, &objects)
        .expect("half-pairs runs")
        .cycles;

    let runs = 200;
    let start = Instant::now();
    for _ in 0..runs {
        black_box(run_loaded(&mut board, ABI.code, black_box(&objects)).expect("runs"));
    }
    let per_second = (cycles * runs) as f64 / start.elapsed().as_secs_f64();
    println!(
        "half-pairs, 32 objects: {cycles} T-states per call; {:.1} M T-states/s = {:.0} x the \
         MSX's {CLOCK_HZ} Hz",
        per_second / 1e6,
        per_second / CLOCK_HZ as f64
    );

    let mut group = c.benchmark_group("msx_z80");
    group.throughput(Throughput::Elements(cycles));
    group.bench_function("half-pairs 32 objects (T-states)", |b| {
        b.iter(|| run_loaded(&mut board, ABI.code, black_box(&objects)).expect("runs"));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
