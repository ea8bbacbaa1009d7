//! Each lossy method's documented miss, constructed and shown missing, beside the truth and
//! beside `mask16-filled`, which does not miss there.

use crate::common;

use collide::methods::mask8::{mask8_bands, nibbles_meet};
use collide::methods::mask16::mask16_bands;
use collide::truth::{Scope, box_pairs};
use collide::{Group, Hardware, MethodConfig, MethodId, Screen};
use common::{frame_of, obj, run, run_with, tuples};

const MSX: Screen = Screen::new(256, 192);
const H40: Screen = Screen::new(320, 224);

// ---- columns ------------------------------------------------------------------------

#[test]
fn columns_two_good_sprites_in_one_column_overwrite_each_other() {
    // Good 0 at the top of column 2, Good 1 lower in the same column; Bad 2 hits Good 0.
    let objects = [
        obj(0, 16, 10, 8, 8, Group::Good),
        obj(1, 16, 100, 8, 8, Group::Good),
        obj(2, 18, 12, 8, 8, Group::Bad),
    ];
    let frame = frame_of(&objects, MSX);
    assert_eq!(box_pairs(&objects, Scope::Game).len(), 1);
    let found = run(MethodId::Columns, &frame);
    // Good 1 overwrote Good 0 in columns 2: Bad 2 tests Good 1 (Y fails) and misses Good 0.
    assert_eq!(tuples(&found), vec![]);
    assert_eq!(found.cost.pair_tests, 1);
    // With the second Good sprite moved to its own column, the hit is found.
    let mut apart = objects.clone();
    apart[1].bbox.x = 100;
    assert_eq!(
        tuples(&run(MethodId::Columns, &frame_of(&apart, MSX))),
        vec![(0, 2)]
    );
    // The exact methods see it either way.
    for id in [MethodId::GoodVsBad, MethodId::Mask16Filled] {
        assert_eq!(tuples(&run(id, &frame)), vec![(0, 2)], "{id}");
    }
}

#[test]
fn columns_a_good_sprite_hit_once_leaves_the_list() {
    // Bad 1 and Bad 2 both overlap Good 0: the first removes it, the second finds nothing.
    let objects = [
        obj(0, 40, 40, 16, 16, Group::Good),
        obj(1, 44, 44, 8, 8, Group::Bad),
        obj(2, 48, 48, 8, 8, Group::Bad),
    ];
    let frame = frame_of(&objects, MSX);
    assert_eq!(tuples(&run(MethodId::Columns, &frame)), vec![(0, 1)]);
    assert_eq!(
        tuples(&run(MethodId::GoodVsBad, &frame)),
        vec![(0, 1), (0, 2)]
    );
}

#[test]
fn columns_a_bad_sprite_stops_at_its_first_collision() {
    // Bad 2 spans columns 5-7 and overlaps Good 0 (column 5) and Good 1 (column 7).
    let objects = [
        obj(0, 40, 40, 8, 8, Group::Good),
        obj(1, 56, 40, 8, 8, Group::Good),
        obj(2, 40, 40, 24, 8, Group::Bad),
    ];
    let frame = frame_of(&objects, MSX);
    assert_eq!(tuples(&run(MethodId::Columns, &frame)), vec![(0, 2)]);
    assert_eq!(
        tuples(&run(MethodId::GoodVsBad, &frame)),
        vec![(0, 2), (1, 2)]
    );
}

#[test]
fn columns_32_cover_256_px_and_40_cover_320() {
    // A collision at x = 300 on an H40 screen: outside 32 columns, inside 40.
    let objects = [
        obj(0, 300, 40, 8, 8, Group::Good),
        obj(1, 302, 42, 8, 8, Group::Bad),
    ];
    let frame = frame_of(&objects, H40);
    assert_eq!(tuples(&run(MethodId::Columns, &frame)), vec![]);
    let h40 = MethodConfig::default().with_columns(40);
    assert_eq!(
        tuples(&run_with(MethodId::Columns, &h40, &frame)),
        vec![(0, 1)]
    );
}

