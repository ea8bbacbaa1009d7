//! The project BIOS's memory, counter, delay, absolute-value and `Mov_Draw_VL` entries
//! (`roms/vectrex/bios/bios.asm`), called by small cartridges: the registers and RAM they
//! leave, worked by hand from the routines' documented conventions (Bruce Tomlin's
//! annotated BIOS disassembly), and their cycles from the 6809 data sheet's counts.

use crate::vectrex_common::PcHits;
use machine::program::ProgramError;
use machine::vectrex::board::VectrexBoard;
use machine::vectrex::target::asm::{Assembly, assemble};
use vectrex::display::Point;

/// The header ("g GCE 2026", no music, one title line) and the BIOS's addresses.
const HEADER: &str = "
Wait_Recal      equ $F192
Intensity_a     equ $F2AB
Reset0Ref       equ $F354
Mov_Draw_VLc_a  equ $F3AD
Mov_Draw_VL     equ $F3BC
Mov_Draw_VL_b   equ $F3B1
Mov_Draw_VLcs   equ $F3B5
Mov_Draw_VL_ab  equ $F3B7
Mov_Draw_VL_a   equ $F3B9
Clear_x_b_80    equ $F550
Clear_x_b_a     equ $F552
Dec_3_Counters  equ $F55A
Dec_6_Counters  equ $F55E
Dec_Counters    equ $F563
Delay_3         equ $F56D
Delay_2         equ $F571
Delay_1         equ $F575
Delay_0         equ $F579
Delay_b         equ $F57A
Delay_RTS       equ $F57D
Abs_a_b         equ $F584
Abs_b           equ $F58B
 org $0000
 fcb $67,$20,$47,$43,$45,$20,$32,$30,$32,$36,$80
 fdb $0000
 fcb $F8,$50,$20,$C0
 fcb $54,$80
 fcb $00
";

/// `body` after the header, assembled.
fn cart(body: &str) -> Assembly {
    assemble(&format!("{HEADER}{body}")).unwrap_or_else(|e| panic!("{e}"))
}

/// Runs `body` on the project's BIOS for `frames` frames with breakpoints at the labels
/// `m0`, `m1`, ...; returns the board and the cycles from each mark to the next (each
/// mark's first visit).
fn run(body: &str, marks: usize, frames: usize) -> (VectrexBoard, Vec<u64>) {
    let a = cart(body);
    let mut board = VectrexBoard::new(&a.image, None).unwrap();
    let mut probe = PcHits::default();
    let at: Vec<u16> = (0..marks)
        .map(|k| a.symbol(&format!("m{k}")).expect("a mark"))
        .collect();
    for &m in &at {
        probe.bp.insert(u32::from(m));
    }
    for _ in 0..frames {
        board.run_frame(&mut probe).unwrap();
    }
    let cycles: Vec<u64> = at
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
    (board, cycles.windows(2).map(|w| w[1] - w[0]).collect())
}

fn ram(board: &VectrexBoard, from: u16, n: u16) -> Vec<u8> {
    (from..from + n).map(|a| board.read(a)).collect()
}

#[test]
fn the_delays_count_b_past_zero_and_cost_five_a_round() {
    let body = "
 ldb #$55
m0 jsr Delay_3
m1 stb $C880
m2 jsr Delay_2
m3 jsr Delay_1
m4 jsr Delay_0
m5 ldb #4
m6 jsr Delay_b
m7 jsr Delay_RTS
m8 stb $C881
done bra done
";
    let (board, got) = run(body, 9, 2);
    // Tomlin's figures without the call (Delay_3 30, Delay_2 25, Delay_1 20, Delay_0 12,
    // Delay_b 5 B + 10, Delay_RTS 5), each with the JSR's 8; STB extended 5; LDB # 2.
    assert_eq!(got, vec![38, 5, 33, 28, 20, 2, 8 + 5 * 4 + 10, 13]);
    // B left at $FF, and Delay_RTS changes nothing.
    assert_eq!(ram(&board, 0xC880, 2), vec![0xFF, 0xFF]);
}

