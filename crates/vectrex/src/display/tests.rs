//! Reference checks of the display model (specs/vectrex.md, "Vector display model").

use super::cycles;
use super::*;
use crate::memory::{Memory, MemoryError};

const ROM_BASE: u16 = 0x0000;

fn lit_display(scale: u8) -> Display {
    let mut d = Display::new();
    d.intensity_a(0x7F);
    d.set_scale(scale);
    d
}

fn p(y: i32, x: i32) -> Point {
    Point { y, x }
}

#[test]
fn draw_vlc_square_gives_four_segments_at_scale() {
    // A square of side 50: count 3 = four vectors.
    let rom = [3u8, 50, 0, 0, 50, (-50i8) as u8, 0, 0, (-50i8) as u8];
    let mem = Memory::new(&rom, ROM_BASE).unwrap();
    let mut d = lit_display(0x40);
    let before = d.frame().cycles;
    let end = d.draw_vlc(&mem, 0).unwrap();
    assert_eq!(end, 9);
    let s = 50 * 0x40;
    let want = [
        (p(0, 0), p(s, 0)),
        (p(s, 0), p(s, s)),
        (p(s, s), p(0, s)),
        (p(0, s), p(0, 0)),
    ];
    let got: Vec<_> = d.frame().segments.iter().map(|g| (g.from, g.to)).collect();
    assert_eq!(got, want);
    assert!(
        d.frame()
            .segments
            .iter()
            .all(|g| g.intensity == 0x7F && g.pattern == PATTERN_SOLID)
    );
    // Entry 17, four vectors of 48 + wait, then JMP Check0Ref with the reset disabled.
    let per_vector = cycles::DRAW_VL_A_START + cycles::vector_wait_and_end(0x40);
    assert_eq!(
        d.frame().cycles - before,
        u64::from(17 + 4 * per_vector + 17)
    );
}

#[test]
fn draw_vlc_count_is_a_signed_byte() {
    let mut rom = vec![0u8; 1 + 2 * 200];
    for (i, b) in rom.iter_mut().enumerate().skip(1) {
        *b = if i % 2 == 1 { 1 } else { 0 };
    }
    for (count, vectors) in [
        (0u8, 1usize),
        (5, 6),
        (0x7F, 128),
        (0x80, 129),
        (0x81, 1),
        (0xFF, 1),
    ] {
        rom[0] = count;
        let mem = Memory::new(&rom, ROM_BASE).unwrap();
        let mut d = lit_display(1);
        let end = d.draw_vlc(&mem, 0).unwrap();
        assert_eq!(d.frame().segments.len(), vectors, "count {count:#04x}");
        assert_eq!(usize::from(end), 1 + 2 * vectors);
    }
}

#[test]
fn draw_vlcs_takes_its_scale_from_the_list() {
    let rom = [1u8, 0x20, 0, 10, 10, 0];
    let mem = Memory::new(&rom, ROM_BASE).unwrap();
    let mut d = lit_display(0x7F);
    d.draw_vlcs(&mem, 0).unwrap();
    assert_eq!(d.pen().scale, 0x20);
    assert_eq!(d.pen().at, p(10 * 0x20, 10 * 0x20));
    assert_eq!(d.frame().segments.len(), 2);
}

#[test]
fn mov_draw_vl_first_pair_is_a_move() {
    // Mov_Draw_VLc_a: count 2 = a move, then two vectors.
    let rom = [2u8, 10, 10, 0, 5, 5, 0];
    let mem = Memory::new(&rom, ROM_BASE).unwrap();
    let mut d = lit_display(1);
    assert_eq!(d.mov_draw_vlc_a(&mem, 0).unwrap(), 7);
    let got: Vec<_> = d.frame().segments.iter().map(|g| (g.from, g.to)).collect();
    assert_eq!(got, [(p(10, 10), p(10, 15)), (p(10, 15), p(15, 15))]);
    // Mov_Draw_VL with $C823 = 0: only the move.
    let mut d = lit_display(1);
    d.set_vec_misc_count(0);
    assert_eq!(d.mov_draw_vl(&mem, 1).unwrap(), 3);
    assert!(d.frame().segments.is_empty());
    assert_eq!(d.pen().at, p(10, 10));
}

#[test]
fn draw_vl_mode_stops_at_mode_one() {
    // move, draw, end, then a draw that must never run.
    let rom = [0u8, 10, 10, 2, 20, 0, 1, 2, 5, 5];
    let mem = Memory::new(&rom, ROM_BASE).unwrap();
    let mut d = lit_display(1);
    let end = d.draw_vl_mode(&mem, 0).unwrap();
    assert_eq!(end, 7, "X points after the terminator");
    assert_eq!(d.frame().segments.len(), 1);
    assert_eq!(d.frame().segments[0].from, p(10, 10));
    assert_eq!(d.frame().segments[0].to, p(30, 10));
    assert_eq!(d.pen().at, p(30, 10));
}

#[test]
fn draw_vl_mode_patterned_lines_use_vec_pattern() {
    let rom = [0x80u8, 0, 40, 1];
    let mem = Memory::new(&rom, ROM_BASE).unwrap();
    let mut d = lit_display(1);
    d.set_vec_pattern(0xCC);
    d.draw_vl_mode(&mem, 0).unwrap();
    assert_eq!(d.frame().segments.len(), 1);
    assert_eq!(d.frame().segments[0].pattern, 0xCC);
    // A blank pattern lights nothing but still moves the pen.
    let mut d = lit_display(1);
    d.set_vec_pattern(0);
    d.draw_vl_mode(&mem, 0).unwrap();
    assert!(d.frame().segments.is_empty());
    assert_eq!(d.pen().at, p(0, 40));
}

