//! The exact answers every method and every chip is judged against (specs/harness.md,
//! "Compare"): every pair of objects, no screen, no chip limits.
//!
//! Every test here needs the two boxes to overlap (two opaque pixels that meet lie in
//! both boxes), so the pairs are found by a sweep along x: the objects ordered by their
//! left edge, each one tested only against those whose left edge lies left of its right
//! edge; a pair the sweep does not reach has no column in common. The answer is the set
//! brute force over all pairs finds (`truth_matches_brute_force_over_all_pairs` checks
//! it), sorted; a frame's work grows with the pairs that share columns, not with the
//! square of the objects (a program's 128 sprites are 8,128 pairs).

use crate::geometry::Screen;
use crate::method::Pair;
use crate::object::{Object, opaque_pixels_meet};

/// Which objects take part.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    /// The game's view: Art never collides (the truth software methods are judged by).
    Game,
    /// The chip's view: every sprite, whatever its group (the truth hardware is judged by).
    AllSprites,
}

fn takes_part(o: &Object, scope: Scope) -> bool {
    scope == Scope::AllSprites || o.collides()
}

/// Every pair of objects whose boxes overlap, sorted.
#[must_use]
pub fn box_pairs(objects: &[Object], scope: Scope) -> Vec<Pair> {
    pairs_where(objects, scope, |a, b| a.bbox.overlaps(&b.bbox))
}

/// Every pair of objects whose boxes overlap on `screen` (the overlap has an on-screen
/// pixel), sorted: what a method of [`Exactness::OnScreen`](crate::Exactness::OnScreen)
/// returns.
#[must_use]
pub fn on_screen_box_pairs(objects: &[Object], screen: Screen, scope: Scope) -> Vec<Pair> {
    pairs_where(objects, scope, |a, b| {
        a.bbox
            .intersection(&b.bbox)
            .is_some_and(|common| common.clamp_to(screen).is_some())
    })
}

/// Every pair of objects whose opaque pixels meet, sorted.
#[must_use]
pub fn pixel_pairs(objects: &[Object], scope: Scope) -> Vec<Pair> {
    pairs_where(objects, scope, opaque_pixels_meet)
}

/// [`box_pairs`] and [`pixel_pairs`] of the same objects from one sweep: the pixel pairs
/// are the box pairs whose opaque pixels meet.
#[must_use]
pub fn box_and_pixel_pairs(objects: &[Object], scope: Scope) -> (Vec<Pair>, Vec<Pair>) {
    let boxes = box_pairs(objects, scope);
    let pixels = boxes
        .iter()
        .copied()
        .filter(|p| opaque_pixels_meet(&objects[p.a as usize], &objects[p.b as usize]))
        .collect();
    (boxes, pixels)
}

/// Storage [`box_and_pixel_pairs_into`] sorts the objects in, kept by a caller that finds
/// pairs every frame so that a frame allocates nothing.
#[derive(Clone, Debug, Default)]
pub struct Sweep {
    /// Each object taking part as its [`sweep_key`], sorted; kept from one call to the
    /// next as the order the next call starts from.
    by_x: Vec<u64>,
    /// Per object, whether `by_x` holds it already.
    seen: Vec<bool>,
    /// The objects of `by_x` in its order, their boxes' edges beside their indices.
    spans: Vec<Span>,
}

/// An object's box in the sweep: its columns `x..x_end`, its lines `y..y_end` (ends
/// exclusive), and its index; laid out for the inner loop, which reads no object.
#[derive(Clone, Copy, Debug)]
struct Span {
    x: i64,
    x_end: i64,
    y: i64,
    y_end: i64,
    index: u32,
}

/// An object's place in the sweep as one word: its left edge (a signed 32-bit value
/// turned into an unsigned one of the same order) above its index. Sorting the words
/// orders by left edge, then index; a word sorts in a few instructions where a tuple of
/// edges takes many, and the order among equal left edges does not change the pairs
/// found (they are sorted at the end).
fn sweep_key(x: i32, index: u32) -> u64 {
    (u64::from(x.cast_unsigned() ^ 0x8000_0000) << 32) | u64::from(index)
}

/// The left edge and index a [`sweep_key`] holds.
fn sweep_place(key: u64) -> (i64, u32) {
    let x = ((key >> 32) as u32 ^ 0x8000_0000).cast_signed();
    (i64::from(x), key as u32)
}

/// [`box_and_pixel_pairs`] into `boxes` and `pixels` (emptied first), sorting in `sweep`:
/// the same pairs, in storage the caller keeps.
pub fn box_and_pixel_pairs_into(
    objects: &[Object],
    scope: Scope,
    sweep: &mut Sweep,
    boxes: &mut Vec<Pair>,
    pixels: &mut Vec<Pair>,
) {
    boxes.clear();
    pairs_where_into(objects, scope, |_, _| true, sweep, boxes);
    pixels.clear();
    pixels.extend(
        boxes
            .iter()
            .copied()
            .filter(|p| opaque_pixels_meet(&objects[p.a as usize], &objects[p.b as usize])),
    );
}