#[test]
fn columns_tests_y_first() {
    // Same column, far apart in Y: one comparison rejects.
    let objects = [
        obj(0, 40, 10, 8, 8, Group::Good),
        obj(1, 40, 150, 8, 8, Group::Bad),
    ];
    let found = run(MethodId::Columns, &frame_of(&objects, MSX));
    assert!(found.pairs.is_empty());
    // Slot read + occupant check + one Y comparison.
    assert_eq!(found.cost.comparisons, 3);
    // Same rows, 1 px apart in X within one column pair: Y passes (2), X rejects (3rd).
    let objects = [
        obj(0, 40, 10, 4, 8, Group::Good),
        obj(1, 44, 10, 4, 8, Group::Bad),
    ];
    let found = run(MethodId::Columns, &frame_of(&objects, MSX));
    assert!(found.pairs.is_empty());
    assert_eq!(found.cost.comparisons, 2 + 3);
}

// ---- mask16 -------------------------------------------------------------------------

#[test]
fn mask16_misses_an_object_in_the_middle_bands_of_a_wide_one() {
    // 100 px wide from x = 0: bits for x/32 = 0 and (x+w)/32 = 3; bands 1 and 2 unset.
    let objects = [
        obj(0, 0, 40, 100, 8, Group::Good),
        obj(1, 40, 40, 10, 8, Group::Bad),
    ];
    assert_eq!(mask16_bands(&objects[0].bbox, MSX).0, 0b0000_1001);
    assert_eq!(mask16_bands(&objects[1].bbox, MSX).0, 0b0000_0010);
    let frame = frame_of(&objects, MSX);
    assert_eq!(box_pairs(&objects, Scope::Game).len(), 1);
    assert_eq!(tuples(&run(MethodId::Mask16, &frame)), vec![]);
    assert_eq!(tuples(&run(MethodId::Mask16Filled, &frame)), vec![(0, 1)]);
    // The same in Y.
    let objects = [
        obj(0, 40, 0, 8, 100, Group::Good),
        obj(1, 40, 40, 8, 10, Group::Bad),
    ];
    let frame = frame_of(&objects, MSX);
    assert_eq!(tuples(&run(MethodId::Mask16, &frame)), vec![]);
    assert_eq!(tuples(&run(MethodId::Mask16Filled, &frame)), vec![(0, 1)]);
}

#[test]
fn mask16_loses_the_end_band_when_x_plus_w_reaches_256() {
    // Both 56 px wide. Ending at 255: (x+w)/32 = 7, band 7 set. Ending at 256: (x+w)/32 = 8,
    // a bit the 8-bit mask does not have; band 7, where its last 32 pixels are, stays unset.
    let ends_255 = obj(0, 199, 40, 56, 8, Group::Good);
    let ends_256 = obj(0, 200, 40, 56, 8, Group::Good);
    assert_eq!(mask16_bands(&ends_255.bbox, MSX).0, 0b1100_0000);
    assert_eq!(mask16_bands(&ends_256.bbox, MSX).0, 0b0100_0000);
    let small = obj(1, 230, 40, 8, 8, Group::Bad);

    let objects = [ends_255, small.clone()];
    let frame = frame_of(&objects, MSX);
    assert_eq!(tuples(&run(MethodId::Mask16, &frame)), vec![(0, 1)]);

    let objects = [ends_256, small];
    let frame = frame_of(&objects, MSX);
    assert_eq!(box_pairs(&objects, Scope::Game).len(), 1);
    assert_eq!(tuples(&run(MethodId::Mask16, &frame)), vec![]);
    assert_eq!(tuples(&run(MethodId::Mask16Filled, &frame)), vec![(0, 1)]);
}

