//! A disassembler for fault messages: one instruction at a time, in Motorola's syntax with
//! the project's hex style (`MOVE.W #$8174,($C00004).L`, `BNE.S $0212`).
//!
//! Decoded from the opcode map of the M68000 Programmer's Reference Manual (section 8,
//! "Instruction Format Summary"): the operation from the top four bits and the size and
//! effective-address fields below. Words that decode to no 68000 instruction are written
//! `DC.W` with the note `undefined` (line A and line F words say so), as the CPU takes
//! its illegal-instruction exception on them.

const SIZE: [&str; 3] = [".B", ".W", ".L"];
const CC: [&str; 16] = [
    "T", "F", "HI", "LS", "CC", "CS", "NE", "EQ", "VC", "VS", "PL", "MI", "GE", "LT", "GT", "LE",
];

/// Reads the instruction's extension words in order.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    pc: u32,
    /// A word past the bytes given or an addressing mode the instruction cannot take.
    bad: bool,
}

impl Reader<'_> {
    fn word(&mut self) -> u16 {
        let b = |i: usize| self.bytes.get(i).copied().unwrap_or(0);
        let w = u16::from_be_bytes([b(self.at), b(self.at + 1)]);
        self.at += 2;
        w
    }

    fn long(&mut self) -> u32 {
        let hi = u32::from(self.word());
        (hi << 16) | u32::from(self.word())
    }

    /// The address of the next extension word (the base of PC-relative modes).
    fn here(&self) -> u32 {
        self.pc.wrapping_add(self.at as u32) & 0xFF_FFFF
    }

    /// An immediate of `size` (0 byte, 1 word, 2 long).
    fn imm(&mut self, size: u16) -> String {
        match size {
            0 => format!("#${:02X}", self.word() & 0xFF),
            1 => format!("#${:04X}", self.word()),
            _ => format!("#${:08X}", self.long()),
        }
    }

    /// A brief extension word's index: `D1.W`, `A0.L`.
    fn index(&mut self) -> (String, i8) {
        let ext = self.word();
        let kind = if ext & 0x8000 != 0 { 'A' } else { 'D' };
        let size = if ext & 0x0800 != 0 { 'L' } else { 'W' };
        (format!("{kind}{}.{size}", (ext >> 12) & 7), ext as u8 as i8)
    }

    /// The effective address of `mode` and `reg`, reading its extension words; `size` for
    /// an immediate.
    fn ea(&mut self, mode: u16, reg: u16, size: u16) -> String {
        match mode {
            0 => format!("D{reg}"),
            1 => format!("A{reg}"),
            2 => format!("(A{reg})"),
            3 => format!("(A{reg})+"),
            4 => format!("-(A{reg})"),
            5 => format!("({},A{reg})", signed(i32::from(self.word() as i16))),
            6 => {
                let (ix, d) = self.index();
                format!("({},A{reg},{ix})", signed(i32::from(d)))
            }
            _ => match reg {
                0 => format!("(${:04X}).W", self.word()),
                1 => format!("(${:06X}).L", self.long() & 0xFF_FFFF),
                2 => {
                    let base = self.here();
                    let d = i32::from(self.word() as i16);
                    format!("({},PC)", addr(base.wrapping_add(d as u32) & 0xFF_FFFF))
                }
                3 => {
                    let base = self.here();
                    let (ix, d) = self.index();
                    let at = base.wrapping_add(i32::from(d) as u32) & 0xFF_FFFF;
                    format!("({},PC,{ix})", addr(at))
                }
                4 => self.imm(size),
                _ => {
                    self.bad = true;
                    String::new()
                }
            },
        }
    }
}

/// An address: `$0212` below $10000, `$FF0010` above, as the project writes addresses.
fn addr(a: u32) -> String {
    if a <= 0xFFFF {
        format!("${a:04X}")
    } else {
        format!("${a:06X}")
    }
}

/// A displacement: `$10`, `-$02`.
fn signed(d: i32) -> String {
    if d < 0 {
        format!("-${:X}", d.unsigned_abs())
    } else {
        format!("${d:X}")
    }
}

/// A MOVEM register list: `D0-D3/A0/A6`; `reversed` for the predecrement form, whose mask
/// names A7 in bit 0.
fn reg_list(mask: u16, reversed: bool) -> String {
    let mask = if reversed { mask.reverse_bits() } else { mask };
    let mut parts = Vec::new();
    for (bank, kind) in [(0u16, 'D'), (8, 'A')] {
        let mut n = 0;
        while n < 8 {
            if mask & (1 << (bank + n)) == 0 {
                n += 1;
                continue;
            }
            let start = n;
            while n < 8 && mask & (1 << (bank + n)) != 0 {
                n += 1;
            }
            parts.push(if n - start > 1 {
                format!("{kind}{start}-{kind}{}", n - 1)
            } else {
                format!("{kind}{start}")
            });
        }
    }
    parts.join("/")
}

