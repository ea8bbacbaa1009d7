//! A vector display drawn as one: the machine's strokes on a portrait tube at a real
//! resolution, each an anti-aliased line whose core brightness follows the beam intensity
//! and which glows around it, over the fading light of the frames before (the phosphor's
//! afterglow). specs/vectrex.md, "The window"; the tube's shape is vecx's beam area.
//!
//! The afterglow is kept as the strokes of the last few frames, not as pixels, so the
//! picture can be drawn at any size and a frame shown is a function of the frames played
//! (the same picture in the window, `shot` and `record`). A stroke that moved by a few
//! pixels from one frame to the next (the same place in the beam's list, the same length
//! and intensity) glows as a smear between its positions, as the eye sees a lit object
//! moving at 50 Hz, rather than as a hatching of separate fading copies.

use std::collections::{HashSet, VecDeque};

use machine::{Display, Machine, Stroke};

use super::canvas::Canvas;
use super::picture::Picture;

/// Frames of strokes kept: at 5/8 a frame, the eighth-oldest is below 3 % of its light.
const HISTORY_FRAMES: usize = 8;
/// Smallest pixels per screen pixel a tube is drawn at: a readable picture at scale 1.
pub const MIN_UNIT_PX: usize = 2;
/// The tube face where nothing is lit: not quite black, as a switched-on tube is.
const FACE_RGB: [f32; 3] = [0.018, 0.022, 0.028];
/// The phosphor's colour at full light: the Vectrex's white with its blue cast.
const PHOSPHOR_RGB: [f32; 3] = [0.80, 0.92, 1.0];
/// The farthest a stroke moves in one frame and still leaves a smear: a walker's few
/// pixels, not a jump to a different object.
const MAX_SMEAR_PX: f32 = 4.0;
/// Copies drawn at most between a stroke's positions in two frames.
const MAX_SMEAR_STEPS: usize = 8;
/// Glow around a line, as a share of its core's light.
const GLOW_SHARE: f32 = 0.45;

/// The tube: its size in screen pixels, its afterglow and the strokes of recent frames.
#[derive(Clone, Debug)]
pub struct Tube {
    /// Width and height in screen pixels; the screen is centred on it.
    tube_px: (u16, u16),
    /// The screen's size in screen pixels.
    screen_px: (u16, u16),
    /// Light kept per frame, as a fraction.
    keep: f32,
    /// The newest frame's strokes first.
    frames: VecDeque<Vec<Stroke>>,
}

impl Tube {
    /// A dark tube for `m`'s vector display, its size and persistence as the machine
    /// states them; `None` on a raster display.
    #[must_use]
    pub fn dark(m: &dyn Machine) -> Option<Self> {
        match m.display() {
            Display::Raster => None,
            Display::Vector {
                keep_num,
                keep_den,
                tube_w_px,
                tube_h_px,
            } => {
                let s = m.screen();
                Some(Self::new(
                    (tube_w_px, tube_h_px),
                    (s.w_px, s.h_px),
                    keep_num,
                    keep_den,
                ))
            }
        }
    }

    /// A dark tube of `tube_px` around a screen of `screen_px`, keeping `keep_num /
    /// keep_den` of its light per frame.
    #[must_use]
    pub fn new(tube_px: (u16, u16), screen_px: (u16, u16), keep_num: u8, keep_den: u8) -> Self {
        Self {
            tube_px: (tube_px.0.max(screen_px.0), tube_px.1.max(screen_px.1)),
            screen_px,
            keep: f32::from(keep_num) / f32::from(keep_den.max(1)),
            frames: VecDeque::new(),
        }
    }

    /// The beam drew `strokes` this frame.
    pub fn expose(&mut self, strokes: Vec<Stroke>) {
        self.frames.push_front(strokes);
        self.frames.truncate(HISTORY_FRAMES);
    }

    /// Darkens the tube (a restart).
    pub fn clear(&mut self) {
        self.frames.clear();
    }

    /// Pixels per screen pixel at window scale `scale`.
    #[must_use]
    pub fn unit_px(scale: usize) -> usize {
        scale.max(MIN_UNIT_PX)
    }

    /// The picture's size at window scale `scale`.
    #[must_use]
    pub fn size_px(&self, scale: usize) -> (usize, usize) {
        let u = Self::unit_px(scale);
        (
            usize::from(self.tube_px.0) * u,
            usize::from(self.tube_px.1) * u,
        )
    }

    /// Where the screen's top-left corner is on the tube, in tube pixels at `unit`.
    fn screen_origin(&self, unit: usize) -> (usize, usize) {
        (
            usize::from((self.tube_px.0 - self.screen_px.0) / 2) * unit,
            usize::from((self.tube_px.1 - self.screen_px.1) / 2) * unit,
        )
    }

