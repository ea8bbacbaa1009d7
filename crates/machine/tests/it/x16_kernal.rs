//! The project's KERNAL (crates/machine/src/x16/kernal, roms/vera/kernal) under whole
//! programs: cc65's `hello` sample (Debian's cc65 2.19, built with `cl65 -t cx16`) and
//! small 65C02 programs that call the KERNAL, their output read back from the text layer
//! in VRAM. Expected text comes from the programs' sources (what they print and where) and
//! the PETSCII screen codes; expected cycles from the 65C02 data sheet's cycle table.

use machine::program::{Input, NoProbe, ProgramImage};
use machine::x16::VeraSettings;
use machine::x16::kernal::text::screen_text;
use machine::{Machine, Settings};

const HELLO: &[u8] = include_bytes!("../../../../roms/vera/programs/hello.prg");
const SPRITES: &[u8] = include_bytes!("../../../../roms/vera/programs/sprites.prg");
const SPRITES_LBL: &str = include_str!("../../../../roms/vera/programs/sprites.lbl");

/// A C name's address from ld65's label file (`al 000BAC ._hit_frame`).
fn label(lbl: &str, name: &str) -> u32 {
    lbl.lines()
        .find_map(|l| {
            let mut w = l.split_whitespace();
            let (_, addr, n) = (w.next()?, w.next()?, w.next()?);
            (n.trim_start_matches('.') == name).then(|| u32::from_str_radix(addr, 16).ok())?
        })
        .unwrap_or_else(|| panic!("no label {name}"))
}

pub(crate) fn booted(prg: &[u8], start: Option<u32>) -> Box<dyn Machine> {
    let settings = VeraSettings::default();
    let mut m = settings
        .build(&machine::Resources::default())
        .expect("machine");
    m.boot(&ProgramImage {
        bytes: prg,
        start,
        ..ProgramImage::default()
    })
    .expect("boot");
    m
}

pub(crate) fn run(m: &mut Box<dyn Machine>, frames: usize) {
    for _ in 0..frames {
        m.program()
            .unwrap()
            .run_frame(&mut NoProbe::default())
            .expect("frame");
    }
}

pub(crate) fn text(m: &mut Box<dyn Machine>) -> Vec<String> {
    let board = m.program().unwrap();
    screen_text(|a| board.peek_vram(a), 80, 60)
}

fn vram(m: &mut Box<dyn Machine>, addr: u32) -> u8 {
    m.program().unwrap().peek_vram(addr)
}

#[test]
fn the_start_screen_is_the_kernal_s_text_screen() {
    // A program that only waits: the screen is as the KERNAL left it.
    let mut m = booted(&[0x00, 0x10, 0xCB, 0x80, 0xFD], Some(0x1000)); // WAI ; BRA -3
    run(&mut m, 1);
    let p = m.program().unwrap();
    let cpu = p.cpu();
    // Layer 1: a 128 x 64 map of 1-bpp tiles at $00000, the tiles at $0F800.
    assert_eq!(cpu.peek(0x9F34), 0x60);
    assert_eq!(cpu.peek(0x9F35), 0x00);
    assert_eq!(cpu.peek(0x9F36), 0x7C);
    assert_eq!(cpu.peek(0x9F29) & 0x7F, 0x21, "VGA, layer 1 on");
    // 80 x 60: DC_HSCALE = DC_VSCALE = 128 (1:1).
    assert_eq!((cpu.peek(0x9F2A), cpu.peek(0x9F2B)), (128, 128));
    // Every cell of the 80 x 60 screen a space, white on blue ($61).
    for (row, col) in [(0, 0), (0, 79), (59, 0), (59, 79), (30, 40)] {
        let at = row * 256 + col * 2;
        assert_eq!((vram(&mut m, at), vram(&mut m, at + 1)), (0x20, 0x61));
    }
    // Glyph 1 of the PETSCII upper case set ('A') at $0F808, its reverse at $0FC08.
    let a = [0x18, 0x3C, 0x66, 0x7E, 0x66, 0x66, 0x66, 0x00];
    for (i, &b) in a.iter().enumerate() {
        assert_eq!(vram(&mut m, 0x0F808 + i as u32), b);
        assert_eq!(vram(&mut m, 0x0FC08 + i as u32), !b);
    }
    assert!(text(&mut m).iter().all(String::is_empty));
}

