//! A small two-pass MC6809 assembler for the Vectrex target code in `roms/vectrex/code/`.
//!
//! Debian ships no 6809 assembler, so the project carries this one. It knows every
//! mnemonic of the three opcode pages and every indexed addressing form of the Motorola
//! data sheet, in Motorola syntax, and writes a listing (address, bytes, source line)
//! beside the image. It is deliberately plain:
//!
//! - one statement per line: `[label[:]] [mnemonic [operand]] [; comment]`; a label starts
//!   in the first column (or ends with `:`); a line starting with `;` or `*` is a comment;
//! - directives: `org expr`, `label equ expr`, `fcb`/`db` (bytes), `fdb`/`dw` (big-endian
//!   words), `rmb n` (n bytes of $FF: ROM is never blank);
//! - numbers: `$1F`, `0x1F`, `%0101`, `0b0101`, decimal; expressions with `+ - *`, unary
//!   minus and parentheses; symbols are case-sensitive, mnemonics are not;
//! - addressing: `#expr` immediate, `<expr` direct (DP page), `expr` or `>expr` extended,
//!   anything with a comma or brackets indexed: `,X` `n,X` `A,X` `B,X` `D,X` `,X+`
//!   `,X++` `,-X` `,--X` `n,PCR` and their `[...]` indirect forms, and `[addr]`;
//! - an indexed offset takes the shortest form its value allows (`0,X` is `,X`; 5 bits
//!   when not indirect; then 8, then 16 bits); an offset that is not known in the first
//!   pass takes 16 bits. `equ` values must be known where they are defined.
//!
//! Every error names the line.
//!
//! The labels of places (not `equ`s) can be written as a NoICE symbol file
//! ([`Assembly::noice`]: `DEF name 0x0012` a line), the form the ASxxxx 6809 linker writes
//! for the NoICE debugger and the program loader reads, so a program file's watches and a
//! fault's PC name the cartridge's labels.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fmt::{self, Write as _};

/// An assembled program: the image from its first `org` on, its listing and its symbols.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assembly {
    /// The address of the image's first byte (the first `org`).
    pub origin: u16,
    /// The bytes, gaps between `org`s filled with $FF.
    pub image: Vec<u8>,
    /// One line per source line: `AAAA  BB BB BB BB  source`; long data continues on
    /// lines of its own.
    pub listing: String,
    /// Every label and `equ`, with its value.
    pub symbols: BTreeMap<String, u16>,
    /// The labels of places in the code (a label on a statement, an `org` or a line of its
    /// own), not `equ`s: the names a PC can be told by.
    pub labels: BTreeSet<String>,
}

impl Assembly {
    /// The value of `symbol`.
    #[must_use]
    pub fn symbol(&self, symbol: &str) -> Option<u16> {
        self.symbols.get(symbol).copied()
    }

    /// The labels of places as a NoICE symbol file: `DEF name 0x0012`, one a line, by
    /// address and then name. `equ`s are left out: a register's or a constant's value
    /// would otherwise name a code address it happens to equal.
    #[must_use]
    pub fn noice(&self) -> String {
        let mut defs: Vec<(u16, &str)> = self
            .labels
            .iter()
            .filter_map(|l| Some((*self.symbols.get(l)?, l.as_str())))
            .collect();
        defs.sort_unstable();
        let mut out = String::new();
        for (addr, name) in defs {
            let _ = writeln!(out, "DEF {name} 0x{addr:04X}");
        }
        out
    }
}

/// An assembly error, with its 1-based source line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AsmError {
    /// The source line, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for AsmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for AsmError {}

/// Assembles `source`.
///
/// # Errors
/// The first [`AsmError`]: an unknown mnemonic, a bad operand or addressing mode, an
/// undefined or duplicate symbol, a branch out of range, a value that does not fit.
pub fn assemble(source: &str) -> Result<Assembly, AsmError> {
    let lines: Vec<Line<'_>> = source
        .lines()
        .enumerate()
        .map(|(i, text)| split_line(i + 1, text))
        .collect::<Result<_, _>>()?;
    let mut asm = Asm {
        symbols: BTreeMap::new(),
        labels: BTreeSet::new(),
        long_offsets: HashSet::new(),
        pass: 1,
    };
    // Pass 1: sizes and symbols.
    let mut pc: Option<u16> = None;
    for line in &lines {
        asm.line(line, &mut pc, None)?;
    }
    // Pass 2: bytes.
    asm.pass = 2;
    let mut out = Output::default();
    let mut pc = None;
    for line in &lines {
        asm.line(line, &mut pc, Some(&mut out))?;
    }
    Ok(Assembly {
        origin: out.origin.unwrap_or(0),
        image: out.image,
        listing: out.listing,
        symbols: asm
            .symbols
            .into_iter()
            .map(|(k, v)| (k, v as u16))
            .collect(),
        labels: asm.labels,
    })
}

/// One source line, split.
#[derive(Debug)]
struct Line<'a> {
    number: usize,
    text: &'a str,
    label: Option<&'a str>,
    mnemonic: Option<String>,
    operand: &'a str,
}

