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
    Ok(if stale > 0 {
        Outcome::Failed
    } else {
        Outcome::Ok
    })
}
