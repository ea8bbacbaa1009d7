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
    /// A radix sort of strips by `x0`, where the lane type has one.
    const RADIX: Option<RadixSort<Self>>;
    /// A relative position known to fit.
    fn from_rel(v: u64) -> Self;
}

/// Sorts `src` by `x0` into `lanes`, with `tmp` as scratch; `x_bits` is the bit length of
/// the frame's largest `x0`.
pub(crate) type RadixSort<C> = fn(&[Rec<C>], &mut Lanes<C>, &mut Vec<Rec<C>>, u32);

macro_rules! coord {
    ($t:ty, $radix:expr) => {
        impl Coord for $t {
            const MAX: Self = <$t>::MAX;
            const BITS: u32 = <$t>::BITS;
            const RADIX: Option<RadixSort<Self>> = $radix;
            #[inline(always)]
            fn from_rel(v: u64) -> Self {
                debug_assert!(v <= u64::from(<$t>::MAX));
                v as $t
            }
        }
    };
}
coord!(u16, Some(super::sort::radix_u16));
coord!(u32, None);
coord!(u64, None);

/// One box in relative coordinates, half-open.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
pub(crate) struct Rec<C> {
    pub x0: C,
    pub x1: C,
    pub y0: C,
    pub y1: C,
    pub idx: u32,
}

/// One strip sorted by `x0`, as structure of arrays, followed by [`PAD`] sentinels.
#[derive(Debug, Default)]
pub(crate) struct Lanes<C> {
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
        for (o, r) in recs.iter().enumerate() {
            self.x0[o] = r.x0;
            self.x1[o] = r.x1;
            self.y0[o] = r.y0;
            self.y1[o] = r.y1;
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
            let mut longer =
                beyond(&a, &self.x0[base + WINDOW + 1..base + WINDOW + 1 + BLOCK]) & live;
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
        let (ax1, ay0, ay1) = (self.x1[i], self.y0[i], self.y1[i]);
        let mut tests = 0;
        let mut j = i + WINDOW + 1;
        while j < self.len && self.x0[j] < ax1 {
            tests += 1;
            let (by0, by1) = (self.y0[j], self.y1[j]);
            if by0 < ay1 && ay0 < by1 && (ay0 >= strip_top || by0 >= strip_top) {
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
            & (b.y0[t] < a.y1[t])
            & (a.y0[t] < b.y1[t])
            & ((a.y0[t] >= strip_top) | (b.y0[t] >= strip_top));
        *out = u8::from(hit);
    }
    pack(&bytes)
}

/// Bit `b`: box `b` of `a` still reaches the box [`WINDOW`] + 1 places after it.
#[inline(always)]
fn beyond<C: Coord>(a: &Block<'_, C>, next_x0: &[C]) -> u64 {
    let mut bytes = [0u8; BLOCK];
    for (t, out) in bytes.iter_mut().enumerate() {
        *out = u8::from(next_x0[t] < a.x1[t]);
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
