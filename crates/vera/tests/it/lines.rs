//! The attribute table and the sprite enable read line by line, the chip stepped as a
//! board steps it (`start_line`, the CPU's writes during the line, `draw_line`).
//!
//! Expected values follow from the hardware rules by hand: the FPGA renders the sprite
//! line shown next while the beam is on the line before it, its finder reading each
//! slot's attributes as it reaches it (vera-module `sprite_renderer.v`, `composer.v`), so
//! a write made during line k is first drawn on line k + 1; x16-emulator renders a line
//! when the beam leaves it (`video_step`), so there a write made during line k is drawn
//! on line k. The sprite enable (DC_VIDEO bit 6) only hides sprites on the FPGA
//! (`composer.v`); the emulator renders no sprite line while it is off.

use crate::common;

use common::*;
use vera::registers::{CTRL, DC_VIDEO};
use vera::{Quirks, Vera};

const SOLID: u32 = 0x1_0000;
const COLOUR: u8 = 7;
const ATTR: u32 = 0x1_FC00;

fn chip(quirks: Quirks) -> Vera {
    let mut vera = Vera::new(quirks);
    enable_sprites(&mut vera);
    solid8(&mut vera, SOLID, 8, 8, COLOUR);
    vera
}

/// One frame of 525 lines from line 0, with `cpu(vera, line)` run between the start of
/// each line and its drawing, as a board's CPU runs the line's cycles.
fn frame(vera: &mut Vera, mut cpu: impl FnMut(&mut Vera, u16)) {
    for line in 0..525u16 {
        vera.start_line(line);
        cpu(vera, line);
        vera.draw_line(line);
    }
}

/// Writes sprite `n`'s X (bytes 2-3) as a program's two DATA0 writes would.
fn write_x(vera: &mut Vera, n: u32, x: u16) {
    poke(vera, ATTR + n * 8 + 2, &[x as u8, (x >> 8) as u8]);
}

/// Writes sprite `n`'s Y (bytes 4-5).
fn write_y(vera: &mut Vera, n: u32, y: u16) {
    poke(vera, ATTR + n * 8 + 4, &[y as u8, (y >> 8) as u8]);
}

/// One entry of the sprite view: x, y and the lines it was read for.
type Entry = (i32, i32, Option<(u16, u16)>);

/// The sprite view's entries of sprite `n`.
fn entries(vera: &Vera, n: u8) -> Vec<Entry> {
    vera.sprites()
        .iter()
        .filter(|v| v.number == n)
        .map(|v| (v.x_px, v.y_px, v.lines))
        .collect()
}

#[test]
fn a_write_during_a_line_is_drawn_from_the_next_line_on_the_fpga() {
    // Sprite 0 moves from Y 10 to Y 100 by a write made during line 100: on the FPGA
    // line 100 is already rendered (with the old Y, which misses it), so the sprite
    // shows from line 101 (its row 1) to 107; the emulator draws rows 0-7 from line 100.
    for (quirks, first_shown) in [(Quirks::Hardware, 101), (Quirks::X16Emu, 100)] {
        let mut vera = chip(quirks);
        write_sprite(&mut vera, 0, &Attr::new8(SOLID, 50, 10, 0));
        frame(&mut vera, |_, _| {});
        frame(&mut vera, |vera, line| {
            if line == 100 {
                write_y(vera, 0, 100);
            }
        });
        assert_eq!(
            pixel(&vera, 50, 10),
            COLOUR,
            "{quirks:?}: old Y on lines 10-17"
        );
        assert_eq!(pixel(&vera, 50, 99), 0);
        let at_100 = if first_shown == 100 { COLOUR } else { 0 };
        assert_eq!(pixel(&vera, 50, 100), at_100, "{quirks:?}");
        assert_eq!(pixel(&vera, 50, 101), COLOUR, "{quirks:?}");
        assert_eq!(pixel(&vera, 50, 107), COLOUR);
        assert_eq!(pixel(&vera, 50, 108), 0);
        // Two states, each with the sprite lines it was read for.
        assert_eq!(
            entries(&vera, 0),
            vec![
                (50, 10, Some((0, first_shown - 1))),
                (50, 100, Some((first_shown, 479)))
            ],
            "{quirks:?}"
        );
    }
}

