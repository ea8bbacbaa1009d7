//! `pixel-table`: seed 004, step 3c (TurboVega's 128_collision_detection, `makepixhits.c`).
//! Pixel-level decisions are precomputed for two 16x16 bitmaps: a 32x32-byte table, row
//! `DY + 16`, column `DX + 16` with DX, DY in -16..15, holds 1 where the two bitmaps, laid
//! DX, DY apart, have an opaque pixel in common. At run time a pair costs two range checks
//! and one table read; no pixel is touched.
//!
//! Roles follow the seed: the Bad object is the seed's target (its "sprite 1"), the Good
//! object its projectile, and DX = bad.x - good.x, DY = bad.y - good.y (the seed's `tx - px`,
//! `ty - py`): the entry is 1 when some opaque pixel (x, y) of the Bad bitmap meets the
//! opaque pixel (x + DX, y + DY) of the Good bitmap. A pair outside -16..15 on either axis
//! is no hit, as in the seed.
//!
//! Where the two bitmaps come from ([`HitBitmaps`], in
//! [`MethodConfig::hit_bitmaps`](super::MethodConfig)):
//! - [`HitBitmaps::FirstInFrame`] (the default): the first Good and the first Bad object of
//!   the frame with a non-empty box; its opaque mask, or its whole box when it has none,
//!   cropped to the top-left 16x16. On the seed's own scene every sprite carries the seed's
//!   diamond, so the default reproduces the seed's table; elsewhere it adapts to the game.
//!   The table is rebuilt only when a bitmap changes.
//! - [`HitBitmaps::Given`]: two fixed masks, cropped the same way; [`seed_diamond`] is the
//!   seed's bitmap.
//!
//! Every Good object is then treated as the Good bitmap and every Bad object as the Bad
//! bitmap, placed at its box's top-left corner, whatever its own size and mask: the method
//! is pixel-exact for Good x Bad pairs of objects that carry those two bitmaps (the seed's
//! 16x16 sprites), and wrong for others. Good-Good and Bad-Bad pairs are never tested; Art
//! and zero-size objects never take part. Like the seed it works in sprite coordinates, with
//! no screen clamping.
//!
//! Cost: per Good x Bad pair one or two range checks (`comparisons`) and one `table_reads`
//! when both are in range; `seed_ops` is their sum. Building the table is the seed's
//! off-line precomputation and is not charged to the frame.

use std::sync::Arc;

use crate::method::{Found, Frame, Method, MethodId, Pair};
use crate::object::{Group, Object, OpaqueMask};

use super::bands::executed_since;

/// Side of the table: DX and DY each take 32 values, -16..15.
pub const TABLE_SIDE: usize = 32;

/// A 16x16 bitmap: one `u16` per row, bit `c` = column `c`.
type Bitmap16 = [u16; 16];

/// Where `pixel-table` takes its two bitmaps from (see the module docs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum HitBitmaps {
    /// The first Good and the first Bad object of each frame.
    #[default]
    FirstInFrame,
    /// Two fixed bitmaps.
    Given {
        /// The Good (projectile) bitmap.
        good: Arc<OpaqueMask>,
        /// The Bad (target) bitmap.
        bad: Arc<OpaqueMask>,
    },
}

/// The seed's sprite bitmap (`spritepx.inc`, `makepixhits.c`): a 16x16 sprite holding an
/// 8x8 diamond, rows 4-11 two, four, six, eight, eight, six, four and two pixels wide,
/// centred on columns 7-8. 40 opaque pixels.
#[must_use]
pub fn seed_diamond() -> OpaqueMask {
    OpaqueMask::from_fn(16, 16, |col, row| {
        let half = match row {
            4 | 11 => 1,
            5 | 10 => 2,
            6 | 9 => 3,
            7 | 8 => 4,
            _ => 0,
        };
        (8 - half..8 + half).contains(&col)
    })
}

/// The top-left 16x16 of a mask.
fn crop(mask: &OpaqueMask) -> Bitmap16 {
    let mut rows = [0u16; 16];
    for (r, row) in rows.iter_mut().enumerate() {
        for c in 0..16 {
            if mask.get(c, r as i64) {
                *row |= 1 << c;
            }
        }
    }
    rows
}

/// An object's bitmap: its mask, or its whole box, cropped to 16x16.
fn bitmap_of(o: &Object) -> Bitmap16 {
    match &o.mask {
        Some(m) => crop(m),
        None => {
            let w = o.bbox.w.min(16);
            let row = if w == 16 { u16::MAX } else { (1u16 << w) - 1 };
            let mut rows = [0u16; 16];
            rows[..usize::from(o.bbox.h.min(16))].fill(row);
            rows
        }
    }
}

/// The precomputed hit table: 32x32 bytes, row `DY + 16`, column `DX + 16`, 1 for a hit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HitTable {
    entries: [u8; TABLE_SIDE * TABLE_SIDE],
}

impl HitTable {
    /// The table for two masks (each cropped to its top-left 16x16).
    #[must_use]
    pub fn build(good: &OpaqueMask, bad: &OpaqueMask) -> Self {
        Self::of_bitmaps(&crop(good), &crop(bad))
    }

    fn of_bitmaps(good: &Bitmap16, bad: &Bitmap16) -> Self {
        let mut entries = [0u8; TABLE_SIDE * TABLE_SIDE];
        for dy in -16i32..16 {
            for dx in -16i32..16 {
                // Bad pixel (x, y) meets Good pixel (x + dx, y + dy).
                let hit = (0..16i32).any(|y| {
                    let gy = y + dy;
                    if !(0..16).contains(&gy) {
                        return false;
                    }
                    let g = u32::from(good[gy as usize]);
                    let shifted = if dx >= 0 { g >> dx } else { g << -dx };
                    u32::from(bad[y as usize]) & shifted != 0
                });
                entries[Self::index(dx, dy)] = u8::from(hit);
            }
        }
        Self { entries }
    }

