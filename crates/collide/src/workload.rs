//! Generated frames for benchmarks and demonstrations (specs/performance.md, "Software
//! collision layer at scale").
//!
//! [`UniformDrift`]: n boxes of 8x8 px in a square world of side `16 * ceil(sqrt(n))` px,
//! each moving by a fixed random velocity of up to 2 px per frame per axis and wrapping at
//! the world's edge; about 0.44 n pairs per frame. The first half of the objects are Good,
//! the rest Bad. Each object also carries seed 004's quadrant collision mask for the world
//! ([`quadrant_mask`]), so `quadrants` has something to filter. Seeded and integer-only: the
//! same seed gives the same frames on every machine.

use crate::geometry::{PxBox, Screen};
use crate::method::{Frame, Hardware};
use crate::methods::quadrants::quadrant_mask;
use crate::object::{Group, Object};
use crate::rng::SplitMix64;

/// The smallest `s` with `s * s >= n`.
fn ceil_sqrt(n: u64) -> u64 {
    let n = u128::from(n);
    let mut s = (n as f64).sqrt() as u128;
    while s * s < n {
        s += 1;
    }
    while s > 0 && (s - 1) * (s - 1) >= n {
        s -= 1;
    }
    s as u64
}

/// The uniform-drift workload.
#[derive(Clone, Debug)]
pub struct UniformDrift {
    objects: Vec<Object>,
    velocity_px: Vec<(i8, i8)>,
    side_px: u16,
}

impl UniformDrift {
    /// Side of every box, in pixels.
    pub const BOX_PX: u16 = 8;
    /// Largest speed per axis, in pixels per frame.
    pub const MAX_SPEED_PX: i8 = 2;

    /// Side of the world for `n` objects: `16 * ceil(sqrt(n))` px, at least 16, at most the
    /// largest multiple of 16 a [`Screen`] holds.
    #[must_use]
    pub fn side_px_for(n: usize) -> u16 {
        let side = 16 * ceil_sqrt(n as u64).max(1);
        side.min(u64::from(u16::MAX / 16 * 16)) as u16
    }

    /// `n` objects at random positions with random velocities, from `seed`.
    #[must_use]
    pub fn new(n: usize, seed: u64) -> Self {
        let side_px = Self::side_px_for(n);
        let screen = Screen::new(side_px, side_px);
        let mut rng = SplitMix64(seed);
        let speeds = (2 * Self::MAX_SPEED_PX + 1) as u32;
        let mut objects = Vec::with_capacity(n);
        let mut velocity_px = Vec::with_capacity(n);
        for i in 0..n {
            let x = rng.below(u32::from(side_px)) as i32;
            let y = rng.below(u32::from(side_px)) as i32;
            let group = if i < n / 2 { Group::Good } else { Group::Bad };
            let bbox = PxBox::new(x, y, Self::BOX_PX, Self::BOX_PX);
            let mut o = Object::new(i as u32, bbox, group);
            o.collision_mask = quadrant_mask(&bbox, screen);
            objects.push(o);
            velocity_px.push((
                rng.below(speeds) as i8 - Self::MAX_SPEED_PX,
                rng.below(speeds) as i8 - Self::MAX_SPEED_PX,
            ));
        }
        Self {
            objects,
            velocity_px,
            side_px,
        }
    }

    /// Moves every object by its velocity, wrapping its top-left corner at the world's edge.
    pub fn step(&mut self) {
        let side = i32::from(self.side_px);
        let screen = self.screen();
        for (o, &(vx, vy)) in self.objects.iter_mut().zip(&self.velocity_px) {
            o.bbox.x = (o.bbox.x + i32::from(vx)).rem_euclid(side);
            o.bbox.y = (o.bbox.y + i32::from(vy)).rem_euclid(side);
            o.collision_mask = quadrant_mask(&o.bbox, screen);
        }
    }

    /// Side of the world, in pixels.
    #[must_use]
    pub fn side_px(&self) -> u16 {
        self.side_px
    }

    /// The world as a screen, for band and map methods.
    #[must_use]
    pub fn screen(&self) -> Screen {
        Screen::new(self.side_px, self.side_px)
    }

    /// The objects of the current frame.
    #[must_use]
    pub fn objects(&self) -> &[Object] {
        &self.objects
    }

    /// The current frame, with what a chip would have said about it.
    #[must_use]
    pub fn frame(&self, hardware: Hardware) -> Frame<'_> {
        Frame {
            objects: &self.objects,
            screen: self.screen(),
            hardware,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::truth::{Scope, box_pairs};

    #[test]
    fn sides_follow_the_spec() {
        assert_eq!(ceil_sqrt(0), 0);
        assert_eq!(ceil_sqrt(80), 9);
        assert_eq!(ceil_sqrt(81), 9);
        assert_eq!(ceil_sqrt(82), 10);
        assert_eq!(UniformDrift::side_px_for(0), 16);
        assert_eq!(UniformDrift::side_px_for(80), 144);
        assert_eq!(UniformDrift::side_px_for(128), 192);
        assert_eq!(UniformDrift::side_px_for(1_000), 512);
        assert_eq!(UniformDrift::side_px_for(10_000), 1_600);
        assert_eq!(UniformDrift::side_px_for(usize::MAX), 65_520);
    }

    #[test]
    fn seeded_wrapping_and_half_good() {
        let mut a = UniformDrift::new(1_000, 7);
        let b = UniformDrift::new(1_000, 7);
        assert_eq!(a.objects(), b.objects());
        assert_ne!(a.objects(), UniformDrift::new(1_000, 8).objects());
        let goods = a
            .objects()
            .iter()
            .filter(|o| o.group == Group::Good)
            .count();
        assert_eq!(goods, 500);
        assert!(
            a.velocity_px
                .iter()
                .all(|&(x, y)| x.abs() <= 2 && y.abs() <= 2)
        );
        assert!(a.velocity_px.iter().any(|&(x, _)| x == -2));
        assert!(a.velocity_px.iter().any(|&(_, y)| y == 2));
        for _ in 0..600 {
            a.step();
        }
        let side = i32::from(a.side_px());
        assert!(
            a.objects()
                .iter()
                .all(|o| (0..side).contains(&o.bbox.x) && (0..side).contains(&o.bbox.y))
        );
    }

    #[test]
    fn about_0_44_n_pairs_per_frame() {
        let mut w = UniformDrift::new(10_000, 1);
        let mut total = 0;
        for _ in 0..4 {
            total += box_pairs(w.objects(), Scope::Game).len();
            w.step();
        }
        let per_object = total as f64 / 4.0 / 10_000.0;
        assert!((0.38..0.50).contains(&per_object), "{per_object}");
    }
}
