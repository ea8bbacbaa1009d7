//! Randomised frames: ISR bits 7-4 against the pairwise rule computed from the sprite
//! view alone, with the view and the picture checked against an independent decode of
//! the bytes written.
//!
//! The rule, from the FPGA's line buffer (sprites in index order, the collision tested
//! before the z comparison, only drawn pixels storing their mask): bit k is set when
//! some pixel on a rendered line holds opaque pixels of two sprites a < b (index order)
//! whose masks both have bit k, and a's pixel was drawn when it arrived, i.e. no earlier
//! sprite c < a is opaque there with z_c >= z_a. Whether b's own pixel is then hidden
//! does not matter: its test came first. The x16-emulator drops the condition on a.

use crate::common;

use common::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use vera::registers::ISR;
use vera::{Quirks, SpriteView, Vera};

const W: i32 = 640;
const H: i32 = 480;

/// Everything the test wrote, kept on its side.
struct Scene {
    mem: Vec<u8>,
    attrs: Vec<Attr>,
}

fn wrap(v: u16, size: usize) -> i32 {
    let v = i32::from(v & 0x3FF);
    if v >= 1024 - size as i32 { v - 1024 } else { v }
}

/// Raw colour of screen pixel (sx, sy) of a sprite, decoded from the test's bytes.
fn raw_at(mem: &[u8], a: &Attr, sx: usize, sy: usize) -> u8 {
    let (w, h) = (a.w(), a.h());
    let col = if a.hflip { w - 1 - sx } else { sx };
    let row = if a.vflip { h - 1 - sy } else { sy };
    let base = a.pattern_addr as usize;
    if a.bpp8 {
        mem[(base + row * w + col) & 0x1FFFF]
    } else {
        let byte = mem[(base + row * w / 2 + col / 2) & 0x1FFFF];
        if col % 2 == 0 { byte >> 4 } else { byte & 0xF }
    }
}

/// Single-bit masks half of the time, so that one hidden pixel can decide a bit.
fn random_mask(rng: &mut ChaCha8Rng) -> u8 {
    if rng.random() {
        1 << rng.random_range(0..4)
    } else {
        rng.random_range(0..16)
    }
}

fn random_attr(rng: &mut ChaCha8Rng, centres: &[(i32, i32)], sizes: &[u8]) -> Attr {
    let w_code = sizes[rng.random_range(0..sizes.len())];
    let h_code = sizes[rng.random_range(0..sizes.len())];
    let pattern_addr = if rng.random_ratio(1, 16) {
        rng.random_range(0..0x1000u32) * 32
    } else {
        rng.random_range(0..0x800u32) * 32
    };
    let (x, y) = if rng.random_ratio(1, 5) {
        (rng.random_range(0..1024), rng.random_range(0..1024))
    } else {
        let (cx, cy) = centres[rng.random_range(0..centres.len())];
        (
            (cx + rng.random_range(-40..40)).rem_euclid(1024) as u16,
            (cy + rng.random_range(-40..40)).rem_euclid(1024) as u16,
        )
    };
    Attr {
        pattern_addr,
        bpp8: rng.random(),
        x,
        y,
        mask: random_mask(rng),
        z: if rng.random_ratio(1, 8) {
            0
        } else {
            rng.random_range(1..4)
        },
        vflip: rng.random(),
        hflip: rng.random(),
        w_code,
        h_code,
        palette_offset: rng.random_range(0..16),
    }
}

/// Worst-case budget units of a line under the emulator's accounting.
fn line_cost(attrs: &[Attr], line: i32) -> usize {
    let mut last_slot = 0;
    let mut pixels = 0;
    for (n, a) in attrs.iter().enumerate() {
        let top = wrap(a.y, a.h());
        if a.z != 0 && (top..top + a.h() as i32).contains(&line) {
            last_slot = n + 1;
            pixels += a.w() + a.w() / if a.bpp8 { 4 } else { 8 };
        }
    }
    last_slot + pixels
}

