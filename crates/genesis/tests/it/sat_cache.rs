//! The internal SAT cache: Y, size and link from an on-chip copy updated only by VRAM
//! writes inside the SAT window current at the write; register 5 changes do not reload it.

use crate::common;
use common::*;
use genesis::{ImageSizeError, Vdp};

const OTHER_SAT: u16 = 0xE000;

/// A view entry: sprite number, X and lines.
type State = (u8, i32, Option<(u16, u16)>);

#[test]
fn writes_inside_the_window_update_the_cache() {
    let mut v = chip(true, false);
    let s = Spr::at(10, 20, 2, 3, 5);
    write_entry(&mut v, 7, &s);
    let e = &v.sat_cache()[7 * 4..7 * 4 + 4];
    assert_eq!(e, &s.encode()[0..4]);
    // Bytes 4-7 are not cached.
    assert!(v.sat_cache()[..7 * 4].iter().all(|&b| b == 0));
}

#[test]
fn writes_outside_the_window_do_not_update_the_cache() {
    let mut v = chip(true, false);
    v.write_vram(OTHER_SAT, &Spr::at(10, 20, 2, 3, 5).encode());
    // Just past 80 entries.
    v.write_vram(SAT + 640, &[0xFF; 8]);
    v.write_vram(SAT - 8, &[0xFF; 8]);
    assert!(v.sat_cache().iter().all(|&b| b == 0));
}

#[test]
fn changing_register_5_does_not_reload_the_cache() {
    let mut v = chip(true, false);
    write_cells(&mut v, 1, &[solid(1)]);
    write_cells(&mut v, 9, &[solid(9), solid(9), solid(9), solid(9)]);
    // Table A (current): sprite 0 at (10, 20), 1x1, pattern 1.
    write_entry(&mut v, 0, &Spr::at(10, 20, 1, 1, 1));
    // Table B written while A is current: sprite 0 at (100, 120), 2x2, pattern 9.
    v.write_vram(OTHER_SAT, &Spr::at(100, 120, 2, 2, 9).encode());
    v.write_register(5, (OTHER_SAT >> 9) as u8);
    v.run_frame();
    // Y and size still from A's cached bytes; X and attributes from B in VRAM.
    let s = &v.sprites()[0];
    assert_eq!((s.x_px, s.y_px, s.w_px, s.h_px), (100, 20, 8, 8));
    assert_eq!(s.pattern, 9);
    assert_eq!(px(&v, 100, 20), 9);
    assert_eq!(px(&v, 100, 120), 0);

    // Rewriting B's first bytes now that B is current updates the cache.
    v.write_vram(OTHER_SAT, &Spr::at(100, 120, 2, 2, 9).encode()[0..4]);
    v.run_frame();
    let s = &v.sprites()[0];
    assert_eq!((s.x_px, s.y_px, s.w_px, s.h_px), (100, 120, 16, 16));
    assert_eq!(px(&v, 100, 120), 9);
}

#[test]
fn x_and_attributes_are_read_from_vram_live() {
    let mut v = chip(true, false);
    write_cells(&mut v, 1, &[solid(1), solid(2)]);
    write_entry(&mut v, 0, &Spr::at(10, 20, 1, 1, 1));
    v.run_frame();
    assert_eq!(px(&v, 10, 20), 1);
    // Rewrite X and pattern only (bytes 4-7).
    v.write_vram(SAT + 4, &Spr::at(50, 20, 1, 1, 2).encode()[4..8]);
    v.run_frame();
    assert_eq!(px(&v, 10, 20), 0);
    assert_eq!(px(&v, 50, 20), 2);
}

#[test]
fn the_cache_follows_port_writes_too() {
    let mut v = chip(true, false);
    write_cells(&mut v, 1, &[solid(4)]);
    port_write_vram(&mut v, SAT, &Spr::at(33, 44, 1, 1, 1).encode());
    v.run_frame();
    assert_eq!(px(&v, 33, 44), 4);
}

#[test]
fn h40_forces_a9_to_zero() {
    let mut v = chip(true, false);
    v.write_register(5, 0x7D);
    assert_eq!(v.registers().sat_base(), 0xF800);
    v.write_register(12, 0);
    assert_eq!(v.registers().sat_base(), 0xFA00);
}

