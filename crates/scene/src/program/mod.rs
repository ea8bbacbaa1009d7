//! Whole programs (specs/programs.md): the program file, the symbol files its labels come
//! from, and the loaded program ready for the machine's harness
//! ([`machine::program::Harness`]). Bad input is a located error naming the file and field.

mod fit;
pub mod format;
pub mod judging;
pub mod symbols;
pub mod tally;

use std::path::{Path, PathBuf};

use collide::Group;
use machine::program::{
    Dump, HarnessConfig, Input, JudgeFrom, Judged, MemoryHit, ObjectRule, ObjectRules, ObjectTable,
    PairRule, ProgramError, ProgramImage, Space, Span, TableCount, TableSize, Watch, WatchObject,
};
use machine::{Machine, Target};

use crate::error::LoadError;
use crate::load::{parse_versioned, read_bytes, read_text};
use format::{Button, GroupName, HitSpec, ObjectAt, Program, SpaceName, WatchSpec};
pub use symbols::{SymbolFormat, Symbols};

/// The largest program image read: a 4 MiB Genesis cartridge with room to spare.
pub const MAX_IMAGE_BYTES: u64 = 8 << 20;
/// The largest symbol file read.
pub const MAX_SYMBOL_BYTES: u64 = 16 << 20;

/// A program loaded and resolved: bytes read, labels turned into addresses.
#[derive(Clone, Debug)]
pub struct LoadedProgram {
    /// The program file, or the image when run without one.
    pub path: PathBuf,
    /// The image file.
    pub image_path: PathBuf,
    /// The registry key of the machine.
    pub target: &'static str,
    /// The image.
    pub image: Vec<u8>,
    /// Where to start, when not the machine's own boot.
    pub start: Option<u32>,
    /// The user's system ROM or BIOS.
    pub system_rom: Option<Vec<u8>>,
    /// Its file.
    pub system_rom_path: Option<PathBuf>,
    /// The mapper named.
    pub mapper: Option<String>,
    /// The host folder behind the machine's disk drive, when one is named.
    pub fsroot: Option<PathBuf>,
    /// The RAM's power-on pattern, when the program file names one.
    pub ram_fill: Option<Vec<u8>>,
    /// What the harness watches.
    pub config: HarnessConfig,
    /// What must hold.
    pub expect: Vec<format::ProgramExpectation>,
    /// The program file's text, to place errors found when the machine is known; `None`
    /// for a bare image, whose settings are command-line options.
    pub source: Option<String>,
    /// For each of `config.watches`, the index of the program file's watch it came from
    /// (an `OnPc` at a label with several places is one watch per place).
    pub watch_origin: Vec<usize>,
    /// The symbol file read and its format.
    pub symbols: Option<(PathBuf, SymbolFormat)>,
    /// What the user should know that does not stop the run (a label that names several
    /// places), one line each.
    pub warnings: Vec<String>,
}

/// Why a loaded program could not be started on its machine.
#[derive(Debug, thiserror::Error)]
pub enum BootError {
    /// The machine's default settings cannot build it.
    #[error("{path}: target {target}: {message}")]
    Machine {
        /// The file.
        path: String,
        /// The key.
        target: String,
        /// Why.
        message: String,
    },
    /// The board refused the image or faulted while booting.
    #[error("{path}: {error}")]
    Program {
        /// The image file.
        path: String,
        /// What the board said.
        error: ProgramError,
    },
    /// A command-line option the machine does not take, or a value it cannot use.
    #[error("{0}")]
    Option(String),
    /// A program-file setting the machine does not have (a mapper, a BIOS), at its place.
    #[error(transparent)]
    NotTaken(LoadError),
    /// A program-file value the machine cannot use (a register the CPU lacks, an address
    /// beyond its space, an unknown mapper, a system ROM the board refuses), at its place.
    #[error(transparent)]
    Field(LoadError),
}

/// A machine key as the user writes it: a registry key, or `x16` for `vera`.
#[must_use]
pub fn target_key(name: &str) -> Option<&'static str> {
    let name = if name.eq_ignore_ascii_case("x16") {
        "vera"
    } else {
        name
    };
    machine::KEYS
        .iter()
        .copied()
        .find(|k| k.eq_ignore_ascii_case(name))
}