/// The instruction at `pc` whose bytes begin `bytes` (missing bytes past the end read as
/// 0): its text and length in bytes.
#[must_use]
pub fn disasm(bytes: &[u8], pc: u32) -> (String, usize) {
    let mut r = Reader {
        bytes,
        at: 0,
        pc,
        bad: false,
    };
    let op = r.word();
    let text = decode(op, &mut r);
    match text {
        Some(t) if !r.bad => (t, r.at),
        _ => {
            let note = match op >> 12 {
                0xA => "line A",
                0xF => "line F",
                _ => "undefined",
            };
            (format!("DC.W ${op:04X} ({note})"), 2)
        }
    }
}

/// `op`'s text, or `None` for a word no instruction has.
fn decode(op: u16, r: &mut Reader<'_>) -> Option<String> {
    let reg_hi = (op >> 9) & 7;
    let mode = (op >> 3) & 7;
    let reg = op & 7;
    let size = (op >> 6) & 3;
    Some(match op >> 12 {
        0x0 => group0(op, r)?,
        0x1..=0x3 => {
            let size = match op >> 12 {
                1 => 0,
                3 => 1,
                _ => 2,
            };
            let src = r.ea(mode, reg, size);
            let dst_mode = (op >> 6) & 7;
            if dst_mode == 1 {
                if size == 0 {
                    return None;
                }
                format!("MOVEA{} {src},A{reg_hi}", SIZE[usize::from(size)])
            } else {
                let dst = r.ea(dst_mode, reg_hi, size);
                format!("MOVE{} {src},{dst}", SIZE[usize::from(size)])
            }
        }
        0x4 => group4(op, r)?,
        0x5 => {
            if size == 3 {
                let cc = CC[usize::from((op >> 8) & 15)];
                if mode == 1 {
                    let base = r.here();
                    let d = r.word() as i16;
                    let target = base.wrapping_add(i32::from(d) as u32) & 0xFF_FFFF;
                    format!("DB{cc} D{reg},{}", addr(target))
                } else {
                    format!("S{cc} {}", r.ea(mode, reg, 0))
                }
            } else {
                let data = if reg_hi == 0 { 8 } else { reg_hi };
                let name = if op & 0x100 == 0 { "ADDQ" } else { "SUBQ" };
                format!(
                    "{name}{} #{data},{}",
                    SIZE[usize::from(size)],
                    r.ea(mode, reg, size)
                )
            }
        }
        0x6 => {
            let base = r.here();
            let cond = (op >> 8) & 15;
            let name = match cond {
                0 => "BRA".to_owned(),
                1 => "BSR".to_owned(),
                c => format!("B{}", CC[usize::from(c)]),
            };
            let (d, suffix) = match op as u8 {
                0 => (i32::from(r.word() as i16), ".W"),
                d => (i32::from(d as i8), ".S"),
            };
            format!(
                "{name}{suffix} {}",
                addr(base.wrapping_add(d as u32) & 0xFF_FFFF)
            )
        }
        0x7 if op & 0x100 == 0 => format!("MOVEQ #{},D{reg_hi}", op as u8 as i8),
        0x8 | 0x9 | 0xB | 0xC | 0xD => arith(op, r)?,
        0xE => shift(op, r)?,
        _ => return None,
    })
}

/// Immediates, bit operations and MOVEP.
fn group0(op: u16, r: &mut Reader<'_>) -> Option<String> {
    let (mode, reg, size) = ((op >> 3) & 7, op & 7, (op >> 6) & 3);
    const BITS: [&str; 4] = ["BTST", "BCHG", "BCLR", "BSET"];
    if op & 0x100 != 0 {
        if mode == 1 {
            // MOVEP (Programmer's Reference Manual, MOVEP): opmode 100/101 reads memory
            // into Dx as a word or long, 110/111 writes Dx to memory; An is mode 5's base.
            let size_name = if size & 1 == 0 { ".W" } else { ".L" };
            let mem = r.ea(5, reg, 0);
            let d = (op >> 9) & 7;
            return Some(if size & 2 == 0 {
                format!("MOVEP{size_name} {mem},D{d}")
            } else {
                format!("MOVEP{size_name} D{d},{mem}")
            });
        }
        let name = BITS[usize::from(size)];
        return Some(format!("{name} D{},{}", (op >> 9) & 7, r.ea(mode, reg, 0)));
    }
    let which = (op >> 9) & 7;
    if which == 4 {
        let bit = r.word() & 0xFF;
        let name = BITS[usize::from(size)];
        return Some(format!("{name} #{bit},{}", r.ea(mode, reg, 0)));
    }
    let name = ["ORI", "ANDI", "SUBI", "ADDI", "", "EORI", "CMPI", ""][usize::from(which)];
    if name.is_empty() || size == 3 {
        return None;
    }
    if mode == 7 && reg == 4 && matches!(which, 0 | 1 | 5) {
        let target = if size == 0 { "CCR" } else { "SR" };
        return Some(format!("{name} {},{target}", r.imm(size)));
    }
    let imm = r.imm(size);
    Some(format!(
        "{name}{} {imm},{}",
        SIZE[usize::from(size)],
        r.ea(mode, reg, size)
    ))
}

