//! DAA over every input against the correction table in Sean Young's *The Undocumented Z80
//! Documented* (section 4.7), and small programs whose results are known.

use crate::common;

use common::Machine;
use cpu_z80::flags::{CF, HF, NF, PF, SF, XF, YF, ZF};

/// Young's table: the correction by C, the high nibble, H and the low nibble, and the C
/// and H that result.
fn young_daa(a: u8, n: bool, h: bool, c: bool) -> (u8, u8) {
    let hi = a >> 4;
    let lo = a & 0x0F;
    let diff = match (c, h) {
        (false, false) if hi <= 9 && lo <= 9 => 0x00,
        (false, true) if hi <= 9 && lo <= 9 => 0x06,
        (false, _) if hi <= 8 && lo >= 0xA => 0x06,
        (false, false) if hi >= 0xA && lo <= 9 => 0x60,
        (true, false) if lo <= 9 => 0x60,
        (true, true) if lo <= 9 => 0x66,
        (true, _) => 0x66,
        (false, _) if hi >= 9 && lo >= 0xA => 0x66,
        // What is left: high a-f, low 0-9, H set.
        (false, _) => 0x66,
    };
    let c_out = c || (hi >= 9 && lo >= 0xA) || (hi >= 0xA && lo <= 9);
    let h_out = if n { h && lo <= 5 } else { lo >= 0xA };
    let r = if n {
        a.wrapping_sub(diff)
    } else {
        a.wrapping_add(diff)
    };
    let mut f = (r & (SF | XF | YF)) | if r == 0 { ZF } else { 0 };
    if r.count_ones() % 2 == 0 {
        f |= PF;
    }
    if n {
        f |= NF;
    }
    if h_out {
        f |= HF;
    }
    if c_out {
        f |= CF;
    }
    (r, f)
}

#[test]
fn daa_matches_youngs_table_for_every_input() {
    let mut m = Machine::new();
    for a in 0..=255u8 {
        for bits in 0..8u8 {
            let (n, h, c) = (bits & 1 != 0, bits & 2 != 0, bits & 4 != 0);
            let mut cpu = m.load(0x1000, &[0x27]);
            cpu.a = a;
            cpu.f = if n { NF } else { 0 } | if h { HF } else { 0 } | if c { CF } else { 0 };
            assert_eq!(cpu.step(&mut m), 4);
            let want = young_daa(a, n, h, c);
            assert_eq!(
                (cpu.a, cpu.f),
                want,
                "DAA of {a:02X} with N={n} H={h} C={c}"
            );
        }
    }
}

/// Runs from 0x1000 until PC reaches `stop`; returns the CPU and the machine.
fn run(code: &[u8], stop: u16) -> (cpu_z80::Cpu, Machine) {
    let mut m = Machine::new();
    let mut cpu = m.load(0x1000, code);
    cpu.run(&mut m, 1_000_000, Some(stop));
    assert_eq!(cpu.pc, stop, "the program reaches its end");
    (cpu, m)
}

#[test]
fn shift_and_add_multiply() {
    // HL = 13 * 11 by shifting the multiplier out of A and adding DE.
    #[rustfmt::skip]
    let code = [
        0x21, 0x00, 0x00, // LD HL,0
        0x11, 0x0D, 0x00, // LD DE,13
        0x3E, 0x0B,       // LD A,11
        0x06, 0x08,       // LD B,8
        0x29,             // loop: ADD HL,HL
        0x17,             // RLA
        0x30, 0x01,       // JR NC,skip
        0x19,             // ADD HL,DE
        0x10, 0xF9,       // skip: DJNZ loop
        0x76,             // HALT
    ];
    let (cpu, _) = run(&code, 0x1011);
    assert_eq!(cpu.hl(), 143);
}

#[test]
fn ldir_copies_and_cpir_finds() {
    #[rustfmt::skip]
    let code = [
        0x21, 0x00, 0x20, // LD HL,2000
        0x11, 0x00, 0x30, // LD DE,3000
        0x01, 0x10, 0x00, // LD BC,16
        0xED, 0xB0,       // LDIR
        0x21, 0x00, 0x30, // LD HL,3000
        0x01, 0x10, 0x00, // LD BC,16
        0x3E, 0x07,       // LD A,7
        0xED, 0xB1,       // CPIR
        0x76,             // HALT
    ];
    let mut m = Machine::new();
    for i in 0..16u8 {
        m.mem[0x2000 + usize::from(i)] = i;
    }
    let mut cpu = m.load(0x1000, &code);
    let t = cpu.run(&mut m, 1_000_000, Some(0x1015));
    assert_eq!(&m.mem[0x3000..0x3010], &m.mem[0x2000..0x2010]);
    // CPIR stops after the 7 at 3007: HL one past it, BC counted down by 8, Z set.
    assert_eq!(cpu.hl(), 0x3008);
    assert_eq!(cpu.bc(), 8);
    assert_ne!(cpu.f & ZF, 0);
    // 10+10+10 + LDIR (15 x 21 + 16) + 10+10+7 + CPIR (7 x 21 + 16)
    assert_eq!(t, 30 + 15 * 21 + 16 + 27 + 7 * 21 + 16);
}

#[test]
fn index_registers_and_their_halves() {
    #[rustfmt::skip]
    let code = [
        0xDD, 0x21, 0x00, 0x40, // LD IX,4000
        0xDD, 0x36, 0x05, 0x99, // LD (IX+5),99
        0xDD, 0x7E, 0x05,       // LD A,(IX+5)
        0xDD, 0x26, 0x12,       // LD IXH,12
        0xDD, 0x6F,             // LD IXL,A
        0xFD, 0x21, 0xFF, 0x40, // LD IY,40FF
        0xFD, 0xCB, 0x06, 0xC6, // SET 0,(IY+6)  -> 4105
        0xFD, 0xCB, 0x06, 0x00, // RLC (IY+6),B  -> 4105 and B
        0x76,
    ];
    let (cpu, m) = run(&code, 0x101C);
    assert_eq!(m.mem[0x4005], 0x99);
    assert_eq!(cpu.a, 0x99);
    assert_eq!(cpu.ix, 0x1299);
    assert_eq!(m.mem[0x4105], 0x02);
    assert_eq!(cpu.b, 0x02);
}