fn err(line: usize, message: impl Into<String>) -> AsmError {
    AsmError {
        line,
        message: message.into(),
    }
}

fn split_line(number: usize, text: &str) -> Result<Line<'_>, AsmError> {
    let code = text.split(';').next().unwrap_or("");
    let code = if code.starts_with('*') { "" } else { code };
    let mut rest = code;
    let mut label = None;
    if !code.starts_with([' ', '\t']) && !code.trim().is_empty() {
        let end = code.find([' ', '\t']).unwrap_or(code.len());
        label = Some(code[..end].trim_end_matches(':'));
        rest = &code[end..];
    } else if let Some((first, after)) = code.trim_start().split_once(':')
        && !first.is_empty()
        && !first.contains([' ', '\t', ','])
    {
        label = Some(first);
        rest = after;
    }
    if let Some(l) = label {
        let ok = l
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '.')
            && l.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.');
        if !ok {
            return Err(err(number, format!("bad label `{l}`")));
        }
    }
    let rest = rest.trim();
    let (mnemonic, operand) = match rest.split_once([' ', '\t']) {
        Some((m, o)) => (Some(m.to_ascii_lowercase()), o.trim()),
        None if rest.is_empty() => (None, ""),
        None => (Some(rest.to_ascii_lowercase()), ""),
    };
    Ok(Line {
        number,
        text,
        label,
        mnemonic,
        operand,
    })
}

#[derive(Debug, Default)]
struct Output {
    origin: Option<u16>,
    image: Vec<u8>,
    listing: String,
}

impl Output {
    fn emit(&mut self, at: u16, bytes: &[u8], text: &str) {
        let origin = *self.origin.get_or_insert(at);
        let off = usize::from(at - origin);
        if self.image.len() < off {
            self.image.resize(off, 0xFF);
        }
        self.image.truncate(off);
        self.image.extend_from_slice(bytes);
        let mut chunks = bytes.chunks(4);
        let first = chunks.next().unwrap_or(&[]);
        let hex = |c: &[u8]| c.iter().map(|b| format!("{b:02X}")).collect::<Vec<_>>();
        if bytes.is_empty() {
            let _ = writeln!(self.listing, "{:17}{}", "", text.trim_end());
        } else {
            let _ = writeln!(
                self.listing,
                "{at:04X}  {:<11}  {}",
                hex(first).join(" "),
                text.trim_end()
            );
        }
        let mut a = at.wrapping_add(4);
        for c in chunks {
            let _ = writeln!(self.listing, "{a:04X}  {}", hex(c).join(" "));
            a = a.wrapping_add(4);
        }
    }
}

struct Asm {
    /// Values as defined: labels are addresses, `equ`s may be negative.
    symbols: BTreeMap<String, i64>,
    /// The symbols that name places, not `equ` values.
    labels: BTreeSet<String>,
    /// Lines whose indexed offset was unknown in pass 1: 16 bits in both passes.
    long_offsets: HashSet<usize>,
    pass: u8,
}

/// Index register codes in a postbyte (bits 6-5).
fn index_reg(name: &str) -> Option<u8> {
    match name {
        "x" => Some(0),
        "y" => Some(1),
        "u" => Some(2),
        "s" => Some(3),
        _ => None,
    }
}

/// TFR/EXG register codes.
fn tfr_reg(name: &str) -> Option<u8> {
    Some(match name {
        "d" => 0,
        "x" => 1,
        "y" => 2,
        "u" => 3,
        "s" => 4,
        "pc" => 5,
        "a" => 8,
        "b" => 9,
        "cc" => 10,
        "dp" => 11,
        _ => return None,
    })
}

/// How an instruction's operand is encoded.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// Opcode bytes alone.
    Inherent(&'static [u8]),
    /// The $80-$FF families: immediate at `op`, direct +$10, indexed +$20, extended
    /// +$30; `imm` is the immediate size in bytes (0: no immediate mode).
    General { prefix: Option<u8>, op: u8, imm: u8 },
    /// Read-modify-write on memory: direct `op`, indexed `op` + $60, extended + $70.
    Memory(u8),
    /// LEAX/LEAY/LEAS/LEAU: indexed only.
    Lea(u8),
    /// An 8-bit immediate only (ORCC, ANDCC, CWAI).
    Imm8(u8),
    /// Short branch.
    Branch(u8),
    /// Long branch (page-1 prefix for the conditional ones).
    LongBranch(Option<u8>, u8),
    /// TFR / EXG.
    Transfer(u8),
    /// PSHS/PULS (`false`) or PSHU/PULU (`true`).
    Stack(u8, bool),
}

