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
//!
//! A line whose work, counted up to the end of its last sprite, fits the budget loses
//! nothing to it; such a line is rendered from a second list that leaves out rows with
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

/// Sprite numbers filed by line, in index order: line `l` holds
/// `items[start[l]..start[l + 1]]`.
#[derive(Clone, Debug)]
struct LineLists {
    start: [u16; SPRITE_LINES + 1],
    items: Vec<u8>,
}

impl LineLists {
    fn new() -> Self {
        Self {
            start: [0; SPRITE_LINES + 1],
            items: Vec::with_capacity(SPRITE_COUNT * 64),
        }
    }

    /// Files every enabled sprite under each line it covers where `keep` holds (a
    /// counting sort by line; sprites are visited in ascending order).
    fn file(&mut self, placed: &[Placed], keep: impl Fn(&Placed, usize) -> bool) {
        self.start = [0; SPRITE_LINES + 1];
        for p in placed.iter().filter(|p| p.view != NO_VIEW) {
            let (first, end) = lines_of(&p.attr);
            for line in first..end {
                if keep(p, line) {
                    self.start[line + 1] += 1;
                }
            }
        }
        for line in 0..SPRITE_LINES {
            self.start[line + 1] += self.start[line];
        }
        self.items.clear();
        self.items.resize(usize::from(self.start[SPRITE_LINES]), 0);
        let mut cursor = self.start;
        for p in placed.iter().filter(|p| p.view != NO_VIEW) {
            let (first, end) = lines_of(&p.attr);
            for (line, at) in (first..end).zip(&mut cursor[first..end]) {
                if keep(p, line) {
                    self.items[usize::from(*at)] = p.attr.number;
                    *at += 1;
                }
            }
        }
    }

    fn clear(&mut self) {
        self.start = [0; SPRITE_LINES + 1];
        self.items.clear();
    }

    fn on(&self, line: usize) -> &[u8] {
        let line = line.min(SPRITE_LINES - 1);
        let (a, b) = (self.start[line], self.start[line + 1]);
        self.items
            .get(usize::from(a)..usize::from(b))
            .unwrap_or_default()
    }
}

