//! What a machine offers a generated frame of single-sprite objects (`hitlab hunt`): solid
//! sprites of the sizes its chip can show, the settings to show them with, and the roms that
//! make every pixel opaque. Each machine with hardware sprites gives its own, beside its
//! driver; the registry finds it by key.

use crate::contract::Region;
use crate::registry::Target;

/// One rom image a kit needs written before the first frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KitRom {
    /// The file's extension when written beside a scene (`sprites`, `palette`).
    pub ext: &'static str,
    /// Where it goes.
    pub region: Region,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// Solid single-sprite objects on one machine.
#[derive(Clone, Debug)]
pub struct SolidKit {
    /// The machine's settings for sprites of side `side` (machines whose sprites all share
    /// one size, the TMS9918A's, set it here).
    pub target: Target,
    /// The patterns and palette that make the sprites solid.
    pub roms: Vec<KitRom>,
    /// Widths a sprite can have, px.
    pub widths: &'static [u16],
    /// Heights a sprite can have, px.
    pub heights: &'static [u16],
    /// Every sprite of a frame has one size, square.
    pub uniform: bool,
    /// The pattern (tile index, pattern number, bitmap address) that is solid.
    pub pattern: u32,
    /// The colour (MSX colour, Genesis palette line, VERA palette offset) of a Good and of a
    /// Bad object, so the two show apart.
    pub colours: [u8; 2],
    /// Sprites take the machine's automatic collision mask (VERA's quadrants).
    pub auto_mask: bool,
}

/// A kit maker: the kit for sprites of side `side` (ignored where sizes may differ).
pub type KitFn = fn(side: u16) -> SolidKit;
