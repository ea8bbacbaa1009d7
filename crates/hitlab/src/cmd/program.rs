//! Whole programs on the command line (specs/programs.md, "What the user gets"): a program
//! file (`*.prg.ron`) or a bare image with `--target`, run through the machine's program
//! harness; per-frame JSON for `--trace` and `compare --json`, the text table, and the
//! program file's expectations for `replay`.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use machine::program::{FrameRecord, Harness, HarnessError, ProgramError, fault};
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

/// Whether the file's first bytes are not text: a control byte no text file has (NUL,
/// the ones below space but tab, line feed, form feed and carriage return), or bytes that
/// are not UTF-8 (a character cut at the end of a 4 KB sample is text).
fn looks_binary(path: &Path) -> bool {
    use std::io::Read as _;
    let mut head = Vec::new();
    // Only a regular file can be a program image; a device or FIFO goes on to the reader,
    // which bounds it.
    if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return false;
    }
    let Ok(f) = std::fs::File::open(path) else {
        return false;
    };
    if f.take(4096).read_to_end(&mut head).is_err() {
        return false;
    }
    let whole = head.len() < 4096;
    head.iter()
        .any(|&b| b < 0x20 && !b"\t\n\r\x0C".contains(&b))
        || std::str::from_utf8(&head).is_err_and(|e| whole || e.error_len().is_some())
}

