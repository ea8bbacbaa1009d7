//! What the driver asks of a chip and what the chip drew: the one sprite view every layer
//! above the machines reads (number, box, opaque rows, the lines not drawn and why).

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use collide::{OpaqueMask, PxBox};

/// A sprite as the scene wants it shown this frame, before any chip encoding.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HwSprite {
    /// Left edge in screen pixels.
    pub x_px: i32,
    /// Top edge in screen pixels.
    pub y_px: i32,
    /// Width in pixels.
    pub w_px: u16,
    /// Height in pixels.
    pub h_px: u16,
    /// Genesis tile index, MSX pattern number, VERA bitmap address.
    pub pattern: u32,
    /// Genesis palette line, MSX colour, VERA palette offset.
    pub colour: u8,
    /// Mirror left-right.
    pub hflip: bool,
    /// Mirror top-bottom.
    pub vflip: bool,
    /// VERA 8 bpp.
    pub bpp8: bool,
    /// VERA z-depth.
    pub z: u8,
    /// VERA collision mask, as in byte 6 (bits 7-4).
    pub collision_mask: u8,
}

/// Why a chip did not draw (some lines of) a sprite.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum NotDrawn {
    /// Over the per-line sprite count (Genesis 16/20, MSX 4).
    LineLimit,
    /// Over the Genesis per-line pixel budget.
    PixelBudget,
    /// Hidden by a Genesis X = 0 masking sprite.
    Masked,
    /// Outside the active area.
    OffScreen,
    /// Cut by VERA's per-line work budget.
    BudgetCut,
    /// On a line where the display was disabled (Genesis register 1 bit 6 clear): the chip
    /// processes no sprite there.
    DisplayDisabled,
}

impl NotDrawn {
    /// A phrase for reports.
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Self::LineLimit => "dropped by the per-line sprite limit",
            Self::PixelBudget => "cut by the per-line pixel budget",
            Self::Masked => "masked by an X = 0 sprite",
            Self::OffScreen => "off the active area",
            Self::BudgetCut => "cut by the line work budget",
            Self::DisplayDisabled => "not shown: the display was disabled",
        }
    }
}

/// One sprite as the chip saw it in the last frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpriteView {
    /// The chip's sprite number.
    pub number: u32,
    /// Screen box (half-open).
    pub bbox: PxBox,
    /// Opaque pixels over the box.
    pub mask: Arc<OpaqueMask>,
    /// VERA collision mask (byte 6 bits 7-4); 0 elsewhere.
    pub collision_mask: u8,
    /// VERA z-depth; 0 elsewhere.
    pub z: u8,
    /// Lines on which the chip did not draw it, by reason: the screen lines, as runs.
    pub not_drawn: Vec<(NotDrawn, Lines)>,
    /// The chip drew at least one of its opaque pixels.
    pub drawn: bool,
    /// Attribute fields a program file can choose objects by (`None` where the chip's
    /// sprites have no such field).
    pub fields: SpriteFields,
    /// The screen lines this entry was shown on, when the sprite changed during the
    /// display: the chip read its attributes line by line, and each distinct position (or
    /// size, pattern, mask) is one entry with its own first and last line, its box and
    /// opaque rows clipped to them. `None`: the same on every line of the frame.
    pub lines: Option<LineSpan>,
}

impl SpriteView {
    /// Entry `n` of a list refilled in place each frame (`out[..n]` already this
    /// frame's), pushed as a blank one when the list is that short, its number and box set.
    pub fn refill_at(out: &mut Vec<Self>, n: usize, number: u32, bbox: PxBox) -> &mut Self {
        if out.len() == n {
            out.push(Self::blank(number, bbox));
        }
        let s = &mut out[n];
        s.number = number;
        s.bbox = bbox;
        s
    }

    /// Sprite `number` over `bbox`, fully transparent, drawn on every line, no attribute
    /// field: the entry a chip's view fills in ([`SpriteView::set_mask_rows`] and the rest).
    #[must_use]
    pub fn blank(number: u32, bbox: PxBox) -> Self {
        Self::blank_with(number, bbox, Arc::new(OpaqueMask::new(bbox.w, bbox.h)))
    }

