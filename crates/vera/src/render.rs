//! Rendering the sprite layer line by line into the line buffer, with the work budget
//! and the collision accumulator (FPGA `sprite_renderer.v`; x16-emulator `video.c`
//! `render_sprite_line` 670-742; the rule per pixel is in `line_buffer`, the budget in
//! `budget`).
//!
//! The FPGA reads the attribute table line by line: for each line its sprite finder
//! visits slots 0..127 and reads a slot's attributes when it reaches it
//! (`sprite_renderer.v`, the `SF_FIND_SPRITE` / `SF_START_RENDER` states reading
//! `sprite_attr` through `sprite_idx`). The model keeps the table decoded and filed by
//! line: each enabled sprite is filed under every sprite line it covers as one bit of a
//! 128-bit set per line (ascending bits are the finder's index order). At the start of a
//! frame ([`SpriteRenderer::prepare`]) the entries whose 8 bytes differ from the state
//! they were last placed in are decoded, taken out of the lines of that state and filed
//! under the lines of the new one; the others keep their placement. When entries are
//! written during the frame only those are decoded again ([`SpriteRenderer::update`],
//! called by the chip at the line the write lands on) and filed again the same way. An
//! entry whose attributes changed during the frame gives one view per state, each with
//! the sprite lines it was read for ([`crate::SpriteView::lines`]); a state never shown
//! on a line it covers gives none.
//!
//! The opaque pixels of every row are computed once per distinct pattern (when a sprite
//! first shows it) for the sprite view, and the renderer walks only those; transparent
//! pixels still cost budget but cannot draw or collide. They are kept from frame to
//! frame while no byte of the VRAM span holding them is written; a frame that starts
//! after such a write takes every pattern and places every entry again.
//!
//! A line whose work, counted up to the end of its last sprite, fits the budget loses
//! nothing to it; such a line is rendered from a second set that leaves out rows with
//! no opaque on-screen pixel. Lines that may overrun take the path that charges slot by
//! slot and pixel by pixel.

use crate::attributes::SpriteAttributes;
use crate::budget::{Allowance, LINE_BUDGET_UNITS, LineBudget};
use crate::compose::SPRITE_LINES;
use crate::line_buffer::{LINE_PX, LineBuffer};
use crate::pattern;
use crate::planes::CollisionPlanes;
use crate::view::SpriteView;
use crate::vram::{SPRITE_COUNT, VRAM_ADDR_MASK, Vram};

/// No view for this sprite (disabled).
const NO_VIEW: u8 = u8::MAX;

/// What the renderer needs of one sprite for a frame, derived once from its attributes.
#[derive(Clone, Copy, Debug, Default)]
struct Placed {
    attr: SpriteAttributes,
    /// The 8 attribute bytes `attr` was decoded from (little-endian): an entry whose
    /// bytes are the same needs no decoding to be known unchanged.
    raw: u64,
    /// Index into the views, or `NO_VIEW` when disabled.
    view: u8,
    /// On-screen columns of the sprite (the same on every line): `first_col..end_col`.
    first_col: u8,
    end_col: u8,
    /// Budget units of a whole on-screen row.
    row_cost: u32,
    /// First of the sprite's `h_px` opaque rows (screen order) in `pattern_rows`, minus
    /// its top line: the row for sprite line `l` is at `l + rows_base`.
    rows_base: i32,
    /// Bit r: the sprite's screen row r has an opaque on-screen pixel (rows are at most
    /// 64).
    drawn_rows: u64,
    /// Columns `first_col..end_col` as bits.
    cols: u64,
    /// Line-buffer chunks under the on-screen columns.
    chunks: u64,
}

/// Pattern identity for sharing opaque rows between sprites within a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PatternKey {
    addr: u32,
    bpp8: bool,
    w_px: u8,
    h_px: u8,
    hflip: bool,
    vflip: bool,
}

/// The sprite lines `first..end` (within the 9-bit line range) a sprite covers.
fn lines_of(attr: &SpriteAttributes) -> (usize, usize) {
    let top = i32::from(attr.y_px);
    let first = top.clamp(0, SPRITE_LINES as i32) as usize;
    let end = (top + i32::from(attr.h_px)).clamp(0, SPRITE_LINES as i32) as usize;
    (first, end)
}

/// The sprite lines a placement is filed under: its lines when enabled, none otherwise.
fn filed_lines(p: &Placed) -> (usize, usize) {
    if p.attr.enabled() {
        lines_of(&p.attr)
    } else {
        (0, 0)
    }
}

/// The sprite's rows above sprite line `line` (one of its lines): the row shown there.
fn rows_above(p: &Placed, line: usize) -> u32 {
    (line as i32 - i32::from(p.attr.y_px)).clamp(0, 63) as u32
}

