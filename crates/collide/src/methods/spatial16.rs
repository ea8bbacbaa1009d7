//! `spatial16`: seed 004, step 3b (TurboVega's 128_collision_detection, `makecoords.c`
//! `create_spatial_map`). Each object gets a 16-bit X map and a 16-bit Y map: the screen is
//! cut into 16 columns and 16 rows, the most significant bit is the leftmost column (top
//! row), and every column (row) the object's pixels touch is set. On the seed's 640x480
//! screen the columns are 40 px and the rows 30 px, so a 16-px sprite at x = 362 has X map
//! $0040 and one at y = 232 has Y map $0180.
//!
//! The band sizes come from the frame's screen, so the method runs on any machine: columns
//! of `screen width / 16` px and rows of `screen height / 16` px (at least 1); where the
//! division leaves a remainder, the last column (row) also takes the pixels past 16 bands.
//! Spans are clamped to the screen first; an object with no on-screen pixel has empty maps.
//!
//! A pair is rejected when the X maps AND to 0, then when the Y maps do; otherwise the exact
//! half-open box test decides. The seed tests its projectiles against its targets only; as
//! a method of its own it tests every unordered pair, so it returns exactly the box pairs
//! whose overlap has an on-screen pixel ([`Exactness::OnScreen`]): every band touched is set,
//! so no on-screen overlap is ever rejected.
//!
//! Cost: two map look-ups per object (the seed reads them from its path table,
//! `table_reads`), one or two map ANDs per pair, the box comparisons that ran; `seed_ops` is
//! their sum.
//!
//! [`Exactness::OnScreen`]: crate::Exactness::OnScreen

use crate::geometry::{PxBox, Screen};
use crate::method::{Found, Frame, Method, MethodId};

use super::bands::{Span, executed_since, on_screen, prefiltered_pairs};

/// Bands per axis.
pub const BANDS: u32 = 16;

/// The map bits of the pixels `first_px..=last_px` with bands of `band_px`, MSB = band 0.
#[inline]
fn map(first_px: u32, last_px: u32, band_px: u32) -> u16 {
    let first = (first_px / band_px).min(BANDS - 1);
    let last = (last_px / band_px).min(BANDS - 1);
    ((0xFFFFu32 >> first) & (0xFFFFu32 << (BANDS - 1 - last))) as u16
}

/// Column width and row height of the maps on `screen`, in pixels.
#[must_use]
pub fn band_size_px(screen: Screen) -> (u32, u32) {
    (
        (u32::from(screen.w_px) / BANDS).max(1),
        (u32::from(screen.h_px) / BANDS).max(1),
    )
}

/// The X and Y spatial maps of `bbox` on `screen`, both 0 when no pixel of the box is on
/// screen.
#[must_use]
pub fn spatial_maps(bbox: &PxBox, screen: Screen) -> (u16, u16) {
    on_screen(bbox, screen).map_or((0, 0), |s| of_span(s, band_size_px(screen)))
}

#[inline]
fn of_span(s: Span, (band_w, band_h): (u32, u32)) -> (u16, u16) {
    (map(s.x0, s.x1 - 1, band_w), map(s.y0, s.y1 - 1, band_h))
}

/// The two map tests: X, then Y. Returns whether the pair may collide and how many ANDs ran.
#[inline]
fn maps_meet((ax, ay): (u16, u16), (bx, by): (u16, u16)) -> (bool, u64) {
    if ax & bx == 0 {
        return (false, 1);
    }
    (ay & by != 0, 2)
}

/// 16-bit spatial maps per axis.
#[derive(Debug, Default)]
pub struct Spatial16 {
    keyed: Vec<(u32, (u16, u16))>,
}

impl Method for Spatial16 {
    fn id(&self) -> MethodId {
        MethodId::Spatial16
    }

    fn run(&mut self, frame: &Frame<'_>, found: &mut Found) {
        let start = found.cost;
        let bands = band_size_px(frame.screen);
        self.keyed.clear();
        for (i, o) in frame.objects.iter().enumerate() {
            if o.collides() {
                let maps = on_screen(&o.bbox, frame.screen).map_or((0, 0), |s| {
                    found.cost.table_reads += 2;
                    of_span(s, bands)
                });
                self.keyed.push((i as u32, maps));
            }
        }
        prefiltered_pairs(frame.objects, &self.keyed, found, maps_meet);
        found.cost.seed_ops += executed_since(&start, &found.cost);
    }
}