/// Refuses the program options with a scene: they would be silently ignored. A binary
/// file given as a scene is most likely a program image given without `--target`.
///
/// # Errors
/// A usage error naming the scene; a binary file (exit 3) with the hint.
pub fn scene_only(args: &ProgramArgs, scene: &Path) -> Result<(), Fault> {
    if looks_binary(scene) {
        return Err(bad_input(anyhow::anyhow!(
            "{}: not a scene (the file is not text): it looks like a program image; run one \
             with --target genesis, msx, x16 or vectrex (or write a program file, *.prg.ron, see \
             docs/programs.md)",
            scene.display()
        )));
    }
    if args.trace.is_some()
        || args.give_up_frames.is_some()
        || args.start.is_some()
        || args.rom.is_some()
        || args.mapper.is_some()
        || args.symbols.is_some()
        || args.fsroot.is_some()
    {
        return Err(usage(anyhow::anyhow!(
            "{} is a scene: --trace, --give-up-frames, --start, --rom, --mapper, --symbols and --fsroot go with programs",
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
    for w in &p.warnings {
        eprintln!("warning: {w}");
    }
    if let Some(n) = frames {
        p.config.frames = n;
    }
    if let Some(k) = args.give_up_frames {
        p.config.give_up_frames = k;
    }
    if let Some(dir) = &args.fsroot {
        p.fsroot = Some(dir.clone());
    }
    Ok(p)
}

/// Refuses an output that would overwrite one of the program's inputs (its program file,
/// image, symbol file or system ROM).
///
/// # Errors
/// A usage error naming the option and the input.
pub fn refuse_input_as_output(p: &LoadedProgram, out: &Path, option: &str) -> Result<(), Fault> {
    let same = |a: &Path| match (std::fs::canonicalize(a), std::fs::canonicalize(out)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == out,
    };
    let inputs = [
        Some(p.path.as_path()),
        Some(p.image_path.as_path()),
        p.symbols.as_ref().map(|(f, _)| f.as_path()),
        p.system_rom_path.as_deref(),
    ];
    if let Some(input) = inputs.into_iter().flatten().find(|a| same(a)) {
        return Err(usage(anyhow::anyhow!(
            "{option} {}: that is one of the program's inputs ({}); name another file",
            out.display(),
            input.display()
        )));
    }
    Ok(())
}

/// The machine booted with `p`.
///
/// # Errors
/// A machine that cannot run programs (exit 2), an image it refuses (exit 3), a fault while
/// booting (exit 1).
pub fn boot(p: &LoadedProgram) -> Result<Box<dyn machine::Machine>, Fault> {
    let mut m = p.boot().map_err(|e| match &e {
        BootError::Machine { .. } | BootError::Option(_) | BootError::NotTaken(_) => usage(e),
        BootError::Field(_) => bad_input(e),
        BootError::Program { error, .. } => match error {
            ProgramError::Unsupported { .. } => usage(e),
            ProgramError::Image { .. } | ProgramError::SystemRom { .. } => bad_input(e),
            ProgramError::Fault { .. } => Fault::Other(e.into()),
        },
    })?;
    if let Some(dir) = &p.fsroot {
        let folder = crate::hostfs::Folder::new(dir).map_err(bad_input)?;
        let board = m.program().ok_or_else(|| {
            usage(anyhow::anyhow!(
                "--fsroot: the {} runs no programs",
                p.target
            ))
        })?;
        board.attach_host_fs(Box::new(folder)).map_err(|why| {
            usage(anyhow::anyhow!(
                "--fsroot {}: {why} (the X16 has one)",
                dir.display()
            ))
        })?;
    }
    Ok(m)
}

/// A harness error: the program failed (exit 1), or the program file's object rules do
/// not fit the machine (exit 3). A fault of the program's own (the CPU cannot go on, an
/// interrupt never taken or never left) also says where the CPU was, by the program's
/// labels, the instruction there and the last ones executed before it
/// ([`machine::program::fault`]).
pub fn failed(p: &LoadedProgram, h: &mut Harness<'_>, e: &HarnessError) -> Fault {
    let mut message = format!("{}: {e}", p.path.display());
    if let Some(details) = fault_details(p, h, e) {
        message.push('\n');
        message.push_str(&details);
    }
    let error = anyhow::anyhow!(message);
    if matches!(e, HarnessError::Objects { .. }) {
        bad_input(error)
    } else {
        Fault::Other(error)
    }
}

/// The PC, its label and instruction and the last instructions before a fault: the
/// program booted again and run to it with the history recorded.
fn fault_details(p: &LoadedProgram, h: &mut Harness<'_>, e: &HarnessError) -> Option<String> {
    let (pc, calls) = fault::fault_point(e, h.calls_run())?;
    let last = p
        .boot()
        .ok()
        .map(|mut fresh| fault::last_instructions(fresh.as_mut(), &p.config, calls))
        .unwrap_or_default();
    let report = fault::FaultReport::new(h.machine().program()?.cpu(), pc, last);
    // The symbols were read when the program was loaded; a file changed since reads as
    // no labels rather than hiding the fault.
    let labels = p
        .symbols
        .as_ref()
        .and_then(|(file, format)| scene::program::read_symbols(file, *format).ok())
        .map(|s| fault::Labels::new(s.iter()))
        .unwrap_or_default();
    Some(report.describe(&labels))
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

/// One frame as JSON: the chip's registers, sprite attributes as the chip read them, status
/// as set (the flags' byte and the whole word) with the lines the flags were set on, truth among
/// objects (by object id, the lowest sprite number), decisions, cycles, lag, and the
/// program file's `dump:` ranges (named by `dump_names`) as hex strings.
pub fn frame_json(r: &FrameRecord, dump_names: &[String]) -> Value {
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
    let hex = |bytes: &[u8]| -> String { bytes.iter().map(|b| format!("{b:02X}")).collect() };
    json!({
        "frame": r.frame,
        "sprites": r.sprites.iter().map(|s| {
            let mut v = json!({
                "n": s.number, "x": s.bbox.x, "y": s.bbox.y, "w": s.bbox.w, "h": s.bbox.h,
                "collision_mask": s.collision_mask, "z": s.z, "drawn": s.drawn,
                "palette": s.fields.palette, "pattern": s.fields.pattern,
                "priority": s.fields.priority, "link": s.fields.link,
            });
            if let Some(l) = s.lines {
                v["lines"] = json!([l.first, l.last]);
            }
            if !s.not_drawn.is_empty() {
                v["not_drawn"] = s.not_drawn.iter().map(|(why, lines)| {
                    json!({"why": why.describe(), "lines": lines.count(), "on": lines.runs()})
                }).collect::<Vec<_>>().into();
            }
            v
        }).collect::<Vec<_>>(),
        "registers": r.chip.registers,
        "status": r.verdict.status,
        "status_word": r.chip.status,
        "collided": r.verdict.collided,
        "collision_line": r.verdict.first_collision_line.or(r.chip.collision_line),
        "overflow_line": r.chip.overflow_line,
        "chip_collision_mask": r.verdict.collision_mask,
        "fifth_sprite": r.verdict.fifth_sprite,
        "chip_vs_truth": match chip_vs_truth(r) {
            ChipVsTruth::Agrees => "agrees",
            ChipVsTruth::Blind { .. } => "blind",
            ChipVsTruth::Differs => "differs",
        },
        "chip_reasons": r.chip_reasons,
        "overflow": r.verdict.overflow,
        "truth": {"box": ids(&r.box_pairs), "pixel": ids(&r.pixel_pairs)},
        "chip_pairs": ids(&r.chip_pairs),
        "judged": r.judged,
        "unjudged_reasons": r.unjudged_reasons,
        "decisions": r.decisions.iter().map(|d| json!({
            "name": d.name, "sprites": d.sprites, "pairs": d.pairs,
        })).collect::<Vec<_>>(),
        "marked": r.decided_objects.iter().map(|&o| r.objects.objects[o].id).collect::<Vec<_>>(),
        // Not judged (no watch, or before `judging.from`): null, as the totals count none.
        "misses": score.map(|s| json!({"box": s.by_box.1, "pixel": s.by_pixel.1})),
        "false_alarms": score.map(|s| json!({"box": s.by_box.2, "pixel": s.by_pixel.2})),
        "handlers": cycles_json(&r.handlers),
        "spans": cycles_json(&r.spans),
        "overrun": r.overrun.map(|o| json!({
            "handler": o.handler, "display_cycle": o.display_cycle, "cycles": o.cycles,
            "lines": o.lines, "to_vblank": o.to_vblank,
        })),
        "lag": r.lag,
        "cycles": r.cycles,
        "busy_cycles": r.busy_cycles(),
        "idle_cycles": r.idle_cycles,
        "dump": r.dumps.iter().zip(dump_names).map(|(bytes, name)| (name.clone(), Value::from(hex(bytes))))
            .collect::<serde_json::Map<_, _>>(),
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
        "busy_cycles": t.cycles - t.idle_cycles,
        "idle_cycles": t.idle_cycles,
        "budget": t.budget,
        "over_budget_frames": {"count": t.over_budget.0, "first": t.over_budget.1},
        "judged_frames": t.judged_frames,
        "first_judged_frame": t.first_judged,
        "overrun_frames": {"count": t.overruns.0, "first": t.overruns.1,
                           "max_lines": t.overrun_max_lines},
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
    each: impl FnMut(&FrameRecord, &dyn machine::Machine),
) -> Result<Played, Fault> {
    play_drawn(p, trace, false, None, each)
}

/// [`play`] from the state file `from` (one a hunt wrote) when given: the frames from its
/// frame to the program file's last, the program file's input past it.
///
/// # Errors
/// As [`play`]; a state file that does not fit the program, or is at or past its last
/// frame (exit 3, naming the file).
pub fn play_from(
    p: &LoadedProgram,
    trace: Option<&PathBuf>,
    from: Option<&Path>,
    each: impl FnMut(&FrameRecord, &dyn machine::Machine),
) -> Result<Played, Fault> {
    play_drawn(p, trace, false, from, each)
}

/// [`play`], the chip drawing its whole picture when `drawn` (the report's pictures).
///
/// # Errors
/// As [`play`].
pub fn play_drawn(
    p: &LoadedProgram,
    trace: Option<&PathBuf>,
    drawn: bool,
    from: Option<&Path>,
    mut each: impl FnMut(&FrameRecord, &dyn machine::Machine),
) -> Result<Played, Fault> {
    // Written under a temporary name and put in place only when the run ends well: a
    // failing run leaves no half trace.
    let mut trace_out = match trace {
        Some(path) => {
            refuse_input_as_output(p, path, "--trace")?;
            Some(crate::atomic::Pending::create(path).map_err(usage)?)
        }
        None => None,
    };
    let mut h = match from {
        None => Harness::owning(boot(p)?, p.config.clone()).map_err(usage)?,
        Some(file) => crate::cmd::hunt::state_file::harness_at(file, p)?,
    };
    // Frame k is complete at the end of call k + 1: a state after call n gives frame
    // n - 1 first.
    let first = h.calls_run().saturating_sub(1);
    if let Some(file) = from
        && first >= p.config.frames
    {
        return Err(bad_input(anyhow::anyhow!(
            "--from {}: its state is at frame {first}, and {} ends at frame {}",
            file.display(),
            p.path.display(),
            p.config.frames.saturating_sub(1)
        )));
    }
    let m = h.machine();
    // Without pictures the chip keeps its flags and sprite view exact with frame output
    // off, and skips drawing the layers behind the sprites.
    m.set_frame_output(drawn);
    let flag_name = m.flag_name();
    let cycles_per_frame = m.program().map_or(0, |b| b.cycles_per_frame());
    let mut tally = Tally::new(!p.config.watches.is_empty(), cycles_per_frame);
    let dump_names: Vec<String> = p.config.dumps.iter().map(|d| d.name.clone()).collect();
    let frames = p.config.frames - first;
    let bar = crate::long_run::bar(u64::from(frames), p.path.display().to_string());
    for _ in 0..frames {
        crate::long_run::check()?;
        // The record is lent, not copied: the harness reuses its buffers next frame.
        if let Err(e) = h.advance().map(|_| ()) {
            return Err(failed(p, &mut h, &e));
        }
        let r = h.record();
        tally.add(r);
        if let Some((_, t)) = trace_out.as_mut() {
            writeln!(t, "{}", frame_json(r, &dump_names))
                .map_err(|e| usage(anyhow::anyhow!("trace: {e}")))?;
        }
        each(r, h.machine_ref());
        bar.inc(1);
    }
    bar.finish_and_clear();
    // The mode as the program left the chip's registers, through the machine's own words.
    let title = h.machine().title();
    if let Some((pending, t)) = trace_out {
        pending.commit(t).map_err(usage)?;
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
    for (frame, why) in t.chip_differs_why.iter().take(5) {
        s += &format!("  frame {frame}: {why}\n");
    }
    if t.judged {
        match t.first_judged {
            Some(first) => {
                s += &format!(
                    "judged: {} of {} frames, from frame {first}\n",
                    t.judged_frames, t.frames
                );
            }
            None => s += "judged: no frame (judging never started: see `judging.from`)\n",
        }
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
        "cycles: {} busy, {} idle (waiting for an interrupt or held off the bus) of {}\n",
        t.cycles - t.idle_cycles,
        t.idle_cycles,
        t.cycles
    );
    if t.budget > 0 {
        s += &format!(
            "over budget (busy the whole frame of {} cycles, never waiting): {} frames {:?}\n",
            t.budget, t.over_budget.0, t.over_budget.1
        );
    }
    if t.overruns.0 > 0 {
        s += &format!(
            "handler still running when the display began: {} frames {:?}, up to {} lines into it\n",
            t.overruns.0, t.overruns.1, t.overrun_max_lines
        );
    }
    s += &format!(
        "lag frames: {} {:?}\n",
        t.lag_frames.len(),
        &t.lag_frames[..t.lag_frames.len().min(10)]
    );
    s
}
