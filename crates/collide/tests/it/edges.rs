//! The half-open convention against the seeds' literal `x2 = x + width` comparisons.
//!
//! Seed 002 writes two rules. Its rejection tests ("sprite2.x > sprite1.x2", ...) taken
//! literally report boxes that only touch; `all-pairs-reject` converts them to the half-open
//! rule and does not. Its four overlap cases taken literally (`all-pairs-4case`) use strict
//! comparisons on the same `x2`: they do not report touching boxes, but they miss boxes that
//! overlap with coinciding edges.

use crate::common;

use collide::methods::seed_four_cases_hit;
use collide::truth::{Scope, box_pairs};
use collide::{Group, MethodId, PxBox, Screen};
use common::{frame_of, obj, run, tuples};

const MSX: Screen = Screen::new(256, 192);

#[test]
fn touching_boxes_collide_only_under_the_literal_rejection_tests() {
    for (a, b) in [
        // Side by side, above and below, corner to corner.
        (PxBox::new(10, 10, 8, 8), PxBox::new(18, 10, 8, 8)),
        (PxBox::new(10, 10, 8, 8), PxBox::new(10, 18, 8, 8)),
        (PxBox::new(10, 10, 8, 8), PxBox::new(18, 18, 8, 8)),
    ] {
        let objects = [
            obj(0, a.x, a.y, a.w, a.h, Group::Good),
            obj(1, b.x, b.y, b.w, b.h, Group::Bad),
        ];
        // The seed's rejection tests, literal: no test rejects, so "collision".
        assert!(a.overlaps_seed_literal(&b));
        // Half-open truth: no shared pixel.
        assert!(box_pairs(&objects, Scope::Game).is_empty());
        // The converted rejection tests agree with the truth.
        let frame = frame_of(&objects, MSX);
        for id in [
            MethodId::AllPairsReject,
            MethodId::HalfPairs,
            MethodId::GoodVsBad,
        ] {
            assert!(run(id, &frame).pairs.is_empty(), "{id}");
        }
        // The four cases' strict comparisons do not report touching boxes either.
        assert!(!seed_four_cases_hit(&a, &b));
        assert!(run(MethodId::AllPairs4Case, &frame).pairs.is_empty());

        // One pixel more and every rule agrees on a collision.
        let b1 = PxBox::new(b.x - 1, b.y - 1, b.w, b.h);
        let objects = [
            obj(0, a.x, a.y, a.w, a.h, Group::Good),
            obj(1, b1.x, b1.y, b1.w, b1.h, Group::Bad),
        ];
        let frame = frame_of(&objects, MSX);
        assert_eq!(box_pairs(&objects, Scope::Game).len(), 1);
        for id in [MethodId::AllPairsReject, MethodId::AllPairs4Case] {
            assert_eq!(tuples(&run(id, &frame)), vec![(0, 1)], "{id}");
        }
    }
}

#[test]
fn the_four_cases_miss_overlaps_whose_edges_coincide() {
    let cases = [
        // Two sprites on one row overlapping by 4 px: equal tops and heights.
        (PxBox::new(10, 40, 8, 8), PxBox::new(14, 40, 8, 8)),
        // Identical boxes.
        (PxBox::new(10, 40, 8, 8), PxBox::new(10, 40, 8, 8)),
        // A narrower box inside a wider one, same rows.
        (PxBox::new(10, 40, 16, 8), PxBox::new(14, 40, 4, 8)),
    ];
    for (a, b) in cases {
        let objects = [
            obj(0, a.x, a.y, a.w, a.h, Group::Good),
            obj(1, b.x, b.y, b.w, b.h, Group::Bad),
        ];
        let frame = frame_of(&objects, MSX);
        assert!(a.overlaps(&b), "{a:?} {b:?}");
        assert_eq!(tuples(&run(MethodId::AllPairsReject, &frame)), vec![(0, 1)]);
        assert!(!seed_four_cases_hit(&a, &b), "{a:?} {b:?}");
        assert_eq!(
            tuples(&run(MethodId::AllPairs4Case, &frame)),
            vec![],
            "{a:?} {b:?}"
        );
    }
    // Moved down one row, case 4 catches it.
    let (a, b) = (PxBox::new(10, 40, 8, 8), PxBox::new(14, 41, 8, 8));
    assert!(seed_four_cases_hit(&a, &b));
    // Same top, different heights: case 2 or 3 catches it when an edge is strictly inside.
    let (a, b) = (PxBox::new(10, 40, 8, 8), PxBox::new(14, 40, 8, 4));
    assert!(seed_four_cases_hit(&a, &b));
}

#[test]
fn the_four_cases_count_their_comparisons_with_early_exits() {
    // Far apart: every case fails on its first or second comparison, in both orders.
    let objects = [
        obj(0, 10, 10, 8, 8, Group::Good),
        obj(1, 100, 100, 8, 8, Group::Bad),
    ];
    let c = run(MethodId::AllPairs4Case, &frame_of(&objects, MSX)).cost;
    assert_eq!(c.seed_ops, 2 * 16);
    assert_eq!(c.pair_tests, 2);
    // (0, 1): cases 1 and 2 pass s1.x < s2.x, fail s1.x2 > s2.x (2 each); cases 3 and 4
    // pass s1.x < s2.x2, fail the second (2 each) = 8. (1, 0): every case fails first = 4.
    assert_eq!(c.comparisons, 8 + 4);
    // Top-left corner of 1 inside 0: case 1 holds after 4 comparisons in order (0, 1).
    // Order (1, 0) still runs (the seed's loop meets the pair again): cases 1 and 2 fail on
    // their first comparison, case 3 (0's bottom-right corner inside 1) holds after 4.
    let objects = [
        obj(0, 10, 10, 8, 8, Group::Good),
        obj(1, 12, 12, 8, 8, Group::Bad),
    ];
    let found = run(MethodId::AllPairs4Case, &frame_of(&objects, MSX));
    assert_eq!(tuples(&found), vec![(0, 1)]);
    assert_eq!(found.cost.comparisons, 4 + (1 + 1 + 4));
}
