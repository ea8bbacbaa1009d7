//! The sprites as the software layer sees them, one [`SpriteView`] per entry of the link
//! list, with what the chip did not draw and why (specs/genesis-vdp.md "Output").
//!
//! Coordinates: `x_px = X - 128`, `y_px = Y - 128` (screen pixels, may be negative or
//! beyond the active area); `w_px`/`h_px` from the size bits. `mask_rows[r]` is row `r`
//! of the sprite as it appears on screen (flips applied), bit `c` = column `c` from the
//! left, set where the pattern pixel is opaque. It is complete: it does not depend on
//! what the chip drew.
//!
//! `not_drawn` partitions the rest: every opaque pixel `(c, r)` of the mask either was
//! drawn by the chip or lies in exactly one [`NotDrawn`] range with `line == y_px + r`
//! and `first_col_px <= c < end_col_px`. So the drawn pixels of a row are
//! `mask_rows[r]` minus the ranges listed for its line ([`SpriteView::drawn_row`]).
//! Entries are in line order.

use crate::sprites::Visit;
use crate::sprites::fetch::LineRecorder;
use crate::sprites::link::LinkList;
use crate::tile::{flip, opacity};
use crate::vram::Vram;

/// Why the chip did not draw part of a sprite's row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reason {
    /// The pixels lie outside the active area: the row's line is above or below the
    /// active lines, or its columns are left of 0 or right of the active width. (Pixels
    /// there are never drawn and never collide. A sprite with raw X = 0 that masks later
    /// sprites is itself listed as off-screen, which it is.)
    OffScreen,
    /// The line already had its 16 (H32) / 20 (H40) sprites: this sprite was found in
    /// range after them and the whole row was dropped (status bit 6 was set).
    LineLimit,
    /// The line's pixel budget (32 / 40 cells) was used up by earlier sprites: these
    /// cells were not fetched. A sprite cut mid-way lists its unfetched cells only.
    PixelBudget,
    /// An earlier sprite on the line with raw X = 0 masked the rest of the line.
    Masked,
    /// The display was disabled (register 1 bit 6 clear) for the frame: no sprite
    /// processing at all.
    DisplayDisabled,
}

/// Columns `first_col_px..end_col_px` of a sprite's row on `line` that the chip did not
/// draw. Columns count from the sprite's left edge on screen, after flips.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NotDrawn {
    /// Screen line (`y_px + row`); may lie outside the active lines for
    /// [`Reason::OffScreen`].
    pub line: i32,
    /// First column not drawn.
    pub first_col_px: u16,
    /// One past the last column not drawn.
    pub end_col_px: u16,
    /// Why.
    pub reason: Reason,
}

impl NotDrawn {
    /// The range as a row mask (bit c = column c).
    #[must_use]
    pub fn cols_mask(&self) -> u64 {
        cols_mask(self.first_col_px, self.end_col_px)
    }
}

/// One entry of the link list as the frame saw it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SpriteView {
    /// SAT entry number (0-79).
    pub number: u8,
    /// Link field (from the SAT cache).
    pub link: u8,
    /// Screen column of the left edge (raw X - 128).
    pub x_px: i32,
    /// Screen line of the top edge (raw Y - 128).
    pub y_px: i32,
    /// Width in pixels (8-32).
    pub w_px: u16,
    /// Height in pixels (8-32).
    pub h_px: u16,
    /// Palette line 0-3.
    pub palette: u8,
    /// Priority bit.
    pub priority: bool,
    /// H-flip bit.
    pub hflip: bool,
    /// V-flip bit.
    pub vflip: bool,
    /// Pattern index of the first cell.
    pub pattern: u16,
    /// Opaque pixels, one word per row, bit c = column c from the left, flips applied.
    pub mask_rows: Vec<u64>,
    /// What the chip did not draw, in line order.
    pub not_drawn: Vec<NotDrawn>,
}

impl SpriteView {
    /// The opaque pixels of row `row` that the chip drew (0 for rows out of range).
    #[must_use]
    pub fn drawn_row(&self, row: u16) -> u64 {
        let Some(&mask) = self.mask_rows.get(usize::from(row)) else {
            return 0;
        };
        let line = self.y_px + i32::from(row);
        self.not_drawn
            .iter()
            .filter(|n| n.line == line)
            .fold(mask, |m, n| m & !n.cols_mask())
    }

    /// Whether any opaque pixel of the sprite was drawn.
    #[must_use]
    pub fn any_drawn(&self) -> bool {
        (0..self.h_px).any(|r| self.drawn_row(r) != 0)
    }
}

/// The bit mask of columns `first..end` (at most 64 wide).
fn cols_mask(first: u16, end: u16) -> u64 {
    let hi = if end >= 64 {
        u64::MAX
    } else {
        (1u64 << end) - 1
    };
    let lo = if first >= 64 {
        u64::MAX
    } else {
        (1u64 << first) - 1
    };
    hi & !lo
}

/// What a view's `mask_rows` were built from: kept while the same pattern, size and
/// flips are shown and none of the cells changed since `built_at` (a pattern-cache
/// clock value).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct MaskKey {
    pattern: u16,
    w_cells: u8,
    h_cells: u8,
    hflip: bool,
    vflip: bool,
    built_at: u64,
}

