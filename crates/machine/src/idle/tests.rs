//! The detector on a bare Z80 with 64 KB of RAM: a wait loop is confirmed after one
//! recorded iteration and fast-forwarded to the same state stepping reaches, also one
//! that calls a subroutine (its pushes write what is there); a loop that counts, or one
//! that changes memory, is not.

use cpu_z80::{Bus, Cpu};

use super::{IdleSkip, LoopCpu, ReadLog, backward, iterations};

struct Ram(Vec<u8>);

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
    fn m1_wait(&mut self) -> u32 {
        1
    }
}

struct Watching<'a> {
    ram: &'a mut Ram,
    log: &'a mut ReadLog,
}

impl Bus for Watching<'_> {
    fn read(&mut self, addr: u16) -> u8 {
        let v = self.ram.read(addr);
        self.log.read(u32::from(addr), u16::from(v), false);
        v
    }
    fn write(&mut self, addr: u16, value: u8) {
        let old = self.ram.0[usize::from(addr)];
        self.log
            .write_same(u32::from(addr), u16::from(old), u16::from(value), false);
        self.ram.write(addr, value);
    }
    fn input(&mut self, _port: u16, _t: u64) -> u8 {
        self.log.spoil();
        0xFF
    }
    fn output(&mut self, _port: u16, _value: u8, _t: u64) {
        self.log.spoil();
    }
    fn m1_wait(&mut self) -> u32 {
        self.log.m1();
        1
    }
}

/// A Z80 at $0000 running `code`, RAM otherwise zero.
fn machine(code: &[u8]) -> (Cpu, Ram) {
    let mut ram = Ram(vec![0; 0x1_0000]);
    ram.0[..code.len()].copy_from_slice(code);
    let mut cpu = Cpu::new();
    cpu.pc = 0;
    cpu.r = 0x85;
    (cpu, ram)
}

/// Runs to `until` as a board does, skipping with `skip`; returns the cycles skipped.
fn run(cpu: &mut Cpu, ram: &mut Ram, skip: &mut IdleSkip<Cpu>, until: u64) -> u64 {
    let mut skipped = 0;
    while cpu.t < until {
        let pc = cpu.pc;
        if skip.recording() {
            cpu.step(&mut Watching {
                ram,
                log: skip.log(),
            });
        } else {
            cpu.step(ram);
        }
        let head = cpu.pc;
        if !backward(u32::from(pc), u32::from(head)) {
            skip.recorded_step();
            continue;
        }
        let mem = &ram.0;
        if let Some(s) = skip.at_head(u32::from(head), cpu, |r| {
            u16::from(mem[r.addr as usize]) == r.value
        }) {
            let n = iterations(cpu.t, until, s.period);
            cpu.skip(n, s.period, s.m1);
            skipped += n * s.period;
        }
    }
    skipped
}

fn both_ways(code: &[u8], until: u64) -> (Cpu, Cpu, u64) {
    let (mut a, mut ram_a) = machine(code);
    while a.t < until {
        a.step(&mut ram_a);
    }
    let (mut b, mut ram_b) = machine(code);
    let mut skip = IdleSkip::default();
    skip.set_enabled(true);
    let skipped = run(&mut b, &mut ram_b, &mut skip, until);
    assert_eq!(ram_a.0, ram_b.0);
    (a, b, skipped)
}

#[test]
fn a_jr_to_itself_is_skipped_with_t_states_and_r_as_stepped() {
    // JR $: 12 T-states and the MSX's wait, one M1 a turn.
    let (a, b, skipped) = both_ways(&[0x18, 0xFE], 10_000);
    assert_eq!(a, b);
    assert!(skipped > 9_000, "{skipped}");
}

#[test]
fn a_ram_poll_is_skipped_to_the_same_state() {
    // loop: ld a,($8000) (13+1); or a (4+1); jr z,loop (12+1): 32 T-states, 3 M1.
    let (a, b, skipped) = both_ways(&[0x3A, 0x00, 0x80, 0xB7, 0x28, 0xFA], 5_001);
    assert_eq!(a, b);
    assert!(a.pc < 6, "still in the poll: PC {:04X}", a.pc);
    assert!(skipped > 4_000, "{skipped}");
}

