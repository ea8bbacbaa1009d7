//! The "Reference checks" of specs/vera.md, each set up through the register file as a
//! 65C02 program would, plus the decoding rules they rest on.

use crate::common;

use common::*;
use vera::registers::ISR;
use vera::{Quirks, Vera};

const SOLID: u32 = 0x1_0000;
const SOLID64: u32 = 0x1_1000;

fn chip() -> Vera {
    let mut vera = Vera::new(Quirks::Hardware);
    enable_sprites(&mut vera);
    solid8(&mut vera, SOLID, 8, 8, 7);
    vera
}

/// Two solid 8x8 sprites overlapping by exactly one pixel (or, with `apart`, by none).
fn one_pixel_overlap(mask_a: u8, mask_b: u8, apart: bool) -> u8 {
    let mut vera = chip();
    let d = if apart { 8 } else { 7 };
    write_sprite(&mut vera, 0, &Attr::new8(SOLID, 100, 100, mask_a));
    write_sprite(&mut vera, 1, &Attr::new8(SOLID, 100 + d, 100 + d, mask_b));
    vera.run_frame();
    nibble(&vera)
}

#[test]
fn masks_are_anded_pairwise_where_one_opaque_pixel_overlaps() {
    assert_eq!(one_pixel_overlap(0x1, 0x1, false), 0x1);
    assert_eq!(one_pixel_overlap(0x1, 0x2, false), 0x0);
    assert_eq!(one_pixel_overlap(0x3, 0x6, false), 0x2);
    // One pixel further apart nothing meets.
    assert_eq!(one_pixel_overlap(0x1, 0x1, true), 0x0);
    assert_eq!(one_pixel_overlap(0x3, 0x6, true), 0x0);
}

#[test]
fn a_collision_sets_sprcol_and_vsync() {
    let mut vera = chip();
    write_sprite(&mut vera, 0, &Attr::new8(SOLID, 100, 100, 0x1));
    write_sprite(&mut vera, 1, &Attr::new8(SOLID, 107, 107, 0x1));
    vera.run_frame();
    assert_eq!(vera.isr(), 0x15);
}

fn hidden_pixel_scene(quirks: Quirks) -> Vera {
    let mut vera = Vera::new(quirks);
    enable_sprites(&mut vera);
    solid8(&mut vera, SOLID, 8, 8, 7);
    // A (z 3, mask 1) first in index order, then B and C (z 3, mask 2) at the same place:
    // B and C lose to A on z (equal z, higher index), so their pixels are hidden.
    write_sprite(&mut vera, 0, &Attr::new8(SOLID, 200, 50, 0x1));
    write_sprite(&mut vera, 1, &Attr::new8(SOLID, 200, 50, 0x2));
    write_sprite(&mut vera, 2, &Attr::new8(SOLID, 200, 50, 0x2));
    vera.run_frame();
    vera
}

#[test]
fn hidden_pixels_add_no_mask_on_hardware() {
    assert_eq!(nibble(&hidden_pixel_scene(Quirks::Hardware)), 0);
    assert_eq!(nibble(&hidden_pixel_scene(Quirks::X16Emu)), 0x2);
}

#[test]
fn a_hidden_pixel_still_detects_what_is_stored_under_it() {
    // The collision is tested before the z comparison: B (z 1) loses to A (z 3) but
    // collides with A's stored mask on the hardware too.
    for quirks in [Quirks::Hardware, Quirks::X16Emu] {
        let mut vera = Vera::new(quirks);
        enable_sprites(&mut vera);
        solid8(&mut vera, SOLID, 8, 8, 7);
        write_sprite(&mut vera, 0, &Attr::new8(SOLID, 10, 10, 0x4));
        let mut b = Attr::new8(SOLID, 10, 10, 0x4);
        b.z = 1;
        write_sprite(&mut vera, 1, &b);
        vera.run_frame();
        assert_eq!(nibble(&vera), 0x4, "{quirks:?}");
    }
}

