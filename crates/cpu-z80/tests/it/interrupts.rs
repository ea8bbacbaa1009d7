//! Interrupt acceptance: the three maskable modes, NMI, the EI delay, HALT, and the P/V
//! quirk after LD A,I (UM0080 "Interrupt Response"; Young, chapter 5).

use crate::common;

use common::Machine;
use cpu_z80::flags::PF;

#[test]
fn mode_1_waits_one_instruction_after_ei() {
    let mut m = Machine::new();
    let mut cpu = m.load(0x1000, &[0xED, 0x56, 0xFB, 0x00, 0x00]);
    cpu.set_int(true);
    assert_eq!(cpu.step(&mut m), 8); // IM 1
    assert_eq!(cpu.step(&mut m), 4); // EI
    assert_eq!(cpu.step(&mut m), 4, "the instruction after EI runs first");
    assert_eq!(cpu.pc, 0x1004);
    let r = cpu.r;
    assert_eq!(cpu.step(&mut m), 13);
    assert_eq!(cpu.pc, 0x0038);
    assert_eq!(cpu.wz, 0x0038);
    assert_eq!(cpu.r, r + 1);
    assert!(!cpu.iff1 && !cpu.iff2);
    assert_eq!((m.mem[0x7FFF], m.mem[0x7FFE]), (0x10, 0x04));
    assert_eq!(cpu.sp, 0x7FFE);
    // Disabled now: the next step runs the NOP at 0038.
    assert_eq!(cpu.step(&mut m), 4);
    assert_eq!(cpu.pc, 0x0039);
}

#[test]
fn mode_2_reads_the_vector_table() {
    let mut m = Machine::new();
    m.ack_byte = 0x20;
    m.mem[0x4020] = 0x34;
    m.mem[0x4021] = 0x12;
    let mut cpu = m.load(0x1000, &[0x00]);
    cpu.im = 2;
    cpu.i = 0x40;
    cpu.iff1 = true;
    cpu.iff2 = true;
    cpu.set_int(true);
    assert_eq!(cpu.step(&mut m), 19);
    assert_eq!(cpu.pc, 0x1234);
    assert_eq!((m.mem[0x7FFF], m.mem[0x7FFE]), (0x10, 0x00));
}

#[test]
fn mode_0_executes_the_bus_byte() {
    let mut m = Machine::new();
    m.ack_byte = 0xD7; // RST 10h
    let mut cpu = m.load(0x1000, &[0x00]);
    cpu.iff1 = true;
    cpu.set_int(true);
    assert_eq!(cpu.step(&mut m), 13);
    assert_eq!(cpu.pc, 0x0010);
}

#[test]
fn nmi_keeps_iff2_and_retn_restores_it() {
    let mut m = Machine::new();
    let mut cpu = m.load(0x1000, &[0x00]);
    m.mem[0x66] = 0xED;
    m.mem[0x67] = 0x45;
    cpu.iff1 = true;
    cpu.iff2 = true;
    cpu.nmi();
    assert_eq!(cpu.step(&mut m), 11);
    assert_eq!(cpu.pc, 0x0066);
    assert!(!cpu.iff1 && cpu.iff2);
    assert_eq!(cpu.step(&mut m), 14);
    assert_eq!(cpu.pc, 0x1000);
    assert!(cpu.iff1);
}

#[test]
fn halt_repeats_until_an_interrupt_and_returns_past_it() {
    let mut m = Machine::new();
    m.m1_waits = 1;
    let mut cpu = m.load(0x1000, &[0x76, 0x00]);
    cpu.im = 1;
    cpu.iff1 = true;
    assert_eq!(cpu.step(&mut m), 5);
    assert!(cpu.halted);
    assert_eq!(cpu.pc, 0x1001);
    let r = cpu.r;
    for _ in 0..3 {
        assert_eq!(cpu.step(&mut m), 5);
        assert_eq!(cpu.pc, 0x1001);
    }
    assert_eq!(cpu.r, r + 3, "the halted CPU keeps refreshing");
    cpu.set_int(true);
    assert_eq!(cpu.step(&mut m), 14, "13 plus the acknowledge cycle's wait");
    assert!(!cpu.halted);
    assert_eq!((m.mem[0x7FFF], m.mem[0x7FFE]), (0x10, 0x01));
}

#[test]
fn interrupt_right_after_ld_a_i_clears_parity() {
    let mut m = Machine::new();
    let mut cpu = m.load(0x1000, &[0xED, 0x57, 0xED, 0x57]);
    cpu.im = 1;
    cpu.iff1 = true;
    cpu.iff2 = true;
    cpu.step(&mut m);
    assert_ne!(cpu.f & PF, 0, "P/V is IFF2");
    cpu.set_int(true);
    cpu.step(&mut m);
    assert_eq!(cpu.f & PF, 0);
    assert_eq!(cpu.pc, 0x0038);
}

#[test]
fn run_stops_at_a_trap_address() {
    let mut m = Machine::new();
    // 1000: LD B,3 / loop: DJNZ loop / 1004: NOP
    let mut cpu = m.load(0x1000, &[0x06, 0x03, 0x10, 0xFE, 0x00]);
    let t = cpu.run(&mut m, 1_000_000, Some(0x1004));
    assert_eq!(cpu.pc, 0x1004);
    assert_eq!(t, 7 + 13 + 13 + 8);
}