/// A solid 8bpp cover sprite with a few smaller sprites after it in index order, inside
/// its area: where the cover's z is not below theirs, their pixels are hidden.
fn stack(rng: &mut ChaCha8Rng, mem: &mut [u8], attrs: &mut [Attr]) {
    for b in &mut mem[..0x1000] {
        *b = rng.random_range(1..=255);
    }
    let cover_n = rng.random_range(0..40);
    let code = rng.random_range(2..=3u8);
    let size = 8i32 << code;
    let (cx, cy) = (rng.random_range(0..W - size), rng.random_range(0..H - size));
    attrs[cover_n] = Attr {
        w_code: code,
        h_code: code,
        z: rng.random_range(1..4),
        mask: 1 << rng.random_range(0..4),
        ..Attr::new8(0, cx as u16, cy as u16, 0)
    };
    for _ in 0..rng.random_range(2..=6) {
        let n = rng.random_range(cover_n + 1..128);
        let w_code = rng.random_range(0..code);
        let inner = 8i32 << w_code;
        let x = cx + rng.random_range(0..=size - inner);
        let y = cy + rng.random_range(0..=size - inner);
        attrs[n] = Attr {
            w_code,
            h_code: w_code,
            z: rng.random_range(1..4),
            mask: 1 << rng.random_range(0..4),
            pattern_addr: rng.random_range(0..0x800u32) * 32,
            bpp8: rng.random(),
            ..Attr::new8(0, x as u16, y as u16, 0)
        };
    }
}

fn new_scene(
    rng: &mut ChaCha8Rng,
    count: usize,
    sizes: &[u8],
    keep_under_budget: bool,
    stacked: bool,
) -> Scene {
    let mut mem = vec![0u8; 0x2_0000];
    // Pattern area 0x00000..0x0FFFF, in 4 KiB blocks of different opaque densities.
    for block in mem[..0x1_0000].chunks_mut(0x1000) {
        let density = rng.random_range(1..=8u32);
        for b in block.iter_mut() {
            *b = if rng.random_ratio(density, 8) {
                rng.random()
            } else {
                0
            };
        }
    }
    let centres: Vec<(i32, i32)> = (0..rng.random_range(1..=3))
        .map(|_| (rng.random_range(-20..660), rng.random_range(-20..500)))
        .collect();
    let mut attrs = vec![
        Attr {
            z: 0,
            ..Attr::new8(0, 0, 0, 0)
        };
        128
    ];
    for _ in 0..count {
        let n = rng.random_range(0..128);
        attrs[n] = random_attr(rng, &centres, sizes);
    }
    if stacked {
        stack(rng, &mut mem, &mut attrs);
    }
    if keep_under_budget {
        for line in 0..H {
            while line_cost(&attrs, line) > 800 {
                let widest = (0..128)
                    .filter(|&n| {
                        let top = wrap(attrs[n].y, attrs[n].h());
                        attrs[n].z != 0 && (top..top + attrs[n].h() as i32).contains(&line)
                    })
                    .max_by_key(|&n| attrs[n].w())
                    .unwrap_or(0);
                attrs[widest].z = 0;
            }
        }
    }
    for (n, a) in attrs.iter().enumerate() {
        mem[0x1_FC00 + n * 8..0x1_FC00 + n * 8 + 8].copy_from_slice(&a.bytes());
    }
    Scene { mem, attrs }
}

/// Loads a scene: the pattern area directly, the attribute table through DATA0 or
/// directly.
fn load(vera: &mut Vera, scene: &Scene, through_port: bool) {
    vera.write_vram(0, &scene.mem[..0x1_0000]);
    if through_port {
        poke(vera, 0x1_FC00, &scene.mem[0x1_FC00..]);
    } else {
        vera.write_vram(0x1_FC00, &scene.mem[0x1_FC00..]);
    }
    enable_sprites(vera);
}

/// The view must be exactly the enabled entries, decoded from the bytes written.
fn check_views(views: &[SpriteView], scene: &Scene) {
    let enabled: Vec<(usize, &Attr)> = scene
        .attrs
        .iter()
        .enumerate()
        .filter(|(_, a)| a.z != 0)
        .collect();
    assert_eq!(views.len(), enabled.len());
    for (view, &(n, a)) in views.iter().zip(&enabled) {
        assert_eq!(usize::from(view.number), n);
        assert_eq!((view.w_px as usize, view.h_px as usize), (a.w(), a.h()));
        assert_eq!((view.x_px, view.y_px), (wrap(a.x, a.w()), wrap(a.y, a.h())));
        assert_eq!((view.collision_mask, view.z), (a.mask << 4, a.z));
        assert_eq!(view.mask_rows.len(), a.h());
        for (sy, bits) in view.mask_rows.iter().enumerate() {
            for sx in 0..a.w() {
                let opaque = raw_at(&scene.mem, a, sx, sy) != 0;
                assert_eq!(bits >> sx & 1 != 0, opaque, "sprite {n} ({sx}, {sy})");
            }
            assert_eq!(bits >> a.w().min(63) >> u32::from(a.w() == 64), 0);
        }
    }
}

