//! Checking a scenario's expectations frame by frame, without keeping the frames.

use collide::MethodId;

use crate::format::Expectation;
use crate::session::FrameReport;
use crate::summary::Summary;

/// The expectations of one scenario, and what went wrong so far.
#[derive(Debug)]
pub struct Checker {
    expect: Vec<Expectation>,
    failures: Vec<String>,
    missed: Vec<bool>,
}

impl Checker {
    /// Starts checking `expect`.
    #[must_use]
    pub fn new(expect: &[Expectation]) -> Self {
        Self {
            missed: vec![false; expect.len()],
            expect: expect.to_vec(),
            failures: Vec::new(),
        }
    }

    /// Every method an expectation names, so the replay runs it.
    #[must_use]
    pub fn methods_needed(expect: &[Expectation]) -> Vec<MethodId> {
        let mut out = Vec::new();
        for e in expect {
            match e {
                Expectation::NoMisses { method, .. }
                | Expectation::NoFalseAlarms { method, .. }
                | Expectation::MissesAtLeastOnce(method)
                | Expectation::CostAtMost { method, .. }
                | Expectation::CostEquals { method, .. } => out.push(method.0),
                Expectation::Agree(a, b) => {
                    out.push(a.0);
                    out.push(b.0);
                }
                Expectation::RoutineAgrees { method, .. } => out.push(method.0),
                _ => {}
            }
        }
        out
    }

    fn fail(&mut self, msg: String) {
        // One line per expectation is enough to act on; later frames repeat it.
        if self.failures.len() < 32 {
            self.failures.push(msg);
        }
    }

