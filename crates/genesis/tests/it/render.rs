//! Pixels: 4bpp cells, column-major order, flips, front-to-back drawing, backdrop, CRAM
//! indices and RGB, V30, and sprites crossing the screen edges.

use crate::common;
use common::*;
use genesis::{Reason, Vdp, colour_to_rgb};

/// Sixteen cells whose pixels are all different from their mirror images: colour
/// (x + 3y + cell) % 16, with a few transparent holes.
fn asymmetric_cells() -> Vec<[u8; 32]> {
    (0..16)
        .map(|c| {
            cell(move |x, y| {
                if (x * 5 + y * 3 + c) % 7 == 0 {
                    0
                } else {
                    ((x + 3 * y + c) % 15 + 1) as u8
                }
            })
        })
        .collect()
}

fn frame_block(v: &Vdp, x0: usize, y0: usize, w: usize, h: usize) -> Vec<Vec<u8>> {
    (0..h)
        .map(|y| (0..w).map(|x| px(v, x0 + x, y0 + y)).collect())
        .collect()
}

#[test]
fn a_4x4_sprite_with_both_flips_matches_its_unflipped_form_pixel_by_pixel() {
    let mut v = chip(true, false);
    write_cells(&mut v, 100, &asymmetric_cells());
    let base = Spr::at(16, 16, 4, 4, 100);
    write_chain(
        &mut v,
        &[
            base,
            Spr::at(64, 16, 4, 4, 100).flips(true, false),
            Spr::at(112, 16, 4, 4, 100).flips(false, true),
            Spr::at(160, 16, 4, 4, 100).flips(true, true),
        ],
    );
    v.run_frame();
    let plain = frame_block(&v, 16, 16, 32, 32);
    let h = frame_block(&v, 64, 16, 32, 32);
    let vf = frame_block(&v, 112, 16, 32, 32);
    let hv = frame_block(&v, 160, 16, 32, 32);
    assert!(plain.iter().flatten().any(|&p| p != 0));
    for y in 0..32 {
        for x in 0..32 {
            assert_eq!(h[y][x], plain[y][31 - x], "H-flip at ({x}, {y})");
            assert_eq!(vf[y][x], plain[31 - y][x], "V-flip at ({x}, {y})");
            assert_eq!(hv[y][x], plain[31 - y][31 - x], "HV-flip at ({x}, {y})");
        }
    }
    // The masks in the view agree with the frame.
    for (i, s) in v.sprites().iter().enumerate() {
        let block = [&plain, &h, &vf, &hv][i];
        for (y, row) in block.iter().enumerate() {
            for (x, &p) in row.iter().enumerate() {
                assert_eq!(
                    s.mask_rows[y] >> x & 1 == 1,
                    p != 0,
                    "sprite {i} ({x}, {y})"
                );
            }
        }
    }
}

#[test]
fn cells_are_column_major() {
    let mut v = chip(true, false);
    // A 2x3 sprite: cells 20..26 solid colours 1..6.
    let cells: Vec<_> = (1..=6).map(solid).collect();
    write_cells(&mut v, 20, &cells);
    write_chain(&mut v, &[Spr::at(40, 40, 2, 3, 20)]);
    v.run_frame();
    // Column 0: cells 20, 21, 22 top to bottom; column 1: 23, 24, 25.
    for (col, row, colour) in [
        (0, 0, 1),
        (0, 1, 2),
        (0, 2, 3),
        (1, 0, 4),
        (1, 1, 5),
        (1, 2, 6),
    ] {
        assert_eq!(px(&v, 40 + 8 * col + 3, 40 + 8 * row + 3), colour);
    }
}

#[test]
fn high_nibble_is_the_left_pixel() {
    let mut v = chip(true, false);
    let mut c = [0u8; 32];
    c[0] = 0x12;
    c[1] = 0x30;
    c[3] = 0x0F;
    write_cells(&mut v, 1, &[c]);
    write_chain(&mut v, &[Spr::at(0, 0, 1, 1, 1)]);
    v.run_frame();
    let row: Vec<u8> = (0..8).map(|x| px(&v, x, 0)).collect();
    assert_eq!(row, vec![1, 2, 3, 0, 0, 0, 0, 15]);
    assert_eq!(v.sprites()[0].mask_rows[0], 0b1000_0111);
}

