//! A disassembler for fault messages: one instruction at a time, in Motorola's syntax with
//! the project's hex style (`LDA #$12`, `STA <$C8`, `LDX $C800`, `LDA -$03,X`,
//! `JSR [$C81E]`, `BNE $F012`).
//!
//! Mnemonics, addressing modes and the indexed postbyte are the MC6809 data sheet's
//! (the opcode map of page 0 and of the `$10` and `$11` pages, and the "Indexed Addressing
//! Postbyte Register Bit Assignments" table). Opcodes the data sheet leaves undefined are
//! written `FCB` with the note `undefined`.

/// How an instruction names its operand.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Inherent,
    /// An immediate of one byte.
    Imm8,
    /// An immediate of two bytes.
    Imm16,
    Direct,
    Indexed,
    Extended,
    Rel8,
    Rel16,
    /// `EXG`/`TFR`: a register pair byte.
    Pair,
    /// `PSHS`/`PULS`: a register mask, naming S's partner U.
    StackS,
    /// `PSHU`/`PULU`: a register mask, naming U's partner S.
    StackU,
}

/// The ALU rows of the map ($8x-$Fx): the mnemonic per low nibble, `A`/`B` appended by
/// the half, and whether the immediate is 16-bit.
const ALU_A: [(&str, bool); 16] = [
    ("SUBA", false),
    ("CMPA", false),
    ("SBCA", false),
    ("SUBD", true),
    ("ANDA", false),
    ("BITA", false),
    ("LDA", false),
    ("STA", false),
    ("EORA", false),
    ("ADCA", false),
    ("ORA", false),
    ("ADDA", false),
    ("CMPX", true),
    ("JSR", false),
    ("LDX", true),
    ("STX", true),
];
const ALU_B: [(&str, bool); 16] = [
    ("SUBB", false),
    ("CMPB", false),
    ("SBCB", false),
    ("ADDD", true),
    ("ANDB", false),
    ("BITB", false),
    ("LDB", false),
    ("STB", false),
    ("EORB", false),
    ("ADCB", false),
    ("ORB", false),
    ("ADDB", false),
    ("LDD", true),
    ("STD", true),
    ("LDU", true),
    ("STU", true),
];
/// The read-modify-write row ($0x, $4x, $5x, $6x, $7x); `""` where undefined.
const RMW: [&str; 16] = [
    "NEG", "", "", "COM", "LSR", "", "ROR", "ASR", "ASL", "ROL", "DEC", "", "INC", "TST", "JMP",
    "CLR",
];
const BRANCH: [&str; 16] = [
    "BRA", "BRN", "BHI", "BLS", "BCC", "BCS", "BNE", "BEQ", "BVC", "BVS", "BPL", "BMI", "BGE",
    "BLT", "BGT", "BLE",
];

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
        let hi = self.byte();
        u16::from_be_bytes([hi, self.byte()])
    }

    fn next(&self) -> u16 {
        self.pc.wrapping_add(self.at as u16)
    }
}

/// A signed offset: `$05`, `-$03`.
fn signed(d: i32) -> String {
    if d < 0 {
        format!("-${:02X}", d.unsigned_abs())
    } else {
        format!("${d:02X}")
    }
}

/// An indexed operand from its postbyte (and the offset bytes after it).
fn indexed(r: &mut Reader<'_>) -> Option<String> {
    let pb = r.byte();
    let reg = ["X", "Y", "U", "S"][usize::from((pb >> 5) & 3)];
    if pb & 0x80 == 0 {
        // A 5-bit two's-complement offset.
        let d = i32::from(((pb & 0x1F) as i8) << 3 >> 3);
        return Some(format!("{},{reg}", signed(d)));
    }
    let indirect = pb & 0x10 != 0;
    let inner = match pb & 0x0F {
        0 if !indirect => format!(",{reg}+"),
        1 => format!(",{reg}++"),
        2 if !indirect => format!(",-{reg}"),
        3 => format!(",--{reg}"),
        4 => format!(",{reg}"),
        5 => format!("B,{reg}"),
        6 => format!("A,{reg}"),
        8 => format!("{},{reg}", signed(i32::from(r.byte() as i8))),
        9 => format!("{},{reg}", signed(i32::from(r.word() as i16))),
        0xB => format!("D,{reg}"),
        0xC => {
            let d = r.byte() as i8;
            format!("${:04X},PCR", r.next().wrapping_add(d as u16))
        }
        0xD => {
            let d = r.word();
            format!("${:04X},PCR", r.next().wrapping_add(d))
        }
        0xF if indirect => format!("${:04X}", r.word()),
        _ => return None,
    };
    Some(if indirect {
        format!("[{inner}]")
    } else {
        inner
    })
}

/// A PSH/PUL register mask: `CC,A,B,DP,X,Y,U,PC`.
fn stack_list(mask: u8, other: &str) -> String {
    let names = ["CC", "A", "B", "DP", "X", "Y", other, "PC"];
    (0..8)
        .filter(|i| mask & (1 << i) != 0)
        .map(|i| names[i])
        .collect::<Vec<_>>()
        .join(",")
}