/// Line 4: the miscellaneous instructions.
fn group4(op: u16, r: &mut Reader<'_>) -> Option<String> {
    let (mode, reg, size) = ((op >> 3) & 7, op & 7, (op >> 6) & 3);
    let reg_hi = (op >> 9) & 7;
    let fixed = match op {
        0x4AFC => Some("ILLEGAL"),
        0x4E70 => Some("RESET"),
        0x4E71 => Some("NOP"),
        0x4E73 => Some("RTE"),
        0x4E75 => Some("RTS"),
        0x4E76 => Some("TRAPV"),
        0x4E77 => Some("RTR"),
        _ => None,
    };
    if let Some(f) = fixed {
        return Some(f.to_owned());
    }
    Some(match op {
        0x4E72 => format!("STOP #${:04X}", r.word()),
        _ if op & 0xFFF0 == 0x4E40 => format!("TRAP #{}", op & 15),
        _ if op & 0xFFF8 == 0x4E50 => {
            format!("LINK A{reg},#{}", signed(i32::from(r.word() as i16)))
        }
        _ if op & 0xFFF8 == 0x4E58 => format!("UNLK A{reg}"),
        _ if op & 0xFFF8 == 0x4E60 => format!("MOVE A{reg},USP"),
        _ if op & 0xFFF8 == 0x4E68 => format!("MOVE USP,A{reg}"),
        _ if op & 0xFFC0 == 0x4E80 => format!("JSR {}", r.ea(mode, reg, 0)),
        _ if op & 0xFFC0 == 0x4EC0 => format!("JMP {}", r.ea(mode, reg, 0)),
        _ if op & 0xFFF8 == 0x4840 => format!("SWAP D{reg}"),
        _ if op & 0xFFF8 == 0x4880 => format!("EXT.W D{reg}"),
        _ if op & 0xFFF8 == 0x48C0 => format!("EXT.L D{reg}"),
        _ if op & 0xFFC0 == 0x4840 => format!("PEA {}", r.ea(mode, reg, 0)),
        _ if op & 0xFFC0 == 0x4800 => format!("NBCD {}", r.ea(mode, reg, 0)),
        _ if op & 0xFFC0 == 0x40C0 => format!("MOVE SR,{}", r.ea(mode, reg, 1)),
        _ if op & 0xFFC0 == 0x44C0 => format!("MOVE {},CCR", r.ea(mode, reg, 1)),
        _ if op & 0xFFC0 == 0x46C0 => format!("MOVE {},SR", r.ea(mode, reg, 1)),
        _ if op & 0xFFC0 == 0x4AC0 => format!("TAS {}", r.ea(mode, reg, 0)),
        _ if op & 0xFB80 == 0x4880 => {
            let sz = if op & 0x40 != 0 { ".L" } else { ".W" };
            let mask = r.word();
            let ea = r.ea(mode, reg, 0);
            if op & 0x400 == 0 {
                format!("MOVEM{sz} {},{ea}", reg_list(mask, mode == 4))
            } else {
                format!("MOVEM{sz} {ea},{}", reg_list(mask, false))
            }
        }
        _ if op & 0x1C0 == 0x1C0 => format!("LEA {},A{reg_hi}", r.ea(mode, reg, 0)),
        _ if op & 0x1C0 == 0x180 => format!("CHK.W {},D{reg_hi}", r.ea(mode, reg, 1)),
        _ if size != 3 => {
            let name = match reg_hi {
                0 => "NEGX",
                1 => "CLR",
                2 => "NEG",
                3 => "NOT",
                5 => "TST",
                _ => return None,
            };
            format!(
                "{name}{} {}",
                SIZE[usize::from(size)],
                r.ea(mode, reg, size)
            )
        }
        _ => return None,
    })
}