#[test]
fn a_loop_that_counts_or_writes_is_stepped() {
    // loop: inc hl; jr loop.
    let (a, b, skipped) = both_ways(&[0x23, 0x18, 0xFD], 3_000);
    assert_eq!((a, skipped), (b, 0));
    // ld hl,$8000; loop: inc (hl); jr loop: from 2 on, the same flags and registers each
    // turn, but the byte counts.
    let (a, b, skipped) = both_ways(&[0x21, 0x00, 0x80, 0x34, 0x18, 0xFD], 3_000);
    assert_eq!((a, skipped), (b, 0));
}

#[test]
fn a_loop_that_calls_a_subroutine_is_skipped() {
    // loop: call sub; jr loop; sub: ret. The call pushes the return address the last
    // turn pushed: a write that changes nothing.
    let (a, b, skipped) = both_ways(&[0xCD, 0x05, 0x00, 0x18, 0xFB, 0xC9], 5_000);
    assert_eq!(a, b);
    assert!(skipped > 4_000, "{skipped}");
}

#[test]
fn a_loop_that_loads_r_is_stepped() {
    // loop: ld r,a; jr loop: R is set every turn, so it does not count the M1 cycles.
    let (a, b, skipped) = both_ways(&[0xED, 0x4F, 0x18, 0xFC], 3_000);
    assert_eq!((a, skipped), (b, 0));
}

#[test]
fn a_changed_read_ends_the_skipping() {
    // The poll above, with the byte it waits on written between two runs: the confirmed
    // loop is not reused, and the loop exits as stepping would.
    let code = [0x3A, 0x00, 0x80, 0xB7, 0x28, 0xFA, 0x18, 0xFE];
    let (mut cpu, mut ram) = machine(&code);
    let mut skip = IdleSkip::default();
    skip.set_enabled(true);
    assert!(run(&mut cpu, &mut ram, &mut skip, 2_000) > 0);
    ram.0[0x8000] = 1;
    run(&mut cpu, &mut ram, &mut skip, 2_200);
    assert!(
        (6..=7).contains(&cpu.pc),
        "the poll ended: PC {:04X}",
        cpu.pc
    );
}

/// The wait after a head's first failed recording is 2 arrivals (it doubles from 1):
/// `waiting` tells so without counting, `cooled` counts them off, and a head elsewhere
/// in the table, or never failed, is not waiting.
#[test]
fn a_failed_head_waits_two_arrivals_and_waiting_counts_none() {
    let mut cool = super::Cooldown::<64>::default();
    assert!(!cool.waiting(0x4012));
    cool.fail(0x4012);
    assert!(cool.waiting(0x4012));
    assert!(cool.waiting(0x4012), "asking counts nothing off");
    assert!(!cool.waiting(0x4013));
    assert!(!cool.cooled(0x4012));
    assert!(cool.waiting(0x4012));
    assert!(!cool.cooled(0x4012));
    assert!(!cool.waiting(0x4012));
    assert!(cool.cooled(0x4012));
}

/// A board's burst asks `passes` and counts with `pass` only where `at_head` would have
/// done nothing but count: a recording under way, or a head not failed, does not pass.
#[test]
fn a_head_passes_only_while_cooling_with_nothing_recorded() {
    let (cpu, _) = machine(&[0x18, 0xFE]);
    let mut skip = IdleSkip::<Cpu>::default();
    skip.set_enabled(true);
    assert!(!skip.passes(0));
    assert_eq!(skip.at_head(0, &cpu, |_| true), None);
    assert!(skip.recording());
    skip.abort();
    assert!(skip.passes(0));
    skip.pass(0);
    assert!(skip.passes(0));
    skip.pass(0);
    assert!(!skip.passes(0), "two arrivals after the first failure");
}
