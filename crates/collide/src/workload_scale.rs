//! Seeded workloads for measuring the collision layer at scale (specs/performance.md,
//! "Software collision layer at scale"; sources/perf.md §4 for why each one is there).
//!
//! Every workload is deterministic for a given seed (a SplitMix64 stream, no clock) and
//! moves its objects in place, so every method of a run sees the same boxes.
//!
//! - `uniform`: `n` boxes of 8x8 px in a square world of side `16 * ceil(sqrt(n))` px, each
//!   with a fixed velocity of up to 2 px per frame per axis, wrapping at the edges: about
//!   `0.44 n` pairs per frame.
//! - `clusters16`: the same boxes gathered around 16 centres (the grid's weak spot).
//! - `ring`: a shoot-em-up orbit: boxes circling the world's centre at 1-2 px per frame.
//! - `jumps`: every box teleports to a new random place every frame (no coherence).
//! - `pileup`: every box in one 11-px-wide column, `4n` px tall, drifting vertically:
//!   about `1.9 n` pairs, and `n^2 / 2` pairs overlapping in `x`.
//! - `mixed`: drifting boxes of mixed sizes, from 8x8 sprites to 128x128 bosses.
//! - `goodbad`: uniform drift with 1/8 Good, 5/8 Bad and 1/4 Art objects.

use std::fmt;
use std::str::FromStr;

use crate::geometry::PxBox;
use crate::object::{Group, Object};

/// Which motion and layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Workload {
    /// Uniform drift of 8x8 boxes.
    Uniform,
    /// 16 dense clusters.
    Clusters16,
    /// Boxes orbiting the centre.
    Ring,
    /// Random teleport every frame.
    Jumps,
    /// One-column pile-up.
    Pileup,
    /// Mixed sizes, bosses included.
    Mixed,
    /// Good, Bad and Art groups.
    GoodBad,
}

impl Workload {
    /// Every workload, in the spec's order.
    pub const ALL: &'static [Workload] = &[
        Workload::Uniform,
        Workload::Clusters16,
        Workload::Ring,
        Workload::Jumps,
        Workload::Pileup,
        Workload::Mixed,
        Workload::GoodBad,
    ];

    /// The name used on the command line and in reports.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Workload::Uniform => "uniform",
            Workload::Clusters16 => "clusters16",
            Workload::Ring => "ring",
            Workload::Jumps => "jumps",
            Workload::Pileup => "pileup",
            Workload::Mixed => "mixed",
            Workload::GoodBad => "goodbad",
        }
    }
}

impl fmt::Display for Workload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A workload name that is not known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownWorkload(pub String);