/// Lines 8, 9, B, C and D: OR, SUB, CMP/EOR, AND, ADD and their kin.
fn arith(op: u16, r: &mut Reader<'_>) -> Option<String> {
    let (mode, reg, size) = ((op >> 3) & 7, op & 7, (op >> 6) & 3);
    let reg_hi = (op >> 9) & 7;
    let line = op >> 12;
    let name = match line {
        0x8 => "OR",
        0x9 => "SUB",
        0xB => "CMP",
        0xC => "AND",
        _ => "ADD",
    };
    let to_ea = op & 0x100 != 0;
    if size == 3 {
        // The word- and long-sized forms on the other operand.
        return Some(match line {
            0x8 | 0xC => {
                let name = match (line, to_ea) {
                    (0x8, false) => "DIVU",
                    (0x8, true) => "DIVS",
                    (_, false) => "MULU",
                    _ => "MULS",
                };
                format!("{name}.W {},D{reg_hi}", r.ea(mode, reg, 1))
            }
            _ => {
                let sz = if to_ea { 2 } else { 1 };
                format!(
                    "{name}A{} {},A{reg_hi}",
                    SIZE[usize::from(sz)],
                    r.ea(mode, reg, sz)
                )
            }
        });
    }
    let sz = SIZE[usize::from(size)];
    if to_ea && mode <= 1 {
        // The register-to-register forms in place of a data or address register EA.
        return Some(match (line, mode) {
            (0x8, 0) if size == 0 => format!("SBCD D{reg},D{reg_hi}"),
            (0xC, 0) if size == 0 => format!("ABCD D{reg},D{reg_hi}"),
            (0x8 | 0xC, 1) if size == 0 => {
                let name = if line == 0x8 { "SBCD" } else { "ABCD" };
                format!("{name} -(A{reg}),-(A{reg_hi})")
            }
            (0xC, _) => match (op >> 3) & 0x1F {
                0x08 => format!("EXG D{reg_hi},D{reg}"),
                0x09 => format!("EXG A{reg_hi},A{reg}"),
                0x11 => format!("EXG D{reg_hi},A{reg}"),
                _ => return None,
            },
            (0x9 | 0xD, 0) => format!("{name}X{sz} D{reg},D{reg_hi}"),
            (0x9 | 0xD, _) => format!("{name}X{sz} -(A{reg}),-(A{reg_hi})"),
            (0xB, 0) => format!("EOR{sz} D{reg_hi},D{reg}"),
            (0xB, _) => format!("CMPM{sz} (A{reg})+,(A{reg_hi})+"),
            _ => return None,
        });
    }
    let ea = r.ea(mode, reg, size);
    Some(match (line, to_ea) {
        (0xB, true) => format!("EOR{sz} D{reg_hi},{ea}"),
        (_, true) => format!("{name}{sz} D{reg_hi},{ea}"),
        _ => format!("{name}{sz} {ea},D{reg_hi}"),
    })
}

/// Line E: shifts and rotates.
fn shift(op: u16, r: &mut Reader<'_>) -> Option<String> {
    const NAMES: [&str; 4] = ["AS", "LS", "ROX", "RO"];
    let dir = if op & 0x100 != 0 { 'L' } else { 'R' };
    let size = (op >> 6) & 3;
    if size == 3 {
        if op & 0x800 != 0 {
            return None;
        }
        let name = NAMES[usize::from((op >> 9) & 3)];
        return Some(format!("{name}{dir}.W {}", r.ea((op >> 3) & 7, op & 7, 1)));
    }
    let name = NAMES[usize::from((op >> 3) & 3)];
    let count = (op >> 9) & 7;
    let by = if op & 0x20 != 0 {
        format!("D{count}")
    } else {
        format!("#{}", if count == 0 { 8 } else { count })
    };
    Some(format!(
        "{name}{dir}{} {by},D{}",
        SIZE[usize::from(size)],
        op & 7
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movep_reads_and_writes_through_a_displacement() {
        // $010A: 0000 000 100 001 010 = MOVEP.W (d16,A2),D0; $03CA: opmode 111, D1 to memory.
        let (text, len) = disasm(&[0x01, 0x0A, 0x00, 0x04], 0);
        assert!(
            text.starts_with("MOVEP.W ") && text.ends_with(",D0"),
            "{text}"
        );
        assert_eq!(len, 4);
        let (text, len) = disasm(&[0x03, 0xCA, 0xFF, 0xFE], 0);
        assert!(text.starts_with("MOVEP.L D1,"), "{text}");
        assert!(text.contains("A2"), "{text}");
        assert_eq!(len, 4);
    }

    #[test]
    fn movem_lists_read_the_predecrement_mask_reversed() {
        // MOVEM.L D0-D7/A0-A6,-(A7): mask $FFFE with A7 in bit 0 (Programmer's Reference
        // Manual, MOVEM "Register List Mask Format").
        assert_eq!(
            disasm(&[0x48, 0xE7, 0xFF, 0xFE], 0),
            ("MOVEM.L D0-D7/A0-A6,-(A7)".into(), 4)
        );
        assert_eq!(
            disasm(&[0x4C, 0xDF, 0x7F, 0xFF], 0),
            ("MOVEM.L (A7)+,D0-D7/A0-A6".into(), 4)
        );
    }
}