/// An address as written: `"$0810"`, `"0x0810"`, a decimal number, or a label.
fn parse_number(s: &str) -> Option<u32> {
    let s = s.trim();
    if let Some(h) = s.strip_prefix('$').or_else(|| s.strip_prefix("0x")) {
        return u32::from_str_radix(h, 16).ok();
    }
    s.parse().ok()
}

/// Resolves a label or number to every place it names; `Err(message)` names what is
/// missing.
fn resolve_all(s: &str, symbols: Option<(&Symbols, &Path)>) -> Result<Vec<u32>, String> {
    if let Some(n) = parse_number(s) {
        return Ok(vec![n]);
    }
    match symbols {
        Some((sym, file)) => sym.lookup(s).map_err(|e| match e {
            symbols::LookupError::Missing(_) => format!(
                "label `{s}` is not in the symbol file {} ({} labels)",
                file.display(),
                sym.len()
            ),
            e => e.to_string(),
        }),
        None => Err(format!(
            "`{s}` is a label, but the program file names no symbol file"
        )),
    }
}

/// Resolves a label or number that must name one place; a label in several places is an
/// error listing them.
fn resolve(s: &str, symbols: Option<(&Symbols, &Path)>) -> Result<u32, String> {
    let all = resolve_all(s, symbols)?;
    match (all.as_slice(), symbols) {
        ([one], _) => Ok(*one),
        (_, Some((sym, file))) => Err(format!(
            "label `{s}` names {} places in {}: {}; name one as `{s}#n` or `scope::{s}`",
            all.len(),
            file.display(),
            sym.describe_places(s)
        )),
        _ => Err(format!("`{s}` names no place")),
    }
}

/// The warning for an `OnPc` label that names several places: the watch takes them all.
fn several_places(s: &str, sym: &Symbols, file: &Path) -> String {
    let n = sym.places(s).map_or(0, <[_]>::len);
    format!(
        "{}: label `{s}` names {n} places ({}); the watch takes all of them (name one as \
         `{s}#n` or `scope::{s}`)",
        file.display(),
        sym.describe_places(s)
    )
}

/// Reads a symbol file.
///
/// # Errors
/// It cannot be read, or is not in a known format: the error names the file and line.
pub fn read_symbols(path: &Path, format: SymbolFormat) -> Result<Symbols, LoadError> {
    let bytes = read_bytes(path, "symbol file", MAX_SYMBOL_BYTES)?;
    let text = String::from_utf8_lossy(&bytes);
    Symbols::parse(&text, format).map_err(|e| LoadError::Invalid {
        path: path.to_owned(),
        pos: crate::error::TextPos {
            line: e.line.max(1),
            col: 1,
        },
        field: String::new(),
        message: e.message,
    })
}

const fn group(g: GroupName) -> Group {
    match g {
        GroupName::Good => Group::Good,
        GroupName::Bad => Group::Bad,
        GroupName::Art => Group::Art,
    }
}

const fn space_of(s: SpaceName) -> Space {
    match s {
        SpaceName::Cpu => Space::Cpu,
        SpaceName::Vram => Space::Vram,
    }
}

/// The judging rules of the program file; `Err((field, message))`.
fn judging_rules(
    j: &judging::JudgingSpec,
    sym: Option<(&Symbols, &Path)>,
) -> Result<(PairRule, Judged, JudgeFrom), (&'static str, String)> {
    let pairs = match j.pairs {
        judging::PairsName::All => PairRule::All,
        judging::PairsName::GoodVsBad => PairRule::GoodVsBad,
    };
    let judged = match j.objects {
        judging::JudgedName::All => Judged::All,
        judging::JudgedName::Group(GroupName::Art) => {
            return Err((
                "judging.objects",
                "Art takes part in no pair: no decision about it can be judged".into(),
            ));
        }
        judging::JudgedName::Group(g) => Judged::Group(group(g)),
    };
    let from = match &j.from {
        judging::FromSpec::Handover => JudgeFrom::Handover,
        judging::FromSpec::PowerOn => JudgeFrom::PowerOn,
        judging::FromSpec::Frame(n) => JudgeFrom::Frame(*n),
        judging::FromSpec::Label(l) => {
            JudgeFrom::Pc(resolve(l, sym).map_err(|m| ("judging.from", m))?)
        }
    };
    Ok((pairs, judged, from))
}

