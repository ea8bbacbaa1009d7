//! A program run summed up (specs/programs.md, "What the user gets"): per frame, the
//! program's decisions against box and pixel truth among objects; over the run, misses,
//! false alarms and the first frames that went wrong, handler and span cycles against
//! their budgets, lag frames, and the expectations of the program file.
//!
//! An object is **true-hit** in a frame when it is in a pair of the truth (box or pixel)
//! among objects; the program **marked** it when a watch named one of its sprites in the
//! decisions about that frame. A miss is true-hit and not marked; a false alarm is marked
//! and not true-hit.
//!
//! The chip's flag is set against pixel truth too ([`chip_vs_truth`]). Truth is among the
//! objects whatever their collision masks; the chip only sees pixels whose masks share a
//! bit (VERA's collision masks; specs/programs.md: truth from the chip's own sprite view,
//! the chip's flag as set). A program that marks a hit by clearing a sprite's mask (the
//! seed demo's way) makes the chip blind to that sprite on purpose, so a frame whose every
//! pixel pair has masks sharing no bit is counted apart, as the chip's blind frames, not as
//! the chip differing from truth.

use std::collections::BTreeMap;

use machine::program::FrameRecord;

use super::format::{ProgramExpectation, TruthKind};

/// Misses and false alarms against one truth.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Objects true-hit and marked, summed over frames.
    pub hits: u64,
    /// Objects true-hit and not marked.
    pub misses: u64,
    /// Objects marked and not true-hit.
    pub false_alarms: u64,
    /// Frames with a miss (the first few).
    pub miss_frames: Vec<u32>,
    /// Frames with a false alarm (the first few).
    pub false_alarm_frames: Vec<u32>,
}

/// How many wrong frames a score lists.
pub const FIRST_FRAMES: usize = 10;

/// One frame judged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrameScore {
    /// Box truth: (hits, misses, false alarms).
    pub by_box: (u32, u32, u32),
    /// Pixel truth.
    pub by_pixel: (u32, u32, u32),
}

/// Judges one frame's decisions: `None` when the frame is not judged (no watch, or before
/// the program file's `judge_from`). Only the objects of the judged group count
/// ([`machine::program::Judged`]): a true-hit object outside it is no miss, a mark on one
/// no false alarm.
#[must_use]
pub fn score_frame(r: &FrameRecord) -> Option<FrameScore> {
    if !r.judged {
        return None;
    }
    let objects = &r.objects.objects;
    let counts = |o: &usize| {
        objects
            .get(*o)
            .is_some_and(|o| r.judged_objects.includes(o))
    };
    let marked = || r.decided_objects.iter().copied().filter(counts);
    let judge = |pairs: &[collide::Pair]| {
        // The objects in a pair as bits, without allocating, for the objects a frame has
        // (a chip's sprites, each state of one); a larger frame takes a sorted list.
        let mut bits = [0u64; 4];
        if objects.len() > bits.len() * 64 {
            let truth: Vec<usize> = FrameRecord::objects_in(pairs)
                .into_iter()
                .filter(counts)
                .collect();
            let hits = truth.iter().filter(|o| marked().any(|m| m == **o)).count() as u32;
            let false_alarms = marked().filter(|o| !truth.contains(o)).count() as u32;
            return (hits, truth.len() as u32 - hits, false_alarms);
        }
        for o in pairs.iter().flat_map(|p| [p.a as usize, p.b as usize]) {
            if counts(&o) {
                bits[o / 64] |= 1 << (o % 64);
            }
        }
        let in_truth = |o: usize| bits[o / 64] >> (o % 64) & 1 != 0;
        let truth = bits.iter().map(|w| w.count_ones()).sum::<u32>();
        let hits = (0..objects.len())
            .filter(|&o| in_truth(o) && marked().any(|m| m == o))
            .count() as u32;
        let false_alarms = marked().filter(|&o| !in_truth(o)).count() as u32;
        (hits, truth - hits, false_alarms)
    };
    Some(FrameScore {
        by_box: judge(&r.box_pairs),
        by_pixel: judge(&r.pixel_pairs),
    })
}

