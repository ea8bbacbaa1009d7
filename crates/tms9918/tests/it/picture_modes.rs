//! The pattern layer of each mode, from small hand-made tables written through the ports.
//! Every expected pixel is worked out from the TMS9918A data manual's table layouts (and
//! SY / openMSX `CharacterConverter` for the undocumented modes), as the comments show.

use crate::common;

use common::*;
use tms9918::{Mode, Vdp};

/// A chip with the display on and R0-R4, R7 as given; the SAT (0x1B00) holds only the
/// terminator, so no sprite is drawn.
fn display(r0: u8, r1: u8, r2: u8, r3: u8, r4: u8, r7: u8) -> Vdp {
    let mut vdp = Vdp::new();
    for (n, v) in [
        (0, r0),
        (1, r1),
        (2, r2),
        (3, r3),
        (4, r4),
        (5, 0x36),
        (6, 0x07),
        (7, r7),
    ] {
        out_register(&mut vdp, n, v);
    }
    out_vram(&mut vdp, SAT, &[208]);
    vdp
}

/// Renders a frame and returns the chip.
fn shown(mut vdp: Vdp) -> Vdp {
    vdp.run_frame();
    vdp
}

#[test]
fn mode_bits_select_the_modes() {
    // M1 = R1 bit 4, M2 = R1 bit 3, M3 = R0 bit 1.
    let cases = [
        (0x00, 0xC0, Mode::Graphics1),
        (0x02, 0xC0, Mode::Graphics2),
        (0x00, 0xC8, Mode::Multicolor),
        (0x00, 0xD0, Mode::Text),
        (0x02, 0xD0, Mode::TextThirds),
        (0x02, 0xC8, Mode::MulticolorThirds),
        (0x00, 0xD8, Mode::Stripes),
        (0x02, 0xD8, Mode::Stripes),
    ];
    for (r0, r1, mode) in cases {
        let vdp = display(r0, r1, 0, 0, 0, 0);
        assert_eq!(Mode::of(vdp.registers()), mode, "R0 {r0:#04x} R1 {r1:#04x}");
    }
}

/// Graphics I as MSX BASIC's SCREEN 1 lays it out: names 0x1800 (R2 = 6), colours 0x2000
/// (R3 = 0x80), patterns 0x0000 (R4 = 0), backdrop 4.
#[test]
fn graphics_1_pattern_and_colour_per_eight_patterns() {
    let mut vdp = display(0x00, 0xC0, 0x06, 0x80, 0x00, 0x04);
    // Row 2, column 3 (name 2 x 32 + 3 = 67) shows pattern 0x41.
    out_vram(&mut vdp, 0x1800 + 67, &[0x41]);
    // Pattern 0x41 at 0x41 x 8 = 0x208; its row 5 (line 21) is 1010 0000.
    out_vram(&mut vdp, 0x208 + 5, &[0xA0]);
    // Colour byte 0x41 / 8 = 8: foreground 6, background 10.
    out_vram(&mut vdp, 0x2000 + 8, &[0x6A]);
    // Row 0, column 0 shows pattern 8; its row 0 is 1000 0001; colour byte 1 is 0xF0:
    // background 0, transparent.
    out_vram(&mut vdp, 0x1800, &[0x08]);
    out_vram(&mut vdp, 0x40, &[0x81]);
    out_vram(&mut vdp, 0x2001, &[0xF0]);
    let vdp = shown(vdp);
    assert_eq!(pixel(&vdp, 24, 21), 6, "bit 7: foreground");
    assert_eq!(pixel(&vdp, 25, 21), 10, "bit 6: background");
    assert_eq!(pixel(&vdp, 26, 21), 6, "bit 5: foreground");
    assert_eq!(pixel(&vdp, 31, 21), 10, "bit 0: background");
    assert_eq!(pixel(&vdp, 24, 16), 10, "row 0 of pattern 0x41 is empty");
    assert_eq!(
        pixel(&vdp, 32, 21),
        4,
        "column 4: pattern 0, colour byte 0 = 0x00"
    );
    assert_eq!(pixel(&vdp, 0, 0), 15);
    assert_eq!(
        pixel(&vdp, 1, 0),
        4,
        "background colour 0 shows the backdrop"
    );
    assert_eq!(pixel(&vdp, 7, 0), 15);
    assert_eq!(pixel(&vdp, 100, 100), 4);
}

