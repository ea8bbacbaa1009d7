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

/// The scales are read at each frame's start: one chip with its scales changed between
/// frames shows each frame at that frame's scale.
#[test]
fn scales_changed_between_frames_take_effect_the_next_frame() {
    let mut vera = pair_at(100, 100, 128, 128);
    assert_eq!(pixel(&vera, 100, 100), 7);
    assert_eq!(pixel(&vera, 200, 200), 0);
    for (hscale, vscale, shown, blank) in [
        // 2x: sprite pixel (100, 100) at output (200, 200); (100, 100) shows (50, 50).
        (64, 64, (200, 200), (100, 100)),
        (64, 64, (200, 200), (100, 100)),
        // 2x across only: (200, 100).
        (64, 128, (200, 100), (100, 100)),
        // Back to 1:1.
        (128, 128, (100, 100), (200, 200)),
        // 2x down only: (100, 200).
        (128, 64, (100, 200), (100, 100)),
    ] {
        vera.write_reg(DC_HSCALE, hscale);
        vera.write_reg(DC_VSCALE, vscale);
        vera.run_frame();
        let at = format!("{hscale}/{vscale}");
        assert_eq!(pixel(&vera, shown.0, shown.1), 7, "{at}");
        assert_eq!(pixel(&vera, blank.0, blank.1), 0, "{at}");
        assert_eq!(nibble(&vera), 1, "{at}");
    }
}
