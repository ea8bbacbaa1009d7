//! The selected method's structure drawn over the frame: the bands, columns, quadrants,
//! maps and strips its decisions are made on (specs/methods.md; the constants come from the
//! methods' own modules so the lines cannot drift from the code).

use collide::methods::{columns, mask8, mask16, spatial16};
use collide::{MethodId, Object, Screen};
use machine::Verdict;

use super::canvas::{Canvas, Rect};

/// Guide lines.
pub const GUIDE_RGB: u32 = 0x9090FF;
/// Areas a method cannot see.
pub const BLIND_RGB: u32 = 0x6020A0;
/// Quadrants VERA's ISR names.
pub const NAMED_RGB: u32 = 0xFFFF40;

/// What a method's structure looks like on one frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Guides {
    /// The method works on boxes alone.
    None,
    /// Seeds 000/001: square bands of `band_px`; the seed's masks hold bands below
    /// `seen_px` (8 bits of 32 px, 4 of 64 px) or, when `None`, the last band takes the
    /// rest of the screen.
    Bands {
        /// Band size.
        band_px: u32,
        /// First pixel no band bit covers (None: the last band is clamped).
        seen_px: Option<u32>,
    },
    /// Seed 002 Method 3: 8-px column slots, `count` of them.
    Columns {
        /// Columns in the goodList.
        count: u32,
    },
    /// Seed 004 step 1: the screen's centre lines; the ISR nibble names the quadrants.
    Quadrants {
        /// ISR bits 7-4 shifted down, when the chip has them.
        nibble: Option<u8>,
    },
    /// Seed 004 step 3b: 16 columns by 16 rows, the last taking any remainder.
    Spatial {
        /// Column width.
        band_w: u32,
        /// Row height.
        band_h: u32,
    },
    /// `grid`: horizontal strips of `h_px` starting at `top_px`.
    Strips {
        /// Top of strip 0 (may be above the screen).
        top_px: i64,
        /// Strip height, a power of two.
        h_px: u32,
    },
    /// Seed 004 step 3c: the table's reach, -16..15 px from each Good object.
    HitWindows,
}

impl Guides {
    /// The structure of `id` on this frame.
    #[must_use]
    pub fn of(
        id: MethodId,
        objects: &[Object],
        screen: Screen,
        verdict: &Verdict,
        columns_count: u8,
    ) -> Self {
        match id {
            MethodId::Mask16 => Self::Bands {
                band_px: mask16::BAND_PX,
                seen_px: Some(8 * mask16::BAND_PX),
            },
            MethodId::Mask8 => Self::Bands {
                band_px: mask8::BAND_PX,
                seen_px: Some(4 * mask8::BAND_PX),
            },
            MethodId::Mask16Filled => Self::Bands {
                band_px: mask16::BAND_PX,
                seen_px: None,
            },
            MethodId::Columns => Self::Columns {
                count: u32::from(columns_count),
            },
            MethodId::Quadrants => Self::Quadrants {
                nibble: verdict.collision_mask,
            },
            MethodId::Spatial16 => {
                let (band_w, band_h) = spatial16::band_size_px(screen);
                Self::Spatial { band_w, band_h }
            }
            MethodId::Grid => strips(objects),
            MethodId::PixelTable => Self::HitWindows,
            _ => Self::None,
        }
    }

    /// One phrase for the panel.
    #[must_use]
    pub fn describe(&self) -> String {
        match *self {
            Self::None => "none: boxes only".into(),
            Self::Bands {
                band_px,
                seen_px: Some(s),
            } => format!("{band_px}-px bands (bits of x and x+w), none past {s} px"),
            Self::Bands { band_px, .. } => format!("{band_px}-px bands, every band set"),
            Self::Columns { count } => {
                format!("{count} columns of {} px", columns::COLUMN_PX)
            }
            Self::Quadrants { nibble: Some(n) } => format!("quadrants; ISR names %{n:04b}"),
            Self::Quadrants { nibble: None } => "quadrants; no ISR on this chip".into(),
            Self::Spatial { band_w, band_h } => format!("16x16 map of {band_w}x{band_h} px"),
            Self::Strips { h_px, .. } => format!("strips of {h_px} px"),
            Self::HitWindows => "table reach -16..15 px".into(),
        }
    }

