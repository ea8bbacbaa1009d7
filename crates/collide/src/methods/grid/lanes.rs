//! The sweep of one strip: its boxes sorted by left edge in structure-of-arrays lanes, each
//! box tested against the next [`WINDOW`] boxes.
//!
//! The tests run offset by offset over blocks of 64 boxes: for a fixed offset `k` the test
//! of box `i` against box `i + k` reads every lane contiguously, so the compiler turns the
//! block into vector compares; the 64 verdicts are packed into one `u64` and only its set
//! bits (the pairs found) are visited. A box with more `x` neighbours than the window takes
//! a scalar loop, found the same way.

use crate::cost::Cost;
use crate::method::Pair;

use super::{COMPARISONS_PER_TEST, grow_pairs};

/// Boxes after each box that are always tested. A strip of uniform drift holds about 0.7
/// boxes per box width, so more than this many `x` neighbours is rare.
pub(crate) const WINDOW: usize = 3;

/// Boxes per block of verdicts (one `u64` of hit bits).
const BLOCK: usize = 64;

/// Sentinel lanes after the last box: a whole block plus the window and the overflow probe.
pub(crate) const PAD: usize = BLOCK + WINDOW + 1;

/// Lane coordinates: relative pixel positions, as narrow as the frame's spans allow.
pub(crate) trait Coord:
    Copy + Ord + Default + Send + Sync + std::fmt::Debug + 'static
{
    /// Larger than any box end, so a sentinel never overlaps.
    const MAX: Self;
    /// Bits of the lane type.
    const BITS: u32;
    /// Back to 64 bits.
    fn to_u64(self) -> u64;
    /// Two coordinates (start, end) in one word of twice the width, so that a record is
    /// written with few stores.
    type Span: Copy + Default + Send + Sync + std::fmt::Debug + 'static;
    fn span(lo: Self, hi: Self) -> Self::Span;
    fn lo(s: Self::Span) -> Self;
    fn hi(s: Self::Span) -> Self;
    /// One past the last position of the bucket holding `x1 - 1`, buckets being `2^shift`
    /// wide (`x1` itself for `shift == 0`), at most `MAX`.
    #[inline(always)]
    fn bucket_end(x1: Self, shift: u32) -> Self {
        let end = (((x1.to_u64() - 1) >> shift) + 1) << shift;
        Self::from_rel(end.min(Self::MAX.to_u64()))
    }
    /// A one-pass bucket sort of strips by `x0`, where the lane type has one.
    const BUCKET_SORT: Option<BucketSort<Self>>;
    /// A relative position known to fit.
    fn from_rel(v: u64) -> Self;
}

/// Sorts `src` by `x0` (or by `x0`'s bucket, see [`Lanes::bucket_shift`]) into `lanes`;
/// `x_bits` is the bit length of the frame's largest `x0`.
pub(crate) type BucketSort<C> = fn(&[Rec<C>], &mut Lanes<C>, &mut SortScratch<C>, u32);

/// Buffers of the strip sort, kept between frames.
#[derive(Debug, Default)]
pub(crate) struct SortScratch<C: Coord> {
    pub tmp: Vec<Rec<C>>,
    pub count: Vec<u32>,
}

macro_rules! coord {
    ($t:ty, $span:ty, $bucket:expr) => {
        impl Coord for $t {
            type Span = $span;
            #[inline(always)]
            fn span(lo: Self, hi: Self) -> $span {
                <$span>::from(lo) | <$span>::from(hi) << <$t>::BITS
            }
            #[inline(always)]
            fn lo(s: $span) -> Self {
                s as $t
            }
            #[inline(always)]
            fn hi(s: $span) -> Self {
                (s >> <$t>::BITS) as $t
            }
            const MAX: Self = <$t>::MAX;
            const BITS: u32 = <$t>::BITS;
            const BUCKET_SORT: Option<BucketSort<Self>> = $bucket;
            #[inline(always)]
            fn to_u64(self) -> u64 {
                u64::from(self)
            }
            #[inline(always)]
            fn from_rel(v: u64) -> Self {
                debug_assert!(v <= u64::from(<$t>::MAX));
                v as $t
            }
        }
    };
}
coord!(u16, u32, Some(super::sort::bucket_u16));
coord!(u32, u64, None);
coord!(u64, u128, None);

/// One box in relative coordinates, half-open: `x = (x0, x1)`, `y = (y0, y1)`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Rec<C: Coord> {
    pub x: C::Span,
    pub y: C::Span,
    pub idx: u32,
}