/// The expected picture: index order, higher z wins, ties stay with the first drawn;
/// `processed` says which pixels the budget let through.
fn expected_frame(scene: &Scene, processed: &dyn Fn(usize, i32, usize) -> bool) -> Vec<u8> {
    let mut colour = vec![0u8; (W * H) as usize];
    let mut depth = vec![0u8; (W * H) as usize];
    for (n, a) in scene.attrs.iter().enumerate().filter(|(_, a)| a.z != 0) {
        let (x0, y0) = (wrap(a.x, a.w()), wrap(a.y, a.h()));
        for sy in 0..a.h() {
            let y = y0 + sy as i32;
            if !(0..H).contains(&y) {
                continue;
            }
            for sx in 0..a.w() {
                let x = x0 + sx as i32;
                if !(0..W).contains(&x) || !processed(n, y, sx) {
                    continue;
                }
                let raw = raw_at(&scene.mem, a, sx, sy);
                if raw == 0 {
                    continue;
                }
                let at = (y * W + x) as usize;
                if a.z > depth[at] || colour[at] == 0 {
                    colour[at] = if raw < 16 {
                        (a.palette_offset << 4) | raw
                    } else {
                        raw
                    };
                    depth[at] = a.z;
                }
            }
        }
    }
    colour
}

/// The collision nibble from the sprite view alone. `processed(i, y)` gives the columns
/// of view `i` the budget let through on line `y` (bit k = column k).
fn expected_nibble(
    views: &[SpriteView],
    hidden_blocks: bool,
    processed: &dyn Fn(usize, i32) -> u64,
) -> u8 {
    let row_bits = |i: usize, y: i32| -> u64 {
        let v = &views[i];
        v.mask_rows[(y - v.y_px) as usize] & processed(i, y)
    };
    let opaque = |i: usize, x: i32, y: i32| -> bool {
        let v = &views[i];
        let (col, row) = (x - v.x_px, y - v.y_px);
        (0..i32::from(v.w_px)).contains(&col)
            && (0..i32::from(v.h_px)).contains(&row)
            && row_bits(i, y) >> col & 1 != 0
    };
    let mut out = 0u8;
    for i in 0..views.len() {
        for j in i + 1..views.len() {
            let (a, b) = (&views[i], &views[j]);
            let m = a.collision_mask & b.collision_mask;
            if m == 0 || out & m == m {
                continue;
            }
            let x0 = a.x_px.max(b.x_px).max(0);
            let x1 = (a.x_px + i32::from(a.w_px))
                .min(b.x_px + i32::from(b.w_px))
                .min(W);
            let y0 = a.y_px.max(b.y_px).max(0);
            let y1 = (a.y_px + i32::from(a.h_px))
                .min(b.y_px + i32::from(b.h_px))
                .min(H);
            'pair: for y in y0..y1 {
                if x0 >= x1 {
                    break;
                }
                let ra = row_bits(i, y) >> (x0 - a.x_px);
                let rb = row_bits(j, y) >> (x0 - b.x_px);
                let width = (x1 - x0) as u32;
                let span = if width >= 64 {
                    u64::MAX
                } else {
                    (1u64 << width) - 1
                };
                let mut common = ra & rb & span;
                while common != 0 {
                    let x = x0 + common.trailing_zeros() as i32;
                    common &= common - 1;
                    let a_hidden =
                        hidden_blocks && (0..i).any(|c| views[c].z >= a.z && opaque(c, x, y));
                    if !a_hidden {
                        out |= m;
                        break 'pair;
                    }
                }
            }
        }
    }
    out >> 4
}