    /// Draws the structure over a frame of `screen` scaled `k` times at the canvas origin.
    pub fn draw(&self, c: &mut Canvas, screen: Screen, k: i64, objects: &[Object]) {
        let (w, h) = (i64::from(screen.w_px), i64::from(screen.h_px));
        let dash = 2 * k;
        // Lines every `every` px below `upto`, each `len` px long.
        let vlines = |c: &mut Canvas, every: i64, upto: i64, len: i64| {
            let mut x = every;
            while x < upto.min(w) {
                c.vline(x * k, 0, len.min(h) * k, dash, GUIDE_RGB);
                x += every;
            }
        };
        let hlines = |c: &mut Canvas, every: i64, upto: i64, len: i64| {
            let mut y = every;
            while y < upto.min(h) {
                c.hline(y * k, 0, len.min(w) * k, dash, GUIDE_RGB);
                y += every;
            }
        };
        match *self {
            Self::None => {}
            Self::Bands { band_px, seen_px } => {
                let b = i64::from(band_px);
                let last = seen_px.map_or(7 * b + 1, i64::from);
                let len = seen_px.map_or(w.max(h), i64::from);
                vlines(c, b, last, len);
                hlines(c, b, last, len);
                if let Some(s) = seen_px.map(i64::from) {
                    c.shade(
                        Rect::new(s * k, 0, (w - s).max(0) * k, h * k),
                        BLIND_RGB,
                        64,
                    );
                    c.shade(
                        Rect::new(0, s * k, s.min(w) * k, (h - s).max(0) * k),
                        BLIND_RGB,
                        64,
                    );
                }
            }
            Self::Columns { count } => {
                let px = i64::from(columns::COLUMN_PX);
                let end = i64::from(count) * px;
                vlines(c, px, end + 1, h);
                c.shade(
                    Rect::new(end * k, 0, (w - end).max(0) * k, h * k),
                    BLIND_RGB,
                    64,
                );
            }
            Self::Quadrants { nibble } => {
                let (cx, cy) = (w / 2, h / 2);
                if let Some(n) = nibble {
                    // Bits: 0 left, 1 right, 2 top, 3 bottom.
                    for (col, x0, x1) in [(1, 0, cx), (2, cx, w)] {
                        for (row, y0, y1) in [(4, 0, cy), (8, cy, h)] {
                            if n & col != 0 && n & row != 0 {
                                c.shade(
                                    Rect::new(x0 * k, y0 * k, (x1 - x0) * k, (y1 - y0) * k),
                                    NAMED_RGB,
                                    48,
                                );
                            }
                        }
                    }
                }
                c.vline(cx * k, 0, h * k, 0, GUIDE_RGB);
                c.hline(cy * k, 0, w * k, 0, GUIDE_RGB);
            }
            Self::Spatial { band_w, band_h } => {
                let (bw, bh) = (i64::from(band_w), i64::from(band_h));
                // The 16th band takes the remainder: 15 inner lines per axis.
                vlines(c, bw, 15 * bw + 1, h);
                hlines(c, bh, 15 * bh + 1, w);
            }
            Self::Strips { top_px, h_px } => {
                let hp = i64::from(h_px).max(1);
                // The first strip boundary at or below the top of the screen.
                let mut y = top_px + (-top_px).div_euclid(hp).max(0) * hp;
                while y < h {
                    if y > 0 {
                        c.hline(y * k, 0, w * k, dash, GUIDE_RGB);
                    }
                    y += hp;
                }
            }
            Self::HitWindows => {
                for o in objects
                    .iter()
                    .filter(|o| o.group == collide::Group::Good && !o.bbox.is_empty())
                {
                    let (x, y) = (i64::from(o.bbox.x), i64::from(o.bbox.y));
                    let r = Rect::new((x - 16) * k, (y - 16) * k, 32 * k, 32 * k);
                    c.hline(r.y0, r.x0, r.x1, dash, GUIDE_RGB);
                    c.hline(r.y1 - 1, r.x0, r.x1, dash, GUIDE_RGB);
                    c.vline(r.x0, r.y0, r.y1, dash, GUIDE_RGB);
                    c.vline(r.x1 - 1, r.y0, r.y1, dash, GUIDE_RGB);
                }
            }
        }
    }
}

