//! Cycle counts of every opcode of the three pages and of every indexed postbyte,
//! against tables written out here from the Motorola MC6809 data sheet (opcode map,
//! "~" column, and the indexed addressing table), independently of the crate's own
//! tables. Every opcode the tables below do not list must be reported as illegal.

use cpu_6809::{Cpu, Fault, State};

/// Immediate, direct, indexed, extended: `(mnemonic, page prefix, opcode of the
/// immediate column, [imm, dir, idx, ext])`; the other columns are at +$10, +$20, +$30.
/// 0 = no such mode. Indexed counts are for `,X` (no extra cycles).
#[rustfmt::skip]
const MEMORY_OPS: &[(&str, u8, u8, [u32; 4])] = &[
    ("SUBA", 0, 0x80, [2, 4, 4, 5]), ("CMPA", 0, 0x81, [2, 4, 4, 5]),
    ("SBCA", 0, 0x82, [2, 4, 4, 5]), ("SUBD", 0, 0x83, [4, 6, 6, 7]),
    ("ANDA", 0, 0x84, [2, 4, 4, 5]), ("BITA", 0, 0x85, [2, 4, 4, 5]),
    ("LDA", 0, 0x86, [2, 4, 4, 5]), ("STA", 0, 0x87, [0, 4, 4, 5]),
    ("EORA", 0, 0x88, [2, 4, 4, 5]), ("ADCA", 0, 0x89, [2, 4, 4, 5]),
    ("ORA", 0, 0x8A, [2, 4, 4, 5]), ("ADDA", 0, 0x8B, [2, 4, 4, 5]),
    ("CMPX", 0, 0x8C, [4, 6, 6, 7]), ("BSR/JSR", 0, 0x8D, [7, 7, 7, 8]),
    ("LDX", 0, 0x8E, [3, 5, 5, 6]), ("STX", 0, 0x8F, [0, 5, 5, 6]),
    ("SUBB", 0, 0xC0, [2, 4, 4, 5]), ("CMPB", 0, 0xC1, [2, 4, 4, 5]),
    ("SBCB", 0, 0xC2, [2, 4, 4, 5]), ("ADDD", 0, 0xC3, [4, 6, 6, 7]),
    ("ANDB", 0, 0xC4, [2, 4, 4, 5]), ("BITB", 0, 0xC5, [2, 4, 4, 5]),
    ("LDB", 0, 0xC6, [2, 4, 4, 5]), ("STB", 0, 0xC7, [0, 4, 4, 5]),
    ("EORB", 0, 0xC8, [2, 4, 4, 5]), ("ADCB", 0, 0xC9, [2, 4, 4, 5]),
    ("ORB", 0, 0xCA, [2, 4, 4, 5]), ("ADDB", 0, 0xCB, [2, 4, 4, 5]),
    ("LDD", 0, 0xCC, [3, 5, 5, 6]), ("STD", 0, 0xCD, [0, 5, 5, 6]),
    ("LDU", 0, 0xCE, [3, 5, 5, 6]), ("STU", 0, 0xCF, [0, 5, 5, 6]),
    ("CMPD", 0x10, 0x83, [5, 7, 7, 8]), ("CMPY", 0x10, 0x8C, [5, 7, 7, 8]),
    ("LDY", 0x10, 0x8E, [4, 6, 6, 7]), ("STY", 0x10, 0x8F, [0, 6, 6, 7]),
    ("LDS", 0x10, 0xCE, [4, 6, 6, 7]), ("STS", 0x10, 0xCF, [0, 6, 6, 7]),
    ("CMPU", 0x11, 0x83, [5, 7, 7, 8]), ("CMPS", 0x11, 0x8C, [5, 7, 7, 8]),
];

/// Read-modify-write group: `(mnemonic, low nibble)`; direct 6 ($0x), indexed 6 ($6x),
/// extended 7 ($7x), inherent A and B 2 ($4x, $5x). JMP ($xE) is separate.
const RMW_OPS: &[(&str, u8)] = &[
    ("NEG", 0x0),
    ("COM", 0x3),
    ("LSR", 0x4),
    ("ROR", 0x6),
    ("ASR", 0x7),
    ("ASL", 0x8),
    ("ROL", 0x9),
    ("DEC", 0xA),
    ("INC", 0xC),
    ("TST", 0xD),
    ("CLR", 0xF),
];

