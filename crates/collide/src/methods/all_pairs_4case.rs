//! `all-pairs-4case`: seed 002, Method 1, first form, transcribed literally. Every ordered
//! pair (sprite1, sprite2), `sprite2 != sprite1`, goes through the seed's four overlap cases
//! of four comparisons each, with `x2 = x + width`, `y2 = y + height` and the seed's strict
//! `<` / `>`:
//!
//! 1. `(s1.x < s2.x && s1.x2 > s2.x) && (s1.y < s2.y && s1.y2 > s2.y)`
//! 2. `(s1.x < s2.x && s1.x2 > s2.x) && (s1.y < s2.y2 && s1.y2 > s2.y2)`
//! 3. `(s1.x < s2.x2 && s1.x2 > s2.x2) && (s1.y < s2.y2 && s1.y2 > s2.y2)`
//! 4. `(s1.x < s2.x2 && s1.x2 > s2.x) && (s1.y < s2.y && s1.y2 > s2.y)`
//!
//! "Don't test case 3 if case 2 is successful": the cases stop at the first that holds, and
//! each `&&` stops at its first false comparison; `comparisons` counts what ran. The seed
//! charges `80*(80-1)*4*4` for 80 sprites: 16 per ordered pair, in `seed_ops`.
//!
//! The rule is not the half-open overlap. Its strict comparisons never report boxes that
//! only touch and never report boxes that do not overlap, but they miss overlapping boxes
//! whose edges coincide: case 4 catches every overlap where the two tops differ, and when
//! the tops are equal only cases 2 and 3 remain, which need a bottom edge strictly inside
//! the other box. Two sprites on one row (same `y`, same height) that overlap in X, or two
//! identical boxes, are never reported. The unordered pair is reported when either order
//! hits. Zero-size objects are not sprites: they are examined (the seed's count includes
//! them) but never compared.

use crate::geometry::PxBox;
use crate::method::{Found, Frame, Method, MethodId, Pair};

/// Comparisons the seed charges per ordered pair: four cases of four tests.
pub(crate) const SEED_TESTS_PER_ORDERED_PAIR: u64 = 4 * 4;

/// Every ordered pair, the seed's four cases.
#[derive(Debug, Default)]
pub struct AllPairs4Case;

/// A sprite rect as seed 002 writes it: `(x, y, x + width, y + height)`.
#[derive(Clone, Copy, Debug)]
struct SeedRect {
    x: i64,
    y: i64,
    x2: i64,
    y2: i64,
}

impl SeedRect {
    fn of(b: &PxBox) -> Self {
        Self {
            x: i64::from(b.x),
            y: i64::from(b.y),
            x2: b.x_end(),
            y2: b.y_end(),
        }
    }
}

/// One case: four comparisons joined by `&&`, stopping at the first false one.
#[inline]
fn case(tests: [bool; 4], executed: &mut u64) -> bool {
    for (k, holds) in tests.into_iter().enumerate() {
        if !holds {
            *executed += k as u64 + 1;
            return false;
        }
    }
    *executed += 4;
    true
}

/// The seed's four cases for the ordered pair (`s1`, `s2`), stopping at the first that holds.
#[inline]
fn four_cases(s1: SeedRect, s2: SeedRect, executed: &mut u64) -> bool {
    case(
        [s1.x < s2.x, s1.x2 > s2.x, s1.y < s2.y, s1.y2 > s2.y],
        executed,
    ) || case(
        [s1.x < s2.x, s1.x2 > s2.x, s1.y < s2.y2, s1.y2 > s2.y2],
        executed,
    ) || case(
        [s1.x < s2.x2, s1.x2 > s2.x2, s1.y < s2.y2, s1.y2 > s2.y2],
        executed,
    ) || case(
        [s1.x < s2.x2, s1.x2 > s2.x, s1.y < s2.y, s1.y2 > s2.y],
        executed,
    )
}

/// The seed's literal verdict for the unordered pair: either order hits.
#[must_use]
pub fn seed_four_cases_hit(a: &PxBox, b: &PxBox) -> bool {
    if a.is_empty() || b.is_empty() {
        return false;
    }
    let mut n = 0;
    let (ra, rb) = (SeedRect::of(a), SeedRect::of(b));
    let ab = four_cases(ra, rb, &mut n);
    let ba = four_cases(rb, ra, &mut n);
    ab || ba
}

impl Method for AllPairs4Case {
    fn id(&self) -> MethodId {
        MethodId::AllPairs4Case
    }

    fn run(&mut self, frame: &Frame<'_>, found: &mut Found) {
        let objects = frame.objects;
        let mut executed = 0;
        for (i, a) in objects.iter().enumerate() {
            if !a.collides() {
                continue;
            }
            for (j, b) in objects.iter().enumerate().skip(i + 1) {
                if !b.collides() {
                    continue;
                }
                // The seed's loop meets this pair twice, as (i, j) and as (j, i).
                found.cost.pair_tests += 2;
                found.cost.seed_ops += 2 * SEED_TESTS_PER_ORDERED_PAIR;
                if a.bbox.is_empty() || b.bbox.is_empty() {
                    continue;
                }
                let (ra, rb) = (SeedRect::of(&a.bbox), SeedRect::of(&b.bbox));
                let ab = four_cases(ra, rb, &mut executed);
                let ba = four_cases(rb, ra, &mut executed);
                if ab || ba {
                    found.pairs.push(Pair::new(i as u32, j as u32));
                }
            }
        }
        found.cost.comparisons += executed;
    }
}