#[test]
fn the_counters_not_at_zero_are_decremented() {
    let body = "
 ldd #$0300
 std $C82E
 ldd #$0105
 std $C830
 ldd #$0002
 std $C832
 lda #$AA
m0 jsr Dec_3_Counters
m1 stx $C880
 std $C882
m2 jsr Dec_6_Counters
m3 ldd #$0007
 std $C890
 ldx #$C890
 ldb #1
m4 jsr Dec_Counters
m5 stb $C892
done bra done
";
    let (board, got) = run(body, 6, 2);
    // The counters $C82E-$C833 were 3, 0, 1, 5, 0, 2. Dec_3_Counters takes the first
    // three, the last first: 1 -> 0, 0 stays, 3 -> 2; Dec_6_Counters then all six.
    assert_eq!(ram(&board, 0xC82E, 6), vec![1, 0, 0, 4, 0, 1]);
    // Exit X -> the counters, B = $FF, A kept.
    assert_eq!(ram(&board, 0xC880, 4), vec![0xC8, 0x2E, 0xAA, 0xFF]);
    // Dec_Counters, B = 1, on $C890-$C891 = 0, 7.
    assert_eq!(ram(&board, 0xC890, 3), vec![0, 6, 0xFF]);
    // A counter not at 0: TST B,X 7, BEQ 3, DEC B,X 7, DECB 2, BPL 3 = 22; at 0: 15.
    // Dec_3_Counters: JSR 8, LDB # 2, BRA 3, LDX # 3, 22 + 15 + 22, RTS 5.
    assert_eq!(got[0], 8 + 2 + 3 + 3 + 22 + 15 + 22 + 5);
    // STX 6, STD 6 between.
    assert_eq!(got[1], 12);
    // Dec_6_Counters on 2, 0, 0, 5, 0, 2 (the last first: 2, 0, 5, 0, 0, 2).
    assert_eq!(got[2], 8 + 2 + 3 + 22 + 15 + 22 + 15 + 15 + 22 + 5);
    // LDD # 3, STD 6, LDX # 3, LDB # 2; then Dec_Counters on 7 and 0.
    assert_eq!(got[3], 14);
    assert_eq!(got[4], 8 + 22 + 15 + 5);
}

#[test]
fn abs_gives_magnitudes_and_minus_128_as_127() {
    let body = "
 lda #$F6
 ldb #$80
m0 jsr Abs_a_b
m1 std $C880
 lda #$80
 ldb #$03
m2 jsr Abs_a_b
m3 std $C882
 lda #$C0
 ldb #$FB
m4 jsr Abs_b
m5 std $C884
 ldb #$80
m6 jsr Abs_b
m7 stb $C886
done bra done
";
    let (board, got) = run(body, 8, 2);
    // -10 and -128: 10 and 127; -128 and 3: 127 and 3; Abs_b leaves A (-64) as it is.
    assert_eq!(
        ram(&board, 0xC880, 7),
        vec![0x0A, 0x7F, 0x7F, 0x03, 0xC0, 0x05, 0x7F]
    );
    // JSR 8; A < 0: TSTA 2, BPL 3, NEGA 2, BVC 3 (taken); B = $80: TSTB 2, BPL 3, NEGB 2,
    // BVC 3 (not taken: the negation overflowed), DECB 2; RTS 5.
    assert_eq!(got[0], 8 + 10 + 12 + 5);
    // A = $80: 10 and DECA 2; B = 3: TSTB 2, BPL 3 (taken).
    assert_eq!(got[2], 8 + 12 + 5 + 5);
    // Abs_b, B = -5: TSTB 2, BPL 3, NEGB 2, BVC 3 (taken).
    assert_eq!(got[4], 8 + 10 + 5);
    // Abs_b, B = $80.
    assert_eq!(got[6], 8 + 12 + 5);
}

