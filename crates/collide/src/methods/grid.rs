//! `grid`: a uniform grid of row strips, counting-sorted, swept with branch-free windows
//! (specs/methods.md "Modern methods", specs/performance.md, sources/perf.md §3).
//!
//! The frame is cut into horizontal strips of `H = 2^k` pixels, `H` about four times the
//! mean box height, and each box is copied into every strip it covers (a counting sort: a
//! box lands in 1.2 strips on average). Then, strip by strip, the boxes are counting-sorted
//! by left edge into buckets about one box apart (in L1) and swept: each box is tested
//! against the next few boxes in that order with branch-free comparisons that the compiler
//! vectorises over blocks of 64 boxes, and only a run of more neighbours than that takes a
//! (rarely taken) loop. Cost therefore follows the pairs that overlap in `x` within a strip,
//! about `n + k`, never the `n^2` of a one-column pile-up (the strips cut the column).
//!
//! Frames of a game are alike, so the layout and per-strip counts of the last frame are
//! reused: one pass then reads every object and writes it straight into its strips
//! (`fused`), and a frame that does not fit is redone from scratch, exactly.
//!
//! Exactness rules:
//! - a pair is tested by the box that comes first in a strip's order, and reported only in
//!   the strip holding the top row of the two boxes' overlap (`max(y0)`, which both boxes
//!   cover): so exactly once, however many strips the two boxes share;
//! - Art objects and zero-size boxes are left out before anything else;
//! - coordinates are taken relative to the frame's bounds: when both spans fit 16 bits the
//!   sweep runs on `u16` lanes, else on `u32` or `u64` lanes, so no position in the `i32`
//!   range overflows. The strip count is capped near the object count (a sparse or huge
//!   world gets taller strips, never a huge allocation).
//!
//! Buffers are kept between frames (`&mut self`), so a steady workload allocates nothing.

mod fused;
mod lanes;
#[cfg(feature = "parallel")]
mod par;
mod sort;
mod strips;

use crate::cost::Cost;
use crate::method::{Found, Frame, Method, MethodId, Pair};
use crate::object::Object;

use strips::{Layout, Strips};

#[cfg(feature = "parallel")]
pub use par::GridPar;

/// Comparisons charged per pair test: `x` end, both `y` tests and the strip's top row,
/// executed unconditionally (branch-free).
const COMPARISONS_PER_TEST: u64 = 4;

/// A box as gathered from the frame: colliding objects with a non-empty box only.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Raw {
    pub x: i32,
    pub y: i32,
    pub w: u16,
    pub h: u16,
    /// Index into the frame's object slice.
    pub idx: u32,
}

/// What the gathering pass learned about the frame.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bounds {
    pub min_x: i64,
    pub max_x_end: i64,
    pub min_y: i64,
    pub max_y_end: i64,
    /// Sum of the kept boxes' heights.
    pub sum_h: u64,
}

impl Bounds {
    /// A one-pixel frame at the origin: lays out a frame with nothing in it.
    const EMPTY_FRAME: Bounds = Bounds {
        min_x: 0,
        max_x_end: 1,
        min_y: 0,
        max_y_end: 1,
        sum_h: 1,
    };

    const EMPTY: Bounds = Bounds {
        min_x: i64::MAX,
        max_x_end: i64::MIN,
        min_y: i64::MAX,
        max_y_end: i64::MIN,
        sum_h: 0,
    };
}

/// The uniform-grid method (see the module docs).
#[derive(Debug, Default)]
pub struct Grid {
    raw: Vec<Raw>,
    narrow: Strips<u16>,
    mid: Strips<u32>,
    wide: Strips<u64>,
    /// Pair scratch: its length only grows, so writes past the pairs found are allowed.
    pairs: Vec<Pair>,
}

impl Grid {
    /// A grid with empty buffers; they grow to the frame sizes seen.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Runs over the boxes of `objects` (the [`Method::run`] contract) and returns how many
    /// pairs it appended.
    fn run_objects(&mut self, objects: &[Object], found: &mut Found) -> usize {
        let staged = self.stage(objects, &mut found.cost);
        let pairs = self.sweep_staged(staged, &mut found.cost);
        found.pairs.extend_from_slice(&self.pairs[..pairs]);
        pairs
    }