fn lookup(m: &str) -> Option<Kind> {
    use Kind::{Branch, General, Imm8, Inherent, Lea, LongBranch, Memory, Stack, Transfer};
    if !m.is_ascii() || m.is_empty() {
        return None;
    }
    let acc = |n: u8, imm: u8| -> Option<Kind> {
        let base = match m.as_bytes().last()? {
            b'a' => 0x80,
            b'b' => 0xC0,
            _ => return None,
        };
        Some(General {
            prefix: None,
            op: base | n,
            imm,
        })
    };
    let stem = &m[..m.len().saturating_sub(1)];
    let memops: [(&str, u8); 12] = [
        ("neg", 0x00),
        ("com", 0x03),
        ("lsr", 0x04),
        ("ror", 0x06),
        ("asr", 0x07),
        ("asl", 0x08),
        ("lsl", 0x08),
        ("rol", 0x09),
        ("dec", 0x0A),
        ("inc", 0x0C),
        ("tst", 0x0D),
        ("clr", 0x0F),
    ];
    for (name, op) in memops {
        if m == name {
            return Some(Memory(op));
        }
        if stem == name {
            return match m.as_bytes()[m.len() - 1] {
                b'a' => Some(Inherent(INHERENT_A[usize::from(op)])),
                b'b' => Some(Inherent(INHERENT_B[usize::from(op)])),
                _ => None,
            };
        }
    }
    let accops: [(&str, u8, u8); 11] = [
        ("sub", 0x0, 1),
        ("cmp", 0x1, 1),
        ("sbc", 0x2, 1),
        ("and", 0x4, 1),
        ("bit", 0x5, 1),
        ("ld", 0x6, 1),
        ("st", 0x7, 0),
        ("eor", 0x8, 1),
        ("adc", 0x9, 1),
        ("or", 0xA, 1),
        ("add", 0xB, 1),
    ];
    for (name, n, imm) in accops {
        if stem == name && matches!(m.as_bytes()[m.len() - 1], b'a' | b'b') {
            return acc(n, imm);
        }
    }
    let g = |prefix: Option<u8>, op: u8, imm: u8| Some(General { prefix, op, imm });
    Some(match m {
        "subd" => return g(None, 0x83, 2),
        "addd" => return g(None, 0xC3, 2),
        "cmpx" => return g(None, 0x8C, 2),
        "ldx" => return g(None, 0x8E, 2),
        "stx" => return g(None, 0x8F, 0),
        "ldd" => return g(None, 0xCC, 2),
        "std" => return g(None, 0xCD, 0),
        "ldu" => return g(None, 0xCE, 2),
        "stu" => return g(None, 0xCF, 0),
        "jsr" => return g(None, 0x8D, 0),
        "cmpd" => return g(Some(0x10), 0x83, 2),
        "cmpy" => return g(Some(0x10), 0x8C, 2),
        "ldy" => return g(Some(0x10), 0x8E, 2),
        "sty" => return g(Some(0x10), 0x8F, 0),
        "lds" => return g(Some(0x10), 0xCE, 2),
        "sts" => return g(Some(0x10), 0xCF, 0),
        "cmpu" => return g(Some(0x11), 0x83, 2),
        "cmps" => return g(Some(0x11), 0x8C, 2),
        "jmp" => Memory(0x0E),
        "nop" => Inherent(&[0x12]),
        "sync" => Inherent(&[0x13]),
        "daa" => Inherent(&[0x19]),
        "sex" => Inherent(&[0x1D]),
        "rts" => Inherent(&[0x39]),
        "abx" => Inherent(&[0x3A]),
        "rti" => Inherent(&[0x3B]),
        "mul" => Inherent(&[0x3D]),
        "swi" => Inherent(&[0x3F]),
        "swi2" => Inherent(&[0x10, 0x3F]),
        "swi3" => Inherent(&[0x11, 0x3F]),
        "orcc" => Imm8(0x1A),
        "andcc" => Imm8(0x1C),
        "cwai" => Imm8(0x3C),
        "exg" => Transfer(0x1E),
        "tfr" => Transfer(0x1F),
        "leax" => Lea(0x30),
        "leay" => Lea(0x31),
        "leas" => Lea(0x32),
        "leau" => Lea(0x33),
        "pshs" => Stack(0x34, false),
        "puls" => Stack(0x35, false),
        "pshu" => Stack(0x36, true),
        "pulu" => Stack(0x37, true),
        "bsr" => Branch(0x8D),
        "lbra" => LongBranch(None, 0x16),
        "lbsr" => LongBranch(None, 0x17),
        _ => {
            let cond = branch_condition(m.strip_prefix('l').unwrap_or(m))?;
            if m.starts_with('l') && m != "lbra" {
                if cond == 0x20 {
                    LongBranch(None, 0x16)
                } else {
                    LongBranch(Some(0x10), cond)
                }
            } else {
                Branch(cond)
            }
        }
    })
}

fn branch_condition(m: &str) -> Option<u8> {
    Some(match m {
        "bra" => 0x20,
        "brn" => 0x21,
        "bhi" => 0x22,
        "bls" => 0x23,
        "bcc" | "bhs" => 0x24,
        "bcs" | "blo" => 0x25,
        "bne" => 0x26,
        "beq" => 0x27,
        "bvc" => 0x28,
        "bvs" => 0x29,
        "bpl" => 0x2A,
        "bmi" => 0x2B,
        "bge" => 0x2C,
        "blt" => 0x2D,
        "bgt" => 0x2E,
        "ble" => 0x2F,
        _ => return None,
    })
}

