//! Pixel-exact narrow phase (specs/methods.md, "Pixel-exact narrow phase"): a box pair is
//! confirmed by ANDing the two objects' opaque masks at the pair's offset, so pixel truth is
//! box truth filtered by that AND. The chips' hardware flags are pixel-level; this is how a
//! box-level method's pairs are brought to the level the hardware is judged at.

use crate::cost::Cost;
use crate::method::Pair;
use crate::object::{Object, opaque_pixels_meet_counted};

/// Keeps the pairs of `pairs` whose objects' opaque pixels meet, in their order, and adds
/// the 64-pixel word ANDs executed to `cost.mask_ands`.
///
/// A pair whose boxes do not overlap is dropped without an AND; two objects without masks
/// (solid over their boxes) are confirmed by their box overlap alone. A pair naming an
/// object outside `objects` is dropped.
pub fn confirm_pixels(objects: &[Object], pairs: &mut Vec<Pair>, cost: &mut Cost) {
    let mut ands = 0;
    pairs.retain(
        |p| match (objects.get(p.a as usize), objects.get(p.b as usize)) {
            (Some(a), Some(b)) => opaque_pixels_meet_counted(a, b, &mut ands),
            _ => false,
        },
    );
    cost.mask_ands += ands;
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::geometry::PxBox;
    use crate::object::{Group, OpaqueMask};

    #[test]
    fn keeps_only_pairs_whose_opaque_pixels_meet() {
        // Two 16x16 rings (opaque border only): overlapping boxes whose borders meet or not.
        let ring = Arc::new(OpaqueMask::from_fn(16, 16, |c, r| {
            c == 0 || r == 0 || c == 15 || r == 15
        }));
        let a = Object::new(0, PxBox::new(0, 0, 16, 16), Group::Good).with_mask(ring.clone());
        // Inside a's hollow, clear of its border: boxes overlap, pixels do not.
        let inner = Object::new(1, PxBox::new(2, 2, 4, 4), Group::Bad)
            .with_mask(Arc::new(OpaqueMask::from_fn(4, 4, |_, _| true)));
        // Over a's right border.
        let edge = Object::new(2, PxBox::new(14, 4, 16, 16), Group::Bad).with_mask(ring);
        // Solid, over a's bottom border.
        let solid = Object::new(3, PxBox::new(4, 15, 2, 2), Group::Bad);
        let objects = [a, inner, edge, solid];
        let mut pairs = vec![
            Pair::new(0, 1),
            Pair::new(0, 2),
            Pair::new(0, 3),
            Pair::new(0, 9),
        ];
        let mut cost = Cost::default();
        confirm_pixels(&objects, &mut pairs, &mut cost);
        assert_eq!(pairs, vec![Pair::new(0, 2), Pair::new(0, 3)]);
        // inner: 4 rows searched in vain; edge: at least one row; solid: one row.
        assert!(cost.mask_ands >= 6, "{cost:?}");
    }

    #[test]
    fn solid_objects_need_no_and() {
        let objects = [
            Object::new(0, PxBox::new(0, 0, 8, 8), Group::Good),
            Object::new(1, PxBox::new(4, 4, 8, 8), Group::Bad),
        ];
        let mut pairs = vec![Pair::new(0, 1)];
        let mut cost = Cost::default();
        confirm_pixels(&objects, &mut pairs, &mut cost);
        assert_eq!(pairs.len(), 1);
        assert_eq!(cost.mask_ands, 0);
    }
}