    /// Sweeps staged strips into `self.pairs`; returns the count.
    fn sweep_staged(&mut self, staged: Staged, cost: &mut Cost) -> usize {
        match staged {
            Staged::Narrow(l) => self.narrow.sweep_strips(&l, &mut self.pairs, cost),
            Staged::Mid(l) => self.mid.sweep_strips(&l, &mut self.pairs, cost),
            Staged::Wide(l) => self.wide.sweep_strips(&l, &mut self.pairs, cost),
        }
    }

    /// Copies the frame's boxes into strips: in one pass with last frame's layout when the
    /// frame fits it, else by gathering the boxes and laying out afresh, on the narrowest
    /// lanes the frame's spans allow.
    fn stage(&mut self, objects: &[Object], cost: &mut Cost) -> Staged {
        if let Some(l) = self.narrow.stage_fused(objects, cost) {
            return Staged::Narrow(l);
        }
        let (bounds, kept) = gather(objects, &mut self.raw);
        let raw = &self.raw[..kept];
        if kept < 2 {
            let none = Layout::choose(&Bounds::EMPTY_FRAME, 0, 16);
            return Staged::Narrow(Layout { strips: 0, ..none });
        }
        let span_x = (bounds.max_x_end - bounds.min_x) as u64;
        let span_y = (bounds.max_y_end - bounds.min_y) as u64;
        let span = span_x.max(span_y);
        if span <= u64::from(u16::MAX) {
            Staged::Narrow(self.narrow.stage(raw, &bounds, cost))
        } else {
            self.narrow.guess = None;
            if span <= u64::from(u32::MAX) {
                Staged::Mid(self.mid.stage(raw, &bounds, cost))
            } else {
                Staged::Wide(self.wide.stage(raw, &bounds, cost))
            }
        }
    }
}

/// Which lanes a frame was staged on, and how.
enum Staged {
    Narrow(Layout),
    Mid(Layout),
    Wide(Layout),
}

impl Method for Grid {
    fn id(&self) -> MethodId {
        MethodId::Grid
    }

    fn run(&mut self, frame: &Frame<'_>, found: &mut Found) {
        self.run_objects(frame.objects, found);
    }
}

/// The gathering pass: one read of every object, keeping colliding non-empty boxes.
///
/// Written without a branch on the object's group or size: every box is stored and the
/// write cursor advances only for the ones kept, so a frame mixing Art and sprites at
/// random costs no mispredictions.
pub(crate) fn gather(objects: &[Object], raw: &mut Vec<Raw>) -> (Bounds, usize) {
    // Grown, never cleared: every slot up to the kept count is written below.
    if raw.len() < objects.len() + 1 {
        raw.resize(objects.len() + 1, Raw::default());
    }
    let mut b = Bounds::EMPTY;
    let mut kept = 0usize;
    for (i, o) in objects.iter().enumerate() {
        let bx = o.bbox;
        let keep = o.collides() & (bx.w != 0) & (bx.h != 0);
        raw[kept] = Raw {
            x: bx.x,
            y: bx.y,
            w: bx.w,
            h: bx.h,
            idx: i as u32,
        };
        kept += usize::from(keep);
        // Dropped boxes feed neutral values (selects, not branches).
        let pick = |v: i64, neutral: i64| if keep { v } else { neutral };
        b.min_x = b.min_x.min(pick(i64::from(bx.x), i64::MAX));
        b.max_x_end = b.max_x_end.max(pick(bx.x_end(), i64::MIN));
        b.min_y = b.min_y.min(pick(i64::from(bx.y), i64::MAX));
        b.max_y_end = b.max_y_end.max(pick(bx.y_end(), i64::MIN));
        b.sum_h += u64::from(if keep { bx.h } else { 0 });
    }
    (b, kept)
}