    /// [`Self::blank`] with `mask`, already fully transparent over `bbox`.
    fn blank_with(number: u32, bbox: PxBox, mask: Arc<OpaqueMask>) -> Self {
        Self {
            number,
            bbox,
            mask,
            collision_mask: 0,
            z: 0,
            not_drawn: Vec::new(),
            drawn: true,
            fields: SpriteFields::default(),
            lines: None,
        }
    }

    /// Sets the opaque pixels to `rows` over `w_px` x `h_px` (one word a row, bit i =
    /// column i, as [`mask_from_rows`]). A mask that already shows those rows is kept (the
    /// objects of earlier frames may share it); one nothing else holds is rewritten in
    /// place; otherwise a new one is made. The result equals [`mask_from_rows`]'s.
    #[inline]
    pub fn set_mask_rows(&mut self, w_px: u16, h_px: u16, rows: &[u64]) {
        if !self.keep_or_rewrite_mask(w_px, h_px, rows) {
            self.mask = Arc::new(mask_from_rows(w_px, h_px, rows));
        }
    }

    /// [`Self::set_mask_rows`], taking a new mask from `pool` when the one it has is shared
    /// and shows other rows, and giving that one to the pool: a sprite shown in turns in
    /// two states, or entries moved up or down the list, trade masks with the pool instead
    /// of allocating. The result equals [`mask_from_rows`]'s.
    #[inline]
    pub fn set_mask_rows_pooled(
        &mut self,
        w_px: u16,
        h_px: u16,
        rows: &[u64],
        pool: &mut MaskPool,
    ) {
        if self.keep_or_rewrite_mask(w_px, h_px, rows) {
            return;
        }
        let fresh = match pool.take_unshared() {
            Some(mut mask) => {
                // Nothing else holds it: rewritten in place, not copied.
                Arc::make_mut(&mut mask).set_row_bits(w_px, h_px, rows);
                mask
            }
            None => Arc::new(mask_from_rows(w_px, h_px, rows)),
        };
        pool.give(std::mem::replace(&mut self.mask, fresh));
    }

    /// Keeps the mask if it shows `rows` already, or rewrites it in place if nothing else
    /// holds it; `false` when it is shared and shows other rows (a new one is needed).
    #[inline]
    fn keep_or_rewrite_mask(&mut self, w_px: u16, h_px: u16, rows: &[u64]) -> bool {
        if self.mask.is_row_bits(w_px, h_px, rows) {
            return true;
        }
        match Arc::get_mut(&mut self.mask) {
            Some(mask) => {
                mask.set_row_bits(w_px, h_px, rows);
                true
            }
            None => false,
        }
    }

    /// Sets the lines the chip did not draw the sprite on to `lines` (increasing) for
    /// `reason` alone, or to none when `lines` is empty, keeping the list's storage while
    /// it has lines.
    pub fn set_not_drawn(&mut self, reason: NotDrawn, lines: impl IntoIterator<Item = i32>) {
        self.not_drawn.truncate(1);
        match self.not_drawn.first_mut() {
            Some((why, kept)) => {
                *why = reason;
                kept.set_increasing(lines);
            }
            None => self.not_drawn.push((reason, Lines::from_increasing(lines))),
        }
        if self.not_drawn[0].1.is_empty() {
            self.not_drawn.clear();
        }
    }
}

/// Spare masks, for a view or objects rebuilt every frame while the frame before's still
/// share their masks: a mask given back ([`MaskPool::give`]: a chip view's, let go of by
/// [`SpriteView::set_mask_rows_pooled`]) or lent ([`MaskPool::lend`]: a merged object's)
/// is rewritten in place once the pool alone holds it. A copy of the pool starts empty:
/// the masks are storage, not state.
#[derive(Debug, Default)]
pub struct MaskPool {
    masks: Vec<Arc<OpaqueMask>>,
}

impl MaskPool {
    /// Masks kept at most: more than the sprites of the largest chip (VERA's 128) shown in
    /// two states.
    const MAX: usize = 256;

    /// Where the pool has a mask nothing else holds.
    fn unshared(&mut self) -> Option<usize> {
        self.masks
            .iter_mut()
            .position(|m| Arc::get_mut(m).is_some())
    }

