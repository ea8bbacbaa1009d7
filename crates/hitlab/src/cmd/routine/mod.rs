//! `hitlab routine`: a user's collision routine on a machine's CPU, under the routine
//! contract, against a scene: its pairs against box and pixel truth, its cycles per frame,
//! its errors, and the first frames where it went wrong. `--abi` prints the contract.

mod image;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::anyhow;
use collide::MethodId;
use machine::routine::{Abi, ByteOrder, RECORD_BYTES};
use scene::session::{CodeRoutine, Session, machine_for};
use scene::summary::Summary;
use serde_json::json;

use crate::cli::RoutineArgs;
use crate::code_report::{grouped, routines_json, routines_text};
use crate::{Fault, Outcome, bad_input};

/// The largest image file read: the biggest code area (the Genesis' 4 MB cartridge space)
/// as Intel HEX, with room.
const MAX_IMAGE_FILE: u64 = 16 << 20;

/// Frames shown where the routine went wrong.
const WRONG_SHOWN: usize = 5;

pub fn run(args: &RoutineArgs) -> Result<Outcome, Fault> {
    if let Some(key) = &args.abi {
        print!("{}", abi_text(&abi_of(key)?));
        return Ok(Outcome::Ok);
    }
    let (Some(path), Some(key)) = (&args.image, &args.target) else {
        return Err(bad_input(anyhow!(
            "give an image and --target, or --abi TARGET"
        )));
    };
    let bytes = read_image(path)?;
    let scene_path = match &args.scene {
        Some(p) => p.clone(),
        None => default_scene(key)?,
    };
    let loaded = scene::loaded::load_scene(&scene_path).map_err(bad_input)?;
    if loaded.scene.target.settings().key() != key {
        return Err(bad_input(anyhow!(
            "{}: the scene runs on {}, not {key}",
            scene_path.display(),
            loaded.scene.target.settings().key()
        )));
    }
    let mut machine = machine_for(&loaded).map_err(bad_input)?;
    let abi = machine
        .target_code()
        .map(|c| c.abi())
        .ok_or_else(|| bad_input(anyhow!("{key} has no CPU model to run a routine on")))?;
    let placed = image::place(&bytes, args.format, args.load, &abi)
        .map_err(|e| bad_input(anyhow!("{}: {e}", path.display())))?;
    let methods: Vec<MethodId> = args.like.into_iter().collect();
    let mut session = Session::new(loaded.clone(), machine, &methods.clone()).map_err(bad_input)?;
    session.set_routines(vec![CodeRoutine {
        name: file_name(path),
        method: args.like,
        image: Arc::from(placed.image),
        entry: Some(placed.entry),
    }]);
    let frames = args.frames.unwrap_or(loaded.scene.frames);
    let mut summary = Summary::default();
    let mut wrong: Vec<String> = Vec::new();
    for _ in 0..frames {
        let r = session.step(None);
        if let Some(m) = r.routines.first()
            && wrong.len() < WRONG_SHOWN
        {
            if let Some(e) = m.code.as_ref().and_then(|c| c.error.as_ref()) {
                wrong.push(format!("frame {}: {e}", r.frame));
            } else if !m.vs_box.misses.is_empty() || !m.vs_box.false_alarms.is_empty() {
                wrong.push(format!(
                    "frame {}: missed {:?}, false alarms {:?} (object indices)",
                    r.frame,
                    pairs(&m.vs_box.misses),
                    pairs(&m.vs_box.false_alarms)
                ));
            }
        }
        summary.add(&r);
    }
    if args.json {
        let v = json!({
            "scene": scene_path.display().to_string(),
            "target": key,
            "frames": summary.frames,
            "truth": {"box_pairs": summary.box_truth_pairs, "pixel_pairs": summary.pixel_truth_pairs},
            "routine": routines_json(&summary).get(0).cloned(),
            "went_wrong": wrong,
        });
        println!("{v}");
    } else {
        println!(
            "{} on {key} against {} ({}), {} frames",
            file_name(path),
            loaded.scene.name,
            scene_path.display(),
            summary.frames
        );
        println!(
            "truth     box pairs {}, pixel pairs {}",
            summary.box_truth_pairs, summary.pixel_truth_pairs
        );
        print!("{}", routines_text(&summary));
        if wrong.is_empty() {
            println!("no frame went wrong against box truth");
        } else {
            println!("first frames where it went wrong against box truth:");
            for w in &wrong {
                println!("  {w}");
            }
        }
    }
    Ok(Outcome::Ok)
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

/// The first scene under `scenes/` (from the current folder) that runs on `key`.
fn default_scene(key: &str) -> Result<PathBuf, Fault> {
    let mut found: Vec<PathBuf> = std::fs::read_dir("scenes")
        .into_iter()
        .flatten()
        .flatten()
        .filter(|d| d.path().is_dir())
        .flat_map(|d| std::fs::read_dir(d.path()).into_iter().flatten().flatten())
        .map(|f| f.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    found.sort();
    found
        .into_iter()
        .find(|p| {
            scene::loaded::load_scene(p).is_ok_and(|l| l.scene.target.settings().key() == key)
        })
        .ok_or_else(|| {
            bad_input(anyhow!(
                "no scene for {key} under ./scenes; pass one with --scene"
            ))
        })
}

/// The contract of the machine `key`, from a machine built with its default settings.
fn abi_of(key: &str) -> Result<Abi, Fault> {
    let scene = default_scene(key)?;
    let loaded = scene::loaded::load_scene(&scene).map_err(bad_input)?;
    let mut machine = machine_for(&loaded).map_err(bad_input)?;
    machine
        .target_code()
        .map(|c| c.abi())
        .ok_or_else(|| bad_input(anyhow!("{key} has no CPU model")))
}

fn abi_text(abi: &Abi) -> String {
    let order = match abi.byte_order {
        ByteOrder::Little => "little-endian",
        ByteOrder::Big => "big-endian",
    };
    let h = |a: u32| format!("${a:04X}");
    format!(
        "routine contract: {machine}
  code      {code} ({max} bytes at most): the image is loaded here and entered at its first
            byte (or at --load / the .prg's or HEX's own address inside this area)
  objects   {obj}: a 16-bit count N ({order}), then N records of {rec} bytes, at most {cap}:
            x i16, y i16 (left and top edge, screen px), w u8, h u8 (px),
            group u8 (0 Good, 1 Bad, 2 Art), sprite u8 (the object's first hardware sprite)
  pairs     {out}: the routine writes a 16-bit count K, then K pairs of two u8 record
            indices; at most {pairs} pairs (more is an overrun); the harness sets K = 0
            before the call and reports duplicates
  stack     {stack}; interrupts masked
  call      a stub calls the code and stops when the routine returns; cycles count from
            the call's first cycle to the return's last; after 8 frames' worth
            ({limit} cycles) the routine is stopped and its PC reported
  frame     {frame} cycles
",
        machine = abi.machine,
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
    )
}
