//! The layers and the border composed with the sprites, set up through the register file
//! as a 65C02 would. Every expected index is worked out by hand from the VERA
//! Programmer's Reference (layer registers, tile map entries, tile and bitmap data most
//! significant pixel first, palette offset on colours 1-15, sprite Z-depth order).

use vera::Vera;
use vera::layer::{L0_CONFIG, L1_CONFIG};
use vera::registers::{
    ADDR_H, ADDR_L, ADDR_M, CTRL, DATA0, DC_BORDER, DC_HSCALE, DC_HSTART, DC_VIDEO, DC_VSTART, ISR,
};

/// Writes `bytes` at `addr` through DATA0 with increment 1.
fn poke(vera: &mut Vera, addr: u32, bytes: &[u8]) {
    vera.write_reg(ADDR_L, addr as u8);
    vera.write_reg(ADDR_M, (addr >> 8) as u8);
    vera.write_reg(ADDR_H, 0x10 | ((addr >> 16) as u8 & 1));
    for &b in bytes {
        vera.write_reg(DATA0, b);
    }
}

fn px(vera: &Vera, x: usize, y: usize) -> u8 {
    vera.frame_indexed()[y * 640 + x]
}

/// Layer 0: 4 bpp tiles, 8x8, map 32x32 at $4000, tiles at $2000. Tile 1's row 0 holds
/// colours 1..8, its other rows are transparent.
fn tile_layer() -> Vera {
    let mut vera = Vera::default();
    vera.write_reg(L0_CONFIG, 0x02); // map 32x32, tile mode, 4 bpp
    vera.write_reg(L0_CONFIG + 1, 0x20); // map base $4000 >> 9
    vera.write_reg(L0_CONFIG + 2, 0x10); // tile base $2000 >> 11 in 7-2, 8x8
    poke(&mut vera, 0x2020, &[0x12, 0x34, 0x56, 0x78]);
    // (0,0): tile 1, palette offset 2; (1,0): tile 1 H-flipped; (0,1): tile 1 V-flipped.
    poke(&mut vera, 0x4000, &[0x01, 0x20, 0x01, 0x04]);
    poke(&mut vera, 0x4040, &[0x01, 0x08]);
    vera
}

#[test]
fn a_four_bpp_tile_map_shows_offsets_and_flips() {
    let mut vera = tile_layer();
    vera.write_reg(DC_VIDEO, 0x10); // layer 0 only
    vera.run_frame();
    let row0: Vec<u8> = (0..16).map(|x| px(&vera, x, 0)).collect();
    assert_eq!(
        row0,
        [
            0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 8, 7, 6, 5, 4, 3, 2, 1
        ]
    );
    assert_eq!(px(&vera, 0, 1), 0, "transparent rows show the backdrop");
    assert_eq!(px(&vera, 0, 8), 0, "V-flip: tile row 7 on line 8");
    assert_eq!(px(&vera, 0, 15), 1, "V-flip: tile row 0 on line 15");
    assert_eq!(px(&vera, 7, 15), 8);
}

#[test]
fn scrolling_moves_the_map_under_the_screen() {
    let mut vera = tile_layer();
    vera.write_reg(DC_VIDEO, 0x10);
    vera.write_reg(L0_CONFIG + 3, 8); // HSCROLL 8
    vera.write_reg(L0_CONFIG + 5, 0xF9); // VSCROLL $1F9 = 505
    vera.write_reg(L0_CONFIG + 6, 0x01);
    vera.run_frame();
    // Line 7 shows map line (7 + 505) mod 256 = 0; column 0 shows map column 8: tile
    // (1,0), H-flipped, so its pixel 7, colour 8.
    assert_eq!(px(&vera, 0, 7), 8);
    assert_eq!(px(&vera, 7, 7), 1);
    // Column 248 shows map column 256 mod 256 = 0: tile (0,0), colour 1 + offset 2.
    assert_eq!(px(&vera, 248, 7), 0x21);
    assert_eq!(px(&vera, 0, 6), 0);
}

