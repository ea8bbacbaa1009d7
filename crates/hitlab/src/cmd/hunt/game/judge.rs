//! What counts as the program being wrong in one frame: the program file's expectations
//! `NoMiss(truth)` and `NoFalseAlarm(truth)`, applied to one frame's record the way
//! `scene::program::tally::score_frame` counts them (only judged frames, only objects of the
//! judged group), with the pair that shows it.

use collide::Pair;
use machine::program::FrameRecord;
use scene::program::format::{ProgramExpectation, TruthKind};

/// One expectation a frame can break.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rule {
    /// Box or pixel truth.
    pub truth: TruthKind,
    /// A miss (`NoMiss`) or a false alarm (`NoFalseAlarm`).
    pub miss: bool,
}

impl Rule {
    /// The rules among a program file's expectations; both kinds on box truth when it
    /// names neither (a program with watches judges its decisions against the boxes).
    pub fn of(expect: &[ProgramExpectation]) -> (Vec<Self>, bool) {
        let named: Vec<Self> = expect
            .iter()
            .filter_map(|e| match e {
                ProgramExpectation::NoMiss(t) => Some(Self {
                    truth: *t,
                    miss: true,
                }),
                ProgramExpectation::NoFalseAlarm(t) => Some(Self {
                    truth: *t,
                    miss: false,
                }),
                _ => None,
            })
            .collect();
        if named.is_empty() {
            let both = [true, false].map(|miss| Self {
                truth: TruthKind::Box,
                miss,
            });
            (both.to_vec(), false)
        } else {
            (named, true)
        }
    }

    /// The expectation, as a program file writes it.
    pub fn ron(self) -> String {
        let t = match self.truth {
            TruthKind::Box => "Box",
            TruthKind::Pixel => "Pixel",
        };
        if self.miss {
            format!("NoMiss({t})")
        } else {
            format!("NoFalseAlarm({t})")
        }
    }

    /// "miss" or "false alarm".
    pub const fn kind(self) -> &'static str {
        if self.miss { "miss" } else { "false alarm" }
    }
}

/// A frame that breaks a rule.
#[derive(Clone, Debug)]
pub(crate) struct Broken {
    /// The frame.
    pub frame: u32,
    /// The rule.
    pub rule: Rule,
    /// The object the program got wrong (index into the frame's objects).
    pub object: usize,
    /// For a miss, the true pair it is in (object indices).
    pub pair: Option<(u32, u32)>,
}

/// The first rule `r` breaks, in the order of `rules`.
pub(crate) fn broken(rules: &[Rule], r: &FrameRecord) -> Option<Broken> {
    if !r.judged {
        return None;
    }
    let objects = &r.objects.objects;
    let counts = |o: usize| objects.get(o).is_some_and(|o| r.judged_objects.includes(o));
    let marked = |o: usize| r.decided_objects.contains(&o);
    for &rule in rules {
        let pairs: &[Pair] = match rule.truth {
            TruthKind::Box => &r.box_pairs,
            TruthKind::Pixel => &r.pixel_pairs,
        };
        let truth = FrameRecord::objects_in(pairs);
        let wrong = if rule.miss {
            truth.iter().copied().find(|&o| counts(o) && !marked(o))
        } else {
            r.decided_objects
                .iter()
                .copied()
                .find(|&o| counts(o) && !truth.contains(&o))
        };
        if let Some(object) = wrong {
            let pair = pairs
                .iter()
                .find(|p| p.a as usize == object || p.b as usize == object)
                .map(|p| (p.a, p.b));
            return Some(Broken {
                frame: r.frame,
                rule,
                object,
                pair,
            });
        }
    }
    None
}

/// How promising a frame is to branch from: its true pairs among judged objects count most,
/// then a chip flag that differs from the truth (the record's `chip_reasons`: a frame where
/// the hardware and the truth part is where a program that trusts the flag goes wrong),
/// then how near its objects come to each other (in pixels between their boxes).
pub(crate) fn promise(r: &FrameRecord) -> u64 {
    let objs = &r.objects.objects;
    let mut near = 0u64;
    for (i, a) in objs.iter().enumerate() {
        for b in &objs[i + 1..] {
            let gap_x = (b.bbox.x - (a.bbox.x + i32::from(a.bbox.w)))
                .max(a.bbox.x - (b.bbox.x + i32::from(b.bbox.w)))
                .max(0);
            let gap_y = (b.bbox.y - (a.bbox.y + i32::from(a.bbox.h)))
                .max(a.bbox.y - (b.bbox.y + i32::from(b.bbox.h)))
                .max(0);
            let gap = u64::try_from(gap_x.max(gap_y)).unwrap_or(0);
            near = near.max(64u64.saturating_sub(gap));
        }
    }
    let chip_differs = if r.chip_reasons.is_empty() { 0 } else { 128 };
    (r.box_pairs.len() as u64 + r.pixel_pairs.len() as u64) * 256 + chip_differs + near
}
