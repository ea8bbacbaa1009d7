//! Emulated cycles per second of the core on a fixed loop program, as a multiple of the
//! Commander X16's 8 MHz.
//!
//! The program is a collision-check-shaped loop: for each of 64 entries it loads two
//! coordinates through abs,Y and (zp),Y, subtracts, compares against a size, branches,
//! updates a counter in zero page with INC, and walks the table with INY/CPY/BNE; an
//! outer loop repeats forever with BRA. The bus is 64 KiB of RAM with an I/O page test
//! at `$9F00` as an X16 memory map would have. Each iteration runs 1,000,000 cycles;
//! criterion's throughput line ("elem/s") is emulated cycles per second. The line printed
//! first gives the same as a multiple of 8 MHz, per second of the thread's CPU time (what
//! the core costs, whatever else shares the machine) and per wall second: the best of five
//! rounds of 100 runs.

use std::hint::black_box;
use std::time::Instant;

use cpu_65c02::{Bus, Cpu};
use cpu_time::ThreadTime;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const CYCLES: u64 = 1_000_000;
const X16_HZ: f64 = 8_000_000.0;

struct X16Like {
    ram: Box<[u8; 0x10000]>,
    io_reads: u32,
}

impl Bus for X16Like {
    #[inline]
    fn read(&mut self, addr: u16) -> u8 {
        if addr & 0xFF00 == 0x9F00 {
            self.io_reads = self.io_reads.wrapping_add(1);
            return 0;
        }
        self.ram[usize::from(addr)]
    }
    #[inline]
    fn write(&mut self, addr: u16, value: u8) {
        if addr & 0xFF00 != 0x9F00 {
            self.ram[usize::from(addr)] = value;
        }
    }
}

#[rustfmt::skip]
const PROGRAM: &[u8] = &[
    // $0800 start:
    0xA9, 0x00,             // LDA #$00
    0x85, 0x10,             // STA $10      ; pointer lo -> $2000
    0xA9, 0x20,             // LDA #$20
    0x85, 0x11,             // STA $11
    // $0808 outer:
    0xA0, 0x00,             // LDY #0
    // $080A inner:
    0xB9, 0x00, 0x30,       // LDA $3000,Y
    0x38,                   // SEC
    0xF1, 0x10,             // SBC ($10),Y
    0xB0, 0x02,             // BCS +2
    0x49, 0xFF,             // EOR #$FF
    0xC9, 0x10,             // CMP #$10
    0xB0, 0x02,             // BCS +2
    0xE6, 0x20,             // INC $20      ; hits
    0x99, 0x00, 0x40,       // STA $4000,Y
    0xC8,                   // INY
    0xC0, 0x40,             // CPY #64
    0xD0, 0xE8,             // BNE inner
    0x80, 0xE4,             // BRA outer
];

fn machine() -> (Cpu, X16Like) {
    let mut ram = Box::new([0u8; 0x10000]);
    ram[0x0800..0x0800 + PROGRAM.len()].copy_from_slice(PROGRAM);
    for i in 0..64 {
        ram[0x2000 + i] = (i * 7) as u8;
        ram[0x3000 + i] = (i * 13) as u8;
    }
    let mut cpu = Cpu::new();
    cpu.pc = 0x0800;
    (cpu, X16Like { ram, io_reads: 0 })
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
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
