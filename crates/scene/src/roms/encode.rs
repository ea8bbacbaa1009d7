//! The native encodings. Each follows the chip page of the specs: Genesis tiles and CRAM
//! (genesis-vdp.md), TMS9918 patterns (tms9918.md), VERA bitmaps and palette (vera.md),
//! seed 004's path and hit tables.

use super::Data;
use super::art::Art;
use super::trig::cos_sin_turn;

/// What is wrong with `data`, before encoding.
pub(super) fn check(data: &Data) -> Result<(), String> {
    let art_ok = |a: &Art| a.pixels().map(|_| ());
    match data {
        Data::GenesisTiles(sprites) => {
            for a in sprites {
                art_ok(a)?;
                let (w, h) = (a.w_px(), a.h_px());
                if w == 0 || h == 0 || w % 8 != 0 || h % 8 != 0 || w > 32 || h > 32 {
                    return Err(format!(
                        "Genesis sprite `{}` is {w}x{h}: sides are 8, 16, 24 or 32 px",
                        a.name
                    ));
                }
                if a.pixels()?.iter().any(|&p| p > 15) {
                    return Err(format!("Genesis sprite `{}` uses an index over 15", a.name));
                }
            }
        }
        Data::GenesisCram(c) => {
            if c.len() > 64 || c.iter().any(|&(r, g, b)| r > 7 || g > 7 || b > 7) {
                return Err("CRAM holds at most 64 colours of 3-bit channels (0-7)".into());
            }
        }
        Data::MsxPatterns(sprites) => {
            for a in sprites {
                art_ok(a)?;
                let (w, h) = (a.w_px(), a.h_px());
                if (w, h) != (8, 8) && (w, h) != (16, 16) {
                    return Err(format!("MSX pattern `{}` is {w}x{h}: 8x8 or 16x16", a.name));
                }
            }
        }
        Data::VeraBitmaps { bpp, sprites } => {
            if *bpp != 4 && *bpp != 8 {
                return Err(format!("VERA bitmaps are 4 or 8 bpp, not {bpp}"));
            }
            for a in sprites {
                let px = a.pixels()?;
                let ok = [8, 16, 32, 64];
                if !ok.contains(&a.w_px()) || !ok.contains(&a.h_px()) {
                    return Err(format!(
                        "VERA sprite `{}` is {}x{}: sides are 8, 16, 32 or 64",
                        a.name,
                        a.w_px(),
                        a.h_px()
                    ));
                }
                if *bpp == 4 && px.iter().any(|&p| p > 15) {
                    return Err(format!("4 bpp sprite `{}` uses an index over 15", a.name));
                }
            }
        }
        Data::VeraPalette(c) => {
            if c.len() > 256 || c.iter().any(|&(r, g, b)| r > 15 || g > 15 || b > 15) {
                return Err(
                    "the VERA palette holds at most 256 colours of 4-bit channels (0-15)".into(),
                );
            }
        }
        Data::Ellipse { points, .. } => {
            if *points == 0 || *points > 65_536 {
                return Err(format!("an ellipse needs 1 to 65536 points, not {points}"));
            }
        }
        Data::HitTable { a, b } => {
            for art in [a, b] {
                art_ok(art)?;
                if art.w_px() > 16 || art.h_px() > 16 {
                    return Err(format!(
                        "hit-table bitmap `{}` is larger than 16x16",
                        art.name
                    ));
                }
            }
        }
        Data::VectorList(v) => {
            if v.is_empty() || v.len() > 256 {
                return Err(format!(
                    "a Draw_VLc list holds 1 to 256 vectors, not {}",
                    v.len()
                ));
            }
        }
        Data::Bytes(_) | Data::LabyrinthTiles(_) | Data::LabyrinthWalls(_) => {}
    }
    Ok(())
}

