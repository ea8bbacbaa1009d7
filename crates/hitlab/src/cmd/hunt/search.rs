//! The scene hunt's search space for [`engine`](super::engine): a case is a seeded random
//! frame of `lo..=hi` objects, played and judged on its own (each frame is drawn fresh:
//! frames have no state to branch from).

use collide::rng::SplitMix64;

use super::engine::{Hunt, Play};
use super::judge::Judge;
use super::space::{Frame, Space};

/// Random frames of `lo..=hi` objects on `space`, judged by `judge`.
pub(super) struct SceneFrames<'a> {
    pub space: &'a Space,
    pub judge: &'a Judge<'a>,
    pub objects: (u32, u32),
}

impl Hunt for SceneFrames<'_> {
    type Case = Frame;
    type End = ();
    type Worker = ();

    fn worker(&self) -> Option<()> {
        Some(())
    }

    fn play(&self, (): &mut (), rng: &mut SplitMix64) -> Play<Frame, ()> {
        let (lo, hi) = self.objects;
        let n = lo + rng.below(hi - lo + 1);
        let frame = self.space.random(rng, n);
        let wrong = self.judge.judge(&frame).is_some().then_some((frame, ()));
        Play { frames: 1, wrong }
    }
}