    /// The tube as it looks now, at window scale `scale`.
    #[must_use]
    pub fn picture(&self, scale: usize) -> Picture {
        let unit = Self::unit_px(scale);
        let (w, h) = self.size_px(scale);
        let origin = self.screen_origin(unit);
        let mut light = vec![0f32; w * h];
        // A stroke drawn again in a newer frame is lit there at least as brightly: only
        // its brightest, newest exposure is drawn (the still labyrinth, once).
        let mut seen: HashSet<[u32; 5]> = HashSet::new();
        let at = |p: (f32, f32)| {
            (
                origin.0 as f32 + p.0 * unit as f32,
                origin.1 as f32 + p.1 * unit as f32,
            )
        };
        let mut fade = 1.0f32;
        for (age, strokes) in self.frames.iter().enumerate() {
            // The same object one frame later: the newer frame's stroke at the same place
            // in the list, when the beam drew the same picture there.
            let newer = age
                .checked_sub(1)
                .and_then(|n| self.frames.get(n))
                .filter(|n| n.len() == strokes.len());
            for (i, s) in strokes.iter().enumerate() {
                let key = [
                    s.from_px.0.to_bits(),
                    s.from_px.1.to_bits(),
                    s.to_px.0.to_bits(),
                    s.to_px.1.to_bits(),
                    u32::from(s.intensity),
                ];
                if !seen.insert(key) {
                    continue;
                }
                let brightness = f32::from(s.intensity.min(127)) / 127.0 * fade;
                if age == 0 {
                    // The beam's core: about half a screen pixel wide, at least a pixel
                    // and a half.
                    let half_core = (unit as f32 * 0.45).max(0.75);
                    Line::new(at(s.from_px), at(s.to_px), half_core, brightness).light(
                        &mut light,
                        (w, h),
                        unit,
                    );
                    continue;
                }
                // The afterglow spreads in the phosphor.
                let half_core = (unit as f32 * 0.6).max(1.0);
                // A stroke that moved since is seen as the eye sees a lit object moving
                // at 50 Hz: a smear from where it was towards where it is, its light
                // rising as the phosphor's decay says (`keep` a frame), not as separate
                // copies with dark gaps between them (a walker at two pixels a frame).
                let moved = newer.and_then(|n| moved_by(s, &n[i]));
                let steps = moved.map_or(0, |d| {
                    let px = (d.0 * d.0 + d.1 * d.1).sqrt() * unit as f32;
                    ((px / half_core).ceil() as usize).clamp(1, MAX_SMEAR_STEPS)
                });
                let d = moved.unwrap_or((0.0, 0.0));
                for k in 0..=steps {
                    let t = if steps == 0 {
                        0.0
                    } else {
                        k as f32 / (steps + 1) as f32
                    };
                    let shift = |p: (f32, f32)| (p.0 + d.0 * t, p.1 + d.1 * t);
                    let lit = brightness * self.keep.max(1e-3).powf(-t);
                    Line::new(
                        at(shift(s.from_px)),
                        at(shift(s.to_px)),
                        half_core,
                        lit.min(1.0),
                    )
                    .light(&mut light, (w, h), unit);
                }
            }
            fade *= self.keep;
        }
        let mut canvas = Canvas::new(w, h, 0);
        let corner = (w.min(h) as f32) * 0.12;
        for y in 0..h {
            for x in 0..w {
                let i = y * w + x;
                canvas.px[i] = if inside_rounded(x, y, w, h, corner) {
                    phosphor_rgb(light[i])
                } else {
                    0
                };
            }
        }
        Picture::Rgb {
            canvas,
            screen_origin_px: origin,
            unit_px: unit,
        }
    }
}

/// A frame's picture as a player keeps it between calls: a raster chip's indexed frame,
/// or, on a vector display ([`machine::Display::Vector`]), the tube with the frames before
/// still glowing, drawn at whatever scale is asked for.
#[derive(Clone, Debug)]
pub enum FramePicture {
    /// A raster chip's frame.
    Raster(Picture),
    /// The tube after the frame's strokes.
    Tube(Tube),
}

impl FramePicture {
    /// The frame `m` holds now; on a tube, over the light of `before` (the frame
    /// shown before this one, if any).
    #[must_use]
    pub fn of_machine(m: &dyn Machine, before: Option<&Self>) -> Self {
        let tube = match (m.display(), before) {
            (Display::Raster, _) => None,
            (Display::Vector { .. }, Some(Self::Tube(t))) => Some(t.clone()),
            (Display::Vector { .. }, _) => Tube::dark(m),
        };
        match tube {
            None => Self::Raster(Picture::of_machine(m)),
            Some(mut tube) => {
                tube.expose(m.strokes());
                Self::Tube(tube)
            }
        }
    }

