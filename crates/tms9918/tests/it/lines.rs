//! The chip reads its sprite tables line by line: a program that rewrites the attribute
//! table, switches R5, enables the display or reads S#0 in the middle of the active display
//! sees the lines below the change follow it (openMSX `SpriteChecker::checkUntil`, which
//! catches up on every table write, register change and status read). Expected values are
//! worked out by hand from the rules in `specs/tms9918.md`; the line numbers are display
//! lines (row 0 of a sprite at Y is on line Y + 1).

use crate::common;

use common::*;
use tms9918::Vdp;

/// Runs lines `from..to` of a frame already begun.
fn lines(vdp: &mut Vdp, from: u16, to: u16) {
    for line in from..to {
        vdp.run_line(line);
    }
}

#[test]
fn a_sprite_moved_in_the_display_shows_each_position_on_its_lines() {
    // Sprite 0, solid 8x8, colour 15, at Y = 49 (lines 50-57), X = 100. After line 52 the
    // program writes X = 150: lines 50-52 show it at 100, lines 53-57 at 150.
    let mut vdp = chip(false, false, 1);
    write_pattern(&mut vdp, 0, &SOLID8);
    write_sat(&mut vdp, &[entry(49, 100, 0, 15, false)]);
    lines(&mut vdp, 0, 53);
    out_vram(&mut vdp, SAT + 1, &[150]);
    lines(&mut vdp, 53, 193);
    for y in 50..=52 {
        assert_eq!(pixel(&vdp, 100, y), 15, "line {y}");
        assert_ne!(pixel(&vdp, 150, y), 15, "line {y}");
    }
    for y in 53..=57 {
        assert_ne!(pixel(&vdp, 100, y), 15, "line {y}");
        assert_eq!(pixel(&vdp, 150, y), 15, "line {y}");
    }
    let views = vdp.sprites();
    assert_eq!(views.len(), 2, "{views:?}");
    assert_eq!(
        (views[0].x_px, views[0].y_px, views[0].h_px, views[0].lines),
        (100, 50, 3, Some((50, 52)))
    );
    assert_eq!(
        (views[1].x_px, views[1].y_px, views[1].h_px, views[1].lines),
        (150, 53, 5, Some((53, 57)))
    );
    assert_eq!(views[0].mask_rows, vec![0xFF; 3]);
    assert_eq!(views[1].mask_rows, vec![0xFF; 5]);
    assert!(vdp.sprites_changed_in_frame());

    // The next frame reads the table at line 0: one whole sprite at 150 again.
    vdp.run_frame();
    let views = vdp.sprites();
    assert_eq!(views.len(), 1);
    assert_eq!((views[0].x_px, views[0].y_px, views[0].h_px), (150, 50, 8));
    assert_eq!(views[0].lines, None);
    assert!(!vdp.sprites_changed_in_frame());
}

#[test]
fn a_sprite_moved_onto_another_after_line_0_collides_on_the_lines_below() {
    // Sprites 0 and 1, solid 8x8, on lines 100-107 (Y = 99) at X = 40 and X = 140: apart.
    // During line 103 the program writes sprite 1's X = 44: lines 104-107 overlap (C set);
    // a chip reading the table once per frame would see no collision this frame.
    let mut vdp = chip(false, false, 1);
    write_pattern(&mut vdp, 0, &SOLID8);
    write_sat(
        &mut vdp,
        &[entry(99, 40, 0, 15, false), entry(99, 140, 0, 8, false)],
    );
    vdp.read_status();
    lines(&mut vdp, 0, 104);
    assert_eq!(vdp.peek_status() & 0x20, 0, "no overlap on lines 100-103");
    out_vram(&mut vdp, SAT + 5, &[44]);
    vdp.run_line(104);
    assert_eq!(vdp.peek_status() & 0x20, 0x20, "line 104 overlaps");
    lines(&mut vdp, 105, 193);
    // The view: sprite 0 whole, sprite 1 in two slices.
    let views = vdp.sprites();
    let one: Vec<_> = views.iter().filter(|v| v.number == 1).collect();
    assert_eq!(views.iter().filter(|v| v.number == 0).count(), 1);
    assert_eq!(one.len(), 2);
    assert_eq!((one[0].x_px, one[0].lines), (140, Some((100, 103))));
    assert_eq!((one[1].x_px, one[1].lines), (44, Some((104, 107))));
}

