//! What counts as the program being wrong in one frame: the program file's expectations
//! `NoMiss(truth)` and `NoFalseAlarm(truth)`, applied to one frame's record by
//! `scene::program::tally::score_frame`, the count `hitlab replay` checks them with (only
//! judged frames, only objects of the judged group), with the object and pair that show it.

use collide::Pair;
use machine::program::FrameRecord;
use scene::program::format::{ProgramExpectation, TruthKind};
use scene::program::tally::score_frame;

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

/// The first rule `r` breaks, in the order of `rules`: `score_frame` counts the frame's
/// misses and false alarms as `hitlab replay` does, and the frame breaks a rule when its
/// count is not 0; [`witness`] then names the object.
pub(crate) fn broken(rules: &[Rule], r: &FrameRecord) -> Option<Broken> {
    let score = score_frame(r)?;
    let rule = rules.iter().copied().find(|rule| {
        let (_, misses, false_alarms) = match rule.truth {
            TruthKind::Box => score.by_box,
            TruthKind::Pixel => score.by_pixel,
        };
        if rule.miss {
            misses > 0
        } else {
            false_alarms > 0
        }
    })?;
    let (object, pair) = witness(rule, r)?;
    Some(Broken {
        frame: r.frame,
        rule,
        object,
        pair,
    })
}

/// The first object of the judged group that breaks `rule` in `r` (true-hit and not marked
/// for a miss, marked and not true-hit for a false alarm) and, for a miss, the true pair
/// it is in: what the finding shows, in a frame `score_frame` already found wrong.
fn witness(rule: Rule, r: &FrameRecord) -> Option<(usize, Option<(u32, u32)>)> {
    let objects = &r.objects.objects;
    let counts = |o: usize| objects.get(o).is_some_and(|o| r.judged_objects.includes(o));
    let pairs: &[Pair] = match rule.truth {
        TruthKind::Box => &r.box_pairs,
        TruthKind::Pixel => &r.pixel_pairs,
    };
    let truth = FrameRecord::objects_in(pairs);
    let object = if rule.miss {
        truth
            .iter()
            .copied()
            .find(|&o| counts(o) && !r.decided_objects.contains(&o))
    } else {
        r.decided_objects
            .iter()
            .copied()
            .find(|&o| counts(o) && !truth.contains(&o))
    }?;
    let pair = pairs
        .iter()
        .find(|p| p.a as usize == object || p.b as usize == object)
        .map(|p| (p.a, p.b));
    Some((object, pair))
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

#[cfg(test)]
mod tests {
    use collide::{Group, Object, PxBox};
    use machine::program::Judged;

    use super::*;

    const BOX_MISS: Rule = Rule {
        truth: TruthKind::Box,
        miss: true,
    };
    const BOX_FALSE_ALARM: Rule = Rule {
        truth: TruthKind::Box,
        miss: false,
    };

    /// Frame 7: objects 0 (Good) and 1 (Bad) overlap in boxes, object 2 (Bad) stands apart;
    /// the program marked `marked`.
    fn frame(marked: &[usize]) -> FrameRecord {
        let mut r = FrameRecord {
            frame: 7,
            judged: true,
            box_pairs: vec![Pair::new(0, 1)],
            decided_objects: marked.to_vec(),
            ..FrameRecord::default()
        };
        r.objects.objects = vec![
            Object::new(0, PxBox::new(10, 10, 16, 16), Group::Good),
            Object::new(1, PxBox::new(20, 10, 16, 16), Group::Bad),
            Object::new(2, PxBox::new(100, 10, 16, 16), Group::Bad),
        ];
        r
    }

    #[test]
    fn a_frame_promises_by_its_pairs_then_a_chip_flag_apart_from_truth_then_nearness() {
        // One box pair (256); objects 0 and 1 overlap, no gap (64 - 0); object 2 is 64 px
        // or more from both (nothing): 320. A chip flag that differs from the truth adds
        // 128, below one pair more.
        let mut r = frame(&[]);
        assert_eq!(promise(&r), 256 + 64);
        r.chip_reasons = vec!["sprite 4 dropped by the per-line sprite limit".into()];
        assert_eq!(promise(&r), 256 + 128 + 64);
        // Object 1 moved 14 px clear of object 0: nearness 64 - 14.
        r.objects.objects[1] = Object::new(1, PxBox::new(40, 10, 16, 16), Group::Bad);
        assert_eq!(promise(&r), 256 + 128 + 50);
    }

    #[test]
    fn a_mark_on_an_object_in_no_true_pair_is_a_false_alarm() {
        // Both of the pair marked, and object 2, which touches nothing: no miss, one false
        // alarm, on object 2, in no pair.
        let r = frame(&[0, 1, 2]);
        assert!(broken(&[BOX_MISS], &r).is_none());
        let b = broken(&[BOX_MISS, BOX_FALSE_ALARM], &r).expect("a false alarm");
        assert_eq!(
            (b.frame, b.rule, b.object, b.pair),
            (7, BOX_FALSE_ALARM, 2, None)
        );
    }

    #[test]
    fn an_unmarked_object_of_a_true_pair_is_a_miss_named_with_its_pair() {
        let r = frame(&[0]);
        let b = broken(&[BOX_FALSE_ALARM, BOX_MISS], &r).expect("a miss");
        assert_eq!((b.rule, b.object, b.pair), (BOX_MISS, 1, Some((0, 1))));
    }

    #[test]
    fn only_the_judged_group_and_judged_frames_count() {
        // Judged on Good: the mark on Bad object 2 is no false alarm, Bad object 1 unmarked
        // no miss.
        let mut r = frame(&[0, 2]);
        r.judged_objects = Judged::Group(Group::Good);
        assert!(broken(&[BOX_MISS, BOX_FALSE_ALARM], &r).is_none());
        // A frame before judging starts breaks nothing.
        let mut r = frame(&[2]);
        r.judged = false;
        assert!(broken(&[BOX_MISS, BOX_FALSE_ALARM], &r).is_none());
    }
}