/// Bit r: row r of `rows` (at most 64) has an opaque pixel among columns `cols`.
fn drawn_rows(rows: &[u64], cols: u64) -> u64 {
    rows.iter()
        .take(64)
        .enumerate()
        .fold(0, |drawn, (r, &row)| {
            drawn | u64::from(row & cols != 0) << r
        })
}

/// `span` (first and last byte; first > last when empty) widened to hold `key`'s
/// pattern.
fn widen_span((first, last): (u32, u32), key: &PatternKey) -> (u32, u32) {
    let bytes = u32::from(key.w_px) * u32::from(key.h_px) / if key.bpp8 { 1 } else { 2 };
    let end = key.addr + bytes - 1;
    if end > VRAM_ADDR_MASK {
        // Wrapping past the end of VRAM: any address may hold it.
        (0, VRAM_ADDR_MASK)
    } else if first > last {
        (key.addr, end)
    } else {
        (first.min(key.addr), last.max(end))
    }
}

/// Bits `start..end` of a u64 (`start <= end <= 64`).
#[inline]
const fn bit_range(start: u32, end: u32) -> u64 {
    let below_end = if end >= 64 {
        u64::MAX
    } else {
        (1u64 << end) - 1
    };
    let below_start = if start >= 64 {
        u64::MAX
    } else {
        (1u64 << start) - 1
    };
    below_end & !below_start
}

/// Sets lines `first..end` (`end <= SPRITE_LINES`) of a line set (bit `l % 64` of word
/// `l / 64`), a word at a time.
#[inline]
fn set_lines(set: &mut [u64; SPRITE_LINES / 64], first: usize, end: usize) {
    let mut l = first;
    while l < end {
        let word = l / 64;
        let stop = end.min((word + 1) * 64);
        set[word] |= bit_range((l % 64) as u32, (stop - word * 64) as u32);
        l = stop;
    }
}

/// The per-frame sprite state and the line buffer.
#[derive(Debug)]
pub struct SpriteRenderer {
    placed: [Placed; SPRITE_COUNT],
    views: Vec<SpriteView>,
    /// Per view, the first sprite line its state was read for (0 for the state line 0
    /// took).
    view_first: Vec<u16>,
    /// Views of earlier frames, whose vectors the next views reuse.
    spare_views: Vec<SpriteView>,
    /// Per view, its place in sprite-number order (`order_by_number`).
    view_order: Vec<u16>,
    /// Every enabled sprite on each line (bit n = sprite n: ascending bits are the
    /// finder's index order).
    on_line: Box<[u128; SPRITE_LINES]>,
    /// Per line, the sprites whose row there has an opaque on-screen pixel.
    drawn_on_line: Box<[u128; SPRITE_LINES]>,
    /// Per line, the budget units of every on-screen row on it; with the slot count of
    /// its last sprite, the units spent by the end of that sprite if nothing were cut.
    row_units: [u32; SPRITE_LINES],
    /// Distinct patterns taken, where their rows start in `pattern_rows`, and their rows
    /// with an opaque pixel (bit r = row r, screen order).
    patterns: Vec<(PatternKey, usize, u64)>,
    pattern_rows: Vec<u64>,
    line: LineBuffer,
    /// The line's collision state when no colours are wanted.
    planes: CollisionPlanes,
    /// Per sprite line (bit `l % 64` of word `l / 64`), whether two sprites sharing a
    /// collision-mask bit cover a common 16-px chunk of it: on the other lines no pixel
    /// can collide.
    may_collide: [u64; SPRITE_LINES / 64],
    /// The sprites of the line `may_collide` was last worked out for and the answer,
    /// while no sprite has been placed since: lines with the same sprites share it.
    may_collide_last: Option<(u128, bool)>,
    /// Lines whose `may_collide` bit is out of date since a sprite changed.
    may_collide_stale: [u64; SPRITE_LINES / 64],
    /// The VRAM span holding the frame's sprite patterns (first and last byte; first >
    /// last when no sprite is enabled).
    pattern_span: (u32, u32),
}

clone_by_fields!(SpriteRenderer {
    placed,
    views,
    view_first,
    spare_views,
    view_order,
    on_line,
    drawn_on_line,
    row_units,
    patterns,
    pattern_rows,
    line,
    planes,
    may_collide,
    may_collide_last,
    may_collide_stale,
    pattern_span
});

impl Default for SpriteRenderer {
    fn default() -> Self {
        Self::new()
    }
}

