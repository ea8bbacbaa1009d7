//! `hitlab run`: a scene (or a program, through `program_play`) in a window. Without a display it says so in one line and plays
//! headless instead: a GIF of the first seconds and the comparison summary.

use std::time::Duration;

use scene::summary::Summary;

use crate::cli::RunArgs;
use crate::cmd::compare::{Named, header};
use crate::cmd::record::{push, start_gif};
use crate::play::{Options, Player};
use crate::report::summary_text;
use crate::view::Overlays;
use crate::window::{self, Exit, NoWindow};
use crate::{Fault, Outcome};

/// Seconds of play the headless GIF holds.
const GIF_SECONDS: u32 = 3;

/// Why no window can be opened, when that is known before trying.
fn display_missing() -> Option<String> {
    let set = |v: &str| std::env::var_os(v).is_some_and(|x| !x.is_empty());
    (!set("DISPLAY") && !set("WAYLAND_DISPLAY"))
        .then(|| "DISPLAY and WAYLAND_DISPLAY are unset".to_owned())
}

/// The largest scale up to 4 at which the frame and its panel fit the display
/// (`view::layout`): the window's, and that of pictures with overlays.
pub fn auto_scale(player: &Player) -> usize {
    player.fit_scale(crate::view::layout::display_px())
}

pub fn run(args: &RunArgs) -> Result<Outcome, Fault> {
    if crate::cmd::program::is_program(&args.scene, &args.program) {
        return crate::cmd::program_play::run(args, display_missing());
    }
    crate::cmd::program::scene_only(&args.program, &args.scene)?;
    // The scene is read first, so a bad file is exit 3 with or without a display.
    let mut player = Player::open(
        &args.scene,
        &Options {
            method: args.method,
            frames: args.frames,
        },
    )?;
    player.overlays = if args.no_overlays {
        Overlays::NONE
    } else {
        Overlays::ALL
    };
    player.scale = args.scale.unwrap_or_else(|| auto_scale(&player));
    let why = match display_missing() {
        Some(why) => why,
        None => {
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

/// Plays the scene without a window: the chip's frames of the first seconds into a GIF,
/// then the comparison of every frame played.
fn headless(mut player: Player, args: &RunArgs, why: &str) -> Result<Outcome, Fault> {
    let frames = args
        .exit_after
        .or(args.frames)
        .unwrap_or(player.info().end_frame)
        .max(1);
    let gif_frames = frames.min(GIF_SECONDS * player.rate_hz());
    crate::out::outln!(
        "hitlab: no display ({why}); playing headless: {gif_frames} frames to {}, then the comparison",
        args.gif.display()
    );
    player.overlays = Overlays::NONE;
    player.scale = 1;
    let mut gif = start_gif(&player, &args.gif)?;
    let mut summary = Summary::default();
    let bar = crate::long_run::bar(u64::from(frames), args.scene.display().to_string());
    for i in 0..frames {
        crate::long_run::check()?;
        if i > 0 {
            player.step(None);
        }
        summary.add(player.report());
        if i < gif_frames {
            push(&player, &mut gif)?;
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    gif.finish().map_err(crate::usage)?;
    let named = Named::of(player.machine());
    crate::out::outln!("{}", header(player.loaded(), summary.frames, &named));
    crate::out::out!("{}", named.not_applicable);
    if let Some((_, note)) = crate::report::columns_note(player.loaded(), &summary, named.screen) {
        crate::out::outln!("{note}");
    }
    crate::out::out!("{}", summary_text(&summary, named.flag_name));
    crate::out::out!("{}", crate::code_report::walls_text(&summary));
    crate::out::out!("{}", crate::code_report::routines_text(&summary));
    Ok(Outcome::Ok)
}
