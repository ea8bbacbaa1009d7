//! Whole programs on the X16 board: the committed `.PRG` images in `roms/vera/programs/`
//! booted through `Machine::boot` on a default-settings machine and run frame by frame
//! through `ProgramBoard::run_frame`. Expected frames, ISR values, decisions and cycles
//! come from the programs' construction and the 65C02 data sheet's cycle table, worked out
//! in the comments; addresses come from ld65's label files beside the images.

use machine::program::{
    BoardEvent, Breakpoints, CpuView, Input, NoProbe, Probe, ProgramError, ProgramImage,
};
use machine::x16::VeraSettings;
use machine::{Machine, Settings};

const MOVER: &[u8] = include_bytes!("../../../../roms/vera/programs/mover.prg");
const MOVER_LBL: &str = include_str!("../../../../roms/vera/programs/mover.lbl");
const LINE: &[u8] = include_bytes!("../../../../roms/vera/programs/line.prg");
const LINE_LBL: &str = include_str!("../../../../roms/vera/programs/line.lbl");
const DEMO: &[u8] = include_bytes!("../../../../roms/vera/programs/demo.prg");
const DEMO_LBL: &str = include_str!("../../../../roms/vera/programs/demo.lbl");
const LAG: &[u8] = include_bytes!("../../../../roms/vera/programs/lag.prg");

/// 8e6 x 800 x 525 / 25.175e6 = 133,465.74, the frame rounded to the nearest cycle.
const FRAME: u64 = 133_466;
/// Line 480 of a frame begins floor(480 x 133,466 / 525) = floor(122,026.06) cycles in.
const LINE_480: u64 = 122_026;
/// Line 100: floor(100 x 133,466 / 525) = floor(25,422.09).
const LINE_100: u64 = 25_422;

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

#[derive(Default)]
struct Recorder {
    breakpoints: Breakpoints,
    events: Vec<BoardEvent>,
    hits: Vec<(u32, u64, u8)>,
}

impl Probe for Recorder {
    fn breakpoints(&self) -> &Breakpoints {
        &self.breakpoints
    }
    fn on_pc(&mut self, pc: u32, cycle: u64, cpu: &dyn CpuView) {
        self.hits
            .push((pc, cycle, cpu.register("A").unwrap_or(0) as u8));
    }
    fn on_event(&mut self, event: BoardEvent) {
        self.events.push(event);
    }
}

