//! This core beside the `w65c02s` crate (a published cycle-accurate W65C02S core), the
//! same program on the same bus ([`loop_program`]), measured the same way: emulated cycles
//! per second of the thread's CPU time (what a core costs, whatever else shares the
//! machine).
//!
//! `w65c02s` has no cycle counter: it issues one bus access per cycle, dead cycles
//! included, so its bus counts the cycles (one per read or write); this core counts its
//! own and issues only the accesses that can reach I/O. Both run to the first
//! instruction boundary at or past each 1,000,000 cycles; first they are checked to be at
//! the same instruction with the same registers and memory there (the same W65C02S
//! timing), so the figures are for the same work.
//!
//! The rounds alternate the two cores (so a change in the machine's load falls on both);
//! the line printed first gives each core's best round, the ratio of the two and the
//! median of the per-round ratios. Criterion's lines after it are time per 1,000,000
//! cycles.

use std::hint::black_box;

use cpu_65c02::Cpu;
use cpu_time::ThreadTime;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use w65c02s::{System, W65C02S};

mod loop_program;
use loop_program::X16Like;

const CYCLES: u64 = 1_000_000;
/// Runs of [`CYCLES`] per round.
const RUNS: u32 = 60;
const ROUNDS: usize = 7;

/// [`X16Like`] as `w65c02s`'s bus, counting one cycle per access.
struct Theirs {
    bus: X16Like,
    cycles: u64,
}

impl System for Theirs {
    #[inline]
    fn read(&mut self, _cpu: &mut W65C02S, addr: u16) -> u8 {
        self.cycles += 1;
        self.bus.read(addr)
    }
    #[inline]
    fn write(&mut self, _cpu: &mut W65C02S, addr: u16, value: u8) {
        self.cycles += 1;
        self.bus.write(addr, value);
    }
}

fn ours() -> (Cpu, X16Like) {
    let mut cpu = Cpu::new();
    // The registers `w65c02s` starts with (all ones), then the RESET sequence.
    (cpu.a, cpu.x, cpu.y, cpu.s) = (0xFF, 0xFF, 0xFF, 0xFF);
    let mut bus = X16Like::new();
    cpu.reset(&mut bus);
    (cpu, bus)
}

fn theirs() -> (W65C02S, Theirs) {
    // Its first step is the RESET sequence (7 cycles, as `ours`).
    (
        W65C02S::new(),
        Theirs {
            bus: X16Like::new(),
            cycles: 0,
        },
    )
}

/// Runs `w65c02s` to the first instruction boundary at or past `until` cycles.
#[inline(never)]
fn run_theirs(cpu: &mut W65C02S, sys: &mut Theirs, until: u64) {
    while sys.cycles < until {
        cpu.step(sys);
    }
}

/// Runs this core to the first instruction boundary at or past `until` cycles.
#[inline(never)]
fn run_ours(cpu: &mut Cpu, bus: &mut X16Like, until: u64) {
    cpu.run(bus, until.saturating_sub(cpu.cycles), None);
}

/// Whether both cores stand at the same instruction with the same registers and RAM.
fn same(a: &Cpu, ours: &X16Like, b: &W65C02S, theirs: &Theirs) -> bool {
    (a.pc, a.a, a.x, a.y, a.s, a.p | 0x30)
        == (
            b.get_pc(),
            b.get_a(),
            b.get_x(),
            b.get_y(),
            b.get_s(),
            b.get_p() | 0x30,
        )
        && a.cycles == theirs.cycles
        && ours.ram[..] == theirs.bus.ram[..]
}

/// CPU seconds `f` takes.
fn timed(f: impl FnOnce()) -> f64 {
    let clock = ThreadTime::now();
    f();
    clock.elapsed().as_secs_f64()
}

fn bench(c: &mut Criterion) {
    let (mut a, mut ours) = ours();
    let (mut b, mut theirs) = theirs();
    for k in 1..=20 {
        run_ours(&mut a, &mut ours, k * CYCLES);
        run_theirs(&mut b, &mut theirs, k * CYCLES);
        assert!(
            same(&a, &ours, &b, &theirs),
            "the cores part at {} cycles: ${:04X} vs ${:04X}",
            k * CYCLES,
            a.pc,
            b.get_pc()
        );
    }

    let work = f64::from(RUNS) * CYCLES as f64;
    let (mut best_ours, mut best_theirs) = (f64::MAX, f64::MAX);
    let mut ratios = Vec::with_capacity(ROUNDS);
    for _ in 0..ROUNDS {
        let t_ours = timed(|| {
            for _ in 0..RUNS {
                let until = a.cycles + CYCLES;
                run_ours(&mut a, &mut ours, until);
            }
        });
        let t_theirs = timed(|| {
            for _ in 0..RUNS {
                let until = theirs.cycles + CYCLES;
                run_theirs(&mut b, &mut theirs, until);
            }
        });
        best_ours = best_ours.min(t_ours);
        best_theirs = best_theirs.min(t_theirs);
        ratios.push(t_theirs / t_ours);
    }
    ratios.sort_by(f64::total_cmp);
    println!(
        "cpu-65c02 {:.0} M cycles per CPU second, w65c02s {:.0} M: {:.2}x (best rounds); \
         median of {ROUNDS} alternating rounds {:.2}x",
        work / best_ours / 1e6,
        work / best_theirs / 1e6,
        best_theirs / best_ours,
        ratios[ROUNDS / 2],
    );

    let mut group = c.benchmark_group("beside_w65c02s");
    group.throughput(Throughput::Elements(CYCLES));
    group.bench_function("cpu_65c02_1M_cycles", |bench| {
        bench.iter(|| {
            let until = a.cycles + CYCLES;
            run_ours(&mut a, black_box(&mut ours), until);
        });
    });
    group.bench_function("w65c02s_1M_cycles", |bench| {
        bench.iter(|| {
            let until = theirs.cycles + CYCLES;
            run_theirs(&mut b, black_box(&mut theirs), until);
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
