//! Seed 004 (TurboVega's 128_collision_detection on the X16) and specs/vera.md: the
//! quadrant prefilter on VERA's ISR, the 16-bit spatial maps and the pixel hit table.

use crate::common;

use std::sync::Arc;

use collide::methods::HitBitmaps;
use collide::methods::pixel_table::{HitTable, seed_diamond};
use collide::methods::quadrants::{kept_by_isr, quadrant_mask};
use collide::methods::spatial16::{band_size_px, spatial_maps};
use collide::truth::{Scope, box_pairs, pixel_pairs};
use collide::{
    Frame, Group, Hardware, MethodConfig, MethodId, Object, OpaqueMask, Pair, PxBox, Screen,
};
use common::{config, obj, run, run_with, tuples};
use proptest::prelude::*;

const VERA: Screen = Screen::new(640, 480);

fn vera_frame(objects: &[Object], isr: Option<u8>) -> Frame<'_> {
    Frame {
        objects,
        screen: VERA,
        hardware: Hardware { flag: None, isr },
    }
}

/// A 16x16 sprite with the seed's quadrant mask.
fn sprite(i: u32, x: i32, y: i32, group: Group) -> Object {
    let mut o = obj(i, x, y, 16, 16, group);
    o.collision_mask = quadrant_mask(&o.bbox, VERA);
    o
}

// ---- quadrants ----------------------------------------------------------------------

#[test]
fn the_filter_formula() {
    // Top-left sprite ($50) when only the top-left quadrant collided: kept.
    assert_eq!(kept_by_isr(0x50, 0x50), (true, 2));
    // Top-right collided ($60): the top bit matches, the left bit does not.
    assert_eq!(kept_by_isr(0x50, 0x60), (false, 2));
    // Bottom-left ($90): no Y bit in common, one AND decides.
    assert_eq!(kept_by_isr(0x50, 0x90), (false, 1));
    // A sprite straddling the vertical centre line in the top half ($70) under $60: kept.
    assert_eq!(kept_by_isr(0x70, 0x60), (true, 2));
    // A hit target's mask is 0: never kept.
    assert_eq!(kept_by_isr(0x00, 0xF0), (false, 1));
    // Several quadrants at once: top-left and bottom-right collided ($F0 in the ISR as the
    // OR of $50 and $A0) keeps a top-right sprite too: the formula tests X and Y apart.
    assert_eq!(kept_by_isr(0x60, 0xF0), (true, 2));
}

#[test]
fn quadrants_keeps_the_collided_quadrant_and_tests_good_against_bad() {
    let objects = [
        sprite(0, 100, 100, Group::Good), // projectile, top-left
        sprite(1, 108, 104, Group::Bad),  // target over it
        sprite(2, 104, 96, Group::Good),  // another projectile over both
        sprite(3, 500, 400, Group::Bad),  // target, bottom-right, alone
    ];
    assert_eq!(objects[0].collision_mask, 0x50);
    assert_eq!(objects[3].collision_mask, 0xA0);
    let found = run(MethodId::Quadrants, &vera_frame(&objects, Some(0x50)));
    // Good-Good (0, 2) is never reported.
    assert_eq!(tuples(&found), vec![(0, 1), (1, 2)]);
    // Two projectiles listed; targets 1 kept (2 ANDs), 3 rejected at the Y half (1 AND).
    assert_eq!(found.cost.list_writes, 2);
    assert_eq!(found.cost.mask_ands, 2 + 2 + 2 + 1);
    assert_eq!(found.cost.pair_tests, 2);

    // An ISR naming another quadrant keeps nobody here: the pairs are missed.
    assert!(
        run(MethodId::Quadrants, &vera_frame(&objects, Some(0xA0)))
            .pairs
            .is_empty()
    );
    // No ISR, nothing.
    let none = run(MethodId::Quadrants, &vera_frame(&objects, None));
    assert!(none.pairs.is_empty());
    assert_eq!(none.cost, collide::Cost::default());
}

