//! Emulation speed of the project's 68000 beside the `m68k` crate 0.15.1 (the core it
//! replaced, run the way the old wrapper ran it: precise single steps as an MC68000 in
//! its SingleStepTests mode), on the same workload: a loop of MOVE, ADD, CMP, Bcc and
//! DBRA over RAM, with a JSR to a subroutine that saves and restores registers with
//! MOVEM, multiplies (MULU, MULS) and shifts. Each iteration runs 1,000,000 68000 clock
//! cycles. Criterion's throughput is in emulated cycles per second; the summary printed
//! first gives both cores as multiples of the Genesis 68000 clock (53,693,175 / 7 Hz, about
//! 7.67 MHz) per second of the thread's CPU time and per wall second, and their ratio
//! (the best of eight rounds of 10,000,000 cycles each, the cores taking turns).

use std::hint::black_box;
use std::time::Instant;

use cpu_m68k::{Bus, Cpu};
use cpu_time::ThreadTime;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use m68k::{AddressBus, CpuCore, CpuType, NoOpHleHandler, StepResult};

/// The Genesis 68000 clock, in Hz.
const GENESIS_HZ: f64 = 53_693_175.0 / 7.0;
const CYCLES: u64 = 1_000_000;

/// 64 KiB of RAM mirrored over the bus.
struct Ram(Vec<u8>);

impl Ram {
    fn word(&self, addr: u32) -> u16 {
        let a = (addr & 0xFFFE) as usize;
        u16::from_be_bytes([self.0[a], self.0[a + 1]])
    }
    fn put_word(&mut self, addr: u32, value: u16) {
        let a = (addr & 0xFFFE) as usize;
        self.0[a..a + 2].copy_from_slice(&value.to_be_bytes());
    }
}

impl Bus for Ram {
    #[inline]
    fn read_byte(&mut self, addr: u32) -> u8 {
        self.0[(addr & 0xFFFF) as usize]
    }
    #[inline]
    fn read_word(&mut self, addr: u32) -> u16 {
        self.word(addr)
    }
    #[inline]
    fn write_byte(&mut self, addr: u32, value: u8) {
        self.0[(addr & 0xFFFF) as usize] = value;
    }
    #[inline]
    fn write_word(&mut self, addr: u32, value: u16) {
        self.put_word(addr, value);
    }
}

impl AddressBus for Ram {
    #[inline]
    fn read_byte(&mut self, address: u32) -> u8 {
        self.0[(address & 0xFFFF) as usize]
    }
    #[inline]
    fn read_word(&mut self, address: u32) -> u16 {
        self.word(address)
    }
    #[inline]
    fn read_long(&mut self, address: u32) -> u32 {
        u32::from(self.word(address)) << 16 | u32::from(self.word(address.wrapping_add(2)))
    }
    #[inline]
    fn write_byte(&mut self, address: u32, value: u8) {
        self.0[(address & 0xFFFF) as usize] = value;
    }
    #[inline]
    fn write_word(&mut self, address: u32, value: u16) {
        self.put_word(address, value);
    }
    #[inline]
    fn write_long(&mut self, address: u32, value: u32) {
        self.put_word(address, (value >> 16) as u16);
        self.put_word(address.wrapping_add(2), value as u16);
    }
}

/// The workload, at $1000 (reset vectors: SSP $8000, PC $1000).
#[rustfmt::skip]
const PROGRAM: [u16; 31] = [
    0x303C, 0x00FF, // $1000 MOVE.W #255,D0
    0x41F8, 0x6000, // $1004 LEA $6000.W,A0
    0x43F8, 0x7000, // $1008 LEA $7000.W,A1
    0x3218,         // $100C loop: MOVE.W (A0)+,D1
    0xD441,         // $100E ADD.W D1,D2
    0x32C2,         // $1010 MOVE.W D2,(A1)+
    0xB27C, 0x1234, // $1012 CMP.W #$1234,D1
    0x6602,         // $1016 BNE.S skip
    0x5243,         // $1018 ADDQ.W #1,D3
    0x0801, 0x0003, // $101A skip: BTST #3,D1
    0x6704,         // $101E BEQ.S next
    0x4EB8, 0x102E, // $1020 JSR sub.W
    0x51C8, 0xFFE6, // $1024 next: DBRA D0,loop
    0x60D6,         // $1028 BRA.S $1000
    0x4E71, 0x4E71, // $102A NOP; NOP
    0x48E7, 0xF000, // $102E sub: MOVEM.L D0-D3,-(A7)
    0xC2C2,         // $1032 MULU.W D2,D1
    0xC5C1,         // $1034 MULS.W D1,D2
    0xE589,         // $1036 LSL.L #2,D1
    0x4CDF, 0x000F, // $1038 MOVEM.L (A7)+,D0-D3
    0x4E75,         // $103C RTS
];

fn ram() -> Ram {
    let mut ram = Ram(vec![0; 0x1_0000]);
    ram.0[0..8].copy_from_slice(&[0, 0, 0x80, 0, 0, 0, 0x10, 0]);
    for (i, w) in PROGRAM.iter().enumerate() {
        ram.put_word(0x1000 + 2 * i as u32, *w);
    }
    for i in 0..0x100u32 {
        ram.put_word(0x6000 + 2 * i, (i * 0x1111) as u16);
    }
    ram
}

