//! MSX programs that change the sprite plane during the active display
//! (`roms/msx/programs/rewrite.asm`, `midon.asm`): the board runs the TMS9918A's sprite
//! check line by line, so what a frame reports (S#0 as the program reads it, the sprite
//! view) follows the lines as the chip drew them. Expected values are worked out by hand
//! in the programs' sources (T-states from the rise of F to the program's write) and in the
//! comments below, from the chip's rules (`specs/tms9918.md`; openMSX checks a line at the
//! end of the line before it and takes R1's BL at the start of the line after the write).

use machine::Machine;
use machine::msx::{Msx, MsxSettings};
use machine::program::{BoardEvent, Breakpoints, CpuView, Probe, ProgramImage};

const REWRITE: &[u8] = include_bytes!("../../../../roms/msx/programs/rewrite.rom");
const MIDON: &[u8] = include_bytes!("../../../../roms/msx/programs/midon.rom");

/// The programs' variables (rewrite.sym, midon.sym).
const FRAMES: u32 = 0xE000;
const SEEN: u32 = 0xE001;
const LAST_C: u32 = 0xE004;
const LAST_5S: u32 = 0xE008;
/// Both programs' INIT (the address in their headers).
const INIT: u32 = 0x4010;

#[derive(Default)]
struct Events {
    bp: Breakpoints,
    display_starts: Vec<(u64, u32)>,
    vblanks: Vec<u64>,
    started: bool,
}

impl Probe for Events {
    fn breakpoints(&self) -> &Breakpoints {
        &self.bp
    }
    fn on_pc(&mut self, _pc: u32, _cycle: u64, _cpu: &dyn CpuView) {
        self.started = true;
    }
    fn on_event(&mut self, event: BoardEvent) {
        match event {
            BoardEvent::DisplayStart {
                cycle,
                line_cycles_256,
            } => self.display_starts.push((cycle, line_cycles_256)),
            BoardEvent::Vblank { cycle } => self.vblanks.push(cycle),
            _ => {}
        }
    }
}

fn booted(rom: &[u8]) -> Msx {
    let mut m = Msx::new(&MsxSettings::default());
    m.set_frame_output(false);
    m.boot(&ProgramImage {
        bytes: rom,
        ..ProgramImage::default()
    })
    .expect("boots");
    m
}

fn frame(m: &mut Msx, events: &mut Events) {
    m.program()
        .expect("booted")
        .run_frame(events)
        .expect("runs");
}

fn peek(m: &mut Msx, addr: u32) -> u8 {
    m.program().expect("booted").cpu().peek(addr)
}

fn peek_word(m: &mut Msx, addr: u32) -> u16 {
    u16::from_le_bytes([peek(m, addr), peek(m, addr + 1)])
}

/// Runs frames until the BIOS has started the program and it has counted `frames`
/// vertical blanks.
fn run_to(m: &mut Msx, frames: u8, events: &mut Events) {
    events.bp.insert(INIT);
    for _ in 0..400 {
        if events.started && peek(m, FRAMES) >= frames {
            return;
        }
        frame(m, events);
    }
    panic!("the program never counted {frames} vertical blanks");
}

#[test]
fn a_sprite_rewritten_in_line_107_collides_from_line_108_in_the_same_frame() {
    // rewrite.asm writes sprite 0's X = 100 45-95 T-states into line 107 (its source
    // counts the path): the check at the end of line 107 (for line 108) reads it, so sprite
    // 0 shows at X = 40 on lines 100-107 and at X = 100, over sprite 1, on lines 108-115,
    // and C rises there, every frame.
    let mut m = booted(REWRITE);
    let mut events = Events::default();
    run_to(&mut m, 3, &mut events);
    for k in 0..20 {
        frame(&mut m, &mut events);
        let sprites = m.sprites();
        let zero: Vec<_> = sprites.iter().filter(|s| s.number == 0).collect();
        let boxes: Vec<_> = zero
            .iter()
            .map(|s| {
                (
                    s.bbox.x,
                    s.bbox.y,
                    s.bbox.h,
                    s.lines.map(|l| (l.first, l.last)),
                )
            })
            .collect();
        assert_eq!(
            boxes,
            [
                (40, 100, 8, Some((100, 107))),
                (100, 108, 8, Some((108, 115)))
            ],
            "frame {k}"
        );
        let one: Vec<_> = sprites.iter().filter(|s| s.number == 1).collect();
        assert_eq!(one.len(), 1);
        assert_eq!(
            (one[0].bbox.x, one[0].bbox.y, one[0].bbox.h),
            (100, 100, 16)
        );
        assert_eq!(one[0].lines, None);
        // The program's record of the display before: F and C seen, never 5S.
        assert_eq!(peek(&mut m, SEEN), 0xA0, "frame {k}");
        // C rises at the end of line 107, 133-183 T-states after the write; the loop
        // reads 56 + 51 (n - 1) T-states after it in turn n: turn 3 or 4.
        let c_at = peek_word(&mut m, LAST_C);
        assert!(
            (3..=4).contains(&c_at),
            "frame {k}: C first read in turn {c_at}"
        );
    }
}

