//! The exact answers every method and every chip is judged against (specs/harness.md,
//! "Compare"): brute force over all pairs, no screen, no chip limits.

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

fn pairs_where(
    objects: &[Object],
    scope: Scope,
    hit: impl Fn(&Object, &Object) -> bool,
) -> Vec<Pair> {
    let mut out = Vec::new();
    for (i, a) in objects.iter().enumerate() {
        if !takes_part(a, scope) {
            continue;
        }
        for (j, b) in objects.iter().enumerate().skip(i + 1) {
            if takes_part(b, scope) && hit(a, b) {
                out.push(Pair::new(i as u32, j as u32));
            }
        }
    }
    out
}
