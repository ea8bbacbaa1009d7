//! `sort-sweep`: sort the boxes by their leading edge on one axis and sweep, testing each
//! box against the boxes after it that start before it ends (specs/methods.md, "Modern
//! methods"; sources/perf.md §3 for its `n^1.5` growth at constant density).
//!
//! The sweep axis is chosen per frame: the one along which boxes overlap least, estimated
//! as total extent over span. A one-column pile-up (every box in one `x` column) is then
//! swept along `y`, so its cost follows the true pairs instead of `n^2` empty tests.
//! Art objects and zero-size boxes are left out; coordinates are taken relative to the
//! frame's minimum in 64 bits, so no `i32` position overflows.

use crate::method::{Found, Frame, Method, MethodId, Pair};

/// Comparisons per pair test: one on the sweep axis, two on the other.
const COMPARISONS_PER_TEST: u64 = 3;

/// One box on the sweep list, with the sweep axis first.
#[derive(Clone, Copy, Debug, Default)]
struct Swept {
    lead0: u64,
    lead1: u64,
    cross0: u64,
    cross1: u64,
    idx: u32,
}

/// Sort and sweep on the better axis.
#[derive(Debug, Default)]
pub struct SortSweep {
    keys: Vec<(u64, u32)>,
    boxes: Vec<Swept>,
    list: Vec<Swept>,
}

impl SortSweep {
    /// A sweep with empty buffers.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }
}

impl Method for SortSweep {
    fn id(&self) -> MethodId {
        MethodId::SortSweep
    }

    fn run(&mut self, frame: &Frame<'_>, found: &mut Found) {
        let live = || {
            frame
                .objects
                .iter()
                .enumerate()
                .filter(|(_, o)| o.collides() && !o.bbox.is_empty())
        };
        let (mut min_x, mut min_y) = (i64::MAX, i64::MAX);
        let (mut max_x, mut max_y) = (i64::MIN, i64::MIN);
        let (mut sum_w, mut sum_h) = (0u64, 0u64);
        for (_, o) in live() {
            let b = o.bbox;
            min_x = min_x.min(i64::from(b.x));
            min_y = min_y.min(i64::from(b.y));
            max_x = max_x.max(b.x_end());
            max_y = max_y.max(b.y_end());
            sum_w += u64::from(b.w);
            sum_h += u64::from(b.h);
        }
        if min_x == i64::MAX {
            return;
        }
        // Expected overlaps along an axis grow as total extent / span; sweep the smaller.
        // Cross-multiplied in 128 bits: sum_w / span_x <= sum_h / span_y.
        let (span_x, span_y) = ((max_x - min_x) as u128, (max_y - min_y) as u128);
        let along_x = u128::from(sum_w) * span_y <= u128::from(sum_h) * span_x;

        self.boxes.clear();
        for (i, o) in live() {
            let b = o.bbox;
            let x0 = (i64::from(b.x) - min_x) as u64;
            let y0 = (i64::from(b.y) - min_y) as u64;
            let (x1, y1) = (x0 + u64::from(b.w), y0 + u64::from(b.h));
            let (lead0, lead1, cross0, cross1) = if along_x {
                (x0, x1, y0, y1)
            } else {
                (y0, y1, x0, x1)
            };
            self.boxes.push(Swept {
                lead0,
                lead1,
                cross0,
                cross1,
                idx: i as u32,
            });
        }
        self.keys.clear();
        self.keys.extend(
            self.boxes
                .iter()
                .enumerate()
                .map(|(k, b)| (b.lead0, k as u32)),
        );
        self.keys.sort_unstable();
        self.list.clear();
        self.list
            .extend(self.keys.iter().map(|&(_, k)| self.boxes[k as usize]));
        found.cost.list_writes += self.list.len() as u64;

        let list = &self.list[..];
        let mut tests = 0u64;
        for (i, a) in list.iter().enumerate() {
            for b in &list[i + 1..] {
                if b.lead0 >= a.lead1 {
                    break;
                }
                tests += 1;
                if b.cross0 < a.cross1 && a.cross0 < b.cross1 {
                    found.pairs.push(Pair::new(a.idx, b.idx));
                }
            }
        }
        found.cost.pair_tests += tests;
        found.cost.comparisons += tests * COMPARISONS_PER_TEST;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{PxBox, Screen};
    use crate::method::Hardware;
    use crate::object::{Group, Object};
    use crate::truth::{Scope, box_pairs};

    #[test]
    fn sweeps_a_column_along_y() {
        // 400 boxes in one 8-px column, 4 px apart: x overlaps everything, y only 3 each.
        let objects: Vec<Object> = (0..400)
            .map(|i| {
                Object::new(
                    i,
                    PxBox::new((i % 3) as i32, (i * 4) as i32, 8, 8),
                    Group::Bad,
                )
            })
            .collect();
        let frame = Frame {
            objects: &objects,
            screen: Screen::new(256, 224),
            hardware: Hardware::default(),
        };
        let mut found = Found::default();
        SortSweep::new().find(&frame, &mut found);
        let truth = box_pairs(&objects, Scope::Game);
        assert_eq!(found.pairs, truth);
        assert!(found.cost.pair_tests <= 2 * truth.len() as u64);
    }
}