    /// The picture at window scale `scale`.
    #[must_use]
    pub fn at(&self, scale: usize) -> Picture {
        match self {
            Self::Raster(p) => p.clone(),
            Self::Tube(t) => t.picture(scale),
        }
    }

    /// The picture's size in pixels at window scale `scale`.
    #[must_use]
    pub fn size_px(&self, scale: usize) -> (usize, usize) {
        match self {
            Self::Raster(p) => {
                let (w, h) = p.size();
                (w * scale.max(1), h * scale.max(1))
            }
            Self::Tube(t) => t.size_px(scale),
        }
    }
}

/// One line on the tube, in tube pixels.
struct Line {
    a: (f32, f32),
    b: (f32, f32),
    /// Half the width of its fully lit core.
    half_core: f32,
    /// 0-1.
    brightness: f32,
}

impl Line {
    fn new(a: (f32, f32), b: (f32, f32), half_core: f32, brightness: f32) -> Self {
        Self {
            a,
            b,
            half_core,
            brightness,
        }
    }

    /// Adds the line, anti-aliased and glowing, to `light`, keeping the brighter light
    /// where lines meet.
    fn light(&self, light: &mut [f32], (w, h): (usize, usize), unit: usize) {
        let Self {
            a,
            b,
            half_core,
            brightness,
        } = *self;
        if brightness <= 0.0 {
            return;
        }
        // The glow reaches three of its widths.
        let sigma = unit as f32 * 1.2 + 1.0;
        let reach = half_core + 3.0 * sigma;
        let x0 = (a.0.min(b.0) - reach).floor().max(0.0) as usize;
        let y0 = (a.1.min(b.1) - reach).floor().max(0.0) as usize;
        let x1 = ((a.0.max(b.0) + reach).ceil().max(0.0) as usize).min(w);
        let y1 = ((a.1.max(b.1) + reach).ceil().max(0.0) as usize).min(h);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len2 = dx * dx + dy * dy;
        for y in y0..y1 {
            for x in x0..x1 {
                // Distance from the pixel's centre to the segment.
                let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
                let t = if len2 > 0.0 {
                    (((px - a.0) * dx + (py - a.1) * dy) / len2).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                let (ex, ey) = (px - (a.0 + t * dx), py - (a.1 + t * dy));
                let d = (ex * ex + ey * ey).sqrt();
                if d > reach {
                    continue;
                }
                // Core: full inside, a one-pixel ramp at its edge (the anti-aliasing).
                let core = (half_core + 0.5 - d).clamp(0.0, 1.0);
                let glow = GLOW_SHARE * (-(d * d) / (2.0 * sigma * sigma)).exp();
                let v = brightness * (core + glow);
                let l = &mut light[y * w + x];
                if v > *l {
                    *l = v;
                }
            }
        }
    }
}

/// How far `older` moved to become `newer`, in screen pixels, when `newer` is `older`
/// moved without turning or changing its length or intensity, by at most
/// [`MAX_SMEAR_PX`] (a walker's step, not a different object drawn in its place).
fn moved_by(older: &Stroke, newer: &Stroke) -> Option<(f32, f32)> {
    let d = (
        newer.from_px.0 - older.from_px.0,
        newer.from_px.1 - older.from_px.1,
    );
    let d_to = (newer.to_px.0 - older.to_px.0, newer.to_px.1 - older.to_px.1);
    let same_shift = (d.0 - d_to.0).abs() < 1e-3 && (d.1 - d_to.1).abs() < 1e-3;
    let len = (d.0 * d.0 + d.1 * d.1).sqrt();
    (same_shift && newer.intensity == older.intensity && len > 0.0 && len <= MAX_SMEAR_PX)
        .then_some(d)
}

/// Light (0 up) as the phosphor's colour: saturating, and whitening where it is brightest.
fn phosphor_rgb(light: f32) -> u32 {
    let level = 1.0 - (-2.4 * light).exp();
    let white = (light - 0.7).max(0.0) * 0.6;
    let ch = |i: usize| {
        let v = FACE_RGB[i] + level * PHOSPHOR_RGB[i] + white;
        (v.clamp(0.0, 1.0) * 255.0).round() as u32
    };
    ch(0) << 16 | ch(1) << 8 | ch(2)
}

/// Whether `(x, y)` is on the tube's face, a rectangle with corners rounded by `r`.
fn inside_rounded(x: usize, y: usize, w: usize, h: usize, r: f32) -> bool {
    let (fx, fy) = (x as f32 + 0.5, y as f32 + 0.5);
    let cx = fx.clamp(r, w as f32 - r);
    let cy = fy.clamp(r, h as f32 - r);
    let (ex, ey) = (fx - cx, fy - cy);
    ex * ex + ey * ey <= r * r
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(from: (f32, f32), to: (f32, f32), intensity: u8) -> Stroke {
        Stroke {
            from_px: from,
            to_px: to,
            intensity,
        }
    }

    fn rgb_at(p: &Picture, x: usize, y: usize) -> u32 {
        let Picture::Rgb { canvas, .. } = p else {
            panic!("a tube draws in RGB")
        };
        canvas.get(x, y).expect("on the picture")
    }

    fn green(rgb: u32) -> u32 {
        (rgb >> 8) & 0xFF
    }

    #[test]
    fn the_tube_is_portrait_at_two_pixels_per_screen_pixel_at_least() {
        // vecx's 33000 x 41000 beam area at 127 units a pixel is 260 x 323.
        let t = Tube::new((260, 323), (160, 96), 5, 8);
        assert_eq!(t.size_px(1), (520, 646));
        assert_eq!(t.size_px(3), (780, 969));
        let Picture::Rgb {
            screen_origin_px, ..
        } = t.picture(3)
        else {
            panic!("rgb")
        };
        // (260 - 160) / 2 = 50 and (323 - 96) / 2 = 113 screen pixels, 3 each.
        assert_eq!(screen_origin_px, (150, 339));
    }

    #[test]
    fn a_line_is_brightest_on_its_core_glows_beside_it_and_is_smooth() {
        let mut t = Tube::new((40, 40), (40, 40), 5, 8);
        t.expose(vec![line((5.0, 20.0), (35.0, 20.0), 127)]);
        let p = t.picture(4);
        // Screen y 20 at 4 px a pixel: the core is rows 79-80 (centre 80.0).
        let core = green(rgb_at(&p, 80, 80));
        let near = green(rgb_at(&p, 80, 84));
        let far = green(rgb_at(&p, 80, 92));
        let dark = green(rgb_at(&p, 80, 150));
        assert!(core > 200, "core {core}");
        assert!(
            core > near && near > far && far > dark,
            "{core} {near} {far} {dark}"
        );
        // The glow is more than the face: it lights the pixels beside the line.
        assert!(far > green(phosphor_rgb(0.0)));
        // Anti-aliased: more than two levels across the line's edge.
        let levels: HashSet<u32> = (70..92).map(|y| green(rgb_at(&p, 80, y))).collect();
        assert!(levels.len() > 6, "{levels:?}");
    }

    #[test]
    fn a_dimmer_beam_draws_a_dimmer_line() {
        let mut t = Tube::new((40, 40), (40, 40), 5, 8);
        t.expose(vec![
            line((5.0, 10.0), (35.0, 10.0), 127),
            line((5.0, 30.0), (35.0, 30.0), 40),
        ]);
        let p = t.picture(2);
        assert!(green(rgb_at(&p, 40, 20)) > green(rgb_at(&p, 40, 60)));
    }

    #[test]
    fn the_afterglow_fades_frame_by_frame_and_then_is_gone() {
        let mut t = Tube::new((40, 40), (40, 40), 5, 8);
        t.expose(vec![line((20.0, 5.0), (20.0, 35.0), 127)]);
        let mut last = green(rgb_at(&t.picture(2), 40, 40));
        for _ in 0..4 {
            t.expose(Vec::new());
            let now = green(rgb_at(&t.picture(2), 40, 40));
            assert!(now < last, "{now} after {last}");
            last = now;
        }
        for _ in 0..HISTORY_FRAMES {
            t.expose(Vec::new());
        }
        assert_eq!(rgb_at(&t.picture(2), 40, 40), phosphor_rgb(0.0));
    }

    #[test]
    fn the_corners_are_the_tube_s_rounded_edge() {
        let t = Tube::new((260, 323), (160, 96), 5, 8);
        let p = t.picture(2);
        assert_eq!(rgb_at(&p, 0, 0), 0);
        assert_eq!(rgb_at(&p, 260, 323), phosphor_rgb(0.0));
    }
    #[test]
    fn a_moving_line_leaves_a_continuous_trail_not_a_hatching() {
        // A vertical line moving right 2 screen pixels a frame (a walker at speed 2), the
        // way the labyrinth's walkers move. Along a row through the trail, from the oldest
        // position to the newest, the light only grows: no dark gap between two frames'
        // positions.
        let mut t = Tube::new((40, 40), (40, 40), 5, 8);
        for f in 0..6 {
            let x = 8.0 + 2.0 * f as f32;
            t.expose(vec![line((x, 10.0), (x, 30.0), 127)]);
        }
        let p = t.picture(3);
        // Oldest kept position x = 8 (pixel 24), newest x = 18 (pixel 54).
        let row: Vec<u32> = (24..=54).map(|x| green(rgb_at(&p, x, 60))).collect();
        for (i, pair) in row.windows(2).enumerate() {
            assert!(
                pair[1] + 2 >= pair[0],
                "darker at pixel {} than at {}: {row:?}",
                25 + i,
                24 + i
            );
        }
    }
}