impl SpriteRenderer {
    /// Nothing decoded yet.
    #[must_use]
    pub fn new() -> Self {
        Self {
            // The all-zero entries of power-on VRAM: disabled, filed nowhere.
            placed: std::array::from_fn(|n| Placed {
                attr: SpriteAttributes::decode(n as u8, [0; 8]),
                raw: 0,
                view: NO_VIEW,
                ..Placed::default()
            }),
            views: Vec::with_capacity(SPRITE_COUNT),
            view_first: Vec::with_capacity(SPRITE_COUNT),
            spare_views: Vec::with_capacity(SPRITE_COUNT),
            view_order: Vec::with_capacity(2 * SPRITE_COUNT),
            on_line: Box::new([0; SPRITE_LINES]),
            drawn_on_line: Box::new([0; SPRITE_LINES]),
            row_units: [0; SPRITE_LINES],
            patterns: Vec::with_capacity(SPRITE_COUNT),
            pattern_rows: Vec::with_capacity(SPRITE_COUNT * 64),
            line: LineBuffer::new(),
            planes: CollisionPlanes::default(),
            pattern_span: (1, 0),
            may_collide: [0; SPRITE_LINES / 64],
            may_collide_last: None,
            may_collide_stale: [u64::MAX; SPRITE_LINES / 64],
        }
    }

    /// The enabled sprites of the last prepared frame.
    #[must_use]
    pub fn views(&self) -> &[SpriteView] {
        &self.views
    }

    /// The line buffer (valid between `render_line` and `clear_line`).
    #[must_use]
    pub const fn line(&self) -> &LineBuffer {
        &self.line
    }

    /// Erases the line buffer after a line has been composed.
    #[inline]
    pub fn clear_line(&mut self) {
        self.line.clear();
        self.planes.clear();
    }

    /// Whether a byte of a pattern taken since VRAM was last marked was written since
    /// the mark (the chip marks VRAM at each line 0, after `prepare`).
    #[must_use]
    pub(crate) fn patterns_written(&self, vram: &Vram) -> bool {
        let (first, last) = self.pattern_span;
        vram.written_within(first, last)
    }

    /// Decodes the attribute table, builds the views and files sprites under their lines.
    /// `patterns_written`: whether a VRAM byte holding a pattern taken since the last
    /// `prepare` may have been written since then (then every pattern is taken again).
    ///
    /// The placements and the filing by line are the table's state at the end of the
    /// last frame; while the patterns hold, only the entries that decode differently from
    /// it are placed and filed again (a program that moves a few sprites a frame costs a
    /// few placements, not 128), and every other entry keeps its placement.
    pub fn prepare(&mut self, vram: &Vram, patterns_written: bool) {
        // The views' vectors are kept for the next frame's (no allocation per frame).
        self.spare_views.append(&mut self.views);
        self.view_first.clear();
        // Rows of patterns no sprite shows any more stay until the next full pass; past a
        // table's worth they are dropped, so the list and its search stay short.
        let full = patterns_written || self.patterns.len() > SPRITE_COUNT;
        if full {
            self.patterns.clear();
            self.pattern_rows.clear();
            self.pattern_span = (1, 0);
            self.on_line.fill(0);
            self.drawn_on_line.fill(0);
            self.row_units = [0; SPRITE_LINES];
            // Worked out for a line when it is rendered and only if it is (`render_line`):
            // a frame whose table is rewritten while it is drawn would work most lines
            // out twice, and the lines past the display never.
            self.may_collide_stale = [u64::MAX; SPRITE_LINES / 64];
        }
        for number in 0..SPRITE_COUNT as u8 {
            let bytes = vram.sprite_attr(usize::from(number));
            let raw = u64::from_le_bytes(bytes);
            let old = self.placed[usize::from(number)];
            if !full && raw == old.raw {
                self.reopen_view(number);
                continue;
            }
            let attr = SpriteAttributes::decode(number, bytes);
            if full {
                self.place(vram, attr, 0, None);
                self.file(number);
            } else if old.attr != attr {
                self.place(vram, attr, 0, None);
                self.refile(number, &old);
                for (first, end) in [lines_of(&old.attr), lines_of(&attr)] {
                    set_lines(&mut self.may_collide_stale, first, end);
                }
            } else {
                self.reopen_view(number);
            }
            self.placed[usize::from(number)].raw = raw;
        }
    }