#[test]
fn a_display_enabled_in_line_59_checks_sprites_from_line_61() {
    // midon.asm writes R1 = C0h 63-113 T-states into line 59. The chip takes BL at the
    // start of line 60 and checks line 61 at that line's end: the five sprites on lines
    // 57-64 give 5S (FS = 4) from line 61, the pair on lines 40-47 is never checked, the
    // pair on lines 120-127 sets C.
    let mut m = booted(MIDON);
    let mut events = Events::default();
    run_to(&mut m, 3, &mut events);
    for k in 0..20 {
        frame(&mut m, &mut events);
        assert_eq!(peek(&mut m, SEEN), 0xE0, "frame {k}: F, 5S and C seen");
        // 5S rises at the end of line 60, 343-393 T-states after the write; the loop reads
        // 73 + 51 (n - 1) T-states after it in turn n: turn 7 or 8.
        let s5_at = peek_word(&mut m, LAST_5S);
        assert!(
            (7..=8).contains(&s5_at),
            "frame {k}: 5S first read in turn {s5_at}"
        );
        assert_ne!(peek_word(&mut m, LAST_C), 0);
        let sprites = m.sprites();
        let seen: Vec<_> = sprites
            .iter()
            .map(|s| {
                (
                    s.number,
                    s.bbox.y,
                    s.bbox.h,
                    s.lines.map(|l| (l.first, l.last)),
                )
            })
            .collect();
        assert_eq!(
            seen,
            [
                (0, 61, 4, Some((61, 64))),
                (1, 61, 4, Some((61, 64))),
                (2, 61, 4, Some((61, 64))),
                (3, 61, 4, Some((61, 64))),
                (4, 61, 4, Some((61, 64))),
                (7, 120, 8, None),
                (8, 120, 8, None),
            ],
            "frame {k}"
        );
        // The fifth sprite was dropped on each line it was on with the display on.
        assert!(!sprites[4].drawn);
    }
}

#[test]
fn the_board_says_when_the_display_begins() {
    // Line 0's time begins 70 lines of 228 T-states after F rises (the end of line 191's
    // time, where a frame call ends).
    let mut m = booted(REWRITE);
    let mut events = Events::default();
    for _ in 0..3 {
        frame(&mut m, &mut events);
    }
    assert_eq!(events.display_starts.len(), 3);
    for (k, &(cycle, per_line)) in events.display_starts.iter().enumerate().skip(1) {
        assert_eq!(per_line, 228 * 256);
        let vblank = events.vblanks[k - 1];
        // The frame call's lines are counted from where the last one stopped, which an
        // instruction may overrun by less than its own length.
        let line0 = cycle - vblank;
        assert!((15_960 - 25..=15_960).contains(&line0), "{line0}");
    }
}

#[test]
fn ram_at_power_on_holds_ffh_or_the_program_files_pattern() {
    // openMSX's C-BIOS MSX1 machines give their RAM no initial content, so it powers on
    // as FFh; a program file's pattern is repeated over the whole 64 KB from $0000.
    // $D101-$D104 is RAM neither C-BIOS nor rewrite.asm writes.
    for (fill, expect) in [
        (None, [0xFF, 0xFF, 0xFF, 0xFF]),
        (Some(&[0x00, 0xFF, 0x5A][..]), [0x00, 0xFF, 0x5A, 0x00]),
    ] {
        let mut m = Msx::new(&MsxSettings::default());
        m.boot(&ProgramImage {
            bytes: REWRITE,
            ram_fill: fill,
            ..ProgramImage::default()
        })
        .expect("boots");
        let mut events = Events::default();
        run_to(&mut m, 1, &mut events);
        // $D101 = 53,505, and 53,505 mod 3 = 0: $D101-$D104 hold pattern bytes 0, 1, 2, 0.
        let got: Vec<u8> = (0xD101..0xD105).map(|a| peek(&mut m, a)).collect();
        assert_eq!(got, expect, "fill {fill:?}");
    }
}
