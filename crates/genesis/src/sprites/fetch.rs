//! Phase 2, the per-line fetch: for each sprite the scan listed, in link order, the pixel
//! budget, the X = 0 masking rule, and the pattern cells the chip fetches.
//!
//! - **Pixel budget** (specs/genesis-vdp.md "pixel budget"; GPGX R 3858-3889; jgenesis
//!   sprites.rs 301-329; BE one cell per render slot): 32 cells in H32, 40 in H40. Every
//!   listed sprite uses its full width, off-screen and masked ones too. The sprite that
//!   crosses the budget keeps the cells that still fit, so it is cut at a cell boundary;
//!   later sprites get nothing. Cells are fetched in pattern-column order, column 0 first,
//!   as BlastEm's render slots take them (`render_sprite_cells`, `sprite_x_offset`); under
//!   H-flip column 0 is the rightmost on screen, so a cut H-flipped sprite keeps its right
//!   side. (GPGX and jgenesis keep the leftmost screen cells instead; the two agree for
//!   sprites that are not H-flipped.)
//! - **Masking** (GPGX R 3838-3847, 3908-3921; jgenesis 269-283; BE `FLAG_CAN_MASK`): a
//!   sprite with raw X = 0 hides every later sprite on the line, but only if an earlier
//!   sprite on the line had X != 0 or the previous line ran out of pixel budget. The X = 0
//!   sprite itself is fetched as usual (it lies wholly left of the screen).
//! - **Running out**: a line runs out of pixel budget when its sprites used every cell of
//!   it (`pixelcount >= max` in GPGX and jgenesis; no free render slot in BE), whether or
//!   not a later sprite was left without cells. That state, [`SpriteState`], carries to
//!   the next line, and from the last active line of a frame to line 0 of the next one; a
//!   new chip starts without it, and a frame with the display disabled clears it.

use super::Visit;
use crate::tile::{BYTE_ONES, nonzero_bytes, row_pixels};
use crate::view::Reason;
use crate::vram::Vram;

/// Most cells a line can fetch (the H40 budget).
pub const MAX_CELLS: usize = 40;

/// State that outlives a line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SpriteState {
    /// The line just processed used its whole pixel budget.
    pub prev_line_overrun: bool,
}

/// One fetched cell that shows on screen: where it goes and its eight pixels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellFetch {
    /// Screen column of the cell's left pixel; -7..width.
    pub x_px: i16,
    /// Eight CRAM indices (palette * 16 + colour, 0 = transparent), leftmost pixel in the
    /// low byte, H-flip already applied.
    pub pixels: u64,
}

/// The visible cells of one line, in fetch (and so drawing) order.
#[derive(Clone, Debug)]
pub struct LineFetch {
    cells: [CellFetch; MAX_CELLS],
    len: usize,
}

impl Default for LineFetch {
    fn default() -> Self {
        Self {
            cells: [CellFetch::default(); MAX_CELLS],
            len: 0,
        }
    }
}

impl LineFetch {
    /// The cells to draw, front (first in link order) to back.
    #[must_use]
    pub fn cells(&self) -> &[CellFetch] {
        &self.cells[..self.len]
    }

    fn push(&mut self, cell: CellFetch) {
        if let Some(slot) = self.cells.get_mut(self.len) {
            *slot = cell;
            self.len += 1;
        }
    }
}

/// Where a line's outcome per sprite goes: the columns of the sprite's row (0 = its left
/// edge on screen, after flips) that the chip did not draw, and why.
pub trait LineRecorder {
    /// Visit `visit` (index into the link list) left columns `first_col_px..end_col_px`
    /// of its row on `line` undrawn for `reason`.
    fn not_drawn(
        &mut self,
        visit: usize,
        line: u16,
        first_col_px: u16,
        end_col_px: u16,
        reason: Reason,
    );
}

/// What one line's fetch needs to know about the display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineContext {
    /// Active line.
    pub line: u16,
    /// Active width in pixels.
    pub width_px: u16,
    /// Pixel budget in cells.
    pub cell_budget: u8,
}

/// Fetches line `ctx.line`: `listed` are the scan's visits (indices into `visits`).
pub fn fetch_line(
    ctx: LineContext,
    listed: &[u8],
    visits: &[Visit],
    vram: &Vram,
    state: &mut SpriteState,
    out: &mut LineFetch,
    rec: &mut impl LineRecorder,
) {
    out.len = 0;
    let mut remaining = ctx.cell_budget;
    let mut can_mask = state.prev_line_overrun;
    let mut masked = false;
    for &i in listed {
        let vi = usize::from(i);
        let Some(s) = visits.get(vi) else { continue };
        let w_cells = s.cached.w_cells;
        let w_px = s.w_px();
        if remaining == 0 {
            rec.not_drawn(vi, ctx.line, 0, w_px, Reason::PixelBudget);
            continue;
        }
        let fetched = w_cells.min(remaining);
        remaining -= fetched;
        if masked {
            rec.not_drawn(vi, ctx.line, 0, w_px, Reason::Masked);
            continue;
        }
        if s.x_raw != 0 {
            can_mask = true;
        } else if can_mask {
            masked = true;
        }

        // Screen columns of the fetched cells, and of the cut-off ones.
        let cut_px = u16::from(w_cells - fetched) * 8;
        let (f0, f1) = if s.h_flip() {
            if cut_px > 0 {
                rec.not_drawn(vi, ctx.line, 0, cut_px, Reason::PixelBudget);
            }
            (cut_px, w_px)
        } else {
            if cut_px > 0 {
                rec.not_drawn(vi, ctx.line, w_px - cut_px, w_px, Reason::PixelBudget);
            }
            (0, w_px - cut_px)
        };
        record_off_screen(ctx, vi, s.x_px(), f0, f1, rec);

        let row = (i32::from(ctx.line) - s.y_px()) as u16;
        let palette = u64::from(s.palette() * 16) * BYTE_ONES;
        for col in 0..fetched {
            let screen_col = if s.h_flip() { w_cells - 1 - col } else { col };
            let x = s.x_px() + i32::from(screen_col) * 8;
            if x <= -8 || x >= i32::from(ctx.width_px) {
                continue;
            }
            let (cell, cell_row) = s.cell_for(row, col);
            let mut pixels = row_pixels(vram.cell_row(cell, cell_row));
            if s.h_flip() {
                pixels = pixels.swap_bytes();
            }
            out.push(CellFetch {
                x_px: x as i16,
                pixels: pixels | (nonzero_bytes(pixels) & palette),
            });
        }
    }
    state.prev_line_overrun = remaining == 0;
}

/// Records the fetched columns `f0..f1` that fall outside the active area.
fn record_off_screen(
    ctx: LineContext,
    vi: usize,
    x_px: i32,
    f0: u16,
    f1: u16,
    rec: &mut impl LineRecorder,
) {
    // Visible sprite columns: those whose screen column is in 0..width.
    let v0 = (-x_px).clamp(i32::from(f0), i32::from(f1)) as u16;
    let v1 = (i32::from(ctx.width_px) - x_px).clamp(i32::from(v0), i32::from(f1)) as u16;
    if f0 < v0 {
        rec.not_drawn(vi, ctx.line, f0, v0, Reason::OffScreen);
    }
    if v1 < f1 {
        rec.not_drawn(vi, ctx.line, v1, f1, Reason::OffScreen);
    }
}
