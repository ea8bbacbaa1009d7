//! A disassembler for fault messages: one instruction at a time, in Zilog's mnemonics with
//! the project's hex style (`LD A,(IX+$05)`, `JP NZ,$4012`, `OUT ($99),A`).
//!
//! Decoded the way the Z80's opcode bits are laid out (the `x`/`y`/`z`/`p`/`q` fields of the
//! main, CB and ED pages of the Z80 CPU User Manual's opcode tables): `DD` and `FD` put IX
//! or IY in place of HL, `(IX+d)` in place of `(HL)` and IXH/IXL in place of H/L where the
//! CPU does; `DD CB d op` and `FD CB d op` are the indexed rotates and bit operations. ED
//! opcodes the manual does not define are written `NOP` with the note `undefined`, as the
//! CPU runs them as two-byte NOPs.

const R: [&str; 8] = ["B", "C", "D", "E", "H", "L", "(HL)", "A"];
const RP: [&str; 4] = ["BC", "DE", "HL", "SP"];
const RP2: [&str; 4] = ["BC", "DE", "HL", "AF"];
const CC: [&str; 8] = ["NZ", "Z", "NC", "C", "PO", "PE", "P", "M"];
const ALU: [&str; 8] = [
    "ADD A,", "ADC A,", "SUB ", "SBC A,", "AND ", "XOR ", "OR ", "CP ",
];
const ROT: [&str; 8] = ["RLC", "RRC", "RL", "RR", "SLA", "SRA", "SLL", "SRL"];

/// The index register a `DD`/`FD` prefix selects, if any.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Index {
    Hl,
    Ix,
    Iy,
}

impl Index {
    fn name(self) -> &'static str {
        match self {
            Self::Hl => "HL",
            Self::Ix => "IX",
            Self::Iy => "IY",
        }
    }
}

/// Reads the instruction's bytes in order.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    pc: u16,
}

impl Reader<'_> {
    fn byte(&mut self) -> u8 {
        let b = self.bytes.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }

    fn word(&mut self) -> u16 {
        let lo = self.byte();
        u16::from_le_bytes([lo, self.byte()])
    }

    /// A relative jump's target.
    fn rel(&mut self) -> String {
        let d = self.byte() as i8;
        let next = self.pc.wrapping_add(self.at as u16);
        format!("${:04X}", next.wrapping_add(d as u16))
    }
}

/// `(IX+$05)`, `(IY-$02)`.
fn indexed(ix: Index, d: u8) -> String {
    let d = d as i8;
    let sign = if d < 0 { '-' } else { '+' };
    format!("({}{sign}${:02X})", ix.name(), d.unsigned_abs())
}

/// The instruction at `pc` whose bytes begin `bytes` (missing bytes past the end read as
/// 0): its text and length in bytes.
#[must_use]
pub fn disasm(bytes: &[u8], pc: u16) -> (String, usize) {
    let mut r = Reader { bytes, at: 0, pc };
    let mut ix = Index::Hl;
    let mut op = r.byte();
    // A run of prefixes: the last one counts, as on the CPU.
    while op == 0xDD || op == 0xFD {
        ix = if op == 0xDD { Index::Ix } else { Index::Iy };
        op = r.byte();
    }
    let text = match op {
        0xCB if ix == Index::Hl => cb(r.byte(), None),
        0xCB => {
            let d = r.byte();
            let op = r.byte();
            cb(op, Some((ix, d)))
        }
        0xED => ed(&mut r),
        _ => main(op, ix, &mut r),
    };
    (text, r.at)
}