/// The rest, with operands that add nothing: `(mnemonic, opcode bytes, cycles)`.
#[rustfmt::skip]
const OTHER_OPS: &[(&str, &[u8], u32)] = &[
    ("JMP dir", &[0x0E, 0x00], 3), ("JMP ,X", &[0x6E, 0x84], 3), ("JMP ext", &[0x7E, 0x20, 0x00], 4),
    ("NOP", &[0x12], 2), ("SYNC", &[0x13], 4), ("LBRA", &[0x16, 0x00, 0x10], 5),
    ("LBSR", &[0x17, 0x00, 0x10], 9), ("DAA", &[0x19], 2), ("ORCC", &[0x1A, 0x00], 3),
    ("ANDCC", &[0x1C, 0xFF], 3), ("SEX", &[0x1D], 2), ("EXG X,Y", &[0x1E, 0x12], 8),
    ("TFR X,Y", &[0x1F, 0x12], 6),
    ("LEAX ,X", &[0x30, 0x84], 4), ("LEAY ,X", &[0x31, 0x84], 4),
    ("LEAS ,X", &[0x32, 0x84], 4), ("LEAU ,X", &[0x33, 0x84], 4),
    ("PSHS none", &[0x34, 0x00], 5), ("PULS none", &[0x35, 0x00], 5),
    ("PSHU none", &[0x36, 0x00], 5), ("PULU none", &[0x37, 0x00], 5),
    ("PSHS all", &[0x34, 0xFF], 17), ("PULS all", &[0x35, 0xFF], 17),
    ("PSHU all", &[0x36, 0xFF], 17), ("PULU all", &[0x37, 0xFF], 17),
    ("PSHS CC,A,B,DP", &[0x34, 0x0F], 9), ("PULU X,Y,S,PC", &[0x37, 0xF0], 13),
    ("RTS", &[0x39], 5), ("ABX", &[0x3A], 3), ("RTI (E clear)", &[0x3B], 6),
    ("MUL", &[0x3D], 11), ("SWI", &[0x3F], 19),
    ("SWI2", &[0x10, 0x3F], 20), ("SWI3", &[0x11, 0x3F], 20),
];

/// A fresh machine: memory zero, the instruction at $1000, X Y U S in RAM.
fn machine(bytes: &[u8]) -> (Cpu, Box<[u8; 0x10000]>) {
    let mut mem = Box::new([0u8; 0x10000]);
    mem[0x1000..0x1000 + bytes.len()].copy_from_slice(bytes);
    let mut cpu = Cpu::new();
    cpu.pc = 0x1000;
    cpu.x = 0x4000;
    cpu.y = 0x4100;
    cpu.u = 0x5000;
    cpu.s = 0x6000;
    (cpu, mem)
}

/// Runs one instruction and returns its cycles, checking `cycles` advanced as much.
fn cycles_of(bytes: &[u8]) -> Result<u32, Fault> {
    let (mut cpu, mut mem) = machine(bytes);
    let before = cpu.cycles;
    let c = cpu.step(&mut *mem)?;
    assert_eq!(
        cpu.cycles - before,
        u64::from(c),
        "{bytes:02X?}: Cpu::cycles"
    );
    Ok(c)
}

/// Every defined opcode with its data sheet cycles, as `(prefix, opcode) -> bytes`.
fn expected() -> Vec<(String, Vec<u8>, u32)> {
    let mut all = Vec::new();
    for &(name, prefix, op, counts) in MEMORY_OPS {
        // Operands: immediate zeros, direct $00, indexed ,X, extended $2000.
        let operands: [&[u8]; 4] = [&[0, 0], &[0x00], &[0x84], &[0x20, 0x00]];
        for (mode, (&c, operand)) in counts.iter().zip(operands).enumerate() {
            if c == 0 {
                continue;
            }
            let mut bytes = Vec::new();
            if prefix != 0 {
                bytes.push(prefix);
            }
            bytes.push(op + 0x10 * mode as u8);
            bytes.extend_from_slice(operand);
            all.push((format!("{name} mode {mode}"), bytes, c));
        }
    }
    for &(name, lo) in RMW_OPS {
        all.push((format!("{name}A"), vec![0x40 | lo], 2));
        all.push((format!("{name}B"), vec![0x50 | lo], 2));
        all.push((format!("{name} dir"), vec![lo, 0x00], 6));
        all.push((format!("{name} ,X"), vec![0x60 | lo, 0x84], 6));
        all.push((format!("{name} ext"), vec![0x70 | lo, 0x20, 0x00], 7));
    }
    for op in 0x20..=0x2F {
        all.push((format!("Bcc {op:02X}"), vec![op, 0x10], 3));
    }
    for &(name, bytes, c) in OTHER_OPS {
        all.push((name.to_string(), bytes.to_vec(), c));
    }
    all
}