/// Graphics II with the masks open (R3 = 0xFF, R4 = 0x03): names 0x1800, three pattern
/// tables at 0x0000/0x0800/0x1000 and three colour tables at 0x2000/0x2800/0x3000, one
/// table per third of the screen (lines 0-63, 64-127, 128-191).
fn graphics_2(r3: u8, r4: u8) -> Vdp {
    let mut vdp = display(0x02, 0xC0, 0x06, r3, r4, 0x01);
    // Column 0 of character rows 0, 8 and 16 (names 0, 256, 512) show pattern 5.
    for name in [0u16, 256, 512] {
        out_vram(&mut vdp, 0x1800 + name, &[0x05]);
    }
    // Pattern 5 of third t is at 0x800 t + 0x28; row 0 is a single pixel at a different
    // column per third, coloured 2, 3 and 5 on black.
    for (t, (bits, colour)) in [(0x80u8, 0x21u8), (0x40, 0x31), (0x20, 0x51)]
        .into_iter()
        .enumerate()
    {
        let t = t as u16;
        out_vram(&mut vdp, 0x800 * t + 0x28, &[bits]);
        out_vram(&mut vdp, 0x2000 + 0x800 * t + 0x28, &[colour]);
    }
    // Third 0, pattern 5: row 1 solid in colour 7; row 2 empty on colour 13.
    out_vram(&mut vdp, 0x29, &[0xFF, 0x00]);
    out_vram(&mut vdp, 0x2029, &[0x70, 0x0D]);
    // Column 1 of row 0 shows pattern 13 (0x0D): row 0 = 0000 1111 in 9 on black.
    out_vram(&mut vdp, 0x1801, &[0x0D]);
    out_vram(&mut vdp, 0x68, &[0x0F]);
    out_vram(&mut vdp, 0x2068, &[0x91]);
    shown(vdp)
}

#[test]
fn graphics_2_thirds_and_a_colour_per_row() {
    let vdp = graphics_2(0xFF, 0x03);
    assert_eq!(pixel(&vdp, 0, 0), 2, "third 0: its own pattern and colour");
    assert_eq!(pixel(&vdp, 1, 0), 1);
    assert_eq!(
        pixel(&vdp, 1, 64),
        3,
        "third 1: pattern and colour from 0x0800/0x2800"
    );
    assert_eq!(pixel(&vdp, 0, 64), 1);
    assert_eq!(pixel(&vdp, 2, 128), 5, "third 2: from 0x1000/0x3000");
    assert_eq!(pixel(&vdp, 0, 128), 1);
    assert_eq!(pixel(&vdp, 3, 1), 7, "row 1 has its own colour byte");
    assert_eq!(pixel(&vdp, 3, 2), 13, "row 2 too");
    assert_eq!(pixel(&vdp, 3, 3), 1, "row 3: colour 0x00, transparent");
    assert_eq!(pixel(&vdp, 8, 0), 1);
    assert_eq!(pixel(&vdp, 12, 0), 9, "pattern 13 in third 0");
}

#[test]
fn graphics_2_r4_masks_the_pattern_thirds() {
    // R4 = 0x00: bits 1-0 clear, every third takes patterns from 0x0000; the colours
    // still come from each third's own table (R3 = 0xFF).
    let vdp = graphics_2(0xFF, 0x00);
    assert_eq!(
        pixel(&vdp, 0, 64),
        3,
        "third 0's pattern (bit 7) in third 1's colour"
    );
    assert_eq!(pixel(&vdp, 1, 64), 1);
    assert_eq!(
        pixel(&vdp, 0, 128),
        5,
        "third 0's pattern in third 2's colour"
    );
    // R4 = 0x01: the middle third has its own table, the bottom third uses the first.
    let vdp = graphics_2(0xFF, 0x01);
    assert_eq!(pixel(&vdp, 1, 64), 3);
    assert_eq!(pixel(&vdp, 0, 128), 5);
    assert_eq!(pixel(&vdp, 2, 128), 1);
    // R4 = 0x07: bit 2 moves the tables to 0x2000 (all colour bytes there are zero or
    // the colour table's own), so pattern 5 of third 0 is read at 0x2028 = 0x21:
    // 0010 0001, drawn in colour 2 on black.
    let vdp = graphics_2(0xFF, 0x07);
    assert_eq!(pixel(&vdp, 0, 0), 1);
    assert_eq!(pixel(&vdp, 2, 0), 2);
    assert_eq!(pixel(&vdp, 7, 0), 2);
}

