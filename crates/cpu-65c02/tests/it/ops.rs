//! Behaviour of individual instructions, interrupts and the WAI/STP states.

use crate::common;

use common::{Access, Ram};
use cpu_65c02::{Cpu, State, flags};

/// A CPU at `$0200` with `code` loaded there.
fn setup(code: &[u8]) -> (Cpu, Ram) {
    let mut ram = Ram::new();
    ram.load(0x0200, code);
    let mut cpu = Cpu::new();
    cpu.pc = 0x0200;
    cpu.p = flags::B | flags::U;
    (cpu, ram)
}

fn steps(cpu: &mut Cpu, ram: &mut Ram, n: usize) {
    for _ in 0..n {
        cpu.step(ram);
    }
}

/// Decimal ADC or SBC of `a` and `m` with carry in `c`: (A, C, N, Z, V).
fn decimal(sbc: bool, a: u8, m: u8, c: bool) -> (u8, bool, bool, bool, bool) {
    let op = if sbc { 0xE9 } else { 0x69 };
    let (mut cpu, mut ram) = setup(&[op, m]);
    cpu.a = a;
    cpu.p |= flags::D;
    cpu.set_flag(flags::C, c);
    assert_eq!(cpu.step(&mut ram), 3, "decimal mode takes one more cycle");
    (
        cpu.a,
        cpu.flag(flags::C),
        cpu.flag(flags::N),
        cpu.flag(flags::Z),
        cpu.flag(flags::V),
    )
}

#[test]
fn decimal_adc() {
    // (A, C, N, Z, V)
    assert_eq!(
        decimal(false, 0x12, 0x34, false),
        (0x46, false, false, false, false)
    );
    assert_eq!(
        decimal(false, 0x58, 0x46, true),
        (0x05, true, false, false, true)
    );
    assert_eq!(
        decimal(false, 0x99, 0x01, false),
        (0x00, true, false, true, false)
    );
    assert_eq!(
        decimal(false, 0x79, 0x00, true),
        (0x80, false, true, false, true)
    );
    assert_eq!(
        decimal(false, 0x09, 0x01, false),
        (0x10, false, false, false, false)
    );
    assert_eq!(
        decimal(false, 0x50, 0x50, false),
        (0x00, true, false, true, true)
    );
}

#[test]
fn decimal_sbc() {
    assert_eq!(
        decimal(true, 0x46, 0x12, true),
        (0x34, true, false, false, false)
    );
    assert_eq!(
        decimal(true, 0x40, 0x13, true),
        (0x27, true, false, false, false)
    );
    assert_eq!(
        decimal(true, 0x32, 0x02, false),
        (0x29, true, false, false, false)
    );
    assert_eq!(
        decimal(true, 0x00, 0x01, true),
        (0x99, false, true, false, false)
    );
    assert_eq!(
        decimal(true, 0x21, 0x21, true),
        (0x00, true, false, true, false)
    );
}

#[test]
fn binary_adc_sbc_flags() {
    let (mut cpu, mut ram) = setup(&[0x69, 0x50, 0xE9, 0x01]);
    cpu.a = 0x50;
    cpu.step(&mut ram);
    assert_eq!(
        (
            cpu.a,
            cpu.flag(flags::V),
            cpu.flag(flags::N),
            cpu.flag(flags::C)
        ),
        (0xA0, true, true, false)
    );
    cpu.set_flag(flags::C, true);
    assert_eq!(cpu.step(&mut ram), 2);
    assert_eq!(
        (cpu.a, cpu.flag(flags::V), cpu.flag(flags::C)),
        (0x9F, false, true)
    );
}

#[test]
fn bbr_and_bbs_test_one_bit() {
    // BBR3 $40,+2 ; BBS3 $40,+2
    for (value, bbr_taken) in [(0x08u8, false), (0xF7, true)] {
        let (mut cpu, mut ram) = setup(&[0x3F, 0x40, 0x02, 0xBF, 0x40, 0x02]);
        ram.mem[0x40] = value;
        cpu.step(&mut ram);
        assert_eq!(
            cpu.pc,
            if bbr_taken { 0x0205 } else { 0x0203 },
            "BBR3 on {value:02X}"
        );
        let (mut cpu, mut ram) = setup(&[0xBF, 0x40, 0x02]);
        ram.mem[0x40] = value;
        cpu.step(&mut ram);
        assert_eq!(
            cpu.pc,
            if bbr_taken { 0x0203 } else { 0x0205 },
            "BBS3 on {value:02X}"
        );
        assert_eq!(cpu.p, flags::B | flags::U, "flags unchanged");
    }
    // A backwards branch.
    let (mut cpu, mut ram) = setup(&[0xEA, 0x8F, 0x40, 0xFC]);
    ram.mem[0x40] = 0x01;
    steps(&mut cpu, &mut ram, 2);
    assert_eq!(cpu.pc, 0x0200);
}

