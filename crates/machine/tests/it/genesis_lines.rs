//! Genesis programs judged on the lines the VDP drew: a table rewritten in the middle of
//! the display, the display enabled mid-frame, and where the VDP is at power-on (the
//! test ROMs `sprites-mid`, `display-mid` and `power-on` in `roms/genesis/programs/`).
//! Expected values are derived by hand from each program's source and the VDP's rules
//! (genesis crate `frame` and `line` modules), or, where the test says so, taken from a
//! recorded run of Genesis Plus GX (stable-retro 1.0.1's core, through
//! `tests/crosscheck/gpgx_genesis.py`).

use collide::PxBox;
use machine::genesis::{Genesis, GenesisSettings};
use machine::program::{BoardEvent, Breakpoints, CpuView, Probe, ProgramImage};
use machine::{LineSpan, Machine, SpriteView};

const SPRITES_MID: &[u8] = include_bytes!("../../../../roms/genesis/programs/sprites-mid.bin");
const DISPLAY_MID: &[u8] = include_bytes!("../../../../roms/genesis/programs/display-mid.bin");
const POWER_ON: &[u8] = include_bytes!("../../../../roms/genesis/programs/power-on.bin");

/// A probe that keeps every event.
#[derive(Default)]
struct Events {
    bp: Breakpoints,
    events: Vec<BoardEvent>,
}

impl Probe for Events {
    fn breakpoints(&self) -> &Breakpoints {
        &self.bp
    }
    fn on_pc(&mut self, _pc: u32, _cycle: u64, _cpu: &dyn CpuView) {}
    fn on_event(&mut self, event: BoardEvent) {
        self.events.push(event);
    }
}

fn boot(rom: &[u8]) -> Genesis {
    let mut m = Genesis::new(&GenesisSettings::default());
    m.boot(&ProgramImage {
        bytes: rom,
        ..ProgramImage::default()
    })
    .expect("the test ROM boots");
    m
}

fn frame(m: &mut Genesis, probe: &mut Events) {
    m.program()
        .unwrap()
        .run_frame(probe)
        .expect("the frame runs");
}

fn word(m: &mut Genesis, addr: u32) -> u16 {
    let cpu = m.program().unwrap().cpu();
    u16::from_be_bytes([cpu.peek(addr), cpu.peek(addr + 1)])
}

/// The entries of sprite `n`: (box, lines), in line order.
fn states(sprites: &[SpriteView], n: u32) -> Vec<(PxBox, Option<LineSpan>)> {
    let mut out: Vec<_> = sprites
        .iter()
        .filter(|s| s.number == n)
        .map(|s| (s.bbox, s.lines))
        .collect();
    out.sort_by_key(|(b, _)| b.y);
    out
}

fn span(first: u16, last: u16) -> Option<LineSpan> {
    Some(LineSpan { first, last })
}

/// The first frame is the power-on frame (33 lines); from the second on, each frame
/// starts with table A (written in vertical blank) and shows table B from line 101 (the
/// write is on line 100; the chip scans each line's sprites as the line begins).
#[test]
fn a_table_rewritten_on_line_100_is_drawn_from_line_101_and_listed_per_state() {
    let mut m = boot(SPRITES_MID);
    let mut probe = Events::default();
    frame(&mut m, &mut probe);
    for f in 0..4u32 {
        frame(&mut m, &mut probe);
        // Table B overlaps on lines 154-157: the first collision, and the V counter the
        // program logged when its poll saw bit 5.
        assert_eq!(
            m.peek_verdict().first_collision_line,
            Some(154),
            "frame {f}"
        );
        assert_eq!(word(&mut m, 0xFF0000), u16::try_from(f + 1).unwrap());
        assert_eq!(word(&mut m, 0xFF0010 + 2 * f), 154, "frame {f}");
        let sprites = m.sprites();
        // Sprite 0: at (100, 40) on lines 40-47 (table A), at (100, 150) on 150-157.
        assert_eq!(
            states(&sprites, 0),
            [
                (PxBox::new(100, 40, 8, 8), span(40, 47)),
                (PxBox::new(100, 150, 8, 8), span(150, 157)),
            ],
            "frame {f}"
        );
        // Sprite 1: at (200, 40) on lines 40-47, at (104, 154) on 154-161.
        assert_eq!(
            states(&sprites, 1),
            [
                (PxBox::new(200, 40, 8, 8), span(40, 47)),
                (PxBox::new(104, 154, 8, 8), span(154, 161)),
            ],
            "frame {f}"
        );
        assert!(sprites.iter().all(|s| s.drawn && s.not_drawn.is_empty()));
    }
}

