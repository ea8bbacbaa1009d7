//! Speed of the core on a fixed loop: byte copy with ADD, DECB/BNE, LEA, PSHS/PULS and a
//! JSR to MUL/RTS, run for 1,000,000 emulated cycles per iteration. Criterion reports
//! the throughput in emulated cycles per second; the summary line printed first gives
//! the same as a multiple of the Vectrex's 1.5 MHz, per second of the thread's CPU time
//! (so a loaded machine does not halve the figure) and per wall second: the best of five
//! rounds of 40 runs.

use std::hint::black_box;
use std::time::Instant;

use cpu_6809::Cpu;
use cpu_time::ThreadTime;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const CYCLES: u64 = 1_000_000;
const VECTREX_HZ: f64 = 1_500_000.0;

#[rustfmt::skip]
const PROGRAM: [u8; 35] = [
    0x8E, 0x20, 0x00,       // $1000 LDX #$2000
    0x10, 0x8E, 0x30, 0x00, // $1003 LDY #$3000
    0xC6, 0x40,             // $1007 loop: LDB #$40
    0xA6, 0x80,             // $1009 inner: LDA ,X+
    0x8B, 0x03,             // $100B ADDA #3
    0xA7, 0xA0,             // $100D STA ,Y+
    0x5A,                   // $100F DECB
    0x26, 0xF7,             // $1010 BNE inner
    0x30, 0x88, 0xC0,       // $1012 LEAX -64,X
    0x31, 0xA8, 0xC0,       // $1015 LEAY -64,Y
    0x34, 0x16,             // $1018 PSHS A,B,X
    0x35, 0x16,             // $101A PULS A,B,X
    0xBD, 0x10, 0x21,       // $101C JSR $1021
    0x20, 0xE6,             // $101F BRA loop
    0x3D,                   // $1021 MUL
    0x39,                   // $1022 RTS
];

fn machine() -> (Cpu, Box<[u8; 0x10000]>) {
    let mut mem = Box::new([0u8; 0x10000]);
    mem[0x1000..0x1000 + PROGRAM.len()].copy_from_slice(&PROGRAM);
    mem[0xFFFE] = 0x10;
    let mut cpu = Cpu::new();
    cpu.reset(&mut *mem);
    cpu.s = 0x7F00;
    (cpu, mem)
}

/// Runs the loop for at least `CYCLES` cycles from where it stands.
fn run(cpu: &mut Cpu, mem: &mut [u8; 0x10000]) -> u64 {
    let mut done = 0u64;
    while done < CYCLES {
        done += u64::from(cpu.step(mem).expect("the loop is legal code"));
    }
    done
}

fn bench(c: &mut Criterion) {
    let (mut cpu, mut mem) = machine();
    // A plain timing first, for the multiple of real time: per second of this thread's
    // CPU time (what the core costs, whatever else shares the machine) and of wall time.
    // The best round is the one least disturbed by whatever shares the machine.
    let (mut per_cpu, mut per_wall) = (0f64, 0f64);
    for _ in 0..5 {
        let (wall, cpu_clock) = (Instant::now(), ThreadTime::now());
        let mut total = 0;
        for _ in 0..40 {
            total += run(&mut cpu, &mut mem);
        }
        per_cpu = per_cpu.max(total as f64 / cpu_clock.elapsed().as_secs_f64());
        per_wall = per_wall.max(total as f64 / wall.elapsed().as_secs_f64());
    }
    println!(
        "cpu-6809: {:.0} M emulated cycles per CPU second = {:.0}x the Vectrex's 1.5 MHz; \
         {:.0} M per wall second = {:.0}x",
        per_cpu / 1e6,
        per_cpu / VECTREX_HZ,
        per_wall / 1e6,
        per_wall / VECTREX_HZ,
    );

    let mut group = c.benchmark_group("cpu-6809");
    group.throughput(Throughput::Elements(CYCLES));
    group.bench_function("loop 1M cycles", |b| {
        b.iter(|| black_box(run(&mut cpu, &mut mem)));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
