//! Programs that change VERA's sprites while the frame is drawn, on the X16 board: the
//! committed `roms/vera/programs/{rewrite,enable,tear,demo}.prg`. Expected frames come from
//! the programs' construction, the 65C02 data sheet's cycle table and the chip's rules,
//! worked out in the comments: the FPGA renders the sprite line shown next while the beam
//! is on the line before it, reading each slot's attributes as its finder reaches it
//! (vera-module `sprite_renderer.v`, `composer.v`), so a write made during line l is drawn
//! from line l + 1 on; the sprite enable only hides sprites in the composer, the renderer
//! runs (and collides) whatever it says.

use machine::program::{BoardEvent, Breakpoints, CpuView, Probe, ProgramImage};
use machine::x16::{VeraQuirks, VeraSettings};
use machine::{LineSpan, Machine, Settings, SpriteView};

const REWRITE: &[u8] = include_bytes!("../../../../roms/vera/programs/rewrite.prg");
const ENABLE: &[u8] = include_bytes!("../../../../roms/vera/programs/enable.prg");
const TEAR: &[u8] = include_bytes!("../../../../roms/vera/programs/tear.prg");
const TEAR_LBL: &str = include_str!("../../../../roms/vera/programs/tear.lbl");
const DEMO: &[u8] = include_bytes!("../../../../roms/vera/programs/demo.prg");
const DEMO_LBL: &str = include_str!("../../../../roms/vera/programs/demo.lbl");

/// CPU cycles per frame (8 MHz x 800 x 525 / 25.175 MHz, rounded).
const FRAME: u64 = 133_466;
/// VGA lines per frame.
const LINES: u64 = 525;

/// An address from an ld65 `-Ln` label file (`al 000822 .frame`).
fn label(lbl: &str, name: &str) -> u32 {
    lbl.lines()
        .find_map(|l| {
            let mut w = l.split_whitespace();
            let (_, addr, n) = (w.next()?, w.next()?, w.next()?);
            (n.trim_start_matches('.') == name).then(|| u32::from_str_radix(addr, 16).ok())?
        })
        .unwrap_or_else(|| panic!("no label {name}"))
}

/// The cycle line `l` of the frame beginning at `frame_start` begins on.
fn line_start(frame_start: u64, l: u64) -> u64 {
    frame_start + l * FRAME / LINES
}

/// The first sprite line that takes a write made by an instruction begun at `cycle`: the
/// line after the one it was made on, or line 0 for a write made before the frame began.
fn lands_on(frame_start: u64, cycle: u64) -> u64 {
    if cycle < frame_start {
        return 0;
    }
    (0..LINES)
        .take_while(|&l| line_start(frame_start, l) <= cycle)
        .last()
        .map_or(0, |l| l + 1)
}

#[derive(Default)]
struct Recorder {
    breakpoints: Breakpoints,
    events: Vec<BoardEvent>,
    /// (pc, cycle, X) at each breakpoint.
    hits: Vec<(u32, u64, u8)>,
}

impl Probe for Recorder {
    fn breakpoints(&self) -> &Breakpoints {
        &self.breakpoints
    }
    fn on_pc(&mut self, pc: u32, cycle: u64, cpu: &dyn CpuView) {
        self.hits
            .push((pc, cycle, cpu.register("X").unwrap_or(0) as u8));
    }
    fn on_event(&mut self, event: BoardEvent) {
        self.events.push(event);
    }
}

fn booted(prg: &[u8], quirks: VeraQuirks) -> Box<dyn Machine> {
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
    .expect("boot");
    m
}

fn call(m: &mut Box<dyn Machine>, probe: &mut Recorder) {
    m.program().expect("booted").run_frame(probe).expect("runs");
}

/// One entry of the sprite view: x, y, h and its lines.
type Entry = (i32, i32, u16, Option<(u16, u16)>);

/// Sprite `n`'s entries in the sprite view.
fn entries(sprites: &[SpriteView], n: u32) -> Vec<Entry> {
    sprites
        .iter()
        .filter(|s| s.number == n)
        .map(|s| {
            (
                s.bbox.x,
                s.bbox.y,
                s.bbox.h,
                s.lines.map(|LineSpan { first, last }| (first, last)),
            )
        })
        .collect()
}

