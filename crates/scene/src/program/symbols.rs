//! Symbol files of the users' own toolchains (specs/programs.md, "What the harness
//! observes"), so a program file's watches and spans name labels:
//!
//! - ld65 `-Ln` and VICE monitor labels: `al 000810 .start`, `al C:0810 .start`;
//! - pasmo `--public`: `start EQU 08000H`;
//! - sdcc's linker (sdld/aslink) `.map` (the `Value  Global` tables: `00004010  _main  c`)
//!   and NoICE `.noi` (`DEF _main 0x4010`);
//! - binutils `nm` (`00000200 T _start`, `         U extern`).
//!
//! The format is detected from the first line that says something, or named by the user;
//! either way every line the format reads is checked, and a line it does not allow is an
//! error naming the line. A file made for another CPU than the machine's is refused by the
//! program loader ([`SymbolFormat::cpus`]).
//!
//! # A name in several places
//! ld65 writes a label once per scope it is defined in (`ca65 -g`: a `.proc`'s
//! `new_collision`, every `@clr`), without the scope (`scoped.lbl` among the samples): one
//! name, several addresses. [`Symbols::lookup`] takes a reference that picks one: `name#n`
//! (the n-th place from 1, by address) or `scope::name`, where a place's scope is the
//! nearest label below it that names one place only and is not a cheap local (`@name`):
//! the `.proc`'s own label for ld65. A bare name that names several places gives all of
//! them; the caller decides whether that is allowed.

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

    /// The CPUs whose programs the toolchain writing this format builds (as
    /// [`machine::program::ProgramLimits::cpu`] names them): ld65 and VICE the 6502
    /// family; pasmo the Z80; sdcc's linker the Z80 and the 6502 (its `mos6502` port);
    /// binutils the 68000 and the Z80. NoICE files also come from the 6809's assemblers
    /// (the ASxxxx linker's `-j`, `hitlab asm6809 --symbols`).
    #[must_use]
    pub const fn cpus(self) -> &'static [&'static str] {
        match self {
            Self::Auto => &[],
            Self::Vice => &["65C02"],
            Self::Pasmo => &["Z80"],
            Self::SdccMap => &["Z80", "65C02"],
            Self::Noi => &["Z80", "65C02", "6809"],
            Self::Nm => &["68000", "Z80"],
        }
    }
}

/// One place a label names: its address and the 1-based line of the file that said it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// The address.
    pub addr: u32,
    /// The line.
    pub line: usize,
}

/// Labels and their addresses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Symbols {
    /// The format read.
    pub format: SymbolFormat,
    /// Each name's distinct places, by address.
    by_name: HashMap<String, Vec<Place>>,
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

/// Why a reference to a label gives no address.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LookupError {
    /// No such name.
    #[error("label `{0}` is not in the symbol file")]
    Missing(String),
    /// `name#n` with n beyond the places.
    #[error("label `{name}` names {count} places; #{index} is not one of them (#1 to #{count})")]
    NoSuchIndex {
        /// The name.
        name: String,
        /// The index given.
        index: usize,
        /// Places the name has.
        count: usize,
    },
    /// `scope::name` with no place in that scope.
    #[error("label `{name}` has no place in scope `{scope}`; its places: {places}")]
    NoSuchScope {
        /// The name.
        name: String,
        /// The scope given.
        scope: String,
        /// Its places, described.
        places: String,
    },
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

/// What one line of a symbol file says.
enum Line {
    /// A label.
    Label(String, u32),
    /// Something the format allows that names no address (a map's report text, nm's
    /// undefined symbols and file headers, NoICE's other commands).
    Other,
}

/// `al [C:]addr .name`.
fn vice(t: &[&str]) -> Option<Line> {
    match t {
        ["al", addr, name] => {
            let addr = addr.split_once(':').map_or(*addr, |(_, a)| a);
            let name = name.strip_prefix('.').unwrap_or(name);
            is_name(name).then_some(())?;
            Some(Line::Label(name.to_owned(), hex(addr)?))
        }
        _ => None,
    }
}

/// `name EQU 0C000H` (pasmo writes hex with a leading digit and a trailing `H`).
fn pasmo(t: &[&str]) -> Option<Line> {
    match t {
        [name, equ, value] if equ.eq_ignore_ascii_case("equ") && is_name(name) => {
            let v = value
                .strip_suffix('H')
                .or_else(|| value.strip_suffix('h'))?;
            Some(Line::Label((*name).to_owned(), hex(v)?))
        }
        _ => None,
    }
}

