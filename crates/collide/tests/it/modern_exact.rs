//! The modern methods against brute force (issue 2, "Tests that would fail if a method were
//! wrong"): random frames of 0-300 objects, sizes 0..=64 px, negative coordinates, Art mixed
//! in; plus the one-column pile-up and coordinates at the ends of the `i32` range.

use collide::methods::{Grid, SortSweep};
use collide::truth::{Scope, box_pairs};
use collide::workload_scale::{Scene, Workload};
use collide::{Found, Frame, Group, Hardware, Method, Object, PxBox, Screen};
use proptest::prelude::*;

fn frame(objects: &[Object]) -> Frame<'_> {
    Frame {
        objects,
        screen: Screen::new(320, 224),
        hardware: Hardware::default(),
    }
}

fn found_by(method: &mut dyn Method, objects: &[Object]) -> Found {
    let mut found = Found::default();
    method.find(&frame(objects), &mut found);
    found
}

fn group() -> impl Strategy<Value = Group> {
    prop_oneof![4 => Just(Group::Good), 4 => Just(Group::Bad), 1 => Just(Group::Art)]
}

/// Boxes in a world whose size is drawn too, so frames range from crowded to sparse.
fn objects() -> impl Strategy<Value = Vec<Object>> {
    (1i32..1200).prop_flat_map(|world| {
        prop::collection::vec(
            (-world..world, -world..world, 0u16..=64, 0u16..=64, group()),
            0..=300,
        )
        .prop_map(|boxes| {
            boxes
                .into_iter()
                .enumerate()
                .map(|(i, (x, y, w, h, g))| Object::new(i as u32, PxBox::new(x, y, w, h), g))
                .collect()
        })
    })
}

/// Per-object moves for a following frame: a small step, and now and then a jump far away
/// (which throws the grid's single-pass path back to a full layout).
fn moves() -> impl Strategy<Value = Vec<Vec<(i32, i32, u8)>>> {
    prop::collection::vec(
        prop::collection::vec((-3i32..=3, -3i32..=3, 0u8..60), 300),
        1..4,
    )
}

