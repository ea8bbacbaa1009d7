//! The project's Vectrex BIOS beyond moves and lists: text (`Print_Str_d`, `Print_List`),
//! dots (`Dot_here`, `Dot_List`), the stick (`Joy_Digital` through the comparator), the
//! buttons, `Random` and the `Clear_x` family, run by the test cartridges
//! `roms/vectrex/programs/text.asm` and `joy.asm` and by small carts written here. Every
//! figure is derived by hand from `roms/vectrex/bios/bios.asm` (the routines' headers
//! state their rules and costs), the 6809 data sheet's cycle counts and the board's VIA
//! and analog rules.

use crate::vectrex_common::PcHits;
use machine::program::{CpuView, Input};
use machine::vectrex::board::VectrexBoard;
use machine::vectrex::target::asm::assemble;
use vectrex::display::{Point, Segment};

const TEXT: &str = include_str!("../../../../roms/vectrex/programs/text.asm");
const TEXT_BIN: &[u8] = include_bytes!("../../../../roms/vectrex/programs/text.bin");
const JOY: &str = include_str!("../../../../roms/vectrex/programs/joy.asm");
const JOY_BIN: &[u8] = include_bytes!("../../../../roms/vectrex/programs/joy.bin");

/// The font's rows for the characters the carts print, as bios.asm's tables hold them
/// (bits 7-3, left first), written out by hand from the glyphs.
fn glyph(c: u8) -> [&'static str; 7] {
    match c {
        b'H' => [
            "#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#",
        ],
        b'I' => [
            ".###.", "..#..", "..#..", "..#..", "..#..", "..#..", ".###.",
        ],
        b'O' => [
            ".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###.",
        ],
        b'K' => [
            "#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#",
        ],
        _ => panic!("no glyph written out for {c}"),
    }
}

/// Print_Str_d's picture of `text` with its top left at (y, x) list units, at the
/// default height -8 and width 72 and brightness z: row r at y - 2r (125 beam units a
/// unit at scale $7F, as Moveto_d moves), a sweep of 18 beam units a cycle from x, pixel
/// k of character n lit from cycle 10 + 73n + 10k to 20 + 73n + 10k, lit neighbours one
/// segment.
fn printed(y: i32, x: i32, text: &[u8], z: u8) -> Vec<Segment> {
    let mut out = Vec::new();
    for r in 0..7 {
        let row_y = (y - 2 * r as i32) * 125;
        for (n, &c) in text.iter().enumerate() {
            let pixels: Vec<bool> = glyph(c)[r].bytes().map(|b| b == b'#').collect();
            let mut k = 0;
            while k < 5 {
                if !pixels[k] {
                    k += 1;
                    continue;
                }
                let first = k;
                while k + 1 < 5 && pixels[k + 1] {
                    k += 1;
                }
                let at = |cycle: usize| x * 125 + 18 * cycle as i32;
                out.push(Segment {
                    from: Point {
                        y: row_y,
                        x: at(10 + 73 * n + 10 * first),
                    },
                    to: Point {
                        y: row_y,
                        x: at(20 + 73 * n + 10 * k),
                    },
                    intensity: z,
                    pattern: vectrex::display::PATTERN_SOLID,
                });
                k += 1;
            }
        }
    }
    out
}

#[test]
fn text_is_its_source_assembled() {
    assert_eq!(assemble(TEXT).unwrap().image, TEXT_BIN);
    assert_eq!(assemble(JOY).unwrap().image, JOY_BIN);
}

