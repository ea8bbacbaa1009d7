//! The same scenes under the FPGA's behaviour and the x16-emulator's, where they differ
//! and where they agree.

use crate::common;

use common::*;
use vera::registers::{CTRL, DC_VIDEO, ISR};
use vera::{Quirks, Vera};

const SOLID: u32 = 0x1_0000;

fn run(quirks: Quirks, dc_video: u8, scene: impl Fn(&mut Vera)) -> Vera {
    let mut vera = Vera::new(quirks);
    solid8(&mut vera, SOLID, 8, 8, 7);
    solid8(&mut vera, SOLID + 64, 8, 8, 9);
    scene(&mut vera);
    vera.write_reg(CTRL, 0);
    vera.write_reg(DC_VIDEO, dc_video);
    vera.run_frame();
    vera
}

/// A (z 3, mask 1) first; B, C (z 3, mask 2) hidden under it at the same place; D
/// (mask 4) off to the side meeting E (mask 4) in the open.
fn hidden_scene(vera: &mut Vera) {
    write_sprite(vera, 0, &Attr::new8(SOLID, 200, 50, 0x1));
    write_sprite(vera, 1, &Attr::new8(SOLID + 64, 200, 50, 0x2));
    write_sprite(vera, 2, &Attr::new8(SOLID + 64, 202, 52, 0x2));
    write_sprite(vera, 3, &Attr::new8(SOLID, 400, 50, 0x4));
    write_sprite(vera, 4, &Attr::new8(SOLID + 64, 404, 54, 0x4));
}

#[test]
fn hidden_pixels_differ_only_in_the_nibble() {
    let hw = run(Quirks::Hardware, VGA_SPRITES, hidden_scene);
    let emu = run(Quirks::X16Emu, VGA_SPRITES, hidden_scene);
    assert_eq!(nibble(&hw), 0x4);
    assert_eq!(nibble(&emu), 0x6);
    // B and C are hidden behind A in both: the pictures are identical.
    assert_eq!(hw.frame_indexed(), emu.frame_indexed());
    assert_eq!(pixel(&hw, 203, 53), 7);
    assert_eq!(pixel(&hw, 209, 59), 9, "C shows where A does not cover it");
    assert_eq!(hw.sprites(), emu.sprites());
}

#[test]
fn isr_write_of_the_nibble_differs() {
    for (quirks, after) in [(Quirks::Hardware, 0x64), (Quirks::X16Emu, 0x04)] {
        let mut vera = run(quirks, VGA_SPRITES, |v| {
            write_sprite(v, 0, &Attr::new8(SOLID, 10, 10, 0x6));
            write_sprite(v, 1, &Attr::new8(SOLID, 12, 12, 0x6));
        });
        assert_eq!(vera.isr(), 0x65, "{quirks:?}");
        vera.write_reg(ISR, 0xF1);
        assert_eq!(vera.isr(), after, "{quirks:?}");
    }
}

#[test]
fn disabled_sprites_collide_on_hardware_only() {
    let scene = |v: &mut Vera| {
        write_sprite(v, 0, &Attr::new8(SOLID, 10, 10, 0x8));
        write_sprite(v, 1, &Attr::new8(SOLID, 12, 12, 0x8));
    };
    let hw = run(Quirks::Hardware, VGA_NO_SPRITES, scene);
    let emu = run(Quirks::X16Emu, VGA_NO_SPRITES, scene);
    assert_eq!(
        hw.isr(),
        0x85,
        "the FPGA renders hidden sprites into the line buffer"
    );
    assert_eq!(emu.isr(), 0x01, "the emulator renders no sprite line");
    assert!(hw.frame_indexed().iter().all(|&p| p == 0), "nothing shown");
    assert!(emu.frame_indexed().iter().all(|&p| p == 0), "nothing shown");
    // Shown, both agree.
    let hw = run(Quirks::Hardware, VGA_SPRITES, scene);
    let emu = run(Quirks::X16Emu, VGA_SPRITES, scene);
    assert_eq!((hw.isr(), emu.isr()), (0x85, 0x85));
    assert_eq!(pixel(&hw, 10, 10), 7);
}

#[test]
fn the_budget_is_cut_the_same_way_in_both_profiles_and_only_when_rendered() {
    let scene = |v: &mut Vera| {
        solid8(v, 0x8000, 64, 8, 3);
        for n in 0..12u8 {
            let a = Attr {
                w_code: 3,
                ..Attr::new8(0x8000, u16::from(n) * 52, 300, 0)
            };
            write_sprite(v, n, &a);
        }
    };
    let cut = |vera: &Vera| -> Vec<(u8, usize)> {
        vera.sprites()
            .iter()
            .map(|s| (s.number, s.budget_cut_lines.len()))
            .filter(|&(_, n)| n > 0)
            .collect()
    };
    let hw = run(Quirks::Hardware, VGA_SPRITES, scene);
    let emu = run(Quirks::X16Emu, VGA_SPRITES, scene);
    assert_eq!(cut(&hw), vec![(9, 8), (10, 8), (11, 8)]);
    assert_eq!(cut(&hw), cut(&emu));
    assert_eq!(hw.frame_indexed(), emu.frame_indexed());
    // Hidden by DC_VIDEO: the FPGA still renders (and cuts); the emulator renders nothing.
    let hw = run(Quirks::Hardware, VGA_NO_SPRITES, scene);
    let emu = run(Quirks::X16Emu, VGA_NO_SPRITES, scene);
    assert_eq!(cut(&hw), vec![(9, 8), (10, 8), (11, 8)]);
    assert!(cut(&emu).is_empty());
}
