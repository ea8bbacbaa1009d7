//! The pixel narrow phase: box truth confirmed by ANDing opaque masks is pixel truth.

use crate::common;

use collide::truth::{Scope, box_pairs, pixel_pairs};
use collide::{Cost, Object, confirm_pixels};
use common::{config, masked_frames};
use proptest::prelude::*;

/// Pixel by pixel, independently of the word-wise ANDs: is pixel (`px`, `py`) of the
/// screen opaque in `o`?
fn opaque_at(o: &Object, px: i64, py: i64) -> bool {
    let (col, row) = (px - i64::from(o.bbox.x), py - i64::from(o.bbox.y));
    let inside = (0..i64::from(o.bbox.w)).contains(&col) && (0..i64::from(o.bbox.h)).contains(&row);
    inside && o.mask.as_ref().is_none_or(|m| m.get(col, row))
}

fn meet_pixel_by_pixel(a: &Object, b: &Object) -> bool {
    let Some(common) = a.bbox.intersection(&b.bbox) else {
        return false;
    };
    (i64::from(common.y)..common.y_end()).any(|py| {
        (i64::from(common.x)..common.x_end()).any(|px| opaque_at(a, px, py) && opaque_at(b, px, py))
    })
}

proptest! {
    #![proptest_config(config(2_000))]

    #[test]
    fn confirmed_box_pairs_are_the_pixel_truth(tf in masked_frames()) {
        let mut pairs = box_pairs(&tf.objects, Scope::Game);
        let boxes = pairs.len();
        let mut cost = Cost::default();
        confirm_pixels(&tf.objects, &mut pairs, &mut cost);
        prop_assert_eq!(&pairs, &pixel_pairs(&tf.objects, Scope::Game));
        let reference: Vec<_> = box_pairs(&tf.objects, Scope::Game)
            .into_iter()
            .filter(|p| meet_pixel_by_pixel(&tf.objects[p.a as usize], &tf.objects[p.b as usize]))
            .collect();
        prop_assert_eq!(&pairs, &reference);
        // Every pair with a mask on either side costs at least one AND.
        let masked = box_pairs(&tf.objects, Scope::Game)
            .iter()
            .filter(|p| tf.objects[p.a as usize].mask.is_some() || tf.objects[p.b as usize].mask.is_some())
            .count() as u64;
        prop_assert!(cost.mask_ands >= masked, "{} ANDs for {} masked of {} pairs", cost.mask_ands, masked, boxes);
    }
}
