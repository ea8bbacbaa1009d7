//! Registers by the fields the opcodes name them with (Zilog Z80 CPU User Manual, the
//! "r" and "ss" tables): 0 B, 1 C, 2 D, 3 E, 4 H, 5 L, 7 A; pairs 0 BC, 1 DE, 2 HL, 3 SP.

use cpu_z80::Cpu;

#[test]
fn registers_and_pairs_by_their_opcode_fields() {
    let mut cpu = Cpu::new();
    for (field, v) in [
        (0u8, 0x10u8),
        (1, 0x11),
        (2, 0x12),
        (3, 0x13),
        (4, 0x14),
        (5, 0x15),
        (7, 0x17),
    ] {
        assert!(cpu.set_reg_field(field, v));
    }
    assert_eq!(
        (cpu.b, cpu.c, cpu.d, cpu.e, cpu.h, cpu.l, cpu.a),
        (0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x17)
    );
    assert_eq!(cpu.reg_field(4), Some(0x14));
    assert_eq!(
        cpu.reg_field(8 + 7),
        Some(0x17),
        "only the low three bits count"
    );
    // Field 6 is the memory operand (HL), not a register: nothing read or written.
    assert_eq!(cpu.reg_field(6), None);
    assert!(!cpu.set_reg_field(6, 0x99));
    assert_eq!((cpu.h, cpu.l, cpu.a), (0x14, 0x15, 0x17));
    assert_eq!(
        (0..4).map(|p| cpu.pair_field(p)).collect::<Vec<_>>(),
        [0x1011, 0x1213, 0x1415, 0xFFFF]
    );
    cpu.set_pair_field(3, 0xC000);
    cpu.set_pair_field(1, 0xBEEF);
    assert_eq!((cpu.sp, cpu.d, cpu.e), (0xC000, 0xBE, 0xEF));
}
