//! `mask16-filled`: beyond the seeds. `mask16` with its two flaws removed: every band from
//! the first to the last is set, and the last band is the one of the last pixel,
//! `(x + w - 1) / 32`, clamped to band 7 (so the last band also covers everything right of
//! 224 px on screens wider than 256, and likewise in Y). Spans are clamped to the screen
//! first.
//!
//! Every band an object's on-screen pixels touch is set, so two objects overlapping on
//! screen share an X band and a Y band and are never rejected: the method returns exactly the
//! box pairs whose overlap has an on-screen pixel ([`Exactness::OnScreen`]). Its one miss is
//! the rule every band method shares: an object with no on-screen pixel never collides.
//!
//! Cost: one look-up per axis per object in a 36-entry span table (first band, last band) ->
//! mask, as a retro programmer would store it (`table_reads`), then as `mask16`.
//!
//! [`Exactness::OnScreen`]: crate::Exactness::OnScreen

use crate::geometry::{PxBox, Screen};
use crate::method::{Found, Frame, Method, MethodId};

use super::bands::{Span, on_screen, run_band_method};
use super::mask16::{BAND_PX, bands_meet};

/// The band of pixel `px`, clamped to the last of the 8 bands.
#[inline]
fn band(px: u32) -> u32 {
    (px / BAND_PX).min(7)
}

/// Bits `first..=last` set.
#[inline]
fn filled(first: u32, last: u32) -> u8 {
    ((0xFFu32 << first) & (0xFFu32 >> (7 - last))) as u8
}

/// The filled X and Y masks of `bbox` on `screen`: `(maskX, maskY)`, both 0 when no pixel of
/// the box is on screen.
#[must_use]
pub fn mask16_filled_bands(bbox: &PxBox, screen: Screen) -> (u8, u8) {
    on_screen(bbox, screen).map_or((0, 0), of_span)
}

#[inline]
fn of_span(s: Span) -> (u8, u8) {
    (
        filled(band(s.x0), band(s.x1 - 1)),
        filled(band(s.y0), band(s.y1 - 1)),
    )
}

/// 16-bit masks with every touched band set.
#[derive(Debug, Default)]
pub struct Mask16Filled {
    keyed: Vec<(u32, (u8, u8))>,
}

impl Method for Mask16Filled {
    fn id(&self) -> MethodId {
        MethodId::Mask16Filled
    }

    fn run(&mut self, frame: &Frame<'_>, found: &mut Found) {
        run_band_method(frame, found, &mut self.keyed, 2, of_span, bands_meet);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_touched_band_is_set() {
        assert_eq!(filled(0, 7), 0xFF);
        assert_eq!(filled(3, 3), 0x08);
        assert_eq!(filled(1, 4), 0b0001_1110);
        let screen = Screen::new(320, 224);
        // 100 px from x = 0: bands 0-3; the last pixel 99 is in band 3.
        assert_eq!(
            mask16_filled_bands(&PxBox::new(0, 0, 100, 8), screen).0,
            0x0F
        );
        // Ends at 256: last pixel 255 in band 7 (the seed's rule would ask for band 8).
        assert_eq!(
            mask16_filled_bands(&PxBox::new(200, 0, 56, 8), screen).0,
            0xC0
        );
        // Beyond 256 on a 320-px screen: clamped into band 7.
        assert_eq!(
            mask16_filled_bands(&PxBox::new(300, 0, 8, 8), screen).0,
            0x80
        );
        assert_eq!(
            mask16_filled_bands(&PxBox::new(-50, 0, 8, 8), screen),
            (0, 0)
        );
    }
}
