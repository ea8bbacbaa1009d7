//! The display composer's scaling: which sprite line each output line shows, and which
//! line-buffer column each output column shows (FPGA `composer.v` 138-187; VERA
//! Programmer's Reference, "Display composer").
//!
//! DC_VSCALE and DC_HSCALE are fractional steps in 1/128 of a sprite pixel per output
//! pixel: 128 is 1:1, 64 shows every sprite pixel twice, 255 shows about every second.
//! - Vertically a 16-bit accumulator starts at 0 on the first output line, and before
//!   each further line, while its integer part (the sprite line) is below 480, it adds
//!   DC_VSCALE; the sprite line rendered for the output line is the integer part. Once
//!   it has reached 480 nothing more is rendered in the frame and the remaining output
//!   lines show no sprites. So at 2x (64) sprite lines 240..479 are never rendered and
//!   never collide, and at DC_VSCALE > 128 the last rendered line can be 480 or 481.
//! - Horizontally the same accumulator scheme with DC_HSCALE picks the line-buffer
//!   column for each of the 640 output columns; it stops advancing at 640. Rendering and
//!   collisions always use the full 640-column line buffer: at 2x, sprites at X 320..639
//!   are not shown but still collide.
//!
//! The plans count from the active area's first line and column (DC_VSTART, DC_HSTART;
//! the chip applies them when drawing): output line `DC_VSTART + k` shows plan entry `k`,
//! and lines outside DC_VSTART..DC_VSTOP render no sprites. The FPGA's one-line pipeline
//! offsets are not modelled, nor interlaced modes (VGA progressive only).

use crate::line_buffer::LINE_PX;

/// Output lines per frame.
pub const FRAME_LINES: usize = 480;
/// Sprite lines are 9 bits wide on the FPGA (`line_idx`).
pub const SPRITE_LINES: usize = 512;

/// The sprite line rendered for each output line (`None`: nothing rendered).
#[must_use]
pub fn line_plan(vscale: u8) -> [Option<u16>; FRAME_LINES] {
    let mut plan = [None; FRAME_LINES];
    let mut counter: u32 = 0;
    plan[0] = Some(0);
    for slot in plan.iter_mut().skip(1) {
        if counter >> 7 >= FRAME_LINES as u32 {
            break;
        }
        counter += u32::from(vscale);
        // The counter stops within one step of 480 * 128, far below 512 * 128.
        *slot = Some((counter >> 7) as u16);
    }
    plan
}

/// The line-buffer column shown at each output column (640 or more: transparent).
#[must_use]
pub fn column_map(hscale: u8) -> [u16; LINE_PX] {
    let mut map = [0u16; LINE_PX];
    let mut counter: u32 = 0;
    for slot in &mut map {
        *slot = (counter >> 7) as u16;
        if counter >> 7 < LINE_PX as u32 {
            counter += u32::from(hscale);
        }
    }
    map
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_to_one_renders_lines_0_to_479_once_each() {
        let plan = line_plan(128);
        assert!(plan.iter().enumerate().all(|(k, l)| *l == Some(k as u16)));
        let map = column_map(128);
        assert!(map.iter().enumerate().all(|(k, c)| usize::from(*c) == k));
    }

    #[test]
    fn double_size_renders_each_of_lines_0_to_239_twice() {
        let plan = line_plan(64);
        assert!(
            plan.iter()
                .enumerate()
                .all(|(k, l)| *l == Some((k / 2) as u16))
        );
        let map = column_map(64);
        assert!(
            map.iter()
                .enumerate()
                .all(|(k, c)| usize::from(*c) == k / 2)
        );
    }

    #[test]
    fn shrinking_stops_after_the_sprite_plane_is_used_up() {
        let plan = line_plan(255);
        let rendered: Vec<u16> = plan.iter().flatten().copied().collect();
        assert_eq!(rendered.len(), 242);
        assert_eq!(rendered.last(), Some(&480));
        assert!(plan[242..].iter().all(Option::is_none));
        assert_eq!(column_map(255)[639], 641);
    }

    #[test]
    fn zero_scale_repeats_line_0() {
        assert!(line_plan(0).iter().all(|l| *l == Some(0)));
    }
}