#[test]
fn mask16_clamps_to_the_screen_first() {
    // Partly off the right edge: clamped to x + w = 256, the end band is lost the same way.
    let objects = [
        obj(0, 216, 40, 64, 8, Group::Good),
        obj(1, 240, 40, 8, 8, Group::Bad),
    ];
    assert_eq!(mask16_bands(&objects[0].bbox, MSX).0, 0b0100_0000);
    let frame = frame_of(&objects, MSX);
    assert_eq!(tuples(&run(MethodId::Mask16, &frame)), vec![]);
    assert_eq!(tuples(&run(MethodId::Mask16Filled, &frame)), vec![(0, 1)]);
}

#[test]
fn mask16_has_no_band_past_256_px() {
    // On an H40 screen two objects colliding at x = 300 ask for bit[9]: nothing.
    let objects = [
        obj(0, 300, 40, 8, 8, Group::Good),
        obj(1, 302, 42, 8, 8, Group::Bad),
    ];
    assert_eq!(mask16_bands(&objects[0].bbox, H40).0, 0);
    let frame = frame_of(&objects, H40);
    assert_eq!(tuples(&run(MethodId::Mask16, &frame)), vec![]);
    assert_eq!(tuples(&run(MethodId::Mask16Filled, &frame)), vec![(0, 1)]);
}

// ---- mask8 --------------------------------------------------------------------------

#[test]
fn mask8_tests_the_nibbles_separately_and_one_byte_and_would_be_wrong() {
    // Same 64-px X band, far apart in Y: X nibbles meet, Y nibbles do not.
    let top = obj(0, 10, 10, 8, 8, Group::Good);
    let bottom = obj(1, 12, 150, 8, 8, Group::Bad);
    let (a, b) = (mask8_bands(&top.bbox, MSX), mask8_bands(&bottom.bbox, MSX));
    assert_eq!((a, b), (0x11, 0x41));
    // A whole-byte AND is non-zero: as the seed's TestCollision with nothing coded after the
    // mask tests, it would call this pair a collision. The boxes do not overlap.
    assert_ne!(a & b, 0);
    assert!(!top.bbox.overlaps(&bottom.bbox));
    // The seed's two nibble tests reject it (byte AND, X nibble, Y nibble: 3 ANDs).
    assert_eq!(nibbles_meet(a, b), (false, 3));
    let objects = [top, bottom];
    let found = run(MethodId::Mask8, &frame_of(&objects, MSX));
    assert!(found.pairs.is_empty());
    assert_eq!(found.cost.mask_ands, 3);
    assert_eq!(found.cost.comparisons, 0, "rejected before the box test");

    // The mirror case: same Y band, X bands apart.
    let left = obj(0, 10, 10, 8, 8, Group::Good);
    let right = obj(1, 200, 12, 8, 8, Group::Bad);
    let (a, b) = (mask8_bands(&left.bbox, MSX), mask8_bands(&right.bbox, MSX));
    assert_ne!(a & b, 0);
    assert_eq!(nibbles_meet(a, b), (false, 2));

    // A pair that does overlap passes both nibbles.
    let (a, b) = (
        mask8_bands(&obj(0, 10, 10, 8, 8, Group::Good).bbox, MSX),
        mask8_bands(&obj(1, 14, 14, 8, 8, Group::Bad).bbox, MSX),
    );
    assert_eq!(nibbles_meet(a, b), (true, 3));
}

#[test]
fn mask8_misses_an_object_in_the_middle_bands_of_a_wide_one() {
    // 150 px wide from x = 0: X bands 0 and 2 (150/64); band 1 unset.
    let objects = [
        obj(0, 0, 40, 150, 8, Group::Good),
        obj(1, 80, 40, 10, 8, Group::Bad),
    ];
    let frame = frame_of(&objects, MSX);
    assert_eq!(box_pairs(&objects, Scope::Game).len(), 1);
    assert_eq!(tuples(&run(MethodId::Mask8, &frame)), vec![]);
    assert_eq!(tuples(&run(MethodId::Mask16Filled, &frame)), vec![(0, 1)]);
}