fn buttons(held: &[Button]) -> Input {
    let pad1 = held.iter().fold(0, |acc, b| {
        acc | match b {
            Button::Up => Input::UP,
            Button::Down => Input::DOWN,
            Button::Left => Input::LEFT,
            Button::Right => Input::RIGHT,
            Button::A => Input::A,
            Button::B => Input::B,
            Button::C => Input::C,
            Button::Start => Input::START,
        }
    });
    Input { pad1 }
}

fn object_at(o: &ObjectAt, sym: Option<(&Symbols, &Path)>) -> Result<WatchObject, String> {
    Ok(match o {
        ObjectAt::Reg(r) => WatchObject::Reg(r.clone()),
        ObjectAt::Mem(m) => WatchObject::Mem(resolve(m, sym)?),
        ObjectAt::Pair(a, b) => {
            WatchObject::Pair(Box::new(object_at(a, sym)?), Box::new(object_at(b, sym)?))
        }
    })
}

/// The object table of the program file; `Err((field, message))`.
fn object_table(
    t: &format::ObjectTableSpec,
    sym: Option<(&Symbols, &Path)>,
) -> Result<ObjectTable, (String, String)> {
    let field = |name: &str| format!("object_table.{name}");
    if t.stride == 0 {
        return Err((
            field("stride"),
            "0 bytes from one record to the next: every record would be the first".into(),
        ));
    }
    let count = match (t.count, &t.count_at) {
        (Some(n), None) if (1..=ObjectTable::MAX_RECORDS).contains(&n) => TableCount::Fixed(n),
        (Some(n), None) => {
            return Err((
                field("count"),
                format!("{n} records; a table has 1 to {}", ObjectTable::MAX_RECORDS),
            ));
        }
        (None, Some(a)) => TableCount::Byte(resolve(a, sym).map_err(|m| (field("count_at"), m))?),
        _ => {
            return Err((
                field("count"),
                "give the number of records as `count` or the byte holding it as `count_at`, \
                 one of the two"
                    .into(),
            ));
        }
    };
    let size = match (t.half, t.size) {
        (Some(o), None) => TableSize::Half(o),
        (None, Some(o)) => TableSize::Full(o),
        _ => {
            return Err((
                field("half"),
                "give the offset of the half-size (`half`) or of the full size (`size`), one \
                 of the two"
                    .into(),
            ));
        }
    };
    for (name, offset) in [("y", Some(t.y)), ("x", Some(t.x)), ("live", t.live)]
        .into_iter()
        .chain([("half", t.half), ("size", t.size)])
    {
        if let Some(o) = offset.filter(|&o| o >= t.stride) {
            return Err((
                field(name),
                format!("offset {o} is outside a record of {} bytes", t.stride),
            ));
        }
    }
    let unit_px = t.unit_px.unwrap_or(1.0);
    if !(unit_px.is_finite() && unit_px > 0.0 && unit_px <= 64.0) {
        return Err((
            field("unit_px"),
            format!("{unit_px} pixels per unit; give a number above 0, at most 64"),
        ));
    }
    Ok(ObjectTable {
        at: resolve(&t.at, sym).map_err(|m| (field("at"), m))?,
        count,
        stride: t.stride,
        y: t.y,
        x: t.x,
        size,
        live: t.live,
        signed: t.signed,
        unit_px,
        origin_px: t.origin_px.unwrap_or((0, 0)),
        y_up: t.y_up,
        group: group(t.group.unwrap_or(GroupName::Good)),
    })
}

