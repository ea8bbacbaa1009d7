//! `hitlab compare`: the three-way table of a scene, or a program's run against its truth
//! (from power-on, or from a state file's frame with `--from`).

use std::path::Path;

use scene::session::FrameReport;
use scene::summary::Summary;

use crate::cli::{CompareArgs, MethodArg};
use crate::code_report::{routines_json, routines_text, walls_text};
use crate::report::{columns_note, summary_json, summary_text};
use crate::{Fault, Outcome, bad_input};

/// The machine as a report names it: its title and what its collision verdict is called.
#[derive(Clone, Debug)]
pub struct Named {
    /// "Genesis VDP H40 V28".
    pub title: String,
    /// "status bit 5".
    pub flag_name: &'static str,
    /// The machine's screen.
    pub screen: collide::Screen,
    /// The methods the machine cannot run and why, one `n/a` line each.
    pub not_applicable: String,
}

impl Named {
    /// The words of `machine`.
    pub fn of(machine: &dyn machine::Machine) -> Self {
        Self {
            title: machine.title(),
            flag_name: machine.flag_name(),
            screen: machine.screen(),
            not_applicable: crate::report::not_applicable_text(machine),
        }
    }
}

/// Plays `path` for `frames` (the scene's own count when `None`) and totals it.
pub fn play(
    path: &Path,
    frames: Option<u32>,
    methods: &[MethodArg],
    mut each: impl FnMut(&FrameReport),
) -> Result<(scene::loaded::LoadedScene, Summary, Named), Fault> {
    let loaded =
        crate::long_run::blocking(|| scene::loaded::load_scene(path)).map_err(bad_input)?;
    let n = frames.unwrap_or(loaded.scene.frames);
    let machine = scene::session::machine_for(&loaded).map_err(bad_input)?;
    let pairs = crate::cmd::choose::pair_methods(machine.as_ref(), methods)?;
    let own: Vec<_> = loaded.scene.methods.iter().map(|m| m.0).collect();
    crate::cmd::choose::refuse_lacking(machine.as_ref(), &own)?;
    let named = Named::of(machine.as_ref());
    let mut session = scene::start_on(loaded.clone(), machine, &pairs).map_err(bad_input)?;
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
    Ok((loaded, summary, named))
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
pub fn header(loaded: &scene::loaded::LoadedScene, frames: u32, named: &Named) -> String {
    format!(
        "{} ({}), {frames} frames on {}",
        loaded.scene.name,
        loaded.path.display(),
        named.title
    )
}

/// `compare` on a program: the per-frame table with `--json`, the totals as text, and the
/// program file's expectations checked as `replay` checks them (exit 1 when one fails).
/// With `--json`, a program that fails (a fault, a handler that never returns) prints the
/// error object on stdout as `replay --json` does.
fn run_program(args: &CompareArgs) -> Result<Outcome, Fault> {
    if !args.methods.is_empty() {
        return Err(crate::usage(anyhow::anyhow!(
            "--methods compares a scene's methods; a program's answer is its own decisions"
        )));
    }
    let p = crate::cmd::program::load(&args.scene, args.frames, &args.program)?;
    let dump_names: Vec<String> = p.config.dumps.iter().map(|d| d.name.clone()).collect();
    let mut frames = Vec::new();
    // From a state file, the frames from its frame on (checked against the program as the
    // hunt checks it: exit 3 naming the file and what differs).
    let from = args.from.as_deref();
    let played = crate::cmd::program::play_from(&p, args.program.trace.as_ref(), from, |r, _| {
        if args.json {
            frames.push(crate::cmd::program::frame_json(r, &dump_names));
        } else if args.per_frame {
            crate::out::outln!("{}", program_frame_line(r));
        }
    });
    let played = match played {
        Ok(played) => played,
        Err(Fault::Other(e)) if args.json => {
            let v = serde_json::json!({
                "program": p.path.display().to_string(),
                "passed": false,
                "error": format!("{e:#}"),
            });
            crate::out::outln!("{v}");
            return Ok(Outcome::Failed);
        }
        Err(e) => return Err(e),
    };
    let failures = played.tally.failures(&p.expect);
    if args.json {
        let mut v = crate::cmd::program::tally_json(&played.tally);
        v["program"] = p.path.display().to_string().into();
        v["target"] = p.target.into();
        v["machine"] = played.title.clone().into();
        v["passed"] = failures.is_empty().into();
        v["failures"] = failures.clone().into();
        v["per_frame"] = frames.into();
        if let Some(f) = from {
            v["from"] = f.display().to_string().into();
        }
        crate::out::outln!("{v}");
    } else {
        crate::out::out!("{}", crate::cmd::program::text(&p, &played));
        for f in &failures {
            crate::out::outln!("FAIL {f}");
        }
    }
    Ok(if failures.is_empty() {
        Outcome::Ok
    } else {
        Outcome::Failed
    })
}

/// One program frame for `--per-frame`.
fn program_frame_line(r: &machine::program::FrameRecord) -> String {
    let judged = match scene::program::tally::score_frame(r) {
        Some(s) => format!(
            "  marked {:?}  misses {}/{}  false alarms {}/{}",
            r.decided_objects, s.by_box.1, s.by_pixel.1, s.by_box.2, s.by_pixel.2
        ),
        None => String::new(),
    };
    let handlers: Vec<String> = r
        .handlers
        .iter()
        .map(|h| format!("  {} {} cycles", h.name, h.cycles.cycles))
        .collect();
    let overrun = r.overrun.map_or_else(String::new, |o| {
        format!("  OVERRUN {} {} lines", o.handler, o.lines)
    });
    let why = match scene::program::tally::chip_vs_truth(r) {
        scene::program::tally::ChipVsTruth::Differs => {
            format!("  chip differs: {}", r.chip_reasons.join("; "))
        }
        // The chip agrees with pixel truth but not with box truth: say why.
        _ if !r.chip_reasons.is_empty() => {
            format!("  chip vs box truth: {}", r.chip_reasons.join("; "))
        }
        _ => String::new(),
    };
    let unjudged = if r.unjudged_reasons.is_empty() {
        String::new()
    } else {
        format!("  not judged: {}", r.unjudged_reasons.join("; "))
    };
    format!(
        "frame {:>4}  status {}  box pairs {:>3}  pixel pairs {:>3}{judged}{}  busy {} idle {}{overrun}{}{why}{unjudged}",
        r.frame,
        crate::report::status_hex(r.verdict.status),
        r.box_pairs.len(),
        r.pixel_pairs.len(),
        handlers.concat(),
        r.busy_cycles(),
        r.idle_cycles,
        if r.lag { "  LAG" } else { "" }
    )
}

pub fn run(args: &CompareArgs) -> Result<Outcome, Fault> {
    if crate::cmd::program::is_program(&args.scene, &args.program) {
        return run_program(args);
    }
    crate::cmd::program::scene_only(&args.program, &args.scene)?;
    if let Some(f) = &args.from {
        return Err(crate::usage(anyhow::anyhow!(
            "--from {}: a state file starts a program, and {} is a scene",
            f.display(),
            args.scene.display()
        )));
    }
    let mut frames_json = Vec::new();
    let (loaded, summary, named) = play(&args.scene, args.frames, &args.methods, |r| {
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
        if let Some((n, _)) = columns_note(&loaded, &summary, named.screen) {
            v["columns"] = n.into();
        }
        v["routines"] = routines_json(&summary);
        crate::out::outln!("{v}");
    } else {
        crate::out::outln!("{}", header(&loaded, summary.frames, &named));
        crate::out::out!("{}", named.not_applicable);
        if let Some((_, note)) = columns_note(&loaded, &summary, named.screen) {
            crate::out::outln!("{note}");
        }
        crate::out::out!("{}", summary_text(&summary, named.flag_name));
        crate::out::out!("{}", walls_text(&summary));
        crate::out::out!("{}", routines_text(&summary));
    }
    Ok(Outcome::Ok)
}