    #[inline]
    fn index(dx: i32, dy: i32) -> usize {
        (dy + 16) as usize * TABLE_SIDE + (dx + 16) as usize
    }

    /// The entry for DX, DY, or `None` outside -16..15.
    #[must_use]
    pub fn entry(&self, dx: i64, dy: i64) -> Option<u8> {
        if (-16..16).contains(&dx) && (-16..16).contains(&dy) {
            Some(self.entries[Self::index(dx as i32, dy as i32)])
        } else {
            None
        }
    }

    /// How many entries are 1.
    #[must_use]
    pub fn hits(&self) -> usize {
        self.entries.iter().filter(|&&e| e != 0).count()
    }

    /// The table as the seed stores it: 1,024 bytes, row `DY + 16` first.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8; TABLE_SIDE * TABLE_SIDE] {
        &self.entries
    }
}

/// The precomputed pixel hit table over Good x Bad pairs.
#[derive(Debug)]
pub struct PixelTable {
    source: HitBitmaps,
    /// The bitmaps the table was built from, and the table.
    built: Option<(Bitmap16, Bitmap16, HitTable)>,
    good: Vec<u32>,
    bad: Vec<u32>,
}

impl PixelTable {
    /// The method with its bitmaps taken from `source`.
    #[must_use]
    pub fn new(source: HitBitmaps) -> Self {
        let built = match &source {
            HitBitmaps::Given { good, bad } => {
                let (g, b) = (crop(good), crop(bad));
                Some((g, b, HitTable::of_bitmaps(&g, &b)))
            }
            HitBitmaps::FirstInFrame => None,
        };
        Self {
            source,
            built,
            good: Vec::new(),
            bad: Vec::new(),
        }
    }

    /// The table in use (after a run, for [`HitBitmaps::FirstInFrame`]).
    #[must_use]
    pub fn table(&self) -> Option<&HitTable> {
        self.built.as_ref().map(|(_, _, t)| t)
    }
}

impl Default for PixelTable {
    fn default() -> Self {
        Self::new(HitBitmaps::default())
    }
}

impl Method for PixelTable {
    fn id(&self) -> MethodId {
        MethodId::PixelTable
    }

    fn run(&mut self, frame: &Frame<'_>, found: &mut Found) {
        let start = found.cost;
        let objects = frame.objects;
        self.good.clear();
        self.bad.clear();
        for (i, o) in objects.iter().enumerate() {
            if o.bbox.is_empty() {
                continue;
            }
            match o.group {
                Group::Good => self.good.push(i as u32),
                Group::Bad => self.bad.push(i as u32),
                Group::Art => {}
            }
        }
        let (Some(&g0), Some(&b0)) = (self.good.first(), self.bad.first()) else {
            return;
        };
        if matches!(self.source, HitBitmaps::FirstInFrame) {
            let (g, b) = (
                bitmap_of(&objects[g0 as usize]),
                bitmap_of(&objects[b0 as usize]),
            );
            if !matches!(&self.built, Some((bg, bb, _)) if *bg == g && *bb == b) {
                self.built = Some((g, b, HitTable::of_bitmaps(&g, &b)));
            }
        }
        let Some((_, _, table)) = &self.built else {
            return;
        };

        let (mut pair_tests, mut comparisons, mut reads) = (0u64, 0u64, 0u64);
        for &g in &self.good {
            let good = &objects[g as usize].bbox;
            for &b in &self.bad {
                let bad = &objects[b as usize].bbox;
                pair_tests += 1;
                // One unsigned range check per axis, as the seed's `DX + 16 < 32`.
                let dx = i64::from(bad.x) - i64::from(good.x) + 16;
                comparisons += 1;
                if !(0..TABLE_SIDE as i64).contains(&dx) {
                    continue;
                }
                let dy = i64::from(bad.y) - i64::from(good.y) + 16;
                comparisons += 1;
                if !(0..TABLE_SIDE as i64).contains(&dy) {
                    continue;
                }
                reads += 1;
                if table.entries[dy as usize * TABLE_SIDE + dx as usize] != 0 {
                    found.pairs.push(Pair::new(g, b));
                }
            }
        }
        found.cost.pair_tests += pair_tests;
        found.cost.comparisons += comparisons;
        found.cost.table_reads += reads;
        found.cost.seed_ops += executed_since(&start, &found.cost);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_diamond_has_40_opaque_pixels_in_rows_4_to_11() {
        let d = seed_diamond();
        assert_eq!(d.count_opaque(), 40);
        let rows = crop(&d);
        assert_eq!(rows[4], 0b0000_0001_1000_0000);
        assert_eq!(rows[7], 0b0000_1111_1111_0000);
        assert_eq!(rows[3], 0);
        assert_eq!(rows[12], 0);
    }

    #[test]
    fn solid_boxes_crop_to_16() {
        let o = Object::new(0, crate::PxBox::new(0, 0, 20, 3), Group::Good);
        let rows = bitmap_of(&o);
        assert_eq!(&rows[..4], &[u16::MAX, u16::MAX, u16::MAX, 0]);
        let o = Object::new(0, crate::PxBox::new(0, 0, 5, 16), Group::Good);
        assert!(bitmap_of(&o).iter().all(|&r| r == 0b1_1111));
    }
}
