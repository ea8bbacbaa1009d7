//! The target-code table: each routine run on the machine's CPU, its pairs against the
//! truths, whether it found exactly what the Rust method of the same id found, and its
//! cycles per frame (median, 99th percentile, maximum) as a share of the machine's frame.

use std::fmt::Write as _;

use scene::summary::{RoutineTotals, Summary};
use serde_json::{Value, json};

/// Thousands separated by commas: `2,140`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn share(cycles: u64, frame: Option<u64>) -> String {
    frame.filter(|&f| f > 0).map_or_else(
        || "-".into(),
        |f| format!("{:.1}%", cycles as f64 * 100.0 / f as f64),
    )
}

/// Frames on which the routine ran and found the Rust method's pairs, of all frames.
fn agreement(t: &RoutineTotals, frames: u32) -> String {
    if t.rust_compared == 0 {
        return "-".into();
    }
    let same = u64::from(frames).saturating_sub(t.rust_disagreements);
    format!("{same}/{frames}")
}

/// The routines as a text table, empty when none ran.
pub fn routines_text(s: &Summary) -> String {
    let mut out = String::new();
    if s.routines.is_empty() {
        return out;
    }
    let frame = s.cycles_per_frame;
    let _ = writeln!(
        out,
        "\ntarget code: the methods as code for the machine's CPU, {} cycles per frame",
        frame.map_or_else(|| "?".into(), grouped)
    );
    let _ = writeln!(
        out,
        "{:<20} {:>7} {:>20} {:>20} {:>9} {:>9} {:>9} {:>9} {:>6} {:>6}",
        "routine",
        "pairs",
        "box hit/miss/false",
        "pixel hit/miss/false",
        "= Rust",
        "median",
        "p99",
        "max",
        "share",
        "errors"
    );
    for t in &s.routines {
        let m = &t.totals;
        let row = |h: u64, mi: u64, fa: u64| format!("{h}/{mi}/{fa}");
        let stats = t.cycle_stats();
        let cyc = |f: fn(&scene::summary::CycleStats) -> u64| {
            stats.as_ref().map_or_else(|| "-".into(), |c| grouped(f(c)))
        };
        let _ = writeln!(
            out,
            "{:<20} {:>7} {:>20} {:>20} {:>9} {:>9} {:>9} {:>9} {:>6} {:>6}",
            t.name,
            m.pairs,
            row(m.box_hits, m.box_misses, m.box_false_alarms),
            row(m.pixel_hits, m.pixel_misses, m.pixel_false_alarms),
            agreement(t, s.frames),
            cyc(|c| c.median),
            cyc(|c| c.p99),
            cyc(|c| c.max),
            stats
                .as_ref()
                .map_or_else(|| "-".into(), |c| share(c.median, frame)),
            t.errors
        );
    }
    for t in &s.routines {
        if let Some((f, e)) = &t.first_error {
            let _ = writeln!(out, "          {}: frame {f}: {e}", t.name);
        }
        if let Some(f) = t.first_rust_disagreement {
            let _ = writeln!(
                out,
                "          {}: differs from the Rust {} first on frame {f}",
                t.name, t.method
            );
        }
        if t.duplicates > 0 || t.chip_too_fast > 0 {
            let _ = writeln!(
                out,
                "          {}: {} duplicate pairs, {} chip accesses faster than the chip allows",
                t.name, t.duplicates, t.chip_too_fast
            );
        }
    }
    let _ = writeln!(
        out,
        "`= Rust`: frames on which the routine found exactly the pairs of the Rust method of \
         the same id; cycles per frame count the CALL and the return; share = median / frame."
    );
    out
}

/// The labyrinth's wall decisions as the 6809 took them, empty when not measured.
pub fn walls_text(s: &Summary) -> String {
    let mut out = String::new();
    let Some(m) = s.walls.and_then(|w| w.measured) else {
        return out;
    };
    let frames = u64::from(s.frames.max(1));
    let per_decision = |c: u64| c as f64 / m.decisions.max(1) as f64;
    // Every checked decision lands in exactly one of: asked and answered (agreeing with
    // the Rust methods or not), asked and failed, or not askable.
    let total = m.decisions + m.errors + m.outside;
    let _ = writeln!(
        out,
        "\nwalls on the 6809 (roms/vectrex/code/walls.bin, JSR to RTS): {total} decisions: \
         {} answered, both routines giving the Rust answer on {} and not on {}; {} failed; \
         {} not askable (beyond the labyrinth's outer grid lines, where the image's tables end)",
        m.decisions,
        m.agreements,
        m.decisions - m.agreements,
        m.errors,
        m.outside
    );
    for (name, total, max) in [
        ("maze-tiles", m.maze_tiles_cycles, m.maze_tiles_max),
        ("obj-hit-walls", m.obj_hit_walls_cycles, m.obj_hit_walls_max),
    ] {
        let share = total as f64 * 100.0 / (frames * 30_000) as f64;
        let _ = writeln!(
            out,
            "          {name:<14} {:>10} cycles measured ({} per frame, {:.1}% of a frame; \
             {:.1} per decision, at most {})",
            grouped(total),
            grouped(total / frames),
            share,
            per_decision(total),
            grouped(max)
        );
        if share > 100.0 {
            let _ = writeln!(
                out,
                "          {name}: more than the whole 30,000-cycle frame; it was not run in \
                 the frame (the walkers move by maze-tiles), only measured beside it"
            );
        }
    }
    out
}

/// The routines as JSON (an array, in the order run).
pub fn routines_json(s: &Summary) -> Value {
    s.routines
        .iter()
        .map(|t| {
            let m = &t.totals;
            let stats = t.cycle_stats();
            json!({
                "name": t.name,
                "method": t.method.as_str(),
                "pairs": m.pairs,
                "box": {"hits": m.box_hits, "misses": m.box_misses, "false_alarms": m.box_false_alarms},
                "pixel": {"hits": m.pixel_hits, "misses": m.pixel_misses, "false_alarms": m.pixel_false_alarms},
                "good_bad_misses": m.good_bad_misses,
                "rust_disagreements": t.rust_disagreements,
                "first_rust_disagreement": t.first_rust_disagreement,
                "cycles": stats.map(|c| json!({"median": c.median, "p99": c.p99, "max": c.max})),
                "cycles_per_frame": s.cycles_per_frame,
                "errors": t.errors,
                "first_error": t.first_error.as_ref().map(|(f, e)| json!({"frame": f, "message": e})),
                "duplicates": t.duplicates,
                "chip_too_fast": t.chip_too_fast,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(2_140), "2,140");
        assert_eq!(grouped(1_234_567), "1,234,567");
    }

    #[test]
    fn shares_are_of_the_frame() {
        assert_eq!(share(2_140, Some(59_736)), "3.6%");
        assert_eq!(share(1, None), "-");
    }
}