#[test]
fn a_second_fifth_sprite_after_a_status_read_sets_5s_again() {
    // Sprites 0-4 on lines 50-57 (Y = 49) and sprites 5-9 on lines 100-107 (Y = 99), 8x8,
    // X apart so nothing overlaps; entry 10 ends the table. Line 50 has five sprites: 5S
    // with FS = 4. A status read after line 60 clears 5S (FS stays 4); line 100 has five
    // again with F and 5S clear, so 5S is set with FS = 9 (openMSX `checkSprites1` runs per
    // range of lines up to the read). At the end F is set: 0xC9.
    let mut vdp = chip(false, false, 1);
    write_pattern(&mut vdp, 0, &SOLID8);
    let mut sat = Vec::new();
    for n in 0..5u8 {
        sat.push(entry(49, 20 + n * 20, 0, 15, false));
    }
    for n in 0..5u8 {
        sat.push(entry(99, 20 + n * 20, 0, 15, false));
    }
    write_sat(&mut vdp, &sat);
    vdp.read_status();
    lines(&mut vdp, 0, 61);
    assert_eq!(vdp.read_status(), 0x44);
    lines(&mut vdp, 61, 193);
    assert_eq!(vdp.peek_status(), 0xC9);

    // Without the read, the first line's fifth sprite stays: 0xC4.
    vdp.read_status();
    vdp.run_frame();
    assert_eq!(vdp.peek_status(), 0xC4);
}

#[test]
fn a_display_enabled_mid_frame_checks_sprites_from_that_line() {
    // Display blanked (R1 = 0x80: 16K, BL = 0) at the top of the frame. Five sprites on
    // lines 30-37 (Y = 29) and two overlapping ones on lines 100-107 (Y = 99); entry 7
    // ends the table. The program sets BL before line 60: lines 0-59 are not checked (no
    // 5S from line 30), lines 60 on are: C from line 100, FS = 7 (the terminator's
    // index), F at the end: 0xA7.
    let mut vdp = chip(false, false, 1);
    write_pattern(&mut vdp, 0, &SOLID8);
    let mut sat = Vec::new();
    for n in 0..5u8 {
        sat.push(entry(29, 20 + n * 20, 0, 15, false));
    }
    sat.push(entry(99, 60, 0, 15, false));
    sat.push(entry(99, 64, 0, 8, false));
    write_sat(&mut vdp, &sat);
    out_register(&mut vdp, 1, 0x80);
    vdp.read_status();
    lines(&mut vdp, 0, 60);
    assert_eq!(vdp.peek_status(), 0x00, "nothing checked while blanked");
    out_register(&mut vdp, 1, 0xC0);
    lines(&mut vdp, 60, 193);
    assert_eq!(vdp.peek_status(), 0xA7);
    // The view holds what the enabled lines showed: sprites 5 and 6, whole; sprites
    // 0-4 were on blanked lines only.
    let numbers: Vec<u8> = vdp.sprites().iter().map(|v| v.number).collect();
    assert_eq!(numbers, [5, 6]);
    assert!(vdp.sprites().iter().all(|v| v.lines.is_none()));
    for y in 100..=107 {
        assert_eq!(pixel(&vdp, 60, y), 15, "line {y}");
    }
    assert_eq!(pixel(&vdp, 20, 30), 1, "blanked: backdrop");
}

#[test]
fn a_display_blanked_mid_frame_stops_the_check_and_cuts_the_view() {
    // Two overlapping sprites on lines 100-115 (16x16, Y = 99). BL cleared before line
    // 108: lines 100-107 are checked (C set) and shown; the view is cut to them.
    let mut vdp = chip(true, false, 1);
    write_pattern(&mut vdp, 0, &[0xFF; 32]);
    write_sat(
        &mut vdp,
        &[entry(99, 60, 0, 15, false), entry(99, 70, 0, 8, false)],
    );
    vdp.read_status();
    lines(&mut vdp, 0, 108);
    out_register(&mut vdp, 1, 0x82);
    lines(&mut vdp, 108, 193);
    assert_eq!(vdp.peek_status() & 0xE0, 0xA0);
    let views = vdp.sprites();
    assert_eq!(views.len(), 2);
    for v in views {
        assert_eq!((v.y_px, v.h_px, v.lines), (100, 8, Some((100, 107))));
    }
}