    /// A view at line 0 for sprite `number` as it is placed (unchanged since the last
    /// frame, its rows still in `pattern_rows`).
    fn reopen_view(&mut self, number: u8) {
        let index = self.views.len();
        let placed = &mut self.placed[usize::from(number) % SPRITE_COUNT];
        if !placed.attr.enabled() {
            placed.view = NO_VIEW;
            return;
        }
        // At most 128 views at line 0.
        placed.view = u8::try_from(index).unwrap_or(NO_VIEW);
        let attr = placed.attr;
        let start = (placed.rows_base + i32::from(attr.y_px)).max(0) as usize;
        let mut view = self.spare_views.pop().unwrap_or_default();
        view.refill(&attr);
        if let Some(rows) = self.pattern_rows.get(start..start + usize::from(attr.h_px)) {
            view.mask_rows.extend_from_slice(rows);
        }
        self.views.push(view);
        self.view_first.push(0);
    }

    /// Sprite line `line` is about to be rendered and the attribute entries `written`
    /// (bit n = sprite n) were written since the table was last read: each entry whose
    /// decoded attributes changed is taken from this line on, its state until now
    /// becoming a view with its own lines and the new one a view from `line`.
    pub fn update(&mut self, vram: &Vram, written: u128, line: u16) {
        let mut rest = written;
        while rest != 0 {
            let number = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let bytes = vram.sprite_attr(usize::from(number));
            let raw = u64::from_le_bytes(bytes);
            let old = self.placed[usize::from(number)];
            if raw == old.raw {
                continue;
            }
            let attr = SpriteAttributes::decode(number, bytes);
            if old.attr == attr {
                // Bits the decoder ignores: the same state.
                self.placed[usize::from(number)].raw = raw;
                continue;
            }
            let rows_end = |a: &SpriteAttributes| if a.enabled() { lines_of(a).1 } else { 0 };
            if rows_end(&old.attr) <= usize::from(line) && rows_end(&attr) <= usize::from(line) {
                // Both states lie on lines already drawn: nothing the frame still draws
                // changes, and the view keeps the state its lines showed. The next frame
                // (or a later write) takes the entry again.
                continue;
            }
            // No row of the old state drawn yet: its view showed nothing, and the new
            // state takes it over (in index order, with no view to drop later).
            let unseen = i32::from(old.attr.y_px).max(0) >= i32::from(line);
            if let (Some(view), Some(&first)) = (
                self.views.get_mut(usize::from(old.view)),
                self.view_first.get(usize::from(old.view)),
            ) {
                // Read for lines first..line-1; for none when it began on this line or
                // showed nothing (an empty span, which `finish` drops).
                view.lines = Some(if line > first && !unseen {
                    (first, line - 1)
                } else {
                    (1, 0)
                });
            }
            self.place(vram, attr, line, unseen.then_some(old.view));
            self.placed[usize::from(number)].raw = raw;
            self.refile(number, &old);
            // Worked out when a line from this one on is rendered: a program rewriting the
            // table all the time costs one look per rendered line, not one per write.
            let from = usize::from(line);
            for (first, end) in [lines_of(&old.attr), lines_of(&attr)] {
                set_lines(&mut self.may_collide_stale, first.max(from), end);
            }
        }
    }

    /// The frame's last sprite line was `last_line`: views still open end there; a view
    /// whose lines miss its sprite's rows is dropped (that state was never shown); a view
    /// that lasted the whole frame has no lines.
    pub fn finish(&mut self, last_line: u16) {
        // Kept views close up in place; dropped ones go to the spares, so no frame
        // allocates once the lists have grown.
        let mut kept = 0;
        for k in 0..self.views.len() {
            let begun = self.view_first.get(k).copied().unwrap_or(0);
            let view = &mut self.views[k];
            if let Some((from, to)) = view.lines.or((begun > 0).then_some((begun, last_line))) {
                let top = view.y_px;
                let bottom = top + i32::from(view.h_px) - 1;
                if to < from || i32::from(to) < top || i32::from(from) > bottom {
                    continue;
                }
                view.lines = Some((from, to));
            }
            if kept != k {
                self.views.swap(kept, k);
            }
            kept += 1;
        }
        self.spare_views.extend(self.views.drain(kept..));
        self.view_first.clear();
        // Index order; a sprite's states in the order they were shown.
        let key = |view: &SpriteView| (view.number, view.lines.map_or(0, |(first, _)| first));
        if !self.views.is_sorted_by_key(key) {
            // A sprite's views were made in the order of their first lines (a view
            // refilled is its sprite's latest), so ordering by number keeps that order.
            self.order_by_number();
            debug_assert!(self.views.is_sorted_by_key(key));
        }
        self.settle(last_line);
    }

