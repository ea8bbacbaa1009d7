//! The strip layout: choosing the strip height, counting-sorting boxes into every strip they
//! cover, and sweeping the strips one by one.

use crate::cost::Cost;
use crate::method::Pair;

use super::lanes::{Coord, Lanes, Rec, SortScratch};
use super::sort::sort_strip;
use super::{Bounds, Raw};

/// Room left around the frame's bounds when laying out strips, so that the next frame's
/// boxes, having moved a little, still fit the same layout (see `fused`).
const MARGIN_PX: u64 = 64;

/// How the frame is cut into strips.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    /// The origin of relative coordinates.
    pub min_x: i64,
    pub min_y: i64,
    /// Relative coordinates (box ends included) lie below `2^x_bits` and `2^y_bits`.
    pub x_bits: u32,
    pub y_bits: u32,
    /// Strip height `H = 2^shift` pixels.
    pub shift: u32,
    pub strips: usize,
    /// Copies per 256 boxes when the layout was chosen (see [`Layout::still_suits`]).
    pub copies_256: u64,
}

/// The strip height for boxes of total height `sum_h`, `n` boxes: the power of two at or
/// above four times the mean height. A box then covers about 1.2 strips; taller strips hold
/// more `x` neighbours, shorter ones more copies of each box.
fn natural_shift(sum_h: u64, n: usize) -> u32 {
    let mean_h = sum_h.div_ceil(n.max(1) as u64).max(1);
    64 - (4 * mean_h - 1).leading_zeros()
}

/// The bit length of `v`: `v < 2^bits`.
fn bits(v: u64) -> u32 {
    64 - v.leading_zeros()
}

/// `2^b - 1`, for `b <= 64`.
fn room(b: u32) -> u64 {
    u64::MAX >> (64 - b.max(1))
}

impl Layout {
    /// Strips of [`natural_shift`] height, their count capped near the box count
    /// (`max(64, 2n)`) so neither a sparse nor a huge world allocates more. The relative
    /// coordinates get a power-of-two range of at most `max_bits` bits, with the frame's
    /// bounds centred in it: at least [`MARGIN_PX`] of room on each side when it fits.
    pub fn choose(b: &Bounds, n: usize, max_bits: u32) -> Layout {
        let span_x = (b.max_x_end - b.min_x) as u64;
        let span_y = (b.max_y_end - b.min_y) as u64;
        let x_bits = bits(span_x.saturating_add(2 * MARGIN_PX)).min(max_bits);
        let y_bits = bits(span_y.saturating_add(2 * MARGIN_PX)).min(max_bits);
        let (x_room, y_room) = (room(x_bits), room(y_bits));
        let mut shift = natural_shift(b.sum_h, n);
        let cap = (2 * n as u64).max(64);
        while ((y_room - 1) >> shift) + 1 > cap {
            shift += 1;
        }
        Layout {
            min_x: b.min_x - ((x_room - span_x) / 2) as i64,
            min_y: b.min_y - ((y_room - span_y) / 2) as i64,
            x_bits,
            y_bits,
            shift,
            strips: (((y_room - 1) >> shift) + 1) as usize,
            copies_256: 0,
        }
    }

    /// True while a frame of `kept` boxes that made `copies` copies, `used` strips holding
    /// any, is still well served: about as many copies per box as when the layout was
    /// chosen (the boxes' heights did not change much) and at least half the strips in use
    /// (the world did not shrink).
    pub fn still_suits(&self, copies: u64, kept: usize, used: usize) -> bool {
        let c256 = copies * 256 / kept.max(1) as u64;
        c256.abs_diff(self.copies_256) <= 32 && 2 * used + 8 >= self.strips
    }
}

/// Room per strip beyond last frame's count, on top of a quarter more: enough that a strip
/// of random boxes (a Poisson count) outgrows it about never.
const SLACK_BOXES: u32 = 32;

/// Buffers of the strip sweep for one lane width, kept between frames.
#[derive(Debug, Default)]
pub(crate) struct Strips<C: Coord> {
    /// Boxes per strip (one more entry than strips).
    pub(super) counts: Vec<u32>,
    /// Where each strip's boxes begin; every strip has one spare slot after its boxes.
    pub(super) starts: Vec<u32>,
    pub(super) cursor: Vec<u32>,
    pub(super) recs: Vec<Rec<C>>,
    scratch: SortScratch<C>,
    lanes: Lanes<C>,
    /// The layout of the last frame and room per strip, for the next frame's single pass.
    pub(super) guess: Option<Layout>,
    pub(super) caps: Vec<u32>,
}

impl<C: Coord> Strips<C> {
    /// Lays out the strips for `raw` (non-empty, colliding boxes whose relative spans fit
    /// `C`) and copies the boxes into them; the strips are then ready to sweep.
    pub fn stage(&mut self, raw: &[Raw], bounds: &Bounds, cost: &mut Cost) -> Layout {
        let mut layout = Layout::choose(bounds, raw.len(), C::BITS);
        let copies = self.scatter(raw, &layout);
        cost.list_writes += copies;
        layout.copies_256 = copies * 256 / raw.len().max(1) as u64;
        self.remember(layout);
        layout
    }