/// Inherent A forms of the memory ops, by the memory opcode ($00-$0F).
const INHERENT_A: [&[u8]; 16] = [
    &[0x40],
    &[],
    &[],
    &[0x43],
    &[0x44],
    &[],
    &[0x46],
    &[0x47],
    &[0x48],
    &[0x49],
    &[0x4A],
    &[],
    &[0x4C],
    &[0x4D],
    &[],
    &[0x4F],
];
/// Inherent B forms.
const INHERENT_B: [&[u8]; 16] = [
    &[0x50],
    &[],
    &[],
    &[0x53],
    &[0x54],
    &[],
    &[0x56],
    &[0x57],
    &[0x58],
    &[0x59],
    &[0x5A],
    &[],
    &[0x5C],
    &[0x5D],
    &[],
    &[0x5F],
];

/// An expression's value: known, or not yet (pass 1 forward reference).
type Value = Option<i64>;

impl Asm {
    fn line(
        &mut self,
        line: &Line<'_>,
        pc: &mut Option<u16>,
        out: Option<&mut Output>,
    ) -> Result<(), AsmError> {
        let n = line.number;
        let mnemonic = line.mnemonic.as_deref();
        if mnemonic == Some("equ") {
            let label = line.label.ok_or_else(|| err(n, "`equ` needs a label"))?;
            let v = self
                .eval(line.operand, n)?
                .ok_or_else(|| err(n, "an `equ` value must be known where it is defined"))?;
            to_u16(v, n)?;
            self.define(label, v, n)?;
            if let Some(out) = out {
                let _ = writeln!(
                    out.listing,
                    "{:17}{}",
                    format!("={:04X}", v as u16),
                    line.text
                );
            }
            return Ok(());
        }
        if mnemonic == Some("org") {
            let v = self
                .eval(line.operand, n)?
                .ok_or_else(|| err(n, "an `org` must be known in the first pass"))?;
            let v = to_u16(v, n)?;
            if pc.is_some_and(|p| v < p) {
                return Err(err(n, "`org` may only move forward"));
            }
            *pc = Some(v);
            if let Some(l) = line.label {
                self.define(l, i64::from(v), n)?;
                self.labels.insert(l.to_owned());
            }
            if let Some(out) = out {
                out.origin.get_or_insert(v);
                let _ = writeln!(out.listing, "{:17}{}", "", line.text);
            }
            return Ok(());
        }
        let here = match (*pc, line.label, mnemonic) {
            (Some(p), _, _) => p,
            (None, None, None) => {
                if let Some(out) = out {
                    let _ = writeln!(out.listing, "{:17}{}", "", line.text);
                }
                return Ok(());
            }
            (None, _, _) => return Err(err(n, "code or label before the first `org`")),
        };
        if let Some(l) = line.label {
            self.define(l, i64::from(here), n)?;
            self.labels.insert(l.to_owned());
        }
        let bytes = match mnemonic {
            None => Vec::new(),
            Some(m) => self.statement(m, line.operand, here, n)?,
        };
        let next = usize::from(here) + bytes.len();
        if next > 0x1_0000 {
            return Err(err(n, "code runs past $FFFF"));
        }
        *pc = Some(next as u16);
        if let Some(out) = out {
            if mnemonic.is_none() && line.label.is_some() {
                let _ = writeln!(out.listing, "{here:04X}{:13}{}", "", line.text.trim_end());
            } else {
                out.emit(here, &bytes, line.text);
            }
        }
        Ok(())
    }

    fn define(&mut self, label: &str, value: i64, n: usize) -> Result<(), AsmError> {
        match self.symbols.get(label) {
            Some(&old) if self.pass == 1 => {
                let _ = old;
                Err(err(n, format!("`{label}` defined twice")))
            }
            Some(&old) if old != value => Err(err(
                n,
                format!("`{label}` moved between passes ({old} -> {value})"),
            )),
            _ => {
                self.symbols.insert(label.to_owned(), value);
                Ok(())
            }
        }
    }

    /// Evaluates `text`; `None` for a symbol not yet defined in pass 1.
    fn eval(&self, text: &str, n: usize) -> Result<Value, AsmError> {
        let mut p = Parser {
            s: text.trim().as_bytes(),
            i: 0,
            asm: self,
            n,
        };
        let v = p.expr()?;
        p.skip_ws();
        if p.i != p.s.len() {
            return Err(err(n, format!("cannot read `{}`", text.trim())));
        }
        Ok(v)
    }

    /// Evaluates `text`, which must be known in pass 2 (0 in pass 1 when unknown).
    fn value(&self, text: &str, n: usize) -> Result<i64, AsmError> {
        match self.eval(text, n)? {
            Some(v) => Ok(v),
            None if self.pass == 1 => Ok(0),
            None => Err(err(n, format!("undefined symbol in `{}`", text.trim()))),
        }
    }

