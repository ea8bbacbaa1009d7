//! [`Cpu::run`]'s loops: with an interrupt input asserted at the start (the loop that
//! polls before each instruction), with a trap, and stopping at WAI and STP. Expected
//! cycles by hand from the data sheet: interrupt entry 7, `LDA #` 2, WAI 3, STP 3.

use crate::common;

use common::Ram;
use cpu_65c02::{Boundary, Cpu, State, flags};

/// `NOP` at `$0200`; the IRQ handler at `$0300` is `LDA #$42 ; STP`; `I` clear, `S = $FF`.
fn irq_setup() -> (Cpu, Ram) {
    let mut ram = Ram::new();
    ram.load(0x0200, &[0xEA]);
    ram.load(0x0300, &[0xA9, 0x42, 0xDB]);
    ram.load(0xFFFE, &[0x00, 0x03]);
    let mut cpu = Cpu::new();
    (cpu.pc, cpu.s, cpu.p) = (0x0200, 0xFF, flags::B | flags::U);
    (cpu, ram)
}

#[test]
fn run_takes_an_irq_asserted_at_its_start_before_the_first_instruction() {
    let (mut cpu, mut ram) = irq_setup();
    cpu.set_irq(true);
    let ran = cpu.run(&mut ram, 100, None);
    assert_eq!(ran, 7 + 2 + 3);
    assert_eq!(cpu.state(), State::Stopped { pc: 0x0302 });
    assert_eq!(cpu.a, 0x42);
    // PC of the NOP not run, then P with B clear; I set by the entry (the line, still
    // asserted, is masked in the handler).
    assert_eq!(&ram.mem[0x01FD..=0x01FF], &[flags::U, 0x00, 0x02]);
    assert_eq!(cpu.s, 0xFC);
    assert!(cpu.flag(flags::I));
}

#[test]
fn run_stops_at_the_trap_inside_an_interrupt_handler() {
    let (mut cpu, mut ram) = irq_setup();
    cpu.set_irq(true);
    let ran = cpu.run(&mut ram, 100, Some(0x0302));
    assert_eq!((ran, cpu.pc, cpu.state()), (7 + 2, 0x0302, State::Running));
}

#[test]
fn run_without_an_interrupt_input_stops_at_wai() {
    // LDA #1 ; WAI ; (never reached) LDA #2
    let mut ram = Ram::new();
    ram.load(0x0200, &[0xA9, 0x01, 0xCB, 0xA9, 0x02]);
    let mut cpu = Cpu::new();
    cpu.pc = 0x0200;
    assert_eq!(cpu.run(&mut ram, 100, None), 2 + 3);
    assert_eq!((cpu.a, cpu.state()), (1, State::Waiting { pc: 0x0202 }));
    assert_eq!(
        cpu.run(&mut ram, 100, None),
        0,
        "a waiting core does not run"
    );
}

#[test]
fn run_with_a_masked_irq_runs_the_program_to_wai() {
    let mut ram = Ram::new();
    ram.load(0x0200, &[0xA9, 0x01, 0xCB]);
    let mut cpu = Cpu::new();
    cpu.pc = 0x0200;
    cpu.set_flag(flags::I, true);
    cpu.set_irq(true);
    assert_eq!(cpu.run(&mut ram, 100, None), 2 + 3);
    assert_eq!((cpu.a, cpu.state()), (1, State::Waiting { pc: 0x0202 }));
}

#[test]
fn run_ends_at_the_first_instruction_boundary_past_the_budget() {
    // LDA #1 (2) ; LDA #2 (2) ; LDA #3 (2): a budget of 3 cycles runs two of them.
    let mut ram = Ram::new();
    ram.load(0x0200, &[0xA9, 0x01, 0xA9, 0x02, 0xA9, 0x03]);
    let mut cpu = Cpu::new();
    cpu.pc = 0x0200;
    assert_eq!(cpu.run(&mut ram, 3, None), 4);
    assert_eq!((cpu.a, cpu.pc), (2, 0x0204));
    // The opcode of the instruction not run was never fetched.
    assert_eq!(ram.reads_of(0x0204), 0);
}

