//! The comparison as text tables and as JSON.

use std::fmt::Write as _;

use collide::{Cost, MethodId};
use scene::summary::{MethodTotals, Summary};
use serde_json::{Value, json};

fn cost_json(c: &Cost) -> Value {
    json!({
        "pair_tests": c.pair_tests,
        "comparisons": c.comparisons,
        "seed_ops": c.seed_ops,
        "mask_ands": c.mask_ands,
        "table_reads": c.table_reads,
        "list_writes": c.list_writes,
    })
}

/// How many columns `columns` used and why, when it ran: the scene's own `columns`, or
/// one per 8 px of the machine's display.
pub fn columns_note(
    loaded: &scene::loaded::LoadedScene,
    s: &Summary,
    screen: collide::Screen,
) -> Option<(u8, String)> {
    if !s.order.contains(&MethodId::Columns) {
        return None;
    }
    Some(match loaded.scene.columns {
        Some(n) => (
            n,
            format!("columns   {n} columns of 8 px, as the scene sets"),
        ),
        None => {
            let n = collide::methods::columns::for_screen(screen);
            (
                n,
                format!(
                    "columns   {n} columns of 8 px, across the {}-px display",
                    screen.w_px
                ),
            )
        }
    })
}

/// One frame as JSON, for `--json --per-frame`: what the per-frame text line says.
pub fn frame_json(r: &scene::session::FrameReport) -> Value {
    json!({
        "frame": r.frame,
        "status": status_hex(r.verdict.status),
        "chip_collided": r.verdict.collided,
        "truth_collided": r.hardware.expected_collided,
        "box_pairs": r.box_truth.len(),
        "pixel_pairs": r.pixel_truth.len(),
        "frame_hash": r.frame_hash,
    })
}

/// Totals as JSON.
pub fn summary_json(s: &Summary) -> Value {
    let hw = &s.hardware;
    let methods: serde_json::Map<String, Value> = s
        .order
        .iter()
        .map(|id| {
            let t = &s.methods[id];
            (
                id.to_string(),
                json!({
                    "exactness": id.exactness().describe(),
                    "pairs": t.pairs,
                    "box": {"hits": t.box_hits, "misses": t.box_misses, "false_alarms": t.box_false_alarms},
                    "pixel": {"hits": t.pixel_hits, "misses": t.pixel_misses, "false_alarms": t.pixel_false_alarms},
                    "good_bad_misses": t.good_bad_misses,
                    "frames_with_misses": t.frames_with_misses,
                    "first_miss_frame": t.first_miss_frame,
                    "flag_frames": t.flag_frames,
                    "cost_total": cost_json(&t.cost),
                    "cost_worst_frame": cost_json(&t.worst),
                }),
            )
        })
        .collect();
    json!({
        "frames": s.frames,
        "truth": {"box_pairs": s.box_truth_pairs, "pixel_pairs": s.pixel_truth_pairs},
        "hardware": {
            "flag_frames": hw.flag_frames,
            "overflow_frames": hw.overflow_frames,
            "first_overflow_frame": hw.first_overflow_frame,
            "truth_frames": hw.truth_frames,
            "disagreements": hw.disagreements,
            "first_flag_frame": hw.first_flag_frame,
            "examples": hw.examples.iter().map(|(f, r)| json!({"frame": f, "reasons": r})).collect::<Vec<_>>(),
        },
        "methods": methods,
        "walls": s.walls.map(|w| {
            // One set of numbers: the cycles the 6809 took where its routines ran, the
            // Rust models' count otherwise; `cycles_are` says which.
            let (tiles, obj_hit, are) = match w.measured {
                Some(m) => (m.maze_tiles_cycles, m.obj_hit_walls_cycles, "measured"),
                None => (w.maze_tiles.cycles_6809, w.obj_hit_walls.cycles_6809, "counted"),
            };
            json!({
                "checked_frames": w.checked_frames,
                "decisions": w.decisions,
                "agreements": w.agreements,
                "through_walls": w.through_walls,
                "cycles_are": are,
                "maze_tiles_cycles": tiles,
                "obj_hit_walls_cycles": obj_hit,
                "measured": w.measured.map(|m| json!({
                    "asked": m.decisions,
                    "agree_with_rust": m.agreements,
                    "differ_from_rust": m.decisions - m.agreements,
                    "not_askable": m.outside,
                    "failed": m.errors,
                    "maze_tiles_cycles": m.maze_tiles_cycles,
                    "maze_tiles_max": m.maze_tiles_max,
                    "obj_hit_walls_cycles": m.obj_hit_walls_cycles,
                    "obj_hit_walls_max": m.obj_hit_walls_max,
                })),
            })
        }),
        "max_frame_cycles": s.max_frame_cycles,
    })
}

