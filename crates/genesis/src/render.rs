//! Phase 3, drawing one line's fetched cells into the sprite line buffer, and the
//! collision flag.
//!
//! Cells are drawn front to back (link order). A pixel goes into the buffer only where
//! the buffer is still transparent, so the first opaque pixel at a position stays. When a
//! later cell brings an opaque pixel where an opaque sprite pixel already is, the chip
//! sets status bit 5 (BE 604-646; GPGX `DRAW_SPRITE_TILE` R 421-431; jgenesis 365-374;
//! MAME `render_spriteline_to_spritebuffer`). Palette and priority play no part.
//!
//! The buffer spans the active width only, so pixels left of column 0 or right of the
//! last column are never drawn and never collide (specs/genesis-vdp.md "collision": active
//! area only, as jgenesis; BlastEm also counts H32 columns 256-319, GPGX its margins).

use crate::sprites::fetch::CellFetch;
use crate::tile::nonzero_bytes;

/// Margin either side of the active width so a partly visible cell is read and written as
/// one word; the margin is masked off and stays transparent.
const MARGIN: usize = 8;
/// Widest active line.
const MAX_WIDTH: usize = 320;

/// One line of sprite pixels: CRAM indices, 0 where no sprite is opaque.
#[derive(Clone, Debug)]
pub struct LineBuffer {
    px: [u8; MAX_WIDTH + 2 * MARGIN],
    width: usize,
}

impl Default for LineBuffer {
    fn default() -> Self {
        Self {
            px: [0; MAX_WIDTH + 2 * MARGIN],
            width: MAX_WIDTH,
        }
    }
}

impl LineBuffer {
    /// Clears the buffer for a line `width_px` wide (at most 320).
    pub fn clear(&mut self, width_px: u16) {
        self.width = usize::from(width_px).min(MAX_WIDTH);
        self.px.fill(0);
    }

    /// Draws `cells` in order; returns whether any opaque pixel met an opaque one.
    pub fn draw(&mut self, cells: &[CellFetch]) -> bool {
        let mut collided = 0u64;
        let width = self.width as i32;
        for c in cells {
            let x = i32::from(c.x_px);
            if x <= -8 || x >= width {
                continue;
            }
            // Keep only the pixels inside 0..width.
            let mut visible = u64::MAX;
            if x < 0 {
                visible <<= 8 * (-x) as u32;
            }
            if x + 8 > width {
                visible >>= 8 * (x + 8 - width) as u32;
            }
            let new = c.pixels & visible;
            let at = (x + MARGIN as i32) as usize;
            let Some(slot) = self.px.get_mut(at..at + 8) else {
                continue;
            };
            let mut word = [0u8; 8];
            word.copy_from_slice(slot);
            let old = u64::from_le_bytes(word);
            let old_opaque = nonzero_bytes(old);
            collided |= old_opaque & new;
            let merged = old | (new & !old_opaque);
            slot.copy_from_slice(&merged.to_le_bytes());
        }
        collided != 0
    }

    /// Writes the line into `out` (the active width), with `backdrop` where no sprite
    /// pixel is opaque.
    pub fn emit(&self, out: &mut [u8], backdrop: u8) {
        let backdrop_word = u64::from(backdrop) * crate::tile::BYTE_ONES;
        let line = &self.px[MARGIN..MARGIN + self.width];
        for (dst, src) in out.chunks_exact_mut(8).zip(line.chunks_exact(8)) {
            let mut word = [0u8; 8];
            word.copy_from_slice(src);
            let px = u64::from_le_bytes(word);
            let shown = px | (backdrop_word & !nonzero_bytes(px));
            dst.copy_from_slice(&shown.to_le_bytes());
        }
    }
}
