//! Symbol files of the users' own toolchains (specs/programs.md, "What the harness
//! observes"), so a program file's watches and spans name labels:
//!
//! - ld65 `-Ln` and VICE monitor labels: `al 000810 .start`, `al C:0810 .start`;
//! - pasmo `--public`: `start EQU 08000H`;
//! - sdcc's linker (sdld/aslink) `.map` (the `Value  Global` tables: `00004010  _main  c`)
//!   and NoICE `.noi` (`DEF _main 0x4010`);
//! - binutils `nm` (`00000200 T _start`).
//!
//! The format is detected from the first line that says something, or named by the user.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

/// A symbol file's format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
pub enum SymbolFormat {
    /// Detected from the text.
    #[default]
    Auto,
    /// ld65 `-Ln` or VICE `al` lines.
    Vice,
    /// pasmo `--public`.
    Pasmo,
    /// sdcc's linker map.
    SdccMap,
    /// NoICE `DEF` lines (sdcc `.noi`).
    Noi,
    /// binutils `nm` output.
    Nm,
}

impl SymbolFormat {
    /// The format's name as users know it.
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            Self::Auto => "detected",
            Self::Vice => "ld65 -Ln / VICE labels",
            Self::Pasmo => "pasmo --public",
            Self::SdccMap => "sdcc .map",
            Self::Noi => "sdcc .noi",
            Self::Nm => "nm",
        }
    }
}

/// Labels and their addresses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Symbols {
    /// The format read.
    pub format: SymbolFormat,
    by_name: HashMap<String, u32>,
}

/// Why a symbol file cannot be read: the 1-based line (0 for the whole file) and message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct SymbolError {
    /// The line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

fn hex(s: &str) -> Option<u32> {
    let s = s
        .strip_prefix("0x")
        .or_else(|| s.strip_prefix("0X"))
        .unwrap_or(s);
    if s.is_empty() || s.len() > 8 {
        return None;
    }
    u32::from_str_radix(s, 16).ok()
}

fn is_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '.' || c == '@')
        && chars.all(|c| c.is_ascii_alphanumeric() || "_.@$?".contains(c))
}

/// `al [C:]addr .name`.
fn vice(t: &[&str]) -> Option<(String, u32)> {
    match t {
        ["al", addr, name] => {
            let addr = addr.split_once(':').map_or(*addr, |(_, a)| a);
            Some((
                name.strip_prefix('.').unwrap_or(name).to_owned(),
                hex(addr)?,
            ))
        }
        _ => None,
    }
}

/// `name EQU 0C000H` (pasmo writes hex with a leading digit and a trailing `H`).
fn pasmo(t: &[&str]) -> Option<(String, u32)> {
    match t {
        [name, equ, value] if equ.eq_ignore_ascii_case("equ") && is_name(name) => {
            let v = value
                .strip_suffix('H')
                .or_else(|| value.strip_suffix('h'))?;
            Some(((*name).to_owned(), hex(v)?))
        }
        _ => None,
    }
}

/// `DEF name 0x4010`.
fn noi(t: &[&str]) -> Option<(String, u32)> {
    match t {
        ["DEF", name, value] => Some(((*name).to_owned(), hex(value)?)),
        _ => None,
    }
}

/// `00000200 T name` (a symbol nm lists without an address, `U`, has none).
fn nm(t: &[&str]) -> Option<(String, u32)> {
    match t {
        [addr, kind, name] if kind.len() == 1 && is_name(name) => {
            Some(((*name).to_owned(), hex(addr)?))
        }
        _ => None,
    }
}

/// `00004010  _main  c` in a `Value  Global` table.
fn sdcc_map(t: &[&str]) -> Option<(String, u32)> {
    match t {
        [addr, name, ..] if addr.len() >= 4 && is_name(name) && t.len() <= 3 => {
            Some(((*name).to_owned(), hex(addr)?))
        }
        _ => None,
    }
}

fn detect(text: &str) -> Option<SymbolFormat> {
    if text.contains("ASxxxx Linker") || text.contains("Value  Global") {
        return Some(SymbolFormat::SdccMap);
    }
    let first = text.lines().map(str::trim).find(|l| !l.is_empty())?;
    let t: Vec<&str> = first.split_whitespace().collect();
    [
        (
            SymbolFormat::Vice,
            vice as fn(&[&str]) -> Option<(String, u32)>,
        ),
        (SymbolFormat::Noi, noi),
        (SymbolFormat::Pasmo, pasmo),
        (SymbolFormat::Nm, nm),
    ]
    .into_iter()
    .find(|(_, f)| f(&t).is_some())
    .map(|(fmt, _)| fmt)
}