#[test]
fn graphics_2_r3_masks_the_colour_table_and_on_the_tms9918a_the_patterns() {
    // R3 = 0x9F: bits 6-5 clear, every third takes colours from 0x2000; bits 4-0 open.
    let vdp = graphics_2(0x9F, 0x03);
    assert_eq!(
        pixel(&vdp, 1, 64),
        2,
        "third 1's pattern in third 0's colour"
    );
    assert_eq!(
        pixel(&vdp, 2, 128),
        2,
        "third 2's pattern in third 0's colour"
    );
    // R3 = 0xE0: bits 4-0 clear mask name bits 7-3, so pattern 13 takes pattern 5's
    // colour byte (0x2028 = 0x21). On the TMS9918A the same bits mask the pattern
    // address too (openMSX `VDP::updatePatternBase`, TMS99X8A pattern/colour
    // mirroring): pattern 13 is drawn from pattern 5's row (0x28 = 1000 0000).
    let vdp = graphics_2(0xE0, 0x03);
    assert_eq!(pixel(&vdp, 8, 0), 2);
    assert_eq!(pixel(&vdp, 9, 0), 1);
    assert_eq!(pixel(&vdp, 12, 0), 1);
}

/// Text: names at 0x0000 (R2 = 0), patterns at 0x0800 (R4 = 1), white text on dark blue.
#[test]
fn text_has_40_six_pixel_columns_between_borders() {
    let mut vdp = display(0x00, 0xD0, 0x00, 0x00, 0x01, 0xF4);
    // Row 1 starts at name 40 (40 columns a row). Column 0 shows pattern 0x41; its row
    // 2 (line 10) is 1111 1111: six pixels drawn, bits 1-0 ignored.
    out_vram(&mut vdp, 40, &[0x41]);
    out_vram(&mut vdp, 0x800 + 0x41 * 8 + 2, &[0xFF]);
    // Column 39 of row 1 (name 79) shows pattern 0x42, row 2 = 1000 0111: pixels 0 and 5.
    out_vram(&mut vdp, 79, &[0x42]);
    out_vram(&mut vdp, 0x800 + 0x42 * 8 + 2, &[0x87]);
    let vdp = shown(vdp);
    // On the TMS9918A the text starts at x = 6 (openMSX `VDP::getLeftSprites`).
    for x in 0..6 {
        assert_eq!(pixel(&vdp, x, 10), 4, "left border x {x}");
    }
    for x in 6..12 {
        assert_eq!(pixel(&vdp, x, 10), 15, "column 0 x {x}");
    }
    assert_eq!(pixel(&vdp, 12, 10), 4, "column 1: pattern 0");
    // Column 39 covers x = 6 + 39 x 6 = 240 to 245.
    assert_eq!(pixel(&vdp, 240, 10), 15);
    assert_eq!(pixel(&vdp, 241, 10), 4);
    assert_eq!(pixel(&vdp, 244, 10), 4);
    assert_eq!(pixel(&vdp, 245, 10), 15);
    for x in 246..256 {
        assert_eq!(
            pixel(&vdp, x, 10),
            4,
            "right border x {x}: bits 1-0 not drawn"
        );
    }
    assert_eq!(pixel(&vdp, 6, 9), 4, "row 1 of the pattern is empty");
    assert_eq!(pixel(&vdp, 6, 2), 4, "row 0, column 0: name 0, pattern 0");
}

#[test]
fn text_colour_0_shows_the_backdrop() {
    let mut vdp = display(0x00, 0xD0, 0x00, 0x00, 0x01, 0x06);
    out_vram(&mut vdp, 0, &[0x01]);
    out_vram(&mut vdp, 0x808, &[0xFC]);
    let vdp = shown(vdp);
    assert!(vdp.frame_indexed().iter().all(|&c| c == 6));
}

#[test]
fn text_with_m3_takes_a_pattern_table_per_third() {
    // M1 + M3: Text whose thirds select pattern tables as Graphics II does with R4 bits
    // 1-0 (SY 3.5, its "mode 1 + 2"). Row 8 (the first of the middle third) starts at
    // name 320; column 0 shows pattern 1.
    let setup = |r4: u8| {
        let mut vdp = display(0x02, 0xD0, 0x00, 0x00, r4, 0xF1);
        out_vram(&mut vdp, 320, &[0x01]);
        out_vram(&mut vdp, 0x0808, &[0x80]); // third 1's table: 0x0800 + 1 x 8
        out_vram(&mut vdp, 0x0008, &[0x40]); // third 0's table
        shown(vdp)
    };
    let vdp = setup(0x03);
    assert_eq!(pixel(&vdp, 6, 64), 15, "third 1's own pattern");
    assert_eq!(pixel(&vdp, 7, 64), 1);
    let vdp = setup(0x02);
    assert_eq!(
        pixel(&vdp, 6, 64),
        1,
        "R4 bit 0 clear: the first table's pattern"
    );
    assert_eq!(pixel(&vdp, 7, 64), 15);
}

