//! Shrinking a failing input sequence: the shortest (cut after the frame that fails, whole
//! stretches removed) with the fewest presses (stretches released, buttons let go) that
//! still fails the same expectation. Each try replays from the last state kept before its
//! first changed input, so a try near the end costs a few frames, not the whole sequence.
//! Its plays are counted by the engine's [`Tries`] (none after Ctrl-C).

use machine::program::{HarnessState, Input};

use super::super::engine::Tries;
use super::play::{End, Played, Runner, Start};

/// The shrunk sequence and how it fails.
pub(crate) struct Shrunk {
    pub suffix: Vec<Input>,
    pub end: End,
    pub plays: u32,
}

/// Presses: a button going down.
pub(crate) fn presses(s: &[Input]) -> u32 {
    let mut last = 0u16;
    let mut n = 0;
    for i in s {
        n += (i.pad1 & !last).count_ones();
        last = i.pad1;
    }
    n
}

fn same(a: &End, b: &End) -> bool {
    match (a, b) {
        (End::Broken(x), End::Broken(y)) => x.rule == y.rule,
        (End::Fault(_), End::Fault(_)) => true,
        _ => false,
    }
}

/// The index of the call after which `end` is known (the sequence needs no input past it).
fn needed(start: &Start, end: &End, played: &Played, len: usize) -> usize {
    match end {
        // Frame F's decisions are made in call F + 1.
        End::Broken(b) => ((b.frame as usize + 2).saturating_sub(start.at())).min(len),
        End::Fault(_) => (played.calls as usize).min(len),
    }
}

struct Best {
    suffix: Vec<Input>,
    end: End,
    kept: Vec<(usize, HarnessState)>,
}

/// Plays `cand`, from the last state `best` kept before its first change: whether it
/// still fails as `best` does (then it is the new best, cut after the frame that fails).
fn attempt(runner: &mut Runner, start: &Start, cand: Vec<Input>, best: &mut Best) -> bool {
    let diff = cand
        .iter()
        .zip(&best.suffix)
        .position(|(a, b)| a != b)
        .unwrap_or(cand.len().min(best.suffix.len()));
    let from = best.kept.iter().rev().find(|(i, _)| *i <= diff);
    let played = runner.play(start, &cand, from.map(|(i, s)| (*i, s)), true);
    match played.end.clone() {
        Some(e) if same(&e, &best.end) => {
            let n = needed(start, &e, &played, cand.len());
            let upto = from.map_or(0, |f| f.0);
            let mut kept: Vec<(usize, HarnessState)> = best
                .kept
                .iter()
                .filter(|(i, _)| *i <= upto)
                .cloned()
                .collect();
            kept.extend(played.kept);
            *best = Best {
                suffix: cand[..n].to_vec(),
                end: e,
                kept,
            };
            true
        }
        _ => false,
    }
}

/// Shrinks `suffix`, which ends with `end` from `start`, in at most `limit` plays.
pub(crate) fn shrink(
    runner: &mut Runner,
    start: &Start,
    suffix: Vec<Input>,
    end: End,
    limit: u32,
) -> Shrunk {
    let mut tries = Tries::new(limit);
    // The first play keeps the states every later try branches from.
    if !tries.take() {
        return Shrunk {
            suffix,
            end,
            plays: tries.made,
        };
    }
    let first = runner.play(start, &suffix, None, true);
    let Some(e) = first.end.clone().filter(|e| same(e, &end)) else {
        return Shrunk {
            suffix,
            end,
            plays: tries.made,
        };
    };
    let n = needed(start, &e, &first, suffix.len());
    let mut best = Best {
        suffix: suffix[..n].to_vec(),
        end: e,
        kept: first.kept,
    };
    let mut try_cand = |cand: Vec<Input>, best: &mut Best, tries: &mut Tries| {
        tries.attempt(|| attempt(runner, start, cand, best))
    };
    // Shortest: remove stretches, halving their length.
    let mut chunk = best.suffix.len() / 2;
    while chunk >= 1 {
        let mut at = 0;
        while at < best.suffix.len() {
            let mut cand = best.suffix.clone();
            let to = (at + chunk).min(cand.len());
            cand.drain(at..to);
            if !try_cand(cand, &mut best, &mut tries) {
                at += chunk;
            }
        }
        chunk /= 2;
    }
    // Fewest presses: release stretches, then let go of each button in each hold.
    let mut chunk = best.suffix.len() / 2;
    while chunk >= 1 {
        let mut at = 0;
        while at < best.suffix.len() {
            let to = (at + chunk).min(best.suffix.len());
            if best.suffix[at..to].iter().any(|i| i.pad1 != 0) {
                let mut cand = best.suffix.clone();
                cand[at..to].fill(Input::default());
                try_cand(cand, &mut best, &mut tries);
            }
            at += chunk;
        }
        chunk /= 2;
    }
    for bit in 0..8 {
        let mask = 1u16 << bit;
        let mut at = 0;
        while at < best.suffix.len() {
            if best.suffix[at].pad1 & mask == 0 {
                at += 1;
                continue;
            }
            let to = (at..best.suffix.len())
                .find(|&k| best.suffix[k].pad1 & mask == 0)
                .unwrap_or(best.suffix.len());
            let mut cand = best.suffix.clone();
            for i in &mut cand[at..to] {
                i.pad1 &= !mask;
            }
            if !try_cand(cand, &mut best, &mut tries) {
                at = to;
            }
        }
    }
    Shrunk {
        suffix: best.suffix,
        end: best.end,
        plays: tries.made,
    }
}
