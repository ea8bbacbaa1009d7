//! Whole programs on the command line (specs/programs.md, "What the user gets"): a program
//! file (`*.prg.ron`) or a bare image with `--target`, run through the machine's program
//! harness; per-frame JSON for `--trace` and `compare --json`, the text table, and the
//! program file's expectations for `replay`.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use machine::program::{FrameRecord, Harness, HarnessError, ProgramError};
use scene::program::tally::{ChipVsTruth, Tally, chip_vs_truth, score_frame};
use scene::program::{BareError, BareImage, BootError, LoadedProgram};
use serde_json::{Value, json};

use crate::cli::ProgramArgs;
use crate::{Fault, bad_input, usage};

/// Whether `path` with these options names a program rather than a scene: a program file
/// is named `*.prg.ron`; anything with `--target` is a bare image.
pub fn is_program(path: &Path, args: &ProgramArgs) -> bool {
    args.target.is_some() || is_program_file(path)
}

/// `*.prg.ron`.
pub fn is_program_file(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.to_ascii_lowercase().ends_with(".prg.ron"))
}

/// Refuses the program options with a scene: they would be silently ignored.
///
/// # Errors
/// A usage error naming the scene.
pub fn scene_only(args: &ProgramArgs, scene: &Path) -> Result<(), Fault> {
    if args.trace.is_some()
        || args.give_up_frames.is_some()
        || args.start.is_some()
        || args.rom.is_some()
        || args.mapper.is_some()
        || args.symbols.is_some()
    {
        return Err(usage(anyhow::anyhow!(
            "{} is a scene: --trace, --give-up-frames, --start, --rom, --mapper and --symbols go with programs",
            scene.display()
        )));
    }
    Ok(())
}

/// Loads a program file or a bare image.
///
/// # Errors
/// A bad file (exit 3) or options that do not fit (exit 2).
pub fn load(path: &Path, frames: Option<u32>, args: &ProgramArgs) -> Result<LoadedProgram, Fault> {
    let mut p = if let Some(target) = &args.target {
        scene::program::load_bare(&BareImage {
            image: path,
            target,
            frames: frames.unwrap_or(600),
            start: args.start.as_deref(),
            system_rom: args.rom.as_deref(),
            mapper: args.mapper.as_deref(),
            symbols: args.symbols.as_deref(),
        })
        .map_err(|e| match e {
            BareError::Usage(m) => usage(anyhow::anyhow!(m)),
            BareError::File(e) => bad_input(e),
        })?
    } else {
        if args.start.is_some()
            || args.rom.is_some()
            || args.mapper.is_some()
            || args.symbols.is_some()
        {
            return Err(usage(anyhow::anyhow!(
                "--start, --rom, --mapper and --symbols go with a bare image and --target; a program file says them itself"
            )));
        }
        scene::program::load(path).map_err(bad_input)?
    };
    if let Some(n) = frames {
        p.config.frames = n;
    }
    if let Some(k) = args.give_up_frames {
        p.config.give_up_frames = k;
    }
    Ok(p)
}

/// The machine booted with `p`.
///
/// # Errors
/// A machine that cannot run programs (exit 2), an image it refuses (exit 3), a fault while
/// booting (exit 1).
pub fn boot(p: &LoadedProgram) -> Result<Box<dyn machine::Machine>, Fault> {
    p.boot().map_err(|e| match &e {
        BootError::Machine { .. } => usage(e),
        BootError::Program { error, .. } => match error {
            ProgramError::Unsupported { .. } => usage(e),
            ProgramError::Image { .. } | ProgramError::SystemRom { .. } => bad_input(e),
            ProgramError::Fault { .. } => Fault::Other(e.into()),
        },
    })
}

/// A harness error: the program failed (exit 1), or the program file's object rules do
/// not fit the machine (exit 3).
pub fn failed(path: &Path, e: &HarnessError) -> Fault {
    let error = anyhow::anyhow!("{}: {e}", path.display());
    if matches!(e, HarnessError::Objects { .. }) {
        bad_input(error)
    } else {
        Fault::Other(error)
    }
}

