//! Reading the sprite attribute table (SAT) and the sprite patterns.
//!
//! SAT (msx.md §1; SY 533-567; RB 283-289): 32 entries of 4 bytes at R5 x 0x80:
//! `Y, X, pattern, EC 0 0 0 c3 c2 c1 c0`.
//! - `Y = 208` (0xD0) ends the list; that entry and all later ones are not processed
//!   (openMSX `checkSprites1`: `if (y == 208) break;`, tested before anything else; MAME
//!   `update_line`; blueMSX `SpriteLine.h:105`).
//! - The first row appears on line Y + 1, modulo 256: Y = 255 starts on line 0, Y = 254
//!   hides the top row (SY 552-555; openMSX checks one line early and wraps with
//!   `(line - y) & 0xFF`). MAME's `Y > 0xE0 => Y - 256` differs only for Y = 0xE0 with
//!   32-line sprites; this model follows openMSX.
//! - EC (bit 7 of byte 3) moves the sprite 32 pixels left: X runs -32..223 (openMSX
//!   `sip.x -= 32`; blueMSX `SpriteLine.h:176`). Bits 6-4 are ignored.
//!
//! Patterns at R6 x 0x800 (RB 291-308; openMSX `calculatePatternNP`):
//! - 8x8: 8 bytes at pattern x 8, one byte per row, bit 7 = leftmost pixel;
//! - 16x16: 32 bytes at (pattern & 0xFC) x 8; bytes 0-15 are rows 0-15 of the left 8
//!   columns, bytes 16-31 the right 8 columns (SY 585-587 is wrong on this);
//! - MAG: each bit becomes 2x2 pixels (openMSX `doublePattern`).
//!
//! Rows are kept as masks with bit i = column i from the left, already magnified in both
//! directions, so the checker, the drawing and the view all read the same bits.

use crate::registers::SpriteLayout;
use crate::vram::Vram;

/// Entries in the SAT.
pub const SAT_ENTRIES: usize = 32;
/// The Y value that ends the SAT.
pub const TERMINATOR_Y: u8 = 208;
/// The largest sprite side: 16 pixels magnified.
pub const MAX_SIDE_PX: usize = 32;

/// Each bit of a byte doubled: bit i goes to bits 2i and 2i+1.
const DOUBLED: [u16; 256] = {
    let mut table = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        let mut out = 0u16;
        let mut i = 0;
        while i < 8 {
            if b & (1 << i) != 0 {
                out |= 0b11 << (2 * i);
            }
            i += 1;
        }
        table[b] = out;
        b += 1;
    }
    table
};

/// One SAT entry, decoded, with its rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SatSprite {
    /// Index in the SAT (0-31).
    pub number: u8,
    /// Byte 0: Y.
    pub y: u8,
    /// Byte 1: X.
    pub x: u8,
    /// Byte 2: pattern name as stored (bits 1-0 are ignored for 16x16).
    pub pattern: u8,
    /// Byte 3 bits 3-0.
    pub colour: u8,
    /// Byte 3 bit 7.
    pub early_clock: bool,
    /// Screen x of the left column: X, or X - 32 with early clock.
    pub x_px: i16,
    /// The line of the first row: (Y + 1) mod 256.
    pub top_line: u8,
    /// Opaque pixels per displayed row (bit i = column i from the left), magnified;
    /// rows `0..side_px` are valid.
    pub rows: [u32; MAX_SIDE_PX],
    /// Columns that fall on x 0..255 (bit i = column i).
    pub visible_columns: u32,
    /// Side in pixels (8, 16 or 32) under the size and magnification it was read with.
    pub side_px: u16,
}

impl Default for SatSprite {
    fn default() -> Self {
        Self {
            number: 0,
            y: 0,
            x: 0,
            pattern: 0,
            colour: 0,
            early_clock: false,
            x_px: 0,
            top_line: 0,
            rows: [0; MAX_SIDE_PX],
            visible_columns: 0,
            side_px: 8,
        }
    }
}

/// The SAT as scanned at one moment: entries up to the terminator.
#[derive(Clone, Debug)]
pub struct SatScan {
    sprites: [SatSprite; SAT_ENTRIES],
    len: usize,
    side_px: u16,
}

impl Default for SatScan {
    fn default() -> Self {
        Self::new()
    }
}

impl SatScan {
    /// An empty scan.
    #[must_use]
    pub fn new() -> Self {
        Self {
            sprites: [SatSprite::default(); SAT_ENTRIES],
            len: 0,
            side_px: 8,
        }
    }

