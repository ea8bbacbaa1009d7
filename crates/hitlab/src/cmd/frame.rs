//! `hitlab frame`: the dump probe (specs/harness.md). Registers are applied first, then the
//! dump is written, one frame is rendered from a fresh status, and the state a status read
//! would see at the start of vblank is printed.

use std::path::Path;

use anyhow::anyhow;
use machine::probe::Probe;
use serde_json::json;

use crate::cli::FrameArgs;
use crate::{Fault, Outcome, bad_input, usage};

fn read_sized(path: &Path, what: &str, expected: usize) -> Result<Vec<u8>, Fault> {
    let bytes = match scene::load::read_bytes(path, what, expected as u64) {
        Err(scene::LoadError::TooLarge { .. }) => {
            return Err(bad_input(anyhow!(
                "{}: {what} must be {expected} bytes, the file has more",
                path.display()
            )));
        }
        r => r.map_err(bad_input)?,
    };
    if bytes.len() != expected {
        return Err(bad_input(anyhow!(
            "{}: {what} must be {expected} bytes, the file has {}",
            path.display(),
            bytes.len()
        )));
    }
    Ok(bytes)
}

fn parse_value(s: &str) -> Option<u8> {
    match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(hex) => u8::from_str_radix(hex, 16).ok(),
        None => s.parse().ok(),
    }
}

/// Why the display shows no sprites with these register writes (applied over registers
/// that start at 0 on the Genesis and MSX, and at the VERA's reset values), or `None`.
/// `NAME=V`: a register the machine's probe knows, V decimal or 0x hex, 0-255.
fn parse_reg(probe: &dyn Probe, spec: &str) -> Result<(u8, u8), Fault> {
    let want = probe.registers();
    let (name, value) = spec
        .split_once('=')
        .ok_or_else(|| usage(anyhow!("--reg {spec}: expected N=V with {want}")))?;
    let value = parse_value(value.trim()).ok_or_else(|| {
        usage(anyhow!(
            "--reg {spec}: the value must be 0-255, in decimal or 0x hex"
        ))
    })?;
    let name = name.trim();
    let n = probe
        .register(name)
        .ok_or_else(|| usage(anyhow!("--reg {spec}: `{name}` is not {want}")))?;
    Ok((n, value))
}

pub fn run(args: &FrameArgs) -> Result<Outcome, Fault> {
    let key = args.target.as_str();
    let probe = machine::registry::probe(key)
        .ok_or_else(|| usage(anyhow!("{key} has no video memory to dump")))?;
    let vram = read_sized(
        &args.vram,
        &format!("a {key} VRAM dump"),
        probe.vram_bytes(),
    )?;
    let cram = match (&args.cram, probe.cram_bytes()) {
        (Some(p), Some(size)) => Some(read_sized(p, &format!("a {key} CRAM dump"), size)?),
        (Some(_), None) => {
            return Err(usage(anyhow!(
                "--cram is for the Genesis; the {key} has no CRAM"
            )));
        }
        (None, _) => None,
    };
    let regs = args
        .reg
        .iter()
        .map(|s| parse_reg(probe, s))
        .collect::<Result<Vec<_>, _>>()?;
    let r = probe.run(&vram, cram.as_deref(), &regs);
    let blank = probe.display_off(&regs);
    let pairs: Vec<[u32; 2]> = if blank.is_some() {
        Vec::new()
    } else {
        r.pairs().iter().map(|&(a, b)| [a, b]).collect()
    };
    let v = json!({
        "display": blank.unwrap_or_else(|| "on".to_owned()),
        "target": key,
        "collision": r.verdict.collided,
        "overflow": r.verdict.overflow,
        "fifth_sprite": r.verdict.fifth_sprite,
        "collision_mask": r.verdict.collision_mask,
        "status": crate::report::status_hex(r.verdict.status),
        "drawn": r.drawn(),
        "pairs": pairs,
    });
    if let Some(path) = &args.png {
        let f = &r.frame;
        let picture = crate::view::picture::Picture::Indexed {
            w: f.w,
            h: f.h,
            pixels: f.indices.clone(),
            palette: f.palette.clone(),
        };
        let meta = vec![
            ("Source".to_owned(), args.vram.display().to_string()),
            ("Target".to_owned(), key.to_owned()),
        ];
        crate::media::write_picture_png(path, &picture, 1, &meta).map_err(usage)?;
    }
    if args.json {
        crate::out::outln!("{v}");
    } else {
        crate::out::outln!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
    }
    Ok(Outcome::Ok)
}
