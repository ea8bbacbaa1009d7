//! `mask8`: seeds 000/001, "8-bit mask", transcribed literally. 64-px bands, X in bits 3-0,
//! Y in bits 7-4 of one byte, from the seed's `bit[8]` table:
//!
//! ```text
//! mask = bit[x / 64] | bit[(x + width) / 64]
//!      | (bit[y / 64] | bit[(y + height) / 64]) << 4
//! ```
//!
//! on the object's on-screen span (clamped first; no on-screen pixel, empty mask). The test
//! ANDs the two bytes once, then tests **the two nibbles separately**: rejected when `mask &
//! 0x0F == 0` or `mask & 0xF0 == 0`. One test of the whole byte (`mask != 0`) would be
//! wrong: a pair sharing an X band but no Y band (or the reverse) leaves a non-zero byte,
//! which the seed's `TestCollision`, returning TRUE when nothing more is coded after the mask
//! tests, would report as a collision. Pairs passing both nibbles go to the exact box test.
//!
//! Literal consequences, all documented misses or leaks:
//! - middle bands are unset, as in `mask16`: an object wider (taller) than 64 px misses
//!   objects lying only in its middle bands;
//! - the end band is `(x + width) / 64`: an object reaching `x + w = 256` asks for X band 4,
//!   and `bit[4]` is 0x10, **which lands in the Y nibble** as Y band 0 (a spurious Y bit; it
//!   can only let more pairs through to the box test). Y bands of 4 or more are shifted out
//!   of the byte and lost, as in C's `u8` assignment; band indices of 8 or more read past
//!   `bit[]` and give nothing;
//! - objects with no on-screen pixel never collide.
//!
//! Cost: four `bit[]` look-ups per object (`table_reads`); per pair one byte AND and one or
//! two nibble ANDs (`mask_ands`); the box comparisons that ran; `seed_ops` is their sum.

use crate::geometry::{PxBox, Screen};
use crate::method::{Found, Frame, Method, MethodId};

use super::bands::{Span, on_screen, run_band_method};
use super::mask16::seed_bit;

/// Band width in pixels.
pub const BAND_PX: u32 = 64;

/// The seed's one-byte mask of `bbox` on `screen`; 0 when no pixel of the box is on screen.
#[must_use]
pub fn mask8_bands(bbox: &PxBox, screen: Screen) -> u8 {
    on_screen(bbox, screen).map_or(0, of_span)
}

#[inline]
fn of_span(s: Span) -> u8 {
    let x = seed_bit(s.x0 / BAND_PX) | seed_bit(s.x1 / BAND_PX);
    let y = seed_bit(s.y0 / BAND_PX) | seed_bit(s.y1 / BAND_PX);
    // C shifts in `int`, then the assignment to `u8` drops bits 8 and up.
    x | ((u32::from(y) << 4) as u8)
}

/// The seed's test: one AND of the bytes, then each nibble on its own. Returns whether the
/// pair may collide and how many ANDs ran.
#[inline]
#[must_use]
pub fn nibbles_meet(a: u8, b: u8) -> (bool, u64) {
    let both = a & b;
    if both & 0x0F == 0 {
        return (false, 2);
    }
    (both & 0xF0 != 0, 3)
}

/// The seed's 8-bit mask.
#[derive(Debug, Default)]
pub struct Mask8 {
    keyed: Vec<(u32, u8)>,
}

impl Method for Mask8 {
    fn id(&self) -> MethodId {
        MethodId::Mask8
    }

    fn run(&mut self, frame: &Frame<'_>, found: &mut Found) {
        run_band_method(frame, found, &mut self.keyed, 4, of_span, nibbles_meet);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_end_band_at_256_lands_in_the_y_nibble() {
        let screen = Screen::new(256, 192);
        // x 10..20 (band 0), y 70..80 (band 1).
        assert_eq!(mask8_bands(&PxBox::new(10, 70, 10, 10), screen), 0x21);
        // x 200..256: bit[3] | bit[4] = 0x18; y 0..8: bit[0] << 4 = 0x10.
        assert_eq!(mask8_bands(&PxBox::new(200, 0, 56, 8), screen), 0x18);
        // y 150..192: bit[2] | bit[3] -> 0xC0.
        assert_eq!(mask8_bands(&PxBox::new(0, 150, 8, 42), screen), 0xC1);
    }
}
