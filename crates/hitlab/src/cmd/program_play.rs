//! `run`, `record` and `shot --overlays` on a whole program (specs/programs.md, "What the
//! user gets"): the program's picture with the objects, the truth and the program's hits,
//! drawn by [`ProgramPlayer`], in the window or headless.

use std::path::PathBuf;
use std::time::Duration;

use scene::program::tally::Tally;

use crate::cli::{ProgramArgs, RecordArgs, RunArgs, ShotArgs};
use crate::cmd::program::{Played, text};
use crate::cmd::record::{push, start_gif};
use crate::media::write_canvas_png;
use crate::play_program::ProgramPlayer;
use crate::view::Overlays;
use crate::window::{self, Exit, NoWindow};
use crate::{Fault, Outcome, usage};

/// Seconds of play the headless GIF holds.
const GIF_SECONDS: u32 = 3;

/// `--trace` and `--method` belong to other commands and to scenes.
fn refuse(program: &ProgramArgs, method: bool, command: &str) -> Result<(), Fault> {
    if program.trace.is_some() {
        return Err(usage(anyhow::anyhow!(
            "--trace goes with compare and report; {command} draws the program's frames"
        )));
    }
    if method {
        return Err(usage(anyhow::anyhow!(
            "--method picks a scene's method; a program's answer is its own decisions"
        )));
    }
    Ok(())
}

/// `hitlab run PROGRAM`: the window, or without a display a GIF of the first seconds and
/// the program's report.
pub fn run(args: &RunArgs, display_missing: Option<String>) -> Result<Outcome, Fault> {
    refuse(&args.program, args.method.is_some(), "run")?;
    // The program is loaded and booted first, so a bad file is exit 3 with or without a
    // display.
    let mut player = ProgramPlayer::open(&args.scene, args.frames, &args.program)?;
    player.overlays = if args.no_overlays {
        Overlays::NONE
    } else {
        Overlays::ALL
    };
    if display_missing.is_none() {
        let (px, source) = window::display::for_window();
        player.display_px = px;
        crate::cmd::run::say_fitted(px, source);
    }
    player.scale = args.scale.unwrap_or_else(|| player.auto_scale());
    let why = match display_missing {
        Some(why) => why,
        None => {
            // Only the window steps back.
            player.keep_rewind();
            let exit = Exit {
                after_frames: args.exit_after,
                hold: Duration::from_millis(args.hold_ms),
            };
            match window::run(&mut player, exit) {
                Ok(None) => return Ok(Outcome::Ok),
                Ok(Some(fault)) => return Err(fault),
                Err(NoWindow(msg)) => {
                    let var = |v: &str| std::env::var(v).unwrap_or_default();
                    format!("DISPLAY={:?}: {msg}", var("DISPLAY"))
                }
            }
        }
    };
    headless(player, args, &why)
}

/// Plays the program without a window: the chip's frames of the first seconds into a GIF,
/// then the report of every frame played.
fn headless(mut player: ProgramPlayer, args: &RunArgs, why: &str) -> Result<Outcome, Fault> {
    let frames = args
        .exit_after
        .or(args.frames)
        .unwrap_or(player.info().end_frame)
        .max(1);
    let gif_frames = frames.min(GIF_SECONDS * player.info().rate_hz);
    crate::out::outln!(
        "hitlab: no display ({why}); playing headless: {gif_frames} frames to {}, then the program's report",
        args.gif.display()
    );
    player.overlays = Overlays::NONE;
    player.scale = 1;
    let mut gif = start_gif(&player, &args.gif)?;
    let mut tally = Tally::new(player.info().judged, player.info().cycles_per_frame);
    let bar = crate::long_run::bar(u64::from(frames), args.scene.display().to_string());
    for i in 0..frames {
        if i > 0 {
            player.step()?;
        }
        tally.add(player.record());
        if i < gif_frames {
            push(&player, &mut gif)?;
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    gif.finish().map_err(usage)?;
    let played = Played {
        tally,
        title: player.title_now(),
        flag_name: player.info().flag_name,
        cycles_per_frame: player.info().cycles_per_frame,
    };
    crate::out::out!("{}", text(player.loaded(), &played));
    Ok(Outcome::Ok)
}

/// `hitlab record PROGRAM`: frames 0..N as a GIF.
pub fn record(args: &RecordArgs) -> Result<Outcome, Fault> {
    refuse(&args.program, args.picture.method.is_some(), "record")?;
    let mut player = ProgramPlayer::open(&args.scene, args.frames, &args.program)?;
    player.overlays = if args.picture.overlays {
        Overlays::ALL
    } else {
        Overlays::NONE
    };
    player.scale = args.picture.scale.unwrap_or_else(|| {
        if args.picture.overlays {
            player.auto_scale()
        } else {
            1
        }
    });
    let n = args.frames.unwrap_or(player.info().end_frame).max(1);
    let out = args
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{}.gif", player.stem())));
    crate::cmd::record::write(&mut player, n, &out)
}

/// `hitlab shot PROGRAM --overlays`: frame `args.frame` as the window shows it.
pub fn shot_overlays(args: &ShotArgs) -> Result<Outcome, Fault> {
    refuse(&args.program, args.picture.method.is_some(), "shot")?;
    // The program's own frame count, so that the panel reads as the window's does.
    let mut player = ProgramPlayer::open(&args.scene, None, &args.program)?;
    player.overlays = Overlays::ALL;
    player.scale = args.picture.scale.unwrap_or_else(|| player.auto_scale());
    for _ in 0..args.frame {
        player.step()?;
    }
    let out = args
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{}-{}.png", player.stem(), args.frame)));
    write_canvas_png(&out, &player.render(), &player.meta()).map_err(usage)?;
    crate::out::outln!("{} (frame {})", out.display(), args.frame);
    Ok(Outcome::Ok)
}
