//! An RGB picture (`0x00RRGGBB` per pixel, the order minifb presents) and the few drawing
//! primitives the overlays need. Every write is clipped, so no overlay can draw outside the
//! area it was given.

/// A rectangle of canvas pixels, half-open: `x0 <= x < x1`, `y0 <= y < y1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// Left edge.
    pub x0: i64,
    /// Top edge.
    pub y0: i64,
    /// One past the right edge.
    pub x1: i64,
    /// One past the bottom edge.
    pub y1: i64,
}

impl Rect {
    /// The rectangle at `(x, y)` of size `w` x `h`.
    #[must_use]
    pub fn new(x: i64, y: i64, w: i64, h: i64) -> Self {
        Self {
            x0: x,
            y0: y,
            x1: x + w,
            y1: y + h,
        }
    }

    /// The part of `self` inside `other` (possibly empty: `x0 >= x1`).
    #[must_use]
    pub fn within(&self, other: &Rect) -> Rect {
        Rect {
            x0: self.x0.max(other.x0),
            y0: self.y0.max(other.y0),
            x1: self.x1.min(other.x1),
            y1: self.y1.min(other.y1),
        }
    }

    /// True when no pixel is inside.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.x0 >= self.x1 || self.y0 >= self.y1
    }

    fn contains(&self, x: i64, y: i64) -> bool {
        x >= self.x0 && x < self.x1 && y >= self.y0 && y < self.y1
    }
}

/// An RGB picture with a clip rectangle that bounds every drawing call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canvas {
    /// Width in pixels.
    pub w: usize,
    /// Height in pixels.
    pub h: usize,
    /// Row-major pixels, `0x00RRGGBB`.
    pub px: Vec<u32>,
    clip: Rect,
}

impl Canvas {
    /// A `w` x `h` canvas filled with `rgb`, clipped to itself.
    #[must_use]
    pub fn new(w: usize, h: usize, rgb: u32) -> Self {
        Self {
            w,
            h,
            px: vec![rgb; w * h],
            clip: Rect::new(0, 0, w as i64, h as i64),
        }
    }

    /// The whole canvas.
    #[must_use]
    pub fn bounds(&self) -> Rect {
        Rect::new(0, 0, self.w as i64, self.h as i64)
    }

    /// Restricts drawing to `r` (within the canvas).
    pub fn set_clip(&mut self, r: Rect) {
        self.clip = r.within(&self.bounds());
    }

    /// Lifts the clip.
    pub fn reset_clip(&mut self) {
        self.clip = self.bounds();
    }

    /// The pixel at `(x, y)`, if on the canvas.
    #[must_use]
    pub fn get(&self, x: usize, y: usize) -> Option<u32> {
        (x < self.w && y < self.h).then(|| self.px[y * self.w + x])
    }

    /// Sets one pixel, if inside the clip.
    #[inline]
    pub fn set(&mut self, x: i64, y: i64, rgb: u32) {
        if self.clip.contains(x, y) {
            self.px[y as usize * self.w + x as usize] = rgb;
        }
    }

    /// Fills `r` (clipped) with `rgb`.
    pub fn fill(&mut self, r: Rect, rgb: u32) {
        let c = r.within(&self.clip);
        if c.is_empty() {
            return;
        }
        for y in c.y0..c.y1 {
            let row = y as usize * self.w;
            self.px[row + c.x0 as usize..row + c.x1 as usize].fill(rgb);
        }
    }

    /// Mixes `rgb` over `r` (clipped), `alpha` of 256 parts.
    pub fn shade(&mut self, r: Rect, rgb: u32, alpha: u32) {
        let c = r.within(&self.clip);
        if c.is_empty() {
            return;
        }
        for y in c.y0..c.y1 {
            let row = y as usize * self.w;
            for p in &mut self.px[row + c.x0 as usize..row + c.x1 as usize] {
                *p = mix(*p, rgb, alpha);
            }
        }
    }

    /// The outline of `r`, `t` pixels thick, drawn inside it.
    pub fn outline(&mut self, r: Rect, t: i64, rgb: u32) {
        if r.is_empty() {
            return;
        }
        let t = t.max(1);
        self.fill(
            Rect {
                y1: (r.y0 + t).min(r.y1),
                ..r
            },
            rgb,
        );
        self.fill(
            Rect {
                y0: (r.y1 - t).max(r.y0),
                ..r
            },
            rgb,
        );
        self.fill(
            Rect {
                x1: (r.x0 + t).min(r.x1),
                ..r
            },
            rgb,
        );
        self.fill(
            Rect {
                x0: (r.x1 - t).max(r.x0),
                ..r
            },
            rgb,
        );
    }

    /// A vertical line at `x` from `y0` to `y1` (exclusive), dashed `dash` on / `dash` off
    /// when `dash > 0`.
    pub fn vline(&mut self, x: i64, y0: i64, y1: i64, dash: i64, rgb: u32) {
        let (y0, y1) = (y0.max(self.clip.y0), y1.min(self.clip.y1));
        for y in y0..y1 {
            if dash == 0 || (y / dash) % 2 == 0 {
                self.set(x, y, rgb);
            }
        }
    }

