//! Throughput of the core on a fixed program over 64 KB of RAM: a loop mixing register
//! loads, 8- and 16-bit arithmetic, memory operands, a relative jump and a 16-byte LDIR.

use cpu_z80::{Bus, Cpu};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

/// The NTSC MSX / ColecoVision CPU clock, the speed the core is compared with.
const CLOCK_HZ: f64 = 3_579_545.0;
const RUN_T_STATES: u64 = 1_000_000;

struct Ram(Box<[u8; 0x10000]>);

impl Bus for Ram {
    fn read(&mut self, addr: u16) -> u8 {
        self.0[usize::from(addr)]
    }
    fn write(&mut self, addr: u16, value: u8) {
        self.0[usize::from(addr)] = value;
    }
    fn input(&mut self, _port: u16, _t: u64) -> u8 {
        0xFF
    }
    fn output(&mut self, _port: u16, _value: u8, _t: u64) {}
}

#[rustfmt::skip]
const PROGRAM: &[u8] = &[
    0x31, 0x00, 0xF0,       // 0000 LD SP,F000
    0x21, 0x00, 0x80,       // 0003 LD HL,8000
    0x06, 0x10,             // 0006 LD B,16
    0x7E,                   // 0008 loop: LD A,(HL)
    0x80,                   // 0009 ADD A,B
    0x77,                   // 000A LD (HL),A
    0x23,                   // 000B INC HL
    0x4F,                   // 000C LD C,A
    0xCB, 0x39,             // 000D SRL C
    0xA9,                   // 000F XOR C
    0x19,                   // 0010 ADD HL,DE
    0xE5,                   // 0011 PUSH HL
    0xE1,                   // 0012 POP HL
    0xDD, 0x7E, 0x02,       // 0013 LD A,(IX+2)
    0x10, 0xF1,             // 0016 DJNZ loop
    0x21, 0x00, 0x80,       // 0018 LD HL,8000
    0x11, 0x00, 0x90,       // 001B LD DE,9000
    0x01, 0x10, 0x00,       // 001E LD BC,0010
    0xED, 0xB0,             // 0021 LDIR
    0x18, 0xDB,             // 0023 JR 0000
];

fn machine() -> (Cpu, Ram) {
    let mut ram = Ram(Box::new([0; 0x10000]));
    ram.0[..PROGRAM.len()].copy_from_slice(PROGRAM);
    let mut cpu = Cpu::new();
    cpu.ix = 0x8100;
    cpu.set_de(0x0001);
    (cpu, ram)
}

fn run_million(c: &mut Criterion) {
    let (mut cpu, mut ram) = machine();
    c.bench_function("z80 1M T-states", |b| {
        b.iter(|| black_box(cpu.run(&mut ram, black_box(RUN_T_STATES), None)));
    });
    // A plain timing outside criterion, to state the speed as a multiple of real time.
    let (mut cpu, mut ram) = machine();
    let start = std::time::Instant::now();
    let mut total = 0;
    for _ in 0..200 {
        total += cpu.run(&mut ram, RUN_T_STATES, None);
    }
    let secs = start.elapsed().as_secs_f64();
    let rate = total as f64 / secs;
    println!(
        "z80: {:.0} M T-states/s = {:.0}x a {CLOCK_HZ} Hz Z80",
        rate / 1e6,
        rate / CLOCK_HZ
    );
}

criterion_group!(benches, run_million);
criterion_main!(benches);
