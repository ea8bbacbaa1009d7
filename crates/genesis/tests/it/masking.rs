//! The X = 0 masking rule and its previous-line condition (specs/genesis-vdp.md,
//! "masking"; Nemesis' masking test ROM cases 4-6).

use crate::common;
use common::*;
use genesis::{Reason, Vdp};

/// Pattern 1 solid colour 1 (the visible sprite), pattern 2 solid colour 2 (masks).
fn masking_chip() -> Vdp {
    let mut v = chip(true, false);
    write_cells(&mut v, 1, &[solid(1), solid(2)]);
    v
}

/// A mask sprite: raw X = 0 (entirely left of the screen).
fn mask_at(y_px: i32) -> Spr {
    Spr::at(0, y_px, 1, 1, 2).raw_x(0)
}

/// Sprites parked at raw X = 1 (off-screen, not masks) that use all 40 cells on lines
/// y..y+8.
fn overrun_at(y_px: i32) -> Vec<Spr> {
    (0..10)
        .map(|_| Spr::at(0, y_px, 4, 1, 2).raw_x(1))
        .collect()
}

#[test]
fn x0_as_the_first_sprite_of_a_line_masks_nothing() {
    let mut v = masking_chip();
    write_chain(&mut v, &[mask_at(40), Spr::at(100, 40, 1, 1, 1)]);
    v.run_frame();
    assert_eq!(px(&v, 100, 40), 1);
    assert!(v.sprites()[1].not_drawn.is_empty());
}

#[test]
fn x0_after_an_x_nonzero_sprite_masks_later_ones() {
    let mut v = masking_chip();
    write_chain(
        &mut v,
        &[
            Spr::at(20, 40, 1, 1, 2),
            mask_at(40),
            Spr::at(100, 40, 1, 1, 1),
            Spr::at(120, 40, 1, 1, 1),
        ],
    );
    v.run_frame();
    assert_eq!(px(&v, 20, 40), 2, "the sprite before the mask is drawn");
    assert_eq!(px(&v, 100, 40), 0);
    assert_eq!(px(&v, 120, 40), 0);
    for i in [2, 3] {
        for line in 40..48 {
            assert!(listed(&v.sprites()[i], line, 0, Reason::Masked));
        }
    }
    // The earlier X != 0 sprite may itself be off-screen.
    write_chain(
        &mut v,
        &[
            Spr::at(0, 40, 1, 1, 2).raw_x(5),
            mask_at(40),
            Spr::at(100, 40, 1, 1, 1),
        ],
    );
    v.run_frame();
    assert_eq!(px(&v, 100, 40), 0);
}

#[test]
fn masked_sprites_cannot_collide() {
    let mut v = masking_chip();
    write_chain(
        &mut v,
        &[
            Spr::at(20, 40, 1, 1, 2),
            mask_at(40),
            Spr::at(100, 40, 1, 1, 1),
            Spr::at(100, 40, 1, 1, 1),
        ],
    );
    v.run_frame();
    assert_eq!(v.peek_status() & genesis::STATUS_COLLISION, 0);
}

#[test]
fn x0_after_a_line_that_ran_out_of_pixels_masks_even_as_the_first() {
    let mut v = masking_chip();
    // Lines 32-39 use all 40 cells; line 40 starts with a mask.
    let mut sprites = overrun_at(32);
    sprites.push(mask_at(40));
    sprites.push(Spr::at(100, 40, 1, 1, 1));
    write_chain(&mut v, &sprites);
    v.run_frame();
    // Line 40 follows an overrun line: masked. Line 41 follows line 40 (2 cells): not.
    assert_eq!(px(&v, 100, 40), 0);
    for y in 41..48 {
        assert_eq!(px(&v, 100, y), 1);
    }
    let view = &v.sprites()[11];
    assert!(listed(view, 40, 0, Reason::Masked));
    assert!(!listed(view, 41, 0, Reason::Masked));
}