#[test]
fn a_sprite_torn_between_its_x_and_y_writes_is_drawn_and_collides_torn() {
    // Sprite 0 moves from (100, 50) to (300, 60): X written during line 52, Y during line
    // 55. On the FPGA lines 0-52 show the old sprite (rows 0-2 on lines 50-52), lines
    // 53-55 the torn one at (300, 50) (rows 3-5), lines 56 on the new one (rows 0-7 on
    // 60-67). Sprite 1 (same mask) stands at (300, 50): it meets only the torn rows.
    let mut vera = chip(Quirks::Hardware);
    write_sprite(&mut vera, 0, &Attr::new8(SOLID, 100, 50, 0x1));
    write_sprite(&mut vera, 1, &Attr::new8(SOLID, 300, 50, 0x1));
    frame(&mut vera, |_, _| {});
    assert_eq!(nibble(&vera), 0, "apart at line 0");
    frame(&mut vera, |vera, line| match line {
        52 => write_x(vera, 0, 300),
        55 => write_y(vera, 0, 60),
        _ => {}
    });
    assert_eq!(
        nibble(&vera),
        0x1,
        "the torn rows meet sprite 1 on lines 53-55"
    );
    assert_eq!(vera.isr() & 0x04, 0x04, "SPRCOL");
    for (x, y, want) in [
        (100, 52, COLOUR),
        (100, 53, 0),
        (300, 60, COLOUR),
        (300, 67, COLOUR),
        (300, 68, 0),
    ] {
        assert_eq!(pixel(&vera, x, y), want, "({x}, {y})");
    }
    assert_eq!(
        entries(&vera, 0),
        vec![
            (100, 50, Some((0, 52))),
            (300, 50, Some((53, 55))),
            (300, 60, Some((56, 479))),
        ]
    );
    // Sprite 1 never changed: one entry, the whole frame.
    assert_eq!(entries(&vera, 1), vec![(300, 50, None)]);
    // The next frame takes the table at line 0: one entry, apart again.
    frame(&mut vera, |_, _| {});
    assert_eq!(entries(&vera, 0), vec![(300, 60, None)]);
    assert_eq!(nibble(&vera), 0, "rows 60-67 miss sprite 1's 50-57");
}

#[test]
fn a_state_never_shown_gives_no_entry_and_a_same_value_write_no_split() {
    // Sprite 0 at Y 300 is moved to Y 100 during line 200: its old rows (300-307) are
    // past the lines it was read for (0-200) and its new rows (100-107) before the lines
    // of the new state (201-479): nothing of it is drawn this frame.
    let mut vera = chip(Quirks::Hardware);
    write_sprite(&mut vera, 0, &Attr::new8(SOLID, 50, 300, 0));
    write_sprite(&mut vera, 1, &Attr::new8(SOLID, 80, 20, 0));
    frame(&mut vera, |_, _| {});
    frame(&mut vera, |vera, line| {
        if line == 200 {
            write_y(vera, 0, 100);
            // Sprite 1 rewritten with its own bytes: no new state.
            write_sprite(vera, 1, &Attr::new8(SOLID, 80, 20, 0));
        }
    });
    assert_eq!(entries(&vera, 0), vec![]);
    assert_eq!(pixel(&vera, 50, 100), 0);
    assert_eq!(pixel(&vera, 50, 300), 0);
    assert_eq!(entries(&vera, 1), vec![(80, 20, None)]);
}

