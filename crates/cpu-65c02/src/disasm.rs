//! A disassembler for fault messages: one instruction at a time, in ca65's syntax with the
//! project's hex style (`LDA ($12),Y`, `BNE $0812`, `BBR0 $12,$0830`).
//!
//! Mnemonics and addressing modes are the W65C02S data sheet's opcode matrix (Table 5-4).
//! Its undefined opcodes are NOPs of the lengths the data sheet gives (see
//! [`crate::opcodes`]); they are written `NOP` with their operand bytes and the note
//! `undefined`, so a fault that lands in data says so.

/// How an instruction names its operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// No operand.
    Imp,
    /// The accumulator (`ASL A`).
    Acc,
    /// `#$12`.
    Imm,
    /// `$12`.
    Zp,
    /// `$12,X`.
    ZpX,
    /// `$12,Y`.
    ZpY,
    /// `$1234`.
    Abs,
    /// `$1234,X`.
    AbsX,
    /// `$1234,Y`.
    AbsY,
    /// `($1234)`.
    Ind,
    /// `($1234,X)`.
    IndX,
    /// `($12,X)`.
    IzX,
    /// `($12),Y`.
    IzY,
    /// `($12)`.
    Izp,
    /// A branch: the target.
    Rel,
    /// `BBR`/`BBS`: a zero-page byte and the target.
    ZpRel,
}

impl Mode {
    const fn len(self) -> usize {
        match self {
            Self::Imp | Self::Acc => 1,
            Self::Imm | Self::Zp | Self::ZpX | Self::ZpY | Self::IzX | Self::IzY | Self::Izp => 2,
            Self::Rel => 2,
            Self::Abs | Self::AbsX | Self::AbsY | Self::Ind | Self::IndX | Self::ZpRel => 3,
        }
    }

    fn parse(s: &str) -> Self {
        match s {
            "" => Self::Imp,
            "acc" => Self::Acc,
            "imm" => Self::Imm,
            "zp" => Self::Zp,
            "zpx" => Self::ZpX,
            "zpy" => Self::ZpY,
            "abs" => Self::Abs,
            "abx" => Self::AbsX,
            "aby" => Self::AbsY,
            "ind" => Self::Ind,
            "inx" => Self::IndX,
            "izx" => Self::IzX,
            "izy" => Self::IzY,
            "izp" => Self::Izp,
            "rel" => Self::Rel,
            "zpr" => Self::ZpRel,
            _ => unreachable!("mode {s} is not in the table's vocabulary"),
        }
    }
}

/// The opcode matrix, row by row (`$00`-`$0F` first): mnemonic and mode; a `?` before the
/// mnemonic marks the data sheet's undefined opcodes.
#[rustfmt::skip]
const TABLE: [&str; 256] = [
    "BRK imm", "ORA izx", "?NOP imm", "?NOP", "TSB zp", "ORA zp", "ASL zp", "RMB0 zp",
    "PHP", "ORA imm", "ASL acc", "?NOP", "TSB abs", "ORA abs", "ASL abs", "BBR0 zpr",
    "BPL rel", "ORA izy", "ORA izp", "?NOP", "TRB zp", "ORA zpx", "ASL zpx", "RMB1 zp",
    "CLC", "ORA aby", "INC acc", "?NOP", "TRB abs", "ORA abx", "ASL abx", "BBR1 zpr",
    "JSR abs", "AND izx", "?NOP imm", "?NOP", "BIT zp", "AND zp", "ROL zp", "RMB2 zp",
    "PLP", "AND imm", "ROL acc", "?NOP", "BIT abs", "AND abs", "ROL abs", "BBR2 zpr",
    "BMI rel", "AND izy", "AND izp", "?NOP", "BIT zpx", "AND zpx", "ROL zpx", "RMB3 zp",
    "SEC", "AND aby", "DEC acc", "?NOP", "BIT abx", "AND abx", "ROL abx", "BBR3 zpr",
    "RTI", "EOR izx", "?NOP imm", "?NOP", "?NOP zp", "EOR zp", "LSR zp", "RMB4 zp",
    "PHA", "EOR imm", "LSR acc", "?NOP", "JMP abs", "EOR abs", "LSR abs", "BBR4 zpr",
    "BVC rel", "EOR izy", "EOR izp", "?NOP", "?NOP zpx", "EOR zpx", "LSR zpx", "RMB5 zp",
    "CLI", "EOR aby", "PHY", "?NOP", "?NOP abs", "EOR abx", "LSR abx", "BBR5 zpr",
    "RTS", "ADC izx", "?NOP imm", "?NOP", "STZ zp", "ADC zp", "ROR zp", "RMB6 zp",
    "PLA", "ADC imm", "ROR acc", "?NOP", "JMP ind", "ADC abs", "ROR abs", "BBR6 zpr",
    "BVS rel", "ADC izy", "ADC izp", "?NOP", "STZ zpx", "ADC zpx", "ROR zpx", "RMB7 zp",
    "SEI", "ADC aby", "PLY", "?NOP", "JMP inx", "ADC abx", "ROR abx", "BBR7 zpr",
    "BRA rel", "STA izx", "?NOP imm", "?NOP", "STY zp", "STA zp", "STX zp", "SMB0 zp",
    "DEY", "BIT imm", "TXA", "?NOP", "STY abs", "STA abs", "STX abs", "BBS0 zpr",
    "BCC rel", "STA izy", "STA izp", "?NOP", "STY zpx", "STA zpx", "STX zpy", "SMB1 zp",
    "TYA", "STA aby", "TXS", "?NOP", "STZ abs", "STA abx", "STZ abx", "BBS1 zpr",
    "LDY imm", "LDA izx", "LDX imm", "?NOP", "LDY zp", "LDA zp", "LDX zp", "SMB2 zp",
    "TAY", "LDA imm", "TAX", "?NOP", "LDY abs", "LDA abs", "LDX abs", "BBS2 zpr",
    "BCS rel", "LDA izy", "LDA izp", "?NOP", "LDY zpx", "LDA zpx", "LDX zpy", "SMB3 zp",
    "CLV", "LDA aby", "TSX", "?NOP", "LDY abx", "LDA abx", "LDX aby", "BBS3 zpr",
    "CPY imm", "CMP izx", "?NOP imm", "?NOP", "CPY zp", "CMP zp", "DEC zp", "SMB4 zp",
    "INY", "CMP imm", "DEX", "WAI", "CPY abs", "CMP abs", "DEC abs", "BBS4 zpr",
    "BNE rel", "CMP izy", "CMP izp", "?NOP", "?NOP zpx", "CMP zpx", "DEC zpx", "SMB5 zp",
    "CLD", "CMP aby", "PHX", "STP", "?NOP abs", "CMP abx", "DEC abx", "BBS5 zpr",
    "CPX imm", "SBC izx", "?NOP imm", "?NOP", "CPX zp", "SBC zp", "INC zp", "SMB6 zp",
    "INX", "SBC imm", "NOP", "?NOP", "CPX abs", "SBC abs", "INC abs", "BBS6 zpr",
    "BEQ rel", "SBC izy", "SBC izp", "?NOP", "?NOP zpx", "SBC zpx", "INC zpx", "SMB7 zp",
    "SED", "SBC aby", "PLX", "?NOP", "?NOP abs", "SBC abx", "INC abx", "BBS7 zpr",
];