    /// A mask nothing else holds, if the pool has one.
    fn take_unshared(&mut self) -> Option<Arc<OpaqueMask>> {
        let at = self.unshared()?;
        Some(self.masks.swap_remove(at))
    }

    /// A mask filled by `fill`, that the pool keeps a handle on: once nothing else holds
    /// it, it is filled and lent again. For masks made for one frame only (a merged
    /// object's), which nothing else would give back.
    pub fn lend(&mut self, fill: impl FnOnce(&mut OpaqueMask)) -> Arc<OpaqueMask> {
        let at = match self.unshared() {
            Some(at) => at,
            None if self.masks.len() < Self::MAX => {
                self.masks.push(Arc::new(OpaqueMask::new(0, 0)));
                self.masks.len() - 1
            }
            None => {
                let mut mask = Arc::new(OpaqueMask::new(0, 0));
                fill(Arc::make_mut(&mut mask));
                return mask;
            }
        };
        fill(Arc::make_mut(&mut self.masks[at]));
        Arc::clone(&self.masks[at])
    }

    /// Keeps `mask` for later (dropped when the pool is full).
    pub fn give(&mut self, mask: Arc<OpaqueMask>) {
        if self.masks.len() < Self::MAX {
            self.masks.push(mask);
        }
    }

    /// Entry `n` of `out` as [`SpriteView::refill_at`] gives it, a new entry's mask taken
    /// from the pool when it has one nothing else holds.
    pub fn refill_at<'v>(
        &mut self,
        out: &'v mut Vec<SpriteView>,
        n: usize,
        number: u32,
        bbox: PxBox,
    ) -> &'v mut SpriteView {
        if out.len() == n
            && let Some(mut mask) = self.take_unshared()
        {
            // Nothing else holds it: cleared in place, not copied.
            Arc::make_mut(&mut mask).set_row_bits(bbox.w, bbox.h, &[]);
            out.push(SpriteView::blank_with(number, bbox, mask));
        }
        SpriteView::refill_at(out, n, number, bbox)
    }

    /// Cuts `out` to `n` entries, keeping the masks of those cut.
    pub fn truncate(&mut self, out: &mut Vec<SpriteView>, n: usize) {
        for s in out.drain(n.min(out.len())..) {
            self.give(s.mask);
        }
    }
}

impl Clone for MaskPool {
    fn clone(&self) -> Self {
        Self::default()
    }
}

/// A [`MaskPool`] for a machine whose view is built from `&self`: a save state of the
/// machine must be shareable between threads, so a lock rather than a cell. Taken once a
/// frame, by the one thread running the machine.
#[derive(Debug, Default)]
pub struct MaskPoolCell(Mutex<MaskPool>);

impl MaskPoolCell {
    /// The pool (a panic while it was held left only spare storage behind).
    pub fn lock(&self) -> MutexGuard<'_, MaskPool> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Clone for MaskPoolCell {
    fn clone(&self) -> Self {
        Self::default()
    }
}

/// Screen lines `first..=last` (top line 0) over which one sprite entry was shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LineSpan {
    /// The first screen line.
    pub first: u16,
    /// The last screen line (inclusive).
    pub last: u16,
}

/// A set of screen lines as runs of consecutive lines, in increasing order (a line may be
/// negative or past the active area for [`NotDrawn::OffScreen`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Lines {
    /// `(first, last)`, inclusive, increasing and not touching.
    runs: Vec<(i32, i32)>,
}

impl Lines {
    /// No line.
    #[must_use]
    pub const fn new() -> Self {
        Self { runs: Vec::new() }
    }

    /// Lines from an increasing sequence.
    #[must_use]
    pub fn from_increasing(lines: impl IntoIterator<Item = i32>) -> Self {
        let mut l = Self::new();
        for line in lines {
            l.push(line);
        }
        l
    }

    /// Sets the lines to an increasing sequence, keeping the storage.
    pub fn set_increasing(&mut self, lines: impl IntoIterator<Item = i32>) {
        self.runs.clear();
        for line in lines {
            self.push(line);
        }
    }

    /// Adds `line`, at or after the last one added (an equal line is kept once).
    pub fn push(&mut self, line: i32) {
        match self.runs.last_mut() {
            Some((_, last)) if line <= *last + 1 => *last = (*last).max(line),
            _ => self.runs.push((line, line)),
        }
    }