    /// Puts the views in sprite-number order, keeping the order of each sprite's views
    /// (a counting sort: the views of line 0 are in order and each later state is
    /// appended, so this is one pass instead of a comparison sort).
    fn order_by_number(&mut self) {
        let mut next = [0u16; SPRITE_COUNT];
        for view in &self.views {
            next[usize::from(view.number) % SPRITE_COUNT] += 1;
        }
        let mut at = 0u16;
        for slot in &mut next {
            let count = *slot;
            *slot = at;
            at += count;
        }
        // Where each view goes, then the moves as cycles of swaps.
        self.view_order.clear();
        for view in &self.views {
            let slot = &mut next[usize::from(view.number) % SPRITE_COUNT];
            self.view_order.push(*slot);
            *slot += 1;
        }
        for k in 0..self.views.len() {
            loop {
                let to = usize::from(self.view_order[k]);
                if to == k {
                    break;
                }
                self.views.swap(k, to);
                self.view_order.swap(k, to);
            }
        }
    }

    /// A sprite shown in one state only, on every row it has on lines 0..=`last_line`, was
    /// the same on every line it was shown: its view says so with no lines.
    fn settle(&mut self, last_line: u16) {
        let mut k = 0;
        while k < self.views.len() {
            let number = self.views[k].number;
            let alone = self
                .views
                .get(k + 1)
                .is_none_or(|next| next.number != number);
            let view = &mut self.views[k];
            if alone && let Some((from, to)) = view.lines {
                let top = view.y_px.max(0);
                let bottom = (view.y_px + i32::from(view.h_px) - 1).min(i32::from(last_line));
                if i32::from(from) <= top && i32::from(to) >= bottom {
                    view.lines = None;
                }
            }
            k += 1;
            while self.views.get(k).is_some_and(|v| v.number == number) {
                k += 1;
            }
        }
    }

    /// Sprites were shown on some of the frame's lines only (DC_VIDEO bit 6 changed while
    /// it was drawn): each view is cut to the runs of `shown` lines (bit `l % 64` of word
    /// `l / 64`) among the rows it was shown with, one view per run.
    pub fn clip_to_lines(&mut self, shown: &[u64; SPRITE_LINES / 64], last_line: u16) {
        let is_shown = |l: i32| {
            (0..SPRITE_LINES as i32).contains(&l) && shown[l as usize / 64] >> (l % 64) & 1 != 0
        };
        let views = std::mem::take(&mut self.views);
        for view in views {
            let (from, to) = view.lines.unwrap_or((0, u16::MAX));
            let first = view.y_px.max(i32::from(from));
            let last = (view.y_px + i32::from(view.h_px) - 1).min(i32::from(to));
            let mut line = first;
            while line <= last {
                if !is_shown(line) {
                    line += 1;
                    continue;
                }
                let start = line;
                while line < last && is_shown(line + 1) {
                    line += 1;
                }
                let mut part = view.clone();
                part.lines = Some((start as u16, line as u16));
                self.views.push(part);
                line += 1;
            }
            self.spare_views.push(view);
        }
        self.settle(last_line);
    }

    /// Fills `placed[attr.number]` from `attr`, read for sprite lines from `first_line`
    /// on, with a view when it is enabled.
    /// The view `reuse`, when given, is refilled rather than a new one added.
    fn place(&mut self, vram: &Vram, attr: SpriteAttributes, first_line: u16, reuse: Option<u8>) {
        // The answer depends on the placements.
        self.may_collide_last = None;
        let placed = &mut self.placed[usize::from(attr.number) % SPRITE_COUNT];
        placed.attr = attr;
        if !attr.enabled() {
            placed.view = NO_VIEW;
            return;
        }
        let x0 = i32::from(attr.x_px);
        let w = i32::from(attr.w_px);
        placed.first_col = (-x0).clamp(0, w) as u8;
        placed.end_col = (LINE_PX as i32 - x0).clamp(0, w) as u8;
        placed.row_cost = if placed.first_col < placed.end_col {
            LineBudget::row_cost(placed.first_col, placed.end_col, attr.pixels_per_fetch())
        } else {
            0
        };
        placed.cols = bit_range(u32::from(placed.first_col), u32::from(placed.end_col));
        placed.chunks = LineBuffer::chunks_of(
            (x0 + i32::from(placed.first_col)).max(0) as usize,
            (x0 + i32::from(placed.end_col)).max(0) as usize,
        );
        let reuse = reuse.filter(|&v| usize::from(v) < self.views.len());
        let index = reuse.map_or(self.views.len(), usize::from);
        // At most 128 views at line 0 and one more per change: past 254 a view index no
        // longer fits, and later states are rendered without a view of their own.
        placed.view = u8::try_from(index).unwrap_or(NO_VIEW);
        let key = PatternKey {
            addr: attr.pattern_addr,
            bpp8: attr.bpp8,
            w_px: attr.w_px,
            h_px: attr.h_px,
            hflip: attr.hflip,
            vflip: attr.vflip,
        };
        // Sprites sharing a pattern share rows; a pattern's opaque pixels are taken once
        // a frame, when a sprite first shows it.
        let (start, opaque_rows) = if let Some(&(_, start, opaque_rows)) =
            self.patterns.iter().find(|(k, _, _)| *k == key)
        {
            (start, opaque_rows)
        } else {
            let start = self.pattern_rows.len();
            pattern::opaque_rows(vram, &attr, &mut self.pattern_rows);
            let opaque_rows = drawn_rows(&self.pattern_rows[start..], u64::MAX);
            self.patterns.push((key, start, opaque_rows));
            self.pattern_span = widen_span(self.pattern_span, &key);
            (start, opaque_rows)
        };
        placed.rows_base = start as i32 - i32::from(attr.y_px);
        let rows = self
            .pattern_rows
            .get(start..start + usize::from(attr.h_px))
            .unwrap_or_default();
        // Pattern rows hold no bits past the width: on a sprite wholly on screen the rows
        // drawn are the pattern's opaque rows.
        placed.drawn_rows = if placed.cols == bit_range(0, u32::from(attr.w_px)) {
            opaque_rows
        } else {
            drawn_rows(rows, placed.cols)
        };
        if placed.view == NO_VIEW {
            return;
        }
        if let (Some(v), Some(view_first)) = (
            reuse,
            reuse.and_then(|v| self.view_first.get_mut(usize::from(v))),
        ) {
            let view = &mut self.views[usize::from(v)];
            view.refill(&attr);
            view.mask_rows.extend_from_slice(rows);
            *view_first = first_line;
            return;
        }
        let mut view = self.spare_views.pop().unwrap_or_default();
        view.refill(&attr);
        view.mask_rows.extend_from_slice(rows);
        self.views.push(view);
        self.view_first.push(first_line);
    }

