//! Property tests: every exact method returns exactly the brute-force pairs on random
//! frames (0-300 objects, mixed sizes, zero-size objects, negative coordinates and
//! coordinates far beyond the screen); the gated and group-restricted methods return exactly
//! their documented subsets; lossy methods never report a pair whose boxes do not overlap.

use crate::common;

use collide::truth::{Scope, box_pairs, on_screen_box_pairs};
use collide::{Exactness, Group, Hardware, MethodId, Pair};
use common::{MIXED, Shape, config, frames, run};
use proptest::prelude::*;

/// Methods that must return exactly `truth::box_pairs` on every frame.
const EXACT: &[MethodId] = &[
    MethodId::AllPairsReject,
    MethodId::HalfPairs,
    MethodId::SortSweep,
    MethodId::Grid,
];

/// Methods that must return exactly the box pairs whose overlap has an on-screen pixel.
const EXACT_ON_SCREEN: &[MethodId] = &[MethodId::Mask16Filled, MethodId::Spatial16];

/// Frames per exact method.
const FRAMES: u32 = 10_000;

#[test]
fn the_lists_match_the_catalogue() {
    for &id in EXACT {
        assert_eq!(id.exactness(), Exactness::Exact, "{id}");
    }
    for &id in EXACT_ON_SCREEN {
        assert_eq!(id.exactness(), Exactness::OnScreen, "{id}");
    }
}

fn good_bad(objects: &[collide::Object], pairs: &[Pair]) -> Vec<Pair> {
    pairs
        .iter()
        .copied()
        .filter(|p| objects[p.a as usize].group != objects[p.b as usize].group)
        .collect()
}

proptest! {
    #![proptest_config(config(FRAMES))]

    #[test]
    fn exact_methods_return_the_box_truth(tf in frames(MIXED)) {
        let frame = tf.frame(Hardware::default());
        let truth = box_pairs(&tf.objects, Scope::Game);
        for &id in EXACT {
            let found = run(id, &frame);
            prop_assert_eq!(&found.pairs, &truth, "{}", id);
        }
        let on_screen = on_screen_box_pairs(&tf.objects, tf.screen, Scope::Game);
        for &id in EXACT_ON_SCREEN {
            let found = run(id, &frame);
            prop_assert_eq!(&found.pairs, &on_screen, "{}", id);
        }
    }

    #[test]
    fn good_vs_bad_returns_exactly_the_good_bad_pairs(tf in frames(MIXED)) {
        let frame = tf.frame(Hardware::default());
        let truth = good_bad(&tf.objects, &box_pairs(&tf.objects, Scope::Game));
        let found = run(MethodId::GoodVsBad, &frame);
        prop_assert_eq!(found.pairs, truth);
    }

    #[test]
    fn hw_gated_is_half_pairs_when_the_flag_is_set_and_nothing_when_clear(
        tf in frames(MIXED),
        isr in any::<u8>(),
    ) {
        let set = Hardware { flag: Some(true), isr: None };
        let half = run(MethodId::HalfPairs, &tf.frame(set));
        let gated = run(MethodId::HwGated, &tf.frame(set));
        prop_assert_eq!(&gated.pairs, &half.pairs);
        prop_assert_eq!(gated.cost, half.cost);
        prop_assert_eq!(gated.flag, Some(true));

        let clear = run(MethodId::HwGated, &tf.frame(Hardware { flag: Some(false), isr: Some(0xF0) }));
        prop_assert!(clear.pairs.is_empty());
        prop_assert_eq!(clear.cost, collide::Cost::default());
        prop_assert_eq!(clear.flag, Some(false));

        // VERA has no flag: its collision nibble gates.
        let vera = run(MethodId::HwGated, &tf.frame(Hardware { flag: None, isr: Some(isr) }));
        if isr & 0xF0 != 0 {
            prop_assert_eq!(&vera.pairs, &half.pairs);
        } else {
            prop_assert!(vera.pairs.is_empty());
        }
        let none = run(MethodId::HwGated, &tf.frame(Hardware::default()));
        prop_assert!(none.pairs.is_empty() && none.flag.is_none());
    }

    /// The seed's four cases never report a pair whose boxes do not overlap and miss only
    /// pairs whose tops coincide: case 4 catches every overlap with distinct tops. With equal
    /// tops only cases 2 and 3 can hold, in the order where the taller box is sprite1 and
    /// the shorter box's left or right edge (`x` or `x2`) lies strictly inside it.
    #[test]
    fn four_case_literal_misses_only_pairs_with_equal_tops(tf in frames(MIXED)) {
        let frame = tf.frame(Hardware::default());
        let truth = box_pairs(&tf.objects, Scope::Game);
        let found = run(MethodId::AllPairs4Case, &frame);
        for p in &found.pairs {
            prop_assert!(truth.binary_search(p).is_ok(), "false alarm {:?}", p);
        }
        for p in &truth {
            let (a, b) = (&tf.objects[p.a as usize].bbox, &tf.objects[p.b as usize].bbox);
            let reported = found.pairs.binary_search(p).is_ok();
            prop_assert_eq!(reported, collide::methods::seed_four_cases_hit(a, b));
            if a.y != b.y {
                prop_assert!(reported, "missed {:?} with distinct tops", p);
            }
            if a.y == b.y {
                let (tall, short) = if a.h > b.h { (a, b) } else { (b, a) };
                let inside = |x: i64| i64::from(tall.x) < x && x < tall.x_end();
                let expected = tall.h > short.h
                    && (inside(i64::from(short.x)) || inside(short.x_end()));
                prop_assert_eq!(reported, expected, "equal tops {:?} {:?}", a, b);
            }
        }
    }
}

