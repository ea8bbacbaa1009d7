//! Seed 004's chain (`roms/vera/code/chain.bin`) on the X16 board, on frames of the rings
//! (128 sprites of 16x16 on eight rings, the ISR from the VERA's own frame): emulated
//! 65C02 cycles per second, as a multiple of the X16's 8 MHz. Each iteration is one call
//! of the routine through the harness (object table written, pair list read and checked),
//! so the figure includes the board's I/O decoding and the VERA's registers.
//!
//! A direct measurement over two seconds is printed first (wall clock and, on Linux, the
//! thread's CPU time, which a loaded machine does not inflate); criterion's throughput
//! line ("elem/s") is emulated cycles per second.

#[path = "../tests/x16_common/mod.rs"]
mod x16_common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use machine::routine::{Target, run_loaded};
use machine::x16::target::{ABI, CLOCK_HZ, X16Target};
use vera::Quirks;
use x16_common::{CHAIN, new_vera, render, rings_frame};

/// The rings frame used: all four quadrant bits in the ISR, every sprite kept (the chain's
/// most expensive kind of frame).
const FRAME: u32 = 546;

fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

fn bench(c: &mut Criterion) {
    let mut vera = new_vera(Quirks::Hardware);
    let (sprites, objects) = rings_frame(FRAME);
    render(&mut vera, &sprites);
    let mut target = X16Target::new();
    target.board(&mut vera).load(CHAIN).unwrap();
    let once = run_loaded(&mut target.board(&mut vera), ABI.code, &objects).unwrap();
    let cycles = once.cycles;
    eprintln!(
        "x16 chain, rings frame {FRAME}: {cycles} cycles, {} pairs, ISR {:#04x}",
        once.pairs.len(),
        vera.isr()
    );

    let start = Instant::now();
    let cpu_start = thread_cpu_ns();
    let mut total = 0u64;
    while start.elapsed() < Duration::from_secs(2) {
        let out = run_loaded(&mut target.board(&mut vera), ABI.code, &objects).unwrap();
        total += out.cycles;
    }
    let wall = start.elapsed().as_secs_f64();
    let per_second = total as f64 / wall;
    let clock = CLOCK_HZ as f64;
    eprintln!(
        "x16 chain: wall clock {:.0} M emulated cycles/s = {:.1}x real time of 8 MHz",
        per_second / 1e6,
        per_second / clock
    );
    if let (Some(a), Some(b)) = (cpu_start, thread_cpu_ns()) {
        let per_cpu_second = total as f64 / ((b - a) as f64 / 1e9);
        eprintln!(
            "x16 chain: thread CPU time {:.0} M emulated cycles/s = {:.1}x real time of 8 MHz",
            per_cpu_second / 1e6,
            per_cpu_second / clock
        );
    }

    let mut group = c.benchmark_group("x16-65c02");
    group.throughput(Throughput::Elements(cycles));
    group.bench_function("chain_rings_128", |b| {
        b.iter(|| {
            let mut board = target.board(&mut vera);
            black_box(run_loaded(&mut board, ABI.code, black_box(&objects)).unwrap())
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
