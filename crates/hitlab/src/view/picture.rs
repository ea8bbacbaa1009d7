//! What a target shows for one frame, before any overlay.
//!
//! Raster chips (Genesis VDP, TMS9918A, VERA) give their palette-indexed frame and palette:
//! that is what `shot` and `record` write palette-exact and what the frame hash covers. A
//! target that draws for itself (the Vectrex's vector display, whose phosphor glow is no
//! palette) supplies an RGB picture instead; everything downstream (scaling, overlays,
//! screenshots, GIFs) takes either.

use machine::Machine;

use super::canvas::Canvas;

/// One frame as the target shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Picture {
    /// A palette-indexed frame.
    Indexed {
        /// Width in pixels.
        w: usize,
        /// Height in pixels.
        h: usize,
        /// Row-major palette indices.
        pixels: Vec<u8>,
        /// Colour of each index, `0x00RRGGBB`.
        palette: Vec<u32>,
    },
    /// A frame the target drew in RGB itself, already at its size (a vector tube, drawn
    /// at a resolution of its own, larger than its screen).
    Rgb {
        /// The picture.
        canvas: Canvas,
        /// Where the screen's top-left corner is on it (the overlays' origin).
        screen_origin_px: (usize, usize),
        /// Picture pixels per screen pixel (the overlays' scale).
        unit_px: usize,
    },
}

impl Picture {
    /// The last frame of a raster chip: its indexed frame and palette, as it holds them.
    #[must_use]
    pub fn of_machine(machine: &dyn Machine) -> Self {
        let screen = machine.screen();
        let (w, h) = (usize::from(screen.w_px), usize::from(screen.h_px));
        let mut pixels = machine.frame_indexed().to_vec();
        // A chip hands over exactly one frame; guard the shape anyway so that nothing
        // downstream indexes past it.
        pixels.resize(w * h, 0);
        Self::Indexed {
            w,
            h,
            pixels,
            palette: machine.palette_rgb(),
        }
    }

    /// Width and height in pixels.
    #[must_use]
    pub fn size(&self) -> (usize, usize) {
        match self {
            Self::Indexed { w, h, .. } => (*w, *h),
            Self::Rgb { canvas, .. } => (canvas.w, canvas.h),
        }
    }

    /// Where the screen's top-left corner is on the picture at `scale`.
    #[must_use]
    pub fn screen_origin_px(&self) -> (usize, usize) {
        match self {
            Self::Indexed { .. } => (0, 0),
            Self::Rgb {
                screen_origin_px, ..
            } => *screen_origin_px,
        }
    }

    /// Picture pixels per screen pixel when it is shown at `scale`.
    #[must_use]
    pub fn unit_px(&self, scale: usize) -> usize {
        match self {
            Self::Indexed { .. } => scale.max(1),
            Self::Rgb { unit_px, .. } => *unit_px,
        }
    }

    /// The colour of pixel `(x, y)`; an index past the palette shows black.
    #[inline]
    fn rgb_at(&self, x: usize, y: usize) -> u32 {
        match self {
            Self::Indexed {
                w, pixels, palette, ..
            } => palette
                .get(usize::from(pixels[y * w + x]))
                .copied()
                .unwrap_or(0),
            Self::Rgb { canvas, .. } => canvas.px[y * canvas.w + x],
        }
    }

    /// The picture at `scale`: an indexed frame enlarged `scale` times (each pixel a
    /// `scale` x `scale` square); an RGB picture as it was drawn, at its own size.
    #[must_use]
    pub fn scaled(&self, scale: usize) -> Canvas {
        if let Self::Rgb { canvas, .. } = self {
            return canvas.clone();
        }
        let k = scale.max(1);
        let (w, h) = self.size();
        let mut out = Canvas::new(w * k, h * k, 0);
        let mut row = vec![0u32; w * k];
        for y in 0..h {
            for x in 0..w {
                row[x * k..(x + 1) * k].fill(self.rgb_at(x, y));
            }
            for r in 0..k {
                let d = (y * k + r) * w * k;
                out.px[d..d + w * k].copy_from_slice(&row);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scaling_repeats_each_pixel_in_a_square() {
        let p = Picture::Indexed {
            w: 2,
            h: 1,
            pixels: vec![0, 5],
            palette: vec![0x112233, 0x445566],
        };
        let c = p.scaled(3);
        assert_eq!((c.w, c.h), (6, 3));
        for y in 0..3 {
            for x in 0..6 {
                let want = if x < 3 { 0x112233 } else { 0 };
                assert_eq!(
                    c.get(x, y),
                    Some(want),
                    "({x}, {y}): index 5 is past the palette"
                );
            }
        }
    }
}