/// Loads a program file.
///
/// # Errors
/// The file, its image, system ROM or symbol file cannot be read or are invalid; a label
/// the symbol file lacks; an unknown target. Each names the file and the field.
pub fn load(path: &Path) -> Result<LoadedProgram, LoadError> {
    let text = read_text(path, "program file")?;
    let p: Program = parse_versioned(path, &text)?;
    let at = |field: &str, message: String| LoadError::at_field(path, &text, field, message);
    let dir = path.parent().unwrap_or_else(|| Path::new("."));
    let target = target_key(&p.target).ok_or_else(|| {
        at(
            "target",
            format!(
                "unknown target `{}`; one of {} (or x16)",
                p.target,
                machine::KEYS.join(", ")
            ),
        )
    })?;
    let symbols = match &p.symbols {
        Some(s) => {
            let file = dir.join(&s.file);
            Some((read_symbols(&file, s.format)?, file))
        }
        None => None,
    };
    let sym = symbols.as_ref().map(|(s, f)| (s, f.as_path()));
    let image_path = dir.join(&p.image);
    let image = read_bytes(&image_path, "program image", MAX_IMAGE_BYTES)?;
    let system_rom_path = p.system_rom.as_ref().map(|f| dir.join(f));
    let system_rom = match &system_rom_path {
        Some(f) => Some(read_bytes(f, "system ROM", MAX_IMAGE_BYTES)?),
        None => None,
    };
    let start = match &p.start {
        Some(s) => Some(resolve(s, sym).map_err(|m| at("start", m))?),
        None => None,
    };
    let ram_fill = match &p.ram {
        Some(r) => Some(ram_pattern(&r.fill).map_err(|m| at("ram.fill", m))?),
        None => None,
    };
    let mut watches = Vec::new();
    let mut watch_origin = Vec::new();
    let mut warnings = Vec::new();
    for (i, w) in p.watches.iter().enumerate() {
        if let WatchSpec::OnPc { label, object } = w {
            let pcs = resolve_all(label, sym).map_err(|m| at(&format!("watches[{i}].label"), m))?;
            let object =
                object_at(object, sym).map_err(|m| at(&format!("watches[{i}].object"), m))?;
            if let (true, Some((s, f))) = (pcs.len() > 1, sym) {
                warnings.push(several_places(label, s, f));
            }
            for pc in pcs {
                watches.push(Watch::OnPc {
                    name: label.clone(),
                    pc,
                    object: object.clone(),
                });
                watch_origin.push(i);
            }
            continue;
        }
        let WatchSpec::Memory {
            at: addr,
            len,
            stride,
            hit,
            space,
        } = w
        else {
            continue;
        };
        if *len == 0 {
            return Err(at(
                &format!("watches[{i}].len"),
                "0 bytes watch nothing: `len` is the number of sprites marked, from 1".into(),
            ));
        }
        watch_origin.push(i);
        watches.push(Watch::Memory {
            name: addr.clone(),
            space: match space {
                SpaceName::Cpu => Space::Cpu,
                SpaceName::Vram => Space::Vram,
            },
            at: resolve(addr, sym).map_err(|m| at(&format!("watches[{i}].at"), m))?,
            len: *len,
            stride: *stride,
            hit: match *hit {
                HitSpec::Equals(v) => MemoryHit::Equals(v),
                HitSpec::NonZero => MemoryHit::NonZero,
                HitSpec::BitSet(n) if n < 8 => MemoryHit::BitSet(n),
                HitSpec::BitSet(n) => {
                    return Err(at(
                        &format!("watches[{i}].hit"),
                        format!("bit {n} of a byte; bits are 0 to 7"),
                    ));
                }
            },
        });
    }
    let mut spans = Vec::new();
    for (i, s) in p.spans.iter().enumerate() {
        spans.push(Span {
            name: s.name.clone(),
            from: resolve(&s.from, sym).map_err(|m| at(&format!("spans[{i}].from"), m))?,
            to: resolve(&s.to, sym).map_err(|m| at(&format!("spans[{i}].to"), m))?,
        });
    }
    let (pairs, judged, judge_from) = judging_rules(&p.judging, sym).map_err(|(f, m)| at(f, m))?;
    let mut dumps = Vec::new();
    for (i, d) in p.dump.iter().enumerate() {
        if d.len == 0 || d.len > judging::MAX_DUMP_BYTES {
            return Err(at(
                &format!("dump[{i}].len"),
                format!(
                    "{} bytes; a dump is 1 to {} bytes",
                    d.len,
                    judging::MAX_DUMP_BYTES
                ),
            ));
        }
        dumps.push(Dump {
            name: d.name.clone().unwrap_or_else(|| d.at.clone()),
            space: space_of(d.space),
            at: resolve(&d.at, sym).map_err(|m| at(&format!("dump[{i}].at"), m))?,
            len: d.len,
        });
    }
    let wait_pc = match &p.wait {
        Some(w) => Some(resolve(w, sym).map_err(|m| at("wait", m))?),
        None => None,
    };
    let object_table = match &p.object_table {
        Some(t) => Some(object_table(t, sym).map_err(|(f, m)| at(&f, m))?),
        None => None,
    };
    let mut rules = Vec::new();
    for (i, r) in p.objects.rules.iter().enumerate() {
        if r.sprites.0 > r.sprites.1 {
            return Err(at(
                &format!("objects.rules[{i}].sprites"),
                format!(
                    "first sprite {} is after the last {}",
                    r.sprites.0, r.sprites.1
                ),
            ));
        }
        let field = |name: &str| format!("objects.rules[{i}].{name}");
        if r.sprites == format::ALL_SPRITES
            && r.palette.is_none()
            && r.pattern.is_none()
            && r.collision_mask.is_none()
        {
            return Err(at(
                &format!("objects.rules[{i}]"),
                "chooses no sprites: give `sprites`, `palette`, `pattern` or `collision_mask`"
                    .to_owned(),
            ));
        }
        for (name, value) in [("palette", r.palette), ("collision_mask", r.collision_mask)] {
            if let Some(v) = value.filter(|&v| v > 15) {
                return Err(at(&field(name), format!("{v} is not a 4-bit value (0-15)")));
            }
        }
        let pattern = match &r.pattern {
            Some((first, last)) => {
                let first = resolve(first, sym).map_err(|m| at(&field("pattern"), m))?;
                let last = resolve(last, sym).map_err(|m| at(&field("pattern"), m))?;
                if first > last {
                    return Err(at(
                        &field("pattern"),
                        format!("first pattern ${first:X} is after the last ${last:X}"),
                    ));
                }
                Some(first..=last)
            }
            None => None,
        };
        rules.push(ObjectRule {
            palette: r.palette,
            pattern,
            collision_mask: r.collision_mask,
            ..ObjectRule::by_number(r.sprites.0..=r.sprites.1, group(r.group), r.merge)
        });
    }
    Ok(LoadedProgram {
        path: path.to_owned(),
        image_path,
        target,
        image,
        start,
        system_rom,
        mapper: p.mapper.clone(),
        fsroot: p.fsroot.as_ref().map(|f| dir.join(f)),
        system_rom_path,
        source: Some(text.clone()),
        watch_origin,
        symbols: p.symbols.as_ref().zip(symbols.as_ref()).map(|(r, (s, f))| {
            (
                f.clone(),
                if r.format == SymbolFormat::Auto {
                    s.format
                } else {
                    r.format
                },
            )
        }),
        warnings,
        ram_fill,
        config: HarnessConfig {
            frames: p.frames,
            objects: ObjectRules {
                rules,
                default_group: p.objects.others.map(group),
            },
            object_table,
            watches,
            spans,
            wait_pc,
            input: p.input.iter().map(|b| buttons(b)).collect(),
            keys: p.keys.iter().map(|k| (k.frame, k.text.clone())).collect(),
            give_up_frames: p.give_up_frames,
            pairs,
            judged,
            judge_from,
            dumps,
        },
        expect: p.expect,
    })
}