impl fmt::Display for UnknownWorkload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown workload `{}`; known:", self.0)?;
        for w in Workload::ALL {
            write!(f, " {w}")?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownWorkload {}

impl FromStr for Workload {
    type Err = UnknownWorkload;
    fn from_str(s: &str) -> Result<Self, UnknownWorkload> {
        Workload::ALL
            .iter()
            .copied()
            .find(|w| w.as_str() == s)
            .ok_or_else(|| UnknownWorkload(s.to_owned()))
    }
}

/// SplitMix64: a small, fast, seeded stream (no clock, no global state).
#[derive(Clone, Debug)]
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`), by multiply-shift.
    fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next() >> 32) * u128::from(n)) >> 32) as u64
    }

    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: i32, hi: i32) -> i32 {
        lo + self.below((hi - lo + 1) as u64) as i32
    }

    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Per-object motion state.
#[derive(Clone, Copy, Debug, Default)]
struct Mover {
    /// Position, or offset from the cluster centre, in px.
    x: i32,
    y: i32,
    vx: i32,
    vy: i32,
    /// Cluster index, or orbit radius in px for `ring`.
    home: u32,
    /// Orbit angle and angular speed for `ring`.
    angle: f64,
    spin: f64,
}

/// A workload's objects and motion.
#[derive(Clone, Debug)]
pub struct Scene {
    workload: Workload,
    objects: Vec<Object>,
    movers: Vec<Mover>,
    centres: Vec<(i32, i32)>,
    /// World side in px (the pile-up's column height for `pileup`).
    side: i32,
    /// Cluster half-width in px for `clusters16`.
    reach: i32,
    rng: Rng,
}

/// `16 * ceil(sqrt(n))`, the uniform world's side.
#[must_use]
pub fn uniform_side_px(n: usize) -> i32 {
    let mut r = (n as f64).sqrt() as usize;
    while r * r < n {
        r += 1;
    }
    16 * r.max(1) as i32
}

impl Scene {
    /// `n` objects of `workload`, placed from `seed`.
    #[must_use]
    pub fn new(workload: Workload, n: usize, seed: u64) -> Self {
        let mut rng = Rng(seed ^ 0x6869_746c_6162);
        let mut side = uniform_side_px(n);
        if workload == Workload::Mixed {
            side = side * 3 / 2;
        }
        if workload == Workload::Pileup {
            side = (4 * n).max(16) as i32;
        }
        let reach = (side / 8).max(8);
        let centres: Vec<(i32, i32)> = (0..16)
            .map(|_| (rng.range(0, side - 1), rng.range(0, side - 1)))
            .collect();
        let mut objects = Vec::with_capacity(n);
        let mut movers = Vec::with_capacity(n);
        for i in 0..n {
            let (w, h) = match workload {
                Workload::Mixed => match rng.below(100) {
                    0..=69 => (8, 8),
                    70..=89 => (16, 16),
                    90..=97 => (32, rng.range(16, 48) as u16),
                    _ => (rng.range(64, 128) as u16, rng.range(64, 128) as u16),
                },
                _ => (8, 8),
            };
            let group = match workload {
                Workload::GoodBad => match rng.below(8) {
                    0 => Group::Good,
                    1..=5 => Group::Bad,
                    _ => Group::Art,
                },
                _ => Group::Bad,
            };
            let mut m = Mover {
                vx: rng.range(-2, 2),
                vy: rng.range(-2, 2),
                ..Mover::default()
            };
            match workload {
                Workload::Clusters16 => {
                    m.home = rng.below(16) as u32;
                    // A triangular spread: denser at the centre.
                    m.x = (rng.range(-reach, reach - 1) + rng.range(-reach, reach - 1)) / 2;
                    m.y = (rng.range(-reach, reach - 1) + rng.range(-reach, reach - 1)) / 2;
                }
                Workload::Ring => {
                    m.home = rng.range(side / 8, side / 2) as u32;
                    m.angle = rng.unit() * std::f64::consts::TAU;
                    let speed = 1.0 + rng.unit();
                    let dir = if rng.below(2) == 0 { 1.0 } else { -1.0 };
                    m.spin = dir * speed / f64::from(m.home.max(1));
                }
                Workload::Pileup => {
                    m.x = rng.range(0, 3);
                    m.y = rng.range(0, side - 1);
                    m.vx = 0;
                }
                _ => {
                    m.x = rng.range(0, side - 1);
                    m.y = rng.range(0, side - 1);
                }
            }
            objects.push(Object::new(i as u32, PxBox::new(0, 0, w, h), group));
            movers.push(m);
        }
        let mut scene = Scene {
            workload,
            objects,
            movers,
            centres,
            side,
            reach,
            rng,
        };
        scene.place();
        scene
    }

    /// The current frame's objects.
    #[must_use]
    pub fn objects(&self) -> &[Object] {
        &self.objects
    }

    /// The workload being played.
    #[must_use]
    pub fn workload(&self) -> Workload {
        self.workload
    }

    /// Advances one frame.
    pub fn step(&mut self) {
        let (side, reach) = (self.side, self.reach);
        for m in &mut self.movers {
            match self.workload {
                Workload::Clusters16 => {
                    m.x = (m.x + m.vx + reach).rem_euclid(2 * reach) - reach;
                    m.y = (m.y + m.vy + reach).rem_euclid(2 * reach) - reach;
                }
                Workload::Ring => m.angle += m.spin,
                Workload::Jumps => {
                    m.x = self.rng.range(0, side - 1);
                    m.y = self.rng.range(0, side - 1);
                }
                _ => {
                    m.x = (m.x + m.vx).rem_euclid(side);
                    m.y = (m.y + m.vy).rem_euclid(side);
                }
            }
        }
        self.place();
    }

    /// Writes the movers' positions into the objects' boxes.
    fn place(&mut self) {
        let half = self.side / 2;
        for (o, m) in self.objects.iter_mut().zip(&self.movers) {
            let (x, y) = match self.workload {
                Workload::Clusters16 => {
                    let (cx, cy) = self.centres[m.home as usize];
                    (cx + m.x, cy + m.y)
                }
                Workload::Ring => {
                    let r = f64::from(m.home);
                    (
                        half + (r * m.angle.cos()).round() as i32,
                        half + (r * m.angle.sin()).round() as i32,
                    )
                }
                _ => (m.x, m.y),
            };
            o.bbox.x = x;
            o.bbox.y = y;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::truth::{Scope, box_pairs};

    #[test]
    fn uniform_drift_has_about_0_44_n_pairs() {
        let mut scene = Scene::new(Workload::Uniform, 2000, 7);
        let mut total = 0usize;
        for _ in 0..10 {
            scene.step();
            total += box_pairs(scene.objects(), Scope::Game).len();
        }
        let per_frame = total as f64 / 10.0 / 2000.0;
        assert!((0.35..0.55).contains(&per_frame), "{per_frame}");
    }

    #[test]
    fn same_seed_same_frames() {
        for &w in Workload::ALL {
            let mut a = Scene::new(w, 300, 3);
            let mut b = Scene::new(w, 300, 3);
            a.step();
            b.step();
            assert_eq!(a.objects(), b.objects(), "{w}");
            assert_eq!(w.as_str().parse::<Workload>(), Ok(w));
        }
    }

    #[test]
    fn pileup_is_one_column() {
        let scene = Scene::new(Workload::Pileup, 1000, 1);
        assert!(scene.objects().iter().all(|o| (0..4).contains(&o.bbox.x)));
        let pairs = box_pairs(scene.objects(), Scope::Game).len();
        assert!((1500..2500).contains(&pairs), "{pairs}");
    }
}
