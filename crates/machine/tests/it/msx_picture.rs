//! The MSX board's picture: the pattern layer behind the sprites, as the window, `shot`
//! and `record` show it.
//!
//! The mover (`roms/msx/programs/mover.asm`) sets Graphics I with the tables where MSX
//! BASIC's SCREEN 1 has them (R2 = 0x06: names at 0x1800, R3 = 0x80: colours at 0x2000,
//! R4 = 0x00: patterns at 0x0000, R7 = 0x04: backdrop 4) and draws no background of its
//! own, so its screen shows what C-BIOS left in those tables. The expected picture is
//! worked out here from VRAM with the data manual's Graphics I rules, none of the chip
//! crate's code: name `row x 32 + column`, pattern byte `name x 8 + line mod 8` (bit 7
//! leftmost), colour byte `name / 8` (foreground bits 7-4 for set bits, background bits
//! 3-0 for clear ones), colour 0 showing the backdrop.

use machine::Machine;
use machine::msx::{Msx, MsxSettings};
use machine::program::{NoProbe, ProgramImage};

const MOVER: &[u8] = include_bytes!("../../../../roms/msx/programs/mover.rom");
/// mover.asm's register values.
const NAMES: u32 = 0x1800;
const COLOURS: u32 = 0x2000;
const BACKDROP: u8 = 4;
/// Its SAT (R5 = 0x36) and its two solid 16x16 sprites at Y = 99: lines 100-115, sprite
/// 1 at X = 100 in colour 8, sprite 0 in front of it in colour 15 at the X in byte 1.
const SAT: u32 = 0x1B00;
const SPRITE_LINES: std::ops::Range<usize> = 100..116;

/// The mover booted and run for frames 0..=`last`.
fn mover_at(last: u32, frame_output: bool) -> Msx {
    let mut m = Msx::new(&MsxSettings::default());
    assert!(m.set_frame_output(frame_output));
    m.boot(&ProgramImage {
        bytes: MOVER,
        ..ProgramImage::default()
    })
    .expect("boots");
    let mut probe = NoProbe::default();
    for _ in 0..=last {
        m.program()
            .expect("booted")
            .run_frame(&mut probe)
            .expect("runs");
    }
    m
}

/// The Graphics I pixel at (x, y) from the tables in VRAM.
fn graphics_1(m: &mut Msx, x: usize, y: usize) -> u8 {
    let board = m.program().expect("booted");
    let name = board.peek_vram(NAMES + (y / 8 * 32 + x / 8) as u32);
    let pattern = board.peek_vram(u32::from(name) * 8 + (y % 8) as u32);
    let colour = board.peek_vram(COLOURS + u32::from(name / 8));
    let c = if pattern & (0x80 >> (x % 8)) != 0 {
        colour >> 4
    } else {
        colour & 0x0F
    };
    if c == 0 { BACKDROP } else { c }
}

#[test]
fn the_mover_shows_the_bios_screen_behind_its_sprites() {
    // Frame 230: the sprites overlap (frames 224-254, tests/msx_mover.prg.ron).
    let mut m = mover_at(230, true);
    let x0 = usize::from(m.program().expect("booted").peek_vram(SAT + 1));
    assert!((85..=115).contains(&x0), "sprite 0 at X = {x0}");
    let frame = m.frame_indexed().to_vec();
    let mut not_backdrop = 0;
    for y in 0..192 {
        for x in 0..256 {
            let want = if SPRITE_LINES.contains(&y) && (x0..x0 + 16).contains(&x) {
                15
            } else if SPRITE_LINES.contains(&y) && (100..116).contains(&x) {
                8
            } else {
                let c = graphics_1(&mut m, x, y);
                not_backdrop += usize::from(c != BACKDROP);
                c
            };
            assert_eq!(frame[y * 256 + x], want, "pixel ({x}, {y})");
        }
    }
    // C-BIOS's banner is on the screen: the picture is not just the backdrop.
    assert!(not_backdrop > 500, "{not_backdrop} picture pixels");
}

#[test]
fn collision_only_mode_draws_nothing_and_the_chip_still_flags() {
    let m = mover_at(230, false);
    assert!(m.frame_indexed().iter().all(|&c| c == 0), "never drawn");
    assert!(m.peek_verdict().collided, "C of frame 230");
}