impl<C: Coord> Rec<C> {
    #[inline(always)]
    pub fn new(x0: C, x1: C, y0: C, y1: C, idx: u32) -> Self {
        Rec {
            x: C::span(x0, x1),
            y: C::span(y0, y1),
            idx,
        }
    }
    #[inline(always)]
    pub fn x0(&self) -> C {
        C::lo(self.x)
    }
    #[inline(always)]
    pub fn x1(&self) -> C {
        C::hi(self.x)
    }
    #[inline(always)]
    pub fn y0(&self) -> C {
        C::lo(self.y)
    }
    #[inline(always)]
    pub fn y1(&self) -> C {
        C::hi(self.y)
    }
}

/// One strip sorted by `x0`, as structure of arrays, followed by [`PAD`] sentinels.
///
/// The order is by `x0 >> bucket_shift`: exact for shift 0, else boxes within one bucket
/// come in any order. The sweep handles both: it tests both `x` ends, and follows a box's
/// neighbours up to the end of the bucket holding its last column.
#[derive(Debug, Default)]
pub(crate) struct Lanes<C: Coord> {
    pub bucket_shift: u32,
    pub x0: Vec<C>,
    pub x1: Vec<C>,
    pub y0: Vec<C>,
    pub y1: Vec<C>,
    pub idx: Vec<u32>,
    pub len: usize,
}

impl<C: Coord> Lanes<C> {
    /// Makes room for `n` boxes plus padding; the caller writes `[..n]`.
    pub fn prepare(&mut self, n: usize) {
        let padded = n + PAD;
        for lane in [&mut self.x0, &mut self.x1, &mut self.y0, &mut self.y1] {
            if lane.len() < padded {
                lane.resize(padded, C::MAX);
            }
        }
        if self.idx.len() < padded {
            self.idx.resize(padded, 0);
        }
        self.len = n;
    }

    /// Writes the sentinels after the `len` boxes.
    pub fn seal(&mut self) {
        let (n, padded) = (self.len, self.len + PAD);
        self.x0[n..padded].fill(C::MAX);
        self.x1[n..padded].fill(C::MAX);
        self.y0[n..padded].fill(C::MAX);
        self.y1[n..padded].fill(C::MAX);
        self.idx[n..padded].fill(0);
    }

    /// Fills the lanes from records already sorted by `x0`.
    pub fn load_sorted(&mut self, recs: &[Rec<C>]) {
        self.prepare(recs.len());
        self.bucket_shift = 0;
        for (o, r) in recs.iter().enumerate() {
            self.x0[o] = r.x0();
            self.x1[o] = r.x1();
            self.y0[o] = r.y0();
            self.y1[o] = r.y1();
            self.idx[o] = r.idx;
        }
        self.seal();
    }

    /// Tests every box of the strip against the boxes after it that start before it ends,
    /// keeping the pairs that overlap and whose overlap's top row lies in this strip
    /// (`max(y0) >= strip_top`, i.e. one of the two boxes starts here). Writes pairs at
    /// `pairs[cnt..]` and returns the new count.
    #[inline(never)]
    pub fn sweep(
        &self,
        strip_top: C,
        pairs: &mut Vec<Pair>,
        mut cnt: usize,
        cost: &mut Cost,
    ) -> usize {
        let n = self.len;
        let mut tests = 0u64;
        let mut base = 0;
        while base < n {
            let live = if n - base >= BLOCK {
                u64::MAX
            } else {
                (1u64 << (n - base)) - 1
            };
            if cnt + BLOCK * (WINDOW + 1) > pairs.len() {
                grow_pairs(pairs, cnt + BLOCK * (WINDOW + 1));
            }
            let a = self.block(base, 0);
            for k in 1..=WINDOW {
                let mut hits = verdicts(&a, &self.block(base, k), strip_top) & live;
                while hits != 0 {
                    let i = base + hits.trailing_zeros() as usize;
                    hits &= hits - 1;
                    let (p, q) = (self.idx[i], self.idx[i + k]);
                    pairs[cnt] = Pair {
                        a: p.min(q),
                        b: p.max(q),
                    };
                    cnt += 1;
                }
            }
            tests += (WINDOW as u64) * u64::from(live.count_ones());
            let next_x0 = &self.x0[base + WINDOW + 1..base + WINDOW + 1 + BLOCK];
            let mut longer = beyond(&a, next_x0, self.bucket_shift) & live;
            while longer != 0 {
                let i = base + longer.trailing_zeros() as usize;
                longer &= longer - 1;
                let (before, c) = self.scan_on(i, strip_top, pairs, cnt);
                tests += before;
                cnt = c;
            }
            base += BLOCK;
        }
        cost.pair_tests += tests;
        cost.comparisons += tests * COMPARISONS_PER_TEST;
        cnt
    }