#[test]
fn quadrants_a_hit_target_never_collides_again() {
    let mut objects = [
        sprite(0, 100, 100, Group::Good),
        sprite(1, 104, 104, Group::Bad),
    ];
    assert_eq!(
        tuples(&run(MethodId::Quadrants, &vera_frame(&objects, Some(0x50)))),
        vec![(0, 1)]
    );
    // The seed writes $0C to byte 6: mask 0, z 3.
    objects[1].collision_mask = 0;
    assert!(
        run(MethodId::Quadrants, &vera_frame(&objects, Some(0xF0)))
            .pairs
            .is_empty()
    );
}

/// The ISR VERA would report for solid sprites (box overlap = pixel overlap, no line limit):
/// the OR of `mask_a & mask_b` over the overlapping pairs.
fn isr_for(objects: &[Object]) -> u8 {
    box_pairs(objects, Scope::AllSprites)
        .iter()
        .fold(0, |isr, p| {
            isr | (objects[p.a as usize].collision_mask & objects[p.b as usize].collision_mask)
        })
}

proptest! {
    #![proptest_config(config(2_000))]

    /// With the seed's masks, boxes wholly on screen and the ISR such a frame produces, the
    /// filter loses nothing: `quadrants` returns exactly the Good x Bad box pairs.
    #[test]
    fn quadrants_keeps_every_reported_collision(
        raw in prop::collection::vec((0i32..=576, 0i32..=416, 1u16..=64, 1u16..=64, any::<bool>()), 0..=128)
    ) {
        let objects: Vec<Object> = raw
            .iter()
            .enumerate()
            .map(|(i, &(x, y, w, h, good))| {
                let mut o = obj(i as u32, x, y, w, h, if good { Group::Good } else { Group::Bad });
                o.collision_mask = quadrant_mask(&o.bbox, VERA);
                o
            })
            .collect();
        let want: Vec<Pair> = box_pairs(&objects, Scope::Game)
            .into_iter()
            .filter(|p| objects[p.a as usize].group != objects[p.b as usize].group)
            .collect();
        let found = run(MethodId::Quadrants, &vera_frame(&objects, Some(isr_for(&objects))));
        prop_assert_eq!(found.pairs, want);
    }
}

// ---- spatial16 ----------------------------------------------------------------------

#[test]
fn spatial_maps_of_the_seed() {
    assert_eq!(band_size_px(VERA), (40, 30));
    // vera.md: x = 362 -> $0040, y = 232 -> $0180 (16x16 sprites).
    assert_eq!(
        spatial_maps(&PxBox::new(362, 232, 16, 16), VERA),
        (0x0040, 0x0180)
    );
    // MSB = leftmost column, top row; the last column and row are bit 0.
    assert_eq!(
        spatial_maps(&PxBox::new(0, 0, 16, 16), VERA),
        (0x8000, 0x8000)
    );
    assert_eq!(
        spatial_maps(&PxBox::new(30, 20, 16, 16), VERA),
        (0xC000, 0xC000)
    );
    assert_eq!(
        spatial_maps(&PxBox::new(624, 464, 16, 16), VERA),
        (0x0001, 0x0001)
    );
    // The seed's notes: a 64-px-wide sprite may need 3 X bits, a 64-px-tall one 4 Y bits.
    assert_eq!(
        spatial_maps(&PxBox::new(30, 29, 64, 64), VERA),
        (0xE000, 0xF000)
    );
    // Clamped to the screen; nothing on screen, no bits.
    assert_eq!(
        spatial_maps(&PxBox::new(-8, -8, 16, 16), VERA),
        (0x8000, 0x8000)
    );
    assert_eq!(spatial_maps(&PxBox::new(640, 0, 16, 16), VERA), (0, 0));
}