    /// Files sprite `number` (its current placement) under the lines it covers.
    fn file(&mut self, number: u8) {
        let p = self.placed[usize::from(number) % SPRITE_COUNT];
        let (first, end) = filed_lines(&p);
        self.file_lines(number, &p, first, end, true);
    }

    /// Sprite `number` was placed again, in place of `old`: it is taken out of the lines
    /// only `old` covered and filed under those only the new placement covers; on the
    /// lines both cover it stays filed and only its budget units and whether its row
    /// there is drawn are brought up to date (a sprite moved by a few lines changes a few
    /// lines' sets, not all of them twice).
    fn refile(&mut self, number: u8, old: &Placed) {
        let new = self.placed[usize::from(number) % SPRITE_COUNT];
        let (old_first, old_end) = filed_lines(old);
        let (new_first, new_end) = filed_lines(&new);
        let (both_first, both_end) = (old_first.max(new_first), old_end.min(new_end));
        if both_first >= both_end {
            self.file_lines(number, old, old_first, old_end, false);
            self.file_lines(number, &new, new_first, new_end, true);
            return;
        }
        self.file_lines(number, old, old_first, both_first, false);
        self.file_lines(number, old, both_end, old_end, false);
        self.file_lines(number, &new, new_first, both_first, true);
        self.file_lines(number, &new, both_end, new_end, true);
        // On the lines both cover: the units only if a row's cost changed, the drawn bit
        // only where the row drawn there changed (none, for a sprite whose rows are all
        // drawn).
        if new.row_cost != old.row_cost {
            let units_delta = new.row_cost.wrapping_sub(old.row_cost);
            for units in &mut self.row_units[both_first..both_end] {
                *units = units.wrapping_add(units_delta);
            }
        }
        let lines = bit_range(0, (both_end - both_first) as u32);
        let drawn_from = |p: &Placed| p.drawn_rows >> rows_above(p, both_first) & lines;
        let (was, now) = (drawn_from(old), drawn_from(&new));
        let mut changed = was ^ now;
        let bit = 1u128 << (number % 128);
        while changed != 0 {
            let k = changed.trailing_zeros();
            changed &= changed - 1;
            let drawn = &mut self.drawn_on_line[both_first + k as usize];
            if now >> k & 1 != 0 {
                *drawn |= bit;
            } else {
                *drawn &= !bit;
            }
        }
    }

    /// Files sprite `number` placed as `p` under lines `first..end` of the lines it
    /// covers, or takes it out of them.
    fn file_lines(&mut self, number: u8, p: &Placed, first: usize, end: usize, add: bool) {
        if first >= end {
            return;
        }
        let bit = 1u128 << (number % 128);
        let lines = self.on_line[first..end]
            .iter_mut()
            .zip(&mut self.drawn_on_line[first..end])
            .zip(&mut self.row_units[first..end]);
        if !add {
            for ((on, drawn), units) in lines {
                *on &= !bit;
                *units -= p.row_cost;
                *drawn &= !bit;
            }
            return;
        }
        // Only rows with an opaque on-screen pixel are drawn.
        let mut drawn_rows = p.drawn_rows >> rows_above(p, first);
        for ((on, drawn), units) in lines {
            *on |= bit;
            *units += p.row_cost;
            *drawn |= if drawn_rows & 1 != 0 { bit } else { 0 };
            drawn_rows >>= 1;
        }
    }