    /// The lanes of boxes `base + k .. base + k + BLOCK`.
    #[inline(always)]
    fn block(&self, base: usize, k: usize) -> Block<'_, C> {
        let r = base + k..base + k + BLOCK;
        Block {
            x0: &self.x0[r.clone()],
            x1: &self.x1[r.clone()],
            y0: &self.y0[r.clone()],
            y1: &self.y1[r],
        }
    }

    /// Box `i`'s neighbours past the window, one by one (rare). Returns the tests made and
    /// the new pair count.
    #[cold]
    fn scan_on(
        &self,
        i: usize,
        strip_top: C,
        pairs: &mut Vec<Pair>,
        mut cnt: usize,
    ) -> (u64, usize) {
        let (ax0, ax1, ay0, ay1) = (self.x0[i], self.x1[i], self.y0[i], self.y1[i]);
        let reach = C::bucket_end(ax1, self.bucket_shift);
        let mut tests = 0;
        let mut j = i + WINDOW + 1;
        while j < self.len && self.x0[j] < reach {
            tests += 1;
            let (bx0, bx1, by0, by1) = (self.x0[j], self.x1[j], self.y0[j], self.y1[j]);
            let meet = bx0 < ax1 && ax0 < bx1 && by0 < ay1 && ay0 < by1;
            if meet && (ay0 >= strip_top || by0 >= strip_top) {
                if cnt >= pairs.len() {
                    grow_pairs(pairs, cnt + 1);
                }
                pairs[cnt] = Pair::new(self.idx[i], self.idx[j]);
                cnt += 1;
            }
            j += 1;
        }
        (tests, cnt)
    }
}

/// Lanes of one block of 64 boxes.
struct Block<'a, C> {
    x0: &'a [C],
    x1: &'a [C],
    y0: &'a [C],
    y1: &'a [C],
}

/// Bit `b`: box `b` of `a` overlaps box `b` of `b` (which follows it in `x` order) and the
/// overlap's top row is in this strip. Branch-free, so the block vectorises.
#[inline(always)]
fn verdicts<C: Coord>(a: &Block<'_, C>, b: &Block<'_, C>, strip_top: C) -> u64 {
    let mut bytes = [0u8; BLOCK];
    for (t, out) in bytes.iter_mut().enumerate() {
        let hit = (b.x0[t] < a.x1[t])
            & (a.x0[t] < b.x1[t])
            & (b.y0[t] < a.y1[t])
            & (a.y0[t] < b.y1[t])
            & ((a.y0[t] >= strip_top) | (b.y0[t] >= strip_top));
        *out = u8::from(hit);
    }
    pack(&bytes)
}

/// Bit `b`: the box [`WINDOW`] + 1 places after box `b` of `a` may still meet it (starts
/// before the end of the bucket holding `a`'s last column).
#[inline(always)]
fn beyond<C: Coord>(a: &Block<'_, C>, next_x0: &[C], shift: u32) -> u64 {
    let mut bytes = [0u8; BLOCK];
    for (t, out) in bytes.iter_mut().enumerate() {
        *out = u8::from(next_x0[t] < C::bucket_end(a.x1[t], shift));
    }
    pack(&bytes)
}

/// 64 bytes of 0 or 1 into 64 bits, eight at a time: the multiply gathers each byte's low
/// bit into the top byte (bit `j` from byte `j`), and no two partial products collide there.
#[inline(always)]
fn pack(bytes: &[u8; BLOCK]) -> u64 {
    let mut m = 0u64;
    for (w, chunk) in bytes.chunks_exact(8).enumerate() {
        let mut eight = [0u8; 8];
        eight.copy_from_slice(chunk);
        let v = u64::from_le_bytes(eight);
        m |= (v.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * w);
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_keeps_bit_order() {
        let mut s = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..1000 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let mut bytes = [0u8; BLOCK];
            for (b, out) in bytes.iter_mut().enumerate() {
                *out = u8::from(s >> b & 1 == 1);
            }
            assert_eq!(pack(&bytes), s);
        }
    }
}