#[test]
fn spatial_bands_follow_the_screen() {
    // MSX: 256/16 = 16-px columns, 192/16 = 12-px rows.
    let msx = Screen::new(256, 192);
    assert_eq!(band_size_px(msx), (16, 12));
    assert_eq!(
        spatial_maps(&PxBox::new(20, 13, 8, 8), msx),
        (0x4000, 0x4000)
    );
    // 250 px: 15-px columns; pixels 240-249 belong to the last column.
    let odd = Screen::new(250, 190);
    assert_eq!(band_size_px(odd).0, 15);
    assert_eq!(spatial_maps(&PxBox::new(244, 0, 6, 4), odd).0, 0x0001);
    assert_eq!(spatial_maps(&PxBox::new(220, 0, 30, 4), odd).0, 0x0003);
    // A tiny screen still has 1-px bands.
    assert_eq!(band_size_px(Screen::new(8, 8)), (1, 1));
}

#[test]
fn spatial16_rejects_on_either_map_then_tests_the_boxes() {
    // Same rows, columns apart: the X AND rejects.
    let objects = [
        obj(0, 10, 100, 16, 16, Group::Good),
        obj(1, 300, 100, 16, 16, Group::Bad),
    ];
    let c = run(MethodId::Spatial16, &vera_frame(&objects, None)).cost;
    assert_eq!((c.mask_ands, c.comparisons, c.table_reads), (1, 0, 4));
    // Same column, rows apart: the Y AND rejects.
    let objects = [
        obj(0, 10, 10, 16, 16, Group::Good),
        obj(1, 12, 300, 16, 16, Group::Bad),
    ];
    let c = run(MethodId::Spatial16, &vera_frame(&objects, None)).cost;
    assert_eq!((c.mask_ands, c.comparisons), (2, 0));
    // Same cell, apart by a pixel: both ANDs pass, the box test rejects.
    let objects = [
        obj(0, 0, 0, 8, 8, Group::Good),
        obj(1, 8, 0, 8, 8, Group::Bad),
    ];
    let found = run(MethodId::Spatial16, &vera_frame(&objects, None));
    assert!(found.pairs.is_empty());
    assert_eq!(found.cost.mask_ands, 2);
    assert!(found.cost.comparisons > 0);
    assert_eq!(found.cost.seed_ops, 4 + 2 + found.cost.comparisons);
}

// ---- pixel-table --------------------------------------------------------------------

#[test]
fn the_seed_diamond_table_has_141_hits() {
    let d = seed_diamond();
    assert_eq!(d.count_opaque(), 40);
    let table = HitTable::build(&d, &d);
    assert_eq!(table.hits(), 141);
    assert_eq!(table.as_bytes().len(), 1_024);
    // Every hit within |DX|, |DY| <= 7; the widest rows are 8 px.
    for dy in -16..16 {
        for dx in -16..16 {
            if table.entry(dx, dy) == Some(1) {
                assert!(dx.abs() <= 7 && dy.abs() <= 7, "{dx} {dy}");
            }
        }
    }
    assert_eq!(table.entry(0, 0), Some(1));
    assert_eq!(table.entry(7, 0), Some(1));
    assert_eq!(table.entry(-7, 0), Some(1));
    assert_eq!(table.entry(8, 0), Some(0));
    assert_eq!(table.entry(0, 7), Some(1));
    assert_eq!(table.entry(4, 4), Some(1));
    assert_eq!(table.entry(5, 5), Some(0));
    assert_eq!(table.entry(16, 0), None);
    assert_eq!(table.entry(0, -17), None);
    // Row DY + 16, column DX + 16.
    assert_eq!(table.as_bytes()[16 * 32 + 16 + 7], 1);
    assert_eq!(table.as_bytes()[16 * 32 + 16 + 8], 0);
}