#[test]
fn isr_nibble_matches_the_pairwise_rule_over_1000_frames() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5EED_0005);
    let mut hw = Vera::new(Quirks::Hardware);
    let mut emu = Vera::new(Quirks::X16Emu);
    // The same frames without a picture (the collision-only path).
    let mut hw_headless = Vera::new(Quirks::Hardware);
    let mut emu_headless = Vera::new(Quirks::X16Emu);
    hw_headless.set_frame_output(false);
    emu_headless.set_frame_output(false);
    let mut scene = new_scene(&mut rng, 20, &[0, 0, 0, 1, 1, 2, 3], true, false);
    let (mut collided, mut differed) = (0, 0);
    let mut sprcol = false;
    for frame in 0..1000 {
        if frame % 4 == 0 {
            let count = rng.random_range(2..=28);
            let stacked = rng.random_ratio(1, 2);
            scene = new_scene(&mut rng, count, &[0, 0, 0, 1, 1, 2, 3], true, stacked);
        } else {
            // Move a few sprites and change their masks, as a game would between frames.
            for _ in 0..rng.random_range(1..6) {
                let n = rng.random_range(0..128);
                let a = &mut scene.attrs[n];
                a.x = (i32::from(a.x) + rng.random_range(-6..=6)).rem_euclid(1024) as u16;
                a.y = (i32::from(a.y) + rng.random_range(-6..=6)).rem_euclid(1024) as u16;
                a.mask = random_mask(&mut rng);
                scene.mem[0x1_FC00 + n * 8..0x1_FC00 + n * 8 + 8].copy_from_slice(&a.bytes());
            }
            // Re-check the budget bound for the moved sprites.
            if (0..H).any(|line| line_cost(&scene.attrs, line) > 800) {
                scene = new_scene(&mut rng, 12, &[0, 0, 1], true, false);
            }
        }
        let through_port = frame % 2 == 0;
        load(&mut hw, &scene, through_port);
        load(&mut emu, &scene, through_port);
        load(&mut hw_headless, &scene, through_port);
        load(&mut emu_headless, &scene, through_port);
        // The interrupt handler acknowledges some bits before the frame.
        let ack = rng.random::<u8>();
        hw.write_reg(ISR, ack);
        emu.write_reg(ISR, 0x0F & ack);
        hw_headless.write_reg(ISR, ack);
        emu_headless.write_reg(ISR, 0x0F & ack);
        if ack & 0x04 != 0 {
            sprcol = false;
        }
        hw.run_frame();
        emu.run_frame();
        hw_headless.run_frame();
        emu_headless.run_frame();

        let views = hw.sprites();
        assert_eq!(views, emu.sprites(), "frame {frame}");
        check_views(views, &scene);
        assert!(
            views.iter().all(|v| v.budget_cut_lines.is_empty()),
            "frame {frame}"
        );
        let expected_hw = expected_nibble(views, true, &|_, _| u64::MAX);
        let expected_emu = expected_nibble(views, false, &|_, _| u64::MAX);
        assert_eq!(nibble(&hw), expected_hw, "frame {frame}: hardware");
        assert_eq!(nibble(&emu), expected_emu, "frame {frame}: emulator");
        assert_eq!(
            hw_headless.isr(),
            hw.isr(),
            "frame {frame}: hardware, no picture"
        );
        assert_eq!(
            emu_headless.isr(),
            emu.isr(),
            "frame {frame}: emulator, no picture"
        );
        sprcol |= expected_hw != 0;
        assert_eq!(
            hw.isr() & 0x0F,
            0x01 | (u8::from(sprcol) << 2),
            "frame {frame}"
        );
        assert_eq!(
            hw.frame_indexed(),
            expected_frame(&scene, &|_, _, _| true),
            "frame {frame}"
        );
        assert_eq!(hw.frame_indexed(), emu.frame_indexed());

        collided += usize::from(expected_hw != 0);
        differed += usize::from(expected_hw != expected_emu);
    }
    // The scenes must exercise the rule: collisions, and the hidden-pixel difference.
    assert!(collided > 500, "{collided} frames with collisions");
    assert!(
        differed > 50,
        "{differed} frames where hardware and emulator differ"
    );
}