    /// Keeps `layout` and this frame's strip counts, with slack, for the next frame.
    pub(super) fn remember(&mut self, layout: Layout) {
        self.guess = Some(layout);
        self.caps.clear();
        self.caps
            .extend(self.counts.iter().map(|&c| c + c / 4 + SLACK_BOXES));
    }

    /// Counting sort of boxes into every strip they cover. Returns the copies written.
    ///
    /// A box at most one strip tall covers one or two strips: its second copy is written
    /// whether or not it exists and the cursor advances only if it does (no branch on
    /// data); the spare slot of every strip absorbs that write. Taller boxes loop.
    pub fn scatter(&mut self, raw: &[Raw], l: &Layout) -> u64 {
        let k = l.shift;
        let strip_h = 1u64 << k;
        self.counts.clear();
        self.counts.resize(l.strips + 1, 0);
        let counts = &mut self.counts[..];
        for r in raw {
            let top = (i64::from(r.y) - l.min_y) as u64;
            let s0 = (top >> k) as usize;
            let s1 = ((top + u64::from(r.h) - 1) >> k) as usize;
            counts[s0] += 1;
            if u64::from(r.h) <= strip_h {
                counts[s0 + 1] += (s1 - s0) as u32;
            } else {
                for c in &mut counts[s0 + 1..=s1] {
                    *c += 1;
                }
            }
        }
        self.starts.clear();
        let mut sum = 0u32;
        for &c in counts.iter() {
            self.starts.push(sum);
            sum += c + 1;
        }
        self.starts.push(sum);
        self.cursor.clear();
        self.cursor.extend_from_slice(&self.starts);
        // Grown, never cleared: each strip reads back only the slots written this frame.
        if self.recs.len() < sum as usize {
            self.recs.resize(sum as usize, Rec::default());
        }
        let (cursor, recs) = (&mut self.cursor[..], &mut self.recs[..]);
        for r in raw {
            let top = (i64::from(r.y) - l.min_y) as u64;
            let x0 = (i64::from(r.x) - l.min_x) as u64;
            let bottom = top + u64::from(r.h);
            let s0 = (top >> k) as usize;
            let s1 = ((bottom - 1) >> k) as usize;
            let rec = Rec::new(
                C::from_rel(x0),
                C::from_rel(x0 + u64::from(r.w)),
                C::from_rel(top),
                C::from_rel(bottom),
                r.idx,
            );
            recs[cursor[s0] as usize] = rec;
            cursor[s0] += 1;
            if u64::from(r.h) <= strip_h {
                recs[cursor[s0 + 1] as usize] = rec;
                cursor[s0 + 1] += (s1 - s0) as u32;
            } else {
                for s in s0 + 1..=s1 {
                    recs[cursor[s] as usize] = rec;
                    cursor[s] += 1;
                }
            }
        }
        u64::from(sum) - self.counts.len() as u64
    }

    /// Sorts each strip by `x0` and sweeps it, writing pairs to `pairs[..]`; returns how
    /// many.
    pub fn sweep_strips(&mut self, l: &Layout, pairs: &mut Vec<Pair>, cost: &mut Cost) -> usize {
        let staged = Staged {
            recs: &self.recs,
            starts: &self.starts,
            counts: &self.counts,
            layout: l,
        };
        staged.sweep(0..l.strips, &mut self.lanes, &mut self.scratch, pairs, cost)
    }

    /// The staged strips, read-only (shared by parallel sweeps).
    #[cfg(feature = "parallel")]
    pub fn staged<'a>(&'a self, l: &'a Layout) -> Staged<'a, C> {
        Staged {
            recs: &self.recs,
            starts: &self.starts,
            counts: &self.counts,
            layout: l,
        }
    }
}

/// Strips ready to sweep.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Staged<'a, C: Coord> {
    recs: &'a [Rec<C>],
    starts: &'a [u32],
    pub counts: &'a [u32],
    pub layout: &'a Layout,
}

impl<C: Coord> Staged<'_, C> {
    /// Sorts and sweeps the strips of `range`, writing pairs to `pairs[..]`; returns how
    /// many.
    pub fn sweep(
        &self,
        range: std::ops::Range<usize>,
        lanes: &mut Lanes<C>,
        scratch: &mut SortScratch<C>,
        pairs: &mut Vec<Pair>,
        cost: &mut Cost,
    ) -> usize {
        let mut cnt = 0usize;
        for s in range {
            let (start, count) = (self.starts[s] as usize, self.counts[s] as usize);
            if count < 2 {
                continue;
            }
            let strip = &self.recs[start..start + count];
            sort_strip(strip, lanes, scratch, self.layout.x_bits);
            let top = C::from_rel((s as u64) << self.layout.shift);
            cnt = lanes.sweep(top, pairs, cnt, cost);
        }
        cnt
    }
}
