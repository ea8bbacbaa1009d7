//! Sorting one strip by left edge into lanes. A strip's boxes fit in L1, so the `u16` lanes
//! use a least-significant-digit radix sort (two counting passes, no comparison branches,
//! the second writing the lanes directly); wider lanes, which only far-flung worlds need,
//! use the standard library's sort.

use super::lanes::{Coord, Lanes, Rec};

/// Up to this many boxes an insertion sort beats clearing radix histograms.
const SMALL: usize = 24;

/// Sorts `src` by `x0` into `lanes` (sealed with sentinels). `x_bits` is the bit length of
/// the largest `x0` of the frame.
pub(crate) fn sort_strip<C: Coord>(
    src: &[Rec<C>],
    lanes: &mut Lanes<C>,
    tmp: &mut Vec<Rec<C>>,
    x_bits: u32,
) {
    match C::RADIX {
        Some(radix) if src.len() > SMALL => radix(src, lanes, tmp, x_bits),
        _ => {
            tmp.clear();
            tmp.extend_from_slice(src);
            if tmp.len() <= SMALL {
                insertion_sort(tmp);
            } else {
                tmp.sort_unstable_by_key(|r| r.x0);
            }
            lanes.load_sorted(tmp);
        }
    }
}

fn insertion_sort<C: Coord>(v: &mut [Rec<C>]) {
    for i in 1..v.len() {
        let r = v[i];
        let mut j = i;
        while j > 0 && v[j - 1].x0 > r.x0 {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = r;
    }
}

/// Radix sort on `u16` keys: one counting pass when the keys have at most 8 bits, else two
/// passes splitting the key bits evenly (a 14-bit world takes two 128-bucket passes).
pub(crate) fn radix_u16(
    src: &[Rec<u16>],
    lanes: &mut Lanes<u16>,
    tmp: &mut Vec<Rec<u16>>,
    x_bits: u32,
) {
    let n = src.len();
    lanes.prepare(n);
    if x_bits <= 8 {
        let mut count = histogram(src, 0, x_bits);
        scatter_lanes(src, lanes, &mut count, 0, x_bits);
    } else {
        let lo_bits = x_bits / 2;
        let hi_bits = x_bits - lo_bits;
        let (lo_mask, hi_mask) = ((1usize << lo_bits) - 1, (1usize << hi_bits) - 1);
        // Both digits' histograms in one read.
        let mut lo = [0u32; 256];
        let mut hi = [0u32; 256];
        for r in src {
            let x = usize::from(r.x0);
            lo[x & lo_mask] += 1;
            hi[(x >> lo_bits) & hi_mask] += 1;
        }
        prefix(&mut lo[..=lo_mask]);
        prefix(&mut hi[..=hi_mask]);
        if tmp.len() < n {
            tmp.resize(n, Rec::default());
        }
        let tmp = &mut tmp[..n];
        for r in src {
            let d = usize::from(r.x0) & lo_mask;
            let at = lo[d] as usize;
            lo[d] += 1;
            tmp[at] = *r;
        }
        scatter_lanes(tmp, lanes, &mut hi, lo_bits, hi_bits);
    }
    lanes.seal();
}

/// Exclusive prefix sums of the digit `(x0 >> shift) & (2^bits - 1)`.
fn histogram(src: &[Rec<u16>], shift: u32, bits: u32) -> [u32; 256] {
    let mut count = [0u32; 256];
    let mask = (1usize << bits) - 1;
    for r in src {
        count[(usize::from(r.x0) >> shift) & mask] += 1;
    }
    prefix(&mut count[..=mask]);
    count
}

/// Exclusive prefix sums in place.
fn prefix(count: &mut [u32]) {
    let mut sum = 0;
    for c in count {
        let here = *c;
        *c = sum;
        sum += here;
    }
}

/// The last stable counting pass, writing straight into the lanes.
fn scatter_lanes(
    src: &[Rec<u16>],
    lanes: &mut Lanes<u16>,
    count: &mut [u32; 256],
    shift: u32,
    bits: u32,
) {
    let mask = (1usize << bits) - 1;
    let n = src.len();
    let (x0, x1, y0, y1, idx) = (
        &mut lanes.x0[..n],
        &mut lanes.x1[..n],
        &mut lanes.y0[..n],
        &mut lanes.y1[..n],
        &mut lanes.idx[..n],
    );
    for r in src {
        let d = (usize::from(r.x0) >> shift) & mask;
        let at = count[d] as usize;
        count[d] += 1;
        x0[at] = r.x0;
        x1[at] = r.x1;
        y0[at] = r.y0;
        y1[at] = r.y1;
        idx[at] = r.idx;
    }
}