#[test]
fn a_higher_z_draws_over_a_lower_index_and_its_mask_is_stored() {
    let mut vera = Vera::new(Quirks::Hardware);
    enable_sprites(&mut vera);
    solid8(&mut vera, SOLID, 8, 8, 7);
    solid8(&mut vera, SOLID + 64, 8, 8, 9);
    let mut a = Attr::new8(SOLID, 30, 30, 0x1);
    a.z = 1;
    write_sprite(&mut vera, 0, &a);
    // B (z 2) wins over A and stores mask 2; C (z 2, mask 2) then finds it.
    write_sprite(
        &mut vera,
        1,
        &Attr {
            z: 2,
            ..Attr::new8(SOLID + 64, 30, 30, 0x2)
        },
    );
    write_sprite(
        &mut vera,
        2,
        &Attr {
            z: 2,
            ..Attr::new8(SOLID, 30, 30, 0x2)
        },
    );
    vera.run_frame();
    assert_eq!(pixel(&vera, 30, 30), 9);
    assert_eq!(nibble(&vera), 0x2);
}

#[test]
fn the_nibble_is_replaced_each_frame_and_sprcol_stays_until_written() {
    let mut vera = chip();
    write_sprite(&mut vera, 0, &Attr::new8(SOLID, 100, 100, 0x3));
    write_sprite(&mut vera, 1, &Attr::new8(SOLID, 104, 104, 0x3));
    vera.run_frame();
    assert_eq!(vera.isr(), 0x35);
    vera.write_reg(ISR, 0x01); // acknowledge VSYNC only
    assert_eq!(vera.isr(), 0x34);

    // Move sprite 1 away: a collision-free frame.
    write_sprite(&mut vera, 1, &Attr::new8(SOLID, 300, 300, 0x3));
    vera.run_frame();
    assert_eq!(nibble(&vera), 0, "replaced, not ORed");
    assert_eq!(vera.isr() & 0x04, 0x04, "SPRCOL is sticky");
    vera.write_reg(ISR, 0x04);
    assert_eq!(vera.isr(), 0x01);
    vera.run_frame();
    assert_eq!(vera.isr(), 0x01, "no new collision, no SPRCOL");
}

#[test]
fn disabled_sprites_neither_draw_nor_collide() {
    let mut vera = chip();
    solid8(&mut vera, SOLID + 64, 8, 8, 9);
    write_sprite(&mut vera, 0, &Attr::new8(SOLID, 100, 100, 0x1));
    let mut off = Attr::new8(SOLID + 64, 100, 100, 0x1);
    off.z = 0;
    write_sprite(&mut vera, 1, &off);
    vera.run_frame();
    assert_eq!(nibble(&vera), 0);
    assert_eq!(pixel(&vera, 100, 100), 7);
    assert_eq!(vera.sprites().len(), 1);
    assert_eq!(vera.sprites()[0].number, 0);
    // The same sprite enabled (z 1, behind) is drawn where sprite 0 is not and collides.
    write_sprite(
        &mut vera,
        1,
        &Attr {
            z: 1,
            x: 104,
            ..off
        },
    );
    vera.run_frame();
    assert_eq!(nibble(&vera), 0x1);
    assert_eq!(pixel(&vera, 110, 100), 9);
    assert_eq!(vera.sprites().len(), 2);
}

#[test]
fn transparent_pixels_never_collide() {
    let mut vera = chip();
    // An 8x8 pattern whose left half is transparent.
    let mut half = [0u8; 64];
    for row in half.chunks_mut(8) {
        row[4..].fill(3);
    }
    poke(&mut vera, SOLID + 64, &half);
    write_sprite(&mut vera, 0, &Attr::new8(SOLID, 100, 100, 0xF));
    // Sprite 1's transparent half covers sprite 0's right half only.
    write_sprite(&mut vera, 1, &Attr::new8(SOLID + 64, 104, 100, 0xF));
    vera.run_frame();
    assert_eq!(nibble(&vera), 0);
    // One pixel further left, its opaque half meets sprite 0's last column.
    write_sprite(&mut vera, 1, &Attr::new8(SOLID + 64, 103, 100, 0xF));
    vera.run_frame();
    assert_eq!(nibble(&vera), 0xF);
}

