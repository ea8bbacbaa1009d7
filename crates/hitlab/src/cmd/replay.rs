//! `hitlab replay`: scenarios headless, one line each, then `N passed, N failed`. A program
//! file runs from power-on, or with `--from` from a state file's frame (one a hunt wrote,
//! checked against the program as the hunt checks it).

use std::path::{Path, PathBuf};

use crate::cli::ReplayArgs;
use crate::report::summary_json;
use crate::{Fault, Outcome, bad_input, usage};

/// Every scenario file under `paths` (files as given, folders searched for `*.ron`), sorted
/// within each folder.
pub fn scenario_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Fault> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found = Vec::new();
            collect(p, &mut found);
            found.sort();
            if found.is_empty() {
                return Err(bad_input(anyhow::anyhow!(
                    "{}: no scenarios (*.ron) in this folder",
                    p.display()
                )));
            }
            out.extend(found);
        } else if p.exists() {
            out.push(p.clone());
        } else {
            return Err(bad_input(anyhow::anyhow!(
                "{}: no such file or folder",
                p.display()
            )));
        }
    }
    Ok(out)
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        // Links to folders are not followed: a link loop would never end.
        if e.file_type().is_ok_and(|t| t.is_dir()) {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "ron") {
            out.push(p);
        }
    }
}

pub fn run(args: &ReplayArgs) -> Result<Outcome, Fault> {
    let files = scenario_files(&args.paths)?;
    // A state file is one program's: `--from` runs exactly one program file.
    if let Some(f) = &args.from
        && !matches!(files.as_slice(), [one] if crate::cmd::program::is_program_file(one))
    {
        return Err(usage(anyhow::anyhow!(
            "--from {}: a state file starts one program; give one program file (*.prg.ron)",
            f.display()
        )));
    }
    let (mut passed, mut failed, mut bad, mut lacking) = (0usize, 0usize, 0usize, 0usize);
    for path in &files {
        crate::long_run::check()?;
        let shown = path.display();
        if crate::cmd::program::is_program_file(path) {
            match replay_program(path, args.from.as_deref()) {
                Err((msg, class)) => {
                    // A file that cannot be read or started is bad input, one that asks
                    // for what its machine lacks a usage error, as in every command; a
                    // program that faults or never returns from its handler fails its
                    // scenario.
                    bad += usize::from(matches!(class, Fault::BadInput(_)));
                    lacking += usize::from(matches!(class, Fault::Usage(_)));
                    failed += 1;
                    report_error(args.json, path, &msg);
                }
                Ok((frames, tally, failures)) => {
                    let ok = failures.is_empty();
                    if ok {
                        passed += 1;
                    } else {
                        failed += 1;
                    }
                    if args.json {
                        let mut v = crate::cmd::program::tally_json(&tally);
                        v["scenario"] = shown.to_string().into();
                        v["passed"] = ok.into();
                        v["failures"] = failures.clone().into();
                        crate::out::outln!("{v}");
                    } else if ok {
                        crate::out::outln!("ok   {shown} ({frames} frames)");
                    } else {
                        crate::out::outln!("FAIL {shown}: {}", failures.join("; "));
                    }
                }
            }
            continue;
        }
        let loaded = match scene::load_scenario(path) {
            Ok(l) => l,
            Err(e) => {
                bad += 1;
                failed += 1;
                report_error(args.json, path, &e.to_string());
                continue;
            }
        };
        let frames = loaded.scenario.frames;
        let bar = crate::long_run::bar(u64::from(frames), shown.to_string());
        let outcome = scene::replay(loaded, |_| bar.inc(1));
        bar.finish_and_clear();
        match outcome {
            Err(e @ scene::Error::MethodLacks { .. }) => {
                lacking += 1;
                failed += 1;
                report_error(args.json, path, &e.to_string());
            }
            Err(e) => {
                bad += 1;
                failed += 1;
                report_error(args.json, path, &e.to_string());
            }
            Ok(o) => {
                let ok = o.failures.is_empty();
                if ok {
                    passed += 1;
                } else {
                    failed += 1;
                }
                if args.json {
                    let mut v = summary_json(&o.summary);
                    v["scenario"] = shown.to_string().into();
                    v["passed"] = ok.into();
                    v["failures"] = o.failures.clone().into();
                    crate::out::outln!("{v}");
                } else if ok {
                    crate::out::outln!("ok   {shown} ({frames} frames)");
                } else {
                    crate::out::outln!("FAIL {shown}: {}", o.failures.join("; "));
                }
            }
        }
    }
    let last = format!("{passed} passed, {failed} failed");
    if args.json {
        eprintln!("{last}");
    } else {
        crate::out::outln!("{last}");
    }
    if bad > 0 {
        return Err(bad_input(anyhow::anyhow!(
            "{bad} scenario(s) could not be read or started"
        )));
    }
    if lacking > 0 {
        return Err(usage(anyhow::anyhow!(
            "{lacking} scenario(s) name a method or setting their machine lacks"
        )));
    }
    Ok(if failed > 0 {
        Outcome::Failed
    } else {
        Outcome::Ok
    })
}

/// A program file's run (from the state file `from` when given) and the expectations that
/// failed; `Err` when it could not be read, booted or run to the end (a fault or a handler
/// that never returns fails it).
fn replay_program(
    path: &Path,
    from: Option<&Path>,
) -> Result<(u32, scene::program::tally::Tally, Vec<String>), (String, Fault)> {
    // The fault's class, its message given apart.
    let split = |e: Fault| match e {
        Fault::BadInput(e) => (format!("{e:#}"), Fault::BadInput(anyhow::anyhow!(""))),
        Fault::Usage(e) => (format!("{e:#}"), Fault::Usage(anyhow::anyhow!(""))),
        e => (e.to_string(), Fault::Other(anyhow::anyhow!(""))),
    };
    let p = crate::cmd::program::load(path, None, &crate::cli::ProgramArgs::default())
        .map_err(split)?;
    let played = crate::cmd::program::play_from(&p, None, from, |_, _| {}).map_err(split)?;
    let failures = played.tally.failures(&p.expect);
    Ok((p.config.frames, played.tally, failures))
}

fn report_error(json: bool, path: &Path, msg: &str) {
    if json {
        let v = serde_json::json!({"scenario": path.display().to_string(), "passed": false, "error": msg});
        crate::out::outln!("{v}");
    } else {
        crate::out::outln!("ERROR {msg}");
    }
}