fn pixel(m: &dyn Machine, x: usize, y: usize) -> u8 {
    m.frame_indexed()[y * 640 + x]
}

#[test]
fn a_sprite_rewritten_after_line_0_is_drawn_where_the_lines_read_it() {
    // rewrite.s: the LINE interrupt at line 200 writes sprite 0's Y = 300 during line 200
    // (the waiting CPU takes it at the line's first cycle; entry 7 + shim 25 + 55 cycles of
    // handler to the second STA, well inside the line's 254): lines 201 on read Y 300.
    // So every frame shows sprite 0 on lines 100-107 (Y 100, read for lines 0-200) and on
    // 300-307 (Y 300, lines 201-479), over sprite 1 there: ISR at each vblank is the
    // nibble %0001, SPRCOL and VSYNC, $15.
    let mut m = booted(REWRITE, VeraQuirks::Hardware);
    let mut probe = Recorder::default();
    for k in 1..=6u64 {
        probe.events.clear();
        call(&mut m, &mut probe);
        if k >= 2 {
            assert_eq!(m.peek_verdict().status, 0x15, "call {k}");
            // The display of frame k - 1 began at its line 0, named with the line's length:
            // 133,466 x 256 / 525 = 65,080.2 in 1/256 cycles.
            assert!(
                probe.events.contains(&BoardEvent::DisplayStart {
                    cycle: (k - 1) * FRAME,
                    line_cycles_256: 65_080,
                }),
                "call {k}: {:?}",
                probe.events
            );
        }
    }
    let sprites = m.sprites();
    assert_eq!(
        entries(&sprites, 0),
        [
            (100, 100, 8, Some((100, 107))),
            (100, 300, 8, Some((300, 307)))
        ]
    );
    assert_eq!(entries(&sprites, 1), [(100, 300, 8, None)]);
    assert_eq!(
        (
            pixel(&*m, 100, 99),
            pixel(&*m, 100, 100),
            pixel(&*m, 107, 107),
            pixel(&*m, 100, 300)
        ),
        (0, 1, 1, 1)
    );
}

#[test]
fn sprites_enabled_mid_frame_show_from_that_line_and_collide_unseen_above_it() {
    // enable.s: sprites off from vblank, on from the LINE interrupt at line 240, whose
    // DC_VIDEO write is made during line 240: the composer shows sprites from line 240.
    // Sprites 0 and 1 overlap on lines 100-107, hidden: on the FPGA they still collide
    // (ISR $15 each frame), on x16-emulator no sprite line is rendered while sprites are
    // off ($01). The screen shows sprite 2's rows on lines 240-243 and sprite 3 on 300-307,
    // whole (so the same on every line it was shown: no lines).
    for (quirks, isr) in [(VeraQuirks::Hardware, 0x15), (VeraQuirks::X16Emu, 0x01)] {
        let mut m = booted(ENABLE, quirks);
        let mut probe = Recorder::default();
        for k in 1..=5 {
            call(&mut m, &mut probe);
            if k >= 2 {
                assert_eq!(m.peek_verdict().status, isr, "{quirks:?} call {k}");
            }
        }
        let sprites = m.sprites();
        assert_eq!(entries(&sprites, 0), [], "{quirks:?}");
        assert_eq!(entries(&sprites, 1), []);
        assert_eq!(entries(&sprites, 2), [(300, 240, 4, Some((240, 243)))]);
        // Sprite 3 was shown whole: no lines.
        assert_eq!(entries(&sprites, 3), [(400, 300, 8, None)]);
        assert_eq!(
            (
                pixel(&*m, 100, 100),
                pixel(&*m, 300, 239),
                pixel(&*m, 300, 240),
                pixel(&*m, 400, 307)
            ),
            (0, 0, 1, 1),
            "{quirks:?}"
        );
    }
}

