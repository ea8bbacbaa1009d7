//! The sprite engine in the chip's three phases, one file each, as jgenesis splits them
//! (sources/genesis.md section 7):
//!
//! 1. [`link`]: the walk of the link list through the SAT cache (once per frame: nothing
//!    can write the cache while [`crate::Vdp::run_frame`] runs, so every line's walk
//!    would visit the same entries);
//! 2. [`scan`]: per line, which visited sprites are in range, and the sprite-count limit
//!    that sets status bit 6;
//! 3. [`fetch`]: per line, X and the attribute word, the pixel budget with its
//!    cell-boundary cut, and the X = 0 masking rule, giving the cells the chip fetches;
//!    [`crate::render`] then draws them and detects collisions.

pub mod fetch;
pub mod link;
pub mod scan;

use crate::vram::sat_cache::CachedEntry;

/// Raw X or Y of the screen's first pixel.
pub const SCREEN_ORIGIN_RAW: i32 = 128;

/// One entry of the link list as the sprite engine sees it: Y, size and link from the SAT
/// cache, X and the attribute word from VRAM.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Visit {
    /// SAT entry number.
    pub number: u8,
    /// Cached Y, size and link.
    pub cached: CachedEntry,
    /// Raw X, 9 bits (screen column = X - 128).
    pub x_raw: u16,
    /// Attribute word: bit 15 priority, 14-13 palette, 12 V-flip, 11 H-flip, 10-0 pattern.
    pub attr: u16,
}

impl Visit {
    /// Screen column of the left edge.
    #[must_use]
    pub fn x_px(&self) -> i32 {
        i32::from(self.x_raw) - SCREEN_ORIGIN_RAW
    }

    /// Screen line of the top edge.
    #[must_use]
    pub fn y_px(&self) -> i32 {
        i32::from(self.cached.y_raw) - SCREEN_ORIGIN_RAW
    }

    /// Width in pixels.
    #[must_use]
    pub fn w_px(&self) -> u16 {
        u16::from(self.cached.w_cells) * 8
    }

    /// Height in pixels.
    #[must_use]
    pub fn h_px(&self) -> u16 {
        u16::from(self.cached.h_cells) * 8
    }

    /// Palette line 0-3.
    #[must_use]
    pub fn palette(&self) -> u8 {
        ((self.attr >> 13) & 3) as u8
    }

    /// Priority bit.
    #[must_use]
    pub fn priority(&self) -> bool {
        self.attr & 0x8000 != 0
    }

    /// V-flip bit.
    #[must_use]
    pub fn v_flip(&self) -> bool {
        self.attr & 0x1000 != 0
    }

    /// H-flip bit.
    #[must_use]
    pub fn h_flip(&self) -> bool {
        self.attr & 0x0800 != 0
    }

    /// Pattern index of the first cell (x 32 bytes).
    #[must_use]
    pub fn pattern(&self) -> u16 {
        self.attr & 0x07FF
    }

    /// The pattern cell and the row inside it for sprite row `row` (0 = top of the
    /// sprite on screen) and pattern column `col`. Cells are column-major
    /// (pattern + col * h + row / 8); V-flip mirrors the rows of the whole sprite. H-flip
    /// is applied by the caller, which maps screen columns to pattern columns.
    #[must_use]
    pub fn cell_for(&self, row: u16, col: u8) -> (u16, u8) {
        let h_px = self.h_px();
        let r = if self.v_flip() {
            h_px.saturating_sub(1).saturating_sub(row)
        } else {
            row
        };
        let cell = self
            .pattern()
            .wrapping_add(u16::from(col) * u16::from(self.cached.h_cells))
            .wrapping_add(r / 8);
        (cell & 0x7FF, (r % 8) as u8)
    }
}
