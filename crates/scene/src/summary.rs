//! Totals over a replay: what `compare` prints and `replay --json` reports.

use std::collections::BTreeMap;

use collide::{Cost, MethodId};
use machine::vectrex::maze::WallCost;

use crate::walkers::MeasuredWalls;

use crate::session::{FrameReport, MethodFrame};

/// One method over all frames.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MethodTotals {
    /// Pairs reported.
    pub pairs: u64,
    /// Against box truth: hits, misses, false alarms.
    pub box_hits: u64,
    /// Box-truth pairs missed.
    pub box_misses: u64,
    /// Reported pairs not in box truth.
    pub box_false_alarms: u64,
    /// Against pixel truth: hits.
    pub pixel_hits: u64,
    /// Pixel-truth pairs missed.
    pub pixel_misses: u64,
    /// Reported pairs not in pixel truth.
    pub pixel_false_alarms: u64,
    /// Good x Bad box-truth pairs missed.
    pub good_bad_misses: u64,
    /// Frames on which the method missed a box-truth pair.
    pub frames_with_misses: u64,
    /// First frame with a box-truth miss.
    pub first_miss_frame: Option<u32>,
    /// Cost summed over frames.
    pub cost: Cost,
    /// The largest per-frame cost of each counter.
    pub worst: Cost,
    /// For flag-only methods: frames the flag was set.
    pub flag_frames: u64,
}

/// A target-code routine over all frames.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoutineTotals {
    /// Its name ("mask16 z80-asm").
    pub name: String,
    /// The Rust method it must agree with.
    pub method: MethodId,
    /// Its pairs against the truths, as for a method.
    pub totals: MethodTotals,
    /// Cycles of each frame it ran to completion, in frame order.
    pub cycles: Vec<u64>,
    /// Frames on which it failed (runaway, fault, bad pair list).
    pub errors: u64,
    /// The first failure: frame and message.
    pub first_error: Option<(u32, String)>,
    /// Frames on which its pairs were compared with the Rust method's.
    pub rust_compared: u64,
    /// Frames on which its pairs differed from the Rust method's.
    pub rust_disagreements: u64,
    /// First such frame.
    pub first_rust_disagreement: Option<u32>,
    /// Pairs written more than once, summed.
    pub duplicates: u64,
    /// Chip accesses faster than the chip allows, summed.
    pub chip_too_fast: u64,
}

/// Cycle statistics of a routine: median, 99th percentile and maximum per frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CycleStats {
    /// Median (the lower middle of an even count).
    pub median: u64,
    /// 99th percentile, nearest rank.
    pub p99: u64,
    /// Maximum.
    pub max: u64,
}

impl RoutineTotals {
    /// Median, p99 and maximum cycles per frame; `None` when it never completed.
    #[must_use]
    pub fn cycle_stats(&self) -> Option<CycleStats> {
        if self.cycles.is_empty() {
            return None;
        }
        let mut c = self.cycles.clone();
        c.sort_unstable();
        let rank = |q: usize| c[(c.len() * q).div_ceil(100).clamp(1, c.len()) - 1];
        Some(CycleStats {
            median: c[(c.len() - 1) / 2],
            p99: rank(99),
            max: c[c.len() - 1],
        })
    }
}

/// The chip over all frames.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HardwareTotals {
    /// Frames on which the chip reported a collision.
    pub flag_frames: u64,
    /// Frames on which the projected pixel truth says it should.
    pub truth_frames: u64,
    /// Frames on which they differ.
    pub disagreements: u64,
    /// First frame with a collision reported.
    pub first_flag_frame: Option<u32>,
    /// Up to 8 disagreements: frame and reasons.
    pub examples: Vec<(u32, Vec<String>)>,
    /// Frames on which the chip's overflow bit was set (Genesis bit 6, MSX 5S); `None` on
    /// chips without one.
    pub overflow_frames: Option<u64>,
    /// First frame with the overflow bit set.
    pub first_overflow_frame: Option<u32>,
}

/// Totals over a replay.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Frames played.
    pub frames: u32,
    /// Box-truth pairs summed over frames.
    pub box_truth_pairs: u64,
    /// Pixel-truth pairs summed over frames.
    pub pixel_truth_pairs: u64,
    /// The chip.
    pub hardware: HardwareTotals,
    /// Each method, in the order run.
    pub methods: BTreeMap<MethodId, MethodTotals>,
    /// Method order as run.
    pub order: Vec<MethodId>,
    /// Target-code routines, in the order run.
    pub routines: Vec<RoutineTotals>,
    /// CPU cycles per frame of the machine running the routines.
    pub cycles_per_frame: Option<u64>,
    /// The wall methods over all frames (labyrinth scenes).
    pub walls: Option<WallTotals>,
    /// The most CPU cycles a frame used, where the machine counts them.
    pub max_frame_cycles: Option<u64>,
    /// Frames over the Vectrex's 30,000-cycle budget.
    pub frames_over_budget: u64,
}