#[test]
fn a_sprite_at_x_1020_wraps_to_the_left_edge_and_collides_there() {
    let mut vera = chip();
    // 16x8 8bpp pattern: column c has colour c + 1.
    let row: Vec<u8> = (1..=16).collect();
    poke(&mut vera, SOLID64, &row.repeat(8));
    let wrapped = Attr {
        w_code: 1,
        ..Attr::new8(SOLID64, 1020, 40, 0x8)
    };
    write_sprite(&mut vera, 0, &wrapped);
    vera.run_frame();
    for x in 0..12 {
        assert_eq!(pixel(&vera, x, 40), (x + 5) as u8, "x = {x}");
    }
    assert_eq!(pixel(&vera, 12, 40), 0);
    assert!((620..640).all(|x| pixel(&vera, x, 40) == 0));
    let view = &vera.sprites()[0];
    assert_eq!((view.x_px, view.w_px), (-4, 16));

    // A sprite at x = 11 overlaps the last visible column; at x = 12 it does not.
    write_sprite(&mut vera, 1, &Attr::new8(SOLID, 11, 40, 0x8));
    vera.run_frame();
    assert_eq!(nibble(&vera), 0x8);
    write_sprite(&mut vera, 1, &Attr::new8(SOLID, 12, 40, 0x8));
    vera.run_frame();
    assert_eq!(nibble(&vera), 0);
}

#[test]
fn y_wraps_at_1024_like_x() {
    let mut vera = chip();
    write_sprite(&mut vera, 0, &Attr::new8(SOLID, 50, 1020, 0x1));
    vera.run_frame();
    assert!((0..4).all(|y| pixel(&vera, 50, y) == 7));
    assert_eq!(pixel(&vera, 50, 4), 0);
    assert_eq!(vera.sprites()[0].y_px, -4);
    // Y = 1015 is 1024 - 9: still on the bottom side (invisible), not wrapped.
    write_sprite(&mut vera, 0, &Attr::new8(SOLID, 50, 1015, 0x1));
    vera.run_frame();
    assert_eq!(vera.sprites()[0].y_px, 1015);
    assert!(vera.frame_indexed().iter().all(|&p| p == 0));
}

/// Eleven 64x8 8bpp sprites side by side on lines 100..107, 57 px apart.
fn budget_scene(first_enabled: u8) -> Vera {
    let mut vera = Vera::new(Quirks::Hardware);
    enable_sprites(&mut vera);
    solid8(&mut vera, SOLID64, 64, 8, 6);
    for n in 0..11u8 {
        let mut a = Attr {
            w_code: 3,
            ..Attr::new8(SOLID64, u16::from(n) * 57, 100, 0)
        };
        if n >= 9 {
            a.mask = 0x8;
        }
        if n < first_enabled {
            a.z = 0;
        }
        write_sprite(&mut vera, n, &a);
    }
    vera.run_frame();
    vera
}

