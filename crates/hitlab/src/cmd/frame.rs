//! `hitlab frame`: the dump probe (specs/harness.md). Registers are applied first, then the
//! dump is written, one frame is rendered from a fresh status, and the state a status read
//! would see at the start of vblank is printed.

use std::path::Path;

use anyhow::anyhow;
use scene::probe::{ProbeReg, ProbeTarget, probe};
use serde_json::json;

use crate::cli::{FrameArgs, FrameTarget};
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
fn blank_display(target: ProbeTarget, regs: &[ProbeReg]) -> Option<String> {
    let last = |pick: &dyn Fn(&ProbeReg) -> Option<u8>| regs.iter().rev().find_map(pick);
    match target {
        ProbeTarget::Genesis | ProbeTarget::Msx => {
            let r1 = last(&|r| match *r {
                ProbeReg::Number(1, v) => Some(v),
                _ => None,
            });
            (r1.unwrap_or(0) & 0x40 == 0).then(|| {
                format!(
                    "off: register 1 bit 6 is 0 (registers start at 0; add --reg 1=0x{:02X})",
                    r1.unwrap_or(0)
                        | if target == ProbeTarget::Genesis {
                            0x44
                        } else {
                            0x40
                        }
                )
            })
        }
        ProbeTarget::Vera => {
            let dc = last(&|r| match *r {
                ProbeReg::DcVideo(v) => Some(v),
                _ => None,
            })
            .unwrap_or(0x08);
            if dc & 0x03 == 0 {
                Some(format!(
                    "off: DC_VIDEO is 0x{dc:02X}, output mode 0 (add --reg DC_VIDEO=0x41)"
                ))
            } else if dc & 0x40 == 0 {
                Some(format!(
                    "sprites off: DC_VIDEO is 0x{dc:02X}, bit 6 clear (add --reg DC_VIDEO=0x{:02X})",
                    dc | 0x40
                ))
            } else {
                None
            }
        }
    }
}

/// `N=V` (Genesis 0-23, MSX 0-7) or `NAME=V` (VERA), V decimal or 0x hex, 0-255.
fn parse_reg(target: ProbeTarget, spec: &str) -> Result<ProbeReg, Fault> {
    let want = match target {
        ProbeTarget::Genesis => "a register number 0-23",
        ProbeTarget::Msx => "a register number 0-7",
        ProbeTarget::Vera => "a register name: IEN, DC_VIDEO, DC_HSCALE or DC_VSCALE",
    };
    let (name, value) = spec
        .split_once('=')
        .ok_or_else(|| usage(anyhow!("--reg {spec}: expected N=V with {want}")))?;
    let value = parse_value(value.trim()).ok_or_else(|| {
        usage(anyhow!(
            "--reg {spec}: the value must be 0-255, in decimal or 0x hex"
        ))
    })?;
    let name = name.trim();
    let bad = || usage(anyhow!("--reg {spec}: `{name}` is not {want}"));
    Ok(match target {
        ProbeTarget::Genesis | ProbeTarget::Msx => {
            let max = if target == ProbeTarget::Genesis {
                23
            } else {
                7
            };
            let n: u8 = name.parse().map_err(|_| bad())?;
            if n > max {
                return Err(bad());
            }
            ProbeReg::Number(n, value)
        }
        ProbeTarget::Vera => match name.to_ascii_uppercase().as_str() {
            "IEN" => ProbeReg::Ien(value),
            "DC_VIDEO" => ProbeReg::DcVideo(value),
            "DC_HSCALE" => ProbeReg::DcHscale(value),
            "DC_VSCALE" => ProbeReg::DcVscale(value),
            _ => return Err(bad()),
        },
    })
}

pub fn run(args: &FrameArgs) -> Result<Outcome, Fault> {
    let target = match args.target {
        FrameTarget::Genesis => ProbeTarget::Genesis,
        FrameTarget::Msx => ProbeTarget::Msx,
        FrameTarget::Vera => ProbeTarget::Vera,
    };
    let vram = read_sized(
        &args.vram,
        &format!("a {} VRAM dump", target.name()),
        target.vram_bytes(),
    )?;
    let cram = match (&args.cram, target) {
        (Some(p), ProbeTarget::Genesis) => Some(read_sized(p, "a Genesis CRAM dump", 128)?),
        (Some(_), _) => {
            return Err(usage(anyhow!(
                "--cram is for the Genesis; the {} has no CRAM",
                target.name()
            )));
        }
        (None, _) => None,
    };
    let regs = args
        .reg
        .iter()
        .map(|s| parse_reg(target, s))
        .collect::<Result<Vec<_>, _>>()?;
    let mut r = probe(target, &vram, cram.as_deref(), &regs);
    let blank = blank_display(target, &regs);
    if blank.is_some() {
        // Nothing is on screen, so no pixels can meet.
        r.pairs.clear();
    }
    let v = json!({
        "display": blank.unwrap_or_else(|| "on".to_owned()),
        "target": r.target,
        "collision": r.collision,
        "overflow": r.overflow,
        "fifth_sprite": r.fifth_sprite,
        "collision_mask": r.collision_mask,
        "status": crate::report::status_hex(r.status),
        "drawn": r.drawn,
        "pairs": r.pairs.iter().map(|&(a, b)| [a, b]).collect::<Vec<_>>(),
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
            ("Target".to_owned(), r.target.to_owned()),
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