#[test]
fn text_prints_its_strings_as_the_font_rows_and_its_dots_where_the_list_says() {
    let mut board = VectrexBoard::new(TEXT_BIN, None).unwrap();
    let mut probe = PcHits::default();
    // The power-on frame ends in Cold_Start's Wait_Recal; the cartridge's first
    // Wait_Recal then waits a frame with nothing drawn; the third frame is its picture.
    for _ in 0..3 {
        board.run_frame(&mut probe).unwrap();
    }
    for frame in 0..2 {
        let got = board.segments().to_vec();
        let mut want = printed(40, -60, b"HI", 0x5F);
        want.extend(printed(-32, -40, b"OK", 0x5F));
        // The dots: moves of (16, 16), (0, 32), (-16, 0) from the origin at scale $7F.
        for (y, x) in [(16, 16), (16, 48), (0, 48)] {
            let p = Point {
                y: y * 125,
                x: x * 125,
            };
            want.push(Segment {
                from: p,
                to: p,
                intensity: 0x5F,
                pattern: vectrex::display::PATTERN_SOLID,
            });
        }
        assert_eq!(got.len(), want.len(), "frame {frame}: {got:#?}");
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            assert_eq!(g, w, "frame {frame}, segment {i}");
        }
        // Print_List leaves U at the 0 that ends the list: list + 5.
        let list = assemble(TEXT).unwrap().symbol("list").unwrap();
        assert_eq!(
            u16::from_be_bytes([board.peek(0xC880), board.peek(0xC881)]),
            list + 5
        );
        board.run_frame(&mut probe).unwrap();
    }
}

/// The joy cart's record at $C880: y, x, buttons held, presses, Random's number.
fn record(board: &VectrexBoard) -> [u8; 5] {
    std::array::from_fn(|i| board.peek(0xC880 + i as u32))
}

#[test]
fn joy_reads_the_pad_through_the_comparator_and_the_ay_port() {
    let mut board = VectrexBoard::new(JOY_BIN, None).unwrap();
    let mut probe = PcHits::default();
    // Power-on, then the cartridge's set-up: ten bytes of $55, nine cleared by Clear_x_b
    // (B = 8: B + 1 bytes).
    board.run_frame(&mut probe).unwrap();
    board.run_frame(&mut probe).unwrap();
    for a in 0xC880..=0xC888 {
        assert_eq!(board.peek(a), 0, "${a:04X}");
    }
    assert_eq!(board.peek(0xC889), 0x55);
    // Random from a 0 seed: $ACE1 shifted right, the taps $B4 in (its low bit was 1):
    // $E270; then $7138, $389C, $1C4E, $0E27, $0713 ^ $B400 = $B313. A is the low byte.
    let randoms = [0x70, 0x38, 0x9C, 0x4E, 0x27, 0x13];
    // No input: nothing moves.
    board.run_frame(&mut probe).unwrap();
    assert_eq!(record(&board), [0, 0, 0, 0, randoms[0]]);
    // Right, up and button 1 (A) held: one unit up and right a frame; the press shows
    // once in $C811, the level every frame in $C80F.
    board.set_input(Input {
        pad1: Input::RIGHT | Input::UP | Input::A,
    });
    for (n, &r) in randoms[1..4].iter().enumerate() {
        board.run_frame(&mut probe).unwrap();
        let n = n as u8 + 1;
        assert_eq!(record(&board), [n, n, 1, u8::from(n == 1), r], "frame {n}");
    }
    // Left and down: back two units past the centre, $FF a frame.
    board.set_input(Input {
        pad1: Input::LEFT | Input::DOWN,
    });
    board.run_frame(&mut probe).unwrap();
    board.run_frame(&mut probe).unwrap();
    assert_eq!(record(&board), [1, 1, 0, 0, randoms[5]]);
    // Only left: x moves, y stays (the Y pot centred reads 0).
    board.set_input(Input { pad1: Input::LEFT });
    for _ in 0..3 {
        board.run_frame(&mut probe).unwrap();
    }
    assert_eq!(&record(&board)[..2], &[1, 0xFE]);
    // Stick 2, centred and never moved, reads 0 on both axes.
    assert_eq!((board.peek(0xC81D), board.peek(0xC81E)), (0, 0));
    assert_eq!((board.peek(0xC81B), board.peek(0xC81C)), (0xFF, 0));
}

