//! Seed 002's operation counts for 80 sprites, read off the methods' own cost records
//! (`seed_ops`, in the seed's unit), with the comparisons actually executed beside them.

use crate::common;

use collide::workload::UniformDrift;
use collide::{Cost, Group, Hardware, MethodId};
use common::run;

/// A typical 80-sprite frame: 40 Good then 40 Bad 8x8 sprites drifting in a 144-px world.
fn eighty() -> UniformDrift {
    let mut w = UniformDrift::new(80, 2002);
    for _ in 0..30 {
        w.step();
    }
    w
}

fn cost(id: MethodId, w: &UniformDrift) -> Cost {
    run(id, &w.frame(Hardware::default())).cost
}

#[test]
fn the_frame_has_40_good_and_40_bad_sprites() {
    let w = eighty();
    let good = w
        .objects()
        .iter()
        .filter(|o| o.group == Group::Good)
        .count();
    let bad = w.objects().iter().filter(|o| o.group == Group::Bad).count();
    assert_eq!((good, bad), (40, 40));
}

#[test]
fn seed_002_counts_for_80_sprites() {
    let w = eighty();
    let table = [
        // 80 * (80 - 1) * 4 * 4
        (MethodId::AllPairs4Case, 101_120, 80 * 79),
        // 80 * (80 - 1) * 4
        (MethodId::AllPairsReject, 25_280, 80 * 79),
        // ((79 * 80) / 2) * 4
        (MethodId::HalfPairs, 12_640, 79 * 80 / 2),
        // 40 * 40 * 4
        (MethodId::GoodVsBad, 6_400, 40 * 40),
    ];
    for (id, seed_ops, pairs) in table {
        let c = cost(id, &w);
        assert_eq!(c.seed_ops, seed_ops, "{id}");
        assert_eq!(c.pair_tests, pairs, "{id}");
        // Early exits: fewer comparisons ran than the seed charges, but at least one per
        // pair examined (no zero-size sprite here).
        assert!(c.comparisons < c.seed_ops, "{id}: {c:?}");
        assert!(c.comparisons >= c.pair_tests, "{id}: {c:?}");
        println!(
            "{id:<16} seed {:>7}  executed comparisons {:>7}",
            c.seed_ops, c.comparisons
        );
    }
}

#[test]
fn seed_002_columns_count_for_40_good_and_40_bad() {
    // "(number of 'good' sprites)*1 write + (number of 'bad' sprites)*1 test + (number of
    // 'bad' sprites)*4 tests ... With the same value, we have 240 operations."
    let w = eighty();
    let c = cost(MethodId::Columns, &w);
    assert_eq!(c.seed_ops, 40 + 40 + 4 * 40);
    assert_eq!(c.seed_ops, 240);
    // What ran: every 8x8 sprite spans one or two 8-px columns, so 40..=80 Good writes; the
    // Bad sprites read 40..=80 slots.
    assert!((40..=80 + 40).contains(&c.list_writes), "{c:?}");
    println!(
        "columns          seed {:>7}  executed comparisons {:>7}, list writes {}, box tests {}",
        c.seed_ops, c.comparisons, c.list_writes, c.pair_tests
    );
    // The seed charges one slot test per Bad sprite; at arbitrary x an 8-px sprite spans
    // two columns, and each occupant met costs a box test, so what runs is not bounded by
    // the seed's figure. It is bounded by the frame: at most two slots per Bad sprite, each
    // slot read followed by at most one occupant check and one box test of 4 comparisons.
    assert!(c.pair_tests <= 80, "{c:?}");
    assert!(c.comparisons <= 40 * 2 * (1 + 1 + 4), "{c:?}");
}

#[test]
fn art_sprites_do_not_change_the_counts() {
    // Eight Art sprites on top of the 80: the seed's counts are over Good and Bad sprites.
    let w = eighty();
    let mut objects = w.objects().to_vec();
    for i in 0..8 {
        let mut art = objects[i].clone();
        art.id = 80 + i as u32;
        art.group = Group::Art;
        objects.push(art);
    }
    let frame = collide::Frame {
        objects: &objects,
        screen: w.screen(),
        hardware: Hardware::default(),
    };
    for id in [
        MethodId::AllPairs4Case,
        MethodId::AllPairsReject,
        MethodId::HalfPairs,
        MethodId::GoodVsBad,
        MethodId::Columns,
    ] {
        let with_art = run(id, &frame);
        let without = run(id, &w.frame(Hardware::default()));
        assert_eq!(with_art.cost, without.cost, "{id}");
        assert_eq!(with_art.pairs, without.pairs, "{id}");
    }
}

#[test]
fn hw_flag_reads_the_flag_only() {
    let w = eighty();
    for (hardware, flag) in [
        (
            Hardware {
                flag: Some(true),
                isr: None,
            },
            Some(true),
        ),
        (
            Hardware {
                flag: Some(false),
                isr: None,
            },
            Some(false),
        ),
        (
            Hardware {
                flag: None,
                isr: Some(0x24),
            },
            Some(true),
        ),
        (
            Hardware {
                flag: None,
                isr: Some(0x0F),
            },
            Some(false),
        ),
        (Hardware::default(), None),
    ] {
        let found = run(MethodId::HwFlag, &w.frame(hardware));
        assert!(found.pairs.is_empty());
        assert_eq!(found.flag, flag);
        assert_eq!(found.cost.seed_ops, u64::from(flag.is_some()));
    }
}