    fn statement(&mut self, m: &str, op: &str, here: u16, n: usize) -> Result<Vec<u8>, AsmError> {
        match m {
            "fcb" | "db" => {
                let mut out = Vec::new();
                for item in split_list(op) {
                    out.push(to_byte(self.value(item, n)?, n)?);
                }
                return Ok(out);
            }
            "fdb" | "dw" => {
                let mut out = Vec::new();
                for item in split_list(op) {
                    out.extend(to_u16(self.value(item, n)?, n)?.to_be_bytes());
                }
                return Ok(out);
            }
            "rmb" | "ds" => {
                let count = self
                    .eval(op, n)?
                    .ok_or_else(|| err(n, "an `rmb` count must be known in the first pass"))?;
                let count = usize::try_from(count).map_err(|_| err(n, "negative `rmb` count"))?;
                return Ok(vec![0xFF; count]);
            }
            _ => {}
        }
        let kind = lookup(m).ok_or_else(|| err(n, format!("unknown mnemonic `{m}`")))?;
        match kind {
            Kind::Inherent(bytes) => {
                if bytes.is_empty() {
                    return Err(err(n, format!("unknown mnemonic `{m}`")));
                }
                if !op.is_empty() {
                    return Err(err(n, format!("`{m}` takes no operand")));
                }
                Ok(bytes.to_vec())
            }
            Kind::Imm8(code) => {
                let v = op
                    .strip_prefix('#')
                    .ok_or_else(|| err(n, format!("`{m}` takes an immediate `#n`")))?;
                Ok(vec![code, to_byte(self.value(v, n)?, n)?])
            }
            Kind::Branch(code) => {
                let target = self.value(op, n)?;
                let off = target - (i64::from(here) + 2);
                if self.pass == 2 && !(-128..=127).contains(&off) {
                    return Err(err(n, format!("branch out of range ({off} bytes)")));
                }
                Ok(vec![code, off as u8])
            }
            Kind::LongBranch(prefix, code) => {
                let len = 3 + i64::from(prefix.is_some());
                let target = self.value(op, n)?;
                let off = (target - (i64::from(here) + len)) as u16;
                let mut out: Vec<u8> = prefix.into_iter().collect();
                out.push(code);
                out.extend(off.to_be_bytes());
                Ok(out)
            }
            Kind::Transfer(code) => {
                let (a, b) = op
                    .split_once(',')
                    .ok_or_else(|| err(n, format!("`{m}` takes two registers")))?;
                let reg = |r: &str| {
                    tfr_reg(&r.trim().to_ascii_lowercase())
                        .ok_or_else(|| err(n, format!("unknown register `{}`", r.trim())))
                };
                Ok(vec![code, reg(a)? << 4 | reg(b)?])
            }
            Kind::Stack(code, user) => {
                let mut mask = 0u8;
                for r in op.split(',') {
                    let r = r.trim().to_ascii_lowercase();
                    mask |= match r.as_str() {
                        "cc" => 0x01,
                        "a" => 0x02,
                        "b" => 0x04,
                        "d" => 0x06,
                        "dp" => 0x08,
                        "x" => 0x10,
                        "y" => 0x20,
                        "u" if !user => 0x40,
                        "s" if user => 0x40,
                        "pc" => 0x80,
                        _ => return Err(err(n, format!("`{m}` cannot stack `{r}`"))),
                    };
                }
                Ok(vec![code, mask])
            }
            Kind::Lea(code) => {
                let mut out = vec![code];
                out.extend(self.indexed(op, here, 1, n)?);
                Ok(out)
            }
            Kind::Memory(code) => self.memory_operand(None, code, 0x60, 0x70, op, here, n),
            Kind::General {
                prefix,
                op: code,
                imm,
            } => {
                if let Some(v) = op.strip_prefix('#') {
                    if imm == 0 {
                        return Err(err(n, format!("`{m}` has no immediate mode")));
                    }
                    let mut out: Vec<u8> = prefix.into_iter().collect();
                    out.push(code);
                    let v = self.value(v, n)?;
                    if imm == 1 {
                        out.push(to_byte(v, n)?);
                    } else {
                        out.extend(to_u16(v, n)?.to_be_bytes());
                    }
                    return Ok(out);
                }
                self.memory_operand(prefix, code + 0x10, 0x10, 0x20, op, here, n)
            }
        }
    }

    /// Direct (`<`), indexed (comma or brackets) or extended operands; `direct` is the
    /// direct-mode opcode, indexed and extended add `ix` and `ext` to it.
    #[allow(clippy::too_many_arguments)]
    fn memory_operand(
        &mut self,
        prefix: Option<u8>,
        direct: u8,
        ix: u8,
        ext: u8,
        op: &str,
        here: u16,
        n: usize,
    ) -> Result<Vec<u8>, AsmError> {
        let mut out: Vec<u8> = prefix.into_iter().collect();
        let head = out.len() as u16;
        if op.contains(',') || op.starts_with('[') {
            out.push(direct + ix);
            let len = head + 1;
            out.extend(self.indexed(op, here, len, n)?);
        } else if let Some(v) = op.strip_prefix('<') {
            out.push(direct);
            out.push(self.value(v, n)? as u8);
        } else {
            let v = op.strip_prefix('>').unwrap_or(op);
            if v.is_empty() {
                return Err(err(n, "missing operand"));
            }
            out.push(direct + ext);
            out.extend(to_u16(self.value(v, n)?, n)?.to_be_bytes());
        }
        Ok(out)
    }