/// The pairs whose boxes overlap and that `hit` accepts, sorted (see the module docs).
fn pairs_where(
    objects: &[Object],
    scope: Scope,
    hit: impl Fn(&Object, &Object) -> bool,
) -> Vec<Pair> {
    let mut out = Vec::new();
    pairs_where_into(objects, scope, hit, &mut Sweep::default(), &mut out);
    out
}

/// Sets `sweep.by_x` to the objects taking part with a pixel to overlap with, by left edge
/// (then index). A program's objects move a few pixels a frame, so the last call's order,
/// each object's key renewed, is nearly sorted: an insertion sort finishes it in a few
/// moves; one that needs more than about one move per object gives way to a full sort.
/// Either way the keys are all different, so the order is the one sorted order.
fn order_by_x(objects: &[Object], scope: Scope, sweep: &mut Sweep) {
    let takes = |o: &Object| takes_part(o, scope) && !o.bbox.is_empty();
    let (by_x, seen) = (&mut sweep.by_x, &mut sweep.seen);
    seen.clear();
    seen.resize(objects.len(), false);
    // The last order's objects that are still here and take part, keyed anew.
    by_x.retain_mut(|key| {
        let (_, i) = sweep_place(*key);
        match objects.get(i as usize) {
            Some(o) if takes(o) => {
                *key = sweep_key(o.bbox.x, i);
                seen[i as usize] = true;
                true
            }
            _ => false,
        }
    });
    // Then the others, in index order.
    for (i, o) in objects.iter().enumerate() {
        if !seen[i] && takes(o) {
            by_x.push(sweep_key(o.bbox.x, i as u32));
        }
    }
    let moves = by_x.len() + 64;
    if !insertion_sort_within(by_x, moves) {
        by_x.sort_unstable();
    }
}

/// Sorts `keys` by insertion while it takes at most `moves` moves; `false` when it would
/// take more (`keys` is then a permutation of what it was, partly sorted).
fn insertion_sort_within(keys: &mut [u64], mut moves: usize) -> bool {
    for k in 1..keys.len() {
        let key = keys[k];
        let mut at = k;
        while at > 0 && keys[at - 1] > key {
            if moves == 0 {
                keys[at] = key;
                return false;
            }
            moves -= 1;
            keys[at] = keys[at - 1];
            at -= 1;
        }
        keys[at] = key;
    }
    true
}

