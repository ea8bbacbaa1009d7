//! `hitlab routine`: a user's collision routine on a machine's CPU, under the routine
//! contract, against a scene: its pairs against box and pixel truth, its cycles per frame,
//! its errors, and the first frames where it went wrong. `--abi` prints the contract.

mod image;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::anyhow;
use collide::MethodId;
use machine::RoutineContract;
use machine::routine::{ByteOrder, RECORD_BYTES};
use scene::session::{CodeRoutine, machine_for};
use scene::summary::Summary;
use serde_json::json;

use crate::cli::{ImageFormat, RoutineArgs};
use crate::code_report::{grouped, routines_json, routines_text};
use crate::out::{out, outln};
use crate::{Fault, Outcome, bad_input, usage};

/// The largest image file read: the biggest code area (the Genesis' 4 MB cartridge space)
/// as Intel HEX, with room.
const MAX_IMAGE_FILE: u64 = 16 << 20;

/// Frames shown where the routine went wrong.
const WRONG_SHOWN: usize = 5;

pub fn run(args: &RoutineArgs) -> Result<Outcome, Fault> {
    if let Some(key) = &args.abi {
        let contract = contract_of(key)?;
        print!("{}", abi_text(key, &contract));
        return Ok(Outcome::Ok);
    }
    let (Some(path), Some(key)) = (&args.image, &args.target) else {
        return Err(usage(anyhow!(
            "give an image and --target, or --abi TARGET"
        )));
    };
    let contract = contract_of(key)?;
    let bytes = read_image(path)?;
    let format = image::detect(args.format, path, &bytes);
    if args.load.is_some() && format != ImageFormat::Raw {
        return Err(usage(anyhow!(
            "--load is for raw images: a .prg or Intel HEX file names its own load address{}",
            if args.format == ImageFormat::Auto {
                " (give --format raw if this one is raw)"
            } else {
                ""
            }
        )));
    }
    let scene_path = match &args.scene {
        Some(p) => p.clone(),
        None => default_scene(key, contract.scene)?,
    };
    let loaded = scene::loaded::load_scene(&scene_path).map_err(bad_input)?;
    if loaded.scene.target.settings().key() != key {
        return Err(usage(anyhow!(
            "{}: the scene runs on {}, not {key}; pass a scene of {key} with --scene",
            scene_path.display(),
            loaded.scene.target.settings().key()
        )));
    }
    let mut machine = machine_for(&loaded).map_err(bad_input)?;
    let methods: Vec<MethodId> = args.like.into_iter().collect();
    crate::cmd::choose::refuse_lacking(machine.as_ref(), &methods)?;
    let abi = machine
        .target_code()
        .map(|c| c.abi())
        .ok_or_else(|| usage(anyhow!("{key} has no CPU model to run a routine on")))?;
    let placed = image::place(&bytes, format, args.load, &abi)
        .map_err(|e| bad_input(anyhow!("{}: {e}", path.display())))?;
    // The loader's entry point locates a scene its chip cannot take in the scene file.
    let mut session = scene::start_on(loaded.clone(), machine, &methods).map_err(bad_input)?;
    session.set_routines(vec![CodeRoutine {
        name: file_name(path),
        method: args.like,
        image: Arc::from(placed.image),
        entry: Some(placed.entry),
        builtin: false,
    }]);
    let frames = args.frames.unwrap_or(loaded.scene.frames);
    let mut summary = Summary::default();
    let mut wrong: Vec<String> = Vec::new();
    // Whether the routine failed the contract's expectation: an error on any frame, or
    // pairs other than its rule's (the Rust method's with --like, box truth without).
    let mut failed = false;
    for _ in 0..frames {
        crate::long_run::check()?;
        let r = session.step(None);
        if let Some(m) = r.routines.first() {
            let error = m.code.as_ref().and_then(|c| c.error.as_ref());
            let off_truth = !m.vs_box.misses.is_empty() || !m.vs_box.false_alarms.is_empty();
            failed |= error.is_some() || (args.like.is_none() && off_truth);
            if wrong.len() < WRONG_SHOWN {
                if let Some(e) = error {
                    wrong.push(format!("frame {}: {e}", r.frame));
                } else if off_truth {
                    wrong.push(format!(
                        "frame {}: missed {:?}, false alarms {:?} (object indices)",
                        r.frame,
                        pairs(&m.vs_box.misses),
                        pairs(&m.vs_box.false_alarms)
                    ));
                }
            }
        }
        summary.add(&r);
    }
    if args.like.is_some() {
        failed |= summary.routines.iter().any(|t| t.rust_disagreements > 0);
    }
    if args.json {
        let v = json!({
            "scene": scene_path.display().to_string(),
            "target": key,
            "frames": summary.frames,
            "truth": {"box_pairs": summary.box_truth_pairs, "pixel_pairs": summary.pixel_truth_pairs},
            "routine": routines_json(&summary).get(0).cloned(),
            "went_wrong": wrong,
            "failed": failed,
        });
        outln!("{v}");
    } else {
        outln!(
            "{} on {key} against {} ({}), {} frames",
            file_name(path),
            loaded.scene.name,
            scene_path.display(),
            summary.frames
        );
        outln!(
            "truth     box pairs {}, pixel pairs {}",
            summary.box_truth_pairs,
            summary.pixel_truth_pairs
        );
        out!("{}", routines_text(&summary));
        if wrong.is_empty() {
            outln!("no frame went wrong against box truth");
        } else {
            outln!("first frames where it went wrong against box truth:");
            for w in &wrong {
                outln!("  {w}");
            }
        }
        if failed {
            outln!("{}", verdict_line(args.like));
        }
    }
    Ok(if failed { Outcome::Failed } else { Outcome::Ok })
}

