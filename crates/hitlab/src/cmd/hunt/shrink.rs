//! Shrinking a disagreeing frame: greedily drop objects, then move each coordinate towards
//! 0 and each size down, keeping every change after which the frame still disagrees, until
//! nothing changes. Deterministic: the same frame always shrinks to the same frame. Its
//! plays are counted by the engine's [`Tries`] (none after Ctrl-C).

use super::engine::Tries;
use super::space::{Frame, Space};

/// Shrinks `frame`, which `fails`, to a smaller frame that still `fails`; at most `limit`
/// calls of `fails`. Returns the frame and the calls made.
pub fn shrink(
    space: &Space,
    frame: &Frame,
    limit: u32,
    mut fails: impl FnMut(&Frame) -> bool,
) -> (Frame, u32) {
    let mut best = frame.clone();
    let mut tries = Tries::new(limit);
    let mut attempt = |f: &Frame, tries: &mut Tries| tries.attempt(|| fails(f));
    loop {
        let before = best.clone();
        // Drop objects, the last first (later sprites are the ones chips drop).
        let mut i = best.objs.len();
        while i > 0 {
            i -= 1;
            let mut f = best.clone();
            f.objs.remove(i);
            if attempt(&f, &mut tries) {
                best = f;
            }
        }
        // Sizes down, smallest first.
        if space.uniform {
            let side = best.objs.first().map_or(0, |o| o.w);
            for &s in space.widths.iter().filter(|&&s| s < side) {
                let mut f = best.clone();
                for o in &mut f.objs {
                    o.w = s;
                    o.h = s;
                }
                if attempt(&f, &mut tries) {
                    best = f;
                    break;
                }
            }
        } else {
            for i in 0..best.objs.len() {
                for &w in space.widths.iter().filter(|&&w| w < best.objs[i].w) {
                    let mut f = best.clone();
                    f.objs[i].w = w;
                    if attempt(&f, &mut tries) {
                        best = f;
                        break;
                    }
                }
                for &h in space.heights.iter().filter(|&&h| h < best.objs[i].h) {
                    let mut f = best.clone();
                    f.objs[i].h = h;
                    if attempt(&f, &mut tries) {
                        best = f;
                        break;
                    }
                }
            }
        }
        // The whole frame towards 0 (a crowd on one line moves only together), then each
        // coordinate: the largest step that keeps the disagreement, halving.
        for axis in 0..2 {
            let least = |f: &Frame| {
                f.objs
                    .iter()
                    .map(|o| if axis == 0 { o.x } else { o.y })
                    .min()
                    .unwrap_or(0)
                    .max(0)
            };
            let mut step = least(&best);
            while step != 0 {
                let mut f = best.clone();
                for o in &mut f.objs {
                    if axis == 0 {
                        o.x -= step;
                    } else {
                        o.y -= step;
                    }
                }
                if attempt(&f, &mut tries) {
                    best = f;
                    step = least(&best);
                } else {
                    step /= 2;
                }
            }
        }
        // Coordinates towards 0: the largest step that keeps the disagreement, halving.
        for i in 0..best.objs.len() {
            for axis in 0..2 {
                let get = |f: &Frame| {
                    if axis == 0 { f.objs[i].x } else { f.objs[i].y }
                };
                let mut step = get(&best);
                while step != 0 {
                    let mut f = best.clone();
                    let o = &mut f.objs[i];
                    if axis == 0 {
                        o.x -= step;
                    } else {
                        o.y -= step;
                    }
                    if attempt(&f, &mut tries) {
                        best = f;
                        step = get(&best);
                    } else {
                        step /= 2;
                    }
                }
            }
        }
        if best == before || !tries.left() {
            return (best, tries.made);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::hunt::space::Obj;

    #[test]
    fn shrinks_to_the_fewest_objects_and_smallest_coordinates() {
        let space = Space::of(super::super::space::targets()[0]).unwrap();
        let o = |x, y| Obj {
            x,
            y,
            w: 32,
            h: 32,
            good: true,
        };
        let frame = Frame {
            objs: vec![o(100, 50), o(17, 3), o(200, 90), o(110, 60)],
        };
        // "Fails" while two objects overlap.
        let overlap = |f: &Frame| {
            f.objs.iter().enumerate().any(|(i, a)| {
                f.objs[i + 1..].iter().any(|b| {
                    a.x < b.x + i32::from(b.w)
                        && b.x < a.x + i32::from(a.w)
                        && a.y < b.y + i32::from(b.h)
                        && b.y < a.y + i32::from(a.h)
                })
            })
        };
        let (small, _) = shrink(&space, &frame, 10_000, overlap);
        assert_eq!(small.objs.len(), 2);
        assert!(
            small
                .objs
                .iter()
                .all(|o| o.x == 0 && o.y == 0 && o.w == 8 && o.h == 8)
        );
    }
}
