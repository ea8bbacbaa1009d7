//! `all-pairs-reject`: seed 002, Method 1, second form. Every ordered pair (sprite1,
//! sprite2), `sprite2 != sprite1`, goes through the four rejection tests ("sprite2.x >
//! sprite1.x2", "sprite1.x > sprite2.x2", and the same in Y), one comparison each; the seed
//! charges `80*(80-1)*4` for 80 sprites, in `seed_ops`.
//!
//! The tests are converted to the half-open convention (`b.x >= a.x + a.w` rejects), so the
//! method is exact; the literal `>` would report touching boxes
//! ([`PxBox::overlaps_seed_literal`](crate::PxBox::overlaps_seed_literal)). Each unordered
//! pair is met twice, as the seed's loop meets it; it is reported once.

use crate::method::{Found, Frame, Method, MethodId, Pair};

use super::half_pairs::{SEED_TESTS_PER_PAIR, reject_tests};

/// Every ordered pair, four rejection tests.
#[derive(Debug, Default)]
pub struct AllPairsReject;

impl Method for AllPairsReject {
    fn id(&self) -> MethodId {
        MethodId::AllPairsReject
    }

    fn run(&mut self, frame: &Frame<'_>, found: &mut Found) {
        let objects = frame.objects;
        let mut executed = 0;
        let mut pair_tests = 0;
        for (i, a) in objects.iter().enumerate() {
            if !a.collides() {
                continue;
            }
            for (j, b) in objects.iter().enumerate() {
                if j == i || !b.collides() {
                    continue;
                }
                pair_tests += 1;
                let (hit, n) = reject_tests(&a.bbox, &b.bbox);
                executed += n;
                // The (j, i) visit finds the same pair again: report it from (i, j) only.
                if hit && i < j {
                    found.pairs.push(Pair::new(i as u32, j as u32));
                }
            }
        }
        found.cost.pair_tests += pair_tests;
        found.cost.seed_ops += pair_tests * SEED_TESTS_PER_PAIR;
        found.cost.comparisons += executed;
    }
}
