//! The reference checks of specs/tms9918.md, one test each, plus the rules they rest on.
//! Every scene is written through the ports in the chip's native SAT and pattern format.

use crate::common;

use common::*;
use tms9918::status::{COLLISION, F, FIFTH_SPRITE};

/// openMSX commit 5420af106, "verified on a real machine": sprites 0-3 at Y 50-53, 4-7 at
/// Y 80-83, sprite 9 at Y 54 and sprite 8 at Y 84, no two overlapping, entry 10 ends the
/// table. S#0 = 0xC9: F, 5S and sprite 9, because line 55 comes before line 85, although
/// 8 < 9.
#[test]
fn openmsx_verified_case_gives_c9() {
    let mut vdp = chip(false, false, 1);
    write_pattern(&mut vdp, 0, &SOLID8);
    let ys = [50, 51, 52, 53, 80, 81, 82, 83, 84, 54];
    let sat: Vec<[u8; 4]> = ys
        .iter()
        .enumerate()
        .map(|(n, &y)| entry(y, (n * 24) as u8, 0, 15, false))
        .collect();
    write_sat(&mut vdp, &sat);
    assert_eq!(frame_status(&mut vdp), 0xC9);

    // Sprite 9 lies on lines 55-62; lines 55-58 already hold sprites 0-3.
    let nine = &vdp.sprites()[9];
    assert_eq!(nine.y_px, 55);
    assert_eq!(nine.dropped_lines, vec![55, 56, 57, 58]);
    assert_eq!(pixel(&vdp, 9 * 24, 58), 1, "dropped: backdrop");
    assert_eq!(pixel(&vdp, 9 * 24, 59), 15, "shown again on line 59");
    let eight = &vdp.sprites()[8];
    assert_eq!(eight.dropped_lines, vec![85, 86, 87, 88]);
}

#[test]
fn colour_0_sprites_collide() {
    let mut vdp = chip(false, false, 4);
    write_pattern(&mut vdp, 0, &SOLID8);
    write_sat(
        &mut vdp,
        &[entry(99, 100, 0, 0, false), entry(103, 104, 0, 0, false)],
    );
    let s0 = frame_status(&mut vdp);
    assert_eq!(s0 & COLLISION, COLLISION);
    // Transparent: the frame is all backdrop.
    assert!(vdp.frame_indexed().iter().all(|&c| c == 4));
}

/// Sprites 0-3 fill line 101-108; sprite 4 overlaps sprite 0 there. It is neither drawn
/// nor counted for C. The control scene puts the same sprite in place of sprite 3, where
/// it is shown, and C is set.
#[test]
fn fifth_sprite_is_not_drawn_and_does_not_collide() {
    let mut vdp = chip(false, false, 1);
    write_pattern(&mut vdp, 0, &SOLID8);
    let first_four = [
        entry(100, 0, 0, 2, false),
        entry(100, 40, 0, 3, false),
        entry(100, 80, 0, 5, false),
        entry(100, 120, 0, 6, false),
    ];
    let mut sat = first_four.to_vec();
    sat.push(entry(100, 4, 0, 9, false));
    write_sat(&mut vdp, &sat);
    let s0 = frame_status(&mut vdp);
    assert_eq!(s0 & COLLISION, 0);
    assert_eq!(s0 & (FIFTH_SPRITE | 0x1F), FIFTH_SPRITE | 4);
    for y in 101..109 {
        assert_eq!(pixel(&vdp, 4, y), 2, "sprite 0 in front");
        assert_eq!(pixel(&vdp, 9, y), 1, "sprite 4 not drawn");
    }
    assert_eq!(
        vdp.sprites()[4].dropped_lines,
        (101..109).collect::<Vec<u16>>()
    );

    let mut control = chip(false, false, 1);
    write_pattern(&mut control, 0, &SOLID8);
    let mut sat = first_four[..3].to_vec();
    sat.push(entry(100, 4, 0, 9, false));
    write_sat(&mut control, &sat);
    let s0 = frame_status(&mut control);
    assert_eq!(s0 & COLLISION, COLLISION);
    assert_eq!(s0 & FIFTH_SPRITE, 0);
    assert_eq!(pixel(&control, 9, 101), 9);
}

#[test]
fn early_clock_overlap_left_of_x0_does_not_collide() {
    // A: EC X=28 covers x -4..3; B: EC X=24 covers -8..-1. Common pixels -4..-1 only.
    let mut vdp = chip(false, false, 1);
    write_pattern(&mut vdp, 0, &SOLID8);
    write_sat(
        &mut vdp,
        &[entry(50, 28, 0, 7, true), entry(50, 24, 0, 8, true)],
    );
    assert_eq!(frame_status(&mut vdp) & COLLISION, 0);
    assert_eq!(vdp.sprites()[0].x_px, -4);
    assert_eq!(pixel(&vdp, 0, 51), 7);
    assert_eq!(pixel(&vdp, 3, 51), 7);
    assert_eq!(pixel(&vdp, 4, 51), 1);

    // B one pixel further right (-7..0): they now share x = 0.
    write_sat(
        &mut vdp,
        &[entry(50, 28, 0, 7, true), entry(50, 25, 0, 8, true)],
    );
    assert_eq!(frame_status(&mut vdp) & COLLISION, COLLISION);
}