/// The chip's flag against pixel truth in one frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChipVsTruth {
    /// Set with a pixel pair, clear without one.
    Agrees,
    /// Clear although opaque pixels meet, and every pair that meets has collision masks
    /// sharing no bit: the chip cannot see them. The first such pair's lowest sprite
    /// numbers and their masks (0-15).
    Blind {
        /// The two objects' ids (their lowest sprite numbers).
        objects: (u32, u32),
        /// Their collision masks as 4-bit values.
        masks: (u8, u8),
    },
    /// Set with no pixel pair, or clear with a pair the chip could see: the frame's
    /// [`FrameRecord::chip_reasons`] say why.
    Differs,
}

impl ChipVsTruth {
    /// A line saying it, for the panel and the text report (`None` when they agree).
    #[must_use]
    pub fn line(&self) -> Option<String> {
        match self {
            Self::Agrees => None,
            Self::Blind {
                objects: (a, b),
                masks: (ma, mb),
            } => Some(format!(
                "chip saw no collision: sprites {a} and {b} meet but their collision masks \
                 %{ma:04b} and %{mb:04b} share no bit"
            )),
            Self::Differs => Some("chip DIFFERS from pixel truth".to_owned()),
        }
    }
}

/// The sentence for frame `r` where the chip and pixel truth do not agree, with the
/// reasons when they differ (`None` when they agree).
#[must_use]
pub fn chip_line(r: &FrameRecord) -> Option<String> {
    let v = chip_vs_truth(r);
    let line = v.line()?;
    Some(match v {
        ChipVsTruth::Differs if !r.chip_reasons.is_empty() => {
            format!("{line}: {}", r.chip_reasons.join("; "))
        }
        _ => line,
    })
}

/// Compares the chip's flag with pixel truth in frame `r` (see the module docs): the
/// pixel pairs among every object that is not Art, whatever the program file's pair rule,
/// since the chip sees them all.
#[must_use]
pub fn chip_vs_truth(r: &FrameRecord) -> ChipVsTruth {
    let truth = !r.chip_pairs.is_empty();
    if r.verdict.collided == truth {
        return ChipVsTruth::Agrees;
    }
    // Only a chip whose sprites carry collision masks can be blind to a pair.
    let masked = r.sprites.iter().any(|s| s.fields.collision_mask.is_some());
    if r.verdict.collided || !masked {
        return ChipVsTruth::Differs;
    }
    let objects = &r.objects.objects;
    let mut first = None;
    for p in &r.chip_pairs {
        let (Some(a), Some(b)) = (objects.get(p.a as usize), objects.get(p.b as usize)) else {
            return ChipVsTruth::Differs;
        };
        if a.collision_mask & b.collision_mask != 0 {
            return ChipVsTruth::Differs;
        }
        first.get_or_insert(ChipVsTruth::Blind {
            objects: (a.id.min(b.id), a.id.max(b.id)),
            masks: if a.id <= b.id {
                (a.collision_mask >> 4, b.collision_mask >> 4)
            } else {
                (b.collision_mask >> 4, a.collision_mask >> 4)
            },
        });
    }
    first.unwrap_or(ChipVsTruth::Differs)
}

