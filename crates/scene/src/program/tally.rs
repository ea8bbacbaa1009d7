//! A program run summed up (specs/programs.md, "What the user gets"): per frame, the
//! program's decisions against box and pixel truth among objects; over the run, misses,
//! false alarms and the first frames that went wrong, handler and span cycles against
//! their budgets, lag frames, and the expectations of the program file.
//!
//! An object is **true-hit** in a frame when it is in a pair of the truth (box or pixel)
//! among objects; the program **marked** it when a watch named one of its sprites in the
//! decisions about that frame. A miss is true-hit and not marked; a false alarm is marked
//! and not true-hit.

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

/// Judges one frame's decisions.
#[must_use]
pub fn score_frame(r: &FrameRecord) -> FrameScore {
    let judge = |pairs| {
        let truth = FrameRecord::objects_in(pairs);
        let marked = &r.decided_objects;
        let hits = truth.iter().filter(|o| marked.contains(o)).count() as u32;
        let misses = truth.len() as u32 - hits;
        let false_alarms = marked.iter().filter(|o| !truth.contains(o)).count() as u32;
        (hits, misses, false_alarms)
    };
    FrameScore {
        by_box: judge(&r.box_pairs),
        by_pixel: judge(&r.pixel_pairs),
    }
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
    /// Per handler source: runs, total cycles, the longest run.
    pub handlers: BTreeMap<String, (u64, u64, u64)>,
    /// Per span: runs, total cycles, the longest run.
    pub spans: BTreeMap<String, (u64, u64, u64)>,
    /// Lag frames.
    pub lag_frames: Vec<u32>,
    /// CPU cycles run.
    pub cycles: u64,
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
    /// A tally for a run with (`judged`) or without watches.
    #[must_use]
    pub fn new(judged: bool) -> Self {
        Self {
            judged,
            ..Self::default()
        }
    }

    /// Adds a frame; returns its score.
    pub fn add(&mut self, r: &FrameRecord) -> FrameScore {
        let s = score_frame(r);
        self.frames += 1;
        self.cycles += r.cycles;
        if self.judged {
            add(&mut self.by_box, r.frame, s.by_box);
            add(&mut self.by_pixel, r.frame, s.by_pixel);
        }
        self.box_frames += u32::from(!r.box_pairs.is_empty());
        self.pixel_frames += u32::from(!r.pixel_pairs.is_empty());
        if r.verdict.collided {
            self.chip_frames.push(r.frame);
        }
        for (map, list) in [
            (&mut self.handlers, &r.handlers),
            (&mut self.spans, &r.spans),
        ] {
            for h in list {
                let e = map.entry(h.name.clone()).or_default();
                e.0 += u64::from(h.cycles.count);
                e.1 += h.cycles.cycles;
                e.2 = e.2.max(h.cycles.max);
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