    /// Whether two sprites sharing a collision-mask bit cover a common 16-px chunk of
    /// `line`, recorded in `may_collide`.
    #[inline(never)]
    fn set_may_collide(&mut self, line: usize) {
        let on = self.on_line[line % SPRITE_LINES];
        let mut meets = false;
        if let Some((set, answer)) = self.may_collide_last
            && set == on
        {
            // The same sprites as the line last worked out, none placed since.
            meets = answer;
        } else if on.count_ones() >= 2 {
            // Per mask bit, the line-buffer chunks under sprites with that bit.
            let mut occupied = [0u64; 4];
            let mut rest = on;
            while rest != 0 && !meets {
                let number = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let p = &self.placed[number % SPRITE_COUNT];
                let mask = p.attr.collision_mask;
                for (k, chunk) in occupied.iter_mut().enumerate() {
                    if mask & (1 << k) != 0 {
                        meets |= *chunk & p.chunks != 0;
                        *chunk |= p.chunks;
                    }
                }
            }
        }
        self.may_collide_last = Some((on, meets));
        let (word, bit) = ((line % SPRITE_LINES) / 64, line % 64);
        if meets {
            self.may_collide[word] |= 1 << bit;
        } else {
            self.may_collide[word] &= !(1 << bit);
        }
    }

    /// The budget units line `line` spends by the end of its last sprite if nothing is
    /// cut: every on-screen row plus that sprite's slot count (the finder visits slots
    /// 0..=n).
    fn line_units(&self, line: usize) -> u32 {
        let line = line % SPRITE_LINES;
        self.row_units[line] + (128 - self.on_line[line].leading_zeros())
    }

    /// Renders sprite line `line` into the (empty) line buffer and returns the collision
    /// bits it detected. With `colours` false only the collision state is kept (the
    /// line buffer's colours are not written) when it gives the same collisions: when
    /// no sprite pattern was written since the frame's line 0 (VRAM marked there), the
    /// opaque pixels taken there are the pixels the buffer would draw now (see `plot`).
    #[inline]
    pub fn render_line(
        &mut self,
        vram: &Vram,
        line: u16,
        hidden_adds_mask: bool,
        colours: bool,
    ) -> u8 {
        let (first, last) = self.pattern_span;
        let planes_only = !colours && !vram.written_within(first, last);
        let l = usize::from(line) % SPRITE_LINES;
        let within_budget = self.line_units(l) < LINE_BUDGET_UNITS;
        if planes_only && within_budget && !self.may_collide_on(l) {
            // Only collisions are kept, and none can happen here (the common line: kept
            // short so the chip's line step stays small).
            return 0;
        }
        let target = if planes_only {
            Target::Planes { hidden_adds_mask }
        } else {
            Target::Pixels { hidden_adds_mask }
        };
        if within_budget {
            self.render_drawn_rows(vram, line, target)
        } else {
            self.render_with_budget(vram, line, target)
        }
    }

    /// Whether two sprites may collide on sprite line `l` (< 512), worked out if a sprite
    /// changed on it since it last was.
    #[inline]
    fn may_collide_on(&mut self, l: usize) -> bool {
        let (word, bit) = ((l / 64) % (SPRITE_LINES / 64), 1u64 << (l % 64));
        if self.may_collide_stale[word] & bit != 0 {
            self.may_collide_stale[word] &= !bit;
            self.set_may_collide(l);
        }
        self.may_collide[word] & bit != 0
    }

    /// A line that fits the budget: only the rows with opaque on-screen pixels.
    #[inline(never)]
    fn render_drawn_rows(&mut self, vram: &Vram, line: u16, target: Target) -> u8 {
        let mut collisions = 0u8;
        let mut rest = self.drawn_on_line[usize::from(line) % SPRITE_LINES];
        while rest != 0 {
            let number = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let placed = &self.placed[usize::from(number) % SPRITE_COUNT];
            let bits = self
                .pattern_rows
                .get((i32::from(line) + placed.rows_base) as usize)
                .copied()
                .unwrap_or(0)
                & placed.cols;
            if let Target::Pixels { .. } = target {
                self.line.touch_chunks(placed.chunks);
            }
            let attr = placed.attr;
            collisions |= plot(
                &mut self.line,
                &mut self.planes,
                vram,
                &attr,
                line,
                bits,
                target,
            );
        }
        collisions
    }