/// One core on the workload.
trait Core68k {
    /// Runs at least `cycles` clock cycles; returns how many ran.
    fn run(&mut self, ram: &mut Ram, cycles: u64) -> u64;
    fn d(&self, n: usize) -> u32;
}

impl Core68k for Cpu {
    fn run(&mut self, ram: &mut Ram, cycles: u64) -> u64 {
        let mut done = 0;
        while done < cycles {
            done += u64::from(self.step(ram));
        }
        done
    }
    fn d(&self, n: usize) -> u32 {
        Cpu::d(self, n)
    }
}

/// The `m68k` crate 0.15.1 as the replaced wrapper ran it.
struct Old(CpuCore);

impl Old {
    fn new(ram: &mut Ram) -> Self {
        let mut core = CpuCore::new();
        core.set_cpu_type(CpuType::M68000);
        core.set_sst_m68000_compat(true);
        core.set_sr(0x2700);
        core.reset(ram);
        Self(core)
    }
}

impl Core68k for Old {
    fn run(&mut self, ram: &mut Ram, cycles: u64) -> u64 {
        let mut done = 0;
        while done < cycles {
            match self.0.step_with_hle_handler(ram, &mut NoOpHleHandler) {
                StepResult::Ok { cycles } => done += cycles as u64,
                other => panic!("the workload is legal code: {other:?}"),
            }
        }
        done
    }
    fn d(&self, n: usize) -> u32 {
        self.0.d(n)
    }
}

fn new_cpu() -> (Cpu, Ram) {
    let mut ram = ram();
    let mut cpu = Cpu::new();
    cpu.reset(&mut ram);
    (cpu, ram)
}

fn old_cpu() -> (Old, Ram) {
    let mut ram = ram();
    let cpu = Old::new(&mut ram);
    (cpu, ram)
}

/// Emulated cycles per second of thread CPU time and of wall time over `CYCLES * 10`.
fn rate(core: &mut impl Core68k, ram: &mut Ram) -> (f64, f64) {
    let (wall, cpu_clock) = (Instant::now(), ThreadTime::now());
    let done = core.run(ram, 10 * CYCLES);
    let per_cpu = done as f64 / cpu_clock.elapsed().as_secs_f64();
    let per_wall = done as f64 / wall.elapsed().as_secs_f64();
    (per_cpu, per_wall)
}

/// The best of `ROUNDS` rounds of each core, run in turn, so that a busy machine slows
/// both alike and the best round of each is the one least disturbed.
const ROUNDS: usize = 8;

fn bench(c: &mut Criterion) {
    // Both cores run the same instructions: after the same number of instruction
    // cycles (one whole pass of the loop and more) the registers agree.
    let (mut new, mut new_ram) = new_cpu();
    let (mut old, mut old_ram) = old_cpu();
    new.run(&mut new_ram, 3 * CYCLES);
    old.run(&mut old_ram, 3 * CYCLES);
    for n in 0..8 {
        assert_eq!(new.d(n), old.d(n), "D{n} after the same cycles");
    }

    let (mut new_cpu_rate, mut new_wall_rate, mut old_cpu_rate, mut old_wall_rate) =
        (0f64, 0f64, 0f64, 0f64);
    for _ in 0..ROUNDS {
        let (per_cpu, per_wall) = rate(&mut new, &mut new_ram);
        new_cpu_rate = new_cpu_rate.max(per_cpu);
        new_wall_rate = new_wall_rate.max(per_wall);
        let (per_cpu, per_wall) = rate(&mut old, &mut old_ram);
        old_cpu_rate = old_cpu_rate.max(per_cpu);
        old_wall_rate = old_wall_rate.max(per_wall);
    }
    for (name, per_cpu, per_wall) in [
        ("cpu-m68k", new_cpu_rate, new_wall_rate),
        ("m68k 0.15.1", old_cpu_rate, old_wall_rate),
    ] {
        println!(
            "{name:<12} {:>6.1} M emulated cycles per CPU second = {:>5.1}x the Genesis 68000 \
             (7.67 MHz); {:>6.1} M per wall second = {:>5.1}x",
            per_cpu / 1e6,
            per_cpu / GENESIS_HZ,
            per_wall / 1e6,
            per_wall / GENESIS_HZ,
        );
    }
    println!(
        "cpu-m68k / m68k 0.15.1: {:.2}x by CPU time, {:.2}x by wall time",
        new_cpu_rate / old_cpu_rate,
        new_wall_rate / old_wall_rate
    );

    let mut group = c.benchmark_group("m68000");
    group.throughput(Throughput::Elements(CYCLES));
    group.bench_function("cpu-m68k loop_1m_cycles", |b| {
        b.iter(|| black_box(new.run(&mut new_ram, CYCLES)));
    });
    group.bench_function("m68k-0.15.1 loop_1m_cycles", |b| {
        b.iter(|| black_box(old.run(&mut old_ram, CYCLES)));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