/// An EXG/TFR register by its nibble.
fn pair_reg(n: u8) -> &'static str {
    match n {
        0 => "D",
        1 => "X",
        2 => "Y",
        3 => "U",
        4 => "S",
        5 => "PC",
        8 => "A",
        9 => "B",
        0xA => "CC",
        0xB => "DP",
        _ => "?",
    }
}

/// The mnemonic and mode of a page 0 opcode.
fn page0(op: u8) -> Option<(&'static str, Mode)> {
    let (hi, lo) = (op >> 4, usize::from(op & 15));
    let rmw = |m: Mode| (!RMW[lo].is_empty()).then_some((RMW[lo], m));
    let alu = |table: &[(&'static str, bool); 16], m: Mode| {
        let (name, wide) = table[lo];
        match m {
            Mode::Imm8 if wide => Some((name, Mode::Imm16)),
            _ => Some((name, m)),
        }
    };
    match hi {
        0x0 => rmw(Mode::Direct),
        0x1 => Some(match op {
            0x12 => ("NOP", Mode::Inherent),
            0x13 => ("SYNC", Mode::Inherent),
            0x16 => ("LBRA", Mode::Rel16),
            0x17 => ("LBSR", Mode::Rel16),
            0x19 => ("DAA", Mode::Inherent),
            0x1A => ("ORCC", Mode::Imm8),
            0x1C => ("ANDCC", Mode::Imm8),
            0x1D => ("SEX", Mode::Inherent),
            0x1E => ("EXG", Mode::Pair),
            0x1F => ("TFR", Mode::Pair),
            _ => return None,
        }),
        0x2 => Some((BRANCH[lo], Mode::Rel8)),
        0x3 => Some(match op {
            0x30 => ("LEAX", Mode::Indexed),
            0x31 => ("LEAY", Mode::Indexed),
            0x32 => ("LEAS", Mode::Indexed),
            0x33 => ("LEAU", Mode::Indexed),
            0x34 => ("PSHS", Mode::StackS),
            0x35 => ("PULS", Mode::StackS),
            0x36 => ("PSHU", Mode::StackU),
            0x37 => ("PULU", Mode::StackU),
            0x39 => ("RTS", Mode::Inherent),
            0x3A => ("ABX", Mode::Inherent),
            0x3B => ("RTI", Mode::Inherent),
            0x3C => ("CWAI", Mode::Imm8),
            0x3D => ("MUL", Mode::Inherent),
            0x3F => ("SWI", Mode::Inherent),
            _ => return None,
        }),
        0x4 | 0x5 => {
            const A: [&str; 16] = [
                "NEGA", "", "", "COMA", "LSRA", "", "RORA", "ASRA", "ASLA", "ROLA", "DECA", "",
                "INCA", "TSTA", "", "CLRA",
            ];
            const B: [&str; 16] = [
                "NEGB", "", "", "COMB", "LSRB", "", "RORB", "ASRB", "ASLB", "ROLB", "DECB", "",
                "INCB", "TSTB", "", "CLRB",
            ];
            let name = if hi == 4 { A[lo] } else { B[lo] };
            (!name.is_empty()).then_some((name, Mode::Inherent))
        }
        0x6 => rmw(Mode::Indexed),
        0x7 => rmw(Mode::Extended),
        0x8 => match op {
            0x87 | 0x8F => None,
            0x8D => Some(("BSR", Mode::Rel8)),
            _ => alu(&ALU_A, Mode::Imm8),
        },
        0x9 => alu(&ALU_A, Mode::Direct),
        0xA => alu(&ALU_A, Mode::Indexed),
        0xB => alu(&ALU_A, Mode::Extended),
        0xC => match op {
            0xC7 | 0xCD | 0xCF => None,
            _ => alu(&ALU_B, Mode::Imm8),
        },
        0xD => alu(&ALU_B, Mode::Direct),
        0xE => alu(&ALU_B, Mode::Indexed),
        _ => alu(&ALU_B, Mode::Extended),
    }
}

/// The mnemonic and mode of a `$10`-page opcode.
fn page1(op: u8) -> Option<(&'static str, Mode)> {
    const LONG: [&str; 16] = [
        "", "LBRN", "LBHI", "LBLS", "LBCC", "LBCS", "LBNE", "LBEQ", "LBVC", "LBVS", "LBPL", "LBMI",
        "LBGE", "LBLT", "LBGT", "LBLE",
    ];
    let mode = |hi: u8| match hi {
        0x8 | 0xC => Mode::Imm16,
        0x9 | 0xD => Mode::Direct,
        0xA | 0xE => Mode::Indexed,
        _ => Mode::Extended,
    };
    let hi = op >> 4;
    Some(match (hi, op & 15) {
        (0x2, lo) if lo != 0 => (LONG[usize::from(lo)], Mode::Rel16),
        (0x3, 0xF) => ("SWI2", Mode::Inherent),
        (0x8..=0xB, 0x3) => ("CMPD", mode(hi)),
        (0x8..=0xB, 0xC) => ("CMPY", mode(hi)),
        (0x8..=0xB, 0xE) => ("LDY", mode(hi)),
        (0x9..=0xB, 0xF) => ("STY", mode(hi)),
        (0xC..=0xF, 0xE) => ("LDS", mode(hi)),
        (0xD..=0xF, 0xF) => ("STS", mode(hi)),
        _ => return None,
    })
}

/// The mnemonic and mode of a `$11`-page opcode.
fn page2(op: u8) -> Option<(&'static str, Mode)> {
    let hi = op >> 4;
    let mode = match hi {
        0x8 => Mode::Imm16,
        0x9 => Mode::Direct,
        0xA => Mode::Indexed,
        _ => Mode::Extended,
    };
    Some(match (hi, op & 15) {
        (0x3, 0xF) => ("SWI3", Mode::Inherent),
        (0x8..=0xB, 0x3) => ("CMPU", mode),
        (0x8..=0xB, 0xC) => ("CMPS", mode),
        _ => return None,
    })
}

/// The instruction at `pc` whose bytes begin `bytes` (missing bytes past the end read as
/// 0): its text and length in bytes.
#[must_use]
pub fn disasm(bytes: &[u8], pc: u16) -> (String, usize) {
    let mut r = Reader { bytes, at: 0, pc };
    let first = r.byte();
    let entry = match first {
        0x10 => {
            let op = r.byte();
            page1(op).ok_or(op)
        }
        0x11 => {
            let op = r.byte();
            page2(op).ok_or(op)
        }
        op => page0(op).ok_or(op),
    };
    let undefined = |r: &Reader<'_>| {
        let shown: Vec<String> = bytes[..r.at.min(bytes.len())]
            .iter()
            .map(|b| format!("${b:02X}"))
            .collect();
        (format!("FCB {} (undefined)", shown.join(",")), r.at)
    };
    let Ok((name, mode)) = entry else {
        return undefined(&r);
    };
    let operand = match mode {
        Mode::Inherent => String::new(),
        Mode::Imm8 => format!("#${:02X}", r.byte()),
        Mode::Imm16 => format!("#${:04X}", r.word()),
        Mode::Direct => format!("<${:02X}", r.byte()),
        Mode::Extended => format!("${:04X}", r.word()),
        Mode::Indexed => match indexed(&mut r) {
            Some(s) => s,
            None => return undefined(&r),
        },
        Mode::Rel8 => {
            let d = r.byte() as i8;
            format!("${:04X}", r.next().wrapping_add(d as u16))
        }
        Mode::Rel16 => {
            let d = r.word();
            format!("${:04X}", r.next().wrapping_add(d))
        }
        Mode::Pair => {
            let b = r.byte();
            format!("{},{}", pair_reg(b >> 4), pair_reg(b & 15))
        }
        Mode::StackS => stack_list(r.byte(), "U"),
        Mode::StackU => stack_list(r.byte(), "S"),
    };
    let text = if operand.is_empty() {
        name.to_owned()
    } else {
        format!("{name} {operand}")
    };
    (text, r.at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_sheet_s_modes_and_pages_read_back() {
        let d = |b: &[u8]| disasm(b, 0xF000);
        assert_eq!(d(&[0x86, 0x12]), ("LDA #$12".into(), 2));
        assert_eq!(d(&[0x8E, 0xC8, 0x00]), ("LDX #$C800".into(), 3));
        assert_eq!(d(&[0x97, 0xC8]), ("STA <$C8".into(), 2));
        assert_eq!(d(&[0xBD, 0xF1, 0x92]), ("JSR $F192".into(), 3));
        assert_eq!(d(&[0xA6, 0x1D]), ("LDA -$03,X".into(), 2));
        assert_eq!(d(&[0xA6, 0x80]), ("LDA ,X+".into(), 2));
        assert_eq!(d(&[0xAD, 0x9F, 0xC8, 0x1E]), ("JSR [$C81E]".into(), 4));
        assert_eq!(d(&[0x26, 0xFE]), ("BNE $F000".into(), 2));
        assert_eq!(d(&[0x10, 0x26, 0x00, 0x10]), ("LBNE $F014".into(), 4));
        assert_eq!(d(&[0x10, 0xCE, 0xCB, 0xEA]), ("LDS #$CBEA".into(), 4));
        assert_eq!(d(&[0x11, 0x83, 0x00, 0x01]), ("CMPU #$0001".into(), 4));
        assert_eq!(d(&[0x34, 0x16]), ("PSHS A,B,X".into(), 2));
        assert_eq!(d(&[0x1F, 0x8B]), ("TFR A,DP".into(), 2));
        assert_eq!(d(&[0x01]), ("FCB $01 (undefined)".into(), 1));
    }
}
