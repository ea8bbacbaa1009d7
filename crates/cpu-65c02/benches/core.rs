//! Emulated cycles per second of the core on a fixed loop program, as a multiple of the
//! Commander X16's 8 MHz.
//!
//! The program and bus are [`loop_program`]'s (also run by `beside_w65c02s`). Each
//! iteration runs 1,000,000 cycles;
//! criterion's throughput line ("elem/s") is emulated cycles per second. The line printed
//! first gives the same as a multiple of 8 MHz, per second of the thread's CPU time (what
//! the core costs, whatever else shares the machine) and per wall second: the best of five
//! rounds of 100 runs.

use std::hint::black_box;
use std::time::Instant;

use cpu_65c02::{Boundary, Bus, Cpu};
use cpu_time::ThreadTime;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

mod loop_program;
use loop_program::{PROGRAM, START, X16Like};

const CYCLES: u64 = 1_000_000;
const X16_HZ: f64 = 8_000_000.0;

fn machine() -> (Cpu, X16Like) {
    let mut cpu = Cpu::new();
    cpu.pc = START;
    (cpu, X16Like::new())
}

fn bench(c: &mut Criterion) {
    let (mut cpu, mut bus) = machine();
    // Sanity: the loop stays in the loop.
    cpu.run(&mut bus, CYCLES, None);
    assert!((0x0808..0x0800 + PROGRAM.len() as u16).contains(&cpu.pc));

    let (mut per_cpu, mut per_wall) = (0f64, 0f64);
    for _ in 0..5 {
        let (wall, cpu_clock) = (Instant::now(), ThreadTime::now());
        let mut total = 0;
        for _ in 0..100 {
            total += cpu.run(&mut bus, CYCLES, None);
        }
        per_cpu = per_cpu.max(total as f64 / cpu_clock.elapsed().as_secs_f64());
        per_wall = per_wall.max(total as f64 / wall.elapsed().as_secs_f64());
    }
    println!(
        "cpu-65c02: {:.0} M emulated cycles per CPU second = {:.1}x the X16's 8 MHz; {:.0} M \
         per wall second = {:.1}x",
        per_cpu / 1e6,
        per_cpu / X16_HZ,
        per_wall / 1e6,
        per_wall / X16_HZ,
    );

    let mut group = c.benchmark_group("cpu-65c02");
    group.throughput(Throughput::Elements(CYCLES));
    group.bench_function("loop_1M_cycles", |b| {
        b.iter(|| black_box(cpu.run(black_box(&mut bus), CYCLES, None)));
    });
    // The same loop in bursts as a board runs it: a cycle end, and each backward branch
    // ending the burst (the board looks at loop heads), resumed at once.
    group.bench_function("loop_1M_cycles_in_bursts", |b| {
        b.iter(|| {
            let end = cpu.cycles + CYCLES;
            let mut ran = 0;
            while cpu.cycles < end {
                let mut burst = Burst {
                    end,
                    last_pc: cpu.pc,
                };
                ran += cpu.run_to(black_box(&mut bus), &mut burst);
            }
            black_box(ran)
        });
    });
    group.finish();
}

/// Ends a burst at a cycle or at a backward branch.
struct Burst {
    end: u64,
    last_pc: u16,
}

impl<B: Bus> Boundary<B> for Burst {
    #[inline(always)]
    fn reached(&mut self, pc: u16, _s: u8, cycles: u64, _bus: &mut B) -> bool {
        if cycles >= self.end || pc < self.last_pc {
            return true;
        }
        self.last_pc = pc;
        false
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