/// The sprite lines `first..end` (within the 9-bit line range) a sprite covers.
fn lines_of(attr: &SpriteAttributes) -> (usize, usize) {
    let top = i32::from(attr.y_px);
    let first = top.clamp(0, SPRITE_LINES as i32) as usize;
    let end = (top + i32::from(attr.h_px)).clamp(0, SPRITE_LINES as i32) as usize;
    (first, end)
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

/// The per-frame sprite state and the line buffer.
#[derive(Clone, Debug)]
pub struct SpriteRenderer {
    placed: [Placed; SPRITE_COUNT],
    views: Vec<SpriteView>,
    /// Every enabled sprite on each line.
    on_line: LineLists,
    /// Per line, the sprites whose row there has an opaque on-screen pixel.
    drawn_on_line: LineLists,
    /// Per line, the budget units spent by the end of its last sprite if nothing were
    /// cut: that sprite's slot count plus every on-screen row.
    line_units: [u32; SPRITE_LINES],
    /// Distinct patterns of this frame and where their rows start in `pattern_rows`.
    patterns: Vec<(PatternKey, usize)>,
    pattern_rows: Vec<u64>,
    line: LineBuffer,
    /// The line's collision state when no colours are wanted.
    planes: CollisionPlanes,
    /// Per sprite line (bit `l % 64` of word `l / 64`), whether two sprites sharing a
    /// collision-mask bit cover a common 16-px chunk of it: on the other lines no pixel
    /// can collide.
    may_collide: [u64; SPRITE_LINES / 64],
    /// The VRAM span holding the frame's sprite patterns (first and last byte; first >
    /// last when no sprite is enabled).
    pattern_span: (u32, u32),
}

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
            placed: [Placed::default(); SPRITE_COUNT],
            views: Vec::with_capacity(SPRITE_COUNT),
            on_line: LineLists::new(),
            drawn_on_line: LineLists::new(),
            line_units: [0; SPRITE_LINES],
            patterns: Vec::with_capacity(SPRITE_COUNT),
            pattern_rows: Vec::with_capacity(SPRITE_COUNT * 64),
            line: LineBuffer::new(),
            planes: CollisionPlanes::default(),
            pattern_span: (1, 0),
            may_collide: [0; SPRITE_LINES / 64],
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
        self.planes.clear();
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
            placed.cols = bit_range(u32::from(placed.first_col), u32::from(placed.end_col));
            placed.chunks = LineBuffer::chunks_of(
                (x0 + i32::from(placed.first_col)).max(0) as usize,
                (x0 + i32::from(placed.end_col)).max(0) as usize,
            );
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
            enabled += 1;
        }
        self.views.truncate(enabled);
        self.pattern_span = self
            .patterns
            .iter()
            .fold((1, 0), |(first, last), (key, _)| {
                let bytes =
                    u32::from(key.w_px) * u32::from(key.h_px) / if key.bpp8 { 1 } else { 2 };
                let end = key.addr + bytes - 1;
                if end > VRAM_ADDR_MASK {
                    // Wrapping past the end of VRAM: any address may hold it.
                    (0, VRAM_ADDR_MASK)
                } else if first > last {
                    (key.addr, end)
                } else {
                    (first.min(key.addr), last.max(end))
                }
            });

        let placed = &self.placed;
        let mut row_units = [0u32; SPRITE_LINES];
        let mut slots = [0u32; SPRITE_LINES];
        // Per line and mask bit, the line-buffer chunks under sprites with that bit.
        let mut occupied = [[0u64; 4]; SPRITE_LINES];
        self.may_collide = [0; SPRITE_LINES / 64];
        for p in placed.iter().filter(|p| p.view != NO_VIEW) {
            let (first, end) = lines_of(&p.attr);
            let mask = p.attr.collision_mask;
            for line in first..end {
                row_units[line] += p.row_cost;
                slots[line] = u32::from(p.attr.number) + 1;
                if mask == 0 {
                    continue;
                }
                let chunks = &mut occupied[line];
                let mut meets = false;
                for (k, chunk) in chunks.iter_mut().enumerate() {
                    if mask & (1 << k) != 0 {
                        meets |= *chunk & p.chunks != 0;
                        *chunk |= p.chunks;
                    }
                }
                if meets {
                    self.may_collide[line / 64] |= 1 << (line % 64);
                }
            }
        }
        for (units, (rows, slots)) in self.line_units.iter_mut().zip(row_units.iter().zip(&slots)) {
            *units = rows + slots;
        }
        // The full lists are only walked on lines that may overrun.
        if self.line_units.iter().any(|&u| u >= LINE_BUDGET_UNITS) {
            self.on_line.file(placed, |_, _| true);
        } else {
            self.on_line.clear();
        }
        let rows = &self.pattern_rows;
        self.drawn_on_line.file(placed, |p, line| {
            rows.get((line as i32 + p.rows_base) as usize)
                .is_some_and(|bits| bits & p.cols != 0)
        });
    }

    /// Renders sprite line `line` into the (empty) line buffer and returns the collision
    /// bits it detected. With `colours` false only the collision state is kept (the
    /// line buffer's colours are not written) when it gives the same collisions: when
    /// no sprite pattern was written since the frame's line 0 (VRAM marked there), the
    /// opaque pixels taken there are the pixels the buffer would draw now (see `plot`).
    pub fn render_line(
        &mut self,
        vram: &Vram,
        line: u16,
        hidden_adds_mask: bool,
        colours: bool,
    ) -> u8 {
        let (first, last) = self.pattern_span;
        let target = if colours || vram.written_within(first, last) {
            Target::Pixels { hidden_adds_mask }
        } else {
            Target::Planes { hidden_adds_mask }
        };
        let within_budget = self
            .line_units
            .get(usize::from(line))
            .is_some_and(|&units| units < LINE_BUDGET_UNITS);
        if within_budget {
            if let Target::Planes { .. } = target {
                let l = usize::from(line) % SPRITE_LINES;
                if self.may_collide[l / 64] & (1 << (l % 64)) == 0 {
                    // Only collisions are kept, and none can happen here.
                    return 0;
                }
            }
            self.render_drawn_rows(vram, line, target)
        } else {
            self.render_with_budget(vram, line, target)
        }
    }

    /// A line that fits the budget: only the rows with opaque on-screen pixels.
    fn render_drawn_rows(&mut self, vram: &Vram, line: u16, target: Target) -> u8 {
        let mut collisions = 0u8;
        for &number in self.drawn_on_line.on(usize::from(line)) {
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
    fn render_with_budget(&mut self, vram: &Vram, line: u16, target: Target) -> u8 {
        let mut budget = LineBudget::new();
        let mut collisions = 0u8;
        for &number in self.on_line.on(usize::from(line)) {
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