#[test]
fn m1_with_m2_shows_stripes_whatever_the_tables() {
    for r0 in [0x00, 0x02] {
        let mut vdp = display(r0, 0xD8, 0x00, 0x00, 0x00, 0xF4);
        out_vram(&mut vdp, 0, &[0xFF; 0x1000]);
        let vdp = shown(vdp);
        for y in [0, 100, 191] {
            let row: Vec<u8> = (0..256).map(|x| pixel(&vdp, x, y)).collect();
            assert!(row[..8].iter().all(|&c| c == 4));
            // Each 6-pixel column from x = 8: 4 in the text colour, 2 in the backdrop.
            for (x, &c) in row.iter().enumerate().take(248).skip(8) {
                let want = if (x - 8) % 6 < 4 { 15 } else { 4 };
                assert_eq!(c, want, "x {x} line {y}");
            }
            assert!(row[248..].iter().all(|&c| c == 4));
        }
    }
}

/// Multicolor: names 0x1800, patterns 0x0000; each name's pattern gives two bytes per
/// character row, chosen by the row modulo 4.
#[test]
fn multicolor_draws_4x4_blocks() {
    let mut vdp = display(0x00, 0xC8, 0x06, 0x00, 0x00, 0x01);
    // Column 0 of character rows 0, 1 and 4 show pattern 2 (bytes at 0x10).
    for name in [0u16, 32, 128] {
        out_vram(&mut vdp, 0x1800 + name, &[0x02]);
    }
    // Rows 0 and 4 use bytes 0-1, row 1 bytes 2-3. High nibble = left block.
    out_vram(&mut vdp, 0x10, &[0x4A, 0x0C, 0x6E, 0xD0]);
    let vdp = shown(vdp);
    assert_eq!(pixel(&vdp, 0, 0), 4);
    assert_eq!(pixel(&vdp, 3, 3), 4);
    assert_eq!(pixel(&vdp, 4, 0), 10);
    assert_eq!(pixel(&vdp, 7, 3), 10);
    assert_eq!(
        pixel(&vdp, 0, 4),
        1,
        "lines 4-7: left block colour 0, backdrop"
    );
    assert_eq!(pixel(&vdp, 5, 7), 12);
    assert_eq!(pixel(&vdp, 0, 8), 6, "row 1 uses byte 2");
    assert_eq!(pixel(&vdp, 7, 11), 14);
    assert_eq!(pixel(&vdp, 0, 12), 13, "and byte 3");
    assert_eq!(pixel(&vdp, 4, 15), 1);
    assert_eq!(pixel(&vdp, 0, 32), 4, "row 4 uses bytes 0-1 again");
    assert_eq!(pixel(&vdp, 4, 39), 12);
    assert_eq!(pixel(&vdp, 8, 0), 1, "column 1: pattern 0, all transparent");
}

#[test]
fn multicolor_with_m3_takes_a_pattern_table_per_third() {
    // Row 8 (line 64, the middle third) shows pattern 2; 8 mod 4 = 0: bytes 0-1. Plain
    // Multicolor has one table (R4 = 0: 0x0000); with M3, R4 = 0x03 gives each third its
    // own, the middle one at 0x0800.
    let setup = |r0: u8, r4: u8| {
        let mut vdp = display(r0, 0xC8, 0x06, 0x00, r4, 0x01);
        out_vram(&mut vdp, 0x1800 + 256, &[0x02]);
        out_vram(&mut vdp, 0x10, &[0x4A]);
        out_vram(&mut vdp, 0x810, &[0x5B]);
        shown(vdp)
    };
    let plain = setup(0x00, 0x00);
    assert_eq!((pixel(&plain, 0, 64), pixel(&plain, 4, 64)), (4, 10));
    let thirds = setup(0x02, 0x03);
    assert_eq!((pixel(&thirds, 0, 64), pixel(&thirds, 4, 64)), (5, 11));
}