#[test]
fn cc65_hello_prints_its_greeting_in_the_middle_of_a_framed_screen() {
    let mut m = booted(HELLO, None);
    // hello.c: white on black, clrscr, a frame round the screen (SCREEN gives 80 x 60),
    // "Hello world!" at ((80 - 12) / 2, 60 / 2) = (34, 30), then it waits for a key.
    run(&mut m, 10);
    let rows = text(&mut m);
    // The frame's corners and lines are PETSCII graphics ('·' here).
    assert_eq!(rows[0], "·".repeat(80));
    assert_eq!(rows[59], "·".repeat(80));
    let side = format!("·{}·", " ".repeat(78));
    assert_eq!(rows[1], side);
    let greeting = format!("·{}Hello world!{}·", " ".repeat(33), " ".repeat(33));
    assert_eq!(rows[30], greeting);
    // textcolor(COLOR_WHITE), bgcolor(COLOR_BLACK): colour byte $01.
    assert_eq!(vram(&mut m, 30 * 256 + 34 * 2 + 1), 0x01);
    // crt0 printed $0E: the upper/lower case set is loaded (glyph 1 is 'a').
    let lower_a = [0x00, 0x00, 0x3C, 0x06, 0x3E, 0x66, 0x3E, 0x00];
    for (i, &b) in lower_a.iter().enumerate() {
        assert_eq!(vram(&mut m, 0x0F808 + i as u32), b);
    }
    // Still waiting in cgetc 100 frames on, with no key typed.
    run(&mut m, 100);
    assert_eq!(text(&mut m)[30], greeting);
    // A key (the space bar, down then up) through the SMC: the KERNAL's VSYNC handler
    // reads one keycode a frame over I2C, so the key is in the buffer after one frame;
    // cgetc returns it, main returns, and cc65's exit code returns from the program's
    // start, which the board reports (there is no BASIC to return to).
    assert_eq!(m.program().unwrap().cpu().peek(0xA00A), 0, "no key yet");
    let board = m.program().unwrap();
    board.type_text(" ").expect("a space is on the keyboard");
    let mut returned = None;
    for frame in 0..10 {
        if let Err(e) = board.run_frame(&mut NoProbe::default()) {
            returned = Some((frame, e.to_string()));
            break;
        }
    }
    let (frame, e) = returned.expect("hello returns after the key");
    assert!(e.contains("returned from its start"), "{e}");
    assert!(frame <= 2, "returned in frame {frame} after the key");
    // hello.c clears the screen after the key, before it returns.
    assert!(text(&mut m).iter().all(String::is_empty));
}