fn cycles_json(list: &[machine::program::NamedCycles]) -> Value {
    list.iter()
        .map(|c| {
            (
                c.name.clone(),
                json!({"count": c.cycles.count, "cycles": c.cycles.cycles, "max": c.cycles.max}),
            )
        })
        .collect::<serde_json::Map<_, _>>()
        .into()
}

/// One frame as JSON: sprite attributes as the chip read them, status as set, truth among
/// objects (by object id, the lowest sprite number), decisions, cycles, lag.
pub fn frame_json(r: &FrameRecord) -> Value {
    let ids = |pairs: &[collide::Pair]| -> Vec<[u32; 2]> {
        pairs
            .iter()
            .map(|p| {
                [
                    r.objects.objects[p.a as usize].id,
                    r.objects.objects[p.b as usize].id,
                ]
            })
            .collect()
    };
    let score = score_frame(r);
    json!({
        "frame": r.frame,
        "sprites": r.sprites.iter().map(|s| json!({
            "n": s.number, "x": s.bbox.x, "y": s.bbox.y, "w": s.bbox.w, "h": s.bbox.h,
            "collision_mask": s.collision_mask, "z": s.z, "drawn": s.drawn,
        })).collect::<Vec<_>>(),
        "status": r.verdict.status,
        "collided": r.verdict.collided,
        "chip_collision_mask": r.verdict.collision_mask,
        "chip_vs_truth": match chip_vs_truth(r) {
            ChipVsTruth::Agrees => "agrees",
            ChipVsTruth::Blind { .. } => "blind",
            ChipVsTruth::Differs => "differs",
        },
        "overflow": r.verdict.overflow,
        "truth": {"box": ids(&r.box_pairs), "pixel": ids(&r.pixel_pairs)},
        "decisions": r.decisions.iter().map(|d| json!({
            "name": d.name, "sprites": d.sprites, "pairs": d.pairs,
        })).collect::<Vec<_>>(),
        "marked": r.decided_objects.iter().map(|&o| r.objects.objects[o].id).collect::<Vec<_>>(),
        "misses": {"box": score.by_box.1, "pixel": score.by_pixel.1},
        "false_alarms": {"box": score.by_box.2, "pixel": score.by_pixel.2},
        "handlers": cycles_json(&r.handlers),
        "spans": cycles_json(&r.spans),
        "lag": r.lag,
        "cycles": r.cycles,
    })
}

/// A run's totals as JSON.
pub fn tally_json(t: &Tally) -> Value {
    let score = |s: &scene::program::tally::Score| {
        json!({"hits": s.hits, "misses": s.misses, "false_alarms": s.false_alarms,
               "miss_frames": s.miss_frames, "false_alarm_frames": s.false_alarm_frames})
    };
    let cyc = |m: &std::collections::BTreeMap<String, (u64, u64, u64)>| -> Value {
        m.iter()
            .map(|(k, (n, c, max))| (k.clone(), json!({"count": n, "cycles": c, "max": max})))
            .collect::<serde_json::Map<_, _>>()
            .into()
    };
    json!({
        "frames": t.frames,
        "judged": t.judged,
        "box": score(&t.by_box),
        "pixel": score(&t.by_pixel),
        "box_truth_frames": t.box_frames,
        "pixel_truth_frames": t.pixel_frames,
        "chip_frames": t.chip_frames.len(),
        "chip_differs_frames": t.chip_differs.0,
        "chip_blind_frames": t.chip_blind.0,
        "handlers": cyc(&t.handlers),
        "spans": cyc(&t.spans),
        "lag_frames": t.lag_frames,
        "cycles": t.cycles,
    })
}

/// What a run gives back.
pub struct Played {
    /// The totals.
    pub tally: Tally,
    /// The machine's title.
    pub title: String,
    /// The chip's flag name.
    pub flag_name: &'static str,
    /// CPU cycles in one frame of the real machine: the budget.
    pub cycles_per_frame: u64,
}