#[test]
fn clear_x_b_fills_b_plus_one_bytes_from_x() {
    let body = "
 ldd #$1111
 std $C880
 std $C882
 std $C884
 std $C886
 ldx #$C881
 ldb #3
m0 jsr Clear_x_b_80
m1 stb $C890
 stx $C891
 ldx #$C886
 lda #$55
 ldb #1
m2 jsr Clear_x_b_a
m3 sta $C893
done bra done
";
    let (board, got) = run(body, 4, 2);
    // $C881-$C884 (B = 3: four bytes) $80; $C886-$C887 (B = 1) $55; the rest kept.
    assert_eq!(
        ram(&board, 0xC880, 8),
        vec![0x11, 0x80, 0x80, 0x80, 0x80, 0x11, 0x55, 0x55]
    );
    // Exit B = 0, X kept, A kept.
    assert_eq!(ram(&board, 0xC890, 4), vec![0x00, 0xC8, 0x81, 0x55]);
    // JSR 8, LDA # 2, 3 x (STA B,X 5, DECB 2, BNE 3), STA ,X 4, RTS 5.
    assert_eq!(got[0], 8 + 2 + 3 * 10 + 4 + 5);
    // JSR 8, 1 x 10, STA ,X 4, RTS 5.
    assert_eq!(got[2], 8 + 10 + 4 + 5);
}

/// Each form once a frame, from the origin: a move (10, x), then the same two vectors
/// (the list's (0, 8), then (8, 0)), the count (2: the vectors after the move), scale and
/// move where that form takes them; then `Mov_Draw_VL` with $C823 = 0: the move alone.
const MOV_DRAW: &str = "
 lda #$D0
 tfr a,dp
 jsr Wait_Recal
 bsr pen
 ldx #list_c
 jsr Mov_Draw_VLc_a
 jsr Wait_Recal
 bsr pen
 lda #$3F
 sta $D004
 lda #2
 sta $C823
 ldb #$7F
 ldx #list
 jsr Mov_Draw_VL_b
 jsr Wait_Recal
 bsr pen
 lda #$3F
 sta $D004
 ldx #list_cs
 jsr Mov_Draw_VLcs
 jsr Wait_Recal
 bsr pen
 lda #$3F
 sta $D004
 ldd #$027F
 ldx #list_ab
 jsr Mov_Draw_VL_ab
 jsr Wait_Recal
 bsr pen
 ldx #list_a
 lda #2
 jsr Mov_Draw_VL_a
done jsr Wait_Recal
 bsr pen
 clr $C823
 ldx #list_a
 jsr Mov_Draw_VL
 stx $C880
 bra done
pen lda #$5F
 jsr Intensity_a
 jsr Reset0Ref
 lda #$7F
 sta $D004
 rts
list_c fcb 2,$0A,$D8,$00,$08,$08,$00
list fcb $0A,$EC,$00,$08,$08,$00
list_cs fcb 2,$7F,$0A,$00,$00,$08,$08,$00
list_ab fcb $0A,$14,$00,$08,$08,$00
list_a fcb $0A,$28,$00,$08,$08,$00
";

#[test]
fn the_mov_draw_vl_forms_move_then_draw_the_list() -> Result<(), ProgramError> {
    let a = cart(MOV_DRAW);
    let mut board = VectrexBoard::new(&a.image, None)?;
    let mut probe = PcHits::default();
    let mut lines = Vec::new();
    for _ in 0..9 {
        board.run_frame(&mut probe)?;
        lines.extend(board.segments().iter().filter(|s| s.from != s.to).copied());
    }
    // Scale $7F: a list unit is 125 beam units for a move and a vector alike (the ramp
    // from the instruction after the Timer 1 store to the end of the poll that sees it
    // end, as vectrex_bios.rs works out for Moveto_d and Draw_Line_d).
    let u = 125;
    let p = |y: i32, x: i32| Point { y: y * u, x: x * u };
    let mut want = Vec::new();
    // The moves: (10, -40), (10, -20), (10, 0), (10, 20), (10, 40).
    for x in [-40, -20, 0, 20, 40] {
        want.push((p(10, x), p(10, x + 8)));
        want.push((p(10, x + 8), p(18, x + 8)));
    }
    let got: Vec<_> = lines.iter().map(|s| (s.from, s.to)).collect();
    assert_eq!(got, want);
    assert!(lines.iter().all(|s| s.intensity == 0x5F));
    // With $C823 = 0 the move alone, X past its pair.
    let after_move = a.symbol("list_a").unwrap() + 2;
    assert_eq!(
        u16::from_be_bytes([board.read(0xC880), board.read(0xC881)]),
        after_move
    );
    Ok(())
}