    /// The runs, `(first, last)` inclusive.
    #[must_use]
    pub fn runs(&self) -> &[(i32, i32)] {
        &self.runs
    }

    /// How many lines.
    #[must_use]
    pub fn count(&self) -> u32 {
        self.runs.iter().map(|(a, b)| (b - a + 1) as u32).sum()
    }

    /// Whether there is no line.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.runs.is_empty()
    }

    /// Whether `line` is one of them.
    #[must_use]
    pub fn contains(&self, line: i32) -> bool {
        self.runs.iter().any(|&(a, b)| (a..=b).contains(&line))
    }

    /// The lines of `self` also in `other`.
    #[must_use]
    pub fn intersection(&self, other: &Self) -> Self {
        let mut out = Self::new();
        for &(a, b) in &self.runs {
            for &(c, d) in &other.runs {
                let (from, to) = (a.max(c), b.min(d));
                if from <= to {
                    out.runs.push((from, to));
                }
            }
        }
        out.runs.sort_unstable();
        out
    }
}

impl std::fmt::Display for Lines {
    /// `line 40`, `lines 40-47`, `lines 40-47, 60-63`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let single = matches!(self.runs[..], [(a, b)] if a == b);
        f.write_str(if single { "line " } else { "lines " })?;
        for (i, &(a, b)) in self.runs.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            if a == b {
                write!(f, "{a}")?;
            } else {
                write!(f, "{a}-{b}")?;
            }
        }
        Ok(())
    }
}

/// Attribute fields of one sprite as the chip read them, for choosing objects by
/// attribute (specs/programs.md, "objects"); each is `None` on a chip without it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SpriteFields {
    /// The palette the sprite's colours come from: VERA's palette offset (0-15), the
    /// Genesis palette line (0-3), the TMS9918's colour (0-15).
    pub palette: Option<u8>,
    /// Where its pattern is: VERA's pattern address in VRAM (bytes), the Genesis
    /// pattern index of its first cell.
    pub pattern: Option<u32>,
    /// VERA's 4-bit collision mask (attribute byte 6 bits 7-4, as a value 0-15).
    pub collision_mask: Option<u8>,
    /// The priority the chip gives the sprite against the planes: the Genesis priority bit
    /// (0-1), VERA's z-depth (0-3); `None` on the TMS9918, whose sprites are always in front
    /// (their order among themselves is the sprite number).
    pub priority: Option<u8>,
    /// The Genesis link field: the next sprite in the list (0 ends it).
    pub link: Option<u8>,
}

/// Columns `0..w` of a row that fall on screen columns `0..screen_w` for a sprite at `x`.
#[must_use]
pub fn on_screen_cols(x: i32, w: u16, screen_w: u16) -> u64 {
    let first = (-x).clamp(0, 64) as u32;
    let end = (i32::from(screen_w) - x).clamp(0, i32::from(w.min(64))) as u32;
    if end <= first {
        return 0;
    }
    let ones = |n: u32| if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
    ones(end) & !ones(first)
}

/// An opaque mask from a chip's rows (one `u64` per row, bit i = column i from the left).
#[must_use]
pub fn mask_from_rows(w_px: u16, h_px: u16, rows: &[u64]) -> OpaqueMask {
    let mut mask = OpaqueMask::new(w_px, h_px);
    for (row, &bits) in (0u16..).zip(rows.iter().take(usize::from(h_px))) {
        mask.or_row_bits(row, bits);
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_keep_runs_and_say_them() {
        let l = Lines::from_increasing([40, 41, 42, 47, 47, 48]);
        assert_eq!(l.runs(), [(40, 42), (47, 48)]);
        assert_eq!(l.count(), 5);
        assert!(l.contains(48) && !l.contains(43));
        assert_eq!(l.to_string(), "lines 40-42, 47-48");
        assert_eq!(Lines::from_increasing([7]).to_string(), "line 7");
        let other = Lines::from_increasing(41..=47);
        assert_eq!(l.intersection(&other).runs(), [(41, 42), (47, 47)]);
        assert!(l.intersection(&Lines::new()).is_empty());
    }
}
