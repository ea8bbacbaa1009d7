//! The picture in the frame: the blank bit, sprites over the pattern layer, and a picture
//! drawn line by line from the registers and VRAM as each line finds them.

use crate::common;

use common::*;
use tms9918::Vdp;

/// Graphics I (SCREEN 1 layout: names 0x1800, colours 0x2000, patterns 0x0000), the
/// display on with R1 = `r1`, backdrop 4, every name showing pattern 1: a solid block in
/// colour 10 (colour byte 0 = 0xA0, foreground 10).
fn stripes_of_10(r1: u8) -> Vdp {
    let mut vdp = Vdp::new();
    for (n, v) in [
        (0, 0x00),
        (1, r1),
        (2, 0x06),
        (3, 0x80),
        (4, 0x00),
        (5, 0x36),
        (6, 0x07),
        (7, 0x04),
    ] {
        out_register(&mut vdp, n, v);
    }
    out_vram(&mut vdp, 0x1800, &[0x01; 768]);
    out_vram(&mut vdp, 0x08, &[0xFF; 8]);
    out_vram(&mut vdp, 0x2000, &[0xA0]);
    out_vram(&mut vdp, SAT, &[208]);
    vdp
}

#[test]
fn the_pattern_layer_fills_the_screen() {
    let mut vdp = stripes_of_10(0xC0);
    vdp.run_frame();
    assert!(vdp.frame_indexed().iter().all(|&c| c == 10));
}

#[test]
fn blank_bit_shows_only_the_backdrop() {
    // R1 bit 6 clear: no picture and no sprites, whatever the tables hold.
    let mut vdp = stripes_of_10(0x80);
    write_pattern(&mut vdp, 0, &SOLID8);
    write_sat(&mut vdp, &[entry(9, 16, 0, 15, false)]);
    vdp.run_frame();
    assert!(vdp.frame_indexed().iter().all(|&c| c == 4));
}

#[test]
fn sprites_are_drawn_over_the_picture_and_colour_0_hides_nothing() {
    let mut vdp = stripes_of_10(0xC0);
    write_pattern(&mut vdp, 0, &SOLID8);
    // Pattern 1 of the sprite table: only its left column.
    write_pattern(&mut vdp, 1, &[0x80; 8]);
    write_sat(
        &mut vdp,
        &[
            // Sprite 0: transparent, in front of sprite 1 on lines 10-17.
            entry(9, 16, 0, 0, false),
            // Sprite 1: solid white at x 16-23, lines 10-17.
            entry(9, 16, 0, 15, false),
            // Sprite 2: one column of colour 13 at x 100, lines 50-57.
            entry(49, 100, 1, 13, false),
        ],
    );
    vdp.run_frame();
    assert_eq!(
        pixel(&vdp, 16, 10),
        15,
        "colour 0 in front lets sprite 1 show"
    );
    assert_eq!(pixel(&vdp, 23, 17), 15);
    assert_eq!(pixel(&vdp, 24, 10), 10, "right of the sprite: the picture");
    assert_eq!(pixel(&vdp, 16, 9), 10, "above it: the picture");
    assert_eq!(pixel(&vdp, 100, 50), 13);
    assert_eq!(
        pixel(&vdp, 101, 50),
        10,
        "a clear sprite bit shows the picture"
    );
    assert_eq!(
        vdp.frame_indexed().iter().filter(|&&c| c == 4).count(),
        0,
        "no backdrop anywhere: the picture is opaque"
    );
}

#[test]
fn text_mode_draws_the_picture_but_no_sprites() {
    // M1 set: the sprite plane is off (data manual; SY 3.2). Text colour 15 on 4, every
    // name showing pattern 1 of the Graphics I layout above (R4 = 0: patterns at 0).
    let mut vdp = stripes_of_10(0xD0);
    out_register(&mut vdp, 7, 0xF4);
    write_pattern(&mut vdp, 0, &SOLID8);
    write_sat(&mut vdp, &[entry(9, 16, 0, 13, false)]);
    vdp.run_frame();
    // Names 0x1800 hold 1 everywhere; pattern 1 is solid: text colour from x 6 to 245.
    assert_eq!(pixel(&vdp, 16, 10), 15);
    assert_eq!(pixel(&vdp, 5, 10), 4);
    assert_eq!(pixel(&vdp, 246, 10), 4);
    assert!(vdp.frame_indexed().iter().all(|&c| c != 13));
}

#[test]
fn each_line_reads_registers_and_vram_as_they_are_when_it_is_drawn() {
    let mut vdp = stripes_of_10(0xC0);
    for line in 0..100 {
        vdp.run_line(line);
    }
    // From line 100 on: colour byte 0 becomes 0xA5 (pattern 0: background 5), and the
    // names of rows 13-23 (lines 104-191) show pattern 0, which is empty.
    out_vram(&mut vdp, 0x2000, &[0xA5]);
    out_vram(&mut vdp, 0x1800 + 13 * 32, &[0x00; 11 * 32]);
    // From line 150 on: the backdrop is 9 and the display is blanked from line 180.
    for line in 100..150 {
        vdp.run_line(line);
    }
    out_register(&mut vdp, 7, 0x09);
    for line in 150..180 {
        vdp.run_line(line);
    }
    out_register(&mut vdp, 1, 0x80);
    for line in 180..193 {
        vdp.run_line(line);
    }
    assert_eq!(pixel(&vdp, 0, 99), 10);
    assert_eq!(pixel(&vdp, 0, 103), 10, "row 12 still shows pattern 1");
    assert_eq!(pixel(&vdp, 0, 104), 5, "row 13: pattern 0 on background 5");
    assert_eq!(pixel(&vdp, 0, 179), 5);
    assert_eq!(
        pixel(&vdp, 0, 180),
        9,
        "blanked: the backdrop set at line 150"
    );
    assert_eq!(pixel(&vdp, 255, 191), 9);
}

#[test]
fn a_picture_colour_0_over_backdrop_0_is_index_0() {
    let mut vdp = stripes_of_10(0xC0);
    out_register(&mut vdp, 7, 0x00);
    out_vram(&mut vdp, 0x2000, &[0x00]);
    vdp.run_frame();
    assert!(vdp.frame_indexed().iter().all(|&c| c == 0));
    let mut rgb = Vec::new();
    vdp.frame_rgb(&mut rgb);
    assert!(rgb.iter().all(|&c| c == 0), "black");
}

#[test]
fn frame_output_off_keeps_the_last_picture_and_the_flags_still_come() {
    let mut vdp = stripes_of_10(0xC0);
    write_pattern(&mut vdp, 0, &SOLID8);
    // Two overlapping sprites: C is set whether or not the picture is drawn.
    write_sat(
        &mut vdp,
        &[entry(9, 16, 0, 15, false), entry(9, 20, 0, 13, false)],
    );
    vdp.run_frame();
    let drawn = vdp.frame_indexed().to_vec();
    vdp.read_status();
    vdp.set_frame_output(false);
    assert!(!vdp.frame_output());
    out_register(&mut vdp, 7, 0x09);
    out_vram(&mut vdp, 0x2000, &[0x30]);
    vdp.run_frame();
    assert_eq!(vdp.frame_indexed(), &drawn[..], "nothing drawn");
    assert_eq!(vdp.read_status() & 0xA0, 0xA0, "F and C");
    vdp.set_frame_output(true);
    vdp.run_frame();
    assert_eq!(pixel(&vdp, 0, 0), 3, "drawn again: pattern 1 in colour 3");
}
