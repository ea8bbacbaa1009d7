//! `hitlab shot`: one frame as a PNG, headless. Without `--overlays` it is the chip's frame,
//! indexed with the chip's palette (its indices hash to the frame hash); with, exactly the
//! picture the window shows for that frame.

use std::path::PathBuf;

use crate::cli::ShotArgs;
use crate::media::{Meta, write_canvas_png, write_picture_png};
use crate::play::{Options, Player};
use crate::view::Overlays;
use crate::{Fault, Outcome, usage};

/// `tEXt` chunks naming what a picture shows.
pub fn meta(player: &Player) -> Meta {
    let r = player.report();
    let mut m = vec![
        ("Title".to_owned(), player.info().name.clone()),
        (
            "Source".to_owned(),
            player.loaded().path.display().to_string(),
        ),
        ("Frame".to_owned(), r.frame.to_string()),
        ("FrameHash".to_owned(), format!("blake3:{}", r.frame_hash)),
    ];
    if player.overlays.on
        && let Some(id) = player.method_id()
    {
        m.push(("Method".to_owned(), id.to_string()));
    }
    m
}

/// `shot` on a program: the chip's frame `args.frame` exactly as the board drew it (with
/// `--overlays`, as the window shows it).
fn run_program(args: &ShotArgs) -> Result<Outcome, Fault> {
    if args.picture.overlays {
        return crate::cmd::program_play::shot_overlays(args);
    }
    if args.program.trace.is_some() || args.picture.method.is_some() {
        return Err(usage(anyhow::anyhow!(
            "a program's shot is its frame; --trace goes with compare and report, --method with scenes"
        )));
    }
    let p = crate::cmd::program::load(&args.scene, Some(args.frame + 1), &args.program)?;
    let mut m = crate::cmd::program::boot(&p)?;
    let mut h = machine::program::Harness::new(m.as_mut(), p.config.clone()).map_err(usage)?;
    while h.calls_run() <= args.frame {
        crate::long_run::check()?;
        h.call()
            .map_err(|e| crate::cmd::program::failed(&p, &mut h, &e))?;
    }
    let picture = crate::view::picture::Picture::of_machine(h.machine());
    let stem = p
        .image_path
        .file_stem()
        .map_or_else(|| "program".into(), |s| s.to_string_lossy().into_owned());
    let out = args
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{stem}-{}.png", args.frame)));
    let meta = vec![
        ("Source".to_owned(), p.path.display().to_string()),
        ("Frame".to_owned(), args.frame.to_string()),
    ];
    write_picture_png(&out, &picture, args.picture.scale.unwrap_or(1), &meta).map_err(usage)?;
    crate::out::outln!("{} (frame {})", out.display(), args.frame);
    Ok(Outcome::Ok)
}

pub fn run(args: &ShotArgs) -> Result<Outcome, Fault> {
    if crate::cmd::program::is_program(&args.scene, &args.program) {
        return run_program(args);
    }
    crate::cmd::program::scene_only(&args.program, &args.scene)?;
    let mut player = Player::open(
        &args.scene,
        &Options {
            method: args.picture.method,
            frames: None,
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
    for _ in 0..args.frame {
        crate::long_run::check()?;
        player.step(None);
    }
    let out = args
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{}-{}.png", player.stem(), args.frame)));
    if args.picture.overlays {
        write_canvas_png(&out, &player.render(), &meta(&player)).map_err(usage)?;
    } else {
        write_picture_png(&out, &player.picture(), player.scale, &meta(&player)).map_err(usage)?;
    }
    crate::out::outln!(
        "{} (frame {}; the chip's frame, as a scenario's FrameHash checks it: blake3 {})",
        out.display(),
        player.report().frame,
        player.report().frame_hash
    );
    Ok(Outcome::Ok)
}
