//! The program file (version 1; docs/programs.md): a whole program image and what to watch
//! while it runs. A RON document `Program(...)`, the image and the symbol file named
//! relative to it.

use serde::Deserialize;

use super::symbols::SymbolFormat;

/// A program to run and check.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Program {
    /// Format version (1).
    pub version: u32,
    /// The program image (`.PRG`, cartridge ROM), relative to this file.
    pub image: String,
    /// The machine's key (`vera`, or its alias `x16`; `msx`, `genesis`).
    pub target: String,
    /// Frames to record, from 1.
    #[serde(deserialize_with = "crate::format::common::frame_count")]
    pub frames: u32,
    /// Where to start instead of the machine's own boot (`"$0810"` or a label).
    #[serde(default)]
    pub start: Option<String>,
    /// A system ROM or BIOS of the user's, relative to this file.
    #[serde(default)]
    pub system_rom: Option<String>,
    /// A host folder for the machine's disk drive (the X16's unit 8, as x16emu's
    /// `-fsroot`), relative to this file.
    #[serde(default)]
    pub fsroot: Option<String>,
    /// A cartridge mapper instead of the detected one.
    #[serde(default)]
    pub mapper: Option<String>,
    /// What the machine's RAM holds at power-on, instead of the machine's own fill.
    #[serde(default)]
    pub ram: Option<RamSpec>,
    /// The symbol file the labels come from.
    #[serde(default)]
    pub symbols: Option<SymbolsRef>,
    /// Which sprites make which objects.
    #[serde(default)]
    pub objects: ObjectsSpec,
    /// Objects from a table in the program's own RAM instead of sprites.
    #[serde(default)]
    pub object_table: Option<ObjectTableSpec>,
    /// The program's decisions.
    #[serde(default)]
    pub watches: Vec<WatchSpec>,
    /// The main loop's wait label (a label or `"$addr"`), for a program that polls a flag
    /// instead of a wait instruction: a frame lags when the PC does not reach it.
    #[serde(default)]
    pub wait: Option<String>,
    /// Cycles between two labels.
    #[serde(default)]
    pub spans: Vec<SpanSpec>,
    /// Pad buttons held per frame (names: `Up`, `Down`, `Left`, `Right`, `A`, `B`, `C`,
    /// `Start`); the last entry holds on.
    #[serde(default)]
    pub input: Vec<Vec<Button>>,
    /// Text typed on the machine's keyboard: `(frame: 30, text: "y\n")` types each
    /// character (a key down and up, Shift where needed; `\n` is RETURN) from frame 30.
    #[serde(default)]
    pub keys: Vec<KeysSpec>,
    /// Frames after which a program that has taken no interrupt, or stays inside one
    /// handler, is an error.
    #[serde(default = "give_up")]
    pub give_up_frames: u32,
    /// What must hold (`hitlab replay`).
    #[serde(default)]
    pub expect: Vec<ProgramExpectation>,
    /// Which pairs count, whose decisions are judged, and from when.
    #[serde(default)]
    pub judging: super::judging::JudgingSpec,
    /// Memory ranges the trace holds per frame.
    #[serde(default)]
    pub dump: Vec<super::judging::DumpSpec>,
}

const fn one() -> u32 {
    1
}

const fn give_up() -> u32 {
    120
}

/// The RAM's power-on content: `fill`, hex digits (`"FF00"`), repeated over the whole RAM,
/// as an openMSX machine's `initialContent encoding="hex"` is.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RamSpec {
    /// The pattern, two hex digits a byte, 1 to 256 bytes.
    pub fill: String,
}

/// A symbol file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SymbolsRef {
    /// Relative to the program file.
    pub file: String,
    /// Its format (detected when absent).
    #[serde(default)]
    pub format: SymbolFormat,
}

/// Text typed from a frame on.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct KeysSpec {
    /// The frame (from 0) before which the keys are sent.
    pub frame: u32,
    /// The characters typed.
    pub text: String,
}

/// A pad button.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Button {
    Up,
    Down,
    Left,
    Right,
    A,
    B,
    C,
    Start,
}

/// An object group.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum GroupName {
    /// The player's side.
    Good,
    /// The other side.
    Bad,
    /// Never collides.
    Art,
}

/// Object rules.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectsSpec {
    /// First match wins.
    #[serde(default)]
    pub rules: Vec<ObjectRuleSpec>,
    /// The group of sprites no rule names; `None` leaves them out.
    #[serde(default = "good")]
    pub others: Option<GroupName>,
}

/// An object table in the program's RAM (docs/vectrex-programs.md, "Objects"): `count`
/// records, or as many as the byte at `count_at` says, of `stride` bytes
/// from `at`; in each, the offsets of the centre's `y` and `x`, of its `half` size or full
/// `size`, and of a `live` flag (0: no object).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectTableSpec {
    /// The first record: a label or `"$addr"`.
    pub at: String,
    /// Records, when fixed.
    #[serde(default)]
    pub count: Option<u32>,
    /// The byte holding the number of records: a label or `"$addr"`.
    #[serde(default)]
    pub count_at: Option<String>,
    /// Bytes from one record to the next.
    pub stride: u32,
    /// Offset of the centre's y byte.
    pub y: u32,
    /// Offset of the centre's x byte.
    pub x: u32,
    /// Offset of the half-size byte.
    #[serde(default)]
    pub half: Option<u32>,
    /// Offset of the full-size byte.
    #[serde(default)]
    pub size: Option<u32>,
    /// Offset of the live flag.
    #[serde(default)]
    pub live: Option<u32>,
    /// The coordinates are signed bytes.
    #[serde(default)]
    pub signed: bool,
    /// Pixels per coordinate unit (1 when absent).
    #[serde(default)]
    pub unit_px: Option<f64>,
    /// Where coordinate (0, 0) is, in pixels (x, y); the screen's corner when absent.
    #[serde(default)]
    pub origin_px: Option<(i32, i32)>,
    /// The coordinates grow upwards (the Vectrex's).
    #[serde(default)]
    pub y_up: bool,
    /// The objects' group (`Good` when absent).
    #[serde(default)]
    pub group: Option<GroupName>,
}

