//! Why the chip's flag differs from truth, and the chip's state for the trace, on the
//! project's test programs booted whole (specs/programs.md, "The chip against truth").
//! Every expected reason, line and register is worked out by hand from the program's
//! source and the chip's rules, in the comments.

use collide::Group;
use machine::genesis::{Genesis, GenesisSettings};
use machine::msx::{Msx, MsxSettings};
use machine::program::{
    FrameRecord, Harness, HarnessConfig, ObjectRule, ObjectRules, ProgramImage,
};
use machine::x16::{VeraQuirks, VeraSettings};
use machine::{Machine, Settings};

const FIFTH: &[u8] = include_bytes!("../../../../roms/msx/programs/fifth.rom");
const MOVER: &[u8] = include_bytes!("../../../../roms/msx/programs/mover.rom");
const LOST: &[u8] = include_bytes!("../../../../roms/genesis/programs/lost.bin");
const ENABLE: &[u8] = include_bytes!("../../../../roms/vera/programs/enable.prg");
const BUDGET: &[u8] = include_bytes!("../../../../roms/vera/programs/budget.prg");

fn msx(rom: &[u8]) -> Msx {
    let mut m = Msx::new(&MsxSettings::default());
    m.boot(&ProgramImage {
        bytes: rom,
        ..ProgramImage::default()
    })
    .expect("boots");
    m
}

fn x16(prg: &[u8], quirks: VeraQuirks) -> Box<dyn Machine> {
    let settings = VeraSettings {
        quirks,
        ..VeraSettings::default()
    };
    let mut m = settings
        .build(&machine::Resources::default())
        .expect("machine");
    m.boot(&ProgramImage {
        bytes: prg,
        ..ProgramImage::default()
    })
    .expect("boots");
    m
}

fn genesis(rom: &[u8]) -> Genesis {
    let mut m = Genesis::new(&GenesisSettings::default());
    m.boot(&ProgramImage {
        bytes: rom,
        ..ProgramImage::default()
    })
    .expect("boots");
    m
}