    /// A line that may overrun: every sprite on it, charged in index order.
    #[inline(never)]
    fn render_with_budget(&mut self, vram: &Vram, line: u16, target: Target) -> u8 {
        let mut budget = LineBudget::new();
        let mut collisions = 0u8;
        let mut rest = self.on_line[usize::from(line) % SPRITE_LINES];
        while rest != 0 {
            let number = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let placed = &self.placed[usize::from(number) % SPRITE_COUNT];
            let attr = placed.attr;
            let (first_col, end_col) = (placed.first_col, placed.end_col);
            if first_col >= end_col {
                budget.visit_only(number);
                continue;
            }
            let done_col =
                match budget.charge_sprite(number, first_col, end_col, attr.pixels_per_fetch()) {
                    Allowance::All => end_col,
                    Allowance::First(n) => first_col + n,
                };
            let bits = self
                .pattern_rows
                .get((i32::from(line) + placed.rows_base) as usize)
                .copied()
                .unwrap_or(0)
                & bit_range(u32::from(first_col), u32::from(done_col));
            if done_col < end_col
                && let Some(view) = self.views.get_mut(usize::from(placed.view))
            {
                view.budget_cut_lines.push(line);
            }
            if bits == 0 {
                continue;
            }
            if let Target::Pixels { .. } = target {
                let x0 = i32::from(attr.x_px);
                self.line.touch(
                    (x0 + i32::from(first_col)) as usize,
                    (x0 + i32::from(done_col)) as usize,
                );
            }
            collisions |= plot(
                &mut self.line,
                &mut self.planes,
                vram,
                &attr,
                line,
                bits,
                target,
            );
        }
        collisions
    }
}

/// Where a line's pixels go.
#[derive(Clone, Copy, Debug)]
enum Target {
    /// The line buffer, pixel by pixel with colours (the picture is drawn, or VRAM changed
    /// since line 0 and each pixel's raw colour is read again).
    Pixels { hidden_adds_mask: bool },
    /// The collision planes only.
    Planes { hidden_adds_mask: bool },
}

/// Plots the opaque pixels `bits` of `attr`'s row on sprite line `line` into the target;
/// returns the collision bits. The planes take `bits` as they are: they are chosen only
/// while VRAM is as it was at line 0, when every bit is a pixel whose raw colour is
/// non-zero now.
#[inline]
fn plot(
    line_buffer: &mut LineBuffer,
    planes: &mut CollisionPlanes,
    vram: &Vram,
    attr: &SpriteAttributes,
    line: u16,
    bits: u64,
    target: Target,
) -> u8 {
    match target {
        Target::Pixels { hidden_adds_mask } => {
            plot_row(line_buffer, vram, attr, line, bits, hidden_adds_mask)
        }
        Target::Planes { hidden_adds_mask } => planes.plot(
            i32::from(attr.x_px),
            bits,
            attr.z,
            attr.collision_mask,
            hidden_adds_mask,
        ),
    }
}

/// Plots the opaque pixels `bits` (screen columns of the sprite, all on screen and inside
/// touched chunks) of `attr`'s row on sprite line `line`; returns the collision bits.
#[inline]
fn plot_row(
    buffer: &mut LineBuffer,
    vram: &Vram,
    attr: &SpriteAttributes,
    line: u16,
    bits: u64,
    hidden_adds_mask: bool,
) -> u8 {
    let row = (i32::from(line) - i32::from(attr.y_px)) as u8;
    let row_addr = pattern::row_addr(attr, row);
    let x0 = i32::from(attr.x_px);
    let mut collisions = 0u8;
    let mut bits = bits;
    while bits != 0 {
        let col = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        let raw = pattern::raw_pixel(vram, attr, row_addr, col);
        if raw == 0 {
            continue;
        }
        collisions |= buffer.plot(
            (x0 + i32::from(col)) as usize,
            attr.colour(raw),
            attr.z,
            attr.collision_mask,
            hidden_adds_mask,
        );
    }
    collisions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_lines_sets_exactly_the_lines_asked_across_words() {
        for (first, end) in [
            (0, 0),
            (5, 6),
            (0, 64),
            (60, 70),
            (63, 129),
            (100, 512),
            (3, 2),
        ] {
            let mut set = [0u64; SPRITE_LINES / 64];
            set_lines(&mut set, first, end);
            for l in 0..SPRITE_LINES {
                let on = set[l / 64] >> (l % 64) & 1 != 0;
                assert_eq!(on, (first..end).contains(&l), "{first}..{end}: line {l}");
            }
        }
    }
}