/// Why the run exits 1.
fn verdict_line(like: Option<MethodId>) -> String {
    match like {
        Some(m) => format!("FAILED: the routine failed on a frame or its pairs differ from {m}'s"),
        None => "FAILED: the routine failed on a frame or its pairs differ from box truth".into(),
    }
}

fn pairs(p: &[collide::Pair]) -> Vec<(u32, u32)> {
    p.iter().map(|p| (p.a, p.b)).collect()
}

fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

fn read_image(path: &Path) -> Result<Vec<u8>, Fault> {
    let meta = std::fs::metadata(path)
        .map_err(|e| bad_input(anyhow!("{}: cannot read: {e}", path.display())))?;
    if !meta.is_file() {
        return Err(bad_input(anyhow!("{}: not a file", path.display())));
    }
    if meta.len() > MAX_IMAGE_FILE {
        return Err(bad_input(anyhow!(
            "{}: {} bytes; an image file is at most {} bytes",
            path.display(),
            meta.len(),
            MAX_IMAGE_FILE
        )));
    }
    std::fs::read(path).map_err(|e| bad_input(anyhow!("{}: cannot read: {e}", path.display())))
}

/// The machine `key`'s routine contract.
fn contract_of(key: &str) -> Result<RoutineContract, Fault> {
    machine::routine_contract(key)
        .ok_or_else(|| usage(anyhow!("{key} has no CPU model to run a routine on")))
}

/// The machine's own default scene, `scenes/<machine>/...` in the current folder: one fixed
/// file, so that scenes of the user's own never change which scene a routine meets.
fn default_scene(key: &str, scene: &str) -> Result<PathBuf, Fault> {
    let path = PathBuf::from(scene);
    if path.is_file() {
        Ok(path)
    } else {
        Err(usage(anyhow!(
            "{key}'s default scene {scene} is not in this folder: run from the project folder or pass --scene"
        )))
    }
}

fn abi_text(key: &str, contract: &RoutineContract) -> String {
    let abi = &contract.abi;
    let order = match abi.byte_order {
        ByteOrder::Little => "little-endian",
        ByteOrder::Big => "big-endian",
    };
    let h = |a: u32| format!("${a:04X}");
    let mut text = format!(
        "routine contract: {key}
  code      {code} ({max} bytes at most): the image is loaded here and entered at its first
            byte (or at --load / the .prg's or HEX's own address inside this area)
  objects   {obj}: a 16-bit count N ({order}), then N records of {rec} bytes, at most {cap}:
            x i16, y i16 (left and top edge, screen px), w u8, h u8 (px),
            group u8 (0 Good, 1 Bad, 2 Art), sprite u8 (the object's first hardware sprite)
  pairs     {out}: the routine writes a 16-bit count K, then K pairs of two u8 record
            indices; at most {pairs} pairs: a K above that is the routine's error, as is an
            index out of range or a self pair; the harness sets K = 0 before the call and
            reports duplicates
  stack     {stack}; interrupts masked
  call      a stub calls the code and stops when the routine returns; cycles count from
            the call's first cycle to the return's last; after 8 frames' worth
            ({limit} cycles) the routine is stopped and its PC reported
  frame     {frame} cycles
",
        code = h(abi.code),
        max = grouped(u64::from(abi.code_max)),
        obj = h(abi.obj),
        rec = RECORD_BYTES,
        cap = abi.obj_capacity,
        out = h(abi.out),
        pairs = grouped(u64::from(abi.out_capacity)),
        stack = h(abi.stack),
        limit = grouped(abi.runaway_limit()),
        frame = grouped(abi.cycles_per_frame),
    );
    for line in contract.notes {
        text.push_str("  ");
        text.push_str(line);
        text.push('\n');
    }
    text.push_str(&format!(
        "  scene     {} unless --scene names one\n",
        contract.scene
    ));
    text
}
