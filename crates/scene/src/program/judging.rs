//! The program file's judging fields (docs/programs.md, "Judging"): which pairs count,
//! whose decisions are judged and from when, and the program RAM ranges the trace dumps.

use serde::Deserialize;

use super::format::GroupName;

/// How the program's decisions are judged.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JudgingSpec {
    /// Which pairs of objects make truth.
    #[serde(default)]
    pub pairs: PairsName,
    /// Whose decisions are judged: `All`, or one group (`Bad` for a program that marks
    /// only the target its shot hit).
    #[serde(default)]
    pub objects: JudgedName,
    /// From when frames are judged.
    #[serde(default)]
    pub from: FromSpec,
}

/// Which pairs count.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum PairsName {
    /// Every pair of objects that are not Art.
    #[default]
    All,
    /// A Good object with a Bad one.
    GoodVsBad,
}

/// Whose decisions are judged.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum JudgedName {
    /// Every object.
    #[default]
    All,
    /// Only the objects of a group.
    Group(GroupName),
}

/// From when frames are judged.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum FromSpec {
    /// From the moment the machine's system software hands over to the program (the MSX
    /// BIOS calling the cartridge's INIT); from power-on where there is none.
    #[default]
    Handover,
    /// Every frame.
    PowerOn,
    /// From this frame.
    Frame(u32),
    /// From the first frame after the PC first reaches this label or `"$addr"`.
    Label(String),
}

/// A range of memory written into each frame of the trace.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DumpSpec {
    /// Its name in the trace (the label when absent).
    #[serde(default)]
    pub name: Option<String>,
    /// A label or `"$addr"`.
    pub at: String,
    /// Bytes, 1 to [`MAX_DUMP_BYTES`].
    pub len: u32,
    /// Which memory (CPU when absent).
    #[serde(default)]
    pub space: super::format::SpaceName,
}

/// The most bytes one dump range holds (a trace line per frame stays readable).
pub const MAX_DUMP_BYTES: u32 = 4096;