/// A main-page opcode, `ix` replacing HL.
fn main(op: u8, ix: Index, r: &mut Reader<'_>) -> String {
    let (x, y, z) = (op >> 6, (op >> 3) & 7, op & 7);
    let (p, q) = (y >> 1, y & 1);
    // A register operand: H and L become IXH/IXL and (HL) becomes (IX+d) under a prefix;
    // `mem` is for the instructions that also name (HL), whose H/L stay H/L.
    let reg = |r: &mut Reader<'_>, i: u8, mem: bool| -> String {
        match (i, ix) {
            (_, Index::Hl) => R[usize::from(i)].to_owned(),
            (6, _) => indexed(ix, r.byte()),
            (4, _) if !mem => format!("{}H", ix.name()),
            (5, _) if !mem => format!("{}L", ix.name()),
            _ => R[usize::from(i)].to_owned(),
        }
    };
    let rp = |i: u8| -> &'static str {
        if i == 2 {
            ix.name()
        } else {
            RP[usize::from(i)]
        }
    };
    match x {
        0 => match z {
            0 => match y {
                0 => "NOP".to_owned(),
                1 => "EX AF,AF'".to_owned(),
                2 => format!("DJNZ {}", r.rel()),
                3 => format!("JR {}", r.rel()),
                _ => format!("JR {},{}", CC[usize::from(y - 4)], r.rel()),
            },
            1 if q == 0 => format!("LD {},${:04X}", rp(p), r.word()),
            1 => format!("ADD {},{}", ix.name(), rp(p)),
            2 => match (q, p) {
                (0, 0) => "LD (BC),A".to_owned(),
                (0, 1) => "LD (DE),A".to_owned(),
                (0, 2) => format!("LD (${:04X}),{}", r.word(), ix.name()),
                (0, _) => format!("LD (${:04X}),A", r.word()),
                (_, 0) => "LD A,(BC)".to_owned(),
                (_, 1) => "LD A,(DE)".to_owned(),
                (_, 2) => format!("LD {},(${:04X})", ix.name(), r.word()),
                _ => format!("LD A,(${:04X})", r.word()),
            },
            3 => format!("{} {}", if q == 0 { "INC" } else { "DEC" }, rp(p)),
            4 => format!("INC {}", reg(r, y, false)),
            5 => format!("DEC {}", reg(r, y, false)),
            6 => {
                let dst = reg(r, y, false);
                format!("LD {dst},${:02X}", r.byte())
            }
            _ => ["RLCA", "RRCA", "RLA", "RRA", "DAA", "CPL", "SCF", "CCF"][usize::from(y)]
                .to_owned(),
        },
        1 if op == 0x76 => "HALT".to_owned(),
        1 => {
            // With (IX+d) on one side, the other register stays H or L.
            let mem = y == 6 || z == 6;
            let dst = reg(r, y, mem);
            let src = reg(r, z, mem);
            format!("LD {dst},{src}")
        }
        2 => format!("{}{}", ALU[usize::from(y)], reg(r, z, false)),
        _ => match z {
            0 => format!("RET {}", CC[usize::from(y)]),
            1 => match (q, p) {
                (0, _) => format!(
                    "POP {}",
                    if p == 2 {
                        ix.name()
                    } else {
                        RP2[usize::from(p)]
                    }
                ),
                (_, 0) => "RET".to_owned(),
                (_, 1) => "EXX".to_owned(),
                (_, 2) => format!("JP ({})", ix.name()),
                _ => format!("LD SP,{}", ix.name()),
            },
            2 => format!("JP {},${:04X}", CC[usize::from(y)], r.word()),
            3 => match y {
                0 => format!("JP ${:04X}", r.word()),
                2 => format!("OUT (${:02X}),A", r.byte()),
                3 => format!("IN A,(${:02X})", r.byte()),
                4 => format!("EX (SP),{}", ix.name()),
                5 => "EX DE,HL".to_owned(),
                6 => "DI".to_owned(),
                7 => "EI".to_owned(),
                // CB is handled before.
                _ => unreachable!("CB is decoded as a page"),
            },
            4 => format!("CALL {},${:04X}", CC[usize::from(y)], r.word()),
            5 => match (q, p) {
                (0, _) => format!(
                    "PUSH {}",
                    if p == 2 {
                        ix.name()
                    } else {
                        RP2[usize::from(p)]
                    }
                ),
                (_, 0) => format!("CALL ${:04X}", r.word()),
                // DD, ED and FD are decoded before.
                _ => unreachable!("prefixes are decoded before"),
            },
            6 => format!("{}${:02X}", ALU[usize::from(y)], r.byte()),
            _ => format!("RST ${:02X}", y * 8),
        },
    }
}

