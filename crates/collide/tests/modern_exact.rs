//! The modern methods against brute force (issue 2, "Tests that would fail if a method were
//! wrong"): random frames of 0-300 objects, sizes 0..=64 px, negative coordinates, Art mixed
//! in; plus the one-column pile-up and coordinates at the ends of the `i32` range.

use collide::methods::{Grid, SortSweep};
use collide::truth::{Scope, box_pairs};
use collide::{Found, Frame, Group, Hardware, Method, Object, Pair, PxBox, Screen};
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

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
