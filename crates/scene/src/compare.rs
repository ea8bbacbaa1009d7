//! The three-way verdict (specs/harness.md, "Compare"): truth, hardware, and each method.

use collide::Pair;

/// A method's pairs against one truth.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Pairs in both.
    pub hits: Vec<Pair>,
    /// Truth pairs the method did not report.
    pub misses: Vec<Pair>,
    /// Reported pairs that are not in the truth.
    pub false_alarms: Vec<Pair>,
}

impl Tally {
    /// Classifies sorted `found` against sorted `truth`.
    #[must_use]
    pub fn of(found: &[Pair], truth: &[Pair]) -> Self {
        let mut t = Self::default();
        let (mut i, mut j) = (0, 0);
        while i < found.len() || j < truth.len() {
            match (found.get(i), truth.get(j)) {
                (Some(f), Some(g)) if f == g => {
                    t.hits.push(*f);
                    i += 1;
                    j += 1;
                }
                (Some(f), Some(g)) if f < g => {
                    t.false_alarms.push(*f);
                    i += 1;
                }
                (Some(f), None) => {
                    t.false_alarms.push(*f);
                    i += 1;
                }
                (_, Some(g)) => {
                    t.misses.push(*g);
                    j += 1;
                }
                (None, None) => unreachable!(),
            }
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merge_classifies_every_pair_once() {
        let p = |a, b| Pair::new(a, b);
        let found = [p(0, 1), p(0, 3), p(2, 5)];
        let truth = [p(0, 1), p(1, 2), p(2, 5), p(4, 6)];
        let t = Tally::of(&found, &truth);
        assert_eq!(t.hits, vec![p(0, 1), p(2, 5)]);
        assert_eq!(t.misses, vec![p(1, 2), p(4, 6)]);
        assert_eq!(t.false_alarms, vec![p(0, 3)]);
    }
}
