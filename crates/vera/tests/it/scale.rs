//! DC_HSCALE / DC_VSCALE: collisions stay in sprite space while the picture is scaled.

use crate::common;

use common::*;
use vera::Vera;
use vera::registers::{DC_HSCALE, DC_VSCALE};

const SOLID: u32 = 0x1_0000;

fn pair_at(x: u16, y: u16, hscale: u8, vscale: u8) -> Vera {
    let mut vera = Vera::default();
    enable_sprites(&mut vera);
    vera.write_reg(DC_HSCALE, hscale);
    vera.write_reg(DC_VSCALE, vscale);
    solid8(&mut vera, SOLID, 8, 8, 7);
    write_sprite(&mut vera, 0, &Attr::new8(SOLID, x, y, 0x1));
    write_sprite(&mut vera, 1, &Attr::new8(SOLID, x + 4, y + 4, 0x1));
    vera.run_frame();
    vera
}

#[test]
fn double_height_never_renders_sprite_lines_240_and_below() {
    let top = pair_at(100, 100, 128, 64);
    assert_eq!(nibble(&top), 1);
    // Sprite line 100 is shown on output lines 200 and 201.
    assert_eq!(pixel(&top, 100, 199), 0);
    assert_eq!(pixel(&top, 100, 200), 7);
    assert_eq!(pixel(&top, 100, 215), 7);
    assert_eq!(pixel(&top, 100, 216), 0);
    let low = pair_at(100, 300, 128, 64);
    assert_eq!(nibble(&low), 0, "line 300 is never rendered at 2x");
    assert!(low.frame_indexed().iter().all(|&p| p == 0));
    assert_eq!(nibble(&pair_at(100, 300, 128, 128)), 1);
}

#[test]
fn double_width_hides_the_right_half_but_it_still_collides() {
    let right = pair_at(400, 100, 64, 128);
    assert_eq!(nibble(&right), 1);
    assert!(right.frame_indexed().iter().all(|&p| p == 0));
    let left = pair_at(100, 100, 64, 128);
    assert_eq!(pixel(&left, 199, 100), 0);
    assert_eq!(pixel(&left, 200, 100), 7);
    assert_eq!(pixel(&left, 215, 100), 7);
    assert_eq!(pixel(&left, 216, 100), 0);
    // On line 104 sprite 1 (x 104..111) extends it to output column 223.
    assert_eq!(pixel(&left, 223, 104), 7);
    assert_eq!(pixel(&left, 224, 104), 0);
}

#[test]
fn shrinking_renders_sprite_line_480() {
    // Sprite 0 covers lines 476..483, sprite 1 lines 480..487: they meet only on sprite
    // lines 480..483. At 1:1 those are never rendered; at DC_VSCALE 255 the last line
    // rendered is 480.
    assert_eq!(nibble(&pair_at(100, 476, 128, 128)), 0);
    assert_eq!(nibble(&pair_at(100, 476, 128, 255)), 1);
    assert_eq!(
        nibble(&pair_at(100, 477, 128, 255)),
        0,
        "line 481 is not rendered"
    );
}
