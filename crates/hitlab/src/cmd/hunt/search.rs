//! The search: seeded random frames, played and judged one after another until one
//! disagrees or the budget is spent.

use std::time::Instant;

use collide::rng::SplitMix64;

use crate::Fault;

use super::judge::Judge;
use super::space::{Frame, Space};

/// What a search played.
pub(super) struct Searched {
    /// Frames played, the disagreeing one included.
    pub(super) frames: u32,
    /// Frames played per second of wall time.
    pub(super) fps: f64,
    /// The first frame that disagrees.
    pub(super) hit: Option<Frame>,
}

/// Plays up to `budget` frames of `lo..=hi` objects drawn from `seed`, stopping at the first
/// one `judge` finds a disagreement in.
///
/// # Errors
/// Ctrl-C.
pub(super) fn scene_frames(
    space: &Space,
    judge: &Judge<'_>,
    seed: u64,
    (lo, hi): (u32, u32),
    budget: u32,
) -> Result<Searched, Fault> {
    let mut rng = SplitMix64(seed);
    let started = Instant::now();
    let mut searched = 0u32;
    let mut hit: Option<Frame> = None;
    while searched < budget {
        crate::long_run::check()?;
        let n = lo + rng.below(hi - lo + 1);
        let frame = space.random(&mut rng, n);
        searched += 1;
        if judge.judge(&frame).is_some() {
            hit = Some(frame);
            break;
        }
    }
    let secs = started.elapsed().as_secs_f64();
    Ok(Searched {
        frames: searched,
        fps: f64::from(searched) / secs.max(1e-9),
        hit,
    })
}
