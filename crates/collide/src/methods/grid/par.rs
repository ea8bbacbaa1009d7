//! `grid` on every core (feature `parallel`): the strips are staged on one thread exactly
//! as in [`Grid`], then swept in parallel, each rayon task taking a run of strips with
//! about the same number of boxes and its own sort and pair buffers. Reported apart from
//! the single-thread figures (specs/performance.md).

use rayon::prelude::*;

use crate::cost::Cost;
use crate::method::{Found, Frame, Method, MethodId, Pair};

use super::lanes::{Lanes, SortScratch};
use super::{Grid, Staged};

/// Below this many boxes in strips the sweep stays on one thread.
const PARALLEL_FROM: u64 = 50_000;

/// Runs of strips per thread, so that uneven strips still balance.
const PARTS_PER_THREAD: usize = 4;

/// One task's buffers, kept between frames.
#[derive(Debug, Default)]
struct Part {
    lanes: Lanes<u16>,
    scratch: SortScratch<u16>,
    pairs: Vec<Pair>,
    found: usize,
    cost: Cost,
}

/// The uniform grid with its sweep spread over rayon's threads.
#[derive(Debug, Default)]
pub struct GridPar {
    grid: Grid,
    parts: Vec<Part>,
    runs: Vec<std::ops::Range<usize>>,
}

impl GridPar {
    /// A parallel grid with empty buffers.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }
}

impl Method for GridPar {
    fn id(&self) -> MethodId {
        MethodId::Grid
    }

    fn run(&mut self, frame: &Frame<'_>, found: &mut Found) {
        let l = match self.grid.stage(frame.objects, &mut found.cost) {
            Staged::Narrow(l) => l,
            other => {
                let n = self.grid.sweep_staged(other, &mut found.cost);
                found.pairs.extend_from_slice(&self.grid.pairs[..n]);
                return;
            }
        };
        let staged = self.grid.narrow.staged(&l);
        let strips = &staged.counts[..l.strips];
        let total: u64 = strips.iter().map(|&c| u64::from(c)).sum();
        if total < PARALLEL_FROM {
            let n = self.grid.sweep_staged(Staged::Narrow(l), &mut found.cost);
            found.pairs.extend_from_slice(&self.grid.pairs[..n]);
            return;
        }
        // Cut the strips into runs of about equal box counts.
        let parts = rayon::current_num_threads() * PARTS_PER_THREAD;
        self.runs.clear();
        let (mut from, mut seen) = (0usize, 0u64);
        for (s, &c) in strips.iter().enumerate() {
            seen += u64::from(c);
            if seen * parts as u64 >= total * (self.runs.len() as u64 + 1) {
                self.runs.push(from..s + 1);
                from = s + 1;
            }
        }
        if from < strips.len() {
            self.runs.push(from..strips.len());
        }
        if self.parts.len() < self.runs.len() {
            self.parts.resize_with(self.runs.len(), Part::default);
        }
        let parts = &mut self.parts[..self.runs.len()];
        parts
            .par_iter_mut()
            .zip(self.runs.par_iter())
            .for_each(|(part, run)| {
                part.cost = Cost::default();
                part.found = staged.sweep(
                    run.clone(),
                    &mut part.lanes,
                    &mut part.scratch,
                    &mut part.pairs,
                    &mut part.cost,
                );
            });
        for part in parts.iter() {
            found.pairs.extend_from_slice(&part.pairs[..part.found]);
            found.cost += part.cost;
        }
    }
}