#[test]
fn the_line_budget_drops_the_rest_of_the_line() {
    let vera = budget_scene(0);
    // 9 sprites cost 9 x 80 units plus their slots; sprite 9 starts with 800 - 730 = 70
    // units: 56 pixels and their 14 fetches. Sprite 10 is dropped entirely.
    let x9 = 9 * 57;
    for y in 100..108 {
        assert!((x9..x9 + 56).all(|x| pixel(&vera, x, y) == 6));
        assert!((x9 + 56..640).all(|x| pixel(&vera, x, y) == 0), "line {y}");
    }
    let cut: Vec<u16> = (100..108).collect();
    for view in vera.sprites() {
        if view.number >= 9 {
            assert_eq!(view.budget_cut_lines, cut, "sprite {}", view.number);
        } else {
            assert!(view.budget_cut_lines.is_empty(), "sprite {}", view.number);
        }
    }
    // Sprites 9 and 10 would meet at x 570..576, but those pixels were dropped.
    assert_eq!(nibble(&vera), 0);

    // With the first three sprites disabled (their slots still cost 1 each) everything
    // fits, sprite 10 is drawn and the pair collides.
    let vera = budget_scene(3);
    assert!(vera.sprites().iter().all(|v| v.budget_cut_lines.is_empty()));
    assert_eq!(pixel(&vera, 633, 100), 6);
    assert_eq!(nibble(&vera), 0x8);
}

#[test]
fn slots_count_even_for_sprites_off_the_line() {
    // Ten 64-px sprites fit on a line when they are sprites 0..9, but as sprites
    // 118..127 their 118 earlier slots leave room for only part of them.
    let mut vera = Vera::new(Quirks::Hardware);
    enable_sprites(&mut vera);
    solid8(&mut vera, SOLID64, 64, 8, 6);
    for (k, n) in (118..128u8).enumerate() {
        let a = Attr {
            w_code: 3,
            ..Attr::new8(SOLID64, k as u16 * 57, 200, 0)
        };
        write_sprite(&mut vera, n, &a);
    }
    vera.run_frame();
    // Sprites 118..125 take 8 x 80 units; sprite 126's slot brings the count to
    // 127 + 640 = 767, and sprite 127's slot comes after the line has stopped.
    let cut: Vec<u8> = vera
        .sprites()
        .iter()
        .filter(|v| !v.budget_cut_lines.is_empty())
        .map(|v| v.number)
        .collect();
    assert_eq!(cut, vec![126, 127]);
    let x126 = 8 * 57;
    // 800 - 767 = 33 units: 26 pixels with their 7 fetches.
    assert_eq!(pixel(&vera, x126 + 25, 200), 6);
    assert_eq!(pixel(&vera, x126 + 26, 200), 0);
}

#[test]
fn four_bpp_flips_and_palette_offset() {
    let mut vera = chip();
    // 8x8 4bpp pattern, 4 bytes per row, left pixel in the high nibble: row r, column c
    // has colour c + r, so only the pixel at c = r = 0 is transparent.
    let mut pattern = Vec::new();
    for r in 0..8u8 {
        for pair in 0..4u8 {
            let (c0, c1) = (pair * 2, pair * 2 + 1);
            pattern.push((((c0 + r) % 16) << 4) | ((c1 + r) % 16));
        }
    }
    poke(&mut vera, 0x8000, &pattern);
    let base = Attr {
        bpp8: false,
        palette_offset: 0x3,
        ..Attr::new8(0x8000, 64, 64, 0)
    };
    for (hflip, vflip) in [(false, false), (true, false), (false, true), (true, true)] {
        write_sprite(
            &mut vera,
            0,
            &Attr {
                hflip,
                vflip,
                ..base
            },
        );
        vera.run_frame();
        let view = &vera.sprites()[0];
        for sy in 0..8usize {
            for sx in 0..8usize {
                let c = if hflip { 7 - sx } else { sx };
                let r = if vflip { 7 - sy } else { sy };
                let raw = ((c + r) % 16) as u8;
                let expected = if raw == 0 { 0 } else { 0x30 | raw };
                assert_eq!(pixel(&vera, 64 + sx, 64 + sy), expected, "{hflip} {vflip}");
                assert_eq!(view.opaque_at(64 + sx as i32, 64 + sy as i32), raw != 0);
            }
        }
    }
}