#[test]
fn rmb_and_smb_change_one_bit() {
    for n in 0..8u8 {
        let (mut cpu, mut ram) = setup(&[0x07 | (n << 4), 0x40, 0x87 | (n << 4), 0x41]);
        ram.mem[0x40] = 0xFF;
        ram.mem[0x41] = 0x00;
        steps(&mut cpu, &mut ram, 2);
        assert_eq!(ram.mem[0x40], !(1 << n), "RMB{n}");
        assert_eq!(ram.mem[0x41], 1 << n, "SMB{n}");
        assert_eq!(cpu.p, flags::B | flags::U, "flags unchanged");
    }
}

#[test]
fn trb_tsb_set_z_from_a_and_memory() {
    // TSB $40 with disjoint bits: Z set, bits added.
    let (mut cpu, mut ram) = setup(&[0x04, 0x40]);
    cpu.a = 0x0F;
    ram.mem[0x40] = 0xF0;
    cpu.step(&mut ram);
    assert!(cpu.flag(flags::Z));
    assert_eq!(ram.mem[0x40], 0xFF);
    // TRB $1234 with common bits: Z clear, bits removed; N and V untouched.
    let (mut cpu, mut ram) = setup(&[0x1C, 0x34, 0x12]);
    cpu.a = 0x0F;
    cpu.p |= flags::N | flags::Z;
    ram.mem[0x1234] = 0x3C;
    cpu.step(&mut ram);
    assert!(!cpu.flag(flags::Z));
    assert!(cpu.flag(flags::N));
    assert_eq!(ram.mem[0x1234], 0x30);
}

#[test]
fn stp_stops_and_reports_its_address() {
    let (mut cpu, mut ram) = setup(&[0xEA, 0xDB, 0xEA]);
    steps(&mut cpu, &mut ram, 2);
    assert_eq!(cpu.state(), State::Stopped { pc: 0x0201 });
    let cycles = cpu.cycles;
    assert_eq!(cpu.step(&mut ram), 0);
    cpu.set_irq(true);
    cpu.nmi();
    assert_eq!(cpu.step(&mut ram), 0);
    assert_eq!(cpu.cycles, cycles);
    assert_eq!(cpu.state(), State::Stopped { pc: 0x0201 });
    // Only reset leaves it.
    ram.load(0xFFFC, &[0x00, 0x02]);
    cpu.reset(&mut ram);
    assert_eq!(cpu.state(), State::Running);
    assert_eq!(cpu.pc, 0x0200);
}

#[test]
fn wai_waits_and_reports_its_address() {
    let (mut cpu, mut ram) = setup(&[0xCB, 0xE8]);
    ram.load(0xFFFE, &[0x00, 0x30]);
    assert_eq!(cpu.step(&mut ram), 3);
    assert_eq!(cpu.state(), State::Waiting { pc: 0x0200 });
    assert_eq!(cpu.step(&mut ram), 1);
    assert_eq!(cpu.pc, 0x0201);
    // An unmasked IRQ wakes it and is serviced.
    cpu.set_irq(true);
    assert_eq!(cpu.step(&mut ram), 7);
    assert_eq!(cpu.state(), State::Running);
    assert_eq!(cpu.pc, 0x3000);
    assert_eq!(&ram.mem[0x01FB..0x01FE], &[flags::U, 0x01, 0x02]);

    // With I set the IRQ only resumes execution after the WAI.
    let (mut cpu, mut ram) = setup(&[0xCB, 0xE8]);
    cpu.p |= flags::I;
    cpu.step(&mut ram);
    cpu.set_irq(true);
    assert_eq!(cpu.step(&mut ram), 2);
    assert_eq!((cpu.state(), cpu.x, cpu.pc), (State::Running, 1, 0x0202));

    // NMI wakes it too.
    let (mut cpu, mut ram) = setup(&[0xCB]);
    ram.load(0xFFFA, &[0x00, 0x40]);
    cpu.p |= flags::I;
    cpu.step(&mut ram);
    cpu.nmi();
    assert_eq!(cpu.step(&mut ram), 7);
    assert_eq!(cpu.pc, 0x4000);
}