fn booted(prg: &[u8]) -> Box<dyn Machine> {
    let settings = VeraSettings::default();
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

fn peek(m: &mut Box<dyn Machine>, addr: u32) -> u8 {
    m.program().expect("booted").cpu().peek(addr)
}

#[test]
fn the_mover_collides_on_frame_93_and_marks_its_hit_the_demos_way() {
    let mut m = booted(MOVER);
    let hit_frame = label(MOVER_LBL, "hit_frame");
    let frame = label(MOVER_LBL, "frame");
    let mut probe = Recorder::default();
    // Call 1 runs frame 0's lines 0-479 (the start-up writes the sprites during its first
    // lines, so they are drawn from the line after the writes on: on line 100 in full),
    // call k >= 2 ends frame k - 1's display. The
    // handler of call k moves sprite 0 to X 100 + (k - 1) for frame k - 1.
    let mut isr_at_end = Vec::new();
    for _ in 0..96 {
        let run = m.program().unwrap().run_frame(&mut probe).unwrap();
        isr_at_end.push((run.cycles, m.peek_verdict().status as u8));
    }
    assert_eq!(
        isr_at_end[0],
        (LINE_480, 0x01),
        "call 1: lines 0-479, VSYNC"
    );
    for (k, &(cycles, isr)) in isr_at_end.iter().enumerate().skip(1) {
        // Every call after the first is exactly one frame: the CPU waits in WAI at every
        // line boundary the chip acts on.
        assert_eq!(cycles, FRAME, "call {}", k + 1);
        let expected = match k + 1 {
            // Frame 93: sprite 0 at X 193..200 meets sprite 1 at 200: nibble %0001,
            // SPRCOL, VSYNC.
            94 => 0x15,
            _ => 0x01,
        };
        assert_eq!(isr, expected, "ISR at the end of call {}", k + 1);
    }
    // The handler in call 95 saw SPRCOL with 93 VSYNC handlers behind it; handlers ran in
    // calls 2-96.
    assert_eq!(peek(&mut m, hit_frame), 93);
    assert_eq!(peek(&mut m, frame), 95);
    // Sprite 1 switched to pattern 1 ($00020 >> 5) and its collision mask cleared.
    let board = m.program().unwrap();
    assert_eq!(board.peek_vram(0x1FC08), 0x01);
    assert_eq!(board.peek_vram(0x1FC0E), 0x0C);
    // Sprite 0's X after 95 handlers.
    assert_eq!(board.peek_vram(0x1FC02), 195);
    let sprites = m.sprites();
    assert_eq!(sprites.len(), 2, "only sprites 0 and 1 are enabled");
    // Call 96 ended frame 95's display: sprite 0 at X 100 + 95.
    assert_eq!(
        (sprites[0].bbox.x, sprites[1].bbox.x),
        (195, 200),
        "frame 95"
    );
}

#[test]
fn the_demo_like_program_runs_unchanged_and_marks_its_hit_on_frame_285() {
    let mut m = booted(DEMO);
    let mut probe = Recorder::default();
    // Frame n shows the player at X n (call k >= 2 ends frame k - 1); columns n..n+15 meet
    // the target's 300..315 first on frame 285, ended by call 286.
    for k in 1..=288u32 {
        m.program().unwrap().run_frame(&mut probe).unwrap();
        let isr = m.peek_verdict().status;
        // The handler of call 287 (h = 285) marks the hit in its RAM table, but writes the
        // target's entry last, after 126 grid sprites of at least 95 cycles each (11,970,
        // more than the 45 lines of vblank, 11,440 cycles, before its busy loops of
        // 6 + (285 mod 64) = 35 rounds, 5 cycles each): it reaches VRAM long after
        // lines 0-15 of frame 286 were drawn with the old entry, so frame 286 collides too.
        let expected = if k == 286 || k == 287 { 0x25 } else { 0x01 };
        assert_eq!(isr, expected, "ISR at the end of call {k}");
    }
    let hit = label(DEMO_LBL, "hit_frame");
    assert_eq!(
        u16::from_le_bytes([peek(&mut m, hit), peek(&mut m, hit + 1)]),
        285
    );
    let board = m.program().unwrap();
    // Sprite 127's entry as the handler copied it: pattern $10080 >> 5, mask 0, z 3.
    assert_eq!(board.peek_vram(0x1FC00 + 127 * 8), 0x04);
    assert_eq!(board.peek_vram(0x1FC00 + 127 * 8 + 6), 0x0C);
    // Every sprite is in the view (the grid's, moved while frame 287 was drawn, with one
    // entry per position the lines showed).
    let mut numbers: Vec<u32> = m.sprites().iter().map(|s| s.number).collect();
    numbers.dedup();
    assert_eq!(numbers, (0..128).collect::<Vec<u32>>());
    // Chosen by attribute, as a program file can: the sprite showing the hit bitmap
    // ($10080, 128 bytes of 16x16 at 4 bpp) with its collision mask cleared is the target
    // alone, made Art; the player (bitmap $10000, mask %0010) stays Good.
    let rules = machine::program::ObjectRules {
        rules: vec![machine::program::ObjectRule {
            pattern: Some(0x10080..=0x100FF),
            collision_mask: Some(0),
            ..machine::program::ObjectRule::by_number(0..=127, collide::Group::Art, false)
        }],
        default_group: Some(collide::Group::Good),
    };
    let objects = machine::program::objects::build(&m.sprites(), &rules).unwrap();
    let art: Vec<&Vec<u32>> = objects
        .objects
        .iter()
        .zip(&objects.sprites)
        .filter(|(o, _)| o.group == collide::Group::Art)
        .map(|(_, s)| s)
        .collect();
    assert_eq!(art, [&vec![127]]);
    // Frame 287 on line 8: the player at 287..302 in colour 1 (drawn first, so it keeps
    // the columns it shares with the target at equal z), the target at 300..315 in its
    // hit bitmap's colour 2. Beside them the bitmap shows the KERNAL's cleared text
    // screen, which shares VRAM $00000 (row r, column c at r x 256 + 2c: a space $20,
    // then the colour $61): line 8's columns 286 and 316 are VRAM $0B1E and $0B3C, text
    // row 11's columns 15 and 30, their spaces.
    let row = &m.frame_indexed()[8 * 640..9 * 640];
    assert_eq!(
        (row[286], row[290], row[302], row[303], row[315], row[316]),
        (0x20, 1, 1, 2, 2, 0x20)
    );
}

#[test]
fn the_demos_bitmap_layer_shows_vram_behind_the_sprites() {
    let mut m = booted(DEMO);
    for _ in 0..3 {
        m.program()
            .unwrap()
            .run_frame(&mut NoProbe::default())
            .unwrap();
    }
    // Layer 0 is an 8 bpp bitmap, 320 px a line, from VRAM $00000: line 406 starts at
    // 406 x 320 = $1FB80, so its columns 128.. show the attribute table at $1FC00.
    // Columns 136..143 are sprite 1's entry as the handlers wrote it: pattern $0800
    // (bytes $00, $08), X 40 + 1, Y 40 + 1 (handler 1, whose 7-round busy loops end the
    // grid's writes well before line 406 of frame 2), $2C, $50. No sprite covers line 406
    // (the grid's rows stand at 41 + 56 k, 16 lines tall), and index 0 is transparent,
    // showing the backdrop 0.
    let row = &m.frame_indexed()[406 * 640..407 * 640];
    assert_eq!(
        row[136..144],
        [0x00, 0x08, 0x29, 0x00, 0x29, 0x00, 0x2C, 0x50]
    );
    // The 320 px bitmap repeats across the 640 columns.
    assert_eq!(row[320 + 136..320 + 144], row[136..144]);
    // The demo fills the bitmap's lines 0-7 with colour 3: shown where no sprite is (the
    // player stands at X 2..17 after three calls, the target at 300..315). Line 8 shows
    // the KERNAL's text screen the demo left in VRAM: column 100 is VRAM 2,660 = $0A64,
    // text row 10's column 50, a space ($20); column 101 its colour, white on blue $61.
    let frame = m.frame_indexed();
    assert_eq!(
        (
            frame[100],
            frame[7 * 640 + 639],
            frame[8 * 640 + 100],
            frame[8 * 640 + 101]
        ),
        (3, 3, 0x20, 0x61)
    );
    assert_eq!(
        frame[3 * 640 + 5],
        1,
        "the player (z 3) in front of the layer"
    );
    // Palette entry 3 as the demo wrote it: GB $08, R $0: dark blue.
    assert_eq!(m.palette_rgb()[3], 0x00_00_88);
    // Entry 4, which it leaves alone, is the default palette's purple $C4C.
    assert_eq!(m.palette_rgb()[4], 0xCC_44_CC);
}

#[test]
fn a_program_starts_with_the_kernals_default_palette() {
    // The mover writes no palette: it sees the 256 colours the KERNAL's screen set-up
    // uploads to $1FA00 (the C64 colours first: black, white, red, cyan, ...; then the
    // grey ramp $000-$FFF), in VRAM where a program reading it back finds it.
    let mut m = booted(MOVER);
    let board = m.program().expect("booted");
    let entry = |board: &dyn machine::program::ProgramBoard, n: u32| {
        u16::from_le_bytes([
            board.peek_vram(0x1FA00 + 2 * n),
            board.peek_vram(0x1FA01 + 2 * n),
        ])
    };
    assert_eq!(entry(board, 0), 0x000);
    assert_eq!(entry(board, 1), 0xFFF);
    assert_eq!(entry(board, 2), 0x800);
    assert_eq!(entry(board, 3), 0xAFE);
    assert_eq!(entry(board, 6), 0x00A);
    assert_eq!(entry(board, 16 + 5), 0x555);
    assert_eq!(entry(board, 31), 0xFFF);
    let rgb = m.palette_rgb();
    assert_eq!(
        (rgb[1], rgb[2], rgb[6]),
        (0xFF_FF_FF, 0x88_00_00, 0x00_00_AA)
    );
}

#[test]
fn frame_output_off_keeps_every_verdict_of_the_demo() {
    let mut on = booted(DEMO);
    let mut off = booted(DEMO);
    assert!(off.set_frame_output(false));
    for k in 1..=288u32 {
        on.program()
            .unwrap()
            .run_frame(&mut NoProbe::default())
            .unwrap();
        off.program()
            .unwrap()
            .run_frame(&mut NoProbe::default())
            .unwrap();
        assert_eq!(
            off.peek_verdict().status,
            on.peek_verdict().status,
            "ISR at the end of call {k}"
        );
    }
    assert_eq!(off.sprites(), on.sprites());
    assert!(off.frame_indexed().iter().all(|&i| i == 0));
}

#[test]
fn joystick_get_returns_pad_1_as_snes_bytes() {
    // Hand-assembled, loaded at $0810 and started there:
    //   LDA #5 / STA $00      ; RAM bank 5, which joystick_get must give back
    //   LDA #1 / JSR $FF56    ; pad 1
    //   STA $02 / STX $03 / STY $04
    //   LDA #2 / JSR $FF56    ; pad 2: absent
    //   STY $05
    //   loop: WAI / BRA loop
    let prg = [
        0x10, 0x08, 0xA9, 0x05, 0x85, 0x00, 0xA9, 0x01, 0x20, 0x56, 0xFF, 0x85, 0x02, 0x86, 0x03,
        0x84, 0x04, 0xA9, 0x02, 0x20, 0x56, 0xFF, 0x84, 0x05, 0xCB, 0x80, 0xFD,
    ];
    let mut m = VeraSettings::default()
        .build(&machine::Resources::default())
        .expect("machine");
    m.boot(&ProgramImage {
        bytes: &prg,
        start: Some(0x0810),
        ..ProgramImage::default()
    })
    .expect("boot");
    let board = m.program().unwrap();
    board.set_input(Input {
        pad1: Input::UP | Input::A | Input::B,
    });
    board.run_frame(&mut NoProbe::default()).unwrap();
    // SNES byte 0 is B Y SELECT START UP DOWN LEFT RIGHT, 0 = held: Input A is SNES B
    // (bit 7), UP bit 3, so %0111_0111. Byte 1 is A X L R 1111: Input B is SNES A (bit 7).
    assert_eq!(peek(&mut m, 2), 0x77);
    assert_eq!(peek(&mut m, 3), 0x7F);
    assert_eq!(peek(&mut m, 4), 0x00, "pad 1 present");
    assert_eq!(peek(&mut m, 5), 0xFF, "pad 2 absent");
    assert_eq!(peek(&mut m, 0), 5, "the program's RAM bank restored");
}

#[test]
fn the_movers_handler_costs_2265_cycles_from_the_acknowledge_to_rti() {
    let mut m = booted(MOVER);
    let mut probe = Recorder::default();
    m.program().unwrap().run_frame(&mut probe).unwrap();
    probe.events.clear();
    m.program().unwrap().run_frame(&mut probe).unwrap();
    // IRQ entry 7; the KERNAL's PHA 3, PHX 3, PHY 3, TSX 2, LDA abs,X 4, AND # 2, BNE 2,
    // JMP (abs) 6 = 25; handler without SPRCOL LDA abs 4, AND # 2, BEQ taken 3, INC zp 5,
    // (LDA # 2, STA abs 4) x 3, LDA zp 3, STA abs 4, INC zp 5, JMP (abs) 6 = 50; the
    // KERNAL's default handler at VSYNC (roms/vera/kernal/irq.s): LDA abs 4, LSR 2, BCC 2,
    // JSR 6, UDTIM's common path 38, the keyboard scan with no key 2,107 (one keycode
    // read from the SMC over I2C; roms/vera/kernal/i2c.s and keyboard.s count it), LDA # 2,
    // STA abs 4, PLY 4, PLX 4, PLA 4, RTI 6 = 2,183. 7 + 25 + 50 + 2,183 = 2,265 in all.
    // The CPU waited in WAI, so the acknowledge begins at line 480's first cycle.
    let main = label(MOVER_LBL, "main");
    let at = LINE_480;
    assert_eq!(
        &probe.events[..3],
        &[
            BoardEvent::Interrupt {
                source: "irq",
                cycle: at,
                pc: main + 1
            },
            BoardEvent::Return { cycle: at + 2265 },
            // BRA 3 back to the WAI, which begins 3 cycles later.
            BoardEvent::Wait {
                cycle: at + 2265 + 3,
                pc: main
            },
        ]
    );
    assert_eq!(
        probe.events.last(),
        Some(&BoardEvent::Vblank {
            cycle: LINE_480 + FRAME
        })
    );
}

#[test]
fn line_interrupt_reads_isr_and_scanline_mid_frame() {
    let mut m = booted(LINE);
    let mut probe = Recorder::default();
    probe.breakpoints.insert(label(LINE_LBL, "irq") + 3); // after LDA VERA_ISR
    for _ in 0..3 {
        m.program().unwrap().run_frame(&mut probe).unwrap();
    }
    // ISR read at line 100: LINE only (VSYNC was acknowledged in vblank), and SCANLINE_L
    // reads 100 while the handler runs (the line lasts 254 cycles).
    assert_eq!(peek(&mut m, label(LINE_LBL, "isr_at_line")), 0x02);
    assert_eq!(peek(&mut m, label(LINE_LBL, "scan_at_line")), 100);
    // LINE fired in frames 0, 1 and 2; VSYNC handlers ran in calls 2 and 3.
    assert_eq!(peek(&mut m, label(LINE_LBL, "lines")), 3);
    assert_eq!(peek(&mut m, label(LINE_LBL, "vsyncs")), 2);
    // Frame 1's line 100 begins at 133,466 + 25,422; the waiting CPU takes the IRQ there,
    // and the breakpoint after entry 7 + shim 25 + LDA abs 4 sees A = $02.
    let irq_at = FRAME + LINE_100;
    assert!(probe.events.contains(&BoardEvent::Interrupt {
        source: "irq",
        cycle: irq_at,
        pc: label(LINE_LBL, "main") + 1
    }));
    assert!(
        probe
            .hits
            .contains(&(label(LINE_LBL, "irq") + 3, irq_at + 36, 0x02))
    );
}

#[test]
fn a_handler_longer_than_a_frame_returns_in_the_next_frame() {
    let mut m = booted(LAG);
    let mut probe = Recorder::default();
    m.program().unwrap().run_frame(&mut probe).unwrap();
    probe.events.clear();
    m.program().unwrap().run_frame(&mut probe).unwrap();
    // Call 2: the VSYNC handler starts at line 480 and is still running at the next vblank.
    assert!(matches!(
        probe.events[0],
        BoardEvent::Interrupt {
            cycle: LINE_480,
            ..
        }
    ));
    assert!(
        !probe
            .events
            .iter()
            .any(|e| matches!(e, BoardEvent::Return { .. }))
    );
    probe.events.clear();
    m.program().unwrap().run_frame(&mut probe).unwrap();
    // Entry 7 + the KERNAL's entry 25 + LDY # 2 + 110 x 1,286 - 1 + INC zp 5 + JMP (abs) 6
    // + the default handler at VSYNC 2,183 (see the mover's test).
    let handler = 7 + 25 + 2 + 110 * 1286 - 1 + 5 + 6 + 2183;
    assert!(handler > FRAME);
    assert_eq!(
        probe.events[0],
        BoardEvent::Return {
            cycle: LINE_480 + handler
        }
    );
}

#[test]
fn bad_programs_are_errors_naming_what_is_wrong() {
    let settings = VeraSettings::default();
    let mut m = settings.build(&machine::Resources::default()).unwrap();
    let boot = |m: &mut Box<dyn Machine>, bytes: &[u8], start: Option<u32>| {
        m.boot(&ProgramImage {
            bytes,
            start,
            ..ProgramImage::default()
        })
    };
    let e = boot(&mut m, &[0x01], None).unwrap_err();
    assert!(e.to_string().contains("load address"), "{e}");
    // `10 PRINT` with no SYS.
    let e = boot(
        &mut m,
        &[0x01, 0x08, 0x07, 0x08, 10, 0, 0x99, 0, 0, 0],
        None,
    )
    .unwrap_err();
    assert!(e.to_string().contains("no SYS"), "{e}");
    let e = boot(&mut m, &[0x00, 0x9F, 0xEA], Some(0x9F00)).unwrap_err();
    assert!(e.to_string().contains("$9F00"), "{e}");
    let e = boot(&mut m, &[0x00, 0x10, 0xEA], None).unwrap_err();
    assert!(e.to_string().contains("--start"), "{e}");
    // JSR MACPTR at $1000 (the KERNAL has no serial bus to read from), then BRK elsewhere.
    boot(&mut m, &[0x00, 0x10, 0x20, 0x44, 0xFF], Some(0x1000)).unwrap();
    let e = m
        .program()
        .unwrap()
        .run_frame(&mut Recorder::default())
        .unwrap_err();
    assert_eq!(
        e,
        ProgramError::Fault {
            pc: machine::routine::Addr(0x1000),
            what: "KERNAL MACPTR ($FF44) called: the board's KERNAL does not have it".to_owned()
        }
    );
    boot(&mut m, &[0x00, 0x10, 0xEA, 0x00, 0x00], Some(0x1000)).unwrap();
    let e = m
        .program()
        .unwrap()
        .run_frame(&mut Recorder::default())
        .unwrap_err();
    assert!(
        matches!(&e, ProgramError::Fault { pc, what } if pc.0 == 0x1001 && what.starts_with("BRK")),
        "{e}"
    );
    // A program that never enables interrupts and spins is not an error: frames go on.
    boot(&mut m, &[0x00, 0x10, 0x78, 0x80, 0xFE], Some(0x1000)).unwrap();
    for _ in 0..3 {
        m.program()
            .unwrap()
            .run_frame(&mut Recorder::default())
            .unwrap();
    }
}
