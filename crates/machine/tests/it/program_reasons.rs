//! Why the chip's flag differs from truth, and the chip's state for the trace, on the
//! project's test programs booted whole (specs/programs.md, "The chip against truth").
//! Every expected reason, line and register is worked out by hand from the program's
//! source and the chip's rules, in the comments.

use collide::Group;
use machine::Machine;
use machine::msx::{Msx, MsxSettings};
use machine::program::{
    FrameRecord, Harness, HarnessConfig, ObjectRule, ObjectRules, ProgramImage,
};

const FIFTH: &[u8] = include_bytes!("../../../../roms/msx/programs/fifth.rom");
const MOVER: &[u8] = include_bytes!("../../../../roms/msx/programs/mover.rom");

fn msx(rom: &[u8]) -> Msx {
    let mut m = Msx::new(&MsxSettings::default());
    m.boot(&ProgramImage {
        bytes: rom,
        ..ProgramImage::default()
    })
    .expect("boots");
    m
}

fn records(m: &mut dyn Machine, frames: u32, objects: ObjectRules) -> Vec<FrameRecord> {
    let config = HarnessConfig {
        frames,
        objects,
        ..HarnessConfig::default()
    };
    let mut h = Harness::new(m, config).expect("booted");
    let mut recs = Vec::new();
    h.run(|r| recs.push(r.clone())).expect("runs");
    recs
}

/// roms/msx/programs/fifth.asm, every sprite an object. Sprite 3 (x 96-111, lines
/// 100-115) and sprite 4 (x 104-119, lines 108-123) meet on lines 108-115, where sprites
/// 0-3 come before 4: the check keeps four sprites a line (TMS9918 data book, 2-26), so 4
/// is dropped there and C stays clear. Sprites 7 and 8 meet only in x -8..-5 on lines
/// 172-179, left of the screen. Pixel truth has both pairs, the chip neither.
#[test]
fn msx_a_fifth_sprite_and_a_pair_off_screen_say_why_the_chip_is_clear() {
    let mut m = msx(FIFTH);
    let recs = records(&mut m, 260, ObjectRules::default());
    // Long after C-BIOS handed over (its logo is gone by frame 12): the table stands.
    for r in &recs[200..] {
        assert!(!r.verdict.collided, "frame {}", r.frame);
        let pairs: Vec<(u32, u32)> = r
            .chip_pairs
            .iter()
            .map(|p| {
                (
                    r.objects.objects[p.a as usize].id,
                    r.objects.objects[p.b as usize].id,
                )
            })
            .collect();
        assert_eq!(pairs, [(3, 4), (7, 8)], "frame {}", r.frame);
        assert_eq!(
            r.chip_reasons,
            [
                "sprites 3 and 4: they meet on lines 108-115; sprite 4 dropped by the per-line \
                 sprite limit on lines 108-115",
                "sprites 7 and 8: they meet only off the active area (on lines 172-179)",
            ],
            "frame {}",
            r.frame
        );
    }
}

/// The same program, only sprites 0-3, 5 and 6 objects: no opaque pixels of two objects
/// meet, and the chip is clear, but sprite 5 (x 100-115, opaque 100-107) and sprite 6
/// (x 108-123, opaque 116-123) overlap in boxes on lines 140-155: box truth has the pair.
#[test]
fn msx_boxes_meeting_in_transparent_bits_say_so() {
    let mut m = msx(FIFTH);
    let rules = ObjectRules {
        rules: vec![
            ObjectRule::by_number(0..=3, Group::Good, false),
            ObjectRule::by_number(5..=6, Group::Good, false),
        ],
        default_group: None,
    };
    let recs = records(&mut m, 210, rules);
    for r in &recs[200..] {
        assert!(!r.verdict.collided && r.chip_pairs.is_empty());
        assert_eq!(
            r.chip_reasons,
            [
                "objects 5 and 6: their boxes overlap on lines 140-155 but only transparent \
                 pixels of their patterns meet there (box truth counts the pair; the chip and \
                 pixel truth do not)"
            ],
            "frame {}",
            r.frame
        );
    }
}

/// roms/msx/programs/mover.asm with sprite 1 Art: the chip flags sprites 0 and 1 in
/// frames 224-254 (tests/msx_mover.prg.ron works them out), truth among the objects has
/// no pair, and the reason names the Art sprite.
#[test]
fn msx_an_art_sprite_the_chip_saw_meet_is_named() {
    let mut m = msx(MOVER);
    let rules = ObjectRules {
        rules: vec![
            ObjectRule::by_number(0..=0, Group::Good, false),
            ObjectRule::by_number(1..=1, Group::Art, false),
        ],
        default_group: None,
    };
    let recs = records(&mut m, 256, rules);
    for r in &recs[224..=254] {
        assert!(
            r.verdict.collided && r.chip_pairs.is_empty(),
            "frame {}",
            r.frame
        );
        assert_eq!(
            r.chip_reasons,
            ["chip saw sprites 0 and 1 meet: sprite 1 is Art, which takes no part in truth"],
            "frame {}",
            r.frame
        );
    }
    assert!(recs[255].chip_reasons.is_empty());
}

/// The chip's state of roms/msx/programs/fifth.asm at the start of vblank: R#0-R#7 as
/// INIT wrote them (00 E2 06 80 00 36 07 04, every bit existing in them on the TMS9918A);
/// S#0 = F | 5S | 4 (the BIOS read the last frame's, so the check of line 108 stored
/// sprite 4), set on line 108; C never set.
#[test]
fn msx_chip_state_holds_the_registers_and_the_fifth_sprite_line() {
    let mut m = msx(FIFTH);
    let recs = records(&mut m, 210, ObjectRules::default());
    for r in &recs[200..] {
        assert_eq!(
            r.chip.registers,
            [0x00, 0xE2, 0x06, 0x80, 0x00, 0x36, 0x07, 0x04]
        );
        assert_eq!(r.chip.status, 0xC4, "frame {}", r.frame);
        assert_eq!(r.verdict.fifth_sprite, Some(4));
        assert_eq!(r.chip.overflow_line, Some(108));
        assert_eq!(r.chip.collision_line, None);
        let s4 = r.sprites.iter().find(|s| s.number == 4).unwrap();
        assert_eq!(
            (s4.fields.palette, s4.fields.priority, s4.fields.link),
            (Some(8), None, None)
        );
    }
}