/// The image bytes. `check` has accepted `data`.
pub(super) fn encode(data: &Data) -> Vec<u8> {
    let px = |a: &Art| a.pixels().unwrap_or_default();
    let mut out = Vec::new();
    match data {
        Data::GenesisTiles(sprites) => {
            for a in sprites {
                let p = px(a);
                let (w, h) = (a.w_px(), a.h_px());
                for cx in 0..w / 8 {
                    for cy in 0..h / 8 {
                        for row in 0..8 {
                            for pair in 0..4 {
                                let at = (cy * 8 + row) * w + cx * 8 + pair * 2;
                                out.push(p[at] << 4 | (p[at + 1] & 15));
                            }
                        }
                    }
                }
            }
        }
        Data::GenesisCram(colours) => {
            for &(r, g, b) in colours {
                let word = u16::from(b) << 9 | u16::from(g) << 5 | u16::from(r) << 1;
                out.extend_from_slice(&word.to_be_bytes());
            }
            out.resize(128, 0);
        }
        Data::MsxPatterns(sprites) => {
            for a in sprites {
                let p = px(a);
                let w = a.w_px();
                let row_bits = |row: usize, col0: usize| -> u8 {
                    (0..8).fold(0u8, |acc, c| {
                        acc << 1 | u8::from(p[row * w + col0 + c] != 0)
                    })
                };
                for half in 0..w / 8 {
                    for row in 0..a.h_px() {
                        out.push(row_bits(row, half * 8));
                    }
                }
            }
        }
        Data::VeraBitmaps { bpp, sprites } => {
            for a in sprites {
                let p = px(a);
                if *bpp == 8 {
                    out.extend_from_slice(&p);
                } else {
                    out.extend(p.chunks_exact(2).map(|c| c[0] << 4 | (c[1] & 15)));
                }
                out.resize(out.len().div_ceil(32) * 32, 0);
            }
        }
        Data::VeraPalette(colours) => {
            for &(r, g, b) in colours {
                out.push(g << 4 | b);
                out.push(r);
            }
        }
        Data::Ellipse {
            centre,
            radius,
            points,
            offset,
        } => {
            let n = u64::from(*points);
            for k in 0..n {
                let (c, s) = cos_sin_turn(k, n);
                let x = f64::from(centre.0) + f64::from(radius.0) * c;
                let y = f64::from(centre.1) + f64::from(radius.1) * s;
                let x = (x.round() as i64 + i64::from(offset.0)).clamp(0, 0xFFFF) as u16;
                let y = (y.round() as i64 + i64::from(offset.1)).clamp(0, 0xFFFF) as u16;
                out.extend_from_slice(&x.to_le_bytes());
                out.extend_from_slice(&y.to_le_bytes());
            }
        }
        Data::HitTable { a, b } => {
            let (pa, pb) = (px(a), px(b));
            let opaque = |p: &[u8], w: usize, h: usize, x: i64, y: i64| {
                x >= 0
                    && y >= 0
                    && (x as usize) < w
                    && (y as usize) < h
                    && p[y as usize * w + x as usize] != 0
            };
            let (aw, ah, bw, bh) = (a.w_px(), a.h_px(), b.w_px(), b.h_px());
            for dy in -16i64..16 {
                for dx in -16i64..16 {
                    // b's top-left sits at (dx, dy) from a's top-left.
                    let hit = (0..bh as i64).any(|y| {
                        (0..bw as i64).any(|x| {
                            opaque(&pb, bw, bh, x, y) && opaque(&pa, aw, ah, x + dx, y + dy)
                        })
                    });
                    out.push(u8::from(hit));
                }
            }
        }
        Data::Bytes(b) => out.extend_from_slice(b),
        Data::VectorList(v) => {
            out.push((v.len() - 1) as u8);
            for &(dy, dx) in v {
                out.extend_from_slice(&[dy as u8, dx as u8]);
            }
        }
        // Built from their files by `encode_external`.
        Data::LabyrinthTiles(_) | Data::LabyrinthWalls(_) => {}
    }
    out
}