#[test]
fn r5_switched_mid_frame_takes_the_second_table_from_that_line() {
    // Table A at 0x1B00: sprite 0 at Y = 9 and Y = 149 (two entries). Table B at 0x1B80:
    // one sprite at Y = 149, X = 200. R5 switches to B before line 100: the top sprite of
    // A shows (lines 10-17), the bottom one does not; B's shows on lines 150-157.
    let mut vdp = chip(false, false, 1);
    write_pattern(&mut vdp, 0, &SOLID8);
    write_sat(
        &mut vdp,
        &[entry(9, 20, 0, 15, false), entry(149, 20, 0, 15, false)],
    );
    out_vram(&mut vdp, SAT + 0x80, &[149, 200, 0, 8, 208]);
    lines(&mut vdp, 0, 100);
    out_register(&mut vdp, 5, ((SAT + 0x80) / 0x80) as u8);
    lines(&mut vdp, 100, 193);
    assert_eq!(pixel(&vdp, 20, 10), 15);
    assert_eq!(pixel(&vdp, 20, 150), 1);
    assert_eq!(pixel(&vdp, 200, 150), 8);
    let views: Vec<_> = vdp
        .sprites()
        .iter()
        .map(|v| (v.number, v.x_px, v.y_px, v.lines))
        .collect();
    // Entry 0: A's at Y = 9 (lines 10-17) above the switch, B's at 149 below it.
    assert_eq!(
        views,
        [(0, 20, 10, Some((10, 17))), (0, 200, 150, Some((150, 157)))]
    );
}

#[test]
fn size_and_magnification_changes_count_from_the_line_they_are_written() {
    // Sprite 0 at Y = 49, 8x8, pattern 0 solid. After line 53 MAG is set: from line 54
    // the sprite is 16 pixels tall and wide (rows 4.. of the magnified sprite: pattern
    // row 2 on lines 54-55 and so on, up to line 65).
    let mut vdp = chip(false, false, 1);
    write_pattern(&mut vdp, 0, &SOLID8);
    write_sat(&mut vdp, &[entry(49, 100, 0, 15, false)]);
    lines(&mut vdp, 0, 54);
    out_register(&mut vdp, 1, 0xC1);
    lines(&mut vdp, 54, 193);
    assert_eq!(pixel(&vdp, 107, 53), 15);
    assert_eq!(pixel(&vdp, 108, 53), 1, "8 wide above the change");
    assert_eq!(pixel(&vdp, 115, 54), 15, "16 wide below it");
    assert_eq!(pixel(&vdp, 100, 65), 15);
    assert_eq!(pixel(&vdp, 100, 66), 1);
    let views = vdp.sprites();
    assert_eq!(
        (views[0].w_px, views[0].lines, views[1].w_px, views[1].lines),
        (8, Some((50, 53)), 16, Some((54, 65)))
    );
}

#[test]
fn the_sat_written_on_every_line_and_a_display_blanked_forever_are_defined() {
    // Every line rewrites every entry (Y, X from the line number): the chip reads the table
    // again on every line and keeps at most 4 sprites per line; a view per state it
    // showed, none outside lines 0-191.
    let mut vdp = chip(false, false, 1);
    write_pattern(&mut vdp, 0, &SOLID8);
    for line in 0..193u16 {
        let sat: Vec<[u8; 4]> = (0..32u8)
            .map(|n| {
                entry(
                    (line as u8).wrapping_add(n * 3),
                    n.wrapping_mul(7).wrapping_add(line as u8),
                    0,
                    15,
                    n % 2 == 0,
                )
            })
            .collect();
        write_sat(&mut vdp, &sat);
        vdp.run_line(line);
        assert!(vdp.line_sprites(usize::from(line)).len() <= 4);
    }
    for v in vdp.sprites() {
        let (first, last) = v.lines.unwrap_or((0, 191));
        assert!(first <= last && last <= 191, "{v:?}");
        assert_eq!(v.mask_rows.len(), usize::from(v.h_px));
    }
    // Blanked forever: frame after frame, nothing is checked and the status only gains F.
    let mut vdp = chip(false, false, 1);
    write_pattern(&mut vdp, 0, &SOLID8);
    write_sat(&mut vdp, &[entry(49, 100, 0, 15, false); 6]);
    out_register(&mut vdp, 1, 0x80);
    for _ in 0..3 {
        assert_eq!(frame_status(&mut vdp), 0x80);
        assert!(vdp.sprites().is_empty());
    }
    // An undocumented mode (M1 and M2 both set): text, no sprites.
    out_register(&mut vdp, 1, 0xD8);
    assert_eq!(frame_status(&mut vdp), 0x80);
    assert!(vdp.sprites().is_empty());
}