/// Runs `p` headless (no picture drawn), calling `each` per frame, writing `trace` when
/// given.
///
/// # Errors
/// The machine cannot boot it, the trace cannot be written, or the program failed.
pub fn play(
    p: &LoadedProgram,
    trace: Option<&PathBuf>,
    mut each: impl FnMut(&FrameRecord, &dyn machine::Machine),
) -> Result<Played, Fault> {
    let mut m = boot(p)?;
    // No caller of `play` shows the picture: the chip keeps its flags and sprite view
    // exact with frame output off, and skips drawing the layers behind the sprites.
    m.set_frame_output(false);
    let flag_name = m.flag_name();
    let cycles_per_frame = m.program().map_or(0, |b| b.cycles_per_frame());
    let mut trace_out = match trace {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path).map_err(|e| {
                usage(anyhow::anyhow!(
                    "{}: cannot write the trace: {e}",
                    path.display()
                ))
            })?,
        )),
        None => None,
    };
    let mut tally = Tally::new(!p.config.watches.is_empty());
    let mut h = Harness::new(m.as_mut(), p.config.clone()).map_err(usage)?;
    let bar = crate::long_run::bar(u64::from(p.config.frames), p.path.display().to_string());
    for _ in 0..p.config.frames {
        crate::long_run::check()?;
        let r = h.next_frame().map_err(|e| failed(&p.path, &e))?;
        tally.add(&r);
        if let Some(t) = trace_out.as_mut() {
            writeln!(t, "{}", frame_json(&r)).map_err(|e| usage(anyhow::anyhow!("trace: {e}")))?;
        }
        each(&r, h.machine());
        bar.inc(1);
    }
    bar.finish_and_clear();
    // The mode as the program left the chip's registers, through the machine's own words.
    let title = h.machine().title();
    if let Some(mut t) = trace_out {
        t.flush()
            .map_err(|e| usage(anyhow::anyhow!("trace: {e}")))?;
    }
    Ok(Played {
        tally,
        title,
        flag_name,
        cycles_per_frame,
    })
}

/// The text report of a run.
pub fn text(p: &LoadedProgram, played: &Played) -> String {
    let t = &played.tally;
    let mut s = format!(
        "{} ({} frames on {})\n",
        p.path.display(),
        t.frames,
        played.title
    );
    s += &format!(
        "truth: box pairs in {} frames, pixel pairs in {} frames; chip ({}) set in {} frames\n",
        t.box_frames,
        t.pixel_frames,
        played.flag_name,
        t.chip_frames.len()
    );
    s += &format!(
        "chip vs pixel truth: differs in {} frames {:?}",
        t.chip_differs.0, t.chip_differs.1
    );
    if t.chip_blind.0 > 0 {
        s += &format!(
            "; blind in {} more {:?} (the pairs' collision masks share no bit: the chip \
             cannot see them)",
            t.chip_blind.0, t.chip_blind.1
        );
    }
    s += "\n";
    if t.judged {
        for (name, sc) in [("box", &t.by_box), ("pixel", &t.by_pixel)] {
            s += &format!(
                "program vs {name} truth: {} hits, {} misses (first frames {:?}), {} false alarms (first frames {:?})\n",
                sc.hits, sc.misses, sc.miss_frames, sc.false_alarms, sc.false_alarm_frames
            );
        }
    } else {
        s += "program decisions: no watch given\n";
    }
    for (kind, map) in [("handler", &t.handlers), ("span", &t.spans)] {
        for (name, (n, c, max)) in map {
            let mean = if *n > 0 { c / n } else { 0 };
            s += &format!("{kind} {name}: {n} runs, mean {mean} cycles, max {max}\n");
        }
    }
    s += &format!(
        "lag frames: {} {:?}\n",
        t.lag_frames.len(),
        &t.lag_frames[..t.lag_frames.len().min(10)]
    );
    s
}