#[test]
fn a_sprite_moved_after_its_rows_were_drawn_shows_its_old_place_whole() {
    // Sprite 0 at Y 20 (rows 20-27) moved to Y 30 during line 100: every row it showed this
    // frame was drawn before the write, in one state, so its view is that state, with no
    // lines; the next frame shows it at Y 30.
    let mut vera = chip(Quirks::Hardware);
    write_sprite(&mut vera, 0, &Attr::new8(SOLID, 50, 20, 0));
    frame(&mut vera, |_, _| {});
    frame(&mut vera, |vera, line| {
        if line == 100 {
            write_y(vera, 0, 30);
        }
    });
    assert_eq!(entries(&vera, 0), vec![(50, 20, None)]);
    assert_eq!((pixel(&vera, 50, 20), pixel(&vera, 50, 30)), (COLOUR, 0));
    frame(&mut vera, |_, _| {});
    assert_eq!(entries(&vera, 0), vec![(50, 30, None)]);
    assert_eq!((pixel(&vera, 50, 20), pixel(&vera, 50, 30)), (0, COLOUR));
}

#[test]
fn the_sprite_enable_is_taken_per_line() {
    // Sprites off at line 0, on from line 200 (DC_VIDEO written during line 200). Sprites
    // 0 and 1 (mask 1) overlap on lines 100-107, sprite 2 straddles line 200 (196-203),
    // sprite 3 stands at 300-307. On the FPGA the renderer runs regardless: 0 and 1 collide
    // unseen; the emulator renders nothing while sprites are off.
    for (quirks, collided) in [(Quirks::Hardware, 0x1), (Quirks::X16Emu, 0)] {
        let mut vera = chip(quirks);
        write_sprite(&mut vera, 0, &Attr::new8(SOLID, 100, 100, 0x1));
        write_sprite(&mut vera, 1, &Attr::new8(SOLID, 104, 100, 0x1));
        write_sprite(&mut vera, 2, &Attr::new8(SOLID, 200, 196, 0));
        write_sprite(&mut vera, 3, &Attr::new8(SOLID, 300, 300, 0));
        vera.write_reg(CTRL, 0);
        vera.write_reg(DC_VIDEO, VGA_NO_SPRITES);
        frame(&mut vera, |vera, line| {
            if line == 200 {
                vera.write_reg(DC_VIDEO, VGA_SPRITES);
            }
        });
        assert_eq!(nibble(&vera), collided, "{quirks:?}");
        assert_eq!(pixel(&vera, 100, 100), 0, "hidden");
        assert_eq!(pixel(&vera, 200, 199), 0, "hidden");
        assert_eq!(pixel(&vera, 200, 200), COLOUR);
        assert_eq!(pixel(&vera, 300, 300), COLOUR);
        // The view is what the screen showed: 0 and 1 not at all, 2 from line 200 (its
        // rows 4-7).
        assert_eq!(entries(&vera, 0), vec![]);
        assert_eq!(entries(&vera, 1), vec![]);
        assert_eq!(entries(&vera, 2), vec![(200, 196, Some((200, 203)))]);
        // Sprite 3 was shown whole, in one state: the same on every line it was shown.
        assert_eq!(entries(&vera, 3), vec![(300, 300, None)]);
    }
}

#[test]
fn rewriting_the_table_on_every_line_and_hiding_sprites_forever_is_defined() {
    // Every line rewrites 64 attribute bytes (as fast as a 65C02 can: about one write
    // per 4 cycles of a 254-cycle line) with values from a fixed generator, sprites
    // hidden all the while: each frame ends at line 480 with a commit, nothing panics.
    let mut vera = chip(Quirks::Hardware);
    vera.write_reg(CTRL, 0);
    vera.write_reg(DC_VIDEO, VGA_NO_SPRITES);
    let mut state = 0x2545_F491_u32;
    for _ in 0..3 {
        frame(&mut vera, |vera, _| {
            for _ in 0..64 {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                poke(vera, ATTR + (state >> 8) % 1024, &[state as u8]);
            }
        });
        assert_eq!(vera.isr() & 0x01, 0x01, "VSYNC");
        // Sprites hidden on every line: the screen shows none of them.
        assert!(vera.frame_indexed().iter().all(|&c| c == 0));
    }
    assert_eq!(vera.frames(), 3);
}