/// A [`Boundary`] that notes where each instruction begins and stops at `stop_pc`.
struct Noting {
    stop_pc: u16,
    asked: Vec<(u16, u64)>,
}

impl<B: cpu_65c02::Bus> Boundary<B> for Noting {
    fn reached(&mut self, pc: u16, _s: u8, cycles: u64, _bus: &mut B) -> bool {
        self.asked.push((pc, cycles));
        pc == self.stop_pc
    }
}

fn noting(stop_pc: u16) -> Noting {
    Noting {
        stop_pc,
        asked: Vec::new(),
    }
}

#[test]
fn run_to_asks_the_boundary_before_each_instruction_and_stops_where_it_says() {
    // LDA #1 (2) ; LDX #2 (2) ; LDY #3 (2): stopped before the LDY.
    let mut ram = Ram::new();
    ram.load(0x0200, &[0xA9, 0x01, 0xA2, 0x02, 0xA0, 0x03]);
    let mut cpu = Cpu::new();
    cpu.pc = 0x0200;
    let mut boundary = noting(0x0204);
    assert_eq!(cpu.run_to(&mut ram, &mut boundary), 4);
    assert_eq!(boundary.asked, [(0x0200, 0), (0x0202, 2), (0x0204, 4)]);
    assert_eq!((cpu.a, cpu.x, cpu.y, cpu.pc), (1, 2, 0, 0x0204));
    assert_eq!(ram.reads_of(0x0204), 0, "the LDY was not fetched");
}

#[test]
fn run_to_ends_after_an_interrupt_entry_the_cli_let_through() {
    // CLI (2) ; NOP (2) ; NOP with I set and IRQ asserted: the poll before the first NOP
    // still sees I set (CLI changes it after its poll), the one before the second takes
    // the IRQ (7), and the burst ends in the handler with its entry done.
    let (mut cpu, mut ram) = irq_setup();
    ram.load(0x0200, &[0x58, 0xEA, 0xEA]);
    cpu.set_flag(flags::I, true);
    cpu.set_irq(true);
    let mut boundary = noting(0xFFFF);
    assert_eq!(cpu.run_to(&mut ram, &mut boundary), 2 + 2 + 7);
    assert_eq!(boundary.asked, [(0x0200, 0), (0x0201, 2), (0x0202, 4)]);
    assert_eq!((cpu.pc, cpu.s, cpu.state()), (0x0300, 0xFC, State::Running));
    // The return address is the second NOP, not run.
    assert_eq!(&ram.mem[0x01FE..=0x01FF], &[0x02, 0x02]);
}

#[test]
fn run_to_stops_at_wai_and_a_waiting_core_runs_nothing() {
    let mut ram = Ram::new();
    ram.load(0x0200, &[0xA9, 0x01, 0xCB, 0xA9, 0x02]);
    let mut cpu = Cpu::new();
    cpu.pc = 0x0200;
    let mut boundary = noting(0xFFFF);
    assert_eq!(cpu.run_to(&mut ram, &mut boundary), 2 + 3);
    assert_eq!((cpu.a, cpu.state()), (1, State::Waiting { pc: 0x0202 }));
    assert_eq!(cpu.run_to(&mut ram, &mut boundary), 0);
    assert_eq!(boundary.asked.len(), 2, "not asked while waiting");
}

#[test]
fn run_to_under_a_masked_irq_takes_it_after_the_instruction_after_plp_lifts_the_mask() {
    // LDA #0 (2) ; PHA (3) ; PLP (4) ; NOP (2) ; NOP with I set and IRQ asserted: the PLP
    // clears I after its poll, so the first NOP runs and the IRQ (7) is taken before the
    // second.
    let (mut cpu, mut ram) = irq_setup();
    ram.load(0x0200, &[0xA9, 0x00, 0x48, 0x28, 0xEA, 0xEA]);
    cpu.set_flag(flags::I, true);
    cpu.set_irq(true);
    let mut boundary = noting(0xFFFF);
    assert_eq!(cpu.run_to(&mut ram, &mut boundary), 2 + 3 + 4 + 2 + 7);
    let asked: Vec<u16> = boundary.asked.iter().map(|&(pc, _)| pc).collect();
    assert_eq!(asked, [0x0200, 0x0202, 0x0203, 0x0204, 0x0205]);
    assert_eq!(cpu.pc, 0x0300);
    assert_eq!(
        &ram.mem[0x01FE..=0x01FF],
        &[0x05, 0x02],
        "returns to the second NOP"
    );
}

