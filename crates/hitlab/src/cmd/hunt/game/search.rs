//! The search over a program's inputs, on every core: each worker plays seeded input
//! sequences of its own (random presses and holds, or the best sequences it has played so
//! far cut at a promising frame and continued at random, branching from the state kept
//! there instead of replaying from the start).
//!
//! Deterministic for a seed and a thread count: worker `w` draws from its own generator
//! (the seed and `w`), never from another's results, and the finding kept is the one with
//! the lowest (play, worker) among them; a worker stops once it is past the best play found,
//! so no worker that could still find an earlier one is stopped.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use collide::rng::SplitMix64;
use machine::program::{HarnessState, Input};
use rayon::prelude::*;
use scene::program::LoadedProgram;

use super::judge::Rule;
use super::play::{End, Runner, Start};

/// Best sequences a worker keeps to branch from.
const CORPUS: usize = 3;

/// The longest hold, in frames.
const MAX_HOLD: u32 = 24;

/// What a search is given.
pub(crate) struct Budget {
    /// Calls in all, shared evenly among the workers.
    pub frames: u64,
    /// Wall-clock seconds, when given (a search stopped by time is not repeatable).
    pub seconds: Option<f64>,
    /// Workers.
    pub threads: usize,
    /// The seed.
    pub seed: u64,
}

/// A sequence that ended early, and where.
#[derive(Clone, Debug)]
pub(crate) struct Hit {
    /// The inputs from the start (index 0 is the start's first call).
    pub suffix: Vec<Input>,
    /// How it ended.
    pub end: End,
    /// The worker and its play that found it.
    pub worker: usize,
    pub play: u64,
}

/// The search's outcome.
pub(crate) struct Searched {
    /// Calls played by all workers.
    pub frames: u64,
    /// Wall time.
    pub secs: f64,
    /// The finding kept.
    pub hit: Option<Hit>,
}

struct Entry {
    suffix: Vec<Input>,
    /// Per input index, how promising the frame that call completed is.
    promise: Vec<u64>,
    score: u64,
    /// Input indices by promise, best first.
    hot: Vec<usize>,
    kept: Vec<(usize, HarnessState)>,
}

/// Random presses and holds from `out.len()` to `len`.
fn random_holds(rng: &mut SplitMix64, out: &mut Vec<Input>, len: usize) {
    const DIRS: [u16; 4] = [Input::UP, Input::DOWN, Input::LEFT, Input::RIGHT];
    while out.len() < len {
        let hold = 1 + rng.below(MAX_HOLD) as usize;
        let dir = DIRS[rng.below(4) as usize];
        let pad1 = match rng.below(8) {
            0 => 0,
            1..=3 => dir,
            4 => dir | Input::A,
            5 => Input::A,
            6 => dir | DIRS[rng.below(4) as usize],
            _ => dir | Input::B,
        };
        let n = hold.min(len - out.len());
        out.extend(std::iter::repeat_n(Input { pad1 }, n));
    }
}

/// Searches with `budget.threads` workers.
pub(crate) fn search(
    p: &LoadedProgram,
    start: &Start,
    rules: &[Rule],
    budget: &Budget,
) -> Searched {
    let started = Instant::now();
    let best = AtomicU64::new(u64::MAX);
    let out_of_time = AtomicBool::new(false);
    let share = budget.frames.div_ceil(budget.threads as u64);
    // Progress on a terminal: frames played by all workers against the budget.
    let bar = crate::long_run::bar(budget.frames, format!("hunt on {} threads", budget.threads));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(budget.threads)
        .build();
    let work = |w: usize| -> (u64, Option<Hit>) {
        let key = |play: u64| (play << 16) | w as u64;
        let Ok(mut runner) = Runner::new(p, start, rules) else {
            return (0, None);
        };
        let mut rng = SplitMix64(budget.seed ^ (w as u64).wrapping_mul(0xA076_1D64_78BD_642F));
        let mut corpus: Vec<Entry> = Vec::new();
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
            // A fresh sequence one play in three (and until there is a best to cut).
            let base = (!corpus.is_empty() && rng.below(3) != 0)
                .then(|| &corpus[rng.below(corpus.len() as u32) as usize]);
            let mut suffix = Vec::with_capacity(start.calls);
            let mut from = None;
            if let Some(e) = base {
                let cut = if !e.hot.is_empty() && rng.below(2) == 0 {
                    let h = e.hot[rng.below(e.hot.len().min(8) as u32) as usize];
                    h.saturating_sub(rng.below(MAX_HOLD) as usize)
                } else {
                    rng.below(start.calls as u32) as usize
                };
                // Branch from the last state kept at or before the cut.
                from = e
                    .kept
                    .iter()
                    .rev()
                    .find(|(i, _)| *i <= cut)
                    .map(|(i, s)| (*i, s.clone()));
                suffix.extend_from_slice(&e.suffix[..cut.min(e.suffix.len())]);
            }
            let kept_before: Vec<(usize, HarnessState)> = base
                .map(|e| {
                    let upto = from.as_ref().map_or(0, |f| f.0);
                    e.kept.iter().filter(|(i, _)| *i <= upto).cloned().collect()
                })
                .unwrap_or_default();
            random_holds(&mut rng, &mut suffix, start.calls);
            let mut played = runner.play(start, &suffix, from.as_ref().map(|(i, s)| (*i, s)), true);
            // The frames before the branch are the base's: their promise too.
            if let (Some(e), Some((at, _))) = (base, &from) {
                played.promise[..*at].copy_from_slice(&e.promise[..*at]);
            }
            frames += played.calls;
            bar.inc(played.calls);
            if let Some(end) = played.end {
                best.fetch_min(key(play), Ordering::Relaxed);
                return (
                    frames,
                    Some(Hit {
                        suffix,
                        end,
                        worker: w,
                        play,
                    }),
                );
            }
            let score: u64 = played.promise.iter().sum();
            if corpus.len() < CORPUS || corpus.iter().any(|e| e.score < score) {
                let mut hot: Vec<usize> = (0..suffix.len())
                    .filter(|&i| played.promise[i] > 0)
                    .collect();
                hot.sort_by_key(|&i| std::cmp::Reverse(played.promise[i]));
                let mut kept = kept_before;
                kept.extend(played.kept);
                if corpus.len() >= CORPUS
                    && let Some(worst) = (0..corpus.len()).min_by_key(|&k| corpus[k].score)
                {
                    corpus.swap_remove(worst);
                }
                corpus.push(Entry {
                    suffix,
                    promise: played.promise,
                    score,
                    hot,
                    kept,
                });
            }
        }
        (frames, None)
    };
    let results: Vec<(u64, Option<Hit>)> = match pool {
        Ok(pool) => pool.install(|| (0..budget.threads).into_par_iter().map(work).collect()),
        Err(_) => (0..budget.threads).map(work).collect(),
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