/// A RAM pattern from hex digits: 1 to 256 bytes.
fn ram_pattern(hex: &str) -> Result<Vec<u8>, String> {
    let digits: Vec<char> = hex.chars().filter(|c| !c.is_whitespace()).collect();
    if digits.is_empty() || !digits.len().is_multiple_of(2) || digits.len() > 512 {
        return Err(format!(
            "`{hex}`: give 1 to 256 bytes as pairs of hex digits, such as \"FF00\""
        ));
    }
    digits
        .chunks(2)
        .map(|pair| {
            let text: String = pair.iter().collect();
            u8::from_str_radix(&text, 16)
                .map_err(|_| format!("`{text}` in `{hex}` is not a hex byte"))
        })
        .collect()
}

/// A bare image run without a program file: one object per visible sprite, no watches.
#[derive(Clone, Debug)]
pub struct BareImage<'a> {
    /// The image file.
    pub image: &'a Path,
    /// The machine as the user names it.
    pub target: &'a str,
    /// Frames.
    pub frames: u32,
    /// `--start` (an address, or a label with `symbols`).
    pub start: Option<&'a str>,
    /// `--rom` / `--bios`.
    pub system_rom: Option<&'a Path>,
    /// `--mapper`.
    pub mapper: Option<&'a str>,
    /// `--symbols`.
    pub symbols: Option<&'a Path>,
}

