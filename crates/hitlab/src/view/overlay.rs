//! Overlays drawn over the scaled frame: object boxes by group, and the selected method's
//! pairs classified against pixel truth.

use collide::{Group, MethodId, Object, Pair};
use scene::compare::Tally;

use super::canvas::{Canvas, Rect};

/// Good objects.
pub const GOOD_RGB: u32 = 0x30C0FF;
/// Bad objects.
pub const BAD_RGB: u32 = 0xFF4040;
/// Art (never collides).
pub const ART_RGB: u32 = 0x909090;
/// A pair the method found and pixel truth has.
pub const HIT_RGB: u32 = 0x40FF40;
/// A pixel-truth pair the method did not find.
pub const MISS_RGB: u32 = 0xFF40FF;
/// A pair the method found that pixel truth does not have.
pub const FALSE_RGB: u32 = 0xFFB000;

/// The colour of a group.
#[must_use]
pub fn group_rgb(g: Group) -> u32 {
    match g {
        Group::Good => GOOD_RGB,
        Group::Bad => BAD_RGB,
        Group::Art => ART_RGB,
    }
}

/// The canvas rectangle of a box on a frame scaled `k` times.
fn scaled(b: &collide::PxBox, k: i64) -> Rect {
    Rect::new(
        i64::from(b.x) * k,
        i64::from(b.y) * k,
        i64::from(b.w) * k,
        i64::from(b.h) * k,
    )
}

/// Line thickness at scale `k`.
fn thickness(k: i64) -> i64 {
    (k / 2).max(1)
}

/// Every object's box, outlined in its group's colour.
pub fn boxes(c: &mut Canvas, objects: &[Object], k: i64) {
    for o in objects.iter().filter(|o| !o.bbox.is_empty()) {
        c.outline(scaled(&o.bbox, k), thickness(k), group_rgb(o.group));
    }
}

/// One box outlined in `rgb`, twice as thick as an object's (a mark over its group box).
pub fn outline(c: &mut Canvas, b: &collide::PxBox, rgb: u32, k: i64) {
    c.outline(scaled(b, k), 2 * thickness(k), rgb);
}

/// The method's pairs against pixel truth: the boxes' overlap tinted and a line between
/// the two box centres, green for hits, magenta for misses, amber for false alarms.
pub fn pairs(c: &mut Canvas, objects: &[Object], vs_pixel: &Tally, k: i64) {
    let classes = [
        (&vs_pixel.misses, MISS_RGB),
        (&vs_pixel.false_alarms, FALSE_RGB),
        (&vs_pixel.hits, HIT_RGB),
    ];
    for (list, rgb) in classes {
        for p in list.iter() {
            pair(c, objects, *p, rgb, k);
        }
    }
}

/// One pair of `objects`: the boxes' overlap tinted and a line between their centres.
pub fn pair(c: &mut Canvas, objects: &[Object], p: Pair, rgb: u32, k: i64) {
    let (Some(a), Some(b)) = (objects.get(p.a as usize), objects.get(p.b as usize)) else {
        return;
    };
    if let Some(overlap) = a.bbox.intersection(&b.bbox) {
        let r = scaled(&overlap, k);
        c.shade(r, rgb, 112);
        c.outline(r, 1, rgb);
    }
    let centre = |o: &Object| {
        let r = scaled(&o.bbox, k);
        ((r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2)
    };
    let (ca, cb) = (centre(a), centre(b));
    for d in 0..thickness(k) {
        c.line((ca.0 + d, ca.1), (cb.0 + d, cb.1), rgb);
    }
}

/// `tally` as the window shows it for method `id`: a method that only tests Good sprites
/// against Bad ones (`good-vs-bad`, `columns`) is not charged with the Good-Good and
/// Bad-Bad pairs it never looks for.
#[must_use]
pub fn in_scope(id: MethodId, tally: &Tally, objects: &[Object]) -> Tally {
    if !matches!(id, MethodId::GoodVsBad | MethodId::Columns) {
        return tally.clone();
    }
    let good_bad = |p: &&Pair| {
        let group = |i: u32| objects.get(i as usize).map(|o| o.group);
        matches!(
            (group(p.a), group(p.b)),
            (Some(Group::Good), Some(Group::Bad)) | (Some(Group::Bad), Some(Group::Good))
        )
    };
    Tally {
        misses: tally.misses.iter().filter(good_bad).copied().collect(),
        ..tally.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use collide::PxBox;

    #[test]
    fn good_bad_methods_are_not_charged_with_same_group_pairs() {
        let objs = vec![
            Object::new(0, PxBox::new(0, 0, 8, 8), Group::Bad),
            Object::new(1, PxBox::new(4, 4, 8, 8), Group::Bad),
            Object::new(2, PxBox::new(4, 0, 8, 8), Group::Good),
        ];
        let t = Tally {
            hits: vec![],
            misses: vec![Pair::new(0, 1), Pair::new(0, 2)],
            false_alarms: vec![],
        };
        assert_eq!(
            in_scope(MethodId::Columns, &t, &objs).misses,
            vec![Pair::new(0, 2)]
        );
        assert_eq!(in_scope(MethodId::HalfPairs, &t, &objs).misses.len(), 2);
    }

    #[test]
    fn each_class_has_its_colour() {
        let objs = vec![
            Object::new(0, PxBox::new(0, 0, 8, 8), Group::Good),
            Object::new(1, PxBox::new(4, 4, 8, 8), Group::Bad),
            Object::new(2, PxBox::new(20, 0, 8, 8), Group::Bad),
            Object::new(3, PxBox::new(24, 4, 8, 8), Group::Good),
        ];
        let t = Tally {
            hits: vec![Pair::new(0, 1)],
            misses: vec![Pair::new(2, 3)],
            false_alarms: vec![],
        };
        let mut c = Canvas::new(40, 20, 0);
        pairs(&mut c, &objs, &t, 1);
        // The overlap corners carry the class colour.
        assert_eq!(c.get(4, 4), Some(HIT_RGB));
        assert_eq!(c.get(24, 4), Some(MISS_RGB));
        assert!(!c.px.contains(&FALSE_RGB));
        let mut c = Canvas::new(40, 20, 0);
        boxes(&mut c, &objs, 1);
        assert_eq!(c.get(0, 0), Some(GOOD_RGB));
        assert_eq!(c.get(20, 0), Some(BAD_RGB));
    }
}