/// A CB-page opcode; `at` the index register and displacement of `DD CB`/`FD CB`.
fn cb(op: u8, at: Option<(Index, u8)>) -> String {
    let (x, y, z) = (op >> 6, (op >> 3) & 7, op & 7);
    let target = match at {
        Some((ix, d)) => indexed(ix, d),
        None => R[usize::from(z)].to_owned(),
    };
    // The indexed forms with a register other than (HL) also copy the result there.
    let copy = match at {
        Some(_) if z != 6 && x != 1 => format!(",{}", R[usize::from(z)]),
        _ => String::new(),
    };
    match x {
        0 => format!("{} {target}{copy}", ROT[usize::from(y)]),
        1 => format!("BIT {y},{target}"),
        2 => format!("RES {y},{target}{copy}"),
        _ => format!("SET {y},{target}{copy}"),
    }
}

/// An ED-page opcode.
fn ed(r: &mut Reader<'_>) -> String {
    let op = r.byte();
    let (x, y, z) = (op >> 6, (op >> 3) & 7, op & 7);
    let (p, q) = (y >> 1, y & 1);
    match x {
        1 => match z {
            0 if y == 6 => "IN (C)".to_owned(),
            0 => format!("IN {},(C)", R[usize::from(y)]),
            1 if y == 6 => "OUT (C),0".to_owned(),
            1 => format!("OUT (C),{}", R[usize::from(y)]),
            2 => format!(
                "{} HL,{}",
                if q == 0 { "SBC" } else { "ADC" },
                RP[usize::from(p)]
            ),
            3 if q == 0 => format!("LD (${:04X}),{}", r.word(), RP[usize::from(p)]),
            3 => format!("LD {},(${:04X})", RP[usize::from(p)], r.word()),
            4 => "NEG".to_owned(),
            5 if y == 1 => "RETI".to_owned(),
            5 => "RETN".to_owned(),
            6 => format!("IM {}", [0, 0, 1, 2][usize::from(y & 3)]),
            _ => [
                "LD I,A", "LD R,A", "LD A,I", "LD A,R", "RRD", "RLD", "NOP", "NOP",
            ][usize::from(y)]
            .to_owned(),
        },
        2 if y >= 4 && z <= 3 => {
            const BLOCK: [[&str; 4]; 4] = [
                ["LDI", "CPI", "INI", "OUTI"],
                ["LDD", "CPD", "IND", "OUTD"],
                ["LDIR", "CPIR", "INIR", "OTIR"],
                ["LDDR", "CPDR", "INDR", "OTDR"],
            ];
            BLOCK[usize::from(y - 4)][usize::from(z)].to_owned()
        }
        _ => format!("NOP (undefined $ED ${op:02X})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(bytes: &[u8]) -> (String, usize) {
        disasm(bytes, 0x4000)
    }

    #[test]
    fn prefixed_forms_read_their_displacement_before_the_immediate() {
        // DD 36 d n: LD (IX+d),n (Z80 CPU User Manual, "LD (IX+d),n").
        assert_eq!(d(&[0xDD, 0x36, 0x05, 0x7F]), ("LD (IX+$05),$7F".into(), 4));
        // FD CB d 46: BIT 0,(IY+d), four bytes.
        assert_eq!(d(&[0xFD, 0xCB, 0xFE, 0x46]), ("BIT 0,(IY-$02)".into(), 4));
        // DD 66 d: LD H,(IX+d) keeps H.
        assert_eq!(d(&[0xDD, 0x66, 0x01]), ("LD H,(IX+$01)".into(), 3));
        // DD 7C: LD A,IXH (undocumented but run by the CPU).
        assert_eq!(d(&[0xDD, 0x7C]), ("LD A,IXH".into(), 2));
    }
}
