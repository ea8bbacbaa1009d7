//! The sprite engine in the chip's three phases, one file each, as jgenesis splits them
//! (sources/genesis.md section 7):
//!
//! 1. [`link`]: the walk of the link list through the SAT cache, once per frame and again
//!    before any line the table was written before (the chip walks it on every line; a
//!    walk between writes would visit the same entries);
//! 2. [`scan`]: per line, which visited sprites are in range, and the sprite-count limit
//!    that sets status bit 6;
//! 3. [`fetch`]: per line, X and the attribute word, the pixel budget with its
//!    cell-boundary cut, and the X = 0 masking rule, giving the cells the chip fetches;
//!    [`crate::render`] then draws them and detects collisions.

pub mod fetch;
pub mod link;
pub mod scan;

use crate::tile::BYTE_ONES;
use crate::vram::sat_cache::CachedEntry;

/// Raw X or Y of the screen's first pixel.
pub const SCREEN_ORIGIN_RAW: i32 = 128;

/// One entry of the link list as the sprite engine sees it: Y, size and link from the SAT
/// cache, X and the attribute word from VRAM, decoded once per frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Visit {
    /// SAT entry number.
    pub number: u8,
    /// Link field (cached).
    pub link: u8,
    /// Raw X, 9 bits; 0 is the masking X.
    pub x_raw: u16,
    /// Screen column of the left edge (raw X - 128).
    pub x_px: i32,
    /// Screen line of the top edge (raw cached Y - 128).
    pub y_px: i32,
    /// Width in cells, 1-4 (cached).
    pub w_cells: u8,
    /// Height in cells, 1-4 (cached).
    pub h_cells: u8,
    /// Width in pixels.
    pub w_px: u16,
    /// Height in pixels.
    pub h_px: u16,
    /// Pattern index of the first cell (x 32 bytes).
    pub pattern: u16,
    /// Palette line 0-3.
    pub palette: u8,
    /// Priority bit.
    pub priority: bool,
    /// H-flip bit.
    pub hflip: bool,
    /// V-flip bit.
    pub vflip: bool,
    /// Eight copies of `palette * 16` (with the priority bit, `planes::SPRITE_PRIORITY`),
    /// ORed into opaque pixel bytes.
    pub palette_word: u64,
}

impl Visit {
    /// Decodes entry `number` from its cached bytes 0-3 and the attribute word and X read
    /// from VRAM (bit 15 priority, 14-13 palette, 12 V-flip, 11 H-flip, 10-0 pattern).
    #[must_use]
    pub fn decode(number: u8, cached: CachedEntry, attr: u16, x_word: u16) -> Self {
        let x_raw = x_word & 0x1FF;
        Self {
            number,
            link: cached.link,
            x_raw,
            x_px: i32::from(x_raw) - SCREEN_ORIGIN_RAW,
            y_px: i32::from(cached.y_raw) - SCREEN_ORIGIN_RAW,
            w_cells: cached.w_cells,
            h_cells: cached.h_cells,
            w_px: u16::from(cached.w_cells) * 8,
            h_px: u16::from(cached.h_cells) * 8,
            pattern: attr & 0x07FF,
            palette: ((attr >> 13) & 3) as u8,
            priority: attr & 0x8000 != 0,
            hflip: attr & 0x0800 != 0,
            vflip: attr & 0x1000 != 0,
            palette_word: u64::from(
                (((attr >> 13) & 3) as u8 * 16)
                    | if attr & 0x8000 != 0 {
                        crate::planes::SPRITE_PRIORITY
                    } else {
                        0
                    },
            ) * BYTE_ONES,
        }
    }

    /// The decoded-row index (cell * 8 + row, see [`crate::vram::pattern_cache`]) that
    /// sprite row `row` (0 = top of the sprite on screen, below `h_px`) reads for pattern
    /// column 0; pattern column `c` reads `c * h_cells * 8` rows further on. Cells are
    /// column-major (cell `pattern + c * h_cells + r / 8`), so within a column the rows
    /// of consecutive cells are consecutive; V-flip mirrors the rows of the whole sprite.
    /// H-flip is applied by the caller, which maps pattern columns to screen columns and
    /// mirrors the pixels.
    #[must_use]
    pub fn row_index(&self, row: u16) -> u16 {
        let r = if self.vflip {
            self.h_px.wrapping_sub(1).wrapping_sub(row)
        } else {
            row
        };
        (self.pattern << 3).wrapping_add(r & 0x1F)
    }

    /// Screen column of pattern column 0's cell, and the step to the next pattern
    /// column: under H-flip column 0 is the rightmost.
    #[must_use]
    pub fn column_0_x(&self) -> (i32, i32) {
        if self.hflip {
            (self.x_px + i32::from(self.w_px) - 8, -8)
        } else {
            (self.x_px, 8)
        }
    }

    /// Decoded rows between one pattern column and the next.
    #[must_use]
    pub fn column_stride(&self) -> u16 {
        u16::from(self.h_cells) << 3
    }
}