/// Lossy and gated methods: every pair they report overlaps (no false alarm), never
/// involves Art, and the group-restricted ones report only Good-Bad pairs.
mod no_false_alarms {
    use super::*;

    const LOSSY: &[MethodId] = &[
        MethodId::Columns,
        MethodId::Mask16,
        MethodId::Mask8,
        MethodId::Quadrants,
        MethodId::AllPairs4Case,
    ];

    proptest! {
        #![proptest_config(config(2_000))]

        #[test]
        fn reported_pairs_always_overlap(tf in frames(MIXED), isr in any::<u8>()) {
            let frame = tf.frame(Hardware { flag: Some(true), isr: Some(isr) });
            let truth = box_pairs(&tf.objects, Scope::Game);
            for &id in LOSSY {
                let found = run(id, &frame);
                for p in &found.pairs {
                    prop_assert!(truth.binary_search(p).is_ok(), "{} false alarm {:?}", id, p);
                    let (ga, gb) = (tf.objects[p.a as usize].group, tf.objects[p.b as usize].group);
                    prop_assert!(ga != Group::Art && gb != Group::Art);
                    if matches!(id, MethodId::Columns | MethodId::Quadrants) {
                        prop_assert!(ga != gb, "{} reported a same-group pair", id);
                    }
                }
            }
        }
    }
}

/// Where the lossy band methods' documented misses cannot happen, they are exact: `mask16`
/// with objects no larger than a 32-px band on screens of at most 256x256, `mask8` with
/// objects no larger than a 64-px band.
mod exact_inside_their_limits {
    use super::*;

    fn small(max_px: u16) -> Shape {
        Shape {
            max_px,
            big: false,
            far: true,
            max_objects: 200,
            wide_screens: false,
        }
    }

    proptest! {
        #![proptest_config(config(2_000))]

        #[test]
        fn mask16_with_objects_up_to_32_px(tf in frames(small(32))) {
            let frame = tf.frame(Hardware::default());
            let truth = on_screen_box_pairs(&tf.objects, tf.screen, Scope::Game);
            prop_assert_eq!(run(MethodId::Mask16, &frame).pairs, truth);
        }

        #[test]
        fn mask8_with_objects_up_to_64_px(tf in frames(small(64))) {
            let frame = tf.frame(Hardware::default());
            let truth = on_screen_box_pairs(&tf.objects, tf.screen, Scope::Game);
            prop_assert_eq!(run(MethodId::Mask8, &frame).pairs, truth);
        }
    }
}
