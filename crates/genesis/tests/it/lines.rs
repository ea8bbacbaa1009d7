//! The chip driven line by line (genesis crate `frame` and `line` modules): the display
//! enable read as each line begins, the sprite view's states with their lines, the
//! power-on frame, and programs that write the table on every line or never enable the
//! display. Expected values are derived by hand from the rules in those modules.

use crate::common;
use common::*;
use genesis::{POWER_ON_ACTIVE_LINES, POWER_ON_LINE, STATUS_COLLISION, Vdp};

/// A view entry: sprite number, X and lines.
type State = (u8, i32, Option<(u16, u16)>);

/// Runs lines until vertical blank has begun (line 225 reached).
fn to_vblank(v: &mut Vdp) {
    while v.line() <= 224 {
        v.step_line();
    }
}

/// Two solid 8x8 sprites overlapping on rows 44-47 and two on rows 154-157.
fn two_pairs(v: &mut Vdp) {
    write_cells(v, 1, &[solid(1)]);
    write_chain(
        v,
        &[
            Spr::at(100, 40, 1, 1, 1),
            Spr::at(104, 44, 1, 1, 1),
            Spr::at(100, 150, 1, 1, 1),
            Spr::at(104, 154, 1, 1, 1),
        ],
    );
}

#[test]
fn the_display_switched_on_between_lines_counts_from_the_next_line() {
    // Display off (register 1 = $04) from the frame's start; on between lines 99 and 100:
    // the first pair is never drawn and never collides, the second collides on line 154.
    let mut v = chip(false, false);
    two_pairs(&mut v);
    v.write_register(1, 0x04);
    for _ in 0..100 {
        v.step_line();
    }
    assert_eq!(v.peek_status() & STATUS_COLLISION, 0);
    v.write_register(1, 0x44);
    to_vblank(&mut v);
    assert_eq!(v.first_collision_line(), Some(154));
    let s = v.sprites();
    assert_eq!(s.len(), 4);
    assert!(!s[0].any_drawn() && !s[1].any_drawn());
    assert!(s[2].any_drawn() && s[3].any_drawn());
    assert!(listed(&s[0], 40, 0, genesis::Reason::DisplayDisabled));
    // Lines before 100 show the backdrop, the second pair is in the picture.
    assert_eq!(px(&v, 100, 44), 0);
    assert_eq!(px(&v, 100, 150), 1);
    // Switched off again between lines 151 and 152: the overlap on 154-157 is gone.
    let mut v = chip(false, false);
    two_pairs(&mut v);
    for _ in 0..152 {
        v.step_line();
    }
    assert_eq!(v.first_collision_line(), Some(44));
    v.write_register(1, 0x04);
    let _ = v.read_status();
    to_vblank(&mut v);
    assert_eq!(
        v.peek_status() & STATUS_COLLISION,
        0,
        "no collision after line 151"
    );
    assert_eq!(px(&v, 100, 150), 1, "rows 150 and 151 drawn");
    assert_eq!(px(&v, 100, 152), 0);
}

#[test]
fn a_sprite_moved_and_moved_back_is_listed_once_per_distinct_run_of_lines() {
    // Sprite 0 (8x32, rows 20-51) moves from X 10 to X 50 between lines 29 and 30 and
    // back between lines 39 and 40: three states, lines 20-29, 30-39 and 40-51. Sprite 1,
    // untouched, stays one entry with no lines.
    let mut v = chip(false, false);
    write_cells(&mut v, 1, &[solid(1), solid(1), solid(1), solid(1)]);
    write_chain(
        &mut v,
        &[Spr::at(10, 20, 1, 4, 1), Spr::at(200, 100, 1, 1, 1)],
    );
    for _ in 0..30 {
        v.step_line();
    }
    let mut moved = Spr::at(50, 20, 1, 4, 1);
    moved.link = 1;
    write_entry(&mut v, 0, &moved);
    for _ in 30..40 {
        v.step_line();
    }
    let mut back = Spr::at(10, 20, 1, 4, 1);
    back.link = 1;
    write_entry(&mut v, 0, &back);
    to_vblank(&mut v);
    let states: Vec<State> = v
        .sprites()
        .iter()
        .map(|s| (s.number, s.x_px, s.lines))
        .collect();
    assert_eq!(
        states,
        [
            (0, 10, Some((20, 29))),
            (0, 50, Some((30, 39))),
            (0, 10, Some((40, 51))),
            (1, 200, None),
        ]
    );
    // The picture agrees: X 10 on lines 29 and 40, X 50 on 30-39.
    assert_eq!((px(&v, 10, 29), px(&v, 50, 29)), (1, 0));
    assert_eq!((px(&v, 10, 30), px(&v, 50, 30)), (0, 1));
    assert_eq!((px(&v, 10, 40), px(&v, 50, 40)), (1, 0));
}

