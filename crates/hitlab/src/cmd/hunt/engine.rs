//! The search engine of both hunts: seeded workers on a thread pool, each playing cases of
//! its own (scene frames, input sequences) until one goes wrong or the budget, in frames or
//! seconds, is spent; progress on a terminal; Ctrl-C stops the search and keeps what was
//! found. What a case is, how it is drawn (fresh, or a mutation of the best a worker kept)
//! and how it is played and judged is the hunt's own, behind [`Hunt`]; the scene hunt's is
//! in `search.rs`, the program hunt's in `game/search.rs`. Shrinking shares [`Tries`], and
//! writing the finding `written.rs`'s [`Written`](super::written::Written).
//!
//! Deterministic for a seed and a thread count: worker `w` draws from its own generator
//! (the seed and `w`; worker 0's is the seed's own), never from another's results, and the
//! finding kept is the one with the lowest (play, worker) among them; a worker stops once
//! it is past the best play found, so no worker that could still find an earlier one is
//! stopped. A search stopped by time or Ctrl-C is not repeatable.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use collide::rng::SplitMix64;
use rayon::prelude::*;

/// A search space: how a worker draws a case and plays it.
pub(super) trait Hunt: Sync {
    /// What one play tries.
    type Case: Send;
    /// How a case went wrong.
    type End: Send;
    /// A worker's own state (its machine, the cases it keeps to mutate).
    type Worker;

    /// A worker's state; `None` when it cannot be made (the search then plays nothing on
    /// that worker).
    fn worker(&self) -> Option<Self::Worker>;

    /// Draws the next case from `rng` and plays it.
    fn play(&self, worker: &mut Self::Worker, rng: &mut SplitMix64) -> Play<Self::Case, Self::End>;
}

/// One play.
pub(super) struct Play<C, E> {
    /// Frames played.
    pub frames: u64,
    /// The case and how it went wrong, if it did.
    pub wrong: Option<(C, E)>,
}

/// What a search is given.
pub(super) struct Budget {
    /// Frames in all, shared evenly among the workers.
    pub frames: u64,
    /// Wall-clock seconds, when given.
    pub seconds: Option<f64>,
    /// Workers.
    pub threads: usize,
    /// The seed.
    pub seed: u64,
}

/// A case that went wrong, and who found it.
pub(super) struct Hit<C, E> {
    pub case: C,
    pub end: E,
    /// The worker and its play that found it.
    pub worker: usize,
    pub play: u64,
}

/// The search's outcome.
pub(super) struct Searched<C, E> {
    /// Frames played by all workers.
    pub frames: u64,
    /// Wall time.
    pub secs: f64,
    /// The finding kept.
    pub hit: Option<Hit<C, E>>,
}

impl<C, E> Searched<C, E> {
    /// Frames played per second of wall time.
    pub fn fps(&self) -> f64 {
        self.frames as f64 / self.secs.max(1e-9)
    }
}

/// What a worker played: its frames and its finding.
type Worked<C, E> = (u64, Option<Hit<C, E>>);

/// Worker `w`'s generator.
fn rng_of(seed: u64, w: usize) -> SplitMix64 {
    SplitMix64(seed ^ (w as u64).wrapping_mul(0xA076_1D64_78BD_642F))
}

/// Searches `hunt` with `budget.threads` workers; `label` names the progress bar.
pub(super) fn search<H: Hunt>(hunt: &H, budget: &Budget, label: &str) -> Searched<H::Case, H::End> {
    let started = Instant::now();
    let best = AtomicU64::new(u64::MAX);
    let out_of_time = AtomicBool::new(false);
    let threads = budget.threads.max(1);
    let share = budget.frames.div_ceil(threads as u64);
    let bar = crate::long_run::bar(budget.frames, format!("{label} on {threads} threads"));
    let work = |w: usize| -> Worked<H::Case, H::End> {
        let key = |play: u64| (play << 16) | w as u64;
        let Some(mut worker) = hunt.worker() else {
            return (0, None);
        };
        let mut rng = rng_of(budget.seed, w);
        let mut frames = 0u64;
        for play in 0.. {
            if frames >= share
                || best.load(Ordering::Relaxed) < key(play)
                || out_of_time.load(Ordering::Relaxed)
                || crate::long_run::stopped()
            {
                break;
            }
            if let Some(s) = budget.seconds
                && started.elapsed().as_secs_f64() > s
            {
                out_of_time.store(true, Ordering::Relaxed);
                break;
            }
            let played = hunt.play(&mut worker, &mut rng);
            frames += played.frames;
            bar.inc(played.frames);
            if let Some((case, end)) = played.wrong {
                best.fetch_min(key(play), Ordering::Relaxed);
                let hit = Hit {
                    case,
                    end,
                    worker: w,
                    play,
                };
                return (frames, Some(hit));
            }
        }
        (frames, None)
    };
    let results: Vec<Worked<H::Case, H::End>> = if threads == 1 {
        vec![work(0)]
    } else {
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(|| (0..threads).into_par_iter().map(work).collect()),
            Err(_) => (0..threads).map(work).collect(),
        }
    };
    bar.finish_and_clear();
    let frames = results.iter().map(|r| r.0).sum();
    let hit = results
        .into_iter()
        .filter_map(|r| r.1)
        .min_by_key(|h| (h.play, h.worker));
    Searched {
        frames,
        secs: started.elapsed().as_secs_f64(),
        hit,
    }
}

