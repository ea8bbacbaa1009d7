//! `hitlab compare`: the three-way table of a scene.

use std::path::Path;

use collide::MethodId;
use scene::session::FrameReport;
use scene::summary::Summary;

use crate::cli::CompareArgs;
use crate::code_report::{routines_json, routines_text, walls_text};
use crate::report::{summary_json, summary_text};
use crate::{Fault, Outcome, bad_input};

/// The machine as a report names it: its title and what its collision verdict is called.
#[derive(Clone, Debug)]
pub struct Named {
    /// "Genesis VDP H40 V28".
    pub title: String,
    /// "status bit 5".
    pub flag_name: &'static str,
}

impl Named {
    /// The words of `machine`.
    pub fn of(machine: &dyn machine::Machine) -> Self {
        Self {
            title: machine.title(),
            flag_name: machine.flag_name(),
        }
    }
}

/// Plays `path` for `frames` (the scene's own count when `None`) and totals it.
pub fn play(
    path: &Path,
    frames: Option<u32>,
    methods: &[MethodId],
    mut each: impl FnMut(&FrameReport),
) -> Result<(scene::loaded::LoadedScene, Summary, Named), Fault> {
    let loaded = scene::loaded::load_scene(path).map_err(bad_input)?;
    let n = frames.unwrap_or(loaded.scene.frames);
    let mut session = scene::start(loaded.clone(), methods).map_err(bad_input)?;
    let named = Named::of(session.machine());
    let mut summary = Summary::default();
    for _ in 0..n {
        let r = session.step(None);
        each(&r);
        summary.add(&r);
    }
    Ok((loaded, summary, named))
}

/// One line per frame for `--per-frame`.
fn frame_line(r: &FrameReport) -> String {
    format!(
        "frame {:>4}  status 0x{:04X}  chip {}  truth {}  box pairs {:>3}  pixel pairs {:>3}  {}",
        r.frame,
        r.verdict.status,
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
pub fn header(loaded: &scene::loaded::LoadedScene, frames: u32, named: &Named) -> String {
    format!(
        "{} ({}), {frames} frames on {}",
        loaded.scene.name,
        loaded.path.display(),
        named.title
    )
}

pub fn run(args: &CompareArgs) -> Result<Outcome, Fault> {
    let per_frame = args.per_frame && !args.json;
    let (loaded, summary, named) = play(&args.scene, args.frames, &args.methods, |r| {
        if per_frame {
            println!("{}", frame_line(r));
        }
    })?;
    if args.json {
        let mut v = summary_json(&summary);
        v["scene"] = loaded.path.display().to_string().into();
        v["name"] = loaded.scene.name.clone().into();
        v["routines"] = routines_json(&summary);
        println!("{v}");
    } else {
        println!("{}", header(&loaded, summary.frames, &named));
        print!("{}", summary_text(&summary, named.flag_name));
        print!("{}", walls_text(&summary));
        print!("{}", routines_text(&summary));
    }
    Ok(Outcome::Ok)
}
