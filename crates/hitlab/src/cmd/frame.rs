//! `hitlab frame`: the dump probe (specs/harness.md). Registers are applied first, then the
//! dump is written, one frame is rendered from a fresh status, and the state a status read
//! would see at the start of vblank is printed.

use std::path::Path;

use anyhow::anyhow;
use machine::probe::Probe;
use serde_json::json;

use crate::cli::FrameArgs;
use crate::{Fault, Outcome, bad_input};

fn read_sized(path: &Path, what: &str, expected: usize) -> Result<Vec<u8>, Fault> {
    let bytes = std::fs::read(path)
        .map_err(|e| bad_input(anyhow!("{}: cannot read: {e}", path.display())))?;
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

/// `NAME=V`: a register the machine's probe knows, V decimal or 0x hex, 0-255.
fn parse_reg(probe: &dyn Probe, spec: &str) -> Result<(u8, u8), Fault> {
    let want = probe.registers();
    let (name, value) = spec
        .split_once('=')
        .ok_or_else(|| bad_input(anyhow!("--reg {spec}: expected N=V with {want}")))?;
    let value = parse_value(value.trim()).ok_or_else(|| {
        bad_input(anyhow!(
            "--reg {spec}: the value must be 0-255, in decimal or 0x hex"
        ))
    })?;
    let name = name.trim();
    let n = probe
        .register(name)
        .ok_or_else(|| bad_input(anyhow!("--reg {spec}: `{name}` is not {want}")))?;
    Ok((n, value))
}

pub fn run(args: &FrameArgs) -> Result<Outcome, Fault> {
    let key = args.target.as_str();
    let probe = machine::registry::probe(key)
        .ok_or_else(|| bad_input(anyhow!("{key} has no video memory to dump")))?;
    let vram = read_sized(
        &args.vram,
        &format!("a {key} VRAM dump"),
        probe.vram_bytes(),
    )?;
    let cram = match (&args.cram, probe.cram_bytes()) {
        (Some(p), Some(size)) => Some(read_sized(p, &format!("a {key} CRAM dump"), size)?),
        (Some(_), None) => {
            return Err(bad_input(anyhow!(
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
    let v = json!({
        "target": key,
        "collision": r.verdict.collided,
        "overflow": r.verdict.overflow,
        "fifth_sprite": r.verdict.fifth_sprite,
        "collision_mask": r.verdict.collision_mask,
        "status": r.verdict.status,
        "drawn": r.drawn(),
        "pairs": r.pairs().iter().map(|&(a, b)| [a, b]).collect::<Vec<_>>(),
    });
    if args.json {
        println!("{v}");
    } else {
        println!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
    }
    Ok(Outcome::Ok)
}
