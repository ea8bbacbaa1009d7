//! `mask16`: seeds 000/001, "16-bit mask", transcribed literally. The screen is cut into
//! 32-px bands; each object gets an 8-bit X mask and an 8-bit Y mask from the seed's
//! `bit[8]` table:
//!
//! ```text
//! maskX = bit[x / 32] | bit[(x + width) / 32]
//! maskY = bit[y / 32] | bit[(y + height) / 32]
//! ```
//!
//! computed on the object's on-screen span (clamped first; an object with no on-screen pixel
//! gets empty masks). A pair is rejected when `maskX1 & maskX2 == 0`, then when `maskY1 &
//! maskY2 == 0`; otherwise the exact half-open box test decides.
//!
//! Documented misses (lossy):
//! - only the first and the "end" band are set, so an object wider (taller) than a band has
//!   its middle bands unset, and a smaller object lying only in those bands is rejected;
//! - the end band is the seed's `(x + width) / 32`, not the band of the last pixel: an object
//!   reaching `x + w = 256` asks for `bit[8]`, a bit the 8-bit mask does not have, so it is
//!   lost (in C the read goes past the table); band 7 stays unset unless the object starts in
//!   it. Any band index of 8 or more (screens wider or taller than 256 px) is lost the same
//!   way, so an object lying wholly beyond 256 px in X or Y never collides;
//! - objects with no on-screen pixel never collide.
//!
//! Cost: `table_reads` counts the four `bit[]` look-ups per object, `mask_ands` the mask
//! ANDs per pair (X, then Y if X passed), `comparisons` the box tests that ran; the seeds
//! give no count, so `seed_ops` is the sum of the three.

use crate::geometry::{PxBox, Screen};
use crate::method::{Found, Frame, Method, MethodId};

use super::bands::{Span, on_screen, run_band_method};

/// Band width in pixels.
pub const BAND_PX: u32 = 32;

/// The seed's `const u8 bit[8]`; an index past the table gives no bit.
#[inline]
pub(crate) fn seed_bit(index: u32) -> u8 {
    if index < 8 { 1 << index } else { 0 }
}

/// The seed's X and Y masks of `bbox` on `screen`: `(maskX, maskY)`, both 0 when no pixel of
/// the box is on screen.
#[must_use]
pub fn mask16_bands(bbox: &PxBox, screen: Screen) -> (u8, u8) {
    on_screen(bbox, screen).map_or((0, 0), of_span)
}

#[inline]
fn of_span(s: Span) -> (u8, u8) {
    (
        seed_bit(s.x0 / BAND_PX) | seed_bit(s.x1 / BAND_PX),
        seed_bit(s.y0 / BAND_PX) | seed_bit(s.y1 / BAND_PX),
    )
}

/// The seed's two mask tests: X first, then Y. Returns whether the pair may collide and how
/// many ANDs ran.
#[inline]
pub(crate) fn bands_meet((ax, ay): (u8, u8), (bx, by): (u8, u8)) -> (bool, u64) {
    if ax & bx == 0 {
        return (false, 1);
    }
    (ay & by != 0, 2)
}

/// The seed's 16-bit mask, literal end band.
#[derive(Debug, Default)]
pub struct Mask16 {
    keyed: Vec<(u32, (u8, u8))>,
}

impl Method for Mask16 {
    fn id(&self) -> MethodId {
        MethodId::Mask16
    }

    fn run(&mut self, frame: &Frame<'_>, found: &mut Found) {
        run_band_method(frame, found, &mut self.keyed, 4, of_span, bands_meet);
    }
}