#[test]
fn eight_bpp_palette_offset_applies_to_colours_1_to_15_only() {
    let mut vera = chip();
    poke(
        &mut vera,
        0x8000,
        &[0x05, 0x25, 0x00, 0xFF, 0x0F, 0x10, 0x01, 0x80].repeat(8),
    );
    write_sprite(
        &mut vera,
        0,
        &Attr {
            palette_offset: 0xA,
            ..Attr::new8(0x8000, 0, 0, 0)
        },
    );
    vera.run_frame();
    let row: Vec<u8> = (0..8).map(|x| pixel(&vera, x, 0)).collect();
    assert_eq!(row, [0xA5, 0x25, 0x00, 0xFF, 0xAF, 0x10, 0xA1, 0x80]);
}

#[test]
fn larger_sizes_and_mask_rows() {
    let mut vera = chip();
    // 32x16 8bpp: opaque where (col + row) is even... i.e. a checkerboard.
    let bytes: Vec<u8> = (0..16 * 32)
        .map(|i| u8::from((i % 32 + i / 32) % 2 == 0))
        .collect();
    poke(&mut vera, 0x4000, &bytes);
    let a = Attr {
        w_code: 2,
        h_code: 1,
        hflip: true,
        ..Attr::new8(0x4000, 300, 200, 0)
    };
    write_sprite(&mut vera, 5, &a);
    vera.run_frame();
    let view = &vera.sprites()[0];
    assert_eq!((view.number, view.w_px, view.h_px), (5, 32, 16));
    assert_eq!((view.x_px, view.y_px, view.z), (300, 200, 3));
    assert_eq!(view.mask_rows.len(), 16);
    // Flipping a 32-wide checkerboard row swaps its parity.
    assert_eq!(view.mask_rows[0], 0xAAAA_AAAA);
    assert_eq!(view.mask_rows[1], 0x5555_5555);
    assert_eq!(pixel(&vera, 301, 200), 1);
    assert_eq!(pixel(&vera, 300, 200), 0);
}

#[test]
fn patterns_wrap_at_the_end_of_vram() {
    let mut vera = chip();
    // A 64x8 8bpp pattern in the last 32-byte slot: row 0 is 0x1FFE0..0x1FFFF followed
    // by 0x00000..0x0001F, row 1 starts at 0x00020.
    poke(&mut vera, 0x0_0020, &[9u8; 64]);
    let a = Attr {
        w_code: 3,
        ..Attr::new8(0x1_FFE0, 100, 100, 0)
    };
    write_sprite(&mut vera, 0, &a);
    vera.run_frame();
    assert_eq!(pixel(&vera, 100, 101), 9);
    assert_eq!(pixel(&vera, 163, 101), 9);
}

#[test]
fn frame_rgb_expands_the_12_bit_palette() {
    let mut vera = chip();
    poke(&mut vera, 0x1_FA00, &[0x12, 0x03]); // index 0: backdrop 0x312
    poke(&mut vera, 0x1_FA00 + 7 * 2, &[0xBC, 0x0A]); // index 7: 0xABC
    write_sprite(&mut vera, 0, &Attr::new8(SOLID, 0, 0, 0));
    vera.run_frame();
    let mut rgb = Vec::new();
    vera.frame_rgb(&mut rgb);
    assert_eq!(rgb.len(), 640 * 480);
    assert_eq!(rgb[0], 0x00AA_BBCC);
    assert_eq!(rgb[8], 0x0033_1122);
}

