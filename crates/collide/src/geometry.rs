//! Integer pixel boxes: the one geometric convention of the whole project.
//!
//! A [`PxBox`] is **half-open**: it covers the pixels `x <= px < x + w` and `y <= py < y + h`.
//! Two boxes overlap when they share at least one pixel, so boxes that merely touch
//! (`a.x + a.w == b.x`) do not overlap, and a box with `w == 0` or `h == 0` covers no pixel and
//! overlaps nothing. Coordinates may be negative or beyond the screen; the arithmetic is done
//! in `i64` so no position in `i32` can overflow.
//!
//! The seed documents write `x2 = x + width` and compare with `<` / `>` (seed 002), which
//! treats touching boxes as colliding. Methods that transcribe a seed literally say so and
//! convert at their edges; [`PxBox::overlaps_seed_literal`] is that literal rule, kept so the
//! difference can be shown.

/// A half-open box of screen pixels: `x <= px < x + w`, `y <= py < y + h`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PxBox {
    /// Left edge, in pixels (inclusive).
    pub x: i32,
    /// Top edge, in pixels (inclusive).
    pub y: i32,
    /// Width in pixels.
    pub w: u16,
    /// Height in pixels.
    pub h: u16,
}

/// The visible screen of a machine, in pixels, with its origin at the top-left pixel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Screen {
    /// Width in pixels.
    pub w_px: u16,
    /// Height in pixels.
    pub h_px: u16,
}

impl Screen {
    /// A screen of `w_px` by `h_px` pixels.
    #[must_use]
    pub const fn new(w_px: u16, h_px: u16) -> Self {
        Self { w_px, h_px }
    }

    /// The whole screen as a box.
    #[must_use]
    pub const fn as_box(self) -> PxBox {
        PxBox::new(0, 0, self.w_px, self.h_px)
    }
}

impl PxBox {
    /// A box with top-left corner `(x, y)` and size `w` x `h` pixels.
    #[must_use]
    pub const fn new(x: i32, y: i32, w: u16, h: u16) -> Self {
        Self { x, y, w, h }
    }

    /// One past the right-most column covered (`x + w`).
    #[inline]
    #[must_use]
    pub const fn x_end(&self) -> i64 {
        self.x as i64 + self.w as i64
    }

    /// One past the bottom row covered (`y + h`).
    #[inline]
    #[must_use]
    pub const fn y_end(&self) -> i64 {
        self.y as i64 + self.h as i64
    }

    /// True when the box covers no pixel.
    #[inline]
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.w == 0 || self.h == 0
    }

    /// True when the two boxes share at least one pixel (half-open rule).
    #[inline]
    #[must_use]
    pub const fn overlaps(&self, other: &PxBox) -> bool {
        !self.is_empty()
            && !other.is_empty()
            && (self.x as i64) < other.x_end()
            && (other.x as i64) < self.x_end()
            && (self.y as i64) < other.y_end()
            && (other.y as i64) < self.y_end()
    }

    /// Seed 002's rejection tests transcribed literally, with `x2 = x + width`: no collision
    /// when `b.x > a.x2`, `a.x > b.x2`, `b.y > a.y2` or `a.y > b.y2` (written here as the
    /// negations of those four tests).
    ///
    /// Unlike [`PxBox::overlaps`] it reports boxes that only touch (`a.x + a.w == b.x`) as
    /// colliding: the off-by-one the half-open convention removes. Zero-size boxes still
    /// never collide here, because a zero-size object is not a sprite.
    #[inline]
    #[must_use]
    pub const fn overlaps_seed_literal(&self, other: &PxBox) -> bool {
        !self.is_empty()
            && !other.is_empty()
            && (other.x as i64) <= self.x_end()
            && (self.x as i64) <= other.x_end()
            && (other.y as i64) <= self.y_end()
            && (self.y as i64) <= other.y_end()
    }

    /// The pixels both boxes cover, if any.
    #[must_use]
    pub fn intersection(&self, other: &PxBox) -> Option<PxBox> {
        if !self.overlaps(other) {
            return None;
        }
        let x0 = i64::from(self.x.max(other.x));
        let y0 = i64::from(self.y.max(other.y));
        let x1 = self.x_end().min(other.x_end());
        let y1 = self.y_end().min(other.y_end());
        // Both sides fit: the intersection is no larger than either box.
        Some(PxBox::new(
            x0 as i32,
            y0 as i32,
            (x1 - x0) as u16,
            (y1 - y0) as u16,
        ))
    }

    /// The part of the box on `screen`, or `None` when no pixel of it is on screen.
    #[must_use]
    pub fn clamp_to(&self, screen: Screen) -> Option<PxBox> {
        self.intersection(&screen.as_box())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn touching_boxes_do_not_overlap_but_the_seed_literal_says_they_do() {
        let a = PxBox::new(10, 10, 8, 8);
        let right = PxBox::new(18, 10, 8, 8);
        let below = PxBox::new(10, 18, 8, 8);
        assert!(!a.overlaps(&right));
        assert!(!a.overlaps(&below));
        assert!(a.overlaps_seed_literal(&right));
        assert!(a.overlaps_seed_literal(&below));
        // One pixel further apart, the literal rule agrees again.
        assert!(!a.overlaps_seed_literal(&PxBox::new(19, 10, 8, 8)));
        // One pixel of overlap: both agree.
        let one = PxBox::new(17, 17, 8, 8);
        assert!(a.overlaps(&one) && a.overlaps_seed_literal(&one));
    }

    #[test]
    fn zero_size_boxes_never_collide() {
        let a = PxBox::new(0, 0, 16, 16);
        for z in [
            PxBox::new(4, 4, 0, 4),
            PxBox::new(4, 4, 4, 0),
            PxBox::new(4, 4, 0, 0),
        ] {
            assert!(!a.overlaps(&z) && !z.overlaps(&a) && !z.overlaps(&z));
            assert!(!a.overlaps_seed_literal(&z));
        }
    }

    #[test]
    fn negative_and_far_coordinates_do_not_overflow() {
        let far = PxBox::new(i32::MAX, i32::MAX, u16::MAX, u16::MAX);
        let also = PxBox::new(i32::MAX - 1, i32::MAX - 1, 4, 4);
        assert!(far.overlaps(&also));
        let neg = PxBox::new(-20, -20, 16, 16);
        assert!(!neg.overlaps(&PxBox::new(-4, -4, 8, 8)));
        assert!(neg.overlaps(&PxBox::new(-5, -5, 8, 8)));
    }

    #[test]
    fn clamp_to_screen() {
        let screen = Screen::new(256, 192);
        assert_eq!(
            PxBox::new(-8, 184, 16, 16).clamp_to(screen),
            Some(PxBox::new(0, 184, 8, 8))
        );
        assert_eq!(PxBox::new(256, 0, 16, 16).clamp_to(screen), None);
        assert_eq!(PxBox::new(-16, 0, 16, 16).clamp_to(screen), None);
    }
}