    /// No entry: the sprite plane is off (display blanked or text mode).
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Reads the SAT and the patterns of every entry before the terminator.
    pub fn scan(&mut self, vram: &Vram, layout: SpriteLayout) {
        let side = layout.side_px();
        self.side_px = side;
        self.len = SAT_ENTRIES;
        for n in 0..SAT_ENTRIES {
            let entry = layout.sat_base.wrapping_add(4 * n as u16);
            let y = vram.read(entry);
            if y == TERMINATOR_Y {
                self.len = n;
                break;
            }
            let x = vram.read(entry.wrapping_add(1));
            let pattern = vram.read(entry.wrapping_add(2));
            let attr = vram.read(entry.wrapping_add(3));
            let early_clock = attr & 0x80 != 0;
            let x_px = i16::from(x) - if early_clock { 32 } else { 0 };
            let sprite = &mut self.sprites[n];
            sprite.number = n as u8;
            sprite.y = y;
            sprite.x = x;
            sprite.pattern = pattern;
            sprite.colour = attr & 0x0F;
            sprite.early_clock = early_clock;
            sprite.x_px = x_px;
            sprite.top_line = y.wrapping_add(1);
            sprite.visible_columns = visible_columns(x_px, side);
            sprite.side_px = side;
            fill_rows(&mut sprite.rows, vram, layout, pattern);
        }
    }

    /// The entries before the terminator, in table order.
    #[must_use]
    pub fn sprites(&self) -> &[SatSprite] {
        &self.sprites[..self.len.min(SAT_ENTRIES)]
    }

    /// The index of the `Y = 208` entry, or 32 when all entries were scanned (0 after
    /// [`SatScan::clear`]).
    #[must_use]
    pub const fn end_index(&self) -> usize {
        self.len
    }

    /// Side of every sprite in pixels this frame.
    #[must_use]
    pub const fn side_px(&self) -> u16 {
        self.side_px
    }
}

/// Columns `i` of a sprite at `x_px` with `0 <= x_px + i <= 255`, as a bit mask.
fn visible_columns(x_px: i16, side_px: u16) -> u32 {
    let x = i32::from(x_px);
    let first = (-x).clamp(0, 32);
    let end = (256 - x).clamp(0, i32::from(side_px));
    if end <= first {
        return 0;
    }
    (((1u64 << end) - 1) & !((1u64 << first) - 1)) as u32
}

/// Fills the displayed rows of a sprite from its pattern; the rows past its side are
/// cleared, so two reads of the same sprite compare equal exactly when it shows the same.
fn fill_rows(rows: &mut [u32; MAX_SIDE_PX], vram: &Vram, layout: SpriteLayout, name: u8) {
    rows[usize::from(layout.side_px()).min(MAX_SIDE_PX)..].fill(0);
    let pattern_rows: u16 = if layout.size16 { 16 } else { 8 };
    let first_byte = if layout.size16 {
        layout.pattern_base + (u16::from(name & 0xFC) << 3)
    } else {
        layout.pattern_base + (u16::from(name) << 3)
    };
    for r in 0..pattern_rows {
        let addr = first_byte + r;
        let left = vram.read(addr).reverse_bits();
        let right = if layout.size16 {
            vram.read(addr + 16).reverse_bits()
        } else {
            0
        };
        if layout.mag {
            let bits = u32::from(DOUBLED[usize::from(left)])
                | (u32::from(DOUBLED[usize::from(right)]) << 16);
            let r = usize::from(r) * 2;
            rows[r] = bits;
            rows[r + 1] = bits;
        } else {
            rows[usize::from(r)] = u32::from(left) | (u32::from(right) << 8);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubling_spreads_each_bit_to_two() {
        assert_eq!(DOUBLED[0b1], 0b11);
        assert_eq!(DOUBLED[0b1000_0001], 0b1100_0000_0000_0011);
        assert_eq!(DOUBLED[0xFF], 0xFFFF);
    }

    #[test]
    fn visible_columns_clip_both_edges() {
        assert_eq!(visible_columns(0, 8), 0xFF);
        assert_eq!(visible_columns(-4, 8), 0xF0);
        assert_eq!(visible_columns(-32, 32), 0);
        assert_eq!(visible_columns(-31, 32), 0x8000_0000);
        assert_eq!(visible_columns(252, 8), 0x0F);
        assert_eq!(visible_columns(255, 32), 0x1);
        assert_eq!(visible_columns(224, 32), 0xFFFF_FFFF);
    }
}
