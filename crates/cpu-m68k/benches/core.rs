//! Emulation speed: a loop of MOVE, ADD, CMP, Bcc and DBRA over RAM, run for 1,000,000
//! 68000 clock cycles per iteration. Criterion's throughput is in emulated cycles per
//! second; the line printed first gives the same as a multiple of the Genesis 68000
//! clock (53,693,175 / 7 Hz ≈ 7.67 MHz).

use std::hint::black_box;
use std::time::Instant;

use cpu_m68k::{Bus, Cpu};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// The Genesis 68000 clock, in Hz.
const GENESIS_HZ: f64 = 53_693_175.0 / 7.0;
const CYCLES: u64 = 1_000_000;

struct Ram(Vec<u8>);

impl Bus for Ram {
    #[inline]
    fn read_byte(&mut self, addr: u32) -> u8 {
        self.0[(addr & 0xFFFF) as usize]
    }
    #[inline]
    fn read_word(&mut self, addr: u32) -> u16 {
        let a = (addr & 0xFFFE) as usize;
        u16::from_be_bytes([self.0[a], self.0[a + 1]])
    }
    #[inline]
    fn write_byte(&mut self, addr: u32, value: u8) {
        self.0[(addr & 0xFFFF) as usize] = value;
    }
    #[inline]
    fn write_word(&mut self, addr: u32, value: u16) {
        let a = (addr & 0xFFFE) as usize;
        self.0[a..a + 2].copy_from_slice(&value.to_be_bytes());
    }
}

/// The loop, at $1000 (reset vectors: SSP $8000, PC $1000).
const PROGRAM: [u16; 16] = [
    0x303C, 0x00FF, // MOVE.W #255,D0
    0x41F8, 0x6000, // LEA $6000.W,A0
    0x43F8, 0x7000, // LEA $7000.W,A1
    0x3218, // loop: MOVE.W (A0)+,D1
    0xD441, // ADD.W D1,D2
    0x32C2, // MOVE.W D2,(A1)+
    0xB27C, 0x1234, // CMP.W #$1234,D1
    0x6602, // BNE.S skip
    0x5243, // ADDQ.W #1,D3
    0x51C8, 0xFFF0, // skip: DBRA D0,loop
    0x60E0, // BRA.S $1000
];

fn machine() -> (Cpu, Ram) {
    let mut ram = Ram(vec![0; 0x1_0000]);
    ram.0[0..8].copy_from_slice(&[0, 0, 0x80, 0, 0, 0, 0x10, 0]);
    for (i, w) in PROGRAM.iter().enumerate() {
        ram.write_word(0x1000 + 2 * i as u32, *w);
    }
    for i in 0..0x100u32 {
        ram.write_word(0x6000 + 2 * i, (i * 0x1111) as u16);
    }
    let mut cpu = Cpu::new();
    cpu.reset(&mut ram);
    (cpu, ram)
}

/// Runs at least `cycles` clock cycles; returns how many ran.
fn run(cpu: &mut Cpu, ram: &mut Ram, cycles: u64) -> u64 {
    let end = cpu.cycles() + cycles;
    while cpu.cycles() < end {
        cpu.step(ram);
    }
    cpu.cycles()
}

fn bench(c: &mut Criterion) {
    // A direct measurement first, reported as a multiple of the real clock.
    let (mut cpu, mut ram) = machine();
    run(&mut cpu, &mut ram, CYCLES);
    let start = Instant::now();
    let before = cpu.cycles();
    let after = run(&mut cpu, &mut ram, 20 * CYCLES);
    let seconds = start.elapsed().as_secs_f64();
    assert!(cpu.last_exception().is_none() && !cpu.is_halted());
    let rate = (after - before) as f64 / seconds;
    println!(
        "cpu-m68k loop: {:.1} M emulated cycles/s = {:.1} x the Genesis 68000 (7.67 MHz)",
        rate / 1e6,
        rate / GENESIS_HZ
    );

    let mut group = c.benchmark_group("m68000");
    group.throughput(Throughput::Elements(CYCLES));
    group.bench_function("loop_1m_cycles", |b| {
        let (mut cpu, mut ram) = machine();
        b.iter(|| black_box(run(&mut cpu, &mut ram, CYCLES)));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