    /// The postbyte and offset of an indexed operand; `head` is the length of the opcode
    /// bytes before the postbyte (for PC-relative offsets).
    fn indexed(&mut self, op: &str, here: u16, head: u16, n: usize) -> Result<Vec<u8>, AsmError> {
        let op = op.trim();
        let (inner, ind) = match op.strip_prefix('[') {
            Some(rest) => (
                rest.strip_suffix(']')
                    .ok_or_else(|| err(n, "missing `]`"))?
                    .trim(),
                0x10u8,
            ),
            None => (op, 0),
        };
        let Some((off, reg)) = inner.rsplit_once(',') else {
            if ind == 0 {
                return Err(err(n, format!("not an indexed operand: `{op}`")));
            }
            let v = to_u16(self.value(inner, n)?, n)?;
            let mut out = vec![0x9F];
            out.extend(v.to_be_bytes());
            return Ok(out);
        };
        let off = off.trim();
        let reg = reg.trim().to_ascii_lowercase();
        // Auto increment / decrement.
        let (core, inc) = if let Some(r) = reg.strip_suffix("++") {
            (r, Some(0x81u8))
        } else if let Some(r) = reg.strip_suffix('+') {
            (r, Some(0x80))
        } else if let Some(r) = reg.strip_prefix("--") {
            (r, Some(0x83))
        } else if let Some(r) = reg.strip_prefix('-') {
            (r, Some(0x82))
        } else {
            (reg.as_str(), None)
        };
        if core == "pc" || core == "pcr" {
            if inc.is_some() {
                return Err(err(n, "no auto increment on PC"));
            }
            let target = self.value(off, n)?;
            let key_long = self.pass == 1 && self.eval(off, n)?.is_none();
            if key_long {
                self.long_offsets.insert(n);
            }
            let short = target - (i64::from(here) + i64::from(head) + 2);
            if !self.long_offsets.contains(&n) && (-128..=127).contains(&short) {
                return Ok(vec![0x8C | ind, short as u8]);
            }
            let long = target - (i64::from(here) + i64::from(head) + 3);
            let mut out = vec![0x8D | ind];
            out.extend((long as u16).to_be_bytes());
            return Ok(out);
        }
        let rr =
            index_reg(core).ok_or_else(|| err(n, format!("not an index register: `{core}`")))? << 5;
        if let Some(code) = inc {
            if !off.is_empty() {
                return Err(err(n, "no offset with auto increment"));
            }
            if ind != 0 && (code == 0x80 || code == 0x82) {
                return Err(err(n, "`[,R+]` and `[,-R]` do not exist"));
            }
            return Ok(vec![code | rr | ind]);
        }
        match off.to_ascii_lowercase().as_str() {
            "" => return Ok(vec![0x84 | rr | ind]),
            "a" => return Ok(vec![0x86 | rr | ind]),
            "b" => return Ok(vec![0x85 | rr | ind]),
            "d" => return Ok(vec![0x8B | rr | ind]),
            _ => {}
        }
        if self.pass == 1 && self.eval(off, n)?.is_none() {
            self.long_offsets.insert(n);
        }
        let v = self.value(off, n)?;
        if self.long_offsets.contains(&n) {
            let mut out = vec![0x89 | rr | ind];
            out.extend(to_u16(v, n)?.to_be_bytes());
            return Ok(out);
        }
        if v == 0 {
            return Ok(vec![0x84 | rr | ind]);
        }
        if ind == 0 && (-16..=15).contains(&v) {
            return Ok(vec![rr | (v as u8 & 0x1F)]);
        }
        if (-128..=127).contains(&v) {
            return Ok(vec![0x88 | rr | ind, v as u8]);
        }
        let mut out = vec![0x89 | rr | ind];
        out.extend(to_u16(v, n)?.to_be_bytes());
        Ok(out)
    }
}

fn split_list(op: &str) -> impl Iterator<Item = &str> {
    op.split(',').map(str::trim)
}

fn to_byte(v: i64, n: usize) -> Result<u8, AsmError> {
    if (-128..=255).contains(&v) {
        Ok(v as u8)
    } else {
        Err(err(n, format!("{v} does not fit a byte")))
    }
}

fn to_u16(v: i64, n: usize) -> Result<u16, AsmError> {
    if (-32768..=65535).contains(&v) {
        Ok(v as u16)
    } else {
        Err(err(n, format!("{v} does not fit 16 bits")))
    }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
    asm: &'a Asm,
    n: usize,
}

