//! Phase 2, the per-line fetch: for each sprite the scan listed, in link order, the pixel
//! budget and the X = 0 masking rule decide how many of its cells the chip fetches; the
//! fetched pattern rows, clipped to the active width, are the line's cell list, which
//! [`crate::render`] draws.
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
use crate::tile::{flip, nonzero_bytes};
use crate::view::Reason;
use crate::vram::Vram;

/// Most sprites a line can draw (the H40 limit).
const MAX_DRAWS: usize = 20;
/// Most cells a line can fetch (the H40 budget).
pub const MAX_CELLS: usize = 40;

/// State that outlives a line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SpriteState {
    /// The line just processed used its whole pixel budget.
    pub prev_line_overrun: bool,
}

/// One fetched cell that shows on screen: where it goes and its eight pixels, already
/// clipped to the active area.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellFetch {
    /// Screen column of the first pixel, `0..width`. A cell crossing the left edge starts
    /// at column 0 with its off-screen pixels dropped.
    pub x_px: u16,
    /// Eight CRAM indices (palette * 16 + colour, 0 = transparent), leftmost pixel in the
    /// low byte, H-flip applied; pixels beyond the right edge are 0.
    pub pixels: u64,
}

/// The visible cells of one line, in fetch (and so drawing) order: front (first in link
/// order) to back.
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
    /// The cells to draw, in order.
    #[must_use]
    pub fn cells(&self) -> &[CellFetch] {
        &self.cells[..self.len]
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
    // Budget and masking first: which sprites get how many cells.
    let mut draws = [(0u8, 0u8); MAX_DRAWS];
    let mut n_draws = 0;
    let mut remaining = ctx.cell_budget;
    let mut can_mask = state.prev_line_overrun;
    let mut masked = false;
    for &i in listed {
        let vi = usize::from(i);
        let Some(s) = visits.get(vi) else { continue };
        if remaining == 0 {
            rec.not_drawn(vi, ctx.line, 0, s.w_px, Reason::PixelBudget);
            continue;
        }
        let fetched = s.w_cells.min(remaining);
        remaining -= fetched;
        if masked {
            rec.not_drawn(vi, ctx.line, 0, s.w_px, Reason::Masked);
            continue;
        }
        if s.x_raw != 0 {
            can_mask = true;
        } else if can_mask {
            masked = true;
        }
        if let Some(d) = draws.get_mut(n_draws) {
            *d = (i, fetched);
            n_draws += 1;
        }
    }
    state.prev_line_overrun = remaining == 0;

    // Then the cells, in the same order.
    let width = i32::from(ctx.width_px);
    let mut len = 0usize;
    for &(i, fetched) in &draws[..n_draws] {
        let vi = usize::from(i);
        let Some(s) = visits.get(vi) else { continue };
        let index = s.row_index((i32::from(ctx.line) - s.y_px) as u16);
        if fetched == s.w_cells && s.x_px >= 0 && s.x_px + i32::from(s.w_px) <= width {
            len = fetch_cells(s, index, fetched, vram, &mut out.cells, len);
        } else {
            record_cut_and_off_screen(ctx, vi, s, fetched, rec);
            len = fetch_clipped_cells(s, index, fetched, width, vram, &mut out.cells, len);
        }
    }
    out.len = len;
}

/// The cells of a sprite wholly on screen: pattern columns in order, column 0 rightmost
/// under H-flip. Returns the new cell count.
fn fetch_cells(
    s: &Visit,
    mut index: u16,
    fetched: u8,
    vram: &Vram,
    cells: &mut [CellFetch; MAX_CELLS],
    mut len: usize,
) -> usize {
    let stride = s.column_stride();
    let (mut x, step) = s.column_0_x();
    for _ in 0..fetched {
        let pixels = flip(vram.cell_row(index), s.hflip);
        let Some(slot) = cells.get_mut(len) else {
            break;
        };
        *slot = CellFetch {
            x_px: x as u16,
            pixels: pixels | (nonzero_bytes(pixels) & s.palette_word),
        };
        len += 1;
        index = index.wrapping_add(stride);
        x += step;
    }
    len
}

/// As [`fetch_cells`] for a sprite cut by the budget or crossing a screen edge.
fn fetch_clipped_cells(
    s: &Visit,
    mut index: u16,
    fetched: u8,
    width: i32,
    vram: &Vram,
    cells: &mut [CellFetch; MAX_CELLS],
    mut len: usize,
) -> usize {
    let stride = s.column_stride();
    let (mut x, step) = s.column_0_x();
    for _ in 0..fetched {
        let pixels = flip(vram.cell_row(index), s.hflip);
        let pixels = pixels | (nonzero_bytes(pixels) & s.palette_word);
        if let (Some(c), Some(slot)) = (clip_cell(x, width, pixels), cells.get_mut(len)) {
            *slot = c;
            len += 1;
        }
        index = index.wrapping_add(stride);
        x += step;
    }
    len
}

/// A cell at screen column `x` clipped to `0..width`: the pixels left of column 0 are
/// dropped and the cell moved to column 0, the pixels right of the last column cleared
/// (transparent). `None` when nothing of it is on screen.
fn clip_cell(x: i32, width: i32, pixels: u64) -> Option<CellFetch> {
    if x <= -8 || x >= width {
        return None;
    }
    let (x, mut pixels) = if x < 0 {
        (0, pixels >> (8 * -x))
    } else {
        (x, pixels)
    };
    let right = x + 8 - width;
    if right > 0 {
        pixels &= u64::MAX >> (8 * right);
    }
    Some(CellFetch {
        x_px: x as u16,
        pixels,
    })
}

/// Records the cells the budget cut off and the fetched columns outside the active area.
fn record_cut_and_off_screen(
    ctx: LineContext,
    vi: usize,
    s: &Visit,
    fetched: u8,
    rec: &mut impl LineRecorder,
) {
    let w_px = s.w_px;
    let cut_px = u16::from(s.w_cells - fetched) * 8;
    // Screen columns of the fetched cells.
    let (f0, f1) = if s.hflip {
        (cut_px, w_px)
    } else {
        (0, w_px - cut_px)
    };
    if cut_px > 0 {
        let (c0, c1) = if s.hflip { (0, cut_px) } else { (f1, w_px) };
        rec.not_drawn(vi, ctx.line, c0, c1, Reason::PixelBudget);
    }
    // Visible sprite columns: those whose screen column is in 0..width.
    let v0 = (-s.x_px).clamp(i32::from(f0), i32::from(f1)) as u16;
    let v1 = (i32::from(ctx.width_px) - s.x_px).clamp(i32::from(v0), i32::from(f1)) as u16;
    if f0 < v0 {
        rec.not_drawn(vi, ctx.line, f0, v0, Reason::OffScreen);
    }
    if v1 < f1 {
        rec.not_drawn(vi, ctx.line, v1, f1, Reason::OffScreen);
    }
}
