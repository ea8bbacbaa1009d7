//! `hitlab roms`: build every image from its source, byte-reproducibly.

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::cli::RomsArgs;
use crate::{Fault, Outcome, bad_input};

pub fn run(args: &RomsArgs) -> Result<Outcome, Fault> {
    let sources = scene::roms::find_sources(&args.dir);
    if sources.is_empty() {
        return Err(bad_input(anyhow::anyhow!(
            "{}: no rom sources (*.src.ron) found",
            args.dir.display()
        )));
    }
    // Everything is built and checked before the first byte is written, so a bad source
    // leaves the folder as it was.
    let mut images: BTreeMap<PathBuf, (PathBuf, Vec<u8>)> = BTreeMap::new();
    for src in &sources {
        for (path, bytes) in scene::roms::build_source(src).map_err(bad_input)? {
            if let Some((first, _)) = images.get(&path) {
                return Err(bad_input(anyhow::anyhow!(
                    "{}: built by both {} and {}; each image has one source",
                    path.display(),
                    first.display(),
                    src.display()
                )));
            }
            images.insert(path, (src.clone(), bytes));
        }
    }
    let mut stale = 0;
    for (path, (_, bytes)) in &images {
        let same = std::fs::read(path).is_ok_and(|old| &old == bytes);
        if args.check {
            if !same {
                stale += 1;
                crate::out::outln!("stale {} (rebuild with `hitlab roms`)", path.display());
            }
        } else if same {
            crate::out::outln!("same  {} ({} bytes)", path.display(), bytes.len());
        } else {
            std::fs::write(path, bytes).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
            crate::out::outln!("built {} ({} bytes)", path.display(), bytes.len());
        }
    }
    // This binary is the assembler of the images whose commands start with `hitlab`
    // (the Vectrex BIOS and cartridges): it stands in for itself, installed or not.
    let provided: Vec<(&str, PathBuf)> = std::env::current_exe()
        .ok()
        .map(|exe| ("hitlab", exe))
        .into_iter()
        .collect();
    for build in scene::roms::code::find_code_builds(&args.dir) {
        for img in scene::roms::code::rebuild_code_with(&build, &provided).map_err(bad_input)? {
            stale += usize::from(code_image(args.check, &img)?);
        }
    }
    Ok(if stale > 0 {
        Outcome::Failed
    } else {
        Outcome::Ok
    })
}

/// Reports one rebuilt code image (writes it when building); true when it is stale.
fn code_image(check: bool, img: &scene::roms::code::CodeImage) -> Result<bool, Fault> {
    use scene::roms::code::CodeOutcome;
    let path = img.path.display();
    let method = &img.method;
    Ok(match (&img.outcome, &img.rebuilt) {
        (CodeOutcome::Identical, _) => {
            crate::out::outln!("same  {path} ({method}): identical");
            false
        }
        (CodeOutcome::Skipped { .. }, _) => {
            crate::out::outln!("skip  {path} ({method}): {}", img.outcome);
            false
        }
        (CodeOutcome::Differs { .. }, Some(bytes)) if !check => {
            std::fs::write(&img.path, bytes)
                .map_err(|e| anyhow::anyhow!("{}: {e}", img.path.display()))?;
            crate::out::outln!("built {path} ({method}, {} bytes)", bytes.len());
            false
        }
        (CodeOutcome::Differs { .. }, _) => {
            crate::out::outln!("stale {path} ({method}): {}", img.outcome);
            true
        }
        (CodeOutcome::Failed { .. }, _) => {
            crate::out::outln!("fail  {path} ({method}): {}", img.outcome);
            true
        }
    })
}