#[test]
fn run_to_under_a_masked_irq_takes_it_right_after_an_rti_that_clears_i() {
    // RTI (6) pulling a status with I clear and returning to $0210 (a NOP), with I set
    // and IRQ asserted: RTI changes I before its poll (no delay, unlike CLI and PLP), so
    // the IRQ (7) is taken before the NOP, and $0210 is the address pushed.
    let (mut cpu, mut ram) = irq_setup();
    ram.load(0x0200, &[0x40]);
    ram.load(0x0210, &[0xEA]);
    ram.load(0x01FD, &[flags::B | flags::U, 0x10, 0x02]);
    cpu.s = 0xFC;
    cpu.set_flag(flags::I, true);
    cpu.set_irq(true);
    let mut boundary = noting(0xFFFF);
    assert_eq!(cpu.run_to(&mut ram, &mut boundary), 6 + 7);
    let asked: Vec<u16> = boundary.asked.iter().map(|&(pc, _)| pc).collect();
    assert_eq!(asked, [0x0200, 0x0210]);
    assert_eq!(cpu.pc, 0x0300);
    assert_eq!(
        &ram.mem[0x01FE..=0x01FF],
        &[0x10, 0x02],
        "returns to the NOP"
    );
    // The same RTI pulling I set: the mask holds, the burst runs on to the handler's
    // code only by the boundary's word.
    let (mut cpu, mut ram) = irq_setup();
    ram.load(0x0200, &[0x40]);
    ram.load(0x0210, &[0xEA, 0xEA]);
    ram.load(0x01FD, &[flags::B | flags::U | flags::I, 0x10, 0x02]);
    cpu.s = 0xFC;
    cpu.set_flag(flags::I, true);
    cpu.set_irq(true);
    let mut boundary = noting(0x0212);
    assert_eq!(cpu.run_to(&mut ram, &mut boundary), 6 + 2 + 2);
    assert_eq!(cpu.pc, 0x0212);
}

#[test]
fn run_to_issues_the_bus_accesses_step_does() {
    // A loop over stack, indexed and read-modify-write accesses, run by bursts of a few
    // instructions and by steps: the same bus log, cycles and registers, with no
    // interrupt input and with an IRQ that I masks.
    // $0200: LDX #5 ; loop: PHA ; STA $0300,X ; INC $0300,X ; PLA ; DEX ; BNE loop ; STP
    let program = [
        0xA2, 0x05, 0x48, 0x9D, 0x00, 0x03, 0xFE, 0x00, 0x03, 0x68, 0xCA, 0xD0, 0xF5, 0xDB,
    ];
    for irq in [false, true] {
        let mut stepped = Ram::new();
        stepped.load(0x0200, &program);
        let mut cpu = Cpu::new();
        cpu.pc = 0x0200;
        cpu.set_flag(flags::I, true);
        cpu.set_irq(irq);
        let mut by_steps = cpu.clone();
        while by_steps.state() == State::Running {
            by_steps.step(&mut stepped);
        }
        let mut burst = Ram::new();
        burst.load(0x0200, &program);
        // Stopping at the loop's head each turn.
        let mut boundary = noting(0x0202);
        let mut bursts = 0;
        while cpu.state() == State::Running {
            if cpu.run_to(&mut burst, &mut boundary) == 0 {
                cpu.step(&mut burst);
            }
            bursts += 1;
        }
        assert!(bursts > 5, "{bursts} bursts");
        assert_eq!(burst.log, stepped.log, "irq {irq}");
        assert_eq!(cpu, by_steps, "irq {irq}");
    }
}