/// NoICE commands other than `DEF` that sdcc's linker and NoICE itself write.
const NOI_COMMANDS: &[&str] = &[
    "LOAD", "FILE", "FUNC", "SFUNC", "ENDF", "LINE", "CD", "BASE", "DEFN", "SCOPE", "ENDS",
    "SFILE", "SLINE", "ENDFUNC", "ECHO", "BREAK", "REGISTER",
];

/// `DEF name 0x4010`.
fn noi(t: &[&str]) -> Option<Line> {
    match t {
        ["DEF", name, value] => Some(Line::Label((*name).to_owned(), hex(value)?)),
        [cmd, ..] if NOI_COMMANDS.contains(cmd) => Some(Line::Other),
        _ => None,
    }
}

/// `00000200 T name`; a symbol nm lists without an address (`U`, `w`, `v`: undefined or
/// weak) has none; `file.o:` heads each object's list when nm reads several.
fn nm(t: &[&str]) -> Option<Line> {
    let kind = |k: &str| {
        k.len() == 1
            && k.chars()
                .all(|c| c.is_ascii_alphabetic() || "?-".contains(c))
    };
    match t {
        [addr, k, name] if kind(k) && is_name(name) => {
            Some(Line::Label((*name).to_owned(), hex(addr)?))
        }
        [k, name] if ["U", "w", "v"].contains(k) && is_name(name) => Some(Line::Other),
        [file] if file.ends_with(':') => Some(Line::Other),
        _ => None,
    }
}

/// `00004010  _main  c` in a `Value  Global` table.
fn sdcc_row(t: &[&str]) -> Option<Line> {
    match t {
        [addr, name, ..] if addr.len() >= 4 && is_name(name) && t.len() <= 3 => {
            Some(Line::Label((*name).to_owned(), hex(addr)?))
        }
        _ => None,
    }
}

/// The page header every page of an sdld/aslink map starts with.
const MAP_HEADER: &str = "ASxxxx Linker";

fn detect(text: &str) -> Option<SymbolFormat> {
    let first = text.lines().map(str::trim).find(|l| !l.is_empty())?;
    if first.contains(MAP_HEADER) {
        return Some(SymbolFormat::SdccMap);
    }
    let t: Vec<&str> = first.split_whitespace().collect();
    [
        (SymbolFormat::Vice, vice as fn(&[&str]) -> Option<Line>),
        (SymbolFormat::Noi, noi),
        (SymbolFormat::Pasmo, pasmo),
        (SymbolFormat::Nm, nm),
    ]
    .into_iter()
    .find(|(_, f)| f(&t).is_some())
    .map(|(fmt, _)| fmt)
}

/// The labels of an sdcc map: rows of its `Value  Global` tables (after the dashes under
/// the header, up to the next blank line or page header), each checked; the report text
/// around them is the linker's own and not read.
fn sdcc_map(text: &str, mut add: impl FnMut(String, u32, usize)) -> Result<(), SymbolError> {
    let first = text.lines().position(|l| !l.trim().is_empty());
    if first.is_none_or(|i| !text.lines().nth(i).is_some_and(|l| l.contains(MAP_HEADER))) {
        return Err(SymbolError {
            line: first.map_or(1, |i| i + 1),
            message: format!(
                "not a {}: a map starts with the linker's `{MAP_HEADER}` page header",
                SymbolFormat::SdccMap.describe()
            ),
        });
    }
    let mut in_table = false;
    let mut header_seen = false;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.contains("Value  Global") {
            header_seen = true;
            continue;
        }
        if header_seen && trimmed.starts_with("-----") {
            header_seen = false;
            in_table = true;
            continue;
        }
        if trimmed.is_empty() || trimmed.contains(MAP_HEADER) {
            in_table = false;
            continue;
        }
        if in_table {
            let t: Vec<&str> = trimmed.split_whitespace().collect();
            match sdcc_row(&t) {
                Some(Line::Label(name, addr)) => add(name, addr, i + 1),
                _ => {
                    return Err(SymbolError {
                        line: i + 1,
                        message: format!("not a row of the map's Value/Global table: {trimmed}"),
                    });
                }
            }
        }
    }
    Ok(())
}

