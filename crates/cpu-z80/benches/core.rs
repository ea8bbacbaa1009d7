//! Throughput of the core on a fixed program over 64 KB of RAM: a loop mixing register
//! loads, 8- and 16-bit arithmetic, memory operands, a relative jump and a 16-byte LDIR.
//! Each iteration runs 1,000,000 T-states; criterion's throughput is in emulated T-states
//! per second. The line printed first gives the same as a multiple of the MSX's Z80 clock
//! (3,579,545 Hz), per second of the thread's CPU time (what the core costs, whatever
//! else shares the machine) and per wall second: the best of five rounds of 40 runs.

use std::hint::black_box;
use std::time::Instant;

use cpu_time::ThreadTime;
use cpu_z80::{Bus, Cpu};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

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
    // A plain timing first, for the multiple of real time; the best round is the one least
    // disturbed by whatever shares the machine.
    let (mut per_cpu, mut per_wall) = (0f64, 0f64);
    for _ in 0..5 {
        let (wall, cpu_clock) = (Instant::now(), ThreadTime::now());
        let mut total = 0;
        for _ in 0..40 {
            total += cpu.run(&mut ram, RUN_T_STATES, None);
        }
        per_cpu = per_cpu.max(total as f64 / cpu_clock.elapsed().as_secs_f64());
        per_wall = per_wall.max(total as f64 / wall.elapsed().as_secs_f64());
    }
    println!(
        "cpu-z80: {:.0} M T-states per CPU second = {:.0}x the MSX's Z80 ({:.2} MHz); {:.0} M \
         per wall second = {:.0}x",
        per_cpu / 1e6,
        per_cpu / CLOCK_HZ,
        CLOCK_HZ / 1e6,
        per_wall / 1e6,
        per_wall / CLOCK_HZ,
    );

    let mut group = c.benchmark_group("cpu-z80");
    group.throughput(Throughput::Elements(RUN_T_STATES));
    group.bench_function("loop 1M T-states", |b| {
        b.iter(|| black_box(cpu.run(&mut ram, black_box(RUN_T_STATES), None)));
    });
    group.finish();
}

criterion_group!(benches, run_million);
criterion_main!(benches);