/// `grid`'s strips as its layout rule chooses them for this frame's boxes: height the power
/// of two at or above four times the mean box height, the count capped near `max(64, 2n)`,
/// the boxes' span centred in a power-of-two range with 64 px of room each side
/// (collide's `grid/strips.rs`, `Layout::choose`). The running method may keep the previous
/// frame's layout while it still suits, so the lines can differ from its strips by a shift.
fn strips(objects: &[Object]) -> Guides {
    let kept: Vec<&Object> = objects
        .iter()
        .filter(|o| o.collides() && !o.bbox.is_empty())
        .collect();
    if kept.is_empty() {
        return Guides::None;
    }
    let n = kept.len() as u64;
    let sum_h: u64 = kept.iter().map(|o| u64::from(o.bbox.h)).sum();
    let min_y = kept.iter().map(|o| i64::from(o.bbox.y)).min().unwrap_or(0);
    let max_y = kept.iter().map(|o| o.bbox.y_end()).max().unwrap_or(0);
    let span = (max_y - min_y).max(0) as u64;
    let bits = |v: u64| 64 - v.leading_zeros();
    let y_bits = bits(span + 128).min(16);
    let room = (1u64 << y_bits) - 1;
    let mean = sum_h.div_ceil(n).max(1);
    let mut shift = 64 - (4 * mean - 1).leading_zeros();
    let cap = (2 * n).max(64);
    while ((room - 1) >> shift) + 1 > cap {
        shift += 1;
    }
    Guides::Strips {
        top_px: min_y - (room.saturating_sub(span) / 2) as i64,
        h_px: 1 << shift.min(31),
    }
}

/// Seed 003: the nodes where the labyrinth's lines cross, every 16 fine units (one tile),
/// where walkers may turn; the walls themselves are the Vectrex's own vectors.
pub fn labyrinth_nodes(c: &mut Canvas, screen: Screen, k: i64) {
    let (w, h) = (i64::from(screen.w_px), i64::from(screen.h_px));
    // The outer wall runs through the outer tiles' centres (8 units in): the grid lines
    // on the labyrinth's edge lie outside it, where no walker goes.
    for y in (16..h).step_by(16) {
        for x in (16..w).step_by(16) {
            c.fill(
                Rect::new(x * k - k / 2, y * k - k / 2, k.max(2), k.max(2)),
                GUIDE_RGB,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use collide::{Group, PxBox};

    #[test]
    fn band_lines_follow_the_method_constants() {
        let screen = Screen {
            w_px: 256,
            h_px: 192,
        };
        let g = Guides::of(MethodId::Mask16, &[], screen, &Verdict::default(), 32);
        let mut c = Canvas::new(256, 192, 0);
        g.draw(&mut c, screen, 1, &[]);
        // A dashed line on every 32-px band edge, nothing between: down the columns of
        // rows 16-17 (no row line there; dashes of 2 px leave one of them lit) and along
        // the rows of columns 16-17.
        for x in 1..256 {
            let lit = (16..18).any(|y| c.get(x, y) == Some(GUIDE_RGB));
            assert_eq!(lit, x % 32 == 0, "x = {x}");
        }
        for y in 1..192 {
            let lit = (16..18).any(|x| c.get(x, y) == Some(GUIDE_RGB));
            assert_eq!(lit, y % 32 == 0, "y = {y}");
        }
    }

    #[test]
    fn the_seed_s_masks_are_blind_past_256_px() {
        let screen = Screen {
            w_px: 640,
            h_px: 480,
        };
        let g = Guides::of(MethodId::Mask8, &[], screen, &Verdict::default(), 32);
        let mut c = Canvas::new(640, 480, 0);
        g.draw(&mut c, screen, 1, &[]);
        // Bands of 64 px end at 256 px; beyond, the shade and no line.
        assert!((0..4).any(|y| c.get(64, y) == Some(GUIDE_RGB)));
        assert!((0..480).all(|y| c.get(320, y) != Some(GUIDE_RGB)));
        assert_ne!(c.get(300, 10), Some(0));
        assert_eq!(c.get(100, 10), Some(0));
    }

    #[test]
    fn strips_are_a_power_of_two_tall() {
        let objs: Vec<Object> = (0..10)
            .map(|i| Object::new(i, PxBox::new(i as i32 * 20, 40, 16, 16), Group::Bad))
            .collect();
        match strips(&objs) {
            Guides::Strips { h_px, top_px } => {
                assert_eq!(h_px, 64, "four times the 16-px mean height");
                assert!(top_px <= 40);
            }
            other => panic!("{other:?}"),
        }
    }
}