#[test]
fn frame_holds_cram_indices_palette_times_16_plus_colour() {
    let mut v = chip(true, false);
    write_cells(&mut v, 1, &[solid(5)]);
    write_chain(&mut v, &[Spr::at(10, 10, 1, 1, 1).palette(2)]);
    v.run_frame();
    assert_eq!(px(&v, 10, 10), 2 * 16 + 5);
}

#[test]
fn the_first_opaque_pixel_in_link_order_stays() {
    let mut v = chip(true, false);
    write_cells(&mut v, 1, &[solid(5), solid(7), dot(3, 3, 9)]);
    write_chain(
        &mut v,
        &[
            Spr::at(10, 10, 1, 1, 3).palette(3),
            Spr::at(10, 10, 1, 1, 1).palette(1),
            Spr::at(12, 10, 1, 1, 2).palette(2),
        ],
    );
    v.run_frame();
    assert_eq!(px(&v, 13, 13), 3 * 16 + 9, "front sprite's dot");
    assert_eq!(px(&v, 10, 10), 16 + 5, "behind it, the second sprite");
    assert_eq!(
        px(&v, 18, 10),
        2 * 16 + 7,
        "the third only where the others are not"
    );
}

#[test]
fn backdrop_and_rgb() {
    let mut v = chip(true, false);
    v.write_register(7, 0x25);
    // CRAM entry 0x25 = B 7, G 2, R 1; entry 0x11 = white.
    v.write_cram_colour(0x25, 0x0E42);
    v.write_cram(0x22, &[0x0E, 0xEE]);
    write_cells(&mut v, 1, &[solid(1)]);
    write_chain(&mut v, &[Spr::at(0, 0, 1, 1, 1).palette(1)]);
    v.run_frame();
    assert_eq!(px(&v, 100, 100), 0x25);
    assert_eq!(px(&v, 0, 0), 0x11);
    let mut rgb = Vec::new();
    v.frame_rgb(&mut rgb);
    assert_eq!(rgb.len(), 320 * 224);
    assert_eq!(rgb[100 * 320 + 100], 0x0024_49FF);
    assert_eq!(rgb[0], 0x00FF_FFFF);
    assert_eq!(colour_to_rgb(0x0000), 0);
    // Channel levels: bit replication of the 3-bit value.
    let levels: Vec<u32> = (0..8).map(|c| colour_to_rgb(c << 1) >> 16).collect();
    assert_eq!(levels, vec![0, 36, 73, 109, 146, 182, 219, 255]);
}

#[test]
fn h32_and_h40_frame_sizes() {
    let mut v = chip(false, false);
    v.run_frame();
    assert_eq!((v.width_px(), v.height_px()), (256, 224));
    assert_eq!(v.frame_indexed().len(), 256 * 224);
    v.write_register(12, 0x81);
    v.write_register(1, 0x4C);
    v.run_frame();
    assert_eq!((v.width_px(), v.height_px()), (320, 240));
    assert_eq!(v.frame_indexed().len(), 320 * 240);
}

#[test]
fn v30_shows_lines_224_to_239() {
    let mut v = chip(true, true);
    write_cells(&mut v, 1, &[solid(3), solid(3)]);
    write_chain(&mut v, &[Spr::at(50, 230, 1, 2, 1)]);
    v.run_frame();
    assert_eq!(v.height_px(), 240);
    for y in 230..240 {
        assert_eq!(px(&v, 50, y), 3);
    }
    let s = &v.sprites()[0];
    // Rows 10-15 (lines 240-245) are below the screen.
    assert!(listed(s, 240, 0, Reason::OffScreen));
    assert!(!listed(s, 239, 0, Reason::OffScreen));
    assert_eq!(drawn_from_view(s, 320, 240).len(), 8 * 10);

    // In V28 the same sprite is off-screen.
    v.write_register(1, 0x44);
    v.run_frame();
    assert!(v.frame_indexed().iter().all(|&p| p == 0));
    assert!(!v.sprites()[0].any_drawn());
}