/// Builds `/usr/share/cc65/samples/<name>.c` with `cl65 -t cx16 -O` into a fresh folder;
/// `None` when cc65 is not installed (the CI installs it; see .ci/run).
pub(crate) fn cc65_sample(name: &str) -> Option<Vec<u8>> {
    let source = std::path::Path::new("/usr/share/cc65/samples").join(format!("{name}.c"));
    if !source.is_file() {
        eprintln!("cc65's samples are not installed: {name} not built");
        return None;
    }
    let dir = std::env::temp_dir().join(format!("hitlab-cc65-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let prg = dir.join(format!("{name}.prg"));
    let status = std::process::Command::new("cl65")
        .args(["-t", "cx16", "-O", "-o"])
        .arg(&prg)
        .arg(&source)
        .current_dir(&dir)
        .status();
    let bytes = match status {
        Ok(s) if s.success() => std::fs::read(&prg).unwrap(),
        Ok(s) => panic!("cl65 failed on {name}: {s}"),
        Err(e) => {
            eprintln!("cl65 not found ({e}): {name} not built");
            None?
        }
    };
    std::fs::remove_dir_all(&dir).ok();
    Some(bytes)
}

#[test]
fn cc65_samples_print_what_their_sources_say() {
    // sieve.c prints its banner through printf (stdout: CKOUT to the screen's file, then
    // CHROUT), sieves for some seconds, prints the time from clock() (RDTIM) and waits
    // for a key.
    if let Some(prg) = cc65_sample("sieve") {
        let mut m = booted(&prg, None);
        run(&mut m, 600);
        let rows = text(&mut m);
        assert_eq!(rows[0], "Sieve benchmark - calculating primes", "{rows:#?}");
        assert_eq!(rows[1], "between 2 and 16384");
        assert_eq!(rows[2], "Please wait patiently ...");
        assert!(rows[3].starts_with("Time used: "), "{rows:#?}");
        assert!(rows[3].ends_with(" seconds"), "{rows:#?}");
        assert_eq!(rows[4], "Q to quit, any other key for list");
    }
    // ascii.c (conio): clrscr, a three-line prompt ending "\r\n\n", then each key
    // echoed with its code as "=$%02x "; 'Q' (PETSCII $D1 in cc65's cx16 character set,
    // shifted Q on the keyboard) quits after its code is printed.
    if let Some(prg) = cc65_sample("ascii") {
        let mut m = booted(&prg, None);
        run(&mut m, 10);
        let rows = text(&mut m);
        assert_eq!(rows[0], "Type characters to see", "{rows:#?}");
        assert_eq!(rows[1], "their hexadecimal code");
        assert_eq!(rows[2], "numbers - 'Q' quits:");
        assert_eq!(rows[3], "");
        assert_eq!(rows[4], "", "waiting for a key");
        let board = m.program().unwrap();
        board.type_text("Q").expect("Q is on the keyboard");
        let mut returned = None;
        for frame in 0..10 {
            let board = m.program().unwrap();
            if let Err(e) = board.run_frame(&mut NoProbe::default()) {
                returned = Some((frame, e.to_string()));
                break;
            }
        }
        let (_, e) = returned.expect("ascii returns after Q");
        assert!(e.contains("returned from its start"), "{e}");
        let rows = text(&mut m);
        assert_eq!(rows[4], "Q=$d1", "{rows:#?}");
    }
    // gunzip65.c asks for a file name on stdin (CHRIN from the keyboard) and waits.
    if let Some(prg) = cc65_sample("gunzip65") {
        let mut m = booted(&prg, None);
        run(&mut m, 30);
        let rows = text(&mut m);
        assert_eq!(rows[0], "GZIP file name:", "{rows:#?}");
    }
}

#[test]
fn the_c_sprite_program_moves_with_pad_1_and_marks_its_hits() {
    let mut m = booted(SPRITES, None);
    // Held right from the first frame. sprites.c waits for the jiffy clock to move (the
    // KERNAL's VSYNC interrupt, at the start of each run after the first), then reads the
    // SPRCOL of the frame just drawn and moves the player, whose new X shows in the frame
    // the run draws: run k shows X = 100 + k, and the program's frame counter is k + 1
    // when it reads that frame's SPRCOL. The 16-px player meets the target at 200..215
    // from X 185 to 215: runs 85-115, 31 frames; the first seen at frame counter 86.
    for _ in 0..130 {
        let board = m.program().unwrap();
        board.set_input(Input { pad1: Input::RIGHT });
        board.run_frame(&mut NoProbe::default()).unwrap();
    }
    let cpu = m.program().unwrap().cpu();
    let word = |name: &str| {
        let at = label(SPRITES_LBL, name);
        u16::from_le_bytes([cpu.peek(at), cpu.peek(at + 1)])
    };
    assert_eq!(word("_hit_frame"), 86);
    assert_eq!(word("_hits"), 31);
    // 129 moves: one in each run after the first.
    assert_eq!(word("_player_x"), 100 + 129);
    assert_eq!(word("_frame"), 129);
    // The target's attribute byte 7 ($1FC0F) turned to palette offset 2 at the hit.
    assert_eq!(vram(&mut m, 0x1FC0F), 0x52);
}

/// 65C02 code from (mnemonic-commented) bytes, loaded at $1000.
fn prg(code: &[u8]) -> Vec<u8> {
    let mut bytes = vec![0x00, 0x10];
    bytes.extend_from_slice(code);
    bytes
}

#[test]
fn bad_arguments_get_the_kernal_s_documented_errors() {
    let code = prg(&[
        // OPEN 1,8,0,name: no unit 8 on the bus (no host folder given).
        0xA9, 0x01, 0xA2, 0x08, 0xA0, 0x00, 0x20, 0xBA,
        0xFF, // LDA #1 LDX #8 LDY #0 JSR SETLFS
        0xA9, 0x01, 0xA2, 0x00, 0xA0, 0x10, 0x20, 0xBD, 0xFF, // SETNAM 1 byte at $1000
        0x20, 0xC0, 0xFF, 0x85, 0x20, 0x08, 0x68, 0x85,
        0x21, // JSR OPEN STA $20 PHP PLA STA $21
        0x20, 0xB7, 0xFF, 0x85, 0x22, // JSR READST STA $22
        // CHKIN of file 9, never opened.
        0xA2, 0x09, 0x20, 0xC6, 0xFF, 0x85, 0x23, 0x08, 0x68, 0x85, 0x24,
        // PLOT to row 70: off the 60-row screen.
        0xA2, 0x46, 0xA0, 0x00, 0x18, 0x20, 0xF0, 0xFF, 0x08, 0x68, 0x85, 0x25,
        // screen_mode 7: no such mode.
        0xA9, 0x07, 0x18, 0x20, 0x5F, 0xFF, 0x08, 0x68, 0x85, 0x26,
        // LOAD from device 8.
        0xA9, 0x01, 0xA2, 0x08, 0xA0, 0x00, 0x20, 0xBA, 0xFF, // SETLFS 1,8,0
        0xA9, 0x00, 0x20, 0xD5, 0xFF, 0x85, 0x27, 0x08, 0x68, 0x85, 0x28, // LDA #0 JSR LOAD
        // LOAD from the screen (device 3): an illegal device.
        0xA9, 0x01, 0xA2, 0x03, 0xA0, 0x00, 0x20, 0xBA, 0xFF, // SETLFS 1,3,0
        0xA9, 0x00, 0x20, 0xD5, 0xFF, 0x85, 0x2A, // LDA #0 JSR LOAD STA $2A
        // The last row, "AB", RETURN, "C": the screen scrolls one row up.
        0xA2, 0x3B, 0xA0, 0x00, 0x18, 0x20, 0xF0, 0xFF, // LDX #59 LDY #0 CLC JSR PLOT
        0xA9, 0x41, 0x20, 0xD2, 0xFF, 0xA9, 0x42, 0x20, 0xD2, 0xFF, // 'A' 'B'
        0xA9, 0x0D, 0x20, 0xD2, 0xFF, 0xA9, 0x43, 0x20, 0xD2, 0xFF, // RETURN 'C'
        // Then WAI; JSR RDTIM; STA $29; BRA back to the WAI.
        0xCB, 0x20, 0xDE, 0xFF, 0x85, 0x29, 0x80, 0xF8,
    ]);
    let mut m = booted(&code, Some(0x1000));
    run(&mut m, 10);
    let cpu = m.program().unwrap().cpu();
    let peek = |a: u32| cpu.peek(a);
    // OPEN: carry set, A = 5 (device not present), READST bit 7 (C64 KERNAL errors).
    assert_eq!((peek(0x20), peek(0x21) & 1, peek(0x22)), (5, 1, 0x80));
    // CHKIN: carry set, A = 3 (file not open).
    assert_eq!((peek(0x23), peek(0x24) & 1), (3, 1));
    // PLOT off the screen and screen_mode 7: carry set.
    assert_eq!((peek(0x25) & 1, peek(0x26) & 1), (1, 1));
    // LOAD from device 8 (the same name): 5, carry set; from the screen: 9 (illegal
    // device).
    assert_eq!((peek(0x27), peek(0x28) & 1, peek(0x2A)), (5, 1, 9));
    // The jiffy clock: one VSYNC at the start of each run after the first, 9 in 10 runs.
    assert_eq!(peek(0x29), 9);
    let rows = text(&mut m);
    assert_eq!(
        (rows[57].as_str(), rows[58].as_str(), rows[59].as_str()),
        ("", "AB", "C")
    );
}

#[test]
fn iso_mode_prints_codes_as_they_are() {
    // $0F: the ISO set and ISO mode; then "a{" (PETSCII would make $61 a graphic).
    let code = prg(&[
        0xA9, 0x0F, 0x20, 0xD2, 0xFF, 0xA9, 0x61, 0x20, 0xD2, 0xFF, 0xA9, 0x7B, 0x20, 0xD2, 0xFF,
        0xCB, 0x80, 0xFD,
    ]);
    let mut m = booted(&code, Some(0x1000));
    run(&mut m, 2);
    assert_eq!(vram(&mut m, 0), 0x61);
    assert_eq!(text(&mut m)[0], "a{");
}

#[test]
fn a_program_returning_from_its_start_is_a_fault_saying_so() {
    // LDA #1 ; RTS: with S = $FF the RTS pulls $0100-$0101, BASIC's return.
    let code = prg(&[0xA9, 0x01, 0x60]);
    let mut m = booted(&code, Some(0x1000));
    let e = m
        .program()
        .unwrap()
        .run_frame(&mut NoProbe::default())
        .unwrap_err();
    assert!(e.to_string().contains("returned from its start"), "{e}");
}

#[test]
fn primm_the_keyboard_buffer_memtop_and_jsrfar_work_as_documented() {
    let code = prg(&[
        0x20, 0x7D, 0xFF, b'H', b'I', 0x00, // JSR PRIMM "HI"
        0xA9, 0x58, 0x20, 0xC3, 0xFE, // LDA #'X' JSR kbdbuf_put
        0x20, 0xE4, 0xFF, 0x85, 0x20, // JSR GETIN STA $20
        0x20, 0xE4, 0xFF, 0x85, 0x21, // JSR GETIN STA $21 (empty: 0)
        0x38, 0x20, 0x99, 0xFF, 0x86, 0x22, 0x84, 0x23, 0x85, 0x24, // SEC JSR MEMTOP
        // LDA $00 ; RTS copied to $A000 of RAM bank 5, then back to bank 0.
        0xA9, 0x05, 0x85, 0x00, 0xA9, 0xA5, 0x8D, 0x00, 0xA0, 0xA9, 0x00, 0x8D, 0x01, 0xA0, 0xA9,
        0x60, 0x8D, 0x02, 0xA0, 0x64, 0x00, 0x20, 0x6E, 0xFF, 0x00, 0xA0,
        0x05, // JSR jsrfar .word $A000 .byte 5
        0x85, 0x25, 0xA5, 0x00, 0x85, 0x26, // STA $25 LDA $00 STA $26
        0xCB, 0x80, 0xFD, // WAI ; BRA -3
    ]);
    let mut m = booted(&code, Some(0x1000));
    run(&mut m, 2);
    assert_eq!(text(&mut m)[0], "HI");
    let cpu = m.program().unwrap().cpu();
    let peek = |a: u32| cpu.peek(a);
    // GETIN returns the key kbdbuf_put stored, then 0.
    assert_eq!((peek(0x20), peek(0x21)), (0x58, 0));
    // MEMTOP: $9F00 (the I/O page), A = 0: 256 RAM banks.
    assert_eq!((peek(0x22), peek(0x23), peek(0x24)), (0x00, 0x9F, 0));
    // The routine ran in bank 5 and the caller's bank 0 came back.
    assert_eq!((peek(0x25), peek(0x26)), (5, 0));
}

#[test]
fn typed_keys_reach_the_keyboard_buffer_through_the_smc_as_petscii() {
    // WAI ; BRA -3: the KERNAL's VSYNC handler runs each frame and reads one keycode.
    let mut m = booted(&[0x00, 0x10, 0xCB, 0x80, 0xFD], Some(0x1000));
    run(&mut m, 1);
    // "a" is key 31 down and up; "A" the same inside Left Shift (44) down and up; "1"
    // key 2; "!" Shift and key 2; "\n" RETURN (43): 2 + 4 + 2 + 4 + 2 = 14 keycodes, one
    // a frame. PETSCII: $41, $C1 (shifted letter), $31, $21, $0D.
    m.program().unwrap().type_text("aA1!\n").expect("typeable");
    // One frame's handler reads one code: after five, "a" typed, Shift down, A down and
    // up ($C1 in), Shift still held.
    run(&mut m, 5);
    let cpu = m.program().unwrap().cpu();
    assert_eq!(cpu.peek(0xA00A), 2);
    assert_eq!(
        cpu.peek(0x03A8) & 1,
        1,
        "Shift held: kbdbuf_get_modifiers bit 0"
    );
    run(&mut m, 9);
    let cpu = m.program().unwrap().cpu();
    let keys: Vec<u8> = (0..5).map(|i| cpu.peek(0xA000 + i)).collect();
    assert_eq!(keys, [0x41, 0xC1, 0x31, 0x21, 0x0D]);
    assert_eq!(cpu.peek(0xA00A), 5);
    assert_eq!(cpu.peek(0x03A8), 0, "Shift let go");
    let e = m.program().unwrap().type_text("é").unwrap_err();
    assert!(e.contains("on no key"), "{e}");
}