    /// A horizontal line at `y` from `x0` to `x1` (exclusive), dashed as [`Canvas::vline`].
    pub fn hline(&mut self, y: i64, x0: i64, x1: i64, dash: i64, rgb: u32) {
        let (x0, x1) = (x0.max(self.clip.x0), x1.min(self.clip.x1));
        for x in x0..x1 {
            if dash == 0 || (x / dash) % 2 == 0 {
                self.set(x, y, rgb);
            }
        }
    }

    /// A straight line between two points (Bresenham), both ends drawn. Bounded by the
    /// clip: the walk stops once it has left the clip for good.
    pub fn line(&mut self, (mut x, mut y): (i64, i64), (x1, y1): (i64, i64), rgb: u32) {
        let (dx, dy) = ((x1 - x).abs(), -(y1 - y).abs());
        let (sx, sy) = (if x < x1 { 1 } else { -1 }, if y < y1 { 1 } else { -1 });
        let mut err = dx + dy;
        // Each step moves one pixel closer on the major axis: at most dx + dy + 1 steps.
        for _ in 0..=(dx - dy) {
            self.set(x, y, rgb);
            if x == x1 && y == y1 {
                break;
            }
            let e2 = 2 * err;
            if e2 >= dy {
                err += dy;
                x += sx;
            }
            if e2 <= dx {
                err += dx;
                y += sy;
            }
        }
    }

    /// Copies `src` to `(x, y)` (clipped).
    pub fn blit(&mut self, src: &Canvas, x: i64, y: i64) {
        let r = Rect::new(x, y, src.w as i64, src.h as i64).within(&self.clip);
        if r.is_empty() {
            return;
        }
        for row in r.y0..r.y1 {
            let sy = (row - y) as usize;
            let sx = (r.x0 - x) as usize;
            let n = (r.x1 - r.x0) as usize;
            let d = row as usize * self.w + r.x0 as usize;
            self.px[d..d + n].copy_from_slice(&src.px[sy * src.w + sx..sy * src.w + sx + n]);
        }
    }

    /// The canvas as `r, g, b` bytes.
    #[must_use]
    pub fn to_rgb_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.px.len() * 3);
        for &p in &self.px {
            out.extend_from_slice(&rgb_bytes(p));
        }
        out
    }
}

/// `0x00RRGGBB` as `[r, g, b]`.
#[inline]
#[must_use]
pub fn rgb_bytes(p: u32) -> [u8; 3] {
    [(p >> 16) as u8, (p >> 8) as u8, p as u8]
}

/// `a` mixed with `b`, `alpha` of 256 parts of `b`.
#[inline]
#[must_use]
pub fn mix(a: u32, b: u32, alpha: u32) -> u32 {
    let alpha = alpha.min(256);
    let ch = |s: u32| {
        let (ca, cb) = ((a >> s) & 0xFF, (b >> s) & 0xFF);
        ((ca * (256 - alpha) + cb * alpha) >> 8) << s
    };
    ch(16) | ch(8) | ch(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawing_stays_inside_the_clip() {
        let mut c = Canvas::new(8, 8, 0);
        c.set_clip(Rect::new(2, 2, 4, 4));
        c.fill(Rect::new(-5, -5, 100, 100), 1);
        c.line((-20, -20), (40, 40), 2);
        c.hline(3, -100, 100, 0, 3);
        let inside = |x: usize, y: usize| (2..6).contains(&x) && (2..6).contains(&y);
        for y in 0..8 {
            for x in 0..8 {
                assert_eq!(c.get(x, y) != Some(0), inside(x, y), "({x}, {y})");
            }
        }
    }

    #[test]
    fn outline_and_line_ends() {
        let mut c = Canvas::new(6, 5, 0);
        c.outline(Rect::new(1, 1, 4, 3), 1, 9);
        assert_eq!(c.get(1, 1), Some(9));
        assert_eq!(c.get(4, 3), Some(9));
        assert_eq!(c.get(2, 2), Some(0));
        assert_eq!(c.get(5, 4), Some(0));
        let mut c = Canvas::new(6, 5, 0);
        c.line((0, 4), (5, 0), 7);
        assert_eq!(c.get(0, 4), Some(7));
        assert_eq!(c.get(5, 0), Some(7));
        assert_eq!(c.px.iter().filter(|&&p| p == 7).count(), 6);
    }

    #[test]
    fn mixing_halves_each_channel() {
        assert_eq!(mix(0x000000, 0xFF8040, 128), 0x7F4020);
        assert_eq!(mix(0x123456, 0xFFFFFF, 0), 0x123456);
        assert_eq!(mix(0x123456, 0xABCDEF, 256), 0xABCDEF);
    }
}
