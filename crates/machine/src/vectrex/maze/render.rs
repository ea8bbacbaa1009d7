//! The labyrinth's walls as a vector list in `Draw_VL_mode`'s native format, for the
//! Vectrex display model ([`vectrex::display::Display::draw_vl_mode`]).

use super::labyrinth::{Labyrinth, WALL_BOTTOM, WALL_LEFT, WALL_RIGHT, WALL_TOP};

/// Appends `mode, dy, dx` items moving or drawing by (`dy`, `dx`), split into pieces
/// that fit signed bytes.
fn push_run(list: &mut Vec<u8>, mode: u8, mut dy: i32, mut dx: i32) {
    while dy != 0 || dx != 0 {
        let sy = dy.clamp(-127, 127);
        let sx = dx.clamp(-127, 127);
        list.extend_from_slice(&[mode, sy as i8 as u8, sx as i8 as u8]);
        dy -= sy;
        dx -= sx;
    }
}

/// The walls of `lab` as a `Draw_VL_mode` list (`mode, dy, dx` triplets: 0 move, 2 draw,
/// 1 end), one list unit per fine unit, drawn from the pen at the labyrinth's centre
/// (after `Reset0Ref`), y up on the screen. Collinear half-walls of neighbouring tiles are
/// merged into one run: row by row along the tile centres, then column by column. The
/// drawing shows exactly the tile bits (a one-sided wall of an inconsistent labyrinth is
/// drawn half length).
#[must_use]
pub fn wall_list_draw_vl_mode(lab: &Labyrinth) -> Vec<u8> {
    let w = i32::from(lab.width());
    let h = i32::from(lab.height());
    // Screen coordinates of a fine-unit point: origin at the centre, y up.
    let screen = |ux: i32, uy: i32| (8 * h - uy, ux - 8 * w);
    let mut list = Vec::new();
    let mut pen = (0i32, 0i32);
    let mut emit = |list: &mut Vec<u8>, from: (i32, i32), to: (i32, i32)| {
        let (fy, fx) = screen(from.0, from.1);
        let (ty, tx) = screen(to.0, to.1);
        push_run(list, 0, fy - pen.0, fx - pen.1);
        push_run(list, 2, ty - fy, tx - fx);
        pen = (ty, tx);
    };
    // Horizontal runs: half-piece k of a row covers x in [8k, 8k + 8].
    for ty in 0..h {
        let y = 16 * ty + 8;
        let covered = |k: i32| {
            let bit = if k % 2 == 0 { WALL_LEFT } else { WALL_RIGHT };
            lab.walls(k / 2, ty) & bit != 0
        };
        let mut k = 0;
        while k < 2 * w {
            if covered(k) {
                let start = k;
                while k < 2 * w && covered(k) {
                    k += 1;
                }
                emit(&mut list, (8 * start, y), (8 * k, y));
            } else {
                k += 1;
            }
        }
    }
    // Vertical runs: half-piece k of a column covers y in [8k, 8k + 8].
    for tx in 0..w {
        let x = 16 * tx + 8;
        let covered = |k: i32| {
            let bit = if k % 2 == 0 { WALL_TOP } else { WALL_BOTTOM };
            lab.walls(tx, k / 2) & bit != 0
        };
        let mut k = 0;
        while k < 2 * h {
            if covered(k) {
                let start = k;
                while k < 2 * h && covered(k) {
                    k += 1;
                }
                emit(&mut list, (x, 8 * start), (x, 8 * k));
            } else {
                k += 1;
            }
        }
    }
    list.push(1);
    list
}