/// Grows the pair scratch so that `need` slots exist past nothing: slots are written before
/// the cursor decides whether to keep them.
#[inline(never)]
#[cold]
pub(crate) fn grow_pairs(pairs: &mut Vec<Pair>, need: usize) {
    let len = need.max(pairs.len() * 2).max(1024);
    pairs.resize(len, Pair { a: 0, b: 0 });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{PxBox, Screen};
    use crate::method::Hardware;
    use crate::object::Group;
    use crate::truth::{Scope, box_pairs};

    fn run(objects: &[Object]) -> Found {
        let frame = Frame {
            objects,
            screen: Screen::new(256, 224),
            hardware: Hardware::default(),
        };
        let mut found = Found::default();
        Grid::new().find(&frame, &mut found);
        found
    }

    #[test]
    fn tall_boxes_in_many_strips_are_reported_once() {
        // Many small boxes set the strip height; two tall ones cross many strips and each
        // other, and a small box touches a tall one in several strips.
        let mut objects = Vec::new();
        for i in 0..200 {
            let bx = PxBox::new((i % 20) * 9, (i / 20) * 9, 8, 8);
            objects.push(Object::new(i as u32, bx, Group::Bad));
        }
        objects.push(Object::new(900, PxBox::new(3, -5, 10, 120), Group::Good));
        objects.push(Object::new(901, PxBox::new(7, 20, 30, 70), Group::Good));
        objects.push(Object::new(902, PxBox::new(0, 0, 200, 3), Group::Good));
        let found = run(&objects);
        assert_eq!(found.pairs, box_pairs(&objects, Scope::Game));
        assert!(found.pairs.len() > 30);
    }

    #[test]
    fn next_frame_takes_the_single_pass_and_falls_back_when_it_must() {
        let mut objects: Vec<Object> = (0..500)
            .map(|i| {
                let bx = PxBox::new((i * 37) % 400, (i * 91) % 300, 8, 8);
                Object::new(i as u32, bx, Group::Bad)
            })
            .collect();
        let mut grid = Grid::new();
        fn frame(objects: &[Object]) -> Frame<'_> {
            Frame {
                objects,
                screen: Screen::new(256, 224),
                hardware: Hardware::default(),
            }
        }
        let mut found = Found::default();
        grid.find(&frame(&objects), &mut found);
        assert!(
            grid.narrow.guess.is_some(),
            "a u16 frame leaves a layout behind"
        );
        // A small move: the single pass is taken, and is exact.
        for o in &mut objects {
            o.bbox.x += 2;
            o.bbox.y -= 1;
        }
        let mut cost = Cost::default();
        assert!(grid.narrow.stage_fused(&objects, &mut cost).is_some());
        grid.find(&frame(&objects), &mut found);
        assert_eq!(found.pairs, box_pairs(&objects, Scope::Game));
        // One box far outside the layout: the pass is thrown away, the result still exact.
        objects[7].bbox.x = 30_000;
        assert!(grid.narrow.stage_fused(&objects, &mut cost).is_none());
        grid.find(&frame(&objects), &mut found);
        assert_eq!(found.pairs, box_pairs(&objects, Scope::Game));
        // Every box piled into one strip: it outgrows its room, the pass is thrown away.
        for o in &mut objects {
            o.bbox.y = 100;
        }
        assert!(grid.narrow.guess.is_some());
        assert!(grid.narrow.stage_fused(&objects, &mut cost).is_none());
        grid.find(&frame(&objects), &mut found);
        assert_eq!(found.pairs, box_pairs(&objects, Scope::Game));
    }

    #[test]
    fn coordinates_beyond_sixteen_and_thirty_two_bits() {
        let far = [
            PxBox::new(i32::MIN, i32::MIN, 8, 8),
            PxBox::new(i32::MIN + 4, i32::MIN + 4, 8, 8),
            PxBox::new(i32::MAX - 3, i32::MAX - 3, u16::MAX, u16::MAX),
            PxBox::new(i32::MAX - 5, i32::MAX, 4, 4),
            PxBox::new(0, 70_000, 8, 8),
            PxBox::new(5, 70_006, 8, 8),
        ];
        let objects: Vec<Object> = far
            .iter()
            .enumerate()
            .map(|(i, b)| Object::new(i as u32, *b, Group::Good))
            .collect();
        let found = run(&objects);
        assert_eq!(found.pairs, box_pairs(&objects, Scope::Game));
        assert_eq!(found.pairs.len(), 3);
        // Only the 32-bit span: a frame 70,000 px tall.
        let found = run(&objects[4..]);
        assert_eq!(found.pairs, vec![Pair::new(0, 1)]);
    }
}