/// The pairs of `r.chip_pairs` by object id.
fn ids(r: &FrameRecord) -> Vec<(u32, u32)> {
    r.chip_pairs
        .iter()
        .map(|p| {
            (
                r.objects.objects[p.a as usize].id,
                r.objects.objects[p.b as usize].id,
            )
        })
        .collect()
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

/// roms/genesis/programs/lost.s, every visible sprite an object (sprite 1, at raw X = 0, is
/// off the screen and no object). Three pairs meet where the chip drew neither or one of
/// them (specs/genesis-vdp.md, "masking", "sprites per line", "pixel budget"): sprites 2
/// and 3 on lines 40-47, both hidden by sprite 1 there; 19 and 20 on lines 80-87, where 20
/// is the seventeenth sprite in H32; 28 and 29 on lines 120-127, where 29 comes after
/// eight 32-pixel sprites took the 256 pixels. Nothing else meets: the chip is clear.
#[test]
fn genesis_masked_dropped_and_cut_sprites_say_why_the_chip_is_clear() {
    let mut m = genesis(LOST);
    let recs = records(&mut m, 8, ObjectRules::default());
    // Frame 0 is the power-on frame, before the table is written.
    for r in &recs[2..] {
        assert!(!r.verdict.collided, "frame {}", r.frame);
        assert_eq!(ids(r), [(2, 3), (19, 20), (28, 29)], "frame {}", r.frame);
        assert_eq!(
            r.chip_reasons,
            [
                "sprites 2 and 3: they meet on lines 40-47; sprite 2 masked by an X = 0 sprite \
                 on lines 40-47; sprite 3 masked by an X = 0 sprite on lines 40-47",
                "sprites 19 and 20: they meet on lines 80-87; sprite 20 dropped by the \
                 per-line sprite limit on lines 80-87",
                "sprites 28 and 29: they meet on lines 120-127; sprite 29 cut by the per-line \
                 pixel budget on lines 120-127",
            ],
            "frame {}",
            r.frame
        );
    }
}

/// lost.s with sprites 30 and 31 the only objects: their boxes share x 104-107 on lines
/// 160-167, where sprite 30's cell is transparent.
#[test]
fn genesis_boxes_meeting_in_transparent_pixels_say_so() {
    let mut m = genesis(LOST);
    let rules = ObjectRules {
        rules: vec![ObjectRule::by_number(30..=31, Group::Good, false)],
        default_group: None,
    };
    let recs = records(&mut m, 4, rules);
    assert_eq!(
        recs[3].chip_reasons,
        [
            "objects 30 and 31: their boxes overlap on lines 160-167 but only transparent \
             pixels of their patterns meet there (box truth counts the pair; the chip and \
             pixel truth do not)"
        ]
    );
}

/// The chip's state of lost.s at the start of vblank: registers 0, 1, 5, 7, 10, 12 and 15
/// as `regs` wrote them; the whole status word, not its low byte: bit 9 (FIFO empty, no
/// write waits), bit 7 (VINT pending, not yet taken), bit 6 (the seventeenth sprite on
/// line 80), bit 3 (vertical blanking), bit 5 clear; overflow on line 80. Sprite 1 has
/// its priority bit; each sprite links to the next, sprite 31 ends the list.
#[test]
fn genesis_chip_state_holds_the_registers_and_the_whole_status_word() {
    let mut m = genesis(LOST);
    let recs = records(&mut m, 4, ObjectRules::default());
    let r = &recs[3];
    let regs = &r.chip.registers;
    assert_eq!(regs.len(), 24);
    for (n, v) in [
        (0, 0x04),
        (1, 0x64),
        (5, 0x78),
        (7, 0),
        (10, 0xFF),
        (12, 0),
        (15, 2),
    ] {
        assert_eq!(regs[n], v, "register {n}");
    }
    let status = r.chip.status;
    assert_eq!(status & 0x03E8, 0x02C8, "status {status:#06X}");
    assert_eq!(
        r.verdict.status,
        status & 0xFF,
        "the verdict keeps the low byte"
    );
    assert_eq!(r.chip.overflow_line, Some(80));
    assert_eq!(r.chip.collision_line, None);
    let field = |n: u32| {
        let s = r.sprites.iter().find(|s| s.number == n).unwrap();
        (s.fields.priority, s.fields.link)
    };
    assert_eq!(field(0), (Some(0), Some(1)));
    assert_eq!(field(1), (Some(1), Some(2)));
    assert_eq!(field(30), (Some(0), Some(31)));
    assert_eq!(field(31), (Some(0), Some(0)));
}

/// roms/vera/programs/enable.s on the FPGA's rules: sprites 0 and 1 (collision mask %0001)
/// overlap on lines 100-107 while DC_VIDEO has sprites off; the FPGA renders them anyway
/// and ISR 7-4 read %0001 each frame (x16_lines.rs), but the screen shows neither, so
/// truth among the shown sprites (2 and 3, apart) has no pair.
#[test]
fn x16_collisions_of_disabled_sprites_say_so() {
    let mut m = x16(ENABLE, VeraQuirks::Hardware);
    let recs = records(m.as_mut(), 8, ObjectRules::default());
    for r in &recs[3..] {
        assert_eq!(r.verdict.collision_mask, Some(1), "frame {}", r.frame);
        assert!(r.chip_pairs.is_empty());
        assert_eq!(
            r.chip_reasons,
            [
                "collision mask %0001 from sprites disabled in DC_VIDEO (bit 6) on sprite lines \
                 100-107: the renderer still runs there and counts their collisions, the screen \
                 shows none of them"
            ],
            "frame {}",
            r.frame
        );
    }
}

/// enable.s's registers at the start of vblank ($9F20-$9F3F as a read finds them): the
/// LINE handler left DC_VIDEO (offset 9) at $41 (VGA, sprites on), IEN (6) enables LINE and
/// VSYNC ($03) and reads the scan line's bit 8 in bit 6: line 480 = $1E0, so $43;
/// SCANLINE_L (8) reads $E0; ISR (7) is $15: collisions %0001, SPRCOL, VSYNC. Sprite 2 has
/// z-depth 3 ($0C), no link.
#[test]
fn x16_chip_state_holds_the_registers_as_read() {
    let mut m = x16(ENABLE, VeraQuirks::Hardware);
    let recs = records(m.as_mut(), 8, ObjectRules::default());
    let r = &recs[6];
    let regs = &r.chip.registers;
    assert_eq!(regs.len(), 32);
    assert_eq!(regs[9] & 0x7F, 0x41);
    assert_eq!((regs[6], regs[7], regs[8]), (0x43, 0x15, 0xE0));
    assert_eq!(r.chip.status, 0x15);
    assert_eq!((r.chip.collision_line, r.chip.overflow_line), (None, None));
    let s2 = r.sprites.iter().find(|s| s.number == 2).unwrap();
    assert_eq!((s2.fields.priority, s2.fields.link), (Some(3), None));
}

/// roms/msx/programs/mover.asm judged from frame 240 (`judging.from: Frame(240)`), with its
/// LAST_S0 watch (tests/msx_mover.prg.ron): sprites 0 (x = frame - 139) and 1 (x 100-115)
/// are both on lines 100-115 and their boxes overlap in frames 224-254 (x 85..115). Frames
/// 224-239 come before judging starts, so each says why its pair counts for nothing;
/// frames 240-254 are judged and say nothing of it.
#[test]
fn msx_a_pair_meeting_before_judging_starts_says_so() {
    use machine::program::{JudgeFrom, MemoryHit, Space, Watch};
    let mut m = msx(MOVER);
    let config = HarnessConfig {
        frames: 256,
        objects: ObjectRules {
            rules: vec![
                ObjectRule::by_number(0..=0, Group::Good, false),
                ObjectRule::by_number(1..=1, Group::Bad, false),
            ],
            default_group: None,
        },
        watches: vec![Watch::Memory {
            name: "LAST_S0".into(),
            space: Space::Cpu,
            at: 0xE002,
            len: 2,
            stride: 0,
            hit: MemoryHit::BitSet(5),
        }],
        judge_from: JudgeFrom::Frame(240),
        ..HarnessConfig::default()
    };
    let mut h = Harness::new(&mut m, config).expect("booted");
    let mut recs = Vec::new();
    h.run(|r| recs.push(r.clone())).expect("runs");
    for r in &recs[224..240] {
        assert!(!r.judged, "frame {}", r.frame);
        assert_eq!(
            r.unjudged_reasons,
            [
                "objects 0 and 1 meet on lines 100-115 before judging starts (at frame 240): no \
                 miss or false alarm is counted for them"
            ],
            "frame {}",
            r.frame
        );
    }
    for r in &recs[240..=254] {
        assert!(r.judged && !r.box_pairs.is_empty(), "frame {}", r.frame);
        assert!(r.unjudged_reasons.is_empty(), "frame {}", r.frame);
    }
    // Before 224 no pair meets (the logo's sprites aside, frames 9-11), so nothing to say.
    for r in recs[12..224].iter().chain(&recs[255..]) {
        assert!(r.unjudged_reasons.is_empty(), "frame {}", r.frame);
    }
}

/// roms/vera/programs/budget.s: nine 64x8 8-bpp sprites (0-8) spend 720 units of the line
/// budget on lines 100-107; sprites 100 (lines 92-107) and 101 (lines 100-115), 16x16 with
/// collision mask %0001, overlap in x 592-599 on lines 100-107 only, but there their
/// pixels would start after 101 slot visits, at 821 units of the 800 a line allows
/// (specs/vera.md, "Line budget"), so the line stops before them; elsewhere each is drawn
/// alone. Pixel truth has the pair on lines 100-107, the chip's ISR bits 7-4 stay 0, and
/// the reason names both sprites and the lines the budget cut them on.
#[test]
fn x16_a_pair_past_the_line_budget_says_so() {
    let mut m = x16(BUDGET, VeraQuirks::Hardware);
    let recs = records(m.as_mut(), 8, ObjectRules::default());
    for r in &recs[3..] {
        assert_eq!(r.verdict.collision_mask, Some(0), "frame {}", r.frame);
        assert!(!r.verdict.collided, "frame {}", r.frame);
        assert_eq!(ids(r), [(100, 101)], "frame {}", r.frame);
        assert_eq!(
            r.chip_reasons,
            [
                "sprites 100 and 101: they meet on lines 100-107; sprite 100 cut by the line \
                 work budget on lines 100-107; sprite 101 cut by the line work budget on lines \
                 100-107"
            ],
            "frame {}",
            r.frame
        );
    }
}
