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
    /// The display was disabled (register 1 bit 6 clear) on this line: no sprite
    /// processing there.
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
    /// The active lines (first, last, inclusive) this entry was shown on, when the
    /// sprite's attributes changed during the display: each distinct state is one entry,
    /// its span clipped to the sprite's own rows. `None`: shown the same on every line
    /// of the frame. Rows outside the span are not part of the entry.
    pub lines: Option<(u16, u16)>,
}

impl SpriteView {
    /// The opaque pixels of row `row` that the chip drew (0 for rows out of range).
    #[must_use]
    pub fn drawn_row(&self, row: u16) -> u64 {
        let Some(&mask) = self.mask_rows.get(usize::from(row)) else {
            return 0;
        };
        let line = self.y_px + i32::from(row);
        if let Some((first, last)) = self.lines
            && (line < i32::from(first) || line > i32::from(last))
        {
            return 0;
        }
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
///
/// A frame whose table nobody touched during the display keeps one view per visit (the
/// fast path). When the table changes mid-frame ([`SpriteViews::rewalk`]), a sprite shown
/// the same before and after keeps its view; one that moved or changed is closed at the
/// line before the change and continues as a new view from that line, and
/// [`SpriteViews::finish`] lists every distinct state with its lines.
#[derive(Clone, Debug, Default)]
pub(crate) struct SpriteViews {
    views: Vec<SpriteView>,
    keys: Vec<Option<MaskKey>>,
    /// The first active line of each current view's state (0: since the frame began).
    span_start: Vec<u16>,
    len: usize,
    /// Views of states that ended during the frame, their `lines` set.
    closed: Vec<SpriteView>,
    /// The frame's whole list when some state ended during it, made when the frame
    /// ends.
    all: Vec<SpriteView>,
    /// A state ended during the frame.
    changed: bool,
    /// The frame ended with `changed`: `all` is the list.
    segmented: bool,
}

impl SpriteViews {
    /// The views: in link order; when the table changed during the frame, every distinct
    /// state of each sprite with the lines it was shown on (once the frame has ended;
    /// until then the current states).
    #[must_use]
    pub(crate) fn as_slice(&self) -> &[SpriteView] {
        if self.segmented {
            &self.all
        } else {
            &self.views[..self.len]
        }
    }

    /// Starts a frame: one view per visit with its mask, and the rows above the active
    /// lines marked off-screen (the rows on active lines are filled in line by line).
    pub(crate) fn begin(&mut self, list: &LinkList, vram: &Vram) {
        let visits = list.visits();
        if self.views.len() < visits.len() {
            self.views.resize_with(visits.len(), SpriteView::default);
            self.keys.resize(visits.len(), None);
            self.span_start.resize(visits.len(), 0);
        }
        self.len = visits.len();
        self.closed.clear();
        self.changed = false;
        self.segmented = false;
        for (((view, key), start), s) in self
            .views
            .iter_mut()
            .zip(&mut self.keys)
            .zip(&mut self.span_start)
            .zip(visits)
        {
            *start = 0;
            show(view, key, s, vram);
            view.not_drawn.clear();
            view.lines = None;
            for row in 0..s.h_px {
                let line = s.y_px + i32::from(row);
                if line >= 0 {
                    // Active rows come line by line, rows below in `finish`.
                    break;
                }
                view.not_drawn.push(NotDrawn {
                    line,
                    first_col_px: 0,
                    end_col_px: s.w_px,
                    reason: Reason::OffScreen,
                });
            }
        }
    }

    /// The frame began at `line` (the power-on frame): the rows on the active lines
    /// before it were not shown in this frame, and are listed off-screen.
    pub(crate) fn not_shown_before(&mut self, line: u16) {
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

    /// The table changed before active line `line` (a CPU write or a DMA): the views
    /// follow the new walk. A sprite whose position, size, pattern, flips, palette,
    /// priority and cells are what they were keeps its view; any other state it had ends
    /// at `line - 1`, and its new state begins at `line`; a sprite that left the list
    /// ends there too.
    pub(crate) fn rewalk(&mut self, list: &LinkList, vram: &Vram, line: u16) {
        let old_len = self.len;
        let mut old: Vec<Option<(SpriteView, Option<MaskKey>, u16)>> = self
            .views
            .drain(..old_len)
            .zip(self.keys.drain(..old_len))
            .zip(self.span_start.drain(..old_len))
            .map(|((v, k), st)| Some((v, k, st)))
            .collect();
        let patterns = vram.patterns();
        let mut views = Vec::with_capacity(list.visits().len());
        let mut keys = Vec::with_capacity(list.visits().len());
        let mut starts = Vec::with_capacity(list.visits().len());
        for s in list.visits() {
            let prev = old
                .iter_mut()
                .find(|o| o.as_ref().is_some_and(|(v, _, _)| v.number == s.number))
                .and_then(Option::take);
            match prev {
                Some((mut view, key, start)) if same_state(&view, key, s, patterns) => {
                    view.link = s.link;
                    views.push(view);
                    keys.push(key);
                    starts.push(start);
                }
                prev => {
                    let mut key = None;
                    let mut view = SpriteView::default();
                    if let Some((v, k, start)) = prev {
                        key = k;
                        view.mask_rows.clone_from(&v.mask_rows);
                        self.close(v, start, line);
                    }
                    show(&mut view, &mut key, s, vram);
                    views.push(view);
                    keys.push(key);
                    starts.push(line);
                }
            }
        }
        for (v, _, start) in old.into_iter().flatten() {
            self.close(v, start, line);
        }
        self.len = views.len();
        views.append(&mut self.views);
        keys.append(&mut self.keys);
        starts.append(&mut self.span_start);
        self.views = views;
        self.keys = keys;
        self.span_start = starts;
    }

    /// A state shown from `start` ends before `line`.
    fn close(&mut self, mut view: SpriteView, start: u16, line: u16) {
        self.changed = true;
        if start < line {
            view.lines = Some((start, line - 1));
            self.closed.push(view);
        }
    }

    /// Ends a frame: the rows below the active lines are marked off-screen, and when the
    /// table changed during the display, the list of every state with its lines is made.
    pub(crate) fn finish(&mut self, height_px: u16) {
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
        if !self.changed || height_px == 0 {
            return;
        }
        self.segmented = true;
        self.all.clear();
        let current = self.views[..self.len]
            .iter()
            .zip(&self.span_start)
            .map(|(v, &start)| {
                let mut v = v.clone();
                v.lines = (start > 0).then_some((start, height_px - 1));
                v
            });
        let states: Vec<SpriteView> = self.closed.drain(..).chain(current).collect();
        // Each state's lines clipped to the rows it covers; a state shown on no active
        // line is left out, unless it is its sprite's last and the sprite showed on none.
        let clipped: Vec<Option<(u16, u16)>> = states.iter().map(|v| clip(v, height_px)).collect();
        for (i, v) in states.iter().enumerate() {
            let shown_elsewhere = |n: u8| {
                states
                    .iter()
                    .zip(&clipped)
                    .any(|(o, c)| o.number == n && c.is_some())
            };
            match (v.lines, clipped[i]) {
                (None, _) => self.all.push(v.clone()),
                (Some(_), Some(lines)) => {
                    let mut v = v.clone();
                    v.lines = Some(lines);
                    self.all.push(v);
                }
                (Some(_), None) => {
                    let last = !states[i + 1..].iter().any(|o| o.number == v.number);
                    if last && !shown_elsewhere(v.number) {
                        // Listed once, as every sprite of the list is, with none of its
                        // rows shown in this frame.
                        let mut v = v.clone();
                        v.lines = None;
                        v.not_drawn = (0..i32::from(v.h_px))
                            .map(|r| NotDrawn {
                                line: v.y_px + r,
                                first_col_px: 0,
                                end_col_px: v.w_px,
                                reason: Reason::OffScreen,
                            })
                            .collect();
                        self.all.push(v);
                    }
                }
            }
        }
    }
}

/// A state's lines clipped to the active rows of the sprite; `None` when it covers none.
fn clip(v: &SpriteView, height_px: u16) -> Option<(u16, u16)> {
    let (first, last) = v.lines?;
    let top = v.y_px.max(i32::from(first)).max(0);
    let bottom = (v.y_px + i32::from(v.h_px) - 1)
        .min(i32::from(last))
        .min(i32::from(height_px) - 1);
    (top <= bottom).then_some((top as u16, bottom as u16))
}

/// Whether `view` (built under `key`) shows visit `s` as it is now.
fn same_state(
    view: &SpriteView,
    key: Option<MaskKey>,
    s: &Visit,
    patterns: &crate::vram::pattern_cache::PatternCache,
) -> bool {
    (
        view.x_px,
        view.y_px,
        view.w_px,
        view.h_px,
        view.palette,
        view.priority,
    ) == (s.x_px, s.y_px, s.w_px, s.h_px, s.palette, s.priority)
        && mask_current(key, s, patterns)
}

/// Whether a mask built under `key` is the mask of visit `s` now: the same pattern, size
/// and flips, none of its cells changed since.
fn mask_current(
    key: Option<MaskKey>,
    s: &Visit,
    patterns: &crate::vram::pattern_cache::PatternCache,
) -> bool {
    key.is_some_and(|k| {
        (k.pattern, k.w_cells, k.h_cells, k.hflip, k.vflip)
            == (s.pattern, s.w_cells, s.h_cells, s.hflip, s.vflip)
            && (0..u16::from(s.w_cells) * u16::from(s.h_cells))
                .all(|c| !patterns.changed_since(s.pattern.wrapping_add(c), k.built_at))
    })
}

/// Sets `view`'s fields from visit `s`, rebuilding its mask unless `key` says it is
/// current.
fn show(view: &mut SpriteView, key: &mut Option<MaskKey>, s: &Visit, vram: &Vram) {
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
    let patterns = vram.patterns();
    if !mask_current(*key, s, patterns) {
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
