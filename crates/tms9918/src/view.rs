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
//!
//! Lines as drawn: the chip reads the attribute and pattern tables for each line
//! ([`crate::check`]), so a sprite the program moves, re-patterns or hides during the
//! active display shows one state on the lines above the change and another below it.
//! [`SpriteHistory`] keeps, for each SAT entry, its state from line 0 and each later line
//! where a read of the tables found it different. A sprite with one state all frame is one
//! view, its whole box, `lines: None` (the common case, as cheap as one read per frame). A
//! sprite that changed gives one view per state that the screen showed, each cut to the
//! rows it showed on display lines 0-191 between that state's first line and the next
//! state's, with `lines` naming them; a state the screen never showed gives no view.

use crate::check::DroppedLines;
use crate::sat::{SAT_ENTRIES, SatScan, SatSprite};

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
    /// The display lines (first, last, inclusive) this view is the slice of, when the
    /// sprite changed during the display; `None`: the same on every line of the frame.
    pub lines: Option<(u16, u16)>,
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

/// Each SAT entry's states during one frame: from which line on the chip read it as what
/// (`None`: not in the table, after the terminator or with the sprite plane off).
#[derive(Clone, Debug)]
pub struct SpriteHistory {
    states: [Vec<(u16, Option<SatSprite>)>; SAT_ENTRIES],
    /// Some sprite has more than one state this frame.
    changed: bool,
}

impl Default for SpriteHistory {
    fn default() -> Self {
        Self::new()
    }
}

impl SpriteHistory {
    /// No frame yet.
    #[must_use]
    pub fn new() -> Self {
        Self {
            states: std::array::from_fn(|_| Vec::new()),
            changed: false,
        }
    }

    /// Notes the tables as read for lines `line..` (line 0 starts the frame over).
    pub fn record(&mut self, line: u16, scan: &SatScan) {
        let sprites = scan.sprites();
        if line == 0 {
            self.changed = false;
            for (n, states) in self.states.iter_mut().enumerate() {
                let now = sprites.get(n);
                // An entry the last frame held in one state, the same as now, stands: a
                // frame that moves one sprite copies that one, not the whole table (an
                // entry is some 150 bytes, most of them its rows).
                if let [(0, was)] = states.as_slice()
                    && was.as_ref() == now
                {
                    continue;
                }
                states.clear();
                states.push((0, now.copied()));
            }
            return;
        }
        for (n, states) in self.states.iter_mut().enumerate() {
            let now = sprites.get(n);
            if states.last().is_some_and(|(_, s)| s.as_ref() != now) {
                // A second read on the same line replaces the first.
                if states.last().is_some_and(|&(l, _)| l == line) {
                    states.pop();
                }
                states.push((line, now.copied()));
                self.changed = true;
            }
        }
    }

    /// Whether some sprite showed more than one state this frame.
    #[must_use]
    pub const fn changed(&self) -> bool {
        self.changed
    }
}

/// Display lines a view can be cut to: the drawn ones.
const DRAWN_LINES: i32 = 192;

/// Rewrites `views` for this frame from the frame's `history`, reusing their allocations.
pub fn update_views(views: &mut Vec<SpriteView>, history: &SpriteHistory, dropped: &DroppedLines) {
    let mut used = 0;
    for states in &history.states {
        let whole = states.len() == 1;
        let first_view = used;
        for (k, (first, state)) in states.iter().enumerate() {
            let Some(sprite) = state else { continue };
            let last = states.get(k + 1).map_or(255, |&(next, _)| next - 1);
            if used == views.len() {
                views.push(SpriteView::default());
            }
            let view = &mut views[used];
            fill_view(view, sprite, dropped, *first..=last);
            if whole || cut_to_lines(view, *first, last, true) {
                used += 1;
            }
        }
        // Two or more states on the screen: each view names its lines, even one the screen
        // showed whole.
        if used - first_view > 1 {
            for view in &mut views[first_view..used] {
                if view.lines.is_none() {
                    cut_to_lines(view, 0, 255, false);
                }
            }
        }
    }
    views.truncate(used);
}

/// The whole view of one state of a sprite.
fn fill_view(
    view: &mut SpriteView,
    sprite: &SatSprite,
    dropped: &DroppedLines,
    lines: std::ops::RangeInclusive<u16>,
) {
    let side = sprite.side_px;
    let rows = usize::from(side).min(crate::sat::MAX_SIDE_PX);
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
    view.dropped_lines.extend(
        dropped
            .lines(usize::from(sprite.number))
            .filter(|l| lines.contains(l)),
    );
    view.lines = None;
}

/// Cuts a whole view to the rows it showed on drawn lines `first..=last`; false when it
/// showed none there. A cut that keeps every row the whole view had on drawn lines leaves
/// the view whole (`lines: None`, the box as it was): the screen showed all of it in this
/// state, when `keep_whole`.
fn cut_to_lines(view: &mut SpriteView, first: u16, last: u16, keep_whole: bool) -> bool {
    let top = view.y_px;
    let bottom = top + i32::from(view.h_px) - 1;
    let drawn_top = top.max(0);
    let drawn_bottom = bottom.min(DRAWN_LINES - 1);
    let from = drawn_top.max(i32::from(first));
    let to = drawn_bottom.min(i32::from(last));
    if from > to {
        return false;
    }
    if keep_whole && from == drawn_top && to == drawn_bottom {
        return true;
    }
    let skip = (from - top) as usize;
    let keep = (to - from + 1) as usize;
    view.mask_rows.drain(..skip);
    view.mask_rows.truncate(keep);
    view.y_px = from;
    view.h_px = keep as u16;
    view.dropped_lines
        .retain(|&l| (from..=to).contains(&i32::from(l)));
    view.lines = Some((from as u16, to as u16));
    true
}