#[test]
fn brk_pushes_b_and_clears_d() {
    let (mut cpu, mut ram) = setup(&[0x00, 0xFF]);
    ram.load(0xFFFE, &[0x00, 0x30]);
    cpu.p |= flags::D | flags::C;
    assert_eq!(cpu.step(&mut ram), 7);
    assert_eq!(cpu.pc, 0x3000);
    assert!(!cpu.flag(flags::D));
    assert!(cpu.flag(flags::I));
    // Return address is BRK + 2; pushed P has B, D and C set.
    assert_eq!(
        &ram.mem[0x01FB..0x01FE],
        &[flags::B | flags::U | flags::D | flags::C, 0x02, 0x02]
    );
    assert_eq!(cpu.s, 0xFA);
}

#[test]
fn irq_clears_d_and_pushes_b_clear_and_rti_returns() {
    let (mut cpu, mut ram) = setup(&[0xE8, 0xE8]);
    ram.load(0xFFFE, &[0x00, 0x30]);
    ram.load(0x3000, &[0x40]);
    cpu.p |= flags::D;
    cpu.set_irq(true);
    assert_eq!(cpu.step(&mut ram), 7);
    assert_eq!(cpu.pc, 0x3000);
    assert!(!cpu.flag(flags::D));
    assert_eq!(ram.mem[0x01FB], flags::U | flags::D);
    cpu.set_irq(false);
    assert_eq!(cpu.step(&mut ram), 6);
    assert_eq!(cpu.pc, 0x0200);
    assert!(cpu.flag(flags::D));
    assert!(!cpu.flag(flags::I));
}

#[test]
fn cli_lets_one_more_instruction_run_before_the_irq() {
    // CLI ; INX ; INX with the IRQ asserted and I set.
    let (mut cpu, mut ram) = setup(&[0x58, 0xE8, 0xE8]);
    ram.load(0xFFFE, &[0x00, 0x30]);
    cpu.p |= flags::I;
    cpu.set_irq(true);
    assert_eq!(cpu.step(&mut ram), 2, "CLI");
    assert_eq!(cpu.step(&mut ram), 2, "the INX after CLI runs first");
    assert_eq!(cpu.x, 1);
    assert_eq!(cpu.step(&mut ram), 7);
    assert_eq!(cpu.pc, 0x3000);
}

#[test]
fn sei_still_takes_an_irq_pending_at_its_poll() {
    // SEI ; INX with the IRQ asserted by the time SEI polls (the line is sampled
    // between steps): it is taken after SEI, pushing I set.
    let (mut cpu, mut ram) = setup(&[0x78, 0xE8]);
    ram.load(0xFFFE, &[0x00, 0x30]);
    cpu.step(&mut ram);
    cpu.set_irq(true);
    assert_eq!(cpu.step(&mut ram), 7);
    assert_eq!(cpu.pc, 0x3000);
    assert_eq!(ram.mem[0x01FB], flags::U | flags::I);
    assert_eq!(cpu.x, 0);
}

#[test]
fn nmi_is_taken_even_with_i_set() {
    let (mut cpu, mut ram) = setup(&[0xE8]);
    ram.load(0xFFFA, &[0x00, 0x40]);
    cpu.p |= flags::I;
    cpu.nmi();
    assert_eq!(cpu.step(&mut ram), 7);
    assert_eq!(cpu.pc, 0x4000);
    // Edge-triggered: serviced once.
    ram.load(0x4000, &[0xEA]);
    assert_eq!(cpu.step(&mut ram), 2);
}