    /// Checks one frame.
    pub fn frame(&mut self, r: &FrameReport) {
        let agrees = r.hardware.agrees(&r.verdict);
        let method = |id: MethodId| r.methods.iter().find(|m| m.id == id);
        let routine = |name: &str| {
            r.routines
                .iter()
                .find(|m| m.code.as_ref().is_some_and(|c| c.name == name))
        };
        let expect = std::mem::take(&mut self.expect);
        for (i, e) in expect.iter().enumerate() {
            match e {
                Expectation::HardwareFlag { frames, set }
                    if frames.contains(&r.frame) && r.verdict.collided != *set =>
                {
                    self.fail(format!(
                        "frame {}: hardware collision flag is {}, expected {}",
                        r.frame, r.verdict.collided, set
                    ));
                }
                Expectation::HardwareMatchesTruth if !agrees && !self.missed[i] => {
                    self.missed[i] = true;
                    self.fail(format!(
                        "frame {}: hardware says {}, pixel truth says {} ({})",
                        r.frame,
                        r.verdict.collided,
                        r.hardware.expected_collided,
                        r.hardware.reasons.join("; ")
                    ));
                }
                Expectation::NoMisses { method: m, pixel } => {
                    if let Some(mf) = method(m.0) {
                        let t = if *pixel { &mf.vs_pixel } else { &mf.vs_box };
                        if !t.misses.is_empty() && !self.missed[i] {
                            self.missed[i] = true;
                            let p = t.misses[0];
                            self.fail(format!(
                                "frame {}: {} missed {} pair(s), first objects {} and {}",
                                r.frame,
                                m.0,
                                t.misses.len(),
                                p.a,
                                p.b
                            ));
                        }
                    }
                }
                Expectation::NoFalseAlarms { method: m, pixel } => {
                    if let Some(mf) = method(m.0) {
                        let t = if *pixel { &mf.vs_pixel } else { &mf.vs_box };
                        if !t.false_alarms.is_empty() && !self.missed[i] {
                            self.missed[i] = true;
                            let p = t.false_alarms[0];
                            self.fail(format!(
                                "frame {}: {} reported {} pair(s) the truth lacks, first objects {} and {}",
                                r.frame,
                                m.0,
                                t.false_alarms.len(),
                                p.a,
                                p.b
                            ));
                        }
                    }
                }
                Expectation::MissesAtLeastOnce(m)
                    if method(m.0).is_some_and(|mf| !mf.vs_box.misses.is_empty()) =>
                {
                    self.missed[i] = true;
                }
                Expectation::RoutineExact {
                    routine: name,
                    pixel,
                } if !self.missed[i] => {
                    if let Some(m) = routine(name) {
                        let t = if *pixel { &m.vs_pixel } else { &m.vs_box };
                        let error = m.code.as_ref().and_then(|c| c.error.clone());
                        let wrong = match (&error, t.misses.first(), t.false_alarms.first()) {
                            (Some(e), _, _) => Some(format!("failed: {e}")),
                            (None, Some(p), _) => Some(format!(
                                "missed {} pair(s), first objects {} and {}",
                                t.misses.len(),
                                p.a,
                                p.b
                            )),
                            (None, None, Some(p)) => Some(format!(
                                "reported {} pair(s) the truth lacks, first objects {} and {}",
                                t.false_alarms.len(),
                                p.a,
                                p.b
                            )),
                            (None, None, None) => None,
                        };
                        if let Some(w) = wrong {
                            self.missed[i] = true;
                            self.fail(format!("frame {}: {name} {w}", r.frame));
                        }
                    }
                }
                Expectation::RoutineAgrees {
                    routine: name,
                    method: m,
                } if !self.missed[i] => {
                    if let (Some(x), Some(y)) = (routine(name), method(m.0))
                        && (x.found.pairs != y.found.pairs
                            || x.code.as_ref().is_some_and(|c| c.error.is_some()))
                    {
                        self.missed[i] = true;
                        self.fail(format!(
                            "frame {}: {name} found {} pairs, {} found {}",
                            r.frame,
                            x.found.pairs.len(),
                            m.0,
                            y.found.pairs.len()
                        ));
                    }
                }
                Expectation::Agree(a, b) => {
                    if let (Some(x), Some(y)) = (method(a.0), method(b.0))
                        && x.found.pairs != y.found.pairs
                        && !self.missed[i]
                    {
                        self.missed[i] = true;
                        self.fail(format!(
                            "frame {}: {} found {} pairs, {} found {}",
                            r.frame,
                            a.0,
                            x.found.pairs.len(),
                            b.0,
                            y.found.pairs.len()
                        ));
                    }
                }
                Expectation::CostAtMost {
                    method: m,
                    counter,
                    max,
                } => {
                    if let Some(mf) = method(m.0) {
                        let v = counter.of(&mf.found.cost);
                        if v > *max && !self.missed[i] {
                            self.missed[i] = true;
                            self.fail(format!(
                                "frame {}: {} cost {counter:?} = {v}, over {max}",
                                r.frame, m.0
                            ));
                        }
                    }
                }
                Expectation::CostEquals {
                    method: m,
                    counter,
                    value,
                } => {
                    if let Some(mf) = method(m.0) {
                        let v = counter.of(&mf.found.cost);
                        if v != *value && !self.missed[i] {
                            self.missed[i] = true;
                            self.fail(format!(
                                "frame {}: {} cost {counter:?} = {v}, expected {value}",
                                r.frame, m.0
                            ));
                        }
                    }
                }
                Expectation::Status { frame, value, mask }
                    if *frame == r.frame && r.verdict.status & mask != value & mask =>
                {
                    self.fail(format!(
                            "frame {}: status is 0x{:02X} (masked 0x{:02X}), expected 0x{:02X} under mask 0x{mask:02X}",
                            r.frame,
                            r.verdict.status,
                            r.verdict.status & mask,
                            value & mask
                        ));
                }
                Expectation::FrameHash { frame, blake3 }
                    if *frame == r.frame && !r.frame_hash.eq_ignore_ascii_case(blake3) =>
                {
                    self.fail(format!(
                        "frame {}: frame hash is {}, expected {blake3}",
                        r.frame, r.frame_hash
                    ));
                }
                _ => {}
            }
        }
        self.expect = expect;
    }