/// The run so far.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Frames seen.
    pub frames: u32,
    /// Whether any watch was given (without one, there are no decisions to judge).
    pub judged: bool,
    /// Against box truth.
    pub by_box: Score,
    /// Against pixel truth.
    pub by_pixel: Score,
    /// Frames where box truth had a pair.
    pub box_frames: u32,
    /// Frames where pixel truth had a pair.
    pub pixel_frames: u32,
    /// Frames the chip's collision flag was set in.
    pub chip_frames: Vec<u32>,
    /// Frames the chip's flag differs from pixel truth in (the first few), and how many.
    pub chip_differs: (u32, Vec<u32>),
    /// Frames the chip could not see the pixel pairs in, their masks sharing no bit (the
    /// first few), and how many.
    pub chip_blind: (u32, Vec<u32>),
    /// The first few differing frames with the sentence saying why ([`chip_line`]).
    pub chip_differs_why: Vec<(u32, String)>,
    /// Per handler source: runs, total cycles, the longest run.
    pub handlers: BTreeMap<String, (u64, u64, u64)>,
    /// Per span: runs, total cycles, the longest run.
    pub spans: BTreeMap<String, (u64, u64, u64)>,
    /// Lag frames.
    pub lag_frames: Vec<u32>,
    /// CPU cycles run.
    pub cycles: u64,
    /// Of `cycles`, those the CPU waited for an interrupt or was held off the bus.
    pub idle_cycles: u64,
    /// CPU cycles in one frame of the real machine (0: unknown).
    pub budget: u64,
    /// Frames over the budget (the first few), and how many: the CPU never waited in the
    /// call that ran the frame's display and was busy for a whole frame's cycles. A call
    /// can run a few cycles past the frame (its last instruction ends after the line that
    /// begins vblank) without being over: the next call is as much shorter.
    pub over_budget: (u32, Vec<u32>),
    /// Frames judged ([`score_frame`]).
    pub judged_frames: u32,
    /// The first frame judged.
    pub first_judged: Option<u32>,
    /// Frames whose display began with a handler still running (the first few), and how
    /// many.
    pub overruns: (u32, Vec<u32>),
    /// The most display lines a handler ran into.
    pub overrun_max_lines: u32,
}

/// Counts `frame` in `(count, first frames)`.
fn first((count, frames): &mut (u32, Vec<u32>), frame: u32) {
    *count += 1;
    if frames.len() < FIRST_FRAMES {
        frames.push(frame);
    }
}

fn add(score: &mut Score, frame: u32, (h, m, f): (u32, u32, u32)) {
    score.hits += u64::from(h);
    score.misses += u64::from(m);
    score.false_alarms += u64::from(f);
    if m > 0 && score.miss_frames.len() < FIRST_FRAMES {
        score.miss_frames.push(frame);
    }
    if f > 0 && score.false_alarm_frames.len() < FIRST_FRAMES {
        score.false_alarm_frames.push(frame);
    }
}

impl Tally {
    /// A tally for a run with (`judged`) or without watches, on a machine whose frame is
    /// `budget` CPU cycles (0: unknown).
    #[must_use]
    pub fn new(judged: bool, budget: u64) -> Self {
        Self {
            judged,
            budget,
            ..Self::default()
        }
    }

    /// Adds a frame; returns its score (`None`: not judged).
    pub fn add(&mut self, r: &FrameRecord) -> Option<FrameScore> {
        let s = score_frame(r);
        self.frames += 1;
        self.cycles += r.cycles;
        self.idle_cycles += r.idle_cycles;
        if self.budget > 0 && r.idle_cycles == 0 && r.busy_cycles() >= self.budget {
            first(&mut self.over_budget, r.frame);
        }
        if let Some(o) = &r.overrun {
            self.overrun_max_lines = self.overrun_max_lines.max(o.lines);
            first(&mut self.overruns, r.frame);
        }
        if let Some(s) = s {
            self.judged_frames += 1;
            self.first_judged.get_or_insert(r.frame);
            add(&mut self.by_box, r.frame, s.by_box);
            add(&mut self.by_pixel, r.frame, s.by_pixel);
        }
        self.box_frames += u32::from(!r.box_pairs.is_empty());
        self.pixel_frames += u32::from(!r.pixel_pairs.is_empty());
        if r.verdict.collided {
            self.chip_frames.push(r.frame);
        }
        let apart = match chip_vs_truth(r) {
            ChipVsTruth::Agrees => None,
            ChipVsTruth::Blind { .. } => Some(&mut self.chip_blind),
            ChipVsTruth::Differs => {
                if self.chip_differs_why.len() < FIRST_FRAMES
                    && let Some(line) = chip_line(r)
                {
                    self.chip_differs_why.push((r.frame, line));
                }
                Some(&mut self.chip_differs)
            }
        };
        if let Some(apart) = apart {
            first(apart, r.frame);
        }
        for (map, list) in [
            (&mut self.handlers, &r.handlers),
            (&mut self.spans, &r.spans),
        ] {
            for h in list {
                let add = |e: &mut (u64, u64, u64)| {
                    e.0 += u64::from(h.cycles.count);
                    e.1 += h.cycles.cycles;
                    e.2 = e.2.max(h.cycles.max);
                };
                // The name copied only the first time it is seen.
                match map.get_mut(&h.name) {
                    Some(e) => add(e),
                    None => add(map.entry(h.name.clone()).or_default()),
                }
            }
        }
        if r.lag {
            self.lag_frames.push(r.frame);
        }
        s
    }