/// The display is off from vertical blank to line 100: sprites 0 and 1 (overlapping on
/// lines 44-47) are neither drawn nor collide; sprites 2 and 3 are, first on line 154.
#[test]
fn the_display_enabled_on_line_100_draws_and_flags_only_the_lines_after() {
    let mut m = boot(DISPLAY_MID);
    let mut probe = Events::default();
    frame(&mut m, &mut probe);
    for f in 0..4u32 {
        frame(&mut m, &mut probe);
        assert_eq!(
            m.peek_verdict().first_collision_line,
            Some(154),
            "frame {f}"
        );
        assert_eq!(word(&mut m, 0xFF0010 + 2 * f), 154, "frame {f}");
        // Before the switch: bit 3 (display off) and bit 7 (VINT pending, never taken);
        // after it: bit 7 alone.
        assert_eq!(word(&mut m, 0xFF0040) & 0xFF, 0x88, "frame {f}");
        assert_eq!(word(&mut m, 0xFF0042) & 0xFF, 0x80, "frame {f}");
        let sprites = m.sprites();
        assert_eq!(sprites.len(), 4);
        for s in &sprites {
            // The table never changed: one entry per sprite, shown the same throughout.
            assert_eq!(s.lines, None);
            assert_eq!(s.drawn, s.number >= 2, "sprite {}", s.number);
        }
        // The 8 display-off lines of sprite 0 (40-47) are listed as not shown.
        assert_eq!(
            sprites[0].not_drawn,
            vec![(
                machine::NotDrawn::DisplayDisabled,
                machine::Lines::from_increasing(40..48)
            )]
        );
    }
}

/// Power-on as Genesis Plus GX `gen_reset` and a console's first HV read put it: the
/// 68000 starts on line 159 ($9F), and the first vertical blank comes after line 191,
/// 33 lines after the power-on line began.
#[test]
fn the_first_vint_comes_where_gpgx_puts_it() {
    let mut m = boot(POWER_ON);
    let mut probe = Events::default();
    frame(&mut m, &mut probe);
    // The vertical blank that ends the first frame: line 192 of the board's lines, 33 x
    // 3,420 / 7 = 16,122 cycles from the power-on line's start.
    let vblank = probe
        .events
        .iter()
        .find_map(|e| match e {
            BoardEvent::Vblank { cycle } => Some(*cycle),
            _ => None,
        })
        .expect("a vertical blank");
    assert!((16_122..16_122 + 40).contains(&vblank), "{vblank}");
    assert_eq!(
        word(&mut m, 0xFF0010) >> 8,
        0x9F,
        "the first V counter read"
    );
    frame(&mut m, &mut probe);
    frame(&mut m, &mut probe);
    assert_eq!(word(&mut m, 0xFF0000), 2, "two VINTs");
    let (count_1, hv_1, status_1) = (
        word(&mut m, 0xFF0100),
        word(&mut m, 0xFF0102),
        word(&mut m, 0xFF0104),
    );
    let count_2 = word(&mut m, 0xFF0108);
    // GPGX's recorded run: the loop had counted 1,141 at the first VINT and 10,264 at
    // the second. GPGX raises VINT 788 master clocks (8 loop passes) into the line, the
    // board as the line begins: the first count agrees within 12 passes, the frame
    // between them within 2.
    assert!(
        (1_141 - 12..=1_141 + 12).contains(&count_1),
        "first VINT at count {count_1}"
    );
    let between = count_2 - count_1;
    assert!((9_123 - 2..=9_123 + 2).contains(&between), "{between}");
    // Both VINTs read V = $E0 and status bits 7-0 $08 (vertical blank; bit 7 cleared by
    // the acknowledge), as in GPGX.
    assert_eq!(hv_1 >> 8, 0xE0);
    assert_eq!(status_1 & 0xFF, 0x08);
}

/// The board reports the start of each frame's active display: line 0, at the line's
/// first cycle (an instruction may end a few cycles past it), with 3,420 / 7 cycles a
/// line in 1/256.
#[test]
fn the_board_reports_where_the_active_display_begins() {
    let mut m = boot(SPRITES_MID);
    let mut probe = Events::default();
    for _ in 0..3 {
        frame(&mut m, &mut probe);
    }
    let starts: Vec<(u64, u32)> = probe
        .events
        .iter()
        .filter_map(|e| match e {
            BoardEvent::DisplayStart {
                cycle,
                line_cycles_256,
            } => Some((*cycle, *line_cycles_256)),
            _ => None,
        })
        .collect();
    // The power-on frame's lines 159-191 are board lines 0-32, its blank lines 224-261
    // 33-70: line 0 is board line 71, then 262 lines on.
    assert_eq!(starts.len(), 2);
    for (i, &(cycle, per_line)) in starts.iter().enumerate() {
        let line = 71 + 262 * i as u64;
        let at = line * 3_420 / 7;
        assert!((at..at + 40).contains(&cycle), "{cycle} against {at}");
        assert_eq!(per_line, 125_074);
    }
}