/// The emulator's budget accounting, charge by charge, on the sprite view: the columns
/// processed per (view, line) and the lines each view was cut on.
fn simulate_budget(views: &[SpriteView]) -> (Vec<Vec<u64>>, Vec<Vec<u16>>) {
    let mut view_of = [usize::MAX; 128];
    for (i, v) in views.iter().enumerate() {
        view_of[usize::from(v.number)] = i;
    }
    let mut processed = vec![vec![0u64; H as usize]; views.len()];
    let mut cut = vec![Vec::new(); views.len()];
    for line in 0..H {
        let mut budget = 801u32;
        let mut stopped = false;
        for &vi in &view_of {
            if stopped {
                break;
            }
            budget -= 1;
            if budget == 0 {
                break;
            }
            let Some(v) = views.get(vi) else { continue };
            if !(v.y_px..v.y_px + i32::from(v.h_px)).contains(&line) {
                continue;
            }
            let per_fetch = if v.bpp8 { 4 } else { 8 };
            for sx in 0..i32::from(v.w_px) {
                if !(0..W).contains(&(v.x_px + sx)) {
                    continue;
                }
                if sx % per_fetch == 0 {
                    budget -= 1;
                    if budget == 0 {
                        stopped = true;
                        break;
                    }
                }
                budget -= 1;
                if budget == 0 {
                    stopped = true;
                    break;
                }
                processed[vi][line as usize] |= 1 << sx;
            }
        }
        for (i, v) in views.iter().enumerate() {
            if !(v.y_px..v.y_px + i32::from(v.h_px)).contains(&line) {
                continue;
            }
            let on_screen = (0..i32::from(v.w_px))
                .filter(|sx| (0..W).contains(&(v.x_px + sx)))
                .fold(0u64, |m, sx| m | 1 << sx);
            if on_screen != 0 && processed[i][line as usize] != on_screen {
                cut[i].push(line as u16);
            }
        }
    }
    (processed, cut)
}

#[test]
fn budget_cut_lines_and_the_nibble_follow_the_accounting_on_crowded_lines() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x00B0_D6E7);
    let mut hw = Vera::new(Quirks::Hardware);
    let mut headless = Vera::new(Quirks::Hardware);
    headless.set_frame_output(false);
    let (mut frames_cut, mut budget_mattered) = (0, 0);
    for frame in 0..300 {
        let count = rng.random_range(20..=60);
        let mut scene = new_scene(&mut rng, count, &[2, 3, 3], false, false);
        // Crowd them onto a band of lines; the late sprites alone share mask bit 3, so
        // the bit depends on what the budget leaves of them.
        for n in 0..128 {
            let a = &mut scene.attrs[n];
            a.y = rng.random_range(90..130);
            a.mask = if n < 64 { a.mask & 0x7 } else { a.mask & 0x8 };
            scene.mem[0x1_FC00 + n * 8..0x1_FC00 + n * 8 + 8].copy_from_slice(&a.bytes());
        }
        load(&mut hw, &scene, frame % 2 == 0);
        load(&mut headless, &scene, frame % 2 == 0);
        hw.run_frame();
        headless.run_frame();
        assert_eq!(
            headless.sprites(),
            hw.sprites(),
            "frame {frame}: no picture"
        );
        let views = hw.sprites();
        check_views(views, &scene);
        let (processed, cut) = simulate_budget(views);
        for (v, lines) in views.iter().zip(&cut) {
            assert_eq!(
                &v.budget_cut_lines, lines,
                "frame {frame} sprite {}",
                v.number
            );
        }
        let expected = expected_nibble(views, true, &|i, y| processed[i][y as usize]);
        assert_eq!(nibble(&hw), expected, "frame {frame}");
        assert_eq!(nibble(&headless), expected, "frame {frame}: no picture");
        let by_number: Vec<usize> = (0..128)
            .map(|n| {
                views
                    .iter()
                    .position(|v| usize::from(v.number) == n)
                    .unwrap_or(usize::MAX)
            })
            .collect();
        let picture = expected_frame(&scene, &|n, y, sx| {
            processed
                .get(by_number[n])
                .is_some_and(|rows| rows[y as usize] >> sx & 1 != 0)
        });
        assert_eq!(hw.frame_indexed(), picture, "frame {frame}");
        frames_cut += usize::from(cut.iter().any(|c| !c.is_empty()));
        budget_mattered += usize::from(expected != expected_nibble(views, true, &|_, _| u64::MAX));
    }
    assert!(frames_cut > 250, "{frames_cut}");
    assert!(budget_mattered > 20, "{budget_mattered}");
}