    /// The expectations that failed, each said in a line.
    #[must_use]
    pub fn failures(&self, expect: &[ProgramExpectation]) -> Vec<String> {
        let mut out = Vec::new();
        let score = |t: TruthKind| match t {
            TruthKind::Box => (&self.by_box, "box"),
            TruthKind::Pixel => (&self.by_pixel, "pixel"),
        };
        for e in expect {
            match e {
                ProgramExpectation::NoMiss(t) => {
                    let (s, name) = score(*t);
                    if !self.judged {
                        out.push("NoMiss: the program file has no watch to judge".into());
                    } else if self.judged_frames == 0 {
                        out.push("NoMiss: no frame was judged (see `judge_from`)".into());
                    } else if s.misses > 0 {
                        out.push(format!(
                            "NoMiss({name}): {} misses, first in frames {:?}",
                            s.misses, s.miss_frames
                        ));
                    }
                }
                ProgramExpectation::NoFalseAlarm(t) => {
                    let (s, name) = score(*t);
                    if !self.judged {
                        out.push("NoFalseAlarm: the program file has no watch to judge".into());
                    } else if self.judged_frames == 0 {
                        out.push("NoFalseAlarm: no frame was judged (see `judge_from`)".into());
                    } else if s.false_alarms > 0 {
                        out.push(format!(
                            "NoFalseAlarm({name}): {} false alarms, first in frames {:?}",
                            s.false_alarms, s.false_alarm_frames
                        ));
                    }
                }
                ProgramExpectation::HandlerCyclesAtMost { handler, cycles } => {
                    match self.handlers.get(handler) {
                        None => out.push(format!("HandlerCyclesAtMost: no {handler} handler ran")),
                        Some(&(_, _, max)) if max > *cycles => out.push(format!(
                            "HandlerCyclesAtMost: the {handler} handler took {max} cycles, more than {cycles}"
                        )),
                        Some(_) => {}
                    }
                }
                ProgramExpectation::SpanCyclesAtMost { span, cycles } => match self.spans.get(span)
                {
                    None | Some(&(0, _, _)) => {
                        out.push(format!("SpanCyclesAtMost: span {span} never completed"));
                    }
                    Some(&(_, _, max)) if max > *cycles => out.push(format!(
                        "SpanCyclesAtMost: span {span} took {max} cycles, more than {cycles}"
                    )),
                    Some(_) => {}
                },
                ProgramExpectation::NoLag => {
                    if !self.lag_frames.is_empty() {
                        out.push(format!(
                            "NoLag: {} lag frames: {:?}",
                            self.lag_frames.len(),
                            &self.lag_frames[..self.lag_frames.len().min(FIRST_FRAMES)]
                        ));
                    }
                }
                ProgramExpectation::LagFrames(n) => {
                    if self.lag_frames.len() != *n as usize {
                        out.push(format!(
                            "LagFrames: {} lag frames, expected {n}",
                            self.lag_frames.len()
                        ));
                    }
                }
                ProgramExpectation::ChipFrames(frames) => {
                    if &self.chip_frames != frames {
                        out.push(format!(
                            "ChipFrames: the chip flagged frames {:?}, expected {frames:?}",
                            self.chip_frames
                        ));
                    }
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use collide::{Group, Object, OpaqueMask, Pair, PxBox};
    use machine::{SpriteFields, SpriteView};

    use super::*;

    /// A frame with sprites 3 and 9 meeting (VERA masks given in byte 6 form).
    fn frame(collided: bool, masks: (u8, u8)) -> FrameRecord {
        let mut r = FrameRecord::default();
        r.verdict.collided = collided;
        for (n, m) in [(3, masks.0), (9, masks.1)] {
            let mut o = Object::new(n, PxBox::new(0, 0, 8, 8), Group::Good);
            o.collision_mask = m;
            r.objects.objects.push(o);
            r.sprites.push(SpriteView {
                number: n,
                bbox: PxBox::new(0, 0, 8, 8),
                mask: Arc::new(OpaqueMask::new(8, 8)),
                collision_mask: m,
                z: 3,
                not_drawn: Vec::new(),
                drawn: true,
                lines: None,
                fields: SpriteFields {
                    collision_mask: Some(m >> 4),
                    ..SpriteFields::default()
                },
            });
        }
        r.pixel_pairs.push(Pair::new(0, 1));
        r.chip_pairs.push(Pair::new(0, 1));
        r
    }

    #[test]
    fn a_pair_whose_masks_share_no_bit_is_blind_not_a_difference() {
        assert_eq!(
            chip_vs_truth(&frame(true, (0x20, 0x20))),
            ChipVsTruth::Agrees
        );
        let blind = chip_vs_truth(&frame(false, (0x20, 0x00)));
        assert_eq!(
            blind,
            ChipVsTruth::Blind {
                objects: (3, 9),
                masks: (0b0010, 0)
            }
        );
        assert_eq!(
            blind.line().unwrap(),
            "chip saw no collision: sprites 3 and 9 meet but their collision masks %0010 and \
             %0000 share no bit"
        );
        // Masks sharing bit 1: the chip should have seen it.
        assert_eq!(
            chip_vs_truth(&frame(false, (0x20, 0x60))),
            ChipVsTruth::Differs
        );
        // Set with no pair.
        let mut none = frame(true, (0x20, 0x20));
        none.chip_pairs.clear();
        assert_eq!(chip_vs_truth(&none), ChipVsTruth::Differs);
        none.chip_reasons = vec!["sprite 9 is Art".into()];
        assert_eq!(
            chip_line(&none).unwrap(),
            "chip DIFFERS from pixel truth: sprite 9 is Art"
        );
    }

    /// Sprites 3 (Good) and 9 (Bad) meet; the program marked only `marked`.
    fn judged(marked: &[usize], judged: machine::program::Judged) -> FrameRecord {
        let mut r = frame(false, (0, 0));
        r.objects.objects[1].group = Group::Bad;
        r.decided_objects = marked.to_vec();
        r.judged = true;
        r.judged_objects = judged;
        r
    }

    #[test]
    fn only_the_judged_group_is_scored() {
        use machine::program::Judged;
        // The program marks only the target (Bad) it hit.
        let all = score_frame(&judged(&[1], Judged::All)).unwrap();
        assert_eq!(all.by_pixel, (1, 1, 0), "the Good shooter is a miss");
        let bad = score_frame(&judged(&[1], Judged::Group(Group::Bad))).unwrap();
        assert_eq!(bad.by_pixel, (1, 0, 0));
        // A mark on the shooter outside the judged group is no false alarm.
        let bad = score_frame(&judged(&[0, 1], Judged::Group(Group::Bad))).unwrap();
        assert_eq!(bad.by_pixel, (1, 0, 0));
    }

    #[test]
    fn a_frame_not_judged_has_no_score_and_no_total() {
        let mut r = judged(&[], machine::program::Judged::All);
        r.judged = false;
        assert_eq!(score_frame(&r), None);
        let mut t = Tally::new(true, 0);
        t.add(&r);
        assert_eq!((t.by_pixel.misses, t.judged_frames), (0, 0));
        r.judged = true;
        t.add(&r);
        assert_eq!((t.by_pixel.misses, t.judged_frames), (2, 1));
    }

    #[test]
    fn over_budget_counts_busy_cycles_not_waiting() {
        let mut t = Tally::new(false, 1000);
        // The last instruction ends 10 cycles past the frame, but the CPU waited 900.
        let mut r = FrameRecord {
            cycles: 1010,
            idle_cycles: 900,
            ..FrameRecord::default()
        };
        t.add(&r);
        assert_eq!(t.over_budget.0, 0, "110 busy cycles of 1000");
        // Busy the whole frame, never waiting: over.
        r.idle_cycles = 0;
        r.frame = 1;
        t.add(&r);
        assert_eq!(t.over_budget, (1, vec![1]));
        assert_eq!(t.idle_cycles, 900);
    }
}