/// The views of the last frame. Their vectors are kept between frames and reused, and a
/// view's mask is rebuilt only when what it shows changed.
#[derive(Clone, Debug, Default)]
pub(crate) struct SpriteViews {
    views: Vec<SpriteView>,
    keys: Vec<Option<MaskKey>>,
    len: usize,
}

impl SpriteViews {
    /// The views, in link order.
    #[must_use]
    pub(crate) fn as_slice(&self) -> &[SpriteView] {
        &self.views[..self.len]
    }

    /// Starts a frame: one view per visit with its mask, and the rows above the active
    /// lines (or, with the display disabled, every row) marked not drawn.
    pub(crate) fn begin(&mut self, list: &LinkList, vram: &Vram, height_px: u16, display: bool) {
        let visits = list.visits();
        if self.views.len() < visits.len() {
            self.views.resize_with(visits.len(), SpriteView::default);
            self.keys.resize(visits.len(), None);
        }
        self.len = visits.len();
        let patterns = vram.patterns();
        for ((view, key), s) in self.views.iter_mut().zip(&mut self.keys).zip(visits) {
            view.number = s.number;
            view.link = s.link;
            view.x_px = s.x_px;
            view.y_px = s.y_px;
            view.w_px = s.w_px;
            view.h_px = s.h_px;
            view.palette = s.palette;
            view.priority = s.priority;
            view.hflip = s.hflip;
            view.vflip = s.vflip;
            view.pattern = s.pattern;
            let unchanged = key.is_some_and(|k| {
                (k.pattern, k.w_cells, k.h_cells, k.hflip, k.vflip)
                    == (s.pattern, s.w_cells, s.h_cells, s.hflip, s.vflip)
                    && (0..u16::from(s.w_cells) * u16::from(s.h_cells))
                        .all(|c| !patterns.changed_since(s.pattern.wrapping_add(c), k.built_at))
            });
            if !unchanged {
                build_mask(&mut view.mask_rows, s, vram);
                *key = Some(MaskKey {
                    pattern: s.pattern,
                    w_cells: s.w_cells,
                    h_cells: s.h_cells,
                    hflip: s.hflip,
                    vflip: s.vflip,
                    built_at: patterns.clock(),
                });
            }
            view.not_drawn.clear();
            for row in 0..s.h_px {
                let line = s.y_px + i32::from(row);
                let active = line >= 0 && line < i32::from(height_px);
                let reason = match (active, display) {
                    (false, _) => Reason::OffScreen,
                    (true, false) => Reason::DisplayDisabled,
                    // Active lines are filled in as the frame runs.
                    (true, true) => break,
                };
                if display && line >= 0 {
                    // Rows below the active lines come in `finish`, to keep line order.
                    break;
                }
                view.not_drawn.push(NotDrawn {
                    line,
                    first_col_px: 0,
                    end_col_px: s.w_px,
                    reason,
                });
            }
        }
    }

    /// After a mid-frame walk: the rows on active lines before `line` are marked
    /// off-screen (they were drawn, or not, from the table as it was).
    pub(crate) fn skip_lines_before(&mut self, line: u16) {
        for view in &mut self.views[..self.len] {
            let first = view.y_px.max(0);
            let end = (view.y_px + i32::from(view.h_px)).min(i32::from(line));
            for l in first..end {
                view.not_drawn.push(NotDrawn {
                    line: l,
                    first_col_px: 0,
                    end_col_px: view.w_px,
                    reason: Reason::OffScreen,
                });
            }
        }
    }

    /// Ends a frame: the rows below the active lines are marked off-screen.
    pub(crate) fn finish(&mut self, height_px: u16, display: bool) {
        if !display {
            return;
        }
        for view in &mut self.views[..self.len] {
            let first_below = i32::from(height_px).max(view.y_px);
            for line in first_below..view.y_px + i32::from(view.h_px) {
                view.not_drawn.push(NotDrawn {
                    line,
                    first_col_px: 0,
                    end_col_px: view.w_px,
                    reason: Reason::OffScreen,
                });
            }
        }
    }
}

/// The opaque mask of a sprite, row by row, flips applied.
fn build_mask(rows: &mut Vec<u64>, s: &Visit, vram: &Vram) {
    rows.clear();
    let stride = s.column_stride();
    // Screen column of pattern column 0, and the step to the next one.
    let (first_shift, step): (i32, i32) = if s.hflip {
        (8 * (i32::from(s.w_cells) - 1), -8)
    } else {
        (0, 8)
    };
    for row in 0..s.h_px {
        let mut index = s.row_index(row);
        let mut bits = 0u64;
        let mut shift = first_shift;
        for _ in 0..s.w_cells {
            let pixels = flip(vram.cell_row(index), s.hflip);
            bits |= u64::from(opacity(pixels)) << (shift & 63);
            index = index.wrapping_add(stride);
            shift += step;
        }
        rows.push(bits);
    }
}

impl LineRecorder for SpriteViews {
    fn not_drawn(
        &mut self,
        visit: usize,
        line: u16,
        first_col_px: u16,
        end_col_px: u16,
        reason: Reason,
    ) {
        if let Some(view) = self.views[..self.len].get_mut(visit) {
            view.not_drawn.push(NotDrawn {
                line: i32::from(line),
                first_col_px,
                end_col_px,
                reason,
            });
        }
    }
}