/// What a frame left for the collision layer and the program: S#0, the lines its flags
/// came from, the sprite views and every checked line's sprites.
fn frame_result(vdp: &Vdp) -> String {
    let lines: Vec<_> = (0..=192).map(|l| vdp.line_sprites(l).to_vec()).collect();
    format!(
        "{:02X} {:?} {:?} {:?} {:?}",
        vdp.peek_status(),
        vdp.collision_line(),
        vdp.fifth_line(),
        vdp.sprites(),
        lines
    )
}

#[test]
fn a_frame_that_changes_nothing_is_checked_as_one_that_reads_the_tables_again() {
    // Five solid sprites on lines 60-67 (a fifth, and overlaps), sprite 0 moved during
    // line 62 of frame 1 only, sprite 3 moved to the top before frame 3. Frames 2 and 4 change
    // nothing on one chip; on its twin the
    // program writes an attribute byte with the value it holds before each frame (the
    // chip reads the tables again at line 0). Each frame both must show the same flags,
    // views and line sprites: frame 2 one whole view per sprite again, as the first test.
    let setup = |vdp: &mut Vdp| {
        write_pattern(vdp, 0, &SOLID8);
        let mut sat: Vec<[u8; 4]> = (0..5u8)
            .map(|n| entry(59, 20 + 4 * n, 0, 15, false))
            .collect();
        sat.push([208, 0, 0, 0]);
        write_sat(vdp, &sat);
    };
    let mut quiet = chip(false, false, 1);
    let mut twin = chip(false, false, 1);
    setup(&mut quiet);
    setup(&mut twin);
    for frame in 1..=4 {
        for vdp in [&mut quiet, &mut twin] {
            vdp.read_status();
        }
        let x0 = twin.peek_vram(SAT + 1);
        out_vram(&mut twin, SAT + 1, &[x0]);
        if frame == 3 {
            // In vertical blanking, before line 0: sprite 3 to the top (Y = 255: lines
            // 0-7), which both chips must see from line 0 on.
            out_vram(&mut quiet, SAT + 12, &[255, 100]);
            out_vram(&mut twin, SAT + 12, &[255, 100]);
        }
        for vdp in [&mut quiet, &mut twin] {
            lines(vdp, 0, 63);
            if frame == 1 {
                out_vram(vdp, SAT + 1, &[200]);
            }
            lines(vdp, 63, 193);
        }
        assert_eq!(frame_result(&quiet), frame_result(&twin), "frame {frame}");
        if frame > 1 {
            assert_eq!(quiet.sprites().len(), 5, "frame {frame}");
            assert!(quiet.sprites().iter().all(|v| v.lines.is_none()));
            assert_eq!(quiet.collision_line(), Some(60));
            let (fifth, y3) = if frame >= 3 {
                (None, 0)
            } else {
                (Some(60), 60)
            };
            assert_eq!(quiet.fifth_line(), fifth, "frame {frame}");
            assert_eq!(quiet.sprites()[3].y_px, y3, "frame {frame}");
            assert_eq!(quiet.line_sprites(0).len(), usize::from(frame >= 3));
        }
    }
}

#[test]
fn a_pattern_changed_between_frames_shows_in_the_next_frames_view_and_only_that_sprites() {
    // Sprites 0 and 1, 8x8, on patterns 0 and 1 (both solid), at X = 20 and 60. Before
    // frame 2 the program rewrites pattern 1 to F0h on every row: its view shows the left
    // four columns (bits 0-3, column i from the left), sprite 0's stays solid. Frame 3
    // changes nothing: the same views again.
    let mut vdp = chip(false, false, 1);
    write_pattern(&mut vdp, 0, &SOLID8);
    write_pattern(&mut vdp, 1, &SOLID8);
    write_sat(
        &mut vdp,
        &[entry(99, 20, 0, 15, false), entry(99, 60, 1, 15, false)],
    );
    vdp.run_frame();
    let views = vdp.sprites();
    assert_eq!(views.len(), 2);
    assert_eq!(views[1].mask_rows, vec![0xFF; 8]);
    for frame in 2..=3 {
        if frame == 2 {
            write_pattern(&mut vdp, 1, &[0xF0; 8]);
        }
        vdp.run_frame();
        let views = vdp.sprites();
        assert_eq!(views.len(), 2, "frame {frame}");
        for (view, (number, x_px, row)) in views.iter().zip([(0, 20, 0xFF), (1, 60, 0x0F)]) {
            assert_eq!(
                (view.number, view.x_px, view.y_px, view.lines),
                (number, x_px, 100, None),
                "frame {frame}"
            );
            assert_eq!(
                view.mask_rows,
                vec![row; 8],
                "frame {frame} sprite {number}"
            );
        }
    }
}