#[test]
fn overlap_at_x255_collides_past_it_does_not() {
    // A covers 248..255, B 255..262: they share x = 255 only.
    let mut vdp = chip(false, false, 1);
    write_pattern(&mut vdp, 0, &SOLID8);
    write_sat(
        &mut vdp,
        &[entry(50, 248, 0, 7, false), entry(50, 255, 0, 8, false)],
    );
    assert_eq!(frame_status(&mut vdp) & COLLISION, COLLISION);
    assert_eq!(pixel(&vdp, 255, 51), 7);

    // Columns 4-7 of A (x 256..259) and 2-7 of B (256..261): common pixels only past 255.
    write_pattern(&mut vdp, 1, &[0x0F; 8]);
    write_pattern(&mut vdp, 2, &[0x3F; 8]);
    write_sat(
        &mut vdp,
        &[entry(50, 252, 1, 7, false), entry(50, 254, 2, 8, false)],
    );
    assert_eq!(frame_status(&mut vdp) & COLLISION, 0);
}

/// Entry 3 holds Y = 208: entries 3-31 are not processed, whatever they hold, and with no
/// fifth sprite the number field reads 3.
#[test]
fn terminator_in_entry_3_ends_the_table() {
    let mut vdp = chip(false, false, 1);
    write_pattern(&mut vdp, 0, &SOLID8);
    let mut sat = [0u8; 128];
    for n in 0..32usize {
        // Every entry after the terminator sits on line 101-108 at x = 200: overlapping
        // and more than 4 on a line, were they processed.
        sat[4 * n..4 * n + 4].copy_from_slice(&entry(100, 200, 0, 9, false));
    }
    for n in 0..3usize {
        sat[4 * n..4 * n + 4].copy_from_slice(&entry(20, (n * 30) as u8, 0, 2, false));
    }
    sat[12] = 208;
    out_vram(&mut vdp, SAT, &sat);
    let s0 = frame_status(&mut vdp);
    assert_eq!(s0, F | 3);
    assert_eq!(vdp.sprites().len(), 3);
    assert_eq!(
        pixel(&vdp, 200, 101),
        1,
        "entries past the terminator are not drawn"
    );
    assert_eq!(pixel(&vdp, 0, 21), 2);
}

#[test]
fn no_terminator_and_no_fifth_sprite_reads_31() {
    let mut vdp = chip(false, false, 1);
    let sat: Vec<[u8; 4]> = (0..32).map(|n| entry(200, n * 8, 0, 2, false)).collect();
    write_sat(&mut vdp, &sat);
    assert_eq!(frame_status(&mut vdp), F | 31);
    assert_eq!(vdp.sprites().len(), 32);
}

/// 16x16 layout and MAG. Sprite 0's only pixel is pattern column 13 (right half: byte 16+5,
/// bit 2), row 5; magnified it covers x 126-127, lines 60-61 at X = 100, Y = 49. Sprite 1's
/// only pixel is column 0, row 0 (byte 0, bit 7); magnified at X = 127, Y = 60 it covers x
/// 127-128, lines 61-62. They share the single pixel (127, 61).
#[test]
fn magnified_16x16_single_pixel_overlap_in_right_half() {
    let scene = |x1: u8, y1: u8| {
        let mut vdp = chip(true, true, 1);
        let mut a = [0u8; 32];
        a[16 + 5] = 0b0000_0100;
        write_pattern(&mut vdp, 0, &a);
        let mut b = [0u8; 32];
        b[0] = 0x80;
        write_pattern(&mut vdp, 4, &b);
        // Pattern 5: the low two bits are ignored for 16x16, so this is pattern 4.
        write_sat(
            &mut vdp,
            &[entry(49, 100, 0, 6, false), entry(y1, x1, 5, 12, false)],
        );
        vdp
    };
    let mut vdp = scene(127, 60);
    assert_eq!(frame_status(&mut vdp) & COLLISION, COLLISION);
    for (x, y) in [(126, 60), (127, 60), (126, 61), (127, 61)] {
        assert_eq!(pixel(&vdp, x, y), 6, "sprite 0 at ({x},{y})");
    }
    assert_eq!(pixel(&vdp, 128, 61), 12);
    assert_eq!(pixel(&vdp, 125, 60), 1);
    assert_eq!(pixel(&vdp, 126, 59), 1);
    let a = &vdp.sprites()[0];
    assert_eq!((a.w_px, a.h_px, a.y_px), (32, 32, 50));
    assert_eq!(a.mask_rows[10], 0b11 << 26);
    assert_eq!(a.mask_rows[11], 0b11 << 26);
    assert_eq!(a.mask_rows.iter().filter(|&&r| r != 0).count(), 2);

    // One pixel right or one line lower: no common pixel.
    let mut right = scene(128, 60);
    assert_eq!(frame_status(&mut right) & COLLISION, 0);
    let mut lower = scene(127, 61);
    assert_eq!(frame_status(&mut lower) & COLLISION, 0);
}

