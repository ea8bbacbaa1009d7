//! `hitlab hunt PROGRAM`: searches a whole program's inputs for a frame where its own
//! decisions (its watches) miss a truth pair or mark a false alarm, as the program file's
//! `NoMiss` and `NoFalseAlarm` expectations count them; shrinks the input and writes a
//! program file that `hitlab replay` fails the same way, with a PNG of the frame.
//!
//! The search runs on the scene hunt's [`engine`](super::engine), over the space of input
//! sequences in [`search`]. It branches from save states ([`machine::state`]): every play
//! starts from the state at the hunt's first frame (`--from`), and a play continuing a
//! promising sequence starts from the state kept nearest before its cut ([`play`]).

mod judge;
mod play;
mod ron_fields;
mod search;
mod shrink;
pub(crate) mod state_file;
mod write;

use std::path::Path;

use anyhow::anyhow;
use machine::program::Harness;
use serde_json::json;

use crate::cli::ProgramArgs;
use scene::program::LoadedProgram;

use crate::{Fault, Outcome, bad_input, usage};

use super::HuntArgs;
use super::engine::{self, Budget};
use super::written::Written;
use judge::Rule;
use play::{End, Runner, Start};

/// Plays the shrinker may make at most.
const SHRINK_LIMIT: u32 = 600;

/// Whether `args` hunt a whole program: a program file, or an image with `--program`.
pub fn is_program(args: &HuntArgs) -> bool {
    args.program || crate::cmd::program::is_program_file(Path::new(&args.what))
}

/// `hitlab hunt PROGRAM`.
///
/// # Errors
/// A bad file (exit 3), options that do not fit or nothing to judge (exit 2).
pub fn run(args: &HuntArgs) -> Result<Outcome, Fault> {
    if args.like.is_some() {
        return Err(usage(anyhow!(
            "--like is for a routine image, not a program"
        )));
    }
    let program_args = ProgramArgs {
        target: if args.program {
            Some(
                args.target
                    .clone()
                    .ok_or_else(|| usage(anyhow!("--program needs --target")))?,
            )
        } else {
            None
        },
        ..ProgramArgs::default()
    };
    let path = Path::new(&args.what);
    let p = crate::cmd::program::load(path, None, &program_args)?;
    if p.config.watches.is_empty() {
        return Err(usage(anyhow!(
            "{}: nothing to judge: the program has no watches, so it decides nothing a hunt could find wrong",
            path.display()
        )));
    }
    let (rules, named) = Rule::of(&p.expect);
    let horizon = args.frames.unwrap_or(p.config.frames).max(1);
    let start = match &args.from {
        None => start_at(&p, 0, horizon)?,
        Some(s) => match s.parse::<u32>() {
            Ok(frame) => start_at(&p, frame, horizon)?,
            Err(_) => start_from_file(&p, Path::new(s), horizon)?,
        },
    };
    let threads = args
        .threads
        .unwrap_or_else(rayon::current_num_threads)
        .max(1);
    let inputs = search::Inputs {
        p: &p,
        start: &start,
        rules: &rules,
    };
    let budget = Budget {
        frames: u64::from(args.budget),
        seconds: args.seconds,
        threads,
        seed: args.seed,
    };
    let searched = engine::search(&inputs, &budget, "hunt");
    let fps = searched.fps();
    let Some(hit) = searched.hit else {
        // Ctrl-C with nothing found: the interrupted run's own exit.
        crate::long_run::check()?;
        if args.json {
            println!(
                "{}",
                json!({"program": p.path.display().to_string(), "found": false, "frames_searched": searched.frames, "frames_per_second": fps.round(), "threads": threads, "seed": args.seed})
            );
        } else {
            println!("no disagreement in {} frames", searched.frames);
            println!(
                "searched {} frames at {fps:.0} frames/s on {threads} threads",
                searched.frames
            );
        }
        return Ok(Outcome::Ok);
    };
    // After Ctrl-C the finding is kept: the shrinker stops at once and the input as found
    // is written.
    let mut runner = Runner::new(&p, &start, &rules).map_err(|e| usage(anyhow!(e)))?;
    let first_presses = shrink::presses(&hit.case);
    let first_len = hit.case.len();
    let shrunk = shrink::shrink(&mut runner, &start, hit.case, hit.end, SHRINK_LIMIT);
    let mut input = start.prefix.clone();
    input.extend_from_slice(&shrunk.suffix);
    let (frames, expect, what) = match &shrunk.end {
        End::Broken(b) => (
            b.frame + 1,
            b.rule.ron(),
            format!(
                "{} in frame {} (object {}{}){}",
                b.rule.kind(),
                b.frame,
                b.object,
                b.pair.map_or_else(String::new, |(a, c)| format!(
                    ", of the true pair ({a}, {c})"
                )),
                if named {
                    ""
                } else {
                    ", judged against box truth (the program file names no NoMiss or NoFalseAlarm)"
                }
            ),
        ),
        End::Fault(e) => (
            (start.at() + shrunk.suffix.len()) as u32,
            String::new(),
            format!("the program failed: {e}"),
        ),
    };
    std::fs::create_dir_all(&args.out)
        .map_err(|e| usage(anyhow!("{}: cannot create: {e}", args.out.display())))?;
    let file = write::program_path(&args.out, &p);
    crate::cmd::program::refuse_input_as_output(&p, &file, "--out")?;
    let comment = format!(
        "Found by `hitlab hunt {} --seed {} --threads {threads} --budget {}`: {what}.\n`hitlab replay` on this file fails as the hunt did.",
        args.what, args.seed, args.budget
    );
    let text = write::program_text(&args.out, &p, frames, &input, &expect, &comment)
        .map_err(|e| usage(anyhow!("{}: {e}", p.path.display())))?;
    // Everything written is removed again if a later file fails.
    let mut written = Written::default();
    written.write(&file, text.as_bytes())?;
    let reproduced = replays(&file);
    // The state just before the failing frame (after the calls that precede it).
    let state = args
        .save_state
        .clone()
        .unwrap_or_else(|| write::state_path(&args.out, &p));
    let state_calls = frames as usize - 1;
    let bytes = state_file::at(&p, crate::cmd::program::boot(&p)?, &input, state_calls)
        .map_err(|e| usage(anyhow!("{}: cannot write the state: {e}", state.display())))?;
    written.write(&state, &bytes)?;
    let png = write::png_path(&args.out, &p);
    picture(&file, frames - 1, &png, &format!("hunt: {what}"))?;
    written.track(&png);
    written.keep();
    let presses = shrink::presses(&shrunk.suffix);
    if args.json {
        println!(
            "{}",
            json!({
                "program": p.path.display().to_string(),
                "found": true,
                "what": what,
                "frame": frames - 1,
                "expect": expect,
                "found_by": {"worker": hit.worker, "play": hit.play},
                "input_calls": shrunk.suffix.len(),
                "presses": presses,
                "first_calls": first_len,
                "first_presses": first_presses,
                "shrink_plays": shrunk.plays,
                "written": file.display().to_string(),
                "png": png.display().to_string(),
                "rerun": crate::cmd::hunt::report::rerun(&file),
                "state": state.display().to_string(),
                "state_frame": state_calls,
                "reproduced": reproduced,
                "frames_searched": searched.frames,
                "frames_per_second": fps.round(),
                "threads": threads,
                "seed": args.seed,
            })
        );
    } else {
        println!("found: {what}");
        println!(
            "input shrunk from {first_len} calls and {first_presses} presses to {} calls and {presses} presses in {} plays",
            shrunk.suffix.len(),
            shrunk.plays
        );
        println!(
            "wrote {} and {}{}",
            file.display(),
            png.display(),
            if reproduced {
                ""
            } else {
                " (its replay did not fail!)"
            }
        );
        println!("rerun: {}", crate::cmd::hunt::report::rerun(&file));
        println!(
            "state before frame {state_calls}: {} (`hitlab hunt {} --from {}` starts there)",
            state.display(),
            args.what,
            state.display()
        );
        println!(
            "searched {} frames at {fps:.0} frames/s on {threads} threads",
            searched.frames
        );
    }
    Ok(Outcome::Failed)
}