#[test]
fn sprites_sit_behind_or_in_front_of_layer_0_by_z() {
    let mut vera = tile_layer();
    // Sprite 0: 8x8 4 bpp at (0,0), every pixel colour 5, pattern at $3000.
    poke(&mut vera, 0x3000, &[0x55; 32]);
    poke(&mut vera, 0x1FC00, &[0x80, 0x01, 0, 0, 0, 0, 1 << 2, 0x00]); // z 1
    vera.write_reg(DC_VIDEO, 0x50); // sprites and layer 0
    vera.run_frame();
    assert_eq!(px(&vera, 0, 0), 0x21, "layer 0 in front of z 1");
    assert_eq!(
        px(&vera, 0, 1),
        5,
        "the sprite shows where the layer is transparent"
    );
    poke(&mut vera, 0x1FC06, &[2 << 2]); // z 2
    vera.run_frame();
    assert_eq!(px(&vera, 0, 0), 5, "z 2 in front of layer 0");
    vera.write_reg(L1_CONFIG, 0x02);
    vera.write_reg(L1_CONFIG + 1, 0x20);
    vera.write_reg(L1_CONFIG + 2, 0x10);
    vera.write_reg(DC_VIDEO, 0x70); // sprites and both layers (same map)
    vera.run_frame();
    assert_eq!(px(&vera, 0, 0), 0x21, "layer 1 in front of z 2");
    poke(&mut vera, 0x1FC06, &[3 << 2]); // z 3
    vera.run_frame();
    assert_eq!(px(&vera, 0, 0), 5, "z 3 in front of everything");
}

#[test]
fn one_bpp_tiles_take_foreground_and_background_from_the_entry() {
    let mut vera = Vera::default();
    vera.write_reg(L0_CONFIG, 0x00); // 1 bpp, 16 colours
    vera.write_reg(L0_CONFIG + 1, 0x20);
    vera.write_reg(L0_CONFIG + 2, 0x10);
    poke(&mut vera, 0x2008, &[0b1000_0001]); // tile 1, row 0
    poke(&mut vera, 0x4000, &[0x01, 0x6E]); // foreground $E, background $6
    vera.write_reg(DC_VIDEO, 0x10);
    vera.run_frame();
    assert_eq!(
        (px(&vera, 0, 0), px(&vera, 1, 0), px(&vera, 7, 0)),
        (0x0E, 0x06, 0x0E)
    );
    vera.write_reg(L0_CONFIG, 0x08); // T256C: byte 1 is the 8-bit foreground
    vera.run_frame();
    assert_eq!((px(&vera, 0, 0), px(&vera, 1, 0)), (0x6E, 0));
}

#[test]
fn bitmaps_are_addressed_line_by_line_from_the_tile_base() {
    let mut vera = Vera::default();
    // Layer 1: 8 bpp bitmap, 320 wide, at $00000 (the demo's setup).
    vera.write_reg(L1_CONFIG, 0x07);
    vera.write_reg(L1_CONFIG + 2, 0x00);
    poke(&mut vera, 2 * 320 + 5, &[0x77]);
    vera.write_reg(DC_VIDEO, 0x20);
    vera.run_frame();
    assert_eq!(px(&vera, 5, 2), 0x77);
    assert_eq!(px(&vera, 6, 2), 0);
    // Layer 0: 4 bpp, 640 wide, at $1000, palette offset 3 in HSCROLL_H.
    vera.write_reg(L0_CONFIG, 0x06);
    vera.write_reg(L0_CONFIG + 2, 0x09); // $1000 >> 11 = 2 in 7-2, width 640
    vera.write_reg(L0_CONFIG + 4, 0x03);
    // Pixel (3, 1) is pixel 643, the low nibble of byte 321.
    poke(&mut vera, 0x1000 + 321, &[0x0C]);
    vera.write_reg(DC_VIDEO, 0x30);
    vera.run_frame();
    assert_eq!(px(&vera, 3, 1), 0x3C);
    assert_eq!(px(&vera, 2, 1), 0);
    // At DC_HSCALE 64 each layer pixel is shown twice.
    vera.write_reg(DC_HSCALE, 64);
    vera.run_frame();
    assert_eq!((px(&vera, 10, 2), px(&vera, 11, 2)), (0x77, 0x77));
    assert_eq!((px(&vera, 6, 1), px(&vera, 7, 1)), (0x3C, 0x3C));
}