#[test]
fn the_table_is_oriented_bad_minus_good() {
    // Good: one pixel at (0, 0). Bad: one pixel at (5, 3). They meet when the Bad sprite
    // sits at DX = -5, DY = -3 from the Good one.
    let good = Arc::new(OpaqueMask::from_fn(16, 16, |c, r| (c, r) == (0, 0)));
    let bad = Arc::new(OpaqueMask::from_fn(16, 16, |c, r| (c, r) == (5, 3)));
    let table = HitTable::build(&good, &bad);
    assert_eq!(table.hits(), 1);
    assert_eq!(table.entry(-5, -3), Some(1));

    let at = |bx: i32, by: i32| {
        vec![
            obj(0, 100, 100, 16, 16, Group::Good).with_mask(good.clone()),
            obj(1, bx, by, 16, 16, Group::Bad).with_mask(bad.clone()),
        ]
    };
    for (objects, hit) in [
        (at(95, 97), true),
        (at(105, 103), false),
        (at(96, 97), false),
    ] {
        let frame = vera_frame(&objects, None);
        assert_eq!(pixel_pairs(&objects, Scope::Game).len(), usize::from(hit));
        // Bitmaps from the frame (the default) and given ones agree.
        let given = MethodConfig::default().with_hit_bitmaps(HitBitmaps::Given {
            good: good.clone(),
            bad: bad.clone(),
        });
        for found in [
            run(MethodId::PixelTable, &frame),
            run_with(MethodId::PixelTable, &given, &frame),
        ] {
            assert_eq!(found.pairs.len(), usize::from(hit));
            assert_eq!(found.cost.table_reads, 1);
        }
    }
}

#[test]
fn pixel_table_counts_its_reads() {
    // One pair in range, one out of range in X (1 check), one out of range in Y (2 checks).
    let d = Arc::new(seed_diamond());
    let objects = [
        obj(0, 100, 100, 16, 16, Group::Good).with_mask(d.clone()),
        obj(1, 104, 104, 16, 16, Group::Bad).with_mask(d.clone()),
        obj(2, 200, 100, 16, 16, Group::Bad).with_mask(d.clone()),
        obj(3, 100, 200, 16, 16, Group::Bad).with_mask(d.clone()),
    ];
    let found = run(MethodId::PixelTable, &vera_frame(&objects, None));
    assert_eq!(tuples(&found), vec![(0, 1)]);
    assert_eq!(found.cost.pair_tests, 3);
    assert_eq!(found.cost.table_reads, 1);
    assert_eq!(found.cost.comparisons, 2 + 1 + 2);
    assert_eq!(found.cost.seed_ops, 5 + 1);
    // (4, 4) apart: the diamonds meet; (5, 5) apart: boxes overlap, pixels do not.
    let near = [
        objects[0].clone(),
        obj(1, 105, 105, 16, 16, Group::Bad).with_mask(d),
    ];
    assert_eq!(box_pairs(&near, Scope::Game).len(), 1);
    assert!(
        run(MethodId::PixelTable, &vera_frame(&near, None))
            .pairs
            .is_empty()
    );
}

proptest! {
    #![proptest_config(config(1_000))]

    /// Objects carrying the two bitmaps the table was built from: the table's answer is the
    /// pixel truth over Good x Bad pairs.
    #[test]
    fn pixel_table_is_pixel_exact_for_its_bitmaps(
        good in common::opaque_mask(16, 16, 25),
        bad in common::opaque_mask(16, 16, 25),
        raw in prop::collection::vec((0i32..=80, 0i32..=80, any::<bool>()), 0..=40),
        diamond in any::<bool>(),
    ) {
        let (good, bad) = if diamond {
            (Arc::new(seed_diamond()), Arc::new(seed_diamond()))
        } else {
            (good, bad)
        };
        let objects: Vec<Object> = raw
            .iter()
            .enumerate()
            .map(|(i, &(x, y, g))| {
                let (group, mask) = if g { (Group::Good, &good) } else { (Group::Bad, &bad) };
                obj(i as u32, x, y, 16, 16, group).with_mask(mask.clone())
            })
            .collect();
        let want: Vec<Pair> = pixel_pairs(&objects, Scope::Game)
            .into_iter()
            .filter(|p| objects[p.a as usize].group != objects[p.b as usize].group)
            .collect();
        let frame = vera_frame(&objects, None);
        prop_assert_eq!(&run(MethodId::PixelTable, &frame).pairs, &want);
        let given = MethodConfig::default()
            .with_hit_bitmaps(HitBitmaps::Given { good: good.clone(), bad: bad.clone() });
        prop_assert_eq!(&run_with(MethodId::PixelTable, &given, &frame).pairs, &want);
    }
}
