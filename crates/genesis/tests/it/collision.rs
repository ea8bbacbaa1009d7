//! Status bit 5: opaque sprite pixels meeting in the active area (specs/genesis-vdp.md,
//! reference checks on collision).

use crate::common;
use common::*;
use genesis::{STATUS_COLLISION, Vdp};

fn collided(v: &Vdp) -> bool {
    v.peek_status() & STATUS_COLLISION != 0
}

/// Pattern 1: solid colour 1. Pattern 2: a single opaque pixel at (0, 0). Pattern 3:
/// solid except a transparent pixel at (7, 7).
fn with_cells(h40: bool) -> Vdp {
    let mut v = chip(h40, false);
    write_cells(
        &mut v,
        1,
        &[
            solid(1),
            dot(0, 0, 2),
            cell(|x, y| if x == 7 && y == 7 { 0 } else { 3 }),
        ],
    );
    v
}

#[test]
fn one_opaque_pixel_overlap_sets_bit_5() {
    let mut v = with_cells(true);
    write_chain(
        &mut v,
        &[Spr::at(100, 100, 1, 1, 1), Spr::at(107, 107, 1, 1, 2)],
    );
    v.run_frame();
    assert!(collided(&v));
    assert_eq!(v.first_collision_line(), Some(107));
}

#[test]
fn overlap_only_where_one_is_transparent_does_not_set_bit_5() {
    let mut v = with_cells(true);
    // Boxes overlap at exactly one pixel, (107, 107): sprite 0's pixel (7, 7) there is
    // transparent, sprite 1's pixel (0, 0) is opaque.
    write_chain(
        &mut v,
        &[Spr::at(100, 100, 1, 1, 3), Spr::at(107, 107, 1, 1, 2)],
    );
    v.run_frame();
    assert!(!collided(&v));
    assert_eq!(v.first_collision_line(), None);
    // And the other way round: transparent (7, 7) is now the later sprite's.
    write_chain(
        &mut v,
        &[Spr::at(107, 107, 1, 1, 2), Spr::at(100, 100, 1, 1, 3)],
    );
    v.run_frame();
    assert!(!collided(&v));
}

#[test]
fn boxes_overlapping_with_transparent_pixels_only_do_not_collide() {
    let mut v = with_cells(true);
    // Two single-dot sprites whose boxes overlap almost completely, dots apart.
    write_cells(&mut v, 4, &[dot(5, 5, 9)]);
    write_chain(
        &mut v,
        &[Spr::at(50, 50, 1, 1, 2), Spr::at(51, 50, 1, 1, 4)],
    );
    v.run_frame();
    assert!(!collided(&v));
}

#[test]
fn touching_edges_do_not_set_bit_5() {
    let mut v = with_cells(true);
    write_chain(
        &mut v,
        &[
            Spr::at(100, 100, 1, 1, 1),
            Spr::at(108, 100, 1, 1, 1),
            Spr::at(100, 108, 1, 1, 1),
            Spr::at(92, 92, 1, 1, 1),
        ],
    );
    v.run_frame();
    assert!(!collided(&v));
    // One pixel closer collides.
    write_chain(
        &mut v,
        &[Spr::at(100, 100, 1, 1, 1), Spr::at(107, 100, 1, 1, 1)],
    );
    v.run_frame();
    assert!(collided(&v));
}

#[test]
fn palette_and_priority_do_not_matter() {
    let mut v = with_cells(true);
    let mut a = Spr::at(60, 60, 1, 1, 1).palette(3);
    a.priority = true;
    let b = Spr::at(62, 62, 1, 1, 1).palette(1);
    write_chain(&mut v, &[a, b]);
    v.run_frame();
    assert!(collided(&v));
    assert_eq!(v.first_collision_line(), Some(62));
}

#[test]
fn collision_left_of_the_screen_does_not_set_bit_5() {
    let mut v = with_cells(true);
    // Raw X < 128: fully left of the screen, overlapping each other completely.
    write_chain(
        &mut v,
        &[Spr::at(-8, 40, 1, 1, 1), Spr::at(-8, 40, 1, 1, 1)],
    );
    v.run_frame();
    assert!(!collided(&v));
    // Partly visible sprites overlapping only in the off-screen columns -6..-1.
    write_chain(
        &mut v,
        &[Spr::at(-8, 40, 1, 1, 1), Spr::at(-6, 40, 1, 1, 1)],
    );
    v.run_frame();
    assert!(!collided(&v));
    // Their overlap reaches column 0: collision.
    write_chain(
        &mut v,
        &[Spr::at(-7, 40, 1, 1, 1), Spr::at(-4, 40, 1, 1, 1)],
    );
    v.run_frame();
    assert!(collided(&v));
}

#[test]
fn collision_right_of_the_screen_does_not_set_bit_5() {
    let mut v = with_cells(true);
    write_chain(
        &mut v,
        &[Spr::at(320, 40, 1, 1, 1), Spr::at(322, 40, 1, 1, 1)],
    );
    v.run_frame();
    assert!(!collided(&v));
    write_chain(
        &mut v,
        &[Spr::at(318, 40, 1, 1, 1), Spr::at(319, 40, 1, 1, 1)],
    );
    v.run_frame();
    assert!(collided(&v));
}

#[test]
fn h32_columns_256_to_319_are_outside_the_active_area() {
    let mut v = with_cells(false);
    write_chain(
        &mut v,
        &[Spr::at(260, 40, 1, 1, 1), Spr::at(262, 40, 1, 1, 1)],
    );
    v.run_frame();
    assert!(
        !collided(&v),
        "BlastEm counts these; the model follows the active area"
    );
    write_chain(
        &mut v,
        &[Spr::at(250, 40, 1, 1, 1), Spr::at(254, 40, 1, 1, 1)],
    );
    v.run_frame();
    assert!(collided(&v));
}

#[test]
fn collision_above_or_below_the_active_lines_does_not_set_bit_5() {
    let mut v = with_cells(true);
    write_chain(
        &mut v,
        &[
            Spr::at(40, -8, 1, 1, 1),
            Spr::at(40, -6, 1, 1, 1),
            Spr::at(80, 224, 1, 1, 1),
            Spr::at(80, 226, 1, 1, 1),
        ],
    );
    v.run_frame();
    assert!(!collided(&v));
    // The same pair at line 224 collides in V30, where 224-239 are active.
    v.write_register(1, 0x4C);
    v.run_frame();
    assert!(collided(&v));
    assert_eq!(v.first_collision_line(), Some(226));
}

#[test]
fn first_collision_line_is_the_topmost_colliding_line() {
    let mut v = with_cells(true);
    write_chain(
        &mut v,
        &[
            Spr::at(10, 150, 1, 1, 1),
            Spr::at(12, 152, 1, 1, 1),
            Spr::at(200, 30, 1, 1, 2),
            Spr::at(200, 30, 1, 1, 2),
        ],
    );
    v.run_frame();
    assert_eq!(v.first_collision_line(), Some(30));
}
