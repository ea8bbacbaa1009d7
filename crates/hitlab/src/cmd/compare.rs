//! `hitlab compare`: the three-way table of a scene.

use std::path::Path;

use scene::format::Target;
use scene::session::FrameReport;
use scene::summary::Summary;

use crate::cli::{CompareArgs, MethodArg};
use crate::report::{columns_note, summary_json, summary_text};
use crate::{Fault, Outcome, bad_input};

/// What the chip's collision verdict is called on each machine.
pub fn flag_name(target: &Target) -> &'static str {
    match target {
        Target::Genesis(_) => "status bit 5",
        Target::Msx(_) => "S#0 bit 5 (C)",
        Target::Vera(_) => "ISR bits 7-4",
        Target::Vectrex(_) => "Obj_Hit",
    }
}

/// Plays `path` for `frames` (the scene's own count when `None`) and totals it.
pub fn play(
    path: &Path,
    frames: Option<u32>,
    methods: &[MethodArg],
    mut each: impl FnMut(&FrameReport),
) -> Result<(scene::loaded::LoadedScene, Summary, collide::Screen), Fault> {
    let loaded = scene::loaded::load_scene(path).map_err(bad_input)?;
    let n = frames.unwrap_or(loaded.scene.frames);
    let pairs = crate::cmd::choose::pair_methods(&loaded.scene.target, methods)?;
    let mut session = scene::start(loaded.clone(), &pairs).map_err(bad_input)?;
    let screen = session.machine().screen();
    let mut summary = Summary::default();
    let bar = crate::long_run::bar(u64::from(n), path.display().to_string());
    for _ in 0..n {
        crate::long_run::check()?;
        let r = session.step(None);
        each(&r);
        summary.add(&r);
        bar.inc(1);
    }
    bar.finish_and_clear();
    if pairs.is_empty() && !methods.is_empty() {
        // Only wall methods were asked for: no pair table.
        summary.order.clear();
    }
    Ok((loaded, summary, screen))
}

/// One line per frame for `--per-frame`.
fn frame_line(r: &FrameReport) -> String {
    format!(
        "frame {:>4}  status {}  chip {}  truth {}  box pairs {:>3}  pixel pairs {:>3}  {}",
        r.frame,
        crate::report::status_hex(r.verdict.status),
        if r.verdict.collided { "hit " } else { "    " },
        if r.hardware.expected_collided {
            "hit "
        } else {
            "    "
        },
        r.box_truth.len(),
        r.pixel_truth.len(),
        r.frame_hash
    )
}

/// The header line of a report.
pub fn header(loaded: &scene::loaded::LoadedScene, frames: u32) -> String {
    format!(
        "{} ({}), {frames} frames on {}",
        loaded.scene.name,
        loaded.path.display(),
        match &loaded.scene.target {
            Target::Genesis(g) => format!(
                "Genesis VDP {}{}",
                if g.h40 { "H40" } else { "H32" },
                if g.v30 { " V30" } else { " V28" }
            ),
            Target::Msx(_) => "MSX TMS9918A".into(),
            Target::Vera(v) => format!("X16 VERA ({:?})", v.quirks),
            Target::Vectrex(_) => "Vectrex".into(),
        }
    )
}

pub fn run(args: &CompareArgs) -> Result<Outcome, Fault> {
    let mut frames_json = Vec::new();
    let (loaded, summary, screen) = play(&args.scene, args.frames, &args.methods, |r| {
        if args.per_frame && args.json {
            frames_json.push(crate::report::frame_json(r));
        } else if args.per_frame {
            crate::out::outln!("{}", frame_line(r));
        }
    })?;
    if args.json {
        let mut v = summary_json(&summary);
        if args.per_frame {
            v["per_frame"] = frames_json.into();
        }
        v["scene"] = loaded.path.display().to_string().into();
        v["name"] = loaded.scene.name.clone().into();
        if let Some((n, _)) = columns_note(&loaded, &summary, screen) {
            v["columns"] = n.into();
        }
        crate::out::outln!("{v}");
    } else {
        crate::out::outln!("{}", header(&loaded, summary.frames));
        if let Some((_, note)) = columns_note(&loaded, &summary, screen) {
            crate::out::outln!("{note}");
        }
        crate::out::out!(
            "{}",
            summary_text(&summary, flag_name(&loaded.scene.target))
        );
    }
    Ok(Outcome::Ok)
}