/// Scenes changed between frames a few bytes at a time, as games do: some entries moved,
/// switched on or off or given another mask, some pattern bytes rewritten, each written
/// alone through DATA0. Every frame must still give the view of the bytes as they stand,
/// the pairwise rule's nibble and the expected picture, with and without a picture.
#[test]
fn scenes_changed_a_few_bytes_between_frames_follow_the_pairwise_rule() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5EED_0033);
    let mut hw = Vera::new(Quirks::Hardware);
    let mut hw_headless = Vera::new(Quirks::Hardware);
    hw_headless.set_frame_output(false);
    let mut scene = new_scene(&mut rng, 20, &[0, 0, 1, 1, 2], true, false);
    let mut collided = 0;
    for frame in 0..300 {
        if frame % 25 == 0 {
            let count = rng.random_range(8..=28);
            scene = new_scene(&mut rng, count, &[0, 0, 1, 1, 2], true, false);
            load(&mut hw, &scene, true);
            load(&mut hw_headless, &scene, true);
        } else {
            let mut writes: Vec<(u32, Vec<u8>)> = Vec::new();
            for _ in 0..rng.random_range(0..5) {
                let n = rng.random_range(0..128);
                let a = &mut scene.attrs[n];
                a.x = (i32::from(a.x) + rng.random_range(-9..=9)).rem_euclid(1024) as u16;
                a.y = (i32::from(a.y) + rng.random_range(-9..=9)).rem_euclid(1024) as u16;
                if rng.random_ratio(1, 4) {
                    a.mask = random_mask(&mut rng);
                }
                if rng.random_ratio(1, 6) {
                    a.z = if a.z == 0 { rng.random_range(1..4) } else { 0 };
                }
                let at = 0x1_FC00 + n * 8;
                scene.mem[at..at + 8].copy_from_slice(&a.bytes());
                writes.push((at as u32, a.bytes().to_vec()));
            }
            if rng.random_ratio(1, 3) {
                // A few bytes of a pattern some sprite shows.
                let shown: Vec<&Attr> = scene.attrs.iter().filter(|a| a.z != 0).collect();
                if !shown.is_empty() {
                    let a = shown[rng.random_range(0..shown.len())];
                    let bytes = a.w() * a.h() / if a.bpp8 { 1 } else { 2 };
                    // Inside the pattern area the scenes fill (0x00000..0x0FFFF).
                    let at = (a.pattern_addr as usize + rng.random_range(0..bytes)).min(0xFFFF);
                    let len = rng.random_range(1..=8).min(0x1_0000 - at);
                    for b in &mut scene.mem[at..at + len] {
                        *b = if rng.random_ratio(1, 2) {
                            0
                        } else {
                            rng.random()
                        };
                    }
                    writes.push((at as u32, scene.mem[at..at + len].to_vec()));
                }
            }
            if (0..H).any(|line| line_cost(&scene.attrs, line) > 800) {
                // Over the budget: a fresh scene next frame keeps the rule applicable.
                scene = new_scene(&mut rng, 12, &[0, 0, 1], true, false);
                load(&mut hw, &scene, true);
                load(&mut hw_headless, &scene, true);
            } else {
                for (at, bytes) in &writes {
                    poke(&mut hw, *at, bytes);
                    poke(&mut hw_headless, *at, bytes);
                }
            }
        }
        hw.run_frame();
        hw_headless.run_frame();
        let views = hw.sprites();
        check_views(views, &scene);
        assert_eq!(views, hw_headless.sprites(), "frame {frame}");
        let expected = expected_nibble(views, true, &|_, _| u64::MAX);
        assert_eq!(nibble(&hw), expected, "frame {frame}");
        assert_eq!(nibble(&hw_headless), expected, "frame {frame}: no picture");
        assert_eq!(
            hw.frame_indexed(),
            expected_frame(&scene, &|_, _, _| true),
            "frame {frame}"
        );
        collided += usize::from(expected != 0);
    }
    assert!(collided > 100, "{collided} frames with collisions");
}