fn hex_addr(a: u32) -> String {
    if a > 0xFFFF {
        format!("${a:06X}")
    } else {
        format!("${a:04X}")
    }
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
        let mut by_name: HashMap<String, Vec<Place>> = HashMap::new();
        let mut add = |name: String, addr: u32, line: usize| {
            let places = by_name.entry(name).or_default();
            // ld65 lists a label again for each segment it is exported from: the same
            // place twice is one place.
            if !places.iter().any(|p| p.addr == addr) {
                places.push(Place { addr, line });
            }
        };
        if format == SymbolFormat::SdccMap {
            sdcc_map(text, &mut add)?;
        } else {
            let line_fn: fn(&[&str]) -> Option<Line> = match format {
                SymbolFormat::Vice => vice,
                SymbolFormat::Pasmo => pasmo,
                SymbolFormat::Noi => noi,
                _ => nm,
            };
            for (i, line) in text.lines().enumerate() {
                let t: Vec<&str> = line.split_whitespace().collect();
                if t.is_empty() {
                    continue;
                }
                match line_fn(&t) {
                    Some(Line::Label(name, addr)) => add(name, addr, i + 1),
                    Some(Line::Other) => {}
                    None => {
                        return Err(SymbolError {
                            line: i + 1,
                            message: format!("not a {} line: {}", format.describe(), line.trim()),
                        });
                    }
                }
            }
        }
        for places in by_name.values_mut() {
            places.sort_by_key(|p| p.addr);
        }
        Ok(Self { format, by_name })
    }

    /// The places of `name` exactly as written, or as its C linker name with a leading
    /// `_`.
    #[must_use]
    pub fn places(&self, name: &str) -> Option<&[Place]> {
        self.by_name
            .get(name)
            .or_else(|| self.by_name.get(&format!("_{name}")))
            .map(Vec::as_slice)
    }

    /// Every name and place, in no particular order (to name an address after its label).
    pub fn iter(&self) -> impl Iterator<Item = (&str, u32)> {
        self.by_name
            .iter()
            .flat_map(|(n, places)| places.iter().map(move |p| (n.as_str(), p.addr)))
    }

    /// The address of `label` when it names exactly one place.
    #[must_use]
    pub fn get(&self, label: &str) -> Option<u32> {
        match self.lookup(label) {
            Ok(v) if v.len() == 1 => Some(v[0]),
            _ => None,
        }
    }

    /// The scope of `addr`: the nearest label at or below it that names one place only
    /// and is not a cheap local (`@name`).
    #[must_use]
    pub fn scope_of(&self, addr: u32, except: &str) -> Option<&str> {
        self.by_name
            .iter()
            .filter(|(n, p)| {
                p.len() == 1 && p[0].addr <= addr && *n != except && !n.starts_with('@')
            })
            .max_by_key(|(n, p)| (p[0].addr, std::cmp::Reverse(n.as_str())))
            .map(|(n, _)| n.as_str())
    }

    /// The places of `name` described for a message: `$080C (in ring1), $0812 (in
    /// ring2)`.
    #[must_use]
    pub fn describe_places(&self, name: &str) -> String {
        let Some(places) = self.places(name) else {
            return String::new();
        };
        places
            .iter()
            .enumerate()
            .map(|(i, p)| match self.scope_of(p.addr, name) {
                Some(scope) => format!(
                    "#{} {} (line {}, in {scope})",
                    i + 1,
                    hex_addr(p.addr),
                    p.line
                ),
                None => format!("#{} {} (line {})", i + 1, hex_addr(p.addr), p.line),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The addresses a reference names: `name` (every place it has), `name#n` (the n-th
    /// by address, from 1) or `scope::name`.
    ///
    /// # Errors
    /// No such name, index or scope.
    pub fn lookup(&self, reference: &str) -> Result<Vec<u32>, LookupError> {
        if let Some((scope, name)) = reference.split_once("::") {
            let places = self
                .places(name)
                .ok_or_else(|| LookupError::Missing(name.to_owned()))?;
            let found: Vec<u32> = places
                .iter()
                .filter(|p| self.scope_of(p.addr, name) == Some(scope))
                .map(|p| p.addr)
                .collect();
            if found.is_empty() {
                return Err(LookupError::NoSuchScope {
                    name: name.to_owned(),
                    scope: scope.to_owned(),
                    places: self.describe_places(name),
                });
            }
            return Ok(found);
        }
        if let Some((name, index)) = reference.rsplit_once('#')
            && let Ok(index) = index.parse::<usize>()
        {
            let places = self
                .places(name)
                .ok_or_else(|| LookupError::Missing(name.to_owned()))?;
            return match index.checked_sub(1).and_then(|i| places.get(i)) {
                Some(p) => Ok(vec![p.addr]),
                None => Err(LookupError::NoSuchIndex {
                    name: name.to_owned(),
                    index,
                    count: places.len(),
                }),
            };
        }
        self.places(reference)
            .map(|p| p.iter().map(|p| p.addr).collect())
            .ok_or_else(|| LookupError::Missing(reference.to_owned()))
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

    /// The largest address any label names.
    #[must_use]
    pub fn max_addr(&self) -> Option<(u32, &str)> {
        self.by_name
            .iter()
            .flat_map(|(n, p)| p.iter().map(move |p| (p.addr, n.as_str())))
            .max()
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

    /// scoped.s: `start` $0801 (two `jsr` and a `jmp`, 3 bytes each), ring1 at $080A
    /// (`lda #1` 2 bytes: new_collision $080C; `sta abs` 3: @clr $080F; `rts`), ring2 at
    /// $0810 (new_collision $0812, @clr $0815).
    #[test]
    fn a_name_in_several_scopes_has_every_place() {
        let s = Symbols::parse(&fixture("scoped.lbl"), SymbolFormat::Auto).unwrap();
        assert_eq!(s.lookup("new_collision").unwrap(), vec![0x080C, 0x0812]);
        assert_eq!(s.get("new_collision"), None, "ambiguous");
        assert_eq!(s.lookup("new_collision#2").unwrap(), vec![0x0812]);
        assert_eq!(s.lookup("ring1::new_collision").unwrap(), vec![0x080C]);
        assert_eq!(s.lookup("ring2::@clr").unwrap(), vec![0x0815]);
        assert_eq!(s.get("ring2"), Some(0x0810));
        assert!(matches!(
            s.lookup("new_collision#3"),
            Err(LookupError::NoSuchIndex { count: 2, .. })
        ));
        let e = s.lookup("ring9::new_collision").unwrap_err().to_string();
        assert!(
            e.contains("$080C") && e.contains("in ring1") && e.contains("$0812"),
            "{e}"
        );
    }

    /// Every format reads each of its lines; a file of another format named as this one
    /// is refused at its first line, never read for a few labels that happen to parse.
    #[test]
    fn each_format_checks_every_line() {
        let nm_text = fixture("m68k-nm.txt");
        for format in [
            SymbolFormat::SdccMap,
            SymbolFormat::Noi,
            SymbolFormat::Vice,
            SymbolFormat::Pasmo,
        ] {
            let e = Symbols::parse(&nm_text, format).unwrap_err();
            assert_eq!(e.line, 1, "{format:?}: {e}");
        }
        let e = Symbols::parse(&fixture("ld65.lbl"), SymbolFormat::Nm).unwrap_err();
        assert_eq!(e.line, 1, "{e}");
        // A Noi file with a line no NoICE file has.
        let e = Symbols::parse("DEF _a 0x10\nhello there\n", SymbolFormat::Noi).unwrap_err();
        assert_eq!(e.line, 2);
        // A bad row in a map's table.
        let map = fixture("sdcc.map").replace("0000401E  _main", "zz  _main");
        let e = Symbols::parse(&map, SymbolFormat::Auto).unwrap_err();
        assert!(e.message.contains("zz"), "{e}");
    }

    /// nm lists undefined symbols first when a file has any: `         U name`.
    #[test]
    fn nm_output_starting_with_an_undefined_symbol() {
        let text = format!("         U vdp_init\n{}", fixture("m68k-nm.txt"));
        let s = Symbols::parse(&text, SymbolFormat::Auto).unwrap();
        assert_eq!(s.format, SymbolFormat::Nm);
        assert_eq!(s.get("hit_mark"), Some(8));
        assert_eq!(s.get("vdp_init"), None);
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
