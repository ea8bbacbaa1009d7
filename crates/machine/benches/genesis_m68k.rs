//! The Genesis board's emulation speed: `half-pairs` as 68000 code on the shoot-em-up
//! frame (the first frame of `scenes/genesis/shmup.ron`: 16 Good, 32 Bad, 32 Art), one
//! whole routine call per iteration through the routine contract (object table written,
//! the call, the pair list read and checked). Criterion's throughput is in emulated 68000
//! cycles per second; the line printed first gives the same as a multiple of the Genesis
//! 68000 clock (53,693,175 / 7 Hz, about 7.67 MHz), per second of the thread's CPU time
//! (what the board costs, whatever else shares the machine) and per wall second.

use std::hint::black_box;
use std::time::Instant;

use collide::{Group, Object, PxBox};
use cpu_time::ThreadTime;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use genesis::Vdp;
use machine::genesis::target::{ABI, CLOCK_HZ, GenesisTarget, images};
use machine::routine::{Target, run_loaded};

fn shmup_frame() -> Vec<Object> {
    let mut boxes = vec![(PxBox::new(152, 200, 16, 16), Group::Good)];
    boxes.extend((0..8).map(|k| (PxBox::new(24 + 36 * k, 180, 8, 8), Group::Good)));
    boxes.extend((0..7).map(|k| (PxBox::new(24 + 36 * k, 110, 8, 8), Group::Good)));
    boxes.extend((0..22).map(|k| (PxBox::new(14 * k, 40, 16, 16), Group::Bad)));
    boxes.extend((0..10).map(|k| (PxBox::new(4 + 31 * k, 96 + 3 * k, 16, 16), Group::Bad)));
    boxes.extend((0..32).map(|k| (PxBox::new(2 + 10 * k, 7 * k, 8, 8), Group::Art)));
    boxes
        .into_iter()
        .enumerate()
        .map(|(i, (b, g))| Object::new(i as u32, b, g))
        .collect()
}

fn bench(c: &mut Criterion) {
    let objects = shmup_frame();
    let mut target = GenesisTarget::new();
    let mut vdp = Vdp::new();
    target.board(&mut vdp).load(images::HALF_PAIRS).unwrap();
    let call = |target: &mut GenesisTarget, vdp: &mut Vdp| {
        run_loaded(&mut target.board(vdp), ABI.code, &objects)
            .unwrap()
            .cycles
    };
    let per_call = call(&mut target, &mut vdp);

    // A direct measurement first, reported as a multiple of the real clock: the best of
    // five rounds of 100 calls, the one least disturbed by whatever shares the machine.
    let (mut per_cpu, mut per_wall) = (0f64, 0f64);
    for _ in 0..5 {
        let (wall, cpu_clock) = (Instant::now(), ThreadTime::now());
        let mut emulated = 0;
        for _ in 0..100 {
            emulated += call(&mut target, &mut vdp);
        }
        per_cpu = per_cpu.max(emulated as f64 / cpu_clock.elapsed().as_secs_f64());
        per_wall = per_wall.max(emulated as f64 / wall.elapsed().as_secs_f64());
    }
    println!(
        "genesis half-pairs, shoot-em-up frame: {per_call} cycles a call; {:.1} M emulated \
         cycles per CPU second = {:.1}x the Genesis 68000 ({:.2} MHz); {:.1} M per wall \
         second = {:.1}x",
        per_cpu / 1e6,
        per_cpu / CLOCK_HZ as f64,
        CLOCK_HZ as f64 / 1e6,
        per_wall / 1e6,
        per_wall / CLOCK_HZ as f64,
    );

    let mut group = c.benchmark_group("genesis_m68k");
    group.throughput(Throughput::Elements(per_call));
    group.bench_function("half_pairs_shmup_frame", |b| {
        b.iter(|| black_box(call(&mut target, &mut vdp)));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