/// Whether the written program file, loaded and run as `hitlab replay` runs it, fails.
fn replays(file: &Path) -> bool {
    let Ok(p) = crate::cmd::program::load(file, None, &ProgramArgs::default()) else {
        return false;
    };
    match crate::cmd::program::play(&p, None, |_, _| {}) {
        Ok(played) => !played.tally.failures(&p.expect).is_empty(),
        // A fault fails the replay too.
        Err(_) => true,
    }
}

/// The failing frame of the written program file as the window shows it (overlays on: the
/// truth pairs and the program's decisions drawn, the panel saying what it missed), with a
/// caption, written to `png`.
fn picture(file: &Path, frame: u32, png: &Path, caption: &str) -> Result<(), Fault> {
    let mut player =
        crate::play_program::ProgramPlayer::open(file, Some(frame + 1), &ProgramArgs::default())?;
    player.overlays = crate::view::Overlays::ALL;
    player.scale = 2;
    while player.record().frame < frame {
        player.step()?;
    }
    let c = super::picture::captioned(&player.render(), caption);
    crate::media::write_canvas_png(png, &c, &player.meta()).map_err(usage)?;
    Ok(())
}

/// The start at frame `from`: the program booted and run to it with the program file's own
/// input.
fn start_at(p: &LoadedProgram, from: u32, horizon: u32) -> Result<Start, Fault> {
    let mut m = crate::cmd::program::boot(p)?;
    m.set_frame_output(false);
    let mut h = Harness::new(m.as_mut(), p.config.clone()).map_err(usage)?;
    for _ in 0..from {
        if let Err(e) = h.next_frame() {
            return Err(crate::cmd::program::failed(p, &mut h, &e));
        }
    }
    let state = h
        .save_state()
        .map_err(|e| usage(anyhow!("{}: {e}", p.path.display())))?;
    drop(h);
    Ok(Start {
        prefix: (0..state.calls_run() as usize)
            .map(|k| p.config.input_at(k).unwrap_or_default())
            .collect(),
        state,
        calls: horizon as usize + 1,
    })
}

/// The start at a state file's frame: its input log replayed on a fresh boot (a file of
/// another machine, image, system ROM or format, or a damaged one, is bad input).
fn start_from_file(p: &LoadedProgram, file: &Path, horizon: u32) -> Result<Start, Fault> {
    if !file.exists() {
        return Err(bad_input(anyhow!(
            "--from `{}`: neither a frame number nor a state file (no such file)",
            file.display()
        )));
    }
    let (s, state) = state_file::load(file, p)?;
    Ok(Start {
        prefix: s.input,
        state,
        calls: horizon as usize + 1,
    })
}