#[test]
fn unmagnified_16x16_right_half_comes_from_bytes_16_to_31() {
    let mut vdp = chip(true, false, 1);
    let mut p = [0u8; 32];
    p[16] = 0x80; // right half, row 0, leftmost column: column 8
    p[15] = 0x01; // left half, row 15, rightmost column: column 7
    write_pattern(&mut vdp, 8, &p);
    write_sat(&mut vdp, &[entry(9, 40, 8, 13, false)]);
    frame_status(&mut vdp);
    assert_eq!(pixel(&vdp, 48, 10), 13);
    assert_eq!(pixel(&vdp, 47, 25), 13);
    assert_eq!(vdp.frame_indexed().iter().filter(|&&c| c == 13).count(), 2);
    let v = &vdp.sprites()[0];
    assert_eq!(v.mask_rows[0], 1 << 8);
    assert_eq!(v.mask_rows[15], 1 << 7);
}

#[test]
fn reading_status_clears_f_5s_and_c() {
    let mut vdp = chip(false, false, 1);
    write_pattern(&mut vdp, 0, &SOLID8);
    let sat: Vec<[u8; 4]> = (0..5).map(|n| entry(30, n * 4, 0, 2, false)).collect();
    write_sat(&mut vdp, &sat);
    vdp.read_status();
    vdp.run_frame();
    let s0 = vdp.read_status();
    assert_eq!(s0, F | FIFTH_SPRITE | COLLISION | 4);
    assert_eq!(
        vdp.peek_status(),
        4,
        "F, 5S and C cleared, fifth number kept"
    );
    assert_eq!(vdp.read_status(), 4);
}

/// Y = 191 puts the first row on line 192, which is never drawn but is checked.
#[test]
fn line_192_is_checked_but_not_drawn() {
    let mut vdp = chip(false, false, 1);
    write_pattern(&mut vdp, 0, &SOLID8);
    write_sat(
        &mut vdp,
        &[entry(191, 10, 0, 2, false), entry(191, 12, 0, 3, false)],
    );
    assert_eq!(frame_status(&mut vdp) & COLLISION, COLLISION);
    assert!(vdp.frame_indexed().iter().all(|&c| c == 1), "nothing drawn");
    assert_eq!(vdp.sprites()[0].y_px, 192);

    let sat: Vec<[u8; 4]> = (0..5).map(|n| entry(191, n * 20, 0, 2, false)).collect();
    write_sat(&mut vdp, &sat);
    let s0 = frame_status(&mut vdp);
    assert_eq!(s0 & (FIFTH_SPRITE | COLLISION | 0x1F), FIFTH_SPRITE | 4);
    assert_eq!(vdp.sprites()[4].dropped_lines, vec![192]);
}

/// The F rule (TMS9918.pdf via openMSX; Dragon Quest II): with F still set from the last
/// frame, a fifth sprite is not stored and the number field reads the scan end.
#[test]
fn fifth_sprite_is_stored_only_while_f_is_clear() {
    let mut vdp = chip(false, false, 1);
    write_pattern(&mut vdp, 0, &SOLID8);
    write_sat(&mut vdp, &[entry(200, 0, 0, 2, false)]);
    frame_status(&mut vdp);
    assert_eq!(vdp.peek_status(), F | 1);

    // F is still set (no read): five sprites on a line are not reported.
    let sat: Vec<[u8; 4]> = (0..6).map(|n| entry(60, n * 20, 0, 2, false)).collect();
    write_sat(&mut vdp, &sat);
    vdp.run_frame();
    assert_eq!(vdp.peek_status(), F | 6);

    // After a read they are.
    assert_eq!(frame_status(&mut vdp), F | FIFTH_SPRITE | 4);
    // 5S set and not read: the number stays even though the next frame differs.
    let sat: Vec<[u8; 4]> = (0..6).map(|n| entry(60 + n, n * 20, 0, 2, false)).collect();
    write_sat(&mut vdp, &sat);
    vdp.run_frame();
    assert_eq!(vdp.peek_status(), F | FIFTH_SPRITE | 4);
}

#[test]
fn collision_stays_set_until_read() {
    let mut vdp = chip(false, false, 1);
    write_pattern(&mut vdp, 0, &SOLID8);
    write_sat(
        &mut vdp,
        &[entry(20, 10, 0, 2, false), entry(20, 12, 0, 3, false)],
    );
    frame_status(&mut vdp);
    write_sat(
        &mut vdp,
        &[entry(20, 10, 0, 2, false), entry(20, 100, 0, 3, false)],
    );
    vdp.run_frame();
    assert_eq!(vdp.peek_status() & COLLISION, COLLISION);
    assert_eq!(frame_status(&mut vdp) & COLLISION, 0);
}