impl Symbols {
    /// Reads `text` in `format` (or the format detected).
    ///
    /// # Errors
    /// A format that cannot be detected, or a line the format does not allow.
    pub fn parse(text: &str, format: SymbolFormat) -> Result<Self, SymbolError> {
        let format = match format {
            SymbolFormat::Auto => detect(text).ok_or_else(|| SymbolError {
                line: 0,
                message: "not a symbol file hitlab knows (ld65 -Ln / VICE labels, pasmo \
                          --public, sdcc .map or .noi, nm output); name the format if it is one"
                    .into(),
            })?,
            f => f,
        };
        let line_fn: fn(&[&str]) -> Option<(String, u32)> = match format {
            SymbolFormat::Vice => vice,
            SymbolFormat::Pasmo => pasmo,
            SymbolFormat::Noi => noi,
            SymbolFormat::Nm => nm,
            SymbolFormat::SdccMap | SymbolFormat::Auto => sdcc_map,
        };
        let mut by_name = HashMap::new();
        for (i, line) in text.lines().enumerate() {
            let t: Vec<&str> = line.split_whitespace().collect();
            if t.is_empty() {
                continue;
            }
            match line_fn(&t) {
                Some((name, addr)) => {
                    by_name.entry(name).or_insert(addr);
                }
                // A map is a report with tables among other text; nm lists undefined
                // symbols (`U name`) without an address; a NoICE file has other commands
                // (`LOAD`, `FILE`) beside its `DEF`s.
                None if matches!(
                    format,
                    SymbolFormat::SdccMap | SymbolFormat::Nm | SymbolFormat::Noi
                ) => {}
                None => {
                    return Err(SymbolError {
                        line: i + 1,
                        message: format!("not a {} line: {}", format.describe(), line.trim()),
                    });
                }
            }
        }
        Ok(Self { format, by_name })
    }

    /// The address of `label`; a C name also matches its linker name with a leading `_`.
    #[must_use]
    pub fn get(&self, label: &str) -> Option<u32> {
        self.by_name
            .get(label)
            .or_else(|| self.by_name.get(&format!("_{label}")))
            .copied()
    }

    /// Number of labels.
    #[must_use]
    pub fn len(&self) -> usize {
        self.by_name.len()
    }

    /// No labels.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.by_name.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> String {
        let p = format!(
            "{}/tests/fixtures/symbols/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        std::fs::read_to_string(p).unwrap()
    }

    /// Addresses follow from the sources beside the samples: ld65.cfg puts CODE at $0801
    /// (`lda #1` is 2 bytes, the wait 1, `jmp` 3: loop = $0803, hit_mark = $0807) and BSS
    /// at $A000.
    #[test]
    fn ld65_and_vice_labels() {
        for name in ["ld65.lbl", "vice.lbl"] {
            let s = Symbols::parse(&fixture(name), SymbolFormat::Auto).unwrap();
            assert_eq!(s.format, SymbolFormat::Vice, "{name}");
            assert_eq!(s.get("start"), Some(0x0801));
            assert_eq!(s.get("loop"), Some(0x0803));
            assert_eq!(s.get("hit_mark"), Some(0x0807));
            assert_eq!(s.get("marks"), Some(0xA000));
            assert_eq!(s.get("nowhere"), None);
        }
    }

    /// `org 4000h`: `ld a,1` 2 bytes, `halt` 1, `jr` 2: hit_mark = $4005.
    #[test]
    fn pasmo_public() {
        let s = Symbols::parse(&fixture("pasmo.pub"), SymbolFormat::Auto).unwrap();
        assert_eq!(s.format, SymbolFormat::Pasmo);
        assert_eq!(s.get("start"), Some(0x4000));
        assert_eq!(s.get("hit_mark"), Some(0x4005));
        assert_eq!(s.get("marks"), Some(0xC000));
    }

    /// `--code-loc 0x4010 --data-loc 0xc000`: hit_mark is the first function, marks the
    /// first variable, hits after its 16 bytes.
    #[test]
    fn sdcc_map_and_noi() {
        for (name, format) in [
            ("sdcc.map", SymbolFormat::SdccMap),
            ("sdcc.noi", SymbolFormat::Noi),
        ] {
            let s = Symbols::parse(&fixture(name), SymbolFormat::Auto).unwrap();
            assert_eq!(s.format, format, "{name}");
            assert_eq!(s.get("_hit_mark"), Some(0x4010), "{name}");
            assert_eq!(s.get("hit_mark"), Some(0x4010), "C name, {name}");
            assert_eq!(s.get("marks"), Some(0xC000), "{name}");
            assert_eq!(s.get("hits"), Some(0xC010), "{name}");
        }
    }

    /// `move.w #1,%d0` is 4 bytes; gas assembles the plain `bra` as `bra.w` (4 bytes, as
    /// objdump shows): hit_mark at 8.
    #[test]
    fn nm_output() {
        let s = Symbols::parse(&fixture("m68k-nm.txt"), SymbolFormat::Auto).unwrap();
        assert_eq!(s.format, SymbolFormat::Nm);
        assert_eq!(s.get("_start"), Some(0));
        assert_eq!(s.get("start"), Some(0));
        assert_eq!(s.get("loop"), Some(4));
        assert_eq!(s.get("hit_mark"), Some(8));
    }

    #[test]
    fn unknown_format_and_bad_lines_are_errors() {
        let e = Symbols::parse("hello world\n", SymbolFormat::Auto).unwrap_err();
        assert_eq!(e.line, 0);
        assert!(e.message.contains("not a symbol file"));
        let e =
            Symbols::parse("al C:0801 .start\nstart = $0801\n", SymbolFormat::Auto).unwrap_err();
        assert_eq!(e.line, 2);
        let e = Symbols::parse("al C:0801 .start\n", SymbolFormat::Pasmo).unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.message.contains("pasmo"));
    }
}