#[test]
fn every_defined_opcode_takes_the_data_sheet_cycles() {
    for (name, bytes, c) in expected() {
        assert_eq!(cycles_of(&bytes), Ok(c), "{name} {bytes:02X?}");
    }
}

#[test]
fn every_opcode_not_in_the_data_sheet_is_reported() {
    let defined: Vec<Vec<u8>> = expected()
        .into_iter()
        .map(|(_, b, _)| {
            let n = if b[0] == 0x10 || b[0] == 0x11 { 2 } else { 1 };
            b[..n].to_vec()
        })
        .collect();
    // Defined but timed by their own tests: LBcc (5 or 6) and CWAI (20 with the wake-up).
    let mut lbcc: Vec<Vec<u8>> = (0x21..=0x2F).map(|op| vec![0x10, op]).collect();
    lbcc.push(vec![0x3C]);
    let mut checked = 0;
    for prefix in [None, Some(0x10u8), Some(0x11u8)] {
        for op in 0..=255u8 {
            if prefix.is_none() && (op == 0x10 || op == 0x11) {
                continue;
            }
            let code: Vec<u8> = prefix.into_iter().chain([op]).collect();
            if defined.contains(&code) || lbcc.contains(&code) {
                continue;
            }
            let (mut cpu, mut mem) = machine(&code);
            let opcode = code.iter().fold(0u16, |acc, &b| (acc << 8) | u16::from(b));
            assert_eq!(
                cpu.step(&mut *mem),
                Err(Fault::IllegalOpcode { pc: 0x1000, opcode }),
                "{code:02X?}"
            );
            assert_eq!(
                (cpu.pc, cpu.cycles),
                (0x1000, 0),
                "{code:02X?} left the CPU as it was"
            );
            checked += 1;
        }
    }
    // Page 0 leaves 33 opcodes undefined, page $10 has 38 defined, page $11 has 9.
    assert_eq!(checked, 33 + (256 - 38) + (256 - 9));
}

#[test]
fn long_conditional_branches_take_5_or_6() {
    // LBRN .. LBLE with every combination of N Z V C: 6 when the PC moved, else 5.
    for op in 0x21..=0x2Fu8 {
        for flags in 0..16u8 {
            let (mut cpu, mut mem) = machine(&[0x10, op, 0x01, 0x00]);
            cpu.cc = flags;
            let c = cpu.step(&mut *mem).unwrap();
            let taken = cpu.pc == 0x1104;
            assert!(taken || cpu.pc == 0x1004, "LB {op:02X}: PC {:04X}", cpu.pc);
            assert_eq!(c, if taken { 6 } else { 5 }, "LB {op:02X} cc {flags:X}");
            if op == 0x21 {
                assert!(!taken, "LBRN never branches");
            }
        }
    }
}

#[test]
fn rti_takes_6_or_15() {
    for (e, cycles, s_after) in [(0x00u8, 6, 0x6003), (0x80, 15, 0x600C)] {
        let (mut cpu, mut mem) = machine(&[0x3B]);
        mem[0x6000] = e;
        assert_eq!(cpu.step(&mut *mem), Ok(cycles));
        assert_eq!(cpu.s, s_after);
    }
}

