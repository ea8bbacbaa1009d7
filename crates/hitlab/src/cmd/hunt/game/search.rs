//! The program hunt's search space for the [`engine`](super::super::engine): a worker
//! plays seeded input sequences of its own (random presses and holds, or the best
//! sequences it has played so far cut at a promising frame and continued at random,
//! branching from the state kept there instead of replaying from the start).

use collide::rng::SplitMix64;
use machine::program::{HarnessState, Input};
use scene::program::LoadedProgram;

use super::super::engine::{Hunt, Play};
use super::judge::Rule;
use super::play::{End, Runner, Start};

/// Best sequences a worker keeps to branch from.
const CORPUS: usize = 3;

/// The longest hold, in frames.
const MAX_HOLD: u32 = 24;

/// Input sequences from `start` on the program `p`, judged by `rules`.
pub(crate) struct Inputs<'a> {
    pub p: &'a LoadedProgram,
    pub start: &'a Start,
    pub rules: &'a [Rule],
}

/// A worker: its machine and the best sequences it played.
pub(crate) struct Worker {
    runner: Runner,
    corpus: Vec<Entry>,
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

impl Hunt for Inputs<'_> {
    type Case = Vec<Input>;
    type End = End;
    type Worker = Worker;

    fn worker(&self) -> Option<Worker> {
        Some(Worker {
            runner: Runner::new(self.p, self.start, self.rules).ok()?,
            corpus: Vec::new(),
        })
    }

    fn play(&self, worker: &mut Worker, rng: &mut SplitMix64) -> Play<Vec<Input>, End> {
        let start = self.start;
        let Worker { runner, corpus } = worker;
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
        random_holds(rng, &mut suffix, start.calls);
        let mut played = runner.play(start, &suffix, from.as_ref().map(|(i, s)| (*i, s)), true);
        // The frames before the branch are the base's: their promise too.
        if let (Some(e), Some((at, _))) = (base, &from) {
            played.promise[..*at].copy_from_slice(&e.promise[..*at]);
        }
        let frames = played.calls;
        if let Some(end) = played.end {
            return Play {
                frames,
                wrong: Some((suffix, end)),
            };
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
        Play {
            frames,
            wrong: None,
        }
    }
}