fn apply(objects: &mut [Object], moves: &[(i32, i32, u8)]) {
    for (o, &(dx, dy, roll)) in objects.iter_mut().zip(moves) {
        o.bbox.x = o.bbox.x.saturating_add(dx);
        o.bbox.y = o.bbox.y.saturating_add(dy);
        match roll {
            0 => o.bbox.x = o.bbox.x.saturating_add(40_000),
            1 => o.bbox.y = o.bbox.y.saturating_sub(3_000),
            2 => o.group = Group::Art,
            3 => o.bbox.h = o.bbox.h.saturating_mul(9),
            _ => {}
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn grid_is_exact_frame_after_frame(mut objects in objects(), moves in moves()) {
        // One grid for the whole run, as a game uses it: layouts and buffers carry over.
        let mut grid = Grid::new();
        prop_assert_eq!(found_by(&mut grid, &objects).pairs, box_pairs(&objects, Scope::Game));
        for step in &moves {
            apply(&mut objects, step);
            let truth = box_pairs(&objects, Scope::Game);
            prop_assert_eq!(found_by(&mut grid, &objects).pairs, truth);
        }
    }

    #[test]
    fn grid_is_exact(objects in objects()) {
        let truth = box_pairs(&objects, Scope::Game);
        prop_assert_eq!(found_by(&mut Grid::new(), &objects).pairs, truth);
    }

    #[test]
    fn sort_sweep_is_exact(objects in objects()) {
        let truth = box_pairs(&objects, Scope::Game);
        prop_assert_eq!(found_by(&mut SortSweep::new(), &objects).pairs, truth);
    }
}

#[test]
fn every_workload_frame_after_frame() {
    for &w in Workload::ALL {
        for n in [2, 150, 900] {
            let mut scene = Scene::new(w, n, 11);
            let (mut grid, mut sweep) = (Grid::new(), SortSweep::new());
            for frame in 0..12 {
                scene.step();
                let truth = box_pairs(scene.objects(), Scope::Game);
                let g = found_by(&mut grid, scene.objects());
                assert_eq!(g.pairs, truth, "grid {w} n={n} frame {frame}");
                let s = found_by(&mut sweep, scene.objects());
                assert_eq!(s.pairs, truth, "sort-sweep {w} n={n} frame {frame}");
            }
        }
    }
}

#[test]
fn pile_up_costs_follow_the_true_pairs() {
    // 4,000 boxes in one 11-px column: 8 million pairs overlap in x, about 7,500 truly.
    let mut scene = Scene::new(Workload::Pileup, 4000, 5);
    scene.step();
    let objects = scene.objects();
    let truth = box_pairs(objects, Scope::Game).len() as u64;
    let all_x = 4000 * 3999 / 2;
    for method in [&mut Grid::new() as &mut dyn Method, &mut SortSweep::new()] {
        let found = found_by(method, objects);
        assert_eq!(found.pairs.len() as u64, truth);
        let tests = found.cost.pair_tests;
        assert!(
            tests <= 4 * truth + 4 * 4000,
            "{}: {tests} pair tests for {truth} pairs",
            method.id()
        );
        assert!(tests * 100 < all_x, "{}: {tests}", method.id());
    }
}

#[test]
fn far_coordinates_do_not_overflow_or_allocate_the_world() {
    // Corners of the i32 plane, a cluster at the far end, boxes as wide as u16 allows.
    let mut objects = Vec::new();
    let corners = [
        (i32::MIN, i32::MIN),
        (i32::MAX - 70_000, i32::MAX - 70_000),
        (0, 0),
    ];
    for (c, &(x, y)) in corners.iter().enumerate() {
        for i in 0..40 {
            let (dx, dy) = ((i % 7) * 5, (i / 7) * 5);
            let size = if i == 0 { u16::MAX } else { 8 };
            let b = PxBox::new(x + dx, y + dy, size, 8);
            objects.push(Object::new(c as u32 * 40 + i as u32, b, Group::Bad));
        }
    }
    objects.push(Object::new(
        999,
        PxBox::new(i32::MAX, i32::MAX, u16::MAX, u16::MAX),
        Group::Good,
    ));
    objects.push(Object::new(
        998,
        PxBox::new(i32::MAX - 1, i32::MAX - 1, 2, 2),
        Group::Good,
    ));
    let truth = box_pairs(&objects, Scope::Game);
    assert!(truth.len() > 100);
    let mut grid = Grid::new();
    for _ in 0..3 {
        assert_eq!(found_by(&mut grid, &objects).pairs, truth);
    }
    assert_eq!(found_by(&mut SortSweep::new(), &objects).pairs, truth);
}

#[test]
fn zero_size_and_art_never_collide() {
    let objects = vec![
        Object::new(0, PxBox::new(0, 0, 16, 16), Group::Good),
        Object::new(1, PxBox::new(4, 4, 0, 8), Group::Bad),
        Object::new(2, PxBox::new(4, 4, 8, 0), Group::Bad),
        Object::new(3, PxBox::new(4, 4, 8, 8), Group::Art),
        Object::new(4, PxBox::new(15, 15, 8, 8), Group::Bad),
        Object::new(5, PxBox::new(16, 10, 8, 8), Group::Bad),
    ];
    for method in [&mut Grid::new() as &mut dyn Method, &mut SortSweep::new()] {
        let found = found_by(method, &objects);
        assert_eq!(
            found.pairs,
            vec![collide::Pair::new(0, 4), collide::Pair::new(4, 5)]
        );
        assert_eq!(found.pairs, box_pairs(&objects, Scope::Game));
    }
}

#[cfg(feature = "parallel")]
#[test]
fn parallel_grid_finds_what_the_grid_finds() {
    use collide::methods::GridPar;
    for &w in &[
        Workload::Uniform,
        Workload::Clusters16,
        Workload::Mixed,
        Workload::Pileup,
    ] {
        let mut scene = Scene::new(w, 120_000, 3);
        let (mut grid, mut par) = (Grid::new(), GridPar::new());
        for _ in 0..3 {
            scene.step();
            let serial = found_by(&mut grid, scene.objects());
            let parallel = found_by(&mut par, scene.objects());
            assert_eq!(parallel.pairs, serial.pairs, "{w}");
            assert_eq!(parallel.cost, serial.cost, "{w}");
        }
    }
    // And against brute force on a frame small enough for it.
    let mut scene = Scene::new(Workload::Uniform, 3_000, 4);
    scene.step();
    let truth = box_pairs(scene.objects(), Scope::Game);
    assert_eq!(found_by(&mut GridPar::new(), scene.objects()).pairs, truth);
}
