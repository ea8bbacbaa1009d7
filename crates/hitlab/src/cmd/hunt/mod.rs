//! `hitlab hunt`: searches seeded random frames for one where a method, a routine image or
//! the chip's flag disagrees with the truth, shrinks it to the fewest objects and the
//! smallest coordinates and sizes that still disagree, and writes it as a scene file
//! (`hunt-<name>-<target>.ron`, with the two small rom files of its solid sprites) and a PNG
//! of the frame with the pair marked. The rule for "disagrees" is in [`judge`].
//!
//! A whole program is hunted by [`game`] on the same [`engine`]: seeded workers, a budget in
//! frames or seconds, progress on a terminal, Ctrl-C keeping the finding, the shrinker's
//! plays counted by [`engine::Tries`], the finding written whole by [`written`].
//!
//! By concern: [`search`] is the space of seeded frames the engine searches, [`shrink`]
//! shrinks the one found, [`write`] and [`picture`] write the finding and check it plays
//! back, [`explain`] says why the pair was missed, [`report`] prints the summary.

mod engine;
mod explain;
mod game;
mod judge;
mod picture;
mod report;
mod search;
mod shrink;
mod space;
mod write;
mod written;

pub(crate) use game::state_file;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::anyhow;
use clap::Args;
use collide::{MethodId, Object};
use serde_json::json;

use crate::{Fault, Outcome, bad_input, usage};

use judge::{Finding, Hunted, Judge};
use space::{Frame, Space, targets};

/// The largest routine image read (the biggest code area is 4 MB).
const MAX_IMAGE_FILE: u64 = 16 << 20;

/// `hitlab hunt`.
#[derive(Debug, Args)]
pub struct HuntArgs {
    /// A method id (`hitlab methods` lists them), a raw routine image (`FILE.bin`, loaded at
    /// the contract's code address, as `hitlab routine` does), or a whole program: a program
    /// file (`*.prg.ron`), or an image with `--program --target`.
    pub what: String,
    /// The machine: genesis, msx or vera (or x16); for a program image, any program board.
    #[arg(long, value_parser = target_key)]
    pub target: Option<String>,
    /// For an image: hold it to this method's rule (its Rust twin), e.g. `columns` for a
    /// routine that tests only Good x Bad pairs; box truth without.
    #[arg(long, value_parser = parse_method)]
    pub like: Option<MethodId>,
    /// The generator's seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Objects per frame, `A..B` (both included).
    #[arg(long, default_value = "2..16", value_name = "A..B")]
    pub objects: String,
    /// Frames to search at most.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u32).range(1..))]
    pub budget: u32,
    /// Where the scene file and the PNG go.
    #[arg(short = 'o', long = "out", default_value = ".", value_name = "DIR")]
    pub out: PathBuf,
    /// One JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// The image given is a whole program (with `--target`), not a routine.
    #[arg(long)]
    pub program: bool,
    /// A program hunt starts from the program's state at this frame, or from a state file
    /// (one a hunt wrote).
    #[arg(long, value_name = "FRAME|FILE")]
    pub from: Option<String>,
    /// Where a program hunt writes the state just before the frame it found
    /// (`DIR/hunt-<program>.state` without).
    #[arg(long, value_name = "FILE")]
    pub save_state: Option<PathBuf>,
    /// A program hunt plays this many frames past its start each time (the program file's
    /// `frames` without).
    #[arg(long)]
    pub frames: Option<u32>,
    /// Stop after this many seconds (a search stopped by time is not repeatable;
    /// `--budget` is).
    #[arg(long)]
    pub seconds: Option<f64>,
    /// Threads the search runs on (a program hunt on every core without, a scene hunt on
    /// one); the finding is the same for a seed and a thread count.
    #[arg(long)]
    pub threads: Option<usize>,
}

fn target_key(s: &str) -> Result<String, String> {
    Ok(crate::cli::machine_key(s).to_owned())
}

fn parse_method(s: &str) -> Result<MethodId, String> {
    s.parse::<MethodId>().map_err(|e| e.to_string())
}

fn hunt_target(s: &str) -> Result<String, String> {
    let s = crate::cli::machine_key(s);
    let keys = targets();
    if keys.contains(&s) {
        Ok(s.to_owned())
    } else {
        Err(format!(
            "expected one of {} (the machines with hardware sprites)",
            keys.join(", ")
        ))
    }
}

/// `A..B` or `A..=B`, both included.
pub(super) fn parse_range(s: &str) -> Result<(u32, u32), String> {
    let (a, b) = s
        .split_once("..=")
        .or_else(|| s.split_once(".."))
        .ok_or_else(|| format!("--objects `{s}`: want A..B, such as 2..16"))?;
    let num = |t: &str| {
        t.trim()
            .parse::<u32>()
            .map_err(|_| format!("--objects `{s}`: `{t}` is not a whole number"))
    };
    let (a, b) = (num(a)?, num(b)?);
    if b < a {
        return Err(format!("--objects `{s}`: {b} is less than {a}"));
    }
    Ok((a, b))
}