/// Every sprite: a rule without `sprites`.
pub const ALL_SPRITES: (u32, u32) = (0, u32::MAX);

const fn all_sprites() -> (u32, u32) {
    ALL_SPRITES
}

#[allow(clippy::unnecessary_wraps)]
const fn good() -> Option<GroupName> {
    Some(GroupName::Good)
}

impl Default for ObjectsSpec {
    fn default() -> Self {
        Self {
            rules: Vec::new(),
            others: good(),
        }
    }
}

/// The sprites a rule chooses, in `group`, one object when `merge`: those numbered
/// `first..=last` whose attributes match every attribute given.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectRuleSpec {
    /// `(first, last)` sprite numbers, inclusive; every sprite when absent.
    #[serde(default = "all_sprites")]
    pub sprites: (u32, u32),
    /// The palette: VERA's palette offset, the Genesis palette line, the TMS9918's
    /// colour.
    #[serde(default)]
    pub palette: Option<u8>,
    /// `(first, last)` pattern addresses (VERA, bytes in VRAM) or indices (Genesis),
    /// inclusive: numbers or labels.
    #[serde(default)]
    pub pattern: Option<(String, String)>,
    /// VERA's 4-bit collision mask (attribute byte 6 bits 7-4) as a value 0-15.
    #[serde(default)]
    pub collision_mask: Option<u8>,
    /// Their group.
    pub group: GroupName,
    /// One object of all of them.
    #[serde(default)]
    pub merge: bool,
}

/// Where the sprite number is when the PC reaches a label.
#[derive(Clone, Debug, Deserialize)]
pub enum ObjectAt {
    /// A register by the CPU's name for it.
    Reg(String),
    /// A byte of memory (`"$0200"` or a label).
    Mem(String),
    /// Two sprites.
    Pair(Box<ObjectAt>, Box<ObjectAt>),
}

/// When a byte marks its sprite hit.
#[derive(Clone, Copy, Debug, Deserialize)]
pub enum HitSpec {
    /// Equals the value.
    Equals(u8),
    /// Not zero.
    NonZero,
    /// Bit n set.
    BitSet(u8),
}

/// Which memory.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
pub enum SpaceName {
    /// The CPU's address space.
    #[default]
    Cpu,
    /// The chip's video memory.
    Vram,
}

/// A decision of the program's. Unknown fields of either form are refused, as everywhere
/// in the file (a misspelt `stride` would otherwise leave the default in force).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum WatchSpec {
    /// The PC reaches `label` with the sprite number in `object`.
    OnPc {
        /// A label or `"$addr"`; a label in several places (ld65 writes a scoped label
        /// once per scope) is watched at all of them, or at one as `name#n` (the n-th by
        /// address, from 1) or `scope::name`.
        label: String,
        /// Where the sprite number is.
        object: ObjectAt,
    },
    /// `len` bytes from `at`, `stride` apart, read at vblank: byte i marks sprite i.
    Memory {
        /// A label or `"$addr"`; a label in several places must say which
        /// (`name#n`, `scope::name`).
        at: String,
        /// Sprites.
        len: u32,
        /// Bytes between two sprites' marks (1 when absent; 0: one byte marks all `len`).
        #[serde(default = "one")]
        stride: u32,
        /// When a byte marks a hit.
        hit: HitSpec,
        /// Which memory (CPU when absent).
        #[serde(default)]
        space: SpaceName,
    },
}

/// Cycles from one label to another.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpanSpec {
    /// Its name in reports.
    pub name: String,
    /// A label or `"$addr"`.
    pub from: String,
    /// A label or `"$addr"`.
    pub to: String,
}

/// Which truth decisions are judged against.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum TruthKind {
    /// Boxes overlap.
    Box,
    /// Opaque pixels meet.
    Pixel,
}

/// What must hold over the run.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub enum ProgramExpectation {
    /// No object true-hit that the program did not mark, in any frame.
    NoMiss(TruthKind),
    /// No object the program marked that was not true-hit, in any frame.
    NoFalseAlarm(TruthKind),
    /// Every run of the handler of this interrupt (`irq`, `vint`) took at most `cycles`.
    HandlerCyclesAtMost {
        /// The interrupt source.
        handler: String,
        /// The budget.
        cycles: u64,
    },
    /// Every run of the span took at most `cycles`.
    SpanCyclesAtMost {
        /// The span's name.
        span: String,
        /// The budget.
        cycles: u64,
    },
    /// No lag frame.
    NoLag,
    /// Exactly this many lag frames.
    LagFrames(u32),
    /// The chip's collision flag was set in exactly these frames.
    ChipFrames(Vec<u32>),
}