/// The wall methods over all frames.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WallTotals {
    /// Frames on which the walls were checked.
    pub checked_frames: u64,
    /// Decisions both methods took.
    pub decisions: u64,
    /// Decisions on which they agreed.
    pub agreements: u64,
    /// Unchecked steps through a wall.
    pub through_walls: u64,
    /// `maze-tiles`' cost.
    pub maze_tiles: WallCost,
    /// `obj-hit-walls`' cost.
    pub obj_hit_walls: WallCost,
    /// The same decisions measured on the 6809.
    pub measured: Option<MeasuredWalls>,
}

fn max_cost(a: &mut Cost, b: &Cost) {
    a.pair_tests = a.pair_tests.max(b.pair_tests);
    a.comparisons = a.comparisons.max(b.comparisons);
    a.seed_ops = a.seed_ops.max(b.seed_ops);
    a.mask_ands = a.mask_ands.max(b.mask_ands);
    a.table_reads = a.table_reads.max(b.table_reads);
    a.list_writes = a.list_writes.max(b.list_writes);
}

impl Summary {
    /// Adds one frame.
    pub fn add(&mut self, r: &FrameReport) {
        self.frames += 1;
        self.cycles_per_frame = self.cycles_per_frame.or(r.cycles_per_frame);
        if let Some(c) = r.frame_cycles {
            self.max_frame_cycles = Some(self.max_frame_cycles.unwrap_or(0).max(c));
            if c > 30_000 {
                self.frames_over_budget += 1;
            }
        }
        if let Some(w) = &r.walls {
            let t = self.walls.get_or_insert_with(WallTotals::default);
            t.checked_frames += u64::from(w.checked);
            t.decisions += w.decisions;
            t.agreements += w.agreements;
            t.through_walls += w.through_walls;
            t.maze_tiles += w.maze_tiles;
            t.obj_hit_walls += w.obj_hit_walls;
            if let Some(m) = w.measured {
                *t.measured.get_or_insert_with(MeasuredWalls::default) += m;
            }
        }
        self.box_truth_pairs += r.box_truth.len() as u64;
        self.pixel_truth_pairs += r.pixel_truth.len() as u64;
        let hw = &mut self.hardware;
        if r.verdict.collided {
            hw.flag_frames += 1;
            hw.first_flag_frame.get_or_insert(r.frame);
        }
        if r.hardware.expected_collided {
            hw.truth_frames += 1;
        }
        if let Some(over) = r.verdict.overflow {
            *hw.overflow_frames.get_or_insert(0) += u64::from(over);
            if over {
                hw.first_overflow_frame.get_or_insert(r.frame);
            }
        }
        if !r.hardware.agrees(&r.verdict) {
            hw.disagreements += 1;
            if hw.examples.len() < 8 {
                hw.examples.push((r.frame, r.hardware.reasons.clone()));
            }
        }
        for m in &r.methods {
            if !self.methods.contains_key(&m.id) {
                self.order.push(m.id);
            }
            add_method(self.methods.entry(m.id).or_default(), m, r.frame);
        }
        for m in &r.routines {
            let Some(run) = &m.code else { continue };
            let at = match self.routines.iter().position(|t| t.name == run.name) {
                Some(i) => i,
                None => {
                    self.routines.push(RoutineTotals {
                        name: run.name.clone(),
                        method: m.id,
                        totals: MethodTotals::default(),
                        cycles: Vec::new(),
                        errors: 0,
                        first_error: None,
                        rust_compared: 0,
                        rust_disagreements: 0,
                        first_rust_disagreement: None,
                        duplicates: 0,
                        chip_too_fast: 0,
                    });
                    self.routines.len() - 1
                }
            };
            let t = &mut self.routines[at];
            add_method(&mut t.totals, m, r.frame);
            match (&run.error, run.cycles) {
                (Some(e), _) => {
                    t.errors += 1;
                    t.first_error.get_or_insert_with(|| (r.frame, e.clone()));
                }
                (None, Some(c)) => t.cycles.push(c),
                (None, None) => {}
            }
            t.rust_compared += u64::from(run.same_as_rust.is_some());
            if run.same_as_rust == Some(false) {
                t.rust_disagreements += 1;
                t.first_rust_disagreement.get_or_insert(r.frame);
            }
            t.duplicates += run.duplicates as u64;
            t.chip_too_fast += run.chip_too_fast;
        }
    }
}

/// Adds one frame of method `m` to `t`.
fn add_method(t: &mut MethodTotals, m: &MethodFrame, frame: u32) {
    t.pairs += m.found.pairs.len() as u64;
    t.box_hits += m.vs_box.hits.len() as u64;
    t.box_misses += m.vs_box.misses.len() as u64;
    t.box_false_alarms += m.vs_box.false_alarms.len() as u64;
    t.pixel_hits += m.vs_pixel.hits.len() as u64;
    t.pixel_misses += m.vs_pixel.misses.len() as u64;
    t.pixel_false_alarms += m.vs_pixel.false_alarms.len() as u64;
    t.good_bad_misses += m.vs_good_bad.misses.len() as u64;
    if !m.vs_box.misses.is_empty() && m.found.flag.is_none() {
        t.frames_with_misses += 1;
        t.first_miss_frame.get_or_insert(frame);
    }
    if m.found.flag == Some(true) {
        t.flag_frames += 1;
    }
    t.cost += m.found.cost;
    max_cost(&mut t.worst, &m.found.cost);
}
