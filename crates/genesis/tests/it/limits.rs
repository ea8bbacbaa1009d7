//! Per-line sprite-count limit (status bit 6) and pixel budget with its cell-boundary cut
//! (specs/genesis-vdp.md, "sprites per line", "pixel budget", "overflow").

use crate::common;
use common::*;
use genesis::{Reason, STATUS_COLLISION, STATUS_OVERFLOW, Vdp};

fn flags(v: &Vdp) -> (bool, bool) {
    let s = v.peek_status();
    (s & STATUS_COLLISION != 0, s & STATUS_OVERFLOW != 0)
}

/// `n` solid 8x8 sprites side by side at x = 16 * i on line 50 (colour 1, pattern 1).
fn row_of(n: usize) -> Vec<Spr> {
    (0..n)
        .map(|i| Spr::at(16 * i as i32, 50, 1, 1, 1))
        .collect()
}

#[test]
fn twenty_sprites_on_a_line_in_h40_do_not_overflow() {
    let mut v = chip(true, false);
    write_cells(&mut v, 1, &[solid(1)]);
    write_chain(&mut v, &row_of(20));
    v.run_frame();
    assert_eq!(flags(&v), (false, false));
    assert_eq!(v.first_overflow_line(), None);
    for i in 0..20 {
        assert_eq!(px(&v, 16 * i, 50), 1);
    }
}

#[test]
fn the_21st_sprite_in_h40_sets_bit_6_and_is_not_drawn() {
    let mut v = chip(true, false);
    write_cells(&mut v, 1, &[solid(1), solid(2)]);
    let mut sprites = row_of(20);
    // 21st at a free spot (x = 8..16), colour 2.
    sprites.push(Spr::at(8, 50, 1, 1, 2));
    write_chain(&mut v, &sprites);
    v.run_frame();
    assert_eq!(flags(&v), (false, true));
    assert_eq!(v.first_overflow_line(), Some(50));
    for y in 50..58 {
        for x in 8..16 {
            assert_eq!(px(&v, x, y), 0, "21st sprite drawn at ({x}, {y})");
        }
    }
    let view = &v.sprites()[20];
    for line in 50..58 {
        assert!(listed(view, line, 0, Reason::LineLimit));
        assert!(listed(view, line, 7, Reason::LineLimit));
    }
    assert!(!view.any_drawn());
}

#[test]
fn the_21st_sprite_cannot_collide() {
    let mut v = chip(true, false);
    write_cells(&mut v, 1, &[solid(1)]);
    let mut sprites = row_of(20);
    // Right on top of sprite 0.
    sprites.push(Spr::at(0, 50, 1, 1, 1));
    write_chain(&mut v, &sprites);
    v.run_frame();
    assert_eq!(flags(&v), (false, true));
    // One line lower it shares no line with the others' first line... and still covers
    // lines 51-57 where 20 others are: still dropped, still no collision.
    sprites[20] = Spr::at(0, 51, 1, 1, 1);
    write_chain(&mut v, &sprites);
    v.read_status();
    v.run_frame();
    assert_eq!(flags(&v), (false, true));
    assert_eq!(v.first_overflow_line(), Some(51));
    // Its line 58, below the others, has room: it is drawn there (no collision, alone).
    assert_eq!(px(&v, 0, 58), 1);
}

#[test]
fn the_17th_sprite_in_h32_sets_bit_6() {
    let mut v = chip(false, false);
    write_cells(&mut v, 1, &[solid(1)]);
    write_chain(&mut v, &row_of(16));
    v.run_frame();
    assert_eq!(flags(&v), (false, false));
    let mut sprites = row_of(16);
    sprites.push(Spr::at(8, 50, 1, 1, 1));
    write_chain(&mut v, &sprites);
    v.run_frame();
    assert_eq!(flags(&v), (false, true));
    assert_eq!(px(&v, 8, 50), 0);
}

#[test]
fn eleven_32px_sprites_in_h40_the_11th_gets_no_cells_and_bit_6_stays_clear() {
    let mut v = chip(true, false);
    write_cells(
        &mut v,
        1,
        &[solid(1), solid(1), solid(1), solid(1), solid(5)],
    );
    // Ten 32-px sprites fill 0..320 exactly (40 cells); the 11th lies on top of them.
    let mut sprites: Vec<Spr> = (0..10).map(|i| Spr::at(32 * i, 80, 4, 1, 1)).collect();
    sprites.push(Spr::at(100, 80, 4, 1, 1));
    write_chain(&mut v, &sprites);
    v.run_frame();
    // Not drawn, so it cannot collide; the pixel budget does not set bit 6.
    assert_eq!(flags(&v), (false, false));
    let view = &v.sprites()[10];
    for line in 80..88 {
        assert!(listed(view, line, 0, Reason::PixelBudget));
        assert!(listed(view, line, 31, Reason::PixelBudget));
    }
}