#[test]
fn intensity_at_or_above_0x80_draws_nothing() {
    let rom = [0u8, 30, 30];
    let mem = Memory::new(&rom, ROM_BASE).unwrap();
    for z in [0x80u8, 0xC0, 0xFF, 0x00] {
        let mut d = lit_display(2);
        d.intensity_a(z);
        let before = d.frame().cycles;
        d.draw_vlc(&mem, 0).unwrap();
        assert!(d.frame().segments.is_empty(), "intensity {z:#04x}");
        assert_eq!(d.pen().at, p(60, 60), "the beam still moves");
        assert!(d.frame().cycles > before, "and the time is still spent");
    }
    let mut d = lit_display(2);
    d.intensity_a(0x01);
    d.draw_vlc(&mem, 0).unwrap();
    assert_eq!(d.frame().segments.len(), 1);
}

#[test]
fn a_list_without_end_marker_is_an_error() {
    // Draw_VL_mode items that never reach mode 1: runs off the image.
    let rom = [2u8, 1, 1, 0, 1, 1, 2, 1, 1];
    let mem = Memory::new(&rom, 0x1000).unwrap();
    let mut d = lit_display(1);
    d.set_vec_0ref_enable(1);
    let err = d.draw_vl_mode(&mem, 0x1000).unwrap_err();
    assert_eq!(
        err,
        DisplayError::Memory(MemoryError::Unmapped { addr: 0x1009 })
    );
    assert_eq!(d.frame().segments.len(), 2, "what was drawn stays drawn");
    // Draw_VLc whose count promises more pairs than the image holds.
    let rom = [5u8, 1, 1];
    let mem = Memory::new(&rom, 0x1000).unwrap();
    assert!(matches!(
        Display::new().draw_vlc(&mem, 0x1000),
        Err(DisplayError::Memory(MemoryError::Unmapped { addr: 0x1003 }))
    ));
    // An image filling the address space wraps X: stopped after 64 KiB.
    let all = vec![2u8; 0x1_0000];
    let mem = Memory::new(&all, 0).unwrap();
    let mut d = lit_display(0);
    assert_eq!(
        d.draw_vl_mode(&mem, 0x8000),
        Err(DisplayError::Runaway { start: 0x8000 })
    );
    // A pointer outside the image.
    assert!(Display::new().draw_vlc(&mem, 0).is_ok());
    let small = Memory::new(&rom, 0x1000).unwrap();
    assert!(Display::new().draw_vl_mode(&small, 0x0FFF).is_err());
}

#[test]
fn check0ref_resets_the_pen_when_enabled() {
    let rom = [0u8, 10, 10];
    let mem = Memory::new(&rom, ROM_BASE).unwrap();
    let mut d = lit_display(1);
    d.set_vec_0ref_enable(1);
    d.draw_vlc(&mem, 0).unwrap();
    assert_eq!(d.pen().at, p(0, 0));
    assert_eq!(d.frame().segments.len(), 1);
}

#[test]
fn pen_routines_move_and_charge() {
    let mut d = Display::new();
    let c0 = d.frame().cycles;
    d.moveto_d(-10, 20);
    assert_eq!(d.pen().at, p(-10 * 0x7F, 20 * 0x7F));
    assert_eq!(
        d.frame().cycles - c0,
        u64::from(cycles::moveto_d(0x7F, -10, 20))
    );
    assert!(d.frame().segments.is_empty(), "moves are blank");
    d.reset0ref();
    assert_eq!(d.pen().at, p(0, 0));
    d.intensity_a(0x5F);
    assert_eq!(d.pen().intensity, 0x5F);
}

#[test]
fn frames_count_cycles_against_the_budget() {
    // 64 vectors at scale $FF: 326 cycles each (37 polls), two lists blow 30,000.
    let mut rom = vec![0x3Fu8];
    rom.extend(std::iter::repeat_n([1u8, 0], 64).flatten());
    let mem = Memory::new(&rom, ROM_BASE).unwrap();
    let mut d = lit_display(0xFF);
    d.draw_vlc(&mem, 0).unwrap();
    assert!(!d.frame().over_budget());
    d.draw_vlc(&mem, 0).unwrap();
    assert!(d.frame().over_budget());
    let done = d.wait_recal();
    assert_eq!(done.segments.len(), 128);
    assert_eq!(done.cycles, 43 + 4 + 2 * (17 + 64 * 326 + 17));
    assert!(d.frame().segments.is_empty());
    assert!(
        d.frame().cycles > 0 && d.frame().cycles < 2_000,
        "recalibration only"
    );
    assert_eq!(d.pen().scale, 0xFF);
    assert_eq!(d.pen().at, p(0, 0));
}

#[test]
fn memory_images_stay_in_the_address_space() {
    let rom = [0u8; 16];
    assert_eq!(
        Memory::new(&rom, 0xFFF8).unwrap_err(),
        MemoryError::TooLarge {
            base: 0xFFF8,
            len: 16
        }
    );
    let mem = Memory::new(&rom, 0xFFF0).unwrap();
    assert_eq!(mem.read(0xFFFF), Ok(0));
    assert_eq!(mem.read(0x0000), Err(MemoryError::Unmapped { addr: 0 }));
    assert_eq!(
        mem.read(0xFFEF),
        Err(MemoryError::Unmapped { addr: 0xFFEF })
    );
}