/// The shrinker's plays: at most a limit, and none once Ctrl-C was pressed (the shrinker
/// then ends at once and the finding is written as far as it got).
pub(super) struct Tries {
    limit: u32,
    /// Plays made.
    pub made: u32,
}

impl Tries {
    /// At most `limit` plays.
    pub const fn new(limit: u32) -> Self {
        Self { limit, made: 0 }
    }

    /// Whether another play may be made.
    pub fn left(&self) -> bool {
        self.made < self.limit && !crate::long_run::stopped()
    }

    /// Counts a play when one is left: whether it may be made.
    pub fn take(&mut self) -> bool {
        if !self.left() {
            return false;
        }
        self.made += 1;
        true
    }

    /// Plays `fails` when a play is left: whether the candidate still fails.
    pub fn attempt(&mut self, fails: impl FnOnce() -> bool) -> bool {
        self.take() && fails()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cases are numbers drawn below 1000; a case goes wrong when it is below `below`.
    struct Below(u32);

    impl Hunt for Below {
        type Case = u32;
        type End = ();
        type Worker = ();
        fn worker(&self) -> Option<()> {
            Some(())
        }
        fn play(&self, (): &mut (), rng: &mut SplitMix64) -> Play<u32, ()> {
            let n = rng.below(1000);
            Play {
                frames: 1,
                wrong: (n < self.0).then_some((n, ())),
            }
        }
    }

    fn budget(frames: u64, threads: usize) -> Budget {
        Budget {
            frames,
            seconds: None,
            threads,
            seed: 7,
        }
    }

    #[test]
    fn one_worker_draws_from_the_seed_itself() {
        // Worker 0's generator is the seed's: the first number below 5 it draws is the
        // first such number of SplitMix64(7), found after as many draws.
        let mut rng = SplitMix64(7);
        let (at, first) = (1u64..)
            .map(|i| (i, rng.below(1000)))
            .find(|&(_, n)| n < 5)
            .unwrap();
        let s = search(&Below(5), &budget(1_000_000, 1), "test");
        let hit = s.hit.expect("found");
        assert_eq!((hit.case, hit.play + 1, s.frames), (first, at, at));
    }

    #[test]
    fn a_seed_and_a_thread_count_give_the_same_finding() {
        let a = search(&Below(3), &budget(1_000_000, 3), "test")
            .hit
            .unwrap();
        let b = search(&Below(3), &budget(1_000_000, 3), "test")
            .hit
            .unwrap();
        assert_eq!((a.case, a.worker, a.play), (b.case, b.worker, b.play));
    }

    #[test]
    fn the_budget_is_shared_and_kept() {
        let s = search(&Below(0), &budget(101, 2), "test");
        assert!(s.hit.is_none());
        // 51 frames a worker (101 shared by 2, rounded up).
        assert_eq!(s.frames, 102);
    }

    #[test]
    fn tries_stop_at_the_limit() {
        let mut t = Tries::new(3);
        assert!(t.take(), "a play left, counted");
        assert!(t.attempt(|| true));
        assert!(!t.attempt(|| false));
        assert!(!t.attempt(|| true), "no play left");
        assert!(!t.take(), "no play left");
        assert_eq!(t.made, 3, "the take and the two attempts");
    }
}
