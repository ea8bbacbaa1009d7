//! Rendering the sprite layer line by line into the line buffer, with the work budget
//! and the collision accumulator (FPGA `sprite_renderer.v`; x16-emulator `video.c`
//! `render_sprite_line` 670-742; the rule per pixel is in `line_buffer`, the budget in
//! `budget`).
//!
//! At the start of a frame the 128 attribute entries are decoded once (the CPU does not
//! run inside a frame in this model) and each enabled sprite is filed under every sprite
//! line it covers, in index order, which is the order the FPGA's finder visits them in.
//! The opaque pixels of every row are computed once per distinct pattern for the sprite
//! view, and the renderer walks only those; transparent pixels still cost budget but
//! cannot draw or collide.

use crate::attributes::SpriteAttributes;
use crate::budget::{Allowance, LineBudget};
use crate::compose::SPRITE_LINES;
use crate::line_buffer::{LINE_PX, LineBuffer};
use crate::pattern;
use crate::view::SpriteView;
use crate::vram::{SPRITE_COUNT, Vram};

/// No view for this sprite (disabled).
const NO_VIEW: u8 = u8::MAX;

/// What the renderer needs of one sprite for a frame, derived once from its attributes.
#[derive(Clone, Copy, Debug, Default)]
struct Placed {
    attr: SpriteAttributes,
    /// Index into the views.
    view: u8,
    /// On-screen columns of the sprite (the same on every line): `first_col..end_col`.
    first_col: u8,
    end_col: u8,
    /// Budget units of a whole on-screen row.
    row_cost: u32,
    /// First of the sprite's `h_px` opaque rows (screen order) in `pattern_rows`, minus
    /// its top line: the row for sprite line `l` is at `l + rows_base`.
    rows_base: i32,
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

/// The per-frame sprite state and the line buffer.
#[derive(Clone, Debug)]
pub struct SpriteRenderer {
    placed: [Placed; SPRITE_COUNT],
    views: Vec<SpriteView>,
    /// Sprites on line `l` are `on_line[line_start[l]..line_start[l + 1]]`.
    line_start: [u16; SPRITE_LINES + 1],
    on_line: Vec<u8>,
    /// Distinct patterns of this frame and where their rows start in `pattern_rows`.
    patterns: Vec<(PatternKey, usize)>,
    pattern_rows: Vec<u64>,
    line: LineBuffer,
}

impl Default for SpriteRenderer {
    fn default() -> Self {
        Self::new()
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

impl SpriteRenderer {
    /// Nothing decoded yet.
    #[must_use]
    pub fn new() -> Self {
        Self {
            placed: [Placed::default(); SPRITE_COUNT],
            views: Vec::with_capacity(SPRITE_COUNT),
            line_start: [0; SPRITE_LINES + 1],
            on_line: Vec::with_capacity(SPRITE_COUNT * 64),
            patterns: Vec::with_capacity(SPRITE_COUNT),
            pattern_rows: Vec::with_capacity(SPRITE_COUNT * 64),
            line: LineBuffer::new(),
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
    pub fn clear_line(&mut self) {
        self.line.clear();
    }

    /// Decodes the attribute table, builds the views and files sprites under their lines.
    pub fn prepare(&mut self, vram: &Vram) {
        self.patterns.clear();
        self.pattern_rows.clear();
        let mut enabled = 0usize;
        for (number, placed) in (0u8..).zip(self.placed.iter_mut()) {
            let attr = SpriteAttributes::decode(number, vram.sprite_attr(usize::from(number)));
            placed.attr = attr;
            if !attr.enabled() {
                placed.view = NO_VIEW;
                continue;
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
            placed.view = enabled as u8;

            if enabled == self.views.len() {
                self.views.push(SpriteView::default());
            }
            let view = &mut self.views[enabled];
            view.refill(&attr);
            let key = PatternKey {
                addr: attr.pattern_addr,
                bpp8: attr.bpp8,
                w_px: attr.w_px,
                h_px: attr.h_px,
                hflip: attr.hflip,
                vflip: attr.vflip,
            };
            // VRAM does not change within a frame: sprites sharing a pattern share rows.
            let start = if let Some(&(_, start)) = self.patterns.iter().find(|(k, _)| *k == key) {
                start
            } else {
                let start = self.pattern_rows.len();
                pattern::opaque_rows(vram, &attr, &mut self.pattern_rows);
                self.patterns.push((key, start));
                start
            };
            view.mask_rows
                .extend_from_slice(&self.pattern_rows[start..start + usize::from(attr.h_px)]);
            placed.rows_base = start as i32 - i32::from(attr.y_px);
            placed.cols = bit_range(u32::from(placed.first_col), u32::from(placed.end_col));
            placed.chunks = LineBuffer::chunks_of(
                (x0 + i32::from(placed.first_col)).max(0) as usize,
                (x0 + i32::from(placed.end_col)).max(0) as usize,
            );
            enabled += 1;
        }
        self.views.truncate(enabled);

        // Counting sort of (line, sprite) pairs by line; sprites go in ascending order.
        self.line_start = [0; SPRITE_LINES + 1];
        for placed in self.placed.iter().filter(|p| p.view != NO_VIEW) {
            let (first, end) = Self::lines_of(&placed.attr);
            for count in &mut self.line_start[first + 1..end + 1] {
                *count += 1;
            }
        }
        for line in 0..SPRITE_LINES {
            self.line_start[line + 1] += self.line_start[line];
        }
        let total = usize::from(self.line_start[SPRITE_LINES]);
        self.on_line.clear();
        self.on_line.resize(total, 0);
        let mut cursor = self.line_start;
        for placed in self.placed.iter().filter(|p| p.view != NO_VIEW) {
            let (first, end) = Self::lines_of(&placed.attr);
            for at in &mut cursor[first..end] {
                self.on_line[usize::from(*at)] = placed.attr.number;
                *at += 1;
            }
        }
    }

    /// The sprite lines `first..end` (within the 9-bit line range) a sprite covers.
    fn lines_of(attr: &SpriteAttributes) -> (usize, usize) {
        let top = i32::from(attr.y_px);
        let first = top.clamp(0, SPRITE_LINES as i32) as usize;
        let end = (top + i32::from(attr.h_px)).clamp(0, SPRITE_LINES as i32) as usize;
        (first, end)
    }

    /// Renders sprite line `line` into the (empty) line buffer and returns the collision
    /// bits it detected.
    pub fn render_line(&mut self, vram: &Vram, line: u16, hidden_adds_mask: bool) -> u8 {
        let line_index = usize::from(line).min(SPRITE_LINES - 1);
        let start = usize::from(self.line_start[line_index]);
        let end = usize::from(self.line_start[line_index + 1]);
        let mut budget = LineBudget::new();
        let mut collisions = 0u8;
        for &number in &self.on_line[start..end] {
            let placed = &self.placed[usize::from(number) % SPRITE_COUNT];
            let attr = &placed.attr;
            let (first_col, end_col) = (placed.first_col, placed.end_col);
            if first_col >= end_col {
                budget.visit_only(number);
                continue;
            }
            let x0 = i32::from(attr.x_px);
            let row_bits = self
                .pattern_rows
                .get((i32::from(line) + placed.rows_base) as usize)
                .copied()
                .unwrap_or(0);
            let opaque = if budget.charge_whole_row(number, placed.row_cost) {
                let opaque = row_bits & placed.cols;
                self.line.touch_chunks(placed.chunks);
                opaque
            } else {
                let done_col =
                    match budget.charge_sprite(number, first_col, end_col, attr.pixels_per_fetch())
                    {
                        Allowance::All => end_col,
                        Allowance::First(n) => first_col + n,
                    };
                if done_col < end_col
                    && let Some(view) = self.views.get_mut(usize::from(placed.view))
                {
                    view.budget_cut_lines.push(line);
                }
                self.line.touch(
                    (x0 + i32::from(first_col)) as usize,
                    (x0 + i32::from(done_col)) as usize,
                );
                row_bits & bit_range(u32::from(first_col), u32::from(done_col))
            };
            if opaque == 0 {
                continue;
            }
            let row = (i32::from(line) - i32::from(attr.y_px)) as u8;
            let row_addr = pattern::row_addr(attr, row);
            let mut bits = opaque;
            while bits != 0 {
                let col = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                let raw = pattern::raw_pixel(vram, attr, row_addr, col);
                if raw == 0 {
                    continue;
                }
                let x = (x0 + i32::from(col)) as usize;
                collisions |= self.line.plot(
                    x,
                    attr.colour(raw),
                    attr.z,
                    attr.collision_mask,
                    hidden_adds_mask,
                );
            }
        }
        collisions
    }
}
