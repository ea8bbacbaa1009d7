//! This core beside the `z80` crate (2.0.0, a port of jgz80, which passes ZEXDOC and
//! ZEXALL): the same program on the same bus, 64 KB of RAM read and written through each
//! core's memory trait (no wait states, ports read #FF), timed by the thread's CPU time.
//!
//! The program sets its registers itself (the `z80` crate's register pairs are not
//! public), then loops over a mix of register loads, 8- and 16-bit arithmetic, memory
//! operands, a CB rotate, an indexed load, PUSH/POP, DJNZ, a 16-byte LDIR and a relative
//! jump. Both cores run instruction by instruction until at least 1,000,000 T-states have
//! passed; the line printed first gives each one's T-states per CPU second (the best of
//! five rounds of 40 runs) and this core's speed as a multiple of the other's. Criterion's
//! lines are the time of one such run on each.

use std::hint::black_box;

use cpu_time::ThreadTime;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const RUN_T_STATES: u64 = 1_000_000;

#[rustfmt::skip]
const PROGRAM: &[u8] = &[
    0xDD, 0x21, 0x00, 0x81, // 0000 LD IX,8100
    0x11, 0x01, 0x00,       // 0004 LD DE,0001
    0x31, 0x00, 0xF0,       // 0007 start: LD SP,F000
    0x21, 0x00, 0x80,       // 000A LD HL,8000
    0x06, 0x10,             // 000D LD B,16
    0x7E,                   // 000F loop: LD A,(HL)
    0x80,                   // 0010 ADD A,B
    0x77,                   // 0011 LD (HL),A
    0x23,                   // 0012 INC HL
    0x4F,                   // 0013 LD C,A
    0xCB, 0x39,             // 0014 SRL C
    0xA9,                   // 0016 XOR C
    0x19,                   // 0017 ADD HL,DE
    0xE5,                   // 0018 PUSH HL
    0xE1,                   // 0019 POP HL
    0xDD, 0x7E, 0x02,       // 001A LD A,(IX+2)
    0x10, 0xF0,             // 001D DJNZ loop
    0xD5,                   // 001F PUSH DE
    0x21, 0x00, 0x80,       // 0020 LD HL,8000
    0x11, 0x00, 0x90,       // 0023 LD DE,9000
    0x01, 0x10, 0x00,       // 0026 LD BC,0010
    0xED, 0xB0,             // 0029 LDIR
    0xD1,                   // 002B POP DE
    0x18, 0xD9,             // 002C JR start
];

fn ram() -> Box<[u8; 0x10000]> {
    let mut ram = Box::new([0u8; 0x10000]);
    ram[..PROGRAM.len()].copy_from_slice(PROGRAM);
    ram
}

/// This crate's core on its bus.
mod ours {
    pub struct Ram(pub Box<[u8; 0x10000]>);

    impl cpu_z80::Bus for Ram {
        #[inline]
        fn read(&mut self, addr: u16) -> u8 {
            self.0[usize::from(addr)]
        }
        #[inline]
        fn write(&mut self, addr: u16, value: u8) {
            self.0[usize::from(addr)] = value;
        }
        fn input(&mut self, _port: u16, _t: u64) -> u8 {
            0xFF
        }
        fn output(&mut self, _port: u16, _value: u8, _t: u64) {}
    }

    /// Steps until at least `t_states` have passed; the T-states run.
    pub fn run(cpu: &mut cpu_z80::Cpu, ram: &mut Ram, t_states: u64) -> u64 {
        let mut done = 0;
        while done < t_states {
            done += u64::from(cpu.step(ram));
        }
        done
    }
}

/// The `z80` crate's core on the same bus.
mod theirs {
    pub struct Ram(pub Box<[u8; 0x10000]>);

    impl z80::Z80_io for Ram {
        #[inline]
        fn read_byte(&self, addr: u16) -> u8 {
            self.0[usize::from(addr)]
        }
        #[inline]
        fn write_byte(&mut self, addr: u16, value: u8) {
            self.0[usize::from(addr)] = value;
        }
    }

    pub fn run(cpu: &mut z80::Z80, ram: &mut Ram, t_states: u64) -> u64 {
        let mut done = 0;
        while done < t_states {
            done += u64::from(cpu.step(ram));
        }
        done
    }
}

/// The best T-states per CPU second over five rounds of 40 runs of `run`.
fn rate(mut run: impl FnMut() -> u64) -> f64 {
    let mut best = 0f64;
    for _ in 0..5 {
        let clock = ThreadTime::now();
        let total: u64 = (0..40).map(|_| run()).sum();
        best = best.max(total as f64 / clock.elapsed().as_secs_f64());
    }
    best
}

fn side_by_side(c: &mut Criterion) {
    let (mut cpu, mut bus) = (cpu_z80::Cpu::new(), ours::Ram(ram()));
    let mut z = z80::Z80::new();
    z.init();
    let mut zbus = theirs::Ram(ram());

    // Both cores agree on the program's T-states: the comparison is of equal work.
    let (mut a, mut b) = (cpu_z80::Cpu::new(), ours::Ram(ram()));
    let (mut y, mut w) = (z80::Z80::new(), theirs::Ram(ram()));
    y.init();
    let ours_t: u64 = (0..10_000).map(|_| u64::from(a.step(&mut b))).sum();
    let theirs_t: u64 = (0..10_000).map(|_| u64::from(y.step(&mut w))).sum();
    assert_eq!(
        ours_t, theirs_t,
        "the two cores disagree on the program's T-states"
    );
    assert_eq!(b.0[..], w.0[..], "the two cores disagree on memory");

    let ours_rate = rate(|| ours::run(&mut cpu, &mut bus, RUN_T_STATES));
    let theirs_rate = rate(|| theirs::run(&mut z, &mut zbus, RUN_T_STATES));
    println!(
        "z80 side by side: cpu-z80 {:.0} M T-states per CPU second, z80 2.0.0 {:.0} M: \
         cpu-z80 runs at {:.2}x",
        ours_rate / 1e6,
        theirs_rate / 1e6,
        ours_rate / theirs_rate,
    );

    let mut group = c.benchmark_group("z80 side by side");
    group.throughput(Throughput::Elements(RUN_T_STATES));
    group.bench_function("cpu-z80 1M T-states", |bench| {
        bench.iter(|| black_box(ours::run(&mut cpu, &mut bus, black_box(RUN_T_STATES))));
    });
    group.bench_function("z80 2.0.0 1M T-states", |bench| {
        bench.iter(|| black_box(theirs::run(&mut z, &mut zbus, black_box(RUN_T_STATES))));
    });
    group.finish();
}

criterion_group!(benches, side_by_side);
criterion_main!(benches);