fn per_frame(total: u64, frames: u32) -> String {
    if frames == 0 {
        return "0".into();
    }
    let x = total as f64 / f64::from(frames);
    if x >= 100.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

/// Cycles per frame as a percentage of the Vectrex's 30,000-cycle frame.
fn budget_share(cycles: u64, frames: u32) -> f64 {
    cycles as f64 / f64::from(frames.max(1)) / 300.0
}

/// The three-way comparison as text: truth, hardware, then one row per method.
pub fn summary_text(s: &Summary, flag_name: &str) -> String {
    let mut out = String::new();
    let hw = &s.hardware;
    let f = s.frames;
    let _ = writeln!(
        out,
        "truth     box pairs {} ({} per frame), pixel pairs {} ({} per frame)",
        s.box_truth_pairs,
        per_frame(s.box_truth_pairs, f),
        s.pixel_truth_pairs,
        per_frame(s.pixel_truth_pairs, f)
    );
    let _ = writeln!(
        out,
        "hardware  {flag_name}: set on {} of {f} frames (first {}), pixel truth says {}; differs on {} frames",
        hw.flag_frames,
        hw.first_flag_frame
            .map_or("never".into(), |x| x.to_string()),
        hw.truth_frames,
        hw.disagreements
    );
    if let Some(c) = s.max_frame_cycles {
        let _ = writeln!(
            out,
            "cycles    drawing the vectors and the Obj_Hit pairs: at most {c} of the 30,000-cycle \
             frame ({:.0}%), {} frames over; the wall checks below come on top",
            c as f64 / 300.0,
            s.frames_over_budget
        );
    }
    if let Some(w) = &s.walls {
        let per = |c: u64| per_frame(c, f);
        let _ = writeln!(
            out,
            "walls     checked on {} frames: {} decisions, the methods agree on {}; {} unchecked steps through a wall",
            w.checked_frames, w.decisions, w.agreements, w.through_walls
        );
        if w.measured.is_none() {
            // No 6809 image ran: the cycles the Rust models count per instruction.
            let _ = writeln!(
                out,
                "          maze-tiles     {:>10} cycles counted ({} per frame, {:.1}% of a frame), {} tile reads",
                w.maze_tiles.cycles_6809,
                per(w.maze_tiles.cycles_6809),
                budget_share(w.maze_tiles.cycles_6809, f),
                w.maze_tiles.tile_reads
            );
            let _ = writeln!(
                out,
                "          obj-hit-walls  {:>10} cycles counted ({} per frame, {:.1}% of a frame), {} Obj_Hit calls",
                w.obj_hit_walls.cycles_6809,
                per(w.obj_hit_walls.cycles_6809),
                budget_share(w.obj_hit_walls.cycles_6809, f),
                w.obj_hit_walls.obj_hit_calls
            );
        }
    }
    if let Some(n) = hw.overflow_frames {
        let _ = writeln!(
            out,
            "          {}: set on {n} of {f} frames (first {})",
            overflow_name(flag_name),
            hw.first_overflow_frame
                .map_or("never".into(), |x| x.to_string())
        );
    }
    let shown = hw.examples.len().min(4);
    for (frame, reasons) in &hw.examples[..shown] {
        let why = if reasons.is_empty() {
            "no reason known".to_owned()
        } else {
            reasons.join("; ")
        };
        let _ = writeln!(out, "          frame {frame}: {why}");
    }
    let more = hw.disagreements.saturating_sub(shown as u64);
    if more > 0 {
        let _ = writeln!(out, "          ... and {more} more");
    }
    if s.order.is_empty() {
        return out;
    }
    let _ = writeln!(
        out,
        "\n{:<16} {:<30} {:>7} {:>20} {:>20} {:>8} {:>11} {:>11}",
        "method",
        "exact?",
        "pairs",
        "box hit/miss/false",
        "pixel hit/miss/false",
        "G-B miss",
        "seed ops/f",
        "compares/f"
    );
    for id in &s.order {
        let t: &MethodTotals = &s.methods[id];
        let row = |h: u64, m: u64, fa: u64| format!("{h}/{m}/{fa}");
        let pairs = if *id == MethodId::HwFlag {
            format!("{}f", t.flag_frames)
        } else {
            t.pairs.to_string()
        };
        let _ = writeln!(
            out,
            "{:<16} {:<30} {:>7} {:>20} {:>20} {:>8} {:>11} {:>11}",
            id.as_str(),
            id.exactness().describe(),
            pairs,
            row(t.box_hits, t.box_misses, t.box_false_alarms),
            row(t.pixel_hits, t.pixel_misses, t.pixel_false_alarms),
            if *id == MethodId::HwFlag {
                "-".to_owned()
            } else {
                t.good_bad_misses.to_string()
            },
            per_frame(t.cost.seed_ops, f),
            per_frame(t.cost.comparisons, f),
        );
    }
    out.push_str(LEGEND);
    out
}

/// What the table's columns mean, printed under it.
const LEGEND: &str = "
pairs: pairs reported over the run; `Nf` for hw-flag: frames its flag was set (it names no pairs).
hit/miss/false: pairs found that are in the truth / truth pairs not found / pairs found that are not.
G-B miss: Good-vs-Bad pairs of box truth missed, the ones seed 002's game acts on.
seed ops/f: the seed's own cost unit per frame; compares/f: comparisons executed per frame.
`-`: does not apply to the method; `0.0`: applies and cost nothing.
";

/// The methods `machine` cannot run, each with why (it reads hardware the machine lacks),
/// one line each; empty when it runs them all.
#[must_use]
pub fn not_applicable_text(machine: &dyn machine::Machine) -> String {
    let mut out = String::new();
    for id in MethodId::ALL {
        if let Some(why) = machine.method_needs(*id) {
            let _ = writeln!(out, "n/a       {why}");
        }
    }
    out
}

/// The chip's overflow bit, named beside its collision flag.
fn overflow_name(flag_name: &str) -> &'static str {
    if flag_name.starts_with("S#0") {
        "S#0 bit 6 (5S, a fifth sprite on a line)"
    } else {
        "status bit 6 (sprite overflow)"
    }
}

/// A status register as every output shows it: hex at the register's width (all are
/// 8-bit as read: Genesis status bits 7-0, MSX S#0, VERA ISR).
#[must_use]
pub fn status_hex(value: u16) -> String {
    format!("0x{value:02X}")
}
