//! What the band and map methods share (specs/methods.md, "Band and map methods"): an
//! object's box is clamped to the screen before its bands are computed, and an object with no
//! on-screen pixel has no span, so its mask is empty and it never collides under that method.
//! Then every unordered pair is tested the way seeds 000/001 `TestCollision` does: band ANDs
//! first, the exact box test only for pairs the masks could not reject.

use crate::cost::Cost;
use crate::geometry::{PxBox, Screen};
use crate::method::{Found, Frame, Pair};
use crate::object::Object;

use super::half_pairs::reject_tests;

/// The on-screen pixels of a box, half-open: `x0 <= x < x1`, `y0 <= y < y1`, all inside the
/// screen and never empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    pub x0: u32,
    pub x1: u32,
    pub y0: u32,
    pub y1: u32,
}

/// The part of `bbox` on `screen`, or `None` when no pixel of it is on screen.
#[inline]
pub(crate) fn on_screen(bbox: &PxBox, screen: Screen) -> Option<Span> {
    let c = bbox.clamp_to(screen)?;
    // Clamped to a screen of u16 sides: 0 <= x < x + w <= 65535.
    let (x0, y0) = (c.x as u32, c.y as u32);
    Some(Span {
        x0,
        x1: x0 + u32::from(c.w),
        y0,
        y1: y0 + u32::from(c.h),
    })
}

/// The operations run since `start`: table reads, mask ANDs, comparisons and list writes.
/// The seed's unit for methods whose seed gives no count of its own.
#[inline]
pub(crate) fn executed_since(start: &Cost, now: &Cost) -> u64 {
    (now.table_reads - start.table_reads)
        + (now.mask_ands - start.mask_ands)
        + (now.comparisons - start.comparisons)
        + (now.list_writes - start.list_writes)
}

/// A band-mask method's whole frame: each colliding object keyed by `key` over its
/// on-screen span (`reads` table reads charged per object with one; no span, key
/// `K::default()`, so it meets nothing), then [`prefiltered_pairs`]; the seed's unit is
/// every operation executed.
pub(crate) fn run_band_method<K: Copy + Default>(
    frame: &Frame<'_>,
    found: &mut Found,
    keyed: &mut Vec<(u32, K)>,
    reads: u64,
    key: impl Fn(Span) -> K,
    meet: impl Fn(K, K) -> (bool, u64),
) {
    let start = found.cost;
    keyed.clear();
    for (i, o) in frame.objects.iter().enumerate() {
        if o.collides() {
            let k = on_screen(&o.bbox, frame.screen).map_or_else(K::default, |s| {
                found.cost.table_reads += reads;
                key(s)
            });
            keyed.push((i as u32, k));
        }
    }
    prefiltered_pairs(frame.objects, keyed, found, meet);
    found.cost.seed_ops += executed_since(&start, &found.cost);
}

/// Every unordered pair of `keyed` objects (`(index, key)`, index order), rejected when
/// `meet` says their keys share no band, else decided by the exact box test. `meet` returns
/// its verdict and the mask ANDs it executed.
#[inline]
pub(crate) fn prefiltered_pairs<K: Copy>(
    objects: &[Object],
    keyed: &[(u32, K)],
    found: &mut Found,
    meet: impl Fn(K, K) -> (bool, u64),
) {
    let mut pair_tests = 0;
    let mut ands = 0;
    let mut comparisons = 0;
    for (n, &(i, key_i)) in keyed.iter().enumerate() {
        let a = &objects[i as usize].bbox;
        for &(j, key_j) in &keyed[n + 1..] {
            pair_tests += 1;
            let (maybe, executed) = meet(key_i, key_j);
            ands += executed;
            if !maybe {
                continue;
            }
            let (hit, executed) = reject_tests(a, &objects[j as usize].bbox);
            comparisons += executed;
            if hit {
                found.pairs.push(Pair::new(i, j));
            }
        }
    }
    found.cost.pair_tests += pair_tests;
    found.cost.mask_ands += ands;
    found.cost.comparisons += comparisons;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_are_clamped_and_off_screen_boxes_have_none() {
        let screen = Screen::new(256, 192);
        assert_eq!(
            on_screen(&PxBox::new(-8, 180, 16, 16), screen),
            Some(Span {
                x0: 0,
                x1: 8,
                y0: 180,
                y1: 192
            })
        );
        assert_eq!(on_screen(&PxBox::new(256, 0, 8, 8), screen), None);
        assert_eq!(on_screen(&PxBox::new(0, -8, 8, 8), screen), None);
        assert_eq!(on_screen(&PxBox::new(10, 10, 0, 8), screen), None);
        assert_eq!(
            on_screen(&PxBox::new(10, 10, 8, 8), Screen::new(0, 0)),
            None
        );
    }
}