#[test]
fn the_border_surrounds_the_active_area() {
    let mut vera = tile_layer();
    vera.write_reg(DC_VIDEO, 0x10);
    vera.write_reg(DC_BORDER, 0x99);
    vera.write_reg(CTRL, 1 << 1); // DCSEL 1
    vera.write_reg(DC_HSTART, 4); // 16 px
    vera.write_reg(DC_VSTART, 2); // 4 lines
    vera.write_reg(CTRL, 0);
    vera.run_frame();
    assert_eq!(px(&vera, 0, 0), 0x99);
    assert_eq!(px(&vera, 100, 3), 0x99);
    assert_eq!(px(&vera, 15, 4), 0x99);
    assert_eq!(
        px(&vera, 16, 4),
        0x21,
        "layer pixel (0,0) at the active area's corner"
    );
}

#[test]
fn frame_output_off_keeps_collisions_and_the_last_frame() {
    let build = || {
        let mut vera = Vera::default();
        poke(&mut vera, 0x3000, &[0x55; 32]);
        // Sprites 0 and 1, 8x8, mask %0001, z 3, overlapping at (4..8, 0..8).
        poke(
            &mut vera,
            0x1FC00,
            &[
                0x80, 0x01, 0, 0, 0, 0, 0x1C, 0x00, 0x80, 0x01, 4, 0, 0, 0, 0x1C, 0x00,
            ],
        );
        vera.write_reg(DC_VIDEO, 0x40);
        vera
    };
    let mut on = build();
    on.run_frame();
    let mut off = build();
    off.set_frame_output(false);
    off.run_frame();
    assert_eq!(on.isr() & 0xF0, 0x10);
    assert_eq!(off.isr(), on.isr());
    assert_eq!(px(&on, 0, 0), 5);
    assert_eq!(px(&off, 0, 0), 0, "nothing written with output off");
    off.write_reg(ISR, 0x07);
    off.set_frame_output(true);
    off.run_frame();
    assert_eq!(px(&off, 0, 0), 5);
}

#[test]
fn frame_output_off_sees_a_pattern_cleared_during_the_frame() {
    // The same two sprites, then, after line 0 is begun, sprite 1's pattern (at $3100)
    // is cleared: the lines drawn after that read raw colour 0 for it, so nothing is
    // plotted and nothing collides, with the picture and without it.
    let build = |picture: bool| {
        let mut vera = Vera::default();
        vera.set_frame_output(picture);
        poke(&mut vera, 0x3000, &[0x55; 32]);
        poke(&mut vera, 0x3100, &[0x55; 32]);
        poke(
            &mut vera,
            0x1FC00,
            &[
                0x80, 0x01, 0, 0, 0, 0, 0x1C, 0x00, 0x88, 0x01, 4, 0, 0, 0, 0x1C, 0x00,
            ],
        );
        vera.write_reg(DC_VIDEO, 0x40);
        vera.start_line(0);
        poke(&mut vera, 0x3100, &[0; 32]);
        for line in 0..480 {
            vera.draw_line(line);
            vera.start_line(line + 1);
        }
        vera
    };
    let (on, off) = (build(true), build(false));
    assert_eq!(on.isr() & 0xF0, 0x00, "no collision with the picture");
    assert_eq!(off.isr(), on.isr());
    assert_eq!(px(&on, 5, 0), 5, "sprite 0 still drawn");
}
