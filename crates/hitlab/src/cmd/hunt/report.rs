//! The hunt's summary: text for a terminal, or one JSON object.

use std::path::Path;

use serde_json::json;

use super::explain::{describe_kind, group_name, why};
use super::judge::{Hunted, Judge};
use super::space::Space;
use super::{Found, HuntArgs, parse_range};

pub(super) fn print_text(
    args: &HuntArgs,
    space: &Space,
    judge: &Judge<'_>,
    searched: u32,
    fps: f64,
    found: Option<&Found>,
) {
    let name = judge.hunted.name();
    println!(
        "hunt {name} on {}: seed {}, {} objects, against {}",
        space.key,
        args.seed,
        args.objects,
        judge.hunted.truth()
    );
    if let Ok((_, hi)) = parse_range(&args.objects)
        && hi > space.slots
    {
        println!(
            "({} has {} sprites: frames of more objects are not searched)",
            space.key, space.slots
        );
    }
    let Some(f) = found else {
        println!("no disagreement in {searched} frames");
        println!("searched {searched} frames at {fps:.0} frames/s");
        return;
    };
    println!(
        "found: {name} {} in frame {} of the search; shrunk from {} to {} objects in {} plays",
        describe_kind(&f.finding),
        f.at,
        f.first_objects,
        f.frame.objs.len(),
        f.shrink_plays
    );
    println!("objects (as written; index = sprite number):");
    for (i, o) in f.frame.objs.iter().enumerate() {
        let mark = match f.finding.pair {
            Some((a, b)) if a == i as u32 || b == i as u32 => "  <- the pair",
            _ => "",
        };
        println!(
            "  {i:>2}  {:<4} x {:>4}  y {:>4}  {}x{}{mark}",
            if o.good { "Good" } else { "Bad" },
            o.x,
            o.y,
            o.w,
            o.h
        );
    }
    if let Some((a, b)) = f.finding.pair {
        let g = |i: u32| {
            f.objects
                .get(i as usize)
                .map_or("?", |o| group_name(o.group))
        };
        println!("pair: {a} ({}) and {b} ({})", g(a), g(b));
    }
    println!("why:");
    for w in why(space, &judge.hunted, f) {
        println!("  {w}");
    }
    println!(
        "chip: {} | {}",
        f.finding.status[0].trim(),
        f.finding.status[1].trim()
    );
    println!(
        "wrote {}, {} and {}{}",
        f.scene.display(),
        f.scenario.display(),
        f.png.display(),
        if f.reproduced {
            ""
        } else {
            " (the written scene did not play back the same!)"
        }
    );
    println!("rerun: {}", rerun(&f.scenario));
    println!("searched {searched} frames at {fps:.0} frames/s");
}

/// The command that replays the finding (exit 1 while the disagreement stands).
pub(in crate::cmd::hunt) fn rerun(scenario: &Path) -> String {
    let shown = scenario.display().to_string();
    let plain = shown
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "/._-+,:@".contains(c));
    if plain {
        format!("hitlab replay {shown}")
    } else {
        // Single quotes keep everything but a single quote, which is closed, escaped and
        // reopened.
        format!("hitlab replay '{}'", shown.replace('\'', "'\\''"))
    }
}

pub(super) fn print_json(
    args: &HuntArgs,
    space: &Space,
    judge: &Judge<'_>,
    searched: u32,
    fps: f64,
    found: Option<&Found>,
) {
    let mut v = json!({
        "hunted": judge.hunted.name(),
        "kind": match judge.hunted { Hunted::Method(_) => "method", Hunted::Code { .. } => "code" },
        "target": space.key,
        "seed": args.seed,
        "objects": args.objects,
        "budget": args.budget,
        "truth": judge.hunted.truth(),
        "found": found.is_some(),
        "frames_searched": searched,
        "frames_per_second": (fps * 10.0).round() / 10.0,
    });
    if let Some(f) = found {
        v["found_at"] = json!(f.at);
        v["first_objects"] = json!(f.first_objects);
        v["shrink_plays"] = json!(f.shrink_plays);
        v["disagreement"] = json!(f.finding.kind);
        v["pair"] = json!(f.finding.pair.map(|(a, b)| [a, b]));
        v["frame"] = f
            .frame
            .objs
            .iter()
            .map(|o| json!({"x": o.x, "y": o.y, "w": o.w, "h": o.h, "group": if o.good { "Good" } else { "Bad" }}))
            .collect();
        v["why"] = json!(why(space, &judge.hunted, f));
        v["status"] = json!(f.finding.status);
        v["scene"] = json!(f.scene.display().to_string());
        v["png"] = json!(f.png.display().to_string());
        v["scenario"] = json!(f.scenario.display().to_string());
        v["rerun"] = json!(rerun(&f.scenario));
        v["reproduced"] = json!(f.reproduced);
    }
    println!("{v}");
}