/// A cartridge with the header and `code` at $0017, and the address of each byte of it.
fn cart(code: &[u8]) -> Vec<u8> {
    let mut c = vec![
        0x67, 0x20, 0x47, 0x43, 0x45, 0x20, 0x32, 0x30, 0x32, 0x36, 0x80, 0x00, 0x00, 0xF8, 0x50,
        0x20, 0xC0, 0x54, 0x80, 0x00,
    ];
    c.extend_from_slice(code);
    c
}

/// Runs `code` (at $0014, after the header) on the project's BIOS through its first
/// frames, with breakpoints at `marks`; returns the cycles between consecutive marks.
fn costs(code: &[u8], marks: &[u16]) -> Vec<u64> {
    let mut board = VectrexBoard::new(&cart(code), None).unwrap();
    let mut probe = PcHits::default();
    for &m in marks {
        probe.bp.insert(u32::from(m));
    }
    for _ in 0..3 {
        board.run_frame(&mut probe).unwrap();
    }
    let at: Vec<u64> = marks
        .iter()
        .map(|&m| {
            probe
                .hits
                .iter()
                .find(|&&(pc, _)| pc == u32::from(m))
                .unwrap_or_else(|| panic!("${m:04X} not reached"))
                .1
        })
        .collect();
    at.windows(2).map(|w| w[1] - w[0]).collect()
}

#[test]
fn the_routines_cost_what_their_headers_say() {
    // $0014 jsr Random; $0017 jsr Random; $001A ldx #$C880; $001D ldb #7;
    // $001F jsr Clear_x_b; $0022 jsr Clear_x_256; $0025 jsr Joy_Digital;
    // $0028 jsr Dot_here; $002B bra *.
    let code = [
        0xBD, 0xF5, 0x17, 0xBD, 0xF5, 0x17, 0x8E, 0xC8, 0x80, 0xC6, 0x07, 0xBD, 0xF5, 0x3F, 0xBD,
        0xF5, 0x45, 0xBD, 0xF1, 0xF8, 0xBD, 0xF2, 0xC5, 0x20, 0xFE,
    ];
    let got = costs(
        &code,
        &[
            0x0014, 0x0017, 0x001A, 0x001F, 0x0022, 0x0025, 0x0028, 0x002B,
        ],
    );
    // Random, JSR and all: JSR 8, JMP 4, PSHS B 6, LDD 6, BNE 3, LSRA 2, RORB 2, BCC 3,
    // STD 6, TFR 6, PULS B,PC 8: 54; from a 0 seed the LDD #$ACE1 3 and, its low bit
    // being 1, the EORA 2: 59. The second call shifts $E270, an even number: 54.
    assert_eq!(got[0], 59);
    assert_eq!(got[1], 54);
    // LDX # 3, LDB # 2.
    assert_eq!(got[2], 5);
    // Clear_x_b, B = 7: JSR 8, CLRA 2, BRA 3, 8 x (CLR D,X 10, SUBD 4, BPL 3), RTS 5.
    assert_eq!(got[3], 18 + 8 * 17);
    // Clear_x_256: JSR 8, LDD # 3, 256 x 17, RTS 5.
    assert_eq!(got[4], 4368);
    // Joy_Digital with both sticks centred, all four axes enabled: JSR 8, JMP 4, LDX # 3;
    // each axis LDA 4, BEQ 3, STA 4, LDD 3, STA 4, LDA 4, BITA 2, BNE 3, then the second
    // threshold LDD 3, STA 4, LDA 4, BITA 2, BNE 3 (taken: between), STB -4,X 5,
    // LEAX 5, CMPX 4, BNE 3: 60; then LDB 2, STB 4, RTS 5.
    assert_eq!(got[5], 15 + 4 * 60 + 11);
    // Dot_here at the default dwell 5: JSR 8, JMP 4, LDA 2, STA 4, LDB 5, 5 x (DECB 2,
    // BNE 3), CLR 6, RTS 5.
    assert_eq!(got[6], 34 + 25);
}