#[test]
fn each_frame_takes_the_palette_as_it_is_at_its_start() {
    let mut vera = chip();
    poke(&mut vera, 0x1_FA00 + 7 * 2, &[0xBC, 0x0A]); // index 7: 0xABC
    write_sprite(&mut vera, 0, &Attr::new8(SOLID, 0, 0, 0));
    let mut rgb = Vec::new();
    vera.run_frame();
    vera.frame_rgb(&mut rgb);
    assert_eq!(rgb[0], 0x00AA_BBCC);
    // Entry 7 rewritten between frames: green 2, blue 1, red 3.
    poke(&mut vera, 0x1_FA00 + 7 * 2, &[0x21, 0x03]);
    vera.run_frame();
    vera.frame_rgb(&mut rgb);
    assert_eq!(rgb[0], 0x0033_2211);
    // Nothing written: the same colour.
    vera.run_frame();
    vera.frame_rgb(&mut rgb);
    assert_eq!(rgb[0], 0x0033_2211);
    // Only its red byte written.
    poke(&mut vera, 0x1_FA00 + 7 * 2 + 1, &[0x0F]);
    vera.run_frame();
    vera.frame_rgb(&mut rgb);
    assert_eq!(rgb[0], 0x00FF_2211);
}

/// Frames after the first take the table and the patterns as they are at their line 0,
/// whatever changed between frames: a pattern rewritten with its entry untouched, an entry
/// moved, disabled or enabled, each with and without a picture.
#[test]
fn each_frame_reads_the_patterns_and_entries_as_they_are_at_its_start() {
    const BLANK: u32 = 0x1_0040;
    for frame_output in [true, false] {
        let mut vera = chip();
        vera.set_frame_output(frame_output);
        poke(&mut vera, BLANK, &[0; 64]);
        // Sprite 1 (transparent) over sprite 0 (solid), both mask 1: nothing opaque meets.
        write_sprite(&mut vera, 0, &Attr::new8(SOLID, 100, 100, 0x1));
        write_sprite(&mut vera, 1, &Attr::new8(BLANK, 100, 100, 0x1));
        vera.run_frame();
        assert_eq!(
            nibble(&vera),
            0,
            "output {frame_output}: transparent sprite 1"
        );
        assert_eq!(vera.sprites()[1].mask_rows, vec![0; 8]);
        // Only the pattern's bytes written: one opaque pixel at (3, 5) of sprite 1.
        poke(&mut vera, BLANK + 5 * 8 + 3, &[9]);
        vera.run_frame();
        assert_eq!(
            nibble(&vera),
            0x1,
            "output {frame_output}: pattern rewritten"
        );
        assert_eq!(vera.sprites()[1].mask_rows[5], 1 << 3);
        // The same frame again: nothing written, the same collision and view.
        vera.run_frame();
        assert_eq!(nibble(&vera), 0x1, "output {frame_output}: unchanged");
        assert_eq!(vera.sprites().len(), 2);
        // Sprite 1 moved so its pixel (then at 103 + 8, 105 + 0) misses sprite 0.
        write_sprite(&mut vera, 1, &Attr::new8(BLANK, 108, 95, 0x1));
        vera.run_frame();
        assert_eq!(nibble(&vera), 0, "output {frame_output}: moved apart");
        assert_eq!((vera.sprites()[1].x_px, vera.sprites()[1].y_px), (108, 95));
        // Back over sprite 0 but disabled (z 0): no view, no collision.
        let disabled = Attr {
            z: 0,
            ..Attr::new8(BLANK, 100, 100, 0x1)
        };
        write_sprite(&mut vera, 1, &disabled);
        vera.run_frame();
        assert_eq!(nibble(&vera), 0, "output {frame_output}: disabled");
        assert_eq!(vera.sprites().len(), 1);
        // Enabled again with mask 3 over sprite 0: mask 3 & 1.
        write_sprite(&mut vera, 1, &Attr::new8(BLANK, 100, 100, 0x3));
        vera.run_frame();
        assert_eq!(nibble(&vera), 0x1, "output {frame_output}: enabled again");
        // Sprite 0's pattern cleared: nothing opaque under sprite 1's pixel.
        poke(&mut vera, SOLID + 5 * 8 + 3, &[0]);
        vera.run_frame();
        assert_eq!(
            nibble(&vera),
            0,
            "output {frame_output}: sprite 0's pixel cleared"
        );
        assert_eq!(vera.sprites()[0].mask_rows[5], 0xFF & !(1 << 3));
    }
}