    /// The failures, after the last frame (empty: passed); the replay's totals answer
    /// the expectations about the whole run.
    #[must_use]
    pub fn finish(mut self, totals: &Summary) -> Vec<String> {
        let played = totals.frames;
        let walls = totals.walls.unwrap_or_default();
        let expect = std::mem::take(&mut self.expect);
        for (i, e) in expect.iter().enumerate() {
            match e {
                Expectation::FirstCollisionFrame(want)
                    if totals.hardware.first_flag_frame != *want =>
                {
                    self.fail(format!(
                        "first hardware collision frame is {:?}, expected {want:?}",
                        totals.hardware.first_flag_frame
                    ));
                }
                Expectation::HardwareMissesTruth if totals.hardware.disagreements == 0 => {
                    self.fail("the hardware agreed with pixel truth on every frame".into());
                }
                Expectation::MissesAtLeastOnce(m) if !self.missed[i] => {
                    self.fail(format!("{} never missed a pair in {} frames", m.0, played));
                }
                Expectation::FrameHash { frame, .. } | Expectation::Status { frame, .. }
                    if *frame >= played =>
                {
                    self.fail(format!(
                        "frame {frame} was never played ({} frames)",
                        played
                    ));
                }
                Expectation::HardwareFlag { frames, .. } => {
                    if let Some(f) = frames.iter().find(|&&f| f >= played) {
                        self.fail(format!("frame {f} was never played ({} frames)", played));
                    }
                }
                Expectation::WallMethodsAgree => {
                    let w = &walls;
                    if w.decisions == 0 || w.agreements != w.decisions {
                        self.fail(format!(
                            "the wall methods agreed on {} of {} decisions",
                            w.agreements, w.decisions
                        ));
                    }
                }
                Expectation::MazeTilesCheaper => {
                    let (t, o) = (
                        walls.maze_tiles.cycles_6809,
                        walls.obj_hit_walls.cycles_6809,
                    );
                    if t >= o || walls.decisions == 0 {
                        self.fail(format!("maze-tiles spent {t} cycles, obj-hit-walls {o}"));
                    }
                }
                Expectation::ThroughWallsAtLeast(n) if walls.through_walls < *n => {
                    self.fail(format!(
                        "{} unchecked steps went through a wall, expected at least {n}",
                        walls.through_walls
                    ));
                }
                Expectation::WithinCycleBudget if totals.frames_over_budget > 0 => {
                    self.fail(format!(
                        "{} frames used more than 30,000 cycles",
                        totals.frames_over_budget
                    ));
                }
                Expectation::TruthPairsAtLeast(n) if totals.box_truth_pairs < *n => {
                    self.fail(format!(
                        "box truth had {} pairs over the replay, expected at least {n}",
                        totals.box_truth_pairs
                    ));
                }
                Expectation::RoutineExact { routine: name, .. }
                | Expectation::RoutineAgrees { routine: name, .. }
                    if !totals.routines.iter().any(|t| &t.name == name) =>
                {
                    self.fail(format!("no routine named `{name}` ran"));
                }
                Expectation::RoutineCyclesAtMost {
                    routine: name,
                    median,
                    max,
                } => match totals.routines.iter().find(|t| &t.name == name) {
                    None => self.fail(format!("no routine named `{name}` ran")),
                    Some(t) => {
                        let stats = t.cycle_stats().unwrap_or_default();
                        if t.errors > 0 {
                            self.fail(format!("{name} failed on {} frames", t.errors));
                        }
                        if let Some(m) = median
                            && stats.median > *m
                        {
                            self.fail(format!(
                                "{name}: median {} cycles per frame, expected at most {m}",
                                stats.median
                            ));
                        }
                        if let Some(m) = max
                            && stats.max > *m
                        {
                            self.fail(format!(
                                "{name}: {} cycles on its dearest frame, expected at most {m}",
                                stats.max
                            ));
                        }
                    }
                },
                _ => {}
            }
        }
        self.failures
    }
}