#[test]
fn print_str_d_costs_per_character_what_its_sweep_takes() {
    // $0014 ldu #s1; $0017 ldd #0; $001A jsr Print_Str_d; $001D ldu #s2; $0020 ldd #0;
    // $0023 jsr Print_Str_d; $0026 bra *; s1 at $0028 "A", $80; s2 "AAA", $80.
    let code = [
        0xCE, 0x00, 0x28, 0xCC, 0x00, 0x00, 0xBD, 0xF3, 0x7A, 0xCE, 0x00, 0x2A, 0xCC, 0x00, 0x00,
        0xBD, 0xF3, 0x7A, 0x20, 0xFE, 0x41, 0x80, 0x41, 0x41, 0x41, 0x80,
    ];
    let got = costs(&code, &[0x001A, 0x001D, 0x0023, 0x0026]);
    // Two characters more: 7 rows x 2 x 73 cycles.
    assert_eq!(got[2] - got[0], 7 * 2 * 73);
    // One character, as the header counts it: 22 before the rows; each row PSHS U 7,
    // Reset0Ref 47 (JSR 8, LDD 3, STB 4, STA 4, CLR 6, LDD 3, STA 4, STB 4, LDB 2, STB 4,
    // RTS 5), LDD 2,S 6, Moveto_d_7F 207, 62 to the sweep, the character's 65 and 26
    // after it; 27 between rows and 10 after the last: 2,623 + 511.
    assert_eq!(
        got[0],
        22 + 7 * (7 + 47 + 6 + 207 + 62 + 65 + 26) + 6 * 27 + 10
    );
    assert_eq!(got[0], 2_623 + 511);
}

#[test]
fn joy_analog_measures_the_pots_and_costs_what_its_header_says() {
    // $0014 jsr Joy_Analog; $0017 ldd $C81B; $001A std $C880; $001D ldd $C81D;
    // $0020 std $C882; $0023 bra $0014: $C880-$C883 hold the last whole call's readings.
    let code = [
        0xBD, 0xF1, 0xF5, 0xFC, 0xC8, 0x1B, 0xFD, 0xC8, 0x80, 0xFC, 0xC8, 0x1D, 0xFD, 0xC8, 0x82,
        0x20, 0xEF,
    ];
    let mut board = VectrexBoard::new(&cart(&code), None).unwrap();
    let mut probe = PcHits::default();
    probe.bp.insert(0x0014);
    probe.bp.insert(0x0017);
    board.run_frame(&mut probe).unwrap();
    // The pad right and up: stick 1's pots at $FF, stick 2's centred ($80).
    board.set_input(Input {
        pad1: Input::RIGHT | Input::UP,
    });
    board.run_frame(&mut probe).unwrap();
    // The pot's value with $80 flipped: $FF reads $7F, $80 reads 0.
    let readings = |b: &VectrexBoard| [0xC880, 0xC881, 0xC882, 0xC883].map(|a| b.peek(a));
    assert_eq!(readings(&board), [0x7F, 0x7F, 0, 0]);
    // Each call: 15 + 11 around four enabled axes of 20 + 8 x 41 + 24 = 372 each, plus
    // 16 for each 1 bit of the pot: $FF 8, $80 1.
    let call = |p: &PcHits| {
        let w = p
            .hits
            .windows(2)
            .rev()
            .find(|w| (w[0].0, w[1].0) == (0x0014, 0x0017))
            .expect("a whole call");
        w[1].1 - w[0].1
    };
    assert_eq!(call(&probe), 26 + 2 * (372 + 8 * 16) + 2 * (372 + 16));
    // Left and down: $00 reads $80; centred again: 0 and 1,578 cycles.
    board.set_input(Input {
        pad1: Input::LEFT | Input::DOWN,
    });
    board.run_frame(&mut probe).unwrap();
    assert_eq!(readings(&board), [0x80, 0x80, 0, 0]);
    board.set_input(Input::default());
    board.run_frame(&mut probe).unwrap();
    assert_eq!(readings(&board), [0, 0, 0, 0]);
    assert_eq!(call(&probe), 1_578);
}