#[test]
fn a_sprite_torn_between_its_x_and_y_writes_is_drawn_and_collides_torn() {
    // tear.s, the LINE interrupt at line 50 of a frame starting at F: line 50 begins at
    // F + floor(50 x 133,466 / 525) = F + 12,711, where the waiting CPU takes it. Entry 7,
    // shim 25, LDA abs 4, BIT # 2, BEQ 2, (LDA # 2, STA abs 4) x 3, LDA # 2, STA abs 4
    // (X low), LDA # 2, STA abs 4 (X high): x_written at F + 12,711 + 70, in line 50, so
    // lines 51 on read X 300. LDX # 2, the busy loop 1,279, LDA # 2, STA abs 4 (Y low) ends
    // 1,357 cycles into the line, LDA # 2, STA abs 4 (Y high) 1,363: both in line 55
    // (offsets 1,271..1,525 from line 50's start), so lines 56 on read Y 60.
    // Sprite 0 is shown at (100, 50) on line 50, torn at (300, 50) on lines 51-55 (its
    // rows 1-5), and at (300, 60) on 60-67. Sprite 1 at (300, 50), rows 50-57, meets
    // the torn rows only: ISR $15 each frame.
    let mut m = booted(TEAR, VeraQuirks::Hardware);
    let mut probe = Recorder::default();
    let (x_written, y_written) = (label(TEAR_LBL, "x_written"), label(TEAR_LBL, "y_written"));
    probe.breakpoints.insert(x_written);
    probe.breakpoints.insert(y_written);
    for k in 1..=4u64 {
        probe.hits.clear();
        call(&mut m, &mut probe);
        if k >= 2 {
            assert_eq!(m.peek_verdict().status, 0x15, "call {k}");
            let frame_start = (k - 1) * FRAME;
            let line_50 = line_start(frame_start, 50);
            assert_eq!(line_50, frame_start + 12_711);
            let at: Vec<(u32, u64)> = probe.hits.iter().map(|&(pc, c, _)| (pc, c)).collect();
            assert_eq!(
                at,
                [(x_written, line_50 + 70), (y_written, line_50 + 1_363)],
                "call {k}"
            );
            assert_eq!(lands_on(frame_start, line_50 + 70 - 4), 51);
            assert_eq!(lands_on(frame_start, line_50 + 1_363 - 4), 56);
        }
    }
    let sprites = m.sprites();
    assert_eq!(
        entries(&sprites, 0),
        [
            (100, 50, 1, Some((50, 50))),
            (300, 51, 5, Some((51, 55))),
            (300, 60, 8, Some((60, 67))),
        ]
    );
    assert_eq!(entries(&sprites, 1), [(300, 50, 8, None)]);
    // Sprite 0 (lower index, equal z) in front where they overlap; both colour 1.
    assert_eq!(
        (
            pixel(&*m, 100, 50),
            pixel(&*m, 100, 51),
            pixel(&*m, 307, 53),
            pixel(&*m, 300, 60)
        ),
        (1, 0, 1, 1)
    );
}

/// The demo's grid sprite `k` (1..126): its path's start, (bx, by).
fn grid_start(k: u32) -> (i32, i32) {
    (((k % 16) * 40) as i32, ((k / 16) * 56 + 40) as i32)
}

/// What the screen shows of a 16-line sprite whose X is `x(l)` and Y `y(l)` when line
/// `l` is drawn: the entries (x, top, h, lines) as the sprite view gives them, one per
/// state cut to the rows drawn with it, or a whole sprite with no lines when it was shown
/// in one state on all its rows.
fn shown(x: impl Fn(u64) -> i32, y: impl Fn(u64) -> i32) -> Vec<Entry> {
    let states: Vec<(i32, i32)> = (0..480).map(|l| (x(l), y(l))).collect();
    if states.iter().all(|&s| s == states[0]) {
        return vec![(states[0].0, states[0].1, 16, None)];
    }
    let mut out = Vec::new();
    let mut a = 0usize;
    while a < 480 {
        let mut b = a;
        while b + 1 < 480 && states[b + 1] == states[a] {
            b += 1;
        }
        let (sx, sy) = states[a];
        let top = sy.max(a as i32);
        let bottom = (sy + 15).min(b as i32);
        if top <= bottom {
            out.push((
                sx,
                top,
                (bottom - top + 1) as u16,
                Some((top as u16, bottom as u16)),
            ));
        }
        a = b + 1;
    }
    // One state shown on all its rows: the same on every line it was shown.
    if let [(sx, top, 16, Some(_))] = out[..] {
        return vec![(sx, top, 16, None)];
    }
    out
}