/// [`pairs_where`] appended to `out`, sorting in `sweep`.
fn pairs_where_into(
    objects: &[Object],
    scope: Scope,
    hit: impl Fn(&Object, &Object) -> bool,
    sweep: &mut Sweep,
    out: &mut Vec<Pair>,
) {
    order_by_x(objects, scope, sweep);
    let by_x = &sweep.by_x;
    let spans = &mut sweep.spans;
    spans.clear();
    spans.extend(by_x.iter().map(|&key| {
        let (x, index) = sweep_place(key);
        let b = &objects[index as usize].bbox;
        Span {
            x,
            x_end: b.x_end(),
            y: i64::from(b.y),
            y_end: b.y_end(),
            index,
        }
    }));
    let from = out.len();
    for (k, a) in spans.iter().enumerate() {
        for b in &spans[k + 1..] {
            if b.x >= a.x_end {
                // Every later object starts right of this one's last column.
                break;
            }
            // The columns overlap: b starts within a's (a.x <= b.x < a.x_end), and a
            // starts before b ends (b has a column). The boxes overlap when the lines do.
            if a.y < b.y_end
                && b.y < a.y_end
                && hit(&objects[a.index as usize], &objects[b.index as usize])
            {
                out.push(Pair::new(a.index, b.index));
            }
        }
    }
    out[from..].sort_unstable();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::PxBox;
    use crate::object::{Group, OpaqueMask};
    use std::sync::Arc;

    /// A fixed pseudo-random sequence from `seed` (xorshift64), each draw below its `n`.
    fn below(mut s: u64) -> impl FnMut(u64) -> u64 {
        move |n| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s % n
        }
    }

    /// Every pair tested, in index order: the definition the sweep must meet.
    fn brute_force(
        objects: &[Object],
        scope: Scope,
        hit: impl Fn(&Object, &Object) -> bool,
    ) -> Vec<Pair> {
        let mut out = Vec::new();
        for (i, a) in objects.iter().enumerate() {
            for (j, b) in objects.iter().enumerate().skip(i + 1) {
                if takes_part(a, scope) && takes_part(b, scope) && hit(a, b) {
                    out.push(Pair::new(i as u32, j as u32));
                }
            }
        }
        out
    }

    #[test]
    fn truth_matches_brute_force_over_all_pairs() {
        // A fixed pseudo-random crowd: boxes of 0 to 40 px (empty ones too) packed into a
        // small field so that many overlap, equal left edges, masks on some, Art among
        // them, a screen that cuts some overlaps.
        let mut next = below(0x9E37_79B9_7F4A_7C15);
        let screen = Screen::new(96, 80);
        let mut found = [0usize; 2];
        let (mut sweep, mut kept) = (Sweep::default(), (Vec::new(), Vec::new()));
        for round in 0..40 {
            let count = 1 + next(70) as usize;
            let objects: Vec<Object> = (0..count)
                .map(|id| {
                    let (w, h) = (next(41) as u16, next(41) as u16);
                    let bbox = PxBox::new(next(120) as i32 - 20, next(100) as i32 - 20, w, h);
                    let group = match next(5) {
                        0 => Group::Art,
                        1 => Group::Bad,
                        _ => Group::Good,
                    };
                    let o = Object::new(id as u32, bbox, group);
                    if next(3) == 0 {
                        o
                    } else {
                        let seed = next(u64::MAX);
                        o.with_mask(Arc::new(OpaqueMask::from_fn(w, h, |c, r| {
                            (seed >> ((u64::from(c) * 7 + u64::from(r) * 3) % 64)) & 1 != 0
                                && (c + r) % 3 != 0
                        })))
                    }
                })
                .collect();
            for scope in [Scope::Game, Scope::AllSprites] {
                let boxes = brute_force(&objects, scope, |a, b| a.bbox.overlaps(&b.bbox));
                let pixels = brute_force(&objects, scope, opaque_pixels_meet);
                found[0] += boxes.len();
                found[1] += pixels.len();
                assert_eq!(box_pairs(&objects, scope), boxes, "round {round}");
                assert_eq!(pixel_pairs(&objects, scope), pixels, "round {round}");
                // Into storage kept from the round before: the same pairs.
                box_and_pixel_pairs_into(&objects, scope, &mut sweep, &mut kept.0, &mut kept.1);
                assert_eq!(kept, (boxes.clone(), pixels.clone()), "round {round}");
                assert_eq!(
                    box_and_pixel_pairs(&objects, scope),
                    (boxes, pixels),
                    "round {round}"
                );
                let on_screen = brute_force(&objects, scope, |a, b| {
                    a.bbox
                        .intersection(&b.bbox)
                        .is_some_and(|common| common.clamp_to(screen).is_some())
                });
                assert_eq!(
                    on_screen_box_pairs(&objects, screen, scope),
                    on_screen,
                    "round {round}"
                );
            }
        }
        // A crowd, not a field of strangers: pairs of both kinds, and box pairs whose
        // pixels do not meet.
        assert!(found[1] > 500 && found[0] > found[1] + 100, "{found:?}");
    }

    #[test]
    fn a_crowd_moving_a_little_each_frame_keeps_the_truth() {
        // 60 boxes stepping a few pixels left or right each frame, some leaving the game
        // (Art) and coming back, one object dropped and added now and then: the sweep
        // starts from the last frame's order and must find what brute force finds.
        let mut next = below(0x0DDB_1A5E_5BAD_5EED);
        let mut objects: Vec<Object> = (0..60)
            .map(|id| {
                let bbox = PxBox::new(next(200) as i32 - 20, next(60) as i32, 12, 12);
                Object::new(id, bbox, Group::Good)
            })
            .collect();
        let (mut sweep, mut kept) = (Sweep::default(), (Vec::new(), Vec::new()));
        let mut found = 0;
        for frame in 0..200 {
            for o in &mut objects {
                o.bbox.x += next(7) as i32 - 3;
                o.group = if next(40) == 0 {
                    Group::Art
                } else {
                    Group::Good
                };
            }
            match frame % 25 {
                10 => {
                    objects.remove(next(objects.len() as u64) as usize);
                }
                20 => objects.push(Object::new(99, PxBox::new(50, 20, 30, 30), Group::Bad)),
                _ => {}
            }
            let boxes = brute_force(&objects, Scope::Game, |a, b| a.bbox.overlaps(&b.bbox));
            found += boxes.len();
            box_and_pixel_pairs_into(&objects, Scope::Game, &mut sweep, &mut kept.0, &mut kept.1);
            assert_eq!(kept.0, boxes, "frame {frame}");
            assert_eq!(
                kept.1, boxes,
                "frame {frame}: solid boxes meet where they overlap"
            );
        }
        assert!(found > 1000, "{found} pairs");
    }
}
