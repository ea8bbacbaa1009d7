//! `columns`: seed 002, Method 3 ("the Fonzie method"). The screen is cut into 8-px columns,
//! 32 (H32) or 40 (H40) of them ([`MethodConfig::columns`](super::MethodConfig)); sprites
//! sharing a column "perhaps collide".
//!
//! The seed gives two forms. The first writes Good sprites into a `goodList` and Bad sprites
//! into a `badList`, then compares the two slots of each column; the seed itself shows it
//! wrong for more than one sprite per column and abandons it. This is the second form, the one
//! its cost figure is for ("Bad sprites check the goodList while being drawn"):
//!
//! 1. "Draw all the 'good' sprites and update the goodList": each Good sprite, in index
//!    order, writes its index into the slot of every column its on-screen pixels touch. A
//!    later Good sprite overwrites an earlier one.
//! 2. "For each \[bad\] sprite, check if there is something on the column and check it": each
//!    Bad sprite, in index order, reads the slots of its columns left to right; for each
//!    occupant (an occupant met again in the next column is not tested twice) it tests the
//!    boxes, **Y first** ("since you are pretty sure X pos is correct, test the Y first"),
//!    then X, half-open, stopping at the first failed comparison.
//! 3. On a collision the pair is reported, the Good sprite is removed from the goodList (its
//!    slots are cleared, "to avoid unneeded other tests"), and the Bad sprite is handled: it
//!    tests nothing further.
//!
//! Why this form: it is the one the seed recommends and counts, and the only one whose
//! behaviour the seed defines with several sprites per column (its first form has one slot
//! per list and no rule for who wins it).
//!
//! Documented misses (the method is lossy):
//! - two Good sprites in one column: the later overwrites the earlier, which Bad sprites in
//!   that column then never see (the seed: "avoid two 'good' sprites on the same column");
//! - a Good sprite hit once is removed: a second Bad sprite on it is not reported;
//! - a Bad sprite stops at its first collision: a second Good sprite it overlaps is missed;
//! - Good-Good and Bad-Bad pairs are never tested; Art never takes part;
//! - pixels off the screen or right of the last column (x >= 8 * columns) are in no column,
//!   so an object with none of its pixels there never collides.
//!
//! Cost. `seed_ops` is the seed's own formula, "(number of 'good' sprites)*1 write +
//! (number of 'bad' sprites)*1 test + (number of 'bad' sprites)*4 tests": 240 for 40 and 40.
//! Beside it, what actually ran: `list_writes` (one per slot written or cleared),
//! `comparisons` (one per slot read, one per "same occupant as the previous column" check,
//! and the box comparisons executed), `pair_tests` (box tests started).

use crate::geometry::Screen;
use crate::method::{Found, Frame, Method, MethodId, Pair};
use crate::object::{Group, Object};

use super::bands::on_screen;

/// Column width in pixels (seed 002: "32 columns (or 40 if you want) of 8 pixel width").
pub const COLUMN_PX: u32 = 8;

/// The columns a display of `screen` is cut into when a scene does not say: one per 8 px
/// of its width (32 on a 256-px display, 40 in the Genesis's H40, 80 on the X16's 640 px),
/// so no part of the screen falls outside every column.
#[must_use]
pub fn for_screen(screen: Screen) -> u8 {
    u8::try_from(u32::from(screen.w_px).div_ceil(COLUMN_PX)).unwrap_or(u8::MAX)
}

/// An empty `goodList` slot.
const EMPTY: u32 = u32::MAX;

/// One `goodList` slot per 8-px column; Bad sprites test its occupants as they are drawn.
#[derive(Debug)]
pub struct Columns {
    columns: u8,
    good_list: Vec<u32>,
}

impl Columns {
    /// The method over `columns` 8-px columns (32 for H32, 40 for H40); 0 columns never
    /// finds anything.
    #[must_use]
    pub fn new(columns: u8) -> Self {
        Self {
            columns,
            good_list: Vec::with_capacity(usize::from(columns)),
        }
    }

    /// The first and last column (inclusive) an object's on-screen pixels touch.
    fn column_span(&self, o: &Object, screen: Screen) -> Option<(usize, usize)> {
        let span = on_screen(&o.bbox, screen)?;
        let right_px = u32::from(self.columns) * COLUMN_PX;
        let x1 = span.x1.min(right_px);
        if span.x0 >= x1 {
            return None;
        }
        Some((
            (span.x0 / COLUMN_PX) as usize,
            ((x1 - 1) / COLUMN_PX) as usize,
        ))
    }
}

impl Default for Columns {
    fn default() -> Self {
        Self::new(32)
    }
}

/// The half-open box test in the seed's order for this method: Y first, then X. Returns the
/// verdict and how many comparisons ran.
#[inline]
fn y_first_tests(good: &crate::PxBox, bad: &crate::PxBox) -> (bool, u64) {
    if i64::from(bad.y) >= good.y_end() {
        return (false, 1);
    }
    if i64::from(good.y) >= bad.y_end() {
        return (false, 2);
    }
    if i64::from(bad.x) >= good.x_end() {
        return (false, 3);
    }
    (i64::from(good.x) < bad.x_end(), 4)
}

impl Method for Columns {
    fn id(&self) -> MethodId {
        MethodId::Columns
    }

    fn run(&mut self, frame: &Frame<'_>, found: &mut Found) {
        let objects = frame.objects;
        self.good_list.clear();
        self.good_list.resize(usize::from(self.columns), EMPTY);
        let (mut goods, mut bads) = (0u64, 0u64);
        let mut cost = found.cost;

        // 1. Draw the Good sprites.
        for (i, o) in objects.iter().enumerate() {
            if o.group != Group::Good {
                continue;
            }
            goods += 1;
            if let Some((c0, c1)) = self.column_span(o, frame.screen) {
                self.good_list[c0..=c1].fill(i as u32);
                cost.list_writes += (c1 - c0 + 1) as u64;
            }
        }

        // 2. Draw the Bad sprites, each checking the goodList of its columns.
        for (j, bad) in objects.iter().enumerate() {
            if bad.group != Group::Bad {
                continue;
            }
            bads += 1;
            let Some((c0, c1)) = self.column_span(bad, frame.screen) else {
                continue;
            };
            let mut previous = EMPTY;
            for c in c0..=c1 {
                let g = self.good_list[c];
                cost.comparisons += 1;
                if g == EMPTY {
                    continue;
                }
                cost.comparisons += 1;
                if g == previous {
                    continue;
                }
                previous = g;
                let good = &objects[g as usize];
                cost.pair_tests += 1;
                let (hit, executed) = y_first_tests(&good.bbox, &bad.bbox);
                cost.comparisons += executed;
                if hit {
                    found.pairs.push(Pair::new(g, j as u32));
                    // 3. Remove the Good sprite from the list; the Bad one is handled.
                    if let Some((g0, g1)) = self.column_span(good, frame.screen) {
                        for slot in &mut self.good_list[g0..=g1] {
                            if *slot == g {
                                *slot = EMPTY;
                                cost.list_writes += 1;
                            }
                        }
                    }
                    break;
                }
            }
        }
        cost.seed_ops += goods + bads + 4 * bads;
        found.cost = cost;
    }
}