#[test]
fn a_vram_image_counts_as_writing_every_byte() {
    let mut v = chip(true, false);
    let mut image = vec![0u8; 0x1_0000];
    image[32..64].copy_from_slice(&solid(6));
    let s = Spr::at(70, 80, 1, 1, 1);
    image[usize::from(SAT)..usize::from(SAT) + 8].copy_from_slice(&s.encode());
    v.load_vram(&image).unwrap();
    assert_eq!(&v.sat_cache()[0..4], &s.encode()[0..4]);
    v.run_frame();
    assert_eq!(px(&v, 70, 80), 6);
    assert_eq!(
        v.load_vram(&image[..100]),
        Err(ImageSizeError {
            memory: "VRAM",
            expected: 65536,
            got: 100
        })
    );
    assert!(Vdp::new().load_cram(&[0; 127]).is_err());
    let mut c = Vdp::new();
    let mut cram = [0u8; 128];
    cram[2] = 0x0E;
    cram[3] = 0x0E;
    c.load_cram(&cram).unwrap();
    assert_eq!(c.cram()[1], 0x0E0E & 0x0EEE);
}

#[test]
fn registers_set_before_a_dump_decide_the_window() {
    // The harness applies registers first, then the dump: the cache follows the dump's
    // table at the register-5 base, not a table elsewhere in the image.
    let mut v = chip(true, false);
    let mut image = vec![0u8; 0x1_0000];
    let here = Spr::at(5, 6, 1, 1, 1);
    let elsewhere = Spr::at(50, 60, 1, 1, 1);
    image[usize::from(SAT)..usize::from(SAT) + 8].copy_from_slice(&here.encode());
    image[usize::from(OTHER_SAT)..usize::from(OTHER_SAT) + 8].copy_from_slice(&elsewhere.encode());
    v.load_vram(&image).unwrap();
    v.run_frame();
    assert_eq!((v.sprites()[0].x_px, v.sprites()[0].y_px), (5, 6));
}

#[test]
fn a_table_write_between_lines_is_seen_from_the_next_line() {
    // Driven line by line (the program board's way): two 1x1 solid sprites at (10, 20)
    // and (100, 20), apart; sprite 1 is moved onto sprite 0 (X 14, rows 20-27) between
    // lines 23 and 24. The chip walks the table on every line, so lines 24-27 draw it
    // at the new place and the sprites meet first on line 24; lines 20-23 show it at
    // X 100.
    let mut v = chip(false, false);
    write_cells(&mut v, 1, &[solid(1), solid(2)]);
    write_chain(
        &mut v,
        &[Spr::at(10, 20, 1, 1, 1), Spr::at(100, 20, 1, 1, 2)],
    );
    for _ in 0..24 {
        v.step_line();
    }
    assert_eq!(v.first_collision_line(), None);
    let mut moved = Spr::at(14, 20, 1, 1, 2);
    moved.link = 0;
    write_entry(&mut v, 1, &moved);
    // To the start of vertical blank, where the frame's view is made.
    while v.line() <= 224 {
        v.step_line();
    }
    assert_eq!(v.first_collision_line(), Some(24));
    // Line 23: sprite 1 still at X 100; line 24: at 14 over sprite 0's 10-17 (sprite 0
    // is first in the list, so its pixels win: colour 1 at 14, colour 2 at 18).
    assert_eq!((px(&v, 100, 23), px(&v, 100, 24)), (2, 0));
    assert_eq!((px(&v, 14, 24), px(&v, 18, 24)), (1, 2));
    // The view lists sprite 1 in both states with the lines each was shown on, clipped
    // to its rows: at (100, 20) on lines 20-23, at (14, 20) on 24-27; sprite 0, the same
    // throughout, once.
    let states: Vec<State> = v
        .sprites()
        .iter()
        .map(|s| (s.number, s.x_px, s.lines))
        .collect();
    assert_eq!(
        states,
        [
            (1, 100, Some((20, 23))),
            (0, 10, None),
            (1, 14, Some((24, 27)))
        ]
    );
    for s in v.sprites() {
        assert!(s.not_drawn.is_empty(), "every row of each state was drawn");
        assert!(s.any_drawn());
    }
    // Rows outside a state's lines are not part of it.
    assert_eq!(v.sprites()[0].drawn_row(4), 0);
    assert_ne!(v.sprites()[2].drawn_row(4), 0);
}