#[test]
fn pulls_set_n_and_z() {
    // PLA, PLX, PLY of $00 then $80.
    for (op, reg) in [(0x68u8, 0usize), (0xFA, 1), (0x7A, 2)] {
        for (value, n, z) in [
            (0x00u8, false, true),
            (0x80, true, false),
            (0x7F, false, false),
        ] {
            let (mut cpu, mut ram) = setup(&[op]);
            cpu.s = 0xF0;
            ram.mem[0x01F1] = value;
            assert_eq!(cpu.step(&mut ram), 4);
            let got = [cpu.a, cpu.x, cpu.y][reg];
            assert_eq!(got, value, "{op:02X}");
            assert_eq!(
                (cpu.flag(flags::N), cpu.flag(flags::Z)),
                (n, z),
                "{op:02X} of {value:02X}"
            );
            assert_eq!(cpu.s, 0xF1);
        }
    }
}

#[test]
fn phx_phy_push_and_jsr_rts_round_trip() {
    // JSR $0300 ; (at $0300) PHX ; PHY ; PLA ; PLA ; RTS
    let (mut cpu, mut ram) = setup(&[0x20, 0x00, 0x03, 0xEA]);
    ram.load(0x0300, &[0xDA, 0x5A, 0x68, 0x68, 0x60]);
    cpu.x = 0x11;
    cpu.y = 0x22;
    assert_eq!(cpu.step(&mut ram), 6);
    assert_eq!(&ram.mem[0x01FC..0x01FE], &[0x02, 0x02]);
    steps(&mut cpu, &mut ram, 4);
    assert_eq!(cpu.a, 0x11);
    assert_eq!(cpu.step(&mut ram), 6);
    assert_eq!(cpu.pc, 0x0203);
    assert_eq!(cpu.s, 0xFD);
}

#[test]
fn cmos_additions() {
    // INC A, DEC A, STZ, BIT #imm (Z only), LDA (zp), JMP (abs,X), BRA.
    let (mut cpu, mut ram) = setup(&[
        0x1A, // INC A
        0x3A, 0x3A, // DEC A twice
        0x64, 0x50, // STZ $50
        0x89, 0x00, // BIT #0
        0xB2, 0x60, // LDA ($60)
        0x7C, 0x00, 0x05, // JMP ($0500,X)
    ]);
    ram.mem[0x50] = 0xAA;
    ram.load(0x60, &[0x00, 0x04]);
    ram.mem[0x0400] = 0x99;
    ram.load(0x0502, &[0x00, 0x06]);
    ram.load(0x0600, &[0x80, 0xFE]); // BRA *
    cpu.x = 2;
    cpu.step(&mut ram);
    assert_eq!(cpu.a, 1);
    steps(&mut cpu, &mut ram, 2);
    assert_eq!(cpu.a, 0xFF);
    assert!(cpu.flag(flags::N));
    cpu.step(&mut ram);
    assert_eq!(ram.mem[0x50], 0);
    cpu.step(&mut ram);
    assert!(cpu.flag(flags::Z));
    assert!(cpu.flag(flags::N), "BIT # leaves N alone");
    cpu.step(&mut ram);
    assert_eq!(cpu.a, 0x99);
    assert_eq!(cpu.step(&mut ram), 6);
    assert_eq!(cpu.pc, 0x0600);
    assert_eq!(cpu.step(&mut ram), 3);
    assert_eq!(cpu.pc, 0x0600);
}

#[test]
fn reset_loads_the_vector_and_clears_d() {
    let mut ram = Ram::new();
    ram.load(0xFFFC, &[0x34, 0x12]);
    let mut cpu = Cpu::new();
    cpu.p |= flags::D;
    cpu.s = 0x00;
    cpu.reset(&mut ram);
    assert_eq!((cpu.pc, cpu.s, cpu.cycles), (0x1234, 0xFD, 7));
    assert!(cpu.flag(flags::I));
    assert!(!cpu.flag(flags::D));
    assert!(
        ram.log
            .iter()
            .all(|a| matches!(a, Access::Read(0xFFFC | 0xFFFD) | Access::VectorPull))
    );
}

#[test]
fn run_stops_at_the_trap() {
    // LDX #3 ; loop: DEX ; BNE loop ; trap: JMP trap
    let (mut cpu, mut ram) = setup(&[0xA2, 0x03, 0xCA, 0xD0, 0xFD, 0x4C, 0x05, 0x02]);
    let ran = cpu.run(&mut ram, 1_000, Some(0x0205));
    assert_eq!(cpu.pc, 0x0205);
    assert_eq!(ran, 2 + 3 * 2 + 2 * 3 + 2);
}