#[test]
fn a_line_that_fits_its_budget_exactly_counts_as_run_out() {
    // 40 cells exactly, nothing left unfetched: GPGX (pixelcount >= max), jgenesis and
    // BlastEm (no free render slot) all carry the masking state.
    let mut v = masking_chip();
    let mut sprites: Vec<Spr> = (0..9).map(|_| Spr::at(0, 32, 4, 1, 2).raw_x(1)).collect();
    sprites.push(Spr::at(0, 32, 4, 1, 2).raw_x(1));
    sprites.push(mask_at(40));
    sprites.push(Spr::at(100, 40, 1, 1, 1));
    write_chain(&mut v, &sprites);
    v.run_frame();
    assert_eq!(px(&v, 100, 40), 0);
    // 39 cells: not run out, no masking.
    sprites[9] = Spr::at(0, 32, 3, 1, 2).raw_x(1);
    write_chain(&mut v, &sprites);
    v.run_frame();
    assert_eq!(px(&v, 100, 40), 1);
}

#[test]
fn masked_sprites_use_budget_and_so_carry_the_masking_state() {
    // Line 32: an X != 0 sprite (1 cell), a mask (1 cell), 38 cells of masked sprites:
    // 40 cells used, so line 40's first-sprite mask hides the sprite after it.
    let mut v = masking_chip();
    let mut sprites = vec![Spr::at(200, 32, 1, 1, 2), mask_at(32)];
    sprites.extend((0..9).map(|_| Spr::at(50, 32, 4, 1, 2)));
    sprites.push(Spr::at(50, 32, 2, 1, 2));
    sprites.push(mask_at(40));
    sprites.push(Spr::at(100, 40, 1, 1, 1));
    write_chain(&mut v, &sprites);
    v.run_frame();
    assert_eq!(px(&v, 100, 40), 0);
    assert_eq!(px(&v, 100, 41), 1);
}

#[test]
fn mask_after_overrun_then_x_nonzero_does_not_unmask() {
    // The masking state from the previous line stays for the whole line.
    let mut v = masking_chip();
    let mut sprites = overrun_at(32);
    sprites.push(Spr::at(60, 40, 1, 1, 1));
    sprites.push(mask_at(40));
    sprites.push(Spr::at(100, 40, 1, 1, 1));
    write_chain(&mut v, &sprites);
    v.run_frame();
    assert_eq!(px(&v, 60, 40), 1);
    assert_eq!(px(&v, 100, 40), 0);
}

/// Lines 216-223 (the last active lines in V28) run out of pixels; line 0 starts with a
/// mask followed by a visible sprite.
fn wraparound_scene() -> Vdp {
    let mut v = masking_chip();
    let mut sprites = overrun_at(216);
    sprites.push(mask_at(0));
    sprites.push(Spr::at(100, 0, 1, 1, 1));
    write_chain(&mut v, &sprites);
    v
}

#[test]
fn a_fresh_chip_starts_line_0_with_no_carried_state() {
    let mut v = wraparound_scene();
    v.run_frame();
    assert_eq!(px(&v, 100, 0), 1);
    assert!(v.last_line_overran());
}

#[test]
fn line_0_inherits_the_last_active_line_in_consecutive_frames() {
    let mut v = wraparound_scene();
    v.run_frame();
    v.run_frame();
    assert_eq!(px(&v, 100, 0), 0, "line 0 of the second frame is masked");
    assert_eq!(px(&v, 100, 1), 1);
    assert!(listed(&v.sprites()[11], 0, 0, Reason::Masked));
}

#[test]
fn a_frame_with_the_display_disabled_clears_the_carried_state() {
    let mut v = wraparound_scene();
    v.run_frame();
    v.write_register(1, 0x04);
    v.run_frame();
    v.write_register(1, 0x44);
    v.run_frame();
    assert_eq!(px(&v, 100, 0), 1);
}