/// Ten sprites parked left of the screen (raw X = 1, so not the X = 0 mask) use 37 cells of
/// the 40 on lines 80-87: one 1-cell sprite and nine 4-cell sprites.
fn budget_eaters() -> Vec<Spr> {
    let mut s = vec![Spr::at(0, 80, 1, 1, 1).raw_x(1)];
    s.extend((0..9).map(|_| Spr::at(0, 80, 4, 1, 1).raw_x(1)));
    s
}

#[test]
fn the_sprite_crossing_the_budget_is_cut_at_a_cell_boundary() {
    let mut v = chip(true, false);
    // Cells 10-13: the 11th sprite's four columns, colours 1-4.
    write_cells(&mut v, 10, &[solid(1), solid(2), solid(3), solid(4)]);
    let mut sprites = budget_eaters();
    sprites.push(Spr::at(100, 80, 4, 1, 10));
    write_chain(&mut v, &sprites);
    v.run_frame();
    assert_eq!(flags(&v), (false, false));
    for y in 80..88 {
        for x in 0..24 {
            assert_eq!(px(&v, 100 + x, y), (x / 8 + 1) as u8);
        }
        for x in 24..32 {
            assert_eq!(px(&v, 100 + x, y), 0, "cell 4 must be cut");
        }
    }
    let view = &v.sprites()[10];
    assert!(listed(view, 80, 24, Reason::PixelBudget));
    assert!(!listed(view, 80, 23, Reason::PixelBudget));
    // The eaters are off-screen, not budget-cut.
    assert!(listed(&v.sprites()[3], 80, 0, Reason::OffScreen));
}

#[test]
fn an_h_flipped_sprite_cut_by_the_budget_keeps_its_first_pattern_columns() {
    let mut v = chip(true, false);
    write_cells(&mut v, 10, &[solid(1), solid(2), solid(3), solid(4)]);
    let mut sprites = budget_eaters();
    sprites.push(Spr::at(100, 80, 4, 1, 10).flips(true, false));
    write_chain(&mut v, &sprites);
    v.run_frame();
    // Pattern columns 0-2 are fetched; flipped they sit at screen cells 3, 2, 1.
    for x in 0..8 {
        assert_eq!(px(&v, 100 + x, 80), 0);
    }
    for x in 8..32 {
        assert_eq!(px(&v, 100 + x, 80), (4 - x / 8) as u8);
    }
    let view = &v.sprites()[10];
    assert!(listed(view, 80, 0, Reason::PixelBudget));
    assert!(listed(view, 80, 7, Reason::PixelBudget));
    assert!(!listed(view, 80, 8, Reason::PixelBudget));
}

#[test]
fn h32_budget_is_32_cells() {
    let mut v = chip(false, false);
    write_cells(&mut v, 10, &[solid(1), solid(2)]);
    // 31 cells off-screen: seven 4-cell sprites and three 1-cell sprites (10 sprites).
    let mut sprites: Vec<Spr> = (0..7).map(|_| Spr::at(0, 20, 4, 1, 1).raw_x(1)).collect();
    sprites.extend((0..3).map(|_| Spr::at(0, 20, 1, 1, 1).raw_x(1)));
    sprites.push(Spr::at(60, 20, 2, 1, 10));
    write_chain(&mut v, &sprites);
    v.run_frame();
    assert_eq!(px(&v, 60, 20), 1);
    assert_eq!(px(&v, 68, 20), 0);
}

#[test]
fn masked_and_off_screen_sprites_use_the_budget() {
    let mut v = chip(true, false);
    write_cells(&mut v, 1, &[solid(1)]);
    write_cells(&mut v, 10, &[solid(2), solid(2)]);
    // Line 80: an on-screen 1-cell sprite (X != 0), an X = 0 mask (1 cell), then 38 cells
    // of masked sprites.
    let mut sprites = vec![Spr::at(200, 80, 1, 1, 1), Spr::at(0, 80, 1, 1, 1).raw_x(0)];
    sprites.extend((0..9).map(|i| Spr::at(8 * i, 80, 4, 1, 1)));
    sprites.push(Spr::at(90, 80, 2, 1, 1));
    // Line 88: a 2-cell sprite visible wherever its line is within budget.
    sprites.push(Spr::at(150, 80, 2, 2, 10));
    write_chain(&mut v, &sprites);
    v.run_frame();
    // Lines 80-87: 40 cells used before the last sprite: cut entirely.
    let last = &v.sprites()[12];
    assert!(listed(last, 80, 0, Reason::PixelBudget));
    assert_eq!(px(&v, 150, 80), 0);
    // Line 88: only it; drawn.
    assert_eq!(px(&v, 150, 88), 2);
    // The masked sprites were not drawn.
    assert_eq!(px(&v, 0, 80), 0);
    assert!(listed(&v.sprites()[2], 80, 0, Reason::Masked));
    assert_eq!(px(&v, 200, 80), 1);
    assert_eq!(flags(&v), (false, false));
}
