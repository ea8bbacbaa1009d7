//! Ordering one strip by left edge into lanes. A strip's boxes fit in L1, so the `u16` lanes
//! take one counting pass by bucket of `x0` (no comparison branches, writing the lanes
//! directly); a two-pass exact radix sort measured no faster, the sweep's extra tests within
//! a bucket costing what the second pass saved. Small strips and wider lanes, which only
//! far-flung worlds need, are sorted exactly.

use super::lanes::{Coord, Lanes, Rec, SortScratch};

/// Up to this many boxes an insertion sort beats clearing a histogram.
const SMALL: usize = 24;

/// Sorts `src` by `x0` into `lanes` (sealed with sentinels). `x_bits` is the bit length of
/// the largest `x0` of the frame.
pub(crate) fn sort_strip<C: Coord>(
    src: &[Rec<C>],
    lanes: &mut Lanes<C>,
    scratch: &mut SortScratch<C>,
    x_bits: u32,
) {
    match C::BUCKET_SORT {
        Some(bucket) if src.len() > SMALL => bucket(src, lanes, scratch, x_bits),
        _ => {
            let tmp = &mut scratch.tmp;
            tmp.clear();
            tmp.extend_from_slice(src);
            if tmp.len() <= SMALL {
                insertion_sort(tmp);
            } else {
                tmp.sort_unstable_by_key(Rec::x0);
            }
            lanes.load_sorted(tmp);
        }
    }
}

fn insertion_sort<C: Coord>(v: &mut [Rec<C>]) {
    for i in 1..v.len() {
        let r = v[i];
        let mut j = i;
        while j > 0 && v[j - 1].x0() > r.x0() {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = r;
    }
}

/// Counting sort on `u16` keys by bucket: one pass, with about as many buckets as boxes
/// (at most 4096), writing the lanes directly. Boxes within a bucket keep their strip order;
/// the sweep allows for that (see [`Lanes`]).
pub(crate) fn bucket_u16(
    src: &[Rec<u16>],
    lanes: &mut Lanes<u16>,
    scratch: &mut SortScratch<u16>,
    x_bits: u32,
) {
    let n = src.len();
    let bucket_bits = (usize::BITS - n.leading_zeros() + 1).min(12).min(x_bits);
    let shift = x_bits - bucket_bits;
    let buckets = 1usize << bucket_bits;
    let count = &mut scratch.count;
    count.clear();
    count.resize(buckets, 0);
    for r in src {
        count[usize::from(r.x0() >> shift) & (buckets - 1)] += 1;
    }
    let mut sum = 0;
    for c in count.iter_mut() {
        let here = *c;
        *c = sum;
        sum += here;
    }
    lanes.prepare(n);
    lanes.bucket_shift = shift;
    let (x0, x1, y0, y1, idx) = (
        &mut lanes.x0[..n],
        &mut lanes.x1[..n],
        &mut lanes.y0[..n],
        &mut lanes.y1[..n],
        &mut lanes.idx[..n],
    );
    for r in src {
        let d = usize::from(r.x0() >> shift) & (buckets - 1);
        let at = count[d] as usize;
        count[d] += 1;
        x0[at] = r.x0();
        x1[at] = r.x1();
        y0[at] = r.y0();
        y1[at] = r.y1();
        idx[at] = r.idx;
    }
    lanes.seal();
}
