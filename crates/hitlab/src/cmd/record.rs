//! `hitlab record`: frames 0..N as a GIF, headless, timed at the machine's frame rate.
//! Without `--overlays` the frames are the chip's indices over the chip's palette; with,
//! the pictures the window shows. A program (`*.prg.ron`, or an image with `--target`)
//! records through `program_play`.

use std::path::PathBuf;

use crate::cli::RecordArgs;
use crate::media::Gif;
use crate::play::{Options, Player};
use crate::shown::Shown;
use crate::view::Overlays;
use crate::{Fault, Outcome, usage};

/// A GIF sized for `player`'s pictures: the chip's palette without overlays. An output
/// that cannot be created is a usage error (exit 2), like any other bad argument.
pub fn start_gif(player: &dyn Shown, path: &std::path::Path) -> Result<Gif, Fault> {
    let gif = if player.overlays().on {
        let (w, h) = player.full_size();
        Gif::create(path, w, h, None, player.rate_hz()).map_err(usage)?
    } else {
        match player.picture() {
            crate::view::picture::Picture::Indexed { w, h, palette, .. } => Gif::create(
                path,
                w * player.scale(),
                h * player.scale(),
                Some(&palette),
                player.rate_hz(),
            )
            .map_err(usage)?,
            crate::view::picture::Picture::Rgb { canvas: c, .. } => {
                Gif::create(path, c.w, c.h, None, player.rate_hz()).map_err(usage)?
            }
        }
    };
    Ok(gif)
}

/// Adds the frame `player` shows to `gif`.
pub fn push(player: &dyn Shown, gif: &mut Gif) -> Result<(), Fault> {
    if player.overlays().on {
        gif.push_canvas(&player.render()).map_err(usage)?;
    } else {
        gif.push_picture(&player.picture(), player.scale())
            .map_err(usage)?;
    }
    Ok(())
}

pub fn run(args: &RecordArgs) -> Result<Outcome, Fault> {
    if crate::cmd::program::is_program(&args.scene, &args.program) {
        return crate::cmd::program_play::record(args);
    }
    crate::cmd::program::scene_only(&args.program, &args.scene)?;
    let mut player = Player::open(
        &args.scene,
        &Options {
            method: args.picture.method,
            frames: args.frames,
        },
    )?;
    player.scale = args.picture.scale.unwrap_or_else(|| {
        if args.picture.overlays {
            crate::cmd::run::auto_scale(&player)
        } else {
            1
        }
    });
    player.overlays = if args.picture.overlays {
        Overlays::ALL
    } else {
        Overlays::NONE
    };
    let n = args.frames.unwrap_or(player.info().end_frame).max(1);
    let out = args
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{}.gif", player.stem())));
    write(&mut player, n, &out)
}

/// Frames 0..`n` of `player` (showing frame 0) into the GIF `out`.
pub fn write(player: &mut dyn Shown, n: u32, out: &std::path::Path) -> Result<Outcome, Fault> {
    let mut gif = start_gif(&*player, out)?;
    push(&*player, &mut gif)?;
    let bar = crate::long_run::bar(u64::from(n), out.display().to_string());
    for _ in 1..n {
        crate::long_run::check()?;
        player.step(None)?;
        push(&*player, &mut gif)?;
        bar.inc(1);
    }
    bar.finish_and_clear();
    let quantised = gif.quantised;
    let frames = gif.finish().map_err(usage)?;
    crate::out::outln!(
        "{} ({frames} frames at {} Hz{})",
        out.display(),
        player.rate_hz(),
        if quantised > 0 {
            format!(", {quantised} frames over 256 colours quantised")
        } else {
            String::new()
        }
    );
    Ok(Outcome::Ok)
}