#[test]
fn a_table_written_before_every_line_stays_defined() {
    // Bad input: the program rewrites sprite 0's X before every line (X = line), and
    // sprite 1 stays put. Each line draws the sprite where the table then says; the view
    // lists one state per line the sprite covered, each one line tall.
    let mut v = chip(false, false);
    write_cells(&mut v, 1, &[solid(1), solid(1), solid(1), solid(1)]);
    write_chain(
        &mut v,
        &[Spr::at(0, 0, 1, 4, 1), Spr::at(300, 100, 1, 1, 1)],
    );
    for line in 0..224u16 {
        let mut s = Spr::at(i32::from(line), 0, 1, 4, 1);
        s.link = 1;
        write_entry(&mut v, 0, &s);
        v.step_line();
    }
    to_vblank(&mut v);
    // The write before line l is seen on line l: line 5 shows X 5.
    assert_eq!((px(&v, 5, 5), px(&v, 4, 5), px(&v, 13, 5)), (1, 0, 0));
    let zero: Vec<_> = v.sprites().iter().filter(|s| s.number == 0).collect();
    // Rows 0-31, one state each at X = l; the states on lines 32 on show no row.
    assert_eq!(zero.len(), 32);
    for (l, s) in zero.iter().enumerate() {
        let l = l as u16;
        assert_eq!(s.lines, Some((l, l)));
        assert_eq!(s.x_px, i32::from(l));
    }
}

#[test]
fn a_display_never_enabled_runs_frame_after_frame_without_flags() {
    let mut v = chip(false, false);
    two_pairs(&mut v);
    v.write_register(1, 0x04);
    for _ in 0..5 {
        for _ in 0..262 {
            v.step_line();
        }
        assert_eq!(v.peek_status() & STATUS_COLLISION, 0);
        assert_eq!(v.first_collision_line(), None);
        assert!(
            v.sprites()
                .iter()
                .all(|s| !s.any_drawn() && s.lines.is_none())
        );
    }
}

#[test]
fn the_power_on_frame_has_192_active_lines_and_its_blank_goes_on_from_e0() {
    // A sprite on lines 100-107 (SAT at 0, the power-on base; cell 100): not shown in the
    // power-on frame, whose active lines are 159-191.
    let mut v = Vdp::new();
    write_cells(&mut v, 100, &[solid(1)]);
    v.write_vram(0, &Spr::at(10, 100, 1, 1, 100).encode());
    v.power_on();
    assert_eq!((v.line(), v.v_counter()), (POWER_ON_LINE, 0x9F));
    // Mode 5, V28, display on, as a program sets it at once.
    v.write_register(1, 0x44);
    let mut lines = 0;
    while !v.step_line().vblank {
        lines += 1;
    }
    // Lines 159-191 were active; the blank began at the 192nd line, and the counter now
    // reads the V28 blank's first line.
    assert_eq!(lines, POWER_ON_ACTIVE_LINES - POWER_ON_LINE);
    assert_eq!(v.line(), 225, "the blank's first line ($E0) was run");
    let s = &v.sprites()[0];
    assert!(!s.any_drawn());
    assert!(listed(s, 100, 0, genesis::Reason::OffScreen));
    let mut blank = 1;
    while v.line() != 0 {
        v.step_line();
        blank += 1;
    }
    // $E0-$105: 38 blank lines, then a whole frame, which shows the sprite.
    assert_eq!(blank, 38);
    to_vblank(&mut v);
    assert!(v.sprites()[0].any_drawn());
}