/// What the hunt found, for the summary.
pub(super) struct Found {
    /// Frames searched before the disagreeing one (included).
    pub(super) at: u32,
    /// Objects in the frame as found.
    pub(super) first_objects: usize,
    /// The shrunk frame.
    pub(super) frame: Frame,
    /// Its disagreement.
    pub(super) finding: Finding,
    /// Its objects as the chip showed them.
    pub(super) objects: Vec<Object>,
    /// Plays the shrinker made.
    pub(super) shrink_plays: u32,
    /// Files written.
    pub(super) scene: PathBuf,
    pub(super) scenario: PathBuf,
    pub(super) png: PathBuf,
    /// The written scene, loaded back and played, disagrees the same way, and the written
    /// scenario's replay fails.
    pub(super) reproduced: bool,
}

pub fn run(args: &HuntArgs) -> Result<Outcome, Fault> {
    if game::is_program(args) {
        return game::run(args);
    }
    let target = args
        .target
        .as_deref()
        .ok_or_else(|| usage(anyhow!("--target names the machine to hunt on")))?;
    let target = hunt_target(target).map_err(|e| usage(anyhow!("--target {target}: {e}")))?;
    let space = Space::of(&target).ok_or_else(|| usage(anyhow!("no hunt on {target}")))?;
    let hunted = hunted(&args.what, args.like)?;
    if let Some(m) = hunted.rule()
        && let Some(why) = space.method_needs(m)
    {
        return Err(usage(anyhow!("{why}: hunt it on a machine that has it")));
    }
    let (lo, hi) = parse_range(&args.objects).map_err(|e| usage(anyhow!(e)))?;
    let name = hunted.name();
    let judge = Judge {
        space: &space,
        hunted,
    };
    let hi = hi.min(space.slots);
    let lo = lo.max(2);
    if lo > hi {
        let why = format!(
            "the search space is empty: frames of {} objects on {} (at most {} sprites) have no pair to disagree on",
            args.objects, space.key, space.slots
        );
        if args.json {
            println!(
                "{}",
                json!({"hunted": name, "target": space.key, "found": false, "frames_searched": 0, "empty": why})
            );
        } else {
            println!("{why}");
        }
        return Ok(Outcome::Ok);
    }

    let frames = search::SceneFrames {
        space: &space,
        judge: &judge,
        objects: (lo, hi),
    };
    let budget = engine::Budget {
        frames: u64::from(args.budget),
        seconds: args.seconds,
        // One thread unless asked: the frames a seed finds stay those of one generator.
        threads: args.threads.unwrap_or(1).max(1),
        seed: args.seed,
    };
    let searched = engine::search(&frames, &budget, "hunt");
    let fps = searched.fps();
    let at = u32::try_from(searched.frames).unwrap_or(u32::MAX);
    let found = match searched.hit {
        // Ctrl-C with nothing found: the interrupted run's own exit.
        None => {
            crate::long_run::check()?;
            None
        }
        // After Ctrl-C the finding is kept: the shrinker ends at once.
        Some(hit) => Some(write::finish(args, &space, &judge, &name, hit.case, at)?),
    };
    let searched = at;
    if args.json {
        report::print_json(args, &space, &judge, searched, fps, found.as_ref());
    } else {
        report::print_text(args, &space, &judge, searched, fps, found.as_ref());
    }
    // A disagreement found is the hunted answer failing its truth: exit 1.
    Ok(if found.is_some() {
        Outcome::Failed
    } else {
        Outcome::Ok
    })
}

fn hunted(what: &str, like: Option<MethodId>) -> Result<Hunted, Fault> {
    if let Ok(m) = what.parse::<MethodId>() {
        if like.is_some() {
            return Err(usage(anyhow!(
                "--like is for a routine image, not a method"
            )));
        }
        return Ok(Hunted::Method(m));
    }
    let path = Path::new(what);
    let meta = std::fs::metadata(path).map_err(|e| {
        bad_input(anyhow!(
            "`{what}` is no method (`hitlab methods` lists them) and no image file: {e}"
        ))
    })?;
    if !meta.is_file() || meta.len() > MAX_IMAGE_FILE || meta.len() == 0 {
        return Err(bad_input(anyhow!(
            "{what}: not an image file (a raw image of 1 to {MAX_IMAGE_FILE} bytes)"
        )));
    }
    let bytes = std::fs::read(path).map_err(|e| bad_input(anyhow!("{what}: {e}")))?;
    let name = path
        .file_name()
        .map_or_else(|| what.to_owned(), |n| n.to_string_lossy().into_owned());
    Ok(Hunted::Code {
        name,
        image: Arc::from(bytes),
        like,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_inclusive_and_checked() {
        assert_eq!(parse_range("2..16"), Ok((2, 16)));
        assert_eq!(parse_range("3..=3"), Ok((3, 3)));
        assert!(parse_range("5..2").is_err());
        assert!(parse_range("x..2").is_err());
        assert!(parse_range("7").is_err());
    }
}