impl Parser<'_> {
    fn skip_ws(&mut self) {
        while self.s.get(self.i).is_some_and(u8::is_ascii_whitespace) {
            self.i += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.s.get(self.i).copied()
    }

    fn expr(&mut self) -> Result<Value, AsmError> {
        let mut v = self.term()?;
        while let Some(c @ (b'+' | b'-')) = self.peek() {
            self.i += 1;
            let r = self.term()?;
            v = match (v, r) {
                (Some(a), Some(b)) => Some(if c == b'+' { a + b } else { a - b }),
                _ => None,
            };
        }
        Ok(v)
    }

    fn term(&mut self) -> Result<Value, AsmError> {
        let mut v = self.unary()?;
        while self.peek() == Some(b'*') {
            self.i += 1;
            let r = self.unary()?;
            v = v.zip(r).map(|(a, b)| a * b);
        }
        Ok(v)
    }

    fn unary(&mut self) -> Result<Value, AsmError> {
        match self.peek() {
            Some(b'-') => {
                self.i += 1;
                Ok(self.unary()?.map(|v| -v))
            }
            Some(b'(') => {
                self.i += 1;
                let v = self.expr()?;
                if self.peek() != Some(b')') {
                    return Err(err(self.n, "missing `)`"));
                }
                self.i += 1;
                Ok(v)
            }
            _ => self.atom(),
        }
    }

    fn atom(&mut self) -> Result<Value, AsmError> {
        self.skip_ws();
        let start = self.i;
        while self
            .s
            .get(self.i)
            .is_some_and(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$' | b'%'))
        {
            self.i += 1;
        }
        let tok = std::str::from_utf8(&self.s[start..self.i]).unwrap_or("");
        if tok.is_empty() {
            return Err(err(self.n, "missing value"));
        }
        let bad = || err(self.n, format!("bad number `{tok}`"));
        let lower = tok.to_ascii_lowercase();
        let num = if let Some(h) = lower.strip_prefix('$').or_else(|| lower.strip_prefix("0x")) {
            Some(i64::from_str_radix(h, 16).map_err(|_| bad())?)
        } else if let Some(b) = lower.strip_prefix('%').or_else(|| lower.strip_prefix("0b")) {
            Some(i64::from_str_radix(b, 2).map_err(|_| bad())?)
        } else if tok.as_bytes()[0].is_ascii_digit() {
            Some(tok.parse::<i64>().map_err(|_| bad())?)
        } else {
            None
        };
        if let Some(v) = num {
            return Ok(Some(v));
        }
        match self.asm.symbols.get(tok) {
            Some(&v) => Ok(Some(v)),
            None if self.asm.pass == 1 => Ok(None),
            None => Err(err(self.n, format!("undefined symbol `{tok}`"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(src: &str) -> Vec<u8> {
        assemble(&format!(" org $1000\n{src}")).unwrap().image
    }

    #[test]
    fn encodes_each_addressing_mode() {
        assert_eq!(bytes(" lda #$2A"), [0x86, 0x2A]);
        assert_eq!(bytes(" lda <$80"), [0x96, 0x80]);
        assert_eq!(bytes(" lda $C880"), [0xB6, 0xC8, 0x80]);
        assert_eq!(bytes(" lda ,x"), [0xA6, 0x84]);
        assert_eq!(bytes(" lda 0,x"), [0xA6, 0x84]);
        assert_eq!(bytes(" lda 4,x"), [0xA6, 0x04]);
        assert_eq!(bytes(" lda -16,u"), [0xA6, 0x50]);
        assert_eq!(bytes(" lda 100,y"), [0xA6, 0xA8, 100]);
        assert_eq!(bytes(" lda 1000,s"), [0xA6, 0xE9, 0x03, 0xE8]);
        assert_eq!(bytes(" lda [4,x]"), [0xA6, 0x98, 4]);
        assert_eq!(bytes(" lda [$F000]"), [0xA6, 0x9F, 0xF0, 0x00]);
        assert_eq!(bytes(" leax d,x"), [0x30, 0x8B]);
        assert_eq!(bytes(" leax a,x"), [0x30, 0x86]);
        assert_eq!(bytes(" leax b,y"), [0x30, 0xA5]);
        assert_eq!(bytes(" ldy ,u++"), [0x10, 0xAE, 0xC1]);
        assert_eq!(bytes(" ldd ,u++"), [0xEC, 0xC1]);
        assert_eq!(bytes(" sta ,-s"), [0xA7, 0xE2]);
        assert_eq!(bytes(" ldx [,--y]"), [0xAE, 0xB3]);
        assert_eq!(bytes(" ldd #$1234"), [0xCC, 0x12, 0x34]);
        assert_eq!(bytes(" cmpu #$1234"), [0x11, 0x83, 0x12, 0x34]);
        assert_eq!(bytes(" cmpx #2"), [0x8C, 0x00, 0x02]);
        assert_eq!(bytes(" jsr $F8FF"), [0xBD, 0xF8, 0xFF]);
        assert_eq!(bytes(" jsr ,x"), [0xAD, 0x84]);
        assert_eq!(bytes(" std <$83"), [0xDD, 0x83]);
        assert_eq!(bytes(" mul\n rts\n swi2"), [0x3D, 0x39, 0x10, 0x3F]);
        assert_eq!(
            bytes(" nega\n negb\n clra\n tstb"),
            [0x40, 0x50, 0x4F, 0x5D]
        );
        assert_eq!(
            bytes(" inc <$10\n dec $C880"),
            [0x0C, 0x10, 0x7A, 0xC8, 0x80]
        );
        assert_eq!(bytes(" clr 2,x"), [0x6F, 0x02]);
        assert_eq!(bytes(" tfr s,x\n exg a,b"), [0x1F, 0x41, 0x1E, 0x89]);
        assert_eq!(bytes(" pshs d,x,y\n puls y,pc"), [0x34, 0x36, 0x35, 0xA0]);
        assert_eq!(bytes(" orcc #$01\n andcc #$FE"), [0x1A, 0x01, 0x1C, 0xFE]);
        assert_eq!(bytes("x rts\n lda x,pcr"), [0x39, 0xA6, 0x8C, 0xFC]);
    }

    #[test]
    fn branches_are_relative_to_the_next_instruction() {
        assert_eq!(bytes("l bra l"), [0x20, 0xFE]);
        assert_eq!(bytes(" bne x\n nop\nx rts"), [0x26, 0x01, 0x12, 0x39]);
        assert_eq!(bytes(" lbeq x\nx rts"), [0x10, 0x27, 0x00, 0x00, 0x39]);
        assert_eq!(bytes("x lbra x"), [0x16, 0xFF, 0xFD]);
        let far = " bra x\n rmb 200\nx rts";
        let e = assemble(&format!(" org 0\n{far}")).unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("out of range"), "{e}");
    }

    #[test]
    fn data_symbols_and_expressions() {
        let a = assemble(
            "W equ 10\n org $1000\nstart fcb W, W*2+1, -1, %0110, 0b1010\n fdb start, $F8FF\nend",
        )
        .unwrap();
        assert_eq!(a.image, [10, 21, 0xFF, 6, 10, 0x10, 0x00, 0xF8, 0xFF]);
        assert_eq!(a.symbol("end"), Some(0x1009));
        assert_eq!(a.symbol("W"), Some(10));
        assert!(
            a.listing.contains("1000  0A 15 FF 06  start fcb"),
            "{}",
            a.listing
        );
        assert!(a.listing.contains("\n1004  0A\n"), "{}", a.listing);
        // Negative `equ`s stay negative: they fit a byte.
        let a = assemble("N equ 8-48\n org 0\n adda #N\n fcb N").unwrap();
        assert_eq!(a.image, [0x8B, 0xD8, 0xD8]);
    }

    #[test]
    fn forward_offsets_take_sixteen_bits_in_both_passes() {
        let a = assemble(" org 0\n leax later,x\nlater equ 3").unwrap();
        assert_eq!(a.image, [0x30, 0x89, 0x00, 0x03]);
        let a = assemble(" org 0\n leax tab,x\n rts\ntab fcb 1").unwrap();
        assert_eq!(a.image, [0x30, 0x89, 0x00, 0x05, 0x39, 1]);
    }

    #[test]
    fn errors_name_the_line() {
        for (src, line) in [
            (" org 0\n foo", 2),
            (" org 0\n lda", 2),
            (" org 0\n sta #1", 2),
            (" org 0\n lda ,z", 2),
            (" org 0\n lda [,x+]", 2),
            (" org 0\nx nop\nx nop", 3),
            (" org 0\n lda nothing", 2),
            (" nop", 1),
            (" org 0\n fcb 256", 2),
        ] {
            let e = assemble(src).unwrap_err();
            assert_eq!(e.line, line, "{src:?}: {e}");
        }
    }

    /// `Obj_Hit` as the BIOS disassembly has it, and the bytes the core's own test
    /// hand-assembled (crates/cpu-6809/tests/it/obj_hit.rs).
    #[test]
    fn the_bios_obj_hit_assembles_to_its_rom_bytes() {
        // The same source the integration tests run on the core.
        let src = include_str!("../../../tests/fixtures/obj_hit.asm");
        let want: [u8; 0x2F] = [
            0x34, 0x20, 0x34, 0x36, 0x1F, 0x41, 0x5F, 0x3A, 0xA6, 0x04, 0xAB, 0x84, 0x28, 0x02,
            0x86, 0x7F, 0xA1, 0x02, 0x2D, 0x15, 0xA6, 0x04, 0xA0, 0x84, 0x28, 0x02, 0x86, 0x80,
            0xA1, 0x02, 0x2E, 0x09, 0x5C, 0xC1, 0x02, 0x25, 0xE2, 0x1A, 0x01, 0x20, 0x02, 0x1C,
            0xFE, 0x35, 0x36, 0x35, 0xA0,
        ];
        let a = assemble(src).unwrap();
        assert_eq!(a.origin, 0xF8FF);
        assert_eq!(a.image, want);
    }

    #[test]
    fn the_noice_file_names_places_by_address_and_leaves_equs_out() {
        // LDA #imm is 2 bytes (86 0A): `loop` is at $1002. W (10) and via ($D000) are
        // `equ`s, not places.
        let a = assemble("W equ 10\nvia equ $D000\n org $1000\nstart lda #W\nloop: bra loop\n")
            .unwrap();
        assert_eq!(a.noice(), "DEF start 0x1000\nDEF loop 0x1002\n");
    }
}