#[test]
fn mask8_end_band_at_256_lands_in_the_y_nibble() {
    // x + w = 256 asks for X band 4, whose bit is Y band 0: an object in the bottom rows
    // gains a Y band at the top, so a far-away pair passes the prefilter and only the box
    // test rejects it.
    let wide = obj(0, 130, 150, 126, 8, Group::Good); // X bits 2 | 4, Y bits 2
    let far = obj(1, 140, 10, 8, 8, Group::Bad); // X bit 2, Y bit 0
    assert_eq!(mask8_bands(&wide.bbox, MSX), 0x14 | 0x40);
    assert_eq!(mask8_bands(&far.bbox, MSX), 0x14);
    let objects = [wide, far];
    let found = run(MethodId::Mask8, &frame_of(&objects, MSX));
    assert!(found.pairs.is_empty());
    assert!(
        found.cost.comparisons > 0,
        "the leaked bit let the pair through"
    );
}

// ---- every band method --------------------------------------------------------------

const BAND_METHODS: [MethodId; 6] = [
    MethodId::Columns,
    MethodId::Mask16,
    MethodId::Mask8,
    MethodId::Mask16Filled,
    MethodId::Quadrants,
    MethodId::Spatial16,
];

/// What every band method reports on `objects` (quadrant masks $50, ISR $50, flag set).
fn band_verdicts(objects: &[collide::Object]) -> Vec<Vec<(u32, u32)>> {
    let mut objects = objects.to_vec();
    for o in &mut objects {
        o.collision_mask = 0x50;
    }
    let frame = collide::Frame {
        objects: &objects,
        screen: MSX,
        hardware: Hardware {
            flag: Some(true),
            isr: Some(0x50),
        },
    };
    BAND_METHODS
        .iter()
        .map(|&id| tuples(&run(id, &frame)))
        .collect()
}

#[test]
fn band_methods_never_see_objects_wholly_off_screen() {
    // Two overlapping objects left of the screen: in the truth, in no band method.
    let mut objects = [
        obj(0, -40, 40, 16, 16, Group::Good),
        obj(1, -36, 44, 16, 16, Group::Bad),
    ];
    assert_eq!(box_pairs(&objects, Scope::Game).len(), 1);
    let frame = frame_of(&objects, MSX);
    for id in [MethodId::HalfPairs, MethodId::GoodVsBad] {
        assert_eq!(tuples(&run(id, &frame)), vec![(0, 1)], "{id}");
    }
    let none: Vec<Vec<(u32, u32)>> = vec![vec![]; BAND_METHODS.len()];
    assert_eq!(band_verdicts(&objects), none);
    // One of them with a pixel column on screen: the other is still wholly off.
    objects[1].bbox.x = -15;
    assert_eq!(band_verdicts(&objects), none);
    // Both with a pixel column on screen, overlapping there: every band method sees it.
    objects[0].bbox.x = -15;
    assert_eq!(
        band_verdicts(&objects),
        vec![vec![(0, 1)]; BAND_METHODS.len()]
    );
}

#[test]
fn art_never_collides_under_any_method() {
    // Art sprites over everything, with masks, flag and ISR set.
    let mut objects = vec![
        obj(0, 40, 40, 16, 16, Group::Art),
        obj(1, 44, 44, 16, 16, Group::Good),
        obj(2, 40, 40, 16, 16, Group::Art),
        obj(3, 46, 46, 16, 16, Group::Bad),
        obj(4, 42, 42, 16, 16, Group::Art),
    ];
    for o in &mut objects {
        o.collision_mask = 0xF0;
    }
    let frame = collide::Frame {
        objects: &objects,
        screen: MSX,
        hardware: Hardware {
            flag: Some(true),
            isr: Some(0xF0),
        },
    };
    for &id in MethodId::ALL {
        let found = run(id, &frame);
        for p in &found.pairs {
            assert!(
                objects[p.a as usize].group != Group::Art
                    && objects[p.b as usize].group != Group::Art,
                "{id} reported {p:?}"
            );
        }
        if id.exactness() != collide::Exactness::FlagOnly {
            assert_eq!(tuples(&found), vec![(1, 3)], "{id}");
        }
    }
}
