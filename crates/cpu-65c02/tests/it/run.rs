//! [`Cpu::run`]'s loops: with an interrupt input asserted at the start (the loop that
//! polls before each instruction), with a trap, and stopping at WAI and STP. Expected
//! cycles by hand from the data sheet: interrupt entry 7, `LDA #` 2, WAI 3, STP 3.

use crate::common;

use common::Ram;
use cpu_65c02::{Cpu, State, flags};

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
