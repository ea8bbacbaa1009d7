//! Where sprites land and how the frame looks: the Y + 1 offset and its wrap, early
//! clock, priority and transparency, blanking and text mode, the backdrop and the palette.

use crate::common;

use common::*;
use tms9918::status::{COLLISION, F, FIFTH_SPRITE};

#[test]
fn first_row_is_on_line_y_plus_1() {
    let mut vdp = chip(false, false, 1);
    write_pattern(&mut vdp, 0, &[0x80, 0, 0, 0, 0, 0, 0, 0x01]);
    write_sat(&mut vdp, &[entry(9, 30, 0, 2, false)]);
    frame_status(&mut vdp);
    assert_eq!(pixel(&vdp, 30, 10), 2);
    assert_eq!(pixel(&vdp, 37, 17), 2);
    assert_eq!(vdp.frame_indexed().iter().filter(|&&c| c == 2).count(), 2);
    let v = &vdp.sprites()[0];
    assert_eq!((v.x_px, v.y_px, v.w_px, v.h_px), (30, 10, 8, 8));
    assert_eq!(v.mask_rows, vec![1, 0, 0, 0, 0, 0, 0, 1 << 7]);
}

#[test]
fn y_255_starts_on_line_0_and_y_254_hides_the_top_row() {
    let mut vdp = chip(false, false, 1);
    // Row r has only column r set: a diagonal.
    let diagonal: [u8; 8] = std::array::from_fn(|r| 0x80 >> r);
    write_pattern(&mut vdp, 0, &diagonal);
    write_sat(
        &mut vdp,
        &[entry(255, 0, 0, 2, false), entry(254, 100, 0, 3, false)],
    );
    frame_status(&mut vdp);
    assert_eq!(pixel(&vdp, 0, 0), 2, "Y=255: row 0 on line 0");
    assert_eq!(pixel(&vdp, 7, 7), 2);
    assert_eq!(pixel(&vdp, 100, 0), 1, "Y=254: row 0 is above the screen");
    assert_eq!(pixel(&vdp, 101, 0), 3, "Y=254: row 1 on line 0");
    assert_eq!(pixel(&vdp, 107, 6), 3);
    assert_eq!(vdp.sprites()[0].y_px, 0);
    assert_eq!(vdp.sprites()[1].y_px, -1);
}

#[test]
fn magnified_rows_wrap_from_the_bottom_of_the_256_line_space() {
    // 16x16 MAG (32 lines) at Y = 240: rows 0-14 on lines 241-255, rows 15-31 on 0-16.
    let mut vdp = chip(true, true, 1);
    write_pattern(&mut vdp, 0, &[0xFF; 32]);
    write_sat(&mut vdp, &[entry(240, 50, 0, 2, false)]);
    frame_status(&mut vdp);
    for y in 0..=16 {
        assert_eq!(pixel(&vdp, 50, y), 2, "line {y}");
    }
    assert_eq!(pixel(&vdp, 50, 17), 1);
    let v = &vdp.sprites()[0];
    assert_eq!((v.y_px, v.h_px), (-15, 32));
    assert_eq!(v.row_on_line(0), Some(15));
}

#[test]
fn y_208_is_the_terminator_but_209_is_a_sprite() {
    let mut vdp = chip(false, false, 1);
    write_pattern(&mut vdp, 0, &SOLID8);
    write_sat(&mut vdp, &[entry(209, 0, 0, 2, false)]);
    frame_status(&mut vdp);
    assert_eq!(vdp.sprites().len(), 1);
    assert_eq!(vdp.sprites()[0].y_px, 210);
    assert_eq!(vdp.peek_status(), F | 1);
}

#[test]
fn early_clock_moves_32_pixels_left() {
    let mut vdp = chip(false, false, 1);
    write_pattern(&mut vdp, 0, &SOLID8);
    write_sat(
        &mut vdp,
        &[entry(0, 40, 0, 2, true), entry(0, 40, 0, 3, false)],
    );
    frame_status(&mut vdp);
    assert_eq!(pixel(&vdp, 8, 1), 2);
    assert_eq!(pixel(&vdp, 15, 1), 2);
    assert_eq!(pixel(&vdp, 16, 1), 1);
    assert_eq!(pixel(&vdp, 40, 1), 3);
    assert!(vdp.sprites()[0].early_clock);
    assert_eq!(vdp.sprites()[0].x_px, 8);
}

