//! Every 8-pixel row of every 4bpp cell, decoded: eight pixel bytes in screen order
//! (leftmost in the low byte), kept in step with VRAM on every write.
//!
//! The same idea as Genesis Plus GX's `bg_pattern_cache` (vdp_render.c), in one
//! orientation: H-flip is a byte swap of the cached word. Sprite rows are then fetched
//! with one load instead of a decode per cell on every line.
//!
//! Each cell also carries a change stamp: the value of a counter that advances whenever
//! a write changes one of the cell's decoded rows. Anything derived from cells (the
//! sprite view's opaque masks) can be kept while none of its cells changed since.

use crate::tile::row_pixels;

/// Cell rows in 64 KiB: 2048 cells of 8 rows.
const ROWS: usize = 2048 * 8;

/// Cells in 64 KiB.
const CELLS: usize = 2048;

/// The decoded rows and their cells' change stamps.
#[derive(Clone, PartialEq, Eq)]
pub struct PatternCache {
    rows: Box<[u64; ROWS]>,
    stamps: Box<[u64; CELLS]>,
    clock: u64,
}

impl std::fmt::Debug for PatternCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PatternCache").finish_non_exhaustive()
    }
}

impl Default for PatternCache {
    fn default() -> Self {
        Self {
            rows: Box::new([0; ROWS]),
            stamps: Box::new([0; CELLS]),
            // Above every stamp: the power-on contents predate anything derived later.
            clock: 1,
        }
    }
}

impl PatternCache {
    /// Re-decodes the row holding VRAM byte `addr` from the four bytes now in `vram`.
    pub fn refresh(&mut self, addr: u16, vram: &[u8; 0x1_0000]) {
        let row = usize::from(addr >> 2);
        let a = row * 4;
        let word = u32::from_be_bytes([vram[a], vram[a + 1], vram[a + 2], vram[a + 3]]);
        let decoded = row_pixels(word, false);
        if self.rows[row] != decoded {
            self.rows[row] = decoded;
            self.stamps[row >> 3] = self.clock;
            self.clock += 1;
        }
    }

    /// The counter's current value: every change so far has a lower stamp.
    #[must_use]
    pub fn clock(&self) -> u64 {
        self.clock
    }

    /// Whether cell `cell` (reduced to 11 bits) changed at or after `since`.
    #[must_use]
    pub fn changed_since(&self, cell: u16, since: u64) -> bool {
        self.stamps[usize::from(cell & 0x7FF)] >= since
    }

    /// Decoded row `index` = cell * 8 + row (reduced to 14 bits), not flipped.
    #[must_use]
    pub fn row(&self, index: u16) -> u64 {
        self.rows[usize::from(index & 0x3FFF)]
    }
}
