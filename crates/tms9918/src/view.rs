//! The sprites as the software collision layer sees them: what the SAT says, where that
//! puts each sprite on screen, its opaque pixels, and on which lines the 4-per-line rule
//! kept it off the screen.
//!
//! Screen box: `x_px` is X, or X - 32 with early clock; `w_px = h_px` is 8, 16 or 32.
//! `y_px` is the line of row 0, `(Y + 1) mod 256`, except when the rows would run past line
//! 255 and wrap to the top: then `y_px = (Y + 1) - 256`, a negative line, so that row `r`
//! is always on line `y_px + r` for every row that can be seen. Examples: Y = 255 gives
//! `y_px = 0`; Y = 254 gives `y_px = -1` (the top row is hidden); Y = 240 with 32-line
//! sprites gives `y_px = -15`, rows 15-31 on lines 0-16. Such a sprite also has rows
//! 0-14 on lines 241-255, which no display shows and the checker never evaluates, so the
//! negative box loses nothing.
//!
//! `dropped_lines` lists the checked lines (0..=192) on which the sprite lay but was not
//! shown because 4 earlier sprites were already on the line. Line 192 is not drawn, but the
//! chip checks it (see [`crate::check`]), so a drop there is listed too.

use crate::check::DroppedLines;
use crate::sat::SatScan;

/// One sprite of the SAT, before the terminator, as a frame showed it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SpriteView {
    /// SAT index (0-31); lower numbers are in front.
    pub number: u8,
    /// Screen x of the left column (early clock applied: -32..255).
    pub x_px: i32,
    /// Screen line of row 0 (see the module documentation for the wrap).
    pub y_px: i32,
    /// Width in pixels: 8, 16 or 32.
    pub w_px: u16,
    /// Height in pixels: 8, 16 or 32.
    pub h_px: u16,
    /// Colour 0-15; 0 is transparent but still collides.
    pub colour: u8,
    /// Early clock: the sprite was moved 32 pixels left.
    pub early_clock: bool,
    /// One mask per row (`h_px` rows): bit i = column i from the left is opaque.
    /// Magnified sprites have each pattern bit as 2x2 pixels here.
    pub mask_rows: Vec<u64>,
    /// Lines (0..=192, increasing) where the 4-per-line rule dropped the sprite.
    pub dropped_lines: Vec<u16>,
}

impl SpriteView {
    /// The row of this sprite on screen line `line`, if it covers it.
    #[must_use]
    pub fn row_on_line(&self, line: i32) -> Option<usize> {
        let r = i64::from(line) - i64::from(self.y_px);
        (r >= 0 && r < i64::from(self.h_px)).then_some(r as usize)
    }

    /// True when the 4-per-line rule kept this sprite off `line`.
    #[must_use]
    pub fn dropped_on(&self, line: u16) -> bool {
        self.dropped_lines.binary_search(&line).is_ok()
    }
}

/// Rewrites `views` for this frame, reusing their allocations.
pub fn update_views(views: &mut Vec<SpriteView>, scan: &SatScan, dropped: &DroppedLines) {
    let sprites = scan.sprites();
    views.truncate(sprites.len());
    views.resize_with(sprites.len(), SpriteView::default);
    let side = scan.side_px();
    let rows = usize::from(side).min(crate::sat::MAX_SIDE_PX);
    for (view, sprite) in views.iter_mut().zip(sprites) {
        let top = i32::from(sprite.top_line);
        view.number = sprite.number;
        view.x_px = i32::from(sprite.x_px);
        view.y_px = if top + i32::from(side) > 256 {
            top - 256
        } else {
            top
        };
        view.w_px = side;
        view.h_px = side;
        view.colour = sprite.colour;
        view.early_clock = sprite.early_clock;
        view.mask_rows.clear();
        view.mask_rows
            .extend(sprite.rows[..rows].iter().map(|&r| u64::from(r)));
        view.dropped_lines.clear();
        view.dropped_lines
            .extend(dropped.lines(usize::from(sprite.number)));
    }
}
