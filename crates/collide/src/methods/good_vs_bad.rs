//! `good-vs-bad`: seed 002, Method 2. Only Good x Bad pairs are tested ("for each of the
//! 'good' sprites, check if it collides with a 'bad' sprite"), with the four rejection tests
//! in the half-open convention; `(good)*(bad)*4` in `seed_ops`, 6,400 for 40 and 40.
//!
//! Exact for Good-Bad pairs; Good-Good and Bad-Bad pairs are never reported, Art never
//! takes part. The seed keeps Good sprites first in its one array of 80; here the groups may
//! be interleaved, so the method gathers each group's indices first.

use crate::method::{Found, Frame, Method, MethodId, Pair};
use crate::object::Group;

use super::half_pairs::{SEED_TESTS_PER_PAIR, reject_tests};

/// Good x Bad pairs only.
#[derive(Debug, Default)]
pub struct GoodVsBad {
    good: Vec<u32>,
    bad: Vec<u32>,
}

impl Method for GoodVsBad {
    fn id(&self) -> MethodId {
        MethodId::GoodVsBad
    }

    fn run(&mut self, frame: &Frame<'_>, found: &mut Found) {
        let objects = frame.objects;
        self.good.clear();
        self.bad.clear();
        for (i, o) in objects.iter().enumerate() {
            match o.group {
                Group::Good => self.good.push(i as u32),
                Group::Bad => self.bad.push(i as u32),
                Group::Art => {}
            }
        }
        let mut executed = 0;
        for &g in &self.good {
            let a = &objects[g as usize].bbox;
            for &b in &self.bad {
                let (hit, n) = reject_tests(a, &objects[b as usize].bbox);
                executed += n;
                if hit {
                    found.pairs.push(Pair::new(g, b));
                }
            }
        }
        let pairs = self.good.len() as u64 * self.bad.len() as u64;
        found.cost.pair_tests += pairs;
        found.cost.seed_ops += pairs * SEED_TESTS_PER_PAIR;
        found.cost.comparisons += executed;
    }
}
