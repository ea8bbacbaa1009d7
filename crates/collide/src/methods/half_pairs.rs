//! `half-pairs`: seed 002, Method 1, third form. Each unordered pair once (`j > i`), with the
//! four rejection tests; 80 sprites cost `(80*79/2)*4` comparisons in the seed's unit.

use crate::method::{Found, Frame, Method, MethodId, Pair};

/// Comparisons the seed charges per pair: the four rejection tests.
pub(crate) const SEED_TESTS_PER_PAIR: u64 = 4;

/// Each unordered pair once.
#[derive(Debug, Default)]
pub struct HalfPairs;

impl Method for HalfPairs {
    fn id(&self) -> MethodId {
        MethodId::HalfPairs
    }

    fn run(&mut self, frame: &Frame<'_>, found: &mut Found) {
        let objects = frame.objects;
        for (i, a) in objects.iter().enumerate() {
            if !a.collides() {
                continue;
            }
            for (j, b) in objects.iter().enumerate().skip(i + 1) {
                if !b.collides() {
                    continue;
                }
                found.cost.pair_tests += 1;
                found.cost.seed_ops += SEED_TESTS_PER_PAIR;
                let (hit, executed) = reject_tests(&a.bbox, &b.bbox);
                found.cost.comparisons += executed;
                if hit {
                    found.pairs.push(Pair::new(i as u32, j as u32));
                }
            }
        }
    }
}

/// The seed's four rejection tests in the half-open convention, stopping at the first that
/// rejects. Returns the verdict and how many comparisons ran.
#[inline]
pub(crate) fn reject_tests(a: &crate::PxBox, b: &crate::PxBox) -> (bool, u64) {
    if a.is_empty() || b.is_empty() {
        return (false, 0);
    }
    if i64::from(b.x) >= a.x_end() {
        return (false, 1);
    }
    if i64::from(a.x) >= b.x_end() {
        return (false, 2);
    }
    if i64::from(b.y) >= a.y_end() {
        return (false, 3);
    }
    (i64::from(a.y) < b.y_end(), 4)
}