/// The instruction at `pc` whose bytes begin `bytes` (missing bytes past the end read as
/// 0): its text and length in bytes.
///
/// `BRK` is written with its signature byte (`BRK #$00`), as the data sheet counts it two
/// bytes long.
#[must_use]
pub fn disasm(bytes: &[u8], pc: u16) -> (String, usize) {
    let byte = |i: usize| bytes.get(i).copied().unwrap_or(0);
    let op = byte(0);
    let entry = TABLE[usize::from(op)];
    let (name, mode) = entry.split_once(' ').unwrap_or((entry, ""));
    let (name, undefined) = match name.strip_prefix('?') {
        Some(n) => (n, true),
        None => (name, false),
    };
    let mode = Mode::parse(mode);
    let b1 = byte(1);
    let word = u16::from_le_bytes([b1, byte(2)]);
    let next = pc.wrapping_add(mode.len() as u16);
    let operand = match mode {
        Mode::Imp => String::new(),
        Mode::Acc => "A".to_owned(),
        Mode::Imm => format!("#${b1:02X}"),
        Mode::Zp => format!("${b1:02X}"),
        Mode::ZpX => format!("${b1:02X},X"),
        Mode::ZpY => format!("${b1:02X},Y"),
        Mode::Abs => format!("${word:04X}"),
        Mode::AbsX => format!("${word:04X},X"),
        Mode::AbsY => format!("${word:04X},Y"),
        Mode::Ind => format!("(${word:04X})"),
        Mode::IndX => format!("(${word:04X},X)"),
        Mode::IzX => format!("(${b1:02X},X)"),
        Mode::IzY => format!("(${b1:02X}),Y"),
        Mode::Izp => format!("(${b1:02X})"),
        Mode::Rel => format!("${:04X}", next.wrapping_add(b1 as i8 as u16)),
        Mode::ZpRel => format!("${b1:02X},${:04X}", next.wrapping_add(byte(2) as i8 as u16)),
    };
    let mut text = name.to_owned();
    if !operand.is_empty() {
        text.push(' ');
        text.push_str(&operand);
    }
    if undefined {
        text.push_str(&format!(" (undefined ${op:02X})"));
    }
    (text, mode.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_follow_the_data_sheet_s_byte_counts() {
        // Table 5-4's byte counts of the undefined opcodes: x2 two, x3/xB one (bar WAI
        // and STP), $44 two, $54/$D4/$F4 two, $5C/$DC/$FC three.
        for (op, len) in [
            (0x02u8, 2),
            (0x03, 1),
            (0x0B, 1),
            (0x44, 2),
            (0x54, 2),
            (0x5C, 3),
            (0xDC, 3),
            (0xFC, 3),
            (0xCB, 1),
            (0xDB, 1),
        ] {
            assert_eq!(disasm(&[op, 0, 0], 0).1, len, "${op:02X}");
        }
    }
}
