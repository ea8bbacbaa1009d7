//! `quadrants`: seed 004, step 1 (TurboVega's 128_collision_detection). VERA's four
//! collision-mask bits are used as screen quadrants, $10 left, $20 right, $40 top, $80
//! bottom; each sprite's mask is the OR over the four corners of its box ([`quadrant_mask`]
//! is that rule). After a frame VERA's ISR bits 7-4 hold the OR of `mask_a & mask_b` over
//! every pair of sprites whose opaque pixels met, so they name the quadrants where something
//! collided. The seed then keeps only the sprites with
//!
//! ```text
//! (mask & isr & $C0) != 0 && (mask & isr & $30) != 0
//! ```
//!
//! reading each object's [`Object::collision_mask`](crate::Object::collision_mask) and the
//! frame's [`Hardware::isr`](crate::Hardware::isr).
//!
//! After the filter, as the seed does with its projectiles and targets: the kept Good objects
//! (the projectiles) go into a list, and every kept Bad object (a target) is box-tested,
//! half-open, against each of them. Good-Good and Bad-Bad pairs are never reported. The
//! objects must be the ones the ISR describes: VERA reports on the frame it drew, so the
//! caller passes the positions and masks of that frame (the seed tests last frame's masks).
//!
//! Misses: pairs whose sprites the ISR does not keep. When both boxes lie wholly on screen
//! and their masks come from [`quadrant_mask`], a pair whose opaque pixels met and which
//! the chip reported is always kept: the meeting pixel's half in X and half in Y each hold
//! a corner of both boxes, so both masks and the ISR carry those two bits. Missed are box
//! pairs whose pixels never met (nothing in the ISR for them), pairs the chip did not report
//! (line budget, hidden pixels), and every pair on a frame without an ISR. Objects with no on-screen
//! pixel never collide, like every band method (and like VERA).
//!
//! Cost: one AND per half of the filter formula (`mask_ands`), one list write per kept Good
//! object, the box comparisons that ran; `seed_ops` is their sum.

use crate::geometry::{PxBox, Screen};
use crate::method::{Found, Frame, Method, MethodId, Pair};
use crate::object::Group;

use super::bands::{executed_since, on_screen};
use super::half_pairs::reject_tests;

/// Quadrant bit: left half.
pub const LEFT: u8 = 0x10;
/// Quadrant bit: right half.
pub const RIGHT: u8 = 0x20;
/// Quadrant bit: top half.
pub const TOP: u8 = 0x40;
/// Quadrant bit: bottom half.
pub const BOTTOM: u8 = 0x80;

/// The seed's collision mask for a box: the OR over its four corner pixels of the quadrant
/// each lies in (top-left $50, top-right $60, bottom-left $90, bottom-right $A0). Every
/// corner counts, on screen or not, as the seed's 65C02 code classifies a corner by
/// comparing it with the centre lines alone: a box partly off the left edge keeps its left
/// bit, and a box wholly off screen still has a mask (the chip never reports it, since it
/// draws none of its pixels). An empty box has no corner. This is the only copy: the X16
/// driver writes it into attribute byte 6 and the workloads use it too.
#[must_use]
pub fn quadrant_mask(bbox: &PxBox, screen: Screen) -> u8 {
    if bbox.is_empty() {
        return 0;
    }
    let (cx, cy) = (i64::from(screen.w_px / 2), i64::from(screen.h_px / 2));
    let (x0, y0) = (i64::from(bbox.x), i64::from(bbox.y));
    let (x1, y1) = (bbox.x_end() - 1, bbox.y_end() - 1);
    let mut mask = 0;
    for (x, y) in [(x0, y0), (x1, y0), (x0, y1), (x1, y1)] {
        mask |= if x < cx { LEFT } else { RIGHT };
        mask |= if y < cy { TOP } else { BOTTOM };
    }
    mask
}

/// True when the seed's filter keeps a sprite with collision mask `mask` under `isr`, and how
/// many ANDs it ran.
#[inline]
#[must_use]
pub fn kept_by_isr(mask: u8, isr: u8) -> (bool, u64) {
    if mask & isr & 0xC0 == 0 {
        return (false, 1);
    }
    (mask & isr & 0x30 != 0, 2)
}

/// The quadrant prefilter on VERA's ISR, then Good x Bad box tests.
#[derive(Debug, Default)]
pub struct Quadrants {
    projectiles: Vec<u32>,
}

impl Method for Quadrants {
    fn id(&self) -> MethodId {
        MethodId::Quadrants
    }

    fn run(&mut self, frame: &Frame<'_>, found: &mut Found) {
        let start = found.cost;
        let objects = frame.objects;
        let Some(isr) = frame.hardware.isr else {
            return;
        };
        let keep = |o: &crate::Object, cost: &mut crate::Cost| {
            if on_screen(&o.bbox, frame.screen).is_none() {
                return false;
            }
            let (kept, ands) = kept_by_isr(o.collision_mask, isr);
            cost.mask_ands += ands;
            kept
        };

        // Projectiles in detected quadrants.
        self.projectiles.clear();
        for (i, o) in objects.iter().enumerate() {
            if o.group == Group::Good && keep(o, &mut found.cost) {
                self.projectiles.push(i as u32);
                found.cost.list_writes += 1;
            }
        }
        // Targets in detected quadrants, each against the listed projectiles.
        for (j, target) in objects.iter().enumerate() {
            if target.group != Group::Bad || !keep(target, &mut found.cost) {
                continue;
            }
            for &p in &self.projectiles {
                found.cost.pair_tests += 1;
                let (hit, executed) = reject_tests(&objects[p as usize].bbox, &target.bbox);
                found.cost.comparisons += executed;
                if hit {
                    found.pairs.push(Pair::new(p, j as u32));
                }
            }
        }
        found.cost.seed_ops += executed_since(&start, &found.cost);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_masks_follow_the_seed() {
        let s = Screen::new(640, 480);
        assert_eq!(quadrant_mask(&PxBox::new(100, 100, 16, 16), s), 0x50);
        assert_eq!(quadrant_mask(&PxBox::new(400, 100, 16, 16), s), 0x60);
        assert_eq!(quadrant_mask(&PxBox::new(100, 300, 16, 16), s), 0x90);
        assert_eq!(quadrant_mask(&PxBox::new(400, 300, 16, 16), s), 0xA0);
        // Straddling the vertical centre line in the top half.
        assert_eq!(quadrant_mask(&PxBox::new(312, 100, 16, 16), s), 0x70);
        // Straddling the centre point.
        assert_eq!(quadrant_mask(&PxBox::new(312, 232, 16, 16), s), 0xF0);
        // Last pixel column 319 is still left; 320 is right.
        assert_eq!(quadrant_mask(&PxBox::new(304, 0, 16, 16), s), 0x50);
        assert_eq!(quadrant_mask(&PxBox::new(305, 0, 16, 16), s), 0x70);
        // Off-screen corners count like any other: a box wholly above and left of the
        // screen is top-left, one straddling the right edge keeps only its right bit.
        assert_eq!(quadrant_mask(&PxBox::new(-40, -40, 16, 16), s), 0x50);
        assert_eq!(quadrant_mask(&PxBox::new(632, 100, 16, 16), s), 0x60);
        assert_eq!(quadrant_mask(&PxBox::new(-8, 472, 16, 16), s), 0x90);
        assert_eq!(quadrant_mask(&PxBox::new(10, 10, 0, 16), s), 0);
    }
}