#[test]
fn a_sprite_crossing_the_bottom_and_right_edges() {
    let mut v = chip(true, false);
    let cells: Vec<_> = (0..16).map(|i| solid(1 + (i % 15) as u8)).collect();
    write_cells(&mut v, 40, &cells);
    write_chain(&mut v, &[Spr::at(304, 208, 4, 4, 40)]);
    v.run_frame();
    // Visible: columns 304-319 (sprite columns 0-15), lines 208-223 (rows 0-15).
    for y in 208..224 {
        for x in 304..320 {
            let (col, row) = ((x - 304) / 8, (y - 208) / 8);
            assert_eq!(px(&v, x, y), 1 + ((col * 4 + row) % 15) as u8);
        }
    }
    let s = &v.sprites()[0];
    for line in 208..224 {
        assert!(listed(s, line, 16, Reason::OffScreen));
        assert!(listed(s, line, 31, Reason::OffScreen));
        assert!(!listed(s, line, 15, Reason::OffScreen));
    }
    for line in 224..240 {
        assert!(listed(s, line, 0, Reason::OffScreen));
    }
    let drawn = drawn_from_view(s, 320, 224);
    assert_eq!(drawn.len(), 16 * 16);
    assert_eq!(s.drawn_row(0), 0xFFFF);
    assert_eq!(s.drawn_row(16), 0);
}

#[test]
fn a_sprite_crossing_the_top_and_left_edges() {
    let mut v = chip(false, false);
    write_cells(&mut v, 1, &[solid(2), solid(2), solid(2), solid(2)]);
    write_chain(&mut v, &[Spr::at(-12, -5, 2, 2, 1)]);
    v.run_frame();
    assert_eq!(px(&v, 0, 0), 2);
    assert_eq!(px(&v, 3, 10), 2);
    assert_eq!(px(&v, 4, 0), 0);
    assert_eq!(px(&v, 0, 11), 0);
    let s = &v.sprites()[0];
    assert_eq!(drawn_from_view(s, 256, 224).len(), 4 * 11);
    assert!(listed(s, -5, 0, Reason::OffScreen));
    assert!(listed(s, 0, 11, Reason::OffScreen));
    assert!(!listed(s, 0, 12, Reason::OffScreen));
}

#[test]
fn the_view_gives_box_palette_priority_and_flips() {
    let mut v = chip(true, false);
    let mut s = Spr::at(-3, 77, 3, 2, 0x123).palette(2).flips(true, false);
    s.priority = true;
    write_chain(&mut v, &[s]);
    v.run_frame();
    let view = &v.sprites()[0];
    assert_eq!(view.number, 0);
    assert_eq!(
        (view.x_px, view.y_px, view.w_px, view.h_px),
        (-3, 77, 24, 16)
    );
    assert_eq!(view.palette, 2);
    assert!(view.priority && view.hflip && !view.vflip);
    assert_eq!(view.pattern, 0x123);
    assert_eq!(view.mask_rows.len(), 16);
}

#[test]
fn the_view_and_frame_follow_pattern_writes_between_frames() {
    let mut v = chip(true, false);
    write_cells(&mut v, 1, &[dot(0, 0, 1), solid(2)]);
    write_chain(&mut v, &[Spr::at(40, 40, 1, 2, 1)]);
    v.run_frame();
    assert_eq!(v.sprites()[0].mask_rows[0], 1);
    assert_eq!(v.sprites()[0].mask_rows[8], 0xFF);
    // Only the pattern changes: the mask and the pixels must follow.
    write_cells(&mut v, 2, &[dot(7, 0, 3)]);
    v.run_frame();
    assert_eq!(v.sprites()[0].mask_rows[8], 0x80);
    assert_eq!(px(&v, 47, 48), 3);
    assert_eq!(px(&v, 40, 48), 0);
    // Same pattern, now flipped: the mask mirrors.
    write_chain(&mut v, &[Spr::at(40, 40, 1, 2, 1).flips(true, true)]);
    v.run_frame();
    assert_eq!(v.sprites()[0].mask_rows[7], 0x01);
    assert_eq!(v.sprites()[0].mask_rows[15], 0x80);
}