/// The data sheet's indexed addressing table: `(postbyte mask, value, form, extra
/// cycles (None: undefined), offset bytes)`. First match wins; RR (bits 5-6) is masked
/// out except where the data sheet fixes it.
#[rustfmt::skip]
const INDEXED: &[(u8, u8, &str, Option<u32>, u16)] = &[
    (0x80, 0x00, "n5,R", Some(1), 0),
    (0x9F, 0x80, ",R+", Some(2), 0), (0x9F, 0x90, "[,R+]", None, 0),
    (0x9F, 0x81, ",R++", Some(3), 0), (0x9F, 0x91, "[,R++]", Some(6), 0),
    (0x9F, 0x82, ",-R", Some(2), 0), (0x9F, 0x92, "[,-R]", None, 0),
    (0x9F, 0x83, ",--R", Some(3), 0), (0x9F, 0x93, "[,--R]", Some(6), 0),
    (0x9F, 0x84, ",R", Some(0), 0), (0x9F, 0x94, "[,R]", Some(3), 0),
    (0x9F, 0x85, "B,R", Some(1), 0), (0x9F, 0x95, "[B,R]", Some(4), 0),
    (0x9F, 0x86, "A,R", Some(1), 0), (0x9F, 0x96, "[A,R]", Some(4), 0),
    (0x9F, 0x87, "(undefined)", None, 0), (0x9F, 0x97, "(undefined)", None, 0),
    (0x9F, 0x88, "n8,R", Some(1), 1), (0x9F, 0x98, "[n8,R]", Some(4), 1),
    (0x9F, 0x89, "n16,R", Some(4), 2), (0x9F, 0x99, "[n16,R]", Some(7), 2),
    (0x9F, 0x8A, "(undefined)", None, 0), (0x9F, 0x9A, "(undefined)", None, 0),
    (0x9F, 0x8B, "D,R", Some(4), 0), (0x9F, 0x9B, "[D,R]", Some(7), 0),
    (0x9F, 0x8C, "n8,PCR", Some(1), 1), (0x9F, 0x9C, "[n8,PCR]", Some(4), 1),
    (0x9F, 0x8D, "n16,PCR", Some(5), 2), (0x9F, 0x9D, "[n16,PCR]", Some(8), 2),
    (0x9F, 0x8E, "(undefined)", None, 0), (0x9F, 0x9E, "(undefined)", None, 0),
    (0x9F, 0x8F, "(undefined)", None, 0),
    (0xFF, 0x9F, "[n16]", Some(5), 2),
    (0x9F, 0x9F, "[n16] with RR not 00 (undefined)", None, 0),
];

fn indexed_form(pb: u8) -> (&'static str, Option<u32>, u16) {
    let &(_, _, form, extra, len) = INDEXED
        .iter()
        .find(|&&(mask, value, ..)| pb & mask == value)
        .expect("the table covers every postbyte");
    (form, extra, len)
}

#[test]
fn every_indexed_postbyte_adds_the_data_sheet_cycles() {
    // LDA (4+), LEAX (4+), LDY on page $10 (6+), STU (5+), JSR (7+).
    let instructions: [(&[u8], u32); 5] = [
        (&[0xA6], 4),
        (&[0x30], 4),
        (&[0x10, 0xAE], 6),
        (&[0xEF], 5),
        (&[0xAD], 7),
    ];
    for (opcode, base) in instructions {
        for pb in 0..=255u8 {
            let (form, extra, len) = indexed_form(pb);
            let mut bytes = opcode.to_vec();
            bytes.extend([pb, 0x00, 0x00]);
            let (mut cpu, mut mem) = machine(&bytes);
            let result = cpu.step(&mut *mem);
            let what = format!("{opcode:02X?} postbyte {pb:02X} {form}");
            match extra {
                Some(extra) => {
                    assert_eq!(result, Ok(base + extra), "{what}");
                    if opcode != [0xAD] {
                        let end = 0x1000 + opcode.len() as u16 + 1 + len;
                        assert_eq!(cpu.pc, end, "{what}: instruction length");
                    }
                }
                None => {
                    assert_eq!(
                        result,
                        Err(Fault::IllegalPostbyte {
                            pc: 0x1000,
                            postbyte: pb
                        }),
                        "{what}"
                    );
                    assert_eq!(
                        (cpu.pc, cpu.x, cpu.y, cpu.u, cpu.s, cpu.cycles),
                        (0x1000, 0x4000, 0x4100, 0x5000, 0x6000, 0),
                        "{what}: nothing changed"
                    );
                }
            }
        }
    }
}

#[test]
fn cwai_takes_20_with_an_interrupt_pending() {
    // CWAI #$EF (clears I) with IRQ asserted: the instruction and the interrupt entry
    // out of the wait make the data sheet's 20 (16 up to the wait, 1 waiting, 3 for
    // the vector); each extra step of waiting adds 1.
    for waits in 0..3 {
        let (mut cpu, mut mem) = machine(&[0x3C, 0xEF]);
        let mut total = cpu.step(&mut *mem).unwrap();
        for _ in 0..waits {
            total += cpu.step(&mut *mem).unwrap();
        }
        cpu.set_irq(true);
        total += cpu.step(&mut *mem).unwrap();
        assert_eq!(total, 20 + waits, "{waits} idle steps");
        assert_eq!(cpu.state, State::Running);
    }
}

#[test]
fn cwai_and_sync_wait_one_cycle_per_step() {
    let (mut cpu, mut mem) = machine(&[0x13]);
    assert_eq!(cpu.step(&mut *mem), Ok(4));
    assert_eq!(cpu.state, State::SyncWait);
    assert_eq!(cpu.step(&mut *mem), Ok(1));
    assert_eq!(cpu.state, State::SyncWait);
    assert_eq!(cpu.pc, 0x1001);
}