#[test]
fn the_demos_sprites_lie_on_their_paths_in_every_frame_though_its_handler_overruns() {
    // demo.s: handler h (run from the vblank after frame h) writes grid sprite k's X = bx
    // + d and Y = by + d with d = h mod 16, from sprite 126 up to sprite 1, after a busy
    // loop of 6 + (h mod 64) rounds each. It overruns vblank in every frame: the
    // shortest (h mod 64 = 0) takes LDY zp 3, 6 rounds of DEY/BNE 29, 16 to point the
    // port, 21 for X, 21 for Y, DEX/BNE 5 = 95 cycles a sprite, 3 more for each of the 116
    // sprites from 11 on (their table reads cross a page), 12,317 for the grid alone
    // against the 11,440 of vblank. So frame h + 1 shows each grid sprite at
    // d_old = (h - 1) mod 16 on the lines read before its X (Y) write and at d on the lines
    // after; the beam, going down, overtakes the writes going up. The breakpoints after
    // each STA of X low and Y low give the write's cycle (the STA began 4 cycles before).
    let mut m = booted(DEMO, VeraQuirks::Hardware);
    let mut probe = Recorder::default();
    let (x_written, y_written) = (label(DEMO_LBL, "x_written"), label(DEMO_LBL, "y_written"));
    probe.breakpoints.insert(x_written);
    probe.breakpoints.insert(y_written);
    call(&mut m, &mut probe);
    let mut split_frames = 0;
    let mut torn = 0;
    for k in 2..=70u64 {
        probe.hits.clear();
        probe.events.clear();
        call(&mut m, &mut probe);
        let h = k - 2;
        let frame_start = (k - 1) * FRAME;
        // The handler is still running when the display begins.
        let display = probe
            .events
            .iter()
            .position(|e| matches!(e, BoardEvent::DisplayStart { .. }))
            .expect("display start");
        let returned = probe
            .events
            .iter()
            .position(|e| matches!(e, BoardEvent::Return { .. }))
            .expect("handler returns");
        assert!(display < returned, "handler {h} ends inside vblank");
        let (d, d_old) = ((h % 16) as i32, ((h + 15) % 16) as i32);
        let d_old = if h == 0 { 0 } else { d_old };
        let sprites = m.sprites();
        for n in 1..=126u32 {
            let write = |pc: u32| {
                let &(_, cycle, _) = probe
                    .hits
                    .iter()
                    .find(|&&(p, _, x)| p == pc && u32::from(x) == n)
                    .expect("written");
                lands_on(frame_start, cycle - 4)
            };
            let (xl, yl) = (write(x_written), write(y_written));
            let (bx, by) = grid_start(n);
            let expected = shown(
                |l| bx + if l >= xl { d } else { d_old },
                |l| by + if l >= yl { d } else { d_old },
            );
            let got = entries(&sprites, n);
            assert_eq!(got, expected, "frame {}, sprite {n}", k - 1);
            if got.len() > 1 {
                split_frames += 1;
            }
            // On its path: every slice the chip reports shows rows of the sprite at a place
            // of its diagonal (X and Y moved by the same d), unless it lies on lines the beam
            // drew between the two writes (21 cycles apart): the new X with the old Y.
            for &(x, top, h, lines) in &got {
                let dx = x - bx;
                assert!(dx == d || dx == d_old, "frame {}, sprite {n}", k - 1);
                let on_path = top >= by + dx && top + i32::from(h) <= by + dx + 16;
                if !on_path {
                    let (first, last) = lines.expect("a torn slice has its lines");
                    assert!(
                        u64::from(first) >= xl.min(yl) && u64::from(last) < xl.max(yl),
                        "frame {}, sprite {n}: off its path outside a tear",
                        k - 1
                    );
                    torn += 1;
                }
            }
        }
        // The player, written first in vblank: at X = frame number all frame long.
        assert_eq!(entries(&sprites, 0), [((k - 1) as i32, 0, 16, None)]);
    }
    assert!(
        split_frames > 0,
        "some sprites are written while they are drawn"
    );
    // A tear needs a line start inside a 21-cycle window of a 254-cycle line while the
    // sprite is on that line: rare.
    assert!(torn < 20, "{torn} torn slices");
}