#[test]
fn lower_number_in_front_and_colour_0_transparent() {
    let mut vdp = chip(false, false, 1);
    write_pattern(&mut vdp, 0, &SOLID8);
    write_sat(
        &mut vdp,
        &[
            entry(0, 10, 0, 0, false),  // transparent, in front
            entry(0, 12, 0, 8, false),  // red
            entry(0, 14, 0, 10, false), // yellow, behind the red one
        ],
    );
    frame_status(&mut vdp);
    assert_eq!(pixel(&vdp, 10, 1), 1, "colour 0 shows the backdrop");
    assert_eq!(pixel(&vdp, 12, 1), 8, "colour 0 does not hide sprite 1");
    assert_eq!(pixel(&vdp, 19, 1), 8, "sprite 1 in front of sprite 2");
    assert_eq!(pixel(&vdp, 20, 1), 10);
    assert_eq!(pixel(&vdp, 21, 1), 10);
}

#[test]
fn blanked_display_shows_backdrop_and_changes_no_flag_but_f() {
    let mut vdp = chip(false, false, 5);
    write_pattern(&mut vdp, 0, &SOLID8);
    let sat: Vec<[u8; 4]> = (0..6).map(|n| entry(10, n * 2, 0, 2, false)).collect();
    write_sat(&mut vdp, &sat);
    assert_eq!(frame_status(&mut vdp), F | FIFTH_SPRITE | COLLISION | 4);
    vdp.read_status();
    out_register(&mut vdp, 1, 0x80); // BL = 0
    vdp.run_frame();
    assert_eq!(
        vdp.peek_status(),
        F | 4,
        "only F changes; the number is kept"
    );
    assert!(vdp.frame_indexed().iter().all(|&c| c == 5));
    assert!(vdp.sprites().is_empty());
}

#[test]
fn text_mode_has_no_sprites() {
    let mut vdp = chip(false, false, 5);
    write_pattern(&mut vdp, 0, &SOLID8);
    let sat: Vec<[u8; 4]> = (0..6).map(|n| entry(10, n * 2, 0, 2, false)).collect();
    write_sat(&mut vdp, &sat);
    out_register(&mut vdp, 1, 0xD0); // display on, M1
    assert_eq!(frame_status(&mut vdp), F);
    assert!(vdp.frame_indexed().iter().all(|&c| c == 5));
    assert!(vdp.sprites().is_empty());
    // Back to Graphic 2: sprites return.
    out_register(&mut vdp, 1, 0xC0);
    assert_eq!(frame_status(&mut vdp), F | FIFTH_SPRITE | COLLISION | 4);
}

#[test]
fn rgb_uses_the_tms9918_palette() {
    let mut vdp = chip(false, false, 4);
    write_pattern(&mut vdp, 0, &SOLID8);
    write_sat(&mut vdp, &[entry(0, 0, 0, 15, false)]);
    frame_status(&mut vdp);
    let mut rgb = Vec::new();
    vdp.frame_rgb(&mut rgb);
    assert_eq!(rgb.len(), 256 * 192);
    assert_eq!(rgb[256], 0xFF_FF_FF);
    assert_eq!(
        rgb[256 + 8],
        0x59_55_E0,
        "backdrop 4: dark blue (89, 85, 224)"
    );
    assert_eq!(usize::from(vdp.width_px()), 256);
    assert_eq!(usize::from(vdp.height_px()), 192);
    assert_eq!(tms9918::PALETTE_RGB[2], 0x3E_B8_49);
}

#[test]
fn backdrop_0_is_index_0_and_black() {
    let mut vdp = chip(false, false, 0);
    frame_status(&mut vdp);
    assert!(vdp.frame_indexed().iter().all(|&c| c == 0));
    let mut rgb = Vec::new();
    vdp.frame_rgb(&mut rgb);
    assert!(rgb.iter().all(|&c| c == 0));
}

#[test]
fn sat_and_pattern_bases_follow_r5_and_r6() {
    let mut vdp = chip(false, false, 1);
    out_register(&mut vdp, 5, 0x7F); // SAT at 0x3F80
    out_register(&mut vdp, 6, 0x00); // patterns at 0x0000
    out_vram(&mut vdp, 3 * 8, &[0x18; 8]); // pattern 3 of a table at 0x0000
    out_vram(&mut vdp, 0x3F80, &[19, 200, 3, 0x0E, 208]);
    frame_status(&mut vdp);
    assert_eq!(vdp.sprites().len(), 1);
    assert_eq!(pixel(&vdp, 203, 20), 14);
    assert_eq!(pixel(&vdp, 204, 27), 14);
    assert_eq!(pixel(&vdp, 202, 20), 1);
}

#[test]
fn interrupt_line_follows_f_and_ie() {
    let mut vdp = chip(false, false, 1);
    vdp.run_frame();
    assert!(!vdp.interrupt(), "IE is off");
    out_register(&mut vdp, 1, 0xE0);
    assert!(vdp.interrupt());
    vdp.read_status();
    assert!(!vdp.interrupt());
}
