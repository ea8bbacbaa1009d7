//! Phase 3, drawing one line: the cells [`crate::sprites::fetch`] fetched go into the
//! sprite line buffer, and collisions set status bit 5.
//!
//! Cells are drawn in fetch order, so sprites front to back (link order). A pixel goes
//! into the buffer only where the buffer is still transparent, so the first opaque pixel
//! at a position stays. When a later sprite brings an opaque pixel where an opaque sprite
//! pixel already is, the chip sets status bit 5 (BE 604-646; GPGX `DRAW_SPRITE_TILE` R
//! 421-431; jgenesis 365-374; MAME `render_spriteline_to_spritebuffer`). Palette and
//! priority play no part.
//!
//! Cells arrive clipped to the active width, so pixels left of column 0 or
//! right of the last column are never drawn and never collide (specs/genesis-vdp.md
//! "collision": active area only, as jgenesis; BlastEm also counts H32 columns 256-319,
//! GPGX its margins).

use crate::sprites::fetch::CellFetch;
use crate::tile::{BYTE_ONES, nonzero_bytes};

/// Widest active line.
const MAX_WIDTH: usize = 320;
/// Room after the last column so a cell starting near the right edge is read and written
/// as one word; the fetch cleared its pixels that would land there.
const MARGIN: usize = 8;

/// One line of sprite pixels: CRAM indices, 0 where no sprite is opaque.
#[derive(Clone, Debug)]
pub struct LineBuffer {
    px: [u8; MAX_WIDTH + MARGIN],
    width: usize,
    dirty: bool,
}

impl Default for LineBuffer {
    fn default() -> Self {
        Self {
            px: [0; MAX_WIDTH + MARGIN],
            width: MAX_WIDTH,
            dirty: false,
        }
    }
}

impl LineBuffer {
    /// Starts a line `width_px` wide (at most 320).
    pub fn clear(&mut self, width_px: u16) {
        self.width = usize::from(width_px).min(MAX_WIDTH);
        if self.dirty {
            self.px.fill(0);
            self.dirty = false;
        }
    }

    /// Draws `cells` in order; returns whether any opaque pixel met an opaque one.
    #[inline(never)]
    pub fn draw(&mut self, cells: &[CellFetch]) -> bool {
        let mut collided = 0u64;
        let px = &mut self.px;
        for c in cells {
            let at = usize::from(c.x_px);
            let Some(slot) = px.get_mut(at..at + 8) else {
                continue;
            };
            let mut word = [0u8; 8];
            word.copy_from_slice(slot);
            let old = u64::from_le_bytes(word);
            let old_opaque = nonzero_bytes(old);
            collided |= old_opaque & c.pixels;
            let merged = old | (c.pixels & !old_opaque);
            slot.copy_from_slice(&merged.to_le_bytes());
        }
        self.dirty |= !cells.is_empty();
        collided != 0
    }

    /// The line's sprite pixels (CRAM index with the priority bit, 0 transparent).
    pub fn pixels(&self) -> &[u8] {
        &self.px[..self.width]
    }

    /// Writes the line into `out` (the active width), with `backdrop` where no sprite
    /// pixel is opaque.
    pub fn emit(&self, out: &mut [u8], backdrop: u8) {
        if !self.dirty {
            out.fill(backdrop);
            return;
        }
        let backdrop_word = u64::from(backdrop) * BYTE_ONES;
        // The priority bit stays in the buffer; the picture gets the CRAM index alone.
        let index_bits = 0x3F * BYTE_ONES;
        let line = &self.px[..self.width];
        for (dst, src) in out.chunks_exact_mut(8).zip(line.chunks_exact(8)) {
            let mut word = [0u8; 8];
            word.copy_from_slice(src);
            let px = u64::from_le_bytes(word) & index_bits;
            let shown = px | (backdrop_word & !nonzero_bytes(px));
            dst.copy_from_slice(&shown.to_le_bytes());
        }
    }
}