/// Why a bare image's options are wrong (a usage error, not a bad file).
#[derive(Debug, thiserror::Error)]
pub enum BareError {
    /// An option's value is wrong.
    #[error("{0}")]
    Usage(String),
    /// A file cannot be used.
    #[error(transparent)]
    File(#[from] LoadError),
}

/// Loads a bare image with options from the command line.
///
/// # Errors
/// An unknown target or start label ([`BareError::Usage`]); a file that cannot be read.
pub fn load_bare(b: &BareImage<'_>) -> Result<LoadedProgram, BareError> {
    let target = target_key(b.target).ok_or_else(|| {
        BareError::Usage(format!(
            "unknown target `{}`; one of {} (or x16)",
            b.target,
            machine::KEYS.join(", ")
        ))
    })?;
    let symbols = match b.symbols {
        Some(f) => Some(read_symbols(f, SymbolFormat::Auto)?),
        None => None,
    };
    let sym = symbols.as_ref().zip(b.symbols);
    let start = match b.start {
        Some(s) => Some(resolve(s, sym).map_err(|m| BareError::Usage(format!("--start: {m}")))?),
        None => None,
    };
    Ok(LoadedProgram {
        path: b.image.to_owned(),
        image_path: b.image.to_owned(),
        target,
        image: read_bytes(b.image, "program image", MAX_IMAGE_BYTES)?,
        start,
        system_rom: match b.system_rom {
            Some(f) => Some(read_bytes(f, "system ROM", MAX_IMAGE_BYTES)?),
            None => None,
        },
        mapper: b.mapper.map(str::to_owned),
        fsroot: None,
        system_rom_path: b.system_rom.map(Path::to_owned),
        source: None,
        watch_origin: Vec::new(),
        symbols: symbols
            .as_ref()
            .zip(b.symbols)
            .map(|(s, f)| (f.to_owned(), s.format)),
        warnings: Vec::new(),
        ram_fill: None,
        config: HarnessConfig {
            frames: b.frames,
            give_up_frames: give_up_default(),
            ..HarnessConfig::default()
        },
        expect: Vec::new(),
    })
}

const fn give_up_default() -> u32 {
    120
}

impl LoadedProgram {
    /// The machine with its default settings, booted with the program.
    ///
    /// # Errors
    /// The machine cannot be built with default settings, or its board refuses the image.
    pub fn boot(&self) -> Result<Box<dyn Machine>, BootError> {
        let machine_err = |message: String| BootError::Machine {
            path: self.path.display().to_string(),
            target: self.target.to_owned(),
            message,
        };
        // A machine that needs settings a program cannot give has no program board.
        let settings: Target = machine::registry::with_default_settings(self.target)
            .ok_or_else(|| self.no_program_board())?;
        let mut m = settings
            .settings()
            .build(&machine::Resources::default())
            .map_err(machine_err)?;
        let limits = m.program_limits().ok_or_else(|| self.no_program_board())?;
        self.check_fit(&limits, m.sprite_slots())?;
        self.check_object_table(&limits, m.program_ram())?;
        m.boot(&ProgramImage {
            bytes: &self.image,
            start: self.start,
            system_rom: self.system_rom.as_deref(),
            mapper: self.mapper.as_deref(),
            ram_fill: self.ram_fill.as_deref(),
        })
        .map_err(|error| match (&error, &self.system_rom_path) {
            // The BIOS's fault, not the cartridge's: said at the field that named it, or
            // against the file given with --rom.
            (ProgramError::SystemRom { .. }, _) if self.source.is_some() => {
                BootError::Field(LoadError::at_field(
                    &self.path,
                    self.source.as_deref().unwrap_or_default(),
                    "system_rom",
                    error.to_string(),
                ))
            }
            (ProgramError::SystemRom { .. }, Some(rom)) => BootError::Program {
                path: rom.display().to_string(),
                error,
            },
            _ => BootError::Program {
                path: self.image_path.display().to_string(),
                error,
            },
        })?;
        Ok(m)
    }
}
