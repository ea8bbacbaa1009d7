//! Objects as the software layer sees them: an id, a box, a group and optionally the
//! opaque pixels inside the box.
//!
//! Groups follow seed 002 ("Method 2"): Good sprites are the player's, Bad sprites the
//! CPU's, Art sprites are decoration and never collide under any method.

use std::sync::Arc;

use crate::geometry::PxBox;

/// Seed 002's sprite categories.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Group {
    /// The player's sprites: the player, its shots.
    Good,
    /// The CPU's sprites: enemies, their shots.
    Bad,
    /// Decoration: never collides.
    Art,
}

/// One object of a frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Object {
    /// Identifier shown to users; by convention the chip's sprite number.
    pub id: u32,
    /// Screen box in pixels (half-open).
    pub bbox: PxBox,
    /// Seed 002's group.
    pub group: Group,
    /// The VERA collision mask exactly as in sprite attribute byte 6 (bits 7-4; bits 3-0
    /// zero). Zero on machines without one; read only by the `quadrants` method.
    pub collision_mask: u8,
    /// Opaque pixels, laid over `bbox` from its top-left corner. `None` means every pixel
    /// of the box is opaque.
    pub mask: Option<Arc<OpaqueMask>>,
}

impl Object {
    /// An object whose every pixel is opaque, without a VERA collision mask.
    #[must_use]
    pub fn new(id: u32, bbox: PxBox, group: Group) -> Self {
        Self {
            id,
            bbox,
            group,
            collision_mask: 0,
            mask: None,
        }
    }

    /// The same object with an opaque-pixel mask.
    #[must_use]
    pub fn with_mask(mut self, mask: Arc<OpaqueMask>) -> Self {
        self.mask = Some(mask);
        self
    }

    /// True for Good and Bad objects: Art never collides.
    #[inline]
    #[must_use]
    pub fn collides(&self) -> bool {
        self.group != Group::Art
    }
}

/// One bit per pixel, rows top to bottom, bit `i` of a row's bit string = column `i` from
/// the left. Rows are stored as 64-bit words, `words_per_row` each.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OpaqueMask {
    w_px: u16,
    h_px: u16,
    words_per_row: usize,
    words: Vec<u64>,
}

impl OpaqueMask {
    /// An all-transparent mask of `w_px` x `h_px`.
    #[must_use]
    pub fn new(w_px: u16, h_px: u16) -> Self {
        let words_per_row = usize::from(w_px).div_ceil(64);
        Self {
            w_px,
            h_px,
            words_per_row,
            words: vec![0; words_per_row * usize::from(h_px)],
        }
    }

    /// A mask built from a predicate over (column, row).
    #[must_use]
    pub fn from_fn(w_px: u16, h_px: u16, mut opaque: impl FnMut(u16, u16) -> bool) -> Self {
        let mut m = Self::new(w_px, h_px);
        for row in 0..h_px {
            for col in 0..w_px {
                if opaque(col, row) {
                    m.set(col, row);
                }
            }
        }
        m
    }

    /// Width in pixels.
    #[must_use]
    pub fn w_px(&self) -> u16 {
        self.w_px
    }

    /// Height in pixels.
    #[must_use]
    pub fn h_px(&self) -> u16 {
        self.h_px
    }

    /// Marks pixel (col, row) opaque; out-of-range pixels are ignored.
    pub fn set(&mut self, col: u16, row: u16) {
        if col < self.w_px && row < self.h_px {
            let i = usize::from(row) * self.words_per_row + usize::from(col) / 64;
            self.words[i] |= 1 << (col % 64);
        }
    }

    /// ORs `bits` (bit i = column i) into columns 0..64 of `row` at once; columns at or
    /// past the width and rows past the height are ignored, as [`Self::set`] ignores them.
    pub fn or_row_bits(&mut self, row: u16, bits: u64) {
        if row < self.h_px && self.words_per_row > 0 {
            let keep = if self.w_px >= 64 {
                u64::MAX
            } else {
                (1u64 << self.w_px) - 1
            };
            self.words[usize::from(row) * self.words_per_row] |= bits & keep;
        }
    }

    /// Makes this mask `w_px` x `h_px` with row `r` = `rows[r]` (bit i = column i, columns
    /// 0..64; columns past the width and rows past `rows` transparent), keeping its storage:
    /// a chip's view refilled each frame allocates nothing once sized.
    pub fn set_row_bits(&mut self, w_px: u16, h_px: u16, rows: &[u64]) {
        self.w_px = w_px;
        self.h_px = h_px;
        self.words_per_row = usize::from(w_px).div_ceil(64);
        self.words.clear();
        if self.words_per_row == 1 {
            // A word a row: the rows cut to the width, then clear rows up to the height.
            let keep = if w_px >= 64 {
                u64::MAX
            } else {
                (1u64 << w_px) - 1
            };
            let given = rows.iter().take(usize::from(h_px));
            self.words.extend(given.map(|&bits| bits & keep));
            self.words.resize(usize::from(h_px), 0);
            return;
        }
        self.words.resize(self.words_per_row * usize::from(h_px), 0);
        for (row, &bits) in (0u16..).zip(rows.iter().take(usize::from(h_px))) {
            self.or_row_bits(row, bits);
        }
    }

    /// Whether this mask is what [`Self::set_row_bits`] with these arguments makes: a
    /// chip whose sprite shows the same rows as last frame keeps last frame's mask.
    #[must_use]
    #[inline]
    pub fn is_row_bits(&self, w_px: u16, h_px: u16, rows: &[u64]) -> bool {
        // The usual case first, inlined into a chip's view: as many rows as lines, one word
        // each, equal word for word (the stored words have no bit past the width, so rows
        // equal to them are what they make).
        if self.w_px == w_px
            && self.h_px == h_px
            && self.words_per_row == 1
            && self.words.as_slice() == rows
        {
            return true;
        }
        self.is_row_bits_cut(w_px, h_px, rows)
    }

    /// [`Self::is_row_bits`] with the rows cut to the width and the height.
    fn is_row_bits_cut(&self, w_px: u16, h_px: u16, rows: &[u64]) -> bool {
        if self.w_px != w_px || self.h_px != h_px {
            return false;
        }
        let keep = if w_px >= 64 {
            u64::MAX
        } else {
            (1u64 << w_px) - 1
        };
        let wpr = self.words_per_row;
        if wpr == 1 {
            // A word a row (64 pixels wide or less): the rows compared as one list.
            let n = rows.len().min(usize::from(h_px));
            let (given, past) = self.words.split_at(n);
            return given.iter().zip(rows).all(|(&w, &bits)| w == bits & keep)
                && past.iter().all(|&w| w == 0);
        }
        (0..usize::from(h_px)).all(|r| {
            let row = &self.words[r * wpr..(r + 1) * wpr];
            let want = rows.get(r).map_or(0, |&bits| bits & keep);
            row.first().is_none_or(|&w| w == want) && row.iter().skip(1).all(|&w| w == 0)
        })
    }

    /// ORs `other` into this mask with its top-left corner at (`dx`, `dy`) pixels from
    /// this mask's: pixel (col, row) becomes opaque where `other.get(col - dx, row - dy)`
    /// is; what falls outside this mask is dropped. Word by word, 64 columns at a time.
    pub fn or_mask_at(&mut self, other: &OpaqueMask, dx: i64, dy: i64) {
        let row0 = dy.max(0);
        let row1 = i64::from(self.h_px).min(dy + i64::from(other.h_px));
        let wpr = self.words_per_row;
        for row in row0..row1 {
            let src = (row - dy) as usize;
            for wi in 0..wpr {
                let col = wi as i64 * 64;
                // Columns past this mask's width stay clear.
                let left = i64::from(self.w_px) - col;
                let keep = if left >= 64 {
                    u64::MAX
                } else {
                    (1u64 << left) - 1
                };
                self.words[row as usize * wpr + wi] |= other.bits_at(src, col - dx) & keep;
            }
        }
    }

    /// True when pixel (col, row) is opaque; pixels outside the mask are transparent.
    #[must_use]
    pub fn get(&self, col: i64, row: i64) -> bool {
        if col < 0 || row < 0 || col >= i64::from(self.w_px) || row >= i64::from(self.h_px) {
            return false;
        }
        let (col, row) = (col as usize, row as usize);
        self.words[row * self.words_per_row + col / 64] >> (col % 64) & 1 != 0
    }

    /// Number of opaque pixels.
    #[must_use]
    pub fn count_opaque(&self) -> u32 {
        self.words.iter().map(|w| w.count_ones()).sum()
    }

    /// The 64 pixels of `row` starting at column `col` (may be negative or past the end;
    /// pixels outside the mask read as transparent), bit 0 = column `col`.
    #[inline]
    fn bits_at(&self, row: usize, col: i64) -> u64 {
        let row_words = &self.words[row * self.words_per_row..(row + 1) * self.words_per_row];
        let word = |i: i64| -> u64 {
            if i < 0 || i >= row_words.len() as i64 {
                0
            } else {
                row_words[i as usize]
            }
        };
        let wi = col.div_euclid(64);
        let shift = col.rem_euclid(64) as u32;
        if shift == 0 {
            word(wi)
        } else {
            (word(wi) >> shift) | (word(wi + 1) << (64 - shift))
        }
    }

    /// True when some pixel is opaque in both masks, with `other`'s top-left corner placed
    /// at (`dx`, `dy`) pixels from this mask's top-left corner.
    #[must_use]
    pub fn overlaps_at(&self, other: &OpaqueMask, dx: i64, dy: i64) -> bool {
        self.overlaps_at_counted(other, dx, dy, &mut 0)
    }

    /// [`OpaqueMask::overlaps_at`], adding to `ands` the 64-pixel word ANDs it executed
    /// (it stops at the first opaque pixel in common).
    pub fn overlaps_at_counted(
        &self,
        other: &OpaqueMask,
        dx: i64,
        dy: i64,
        ands: &mut u64,
    ) -> bool {
        let row0 = dy.max(0);
        let row1 = (i64::from(self.h_px)).min(dy + i64::from(other.h_px));
        let col0 = dx.max(0);
        let col1 = (i64::from(self.w_px)).min(dx + i64::from(other.w_px));
        if row0 >= row1 || col0 >= col1 {
            return false;
        }
        for row in row0..row1 {
            let mut col = col0;
            while col < col1 {
                let n = (col1 - col).min(64);
                let keep = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
                let a = self.bits_at(row as usize, col);
                let b = other.bits_at((row - dy) as usize, col - dx);
                *ands += 1;
                if a & b & keep != 0 {
                    return true;
                }
                col += 64;
            }
        }
        false
    }

    /// True when some pixel of the `w` x `h` rectangle at (`col`, `row`) of this mask is
    /// opaque (pixels outside the mask are transparent), adding to `ands` the 64-pixel word
    /// ANDs it executed: the AND against a solid object's box.
    pub fn any_opaque_in(&self, col: i64, row: i64, w: u16, h: u16, ands: &mut u64) -> bool {
        let row0 = row.max(0);
        let row1 = (i64::from(self.h_px)).min(row + i64::from(h));
        let col0 = col.max(0);
        let col1 = (i64::from(self.w_px)).min(col + i64::from(w));
        for r in row0..row1 {
            let mut c = col0;
            while c < col1 {
                let n = (col1 - c).min(64);
                let keep = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
                *ands += 1;
                if self.bits_at(r as usize, c) & keep != 0 {
                    return true;
                }
                c += 64;
            }
        }
        false
    }
}

/// Pixel-exact narrow phase: true when the two objects' opaque pixels meet.
///
/// Boxes that do not overlap never collide. An object without a mask is opaque over its
/// whole box.
#[must_use]
pub fn opaque_pixels_meet(a: &Object, b: &Object) -> bool {
    opaque_pixels_meet_counted(a, b, &mut 0)
}

/// [`opaque_pixels_meet`], adding to `ands` the 64-pixel word ANDs it executed. Two solid
/// objects need none: their box overlap is the answer.
pub fn opaque_pixels_meet_counted(a: &Object, b: &Object, ands: &mut u64) -> bool {
    let Some(common) = a.bbox.intersection(&b.bbox) else {
        return false;
    };
    match (&a.mask, &b.mask) {
        (None, None) => true,
        (Some(ma), Some(mb)) => ma.overlaps_at_counted(
            mb,
            i64::from(b.bbox.x) - i64::from(a.bbox.x),
            i64::from(b.bbox.y) - i64::from(a.bbox.y),
            ands,
        ),
        (Some(m), None) | (None, Some(m)) => {
            // One side is solid: the masked side needs an opaque pixel inside the overlap.
            let owner = if a.mask.is_some() { a } else { b };
            m.any_opaque_in(
                i64::from(common.x) - i64::from(owner.bbox.x),
                i64::from(common.y) - i64::from(owner.bbox.y),
                common.w,
                common.h,
                ands,
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dot(w: u16, h: u16, col: u16, row: u16) -> Arc<OpaqueMask> {
        Arc::new(OpaqueMask::from_fn(w, h, |c, r| c == col && r == row))
    }

    #[test]
    fn rows_set_in_place_equal_a_new_mask() {
        // A 12 x 3 mask from rows: bits past column 11 and rows past the list are dropped.
        let rows = [0xFFFF, 0b101];
        let mut want = OpaqueMask::new(12, 3);
        for (row, bits) in [(0u16, 0xFFFu64), (1, 0b101)] {
            for col in 0..12 {
                if bits >> col & 1 != 0 {
                    want.set(col, row);
                }
            }
        }
        // Refilled from a mask of another size and content.
        let mut m = OpaqueMask::from_fn(70, 5, |c, r| c == r);
        assert!(!m.is_row_bits(12, 3, &rows));
        m.set_row_bits(12, 3, &rows);
        assert_eq!(m, want);
        assert!(m.is_row_bits(12, 3, &rows));
        assert!(
            m.is_row_bits(12, 3, &[0xFFF, 0b101, 0]),
            "a clear row is no row"
        );
        assert!(!m.is_row_bits(12, 3, &[0xFFF, 0b111]));
        assert!(!m.is_row_bits(12, 2, &rows));
        // Two words a row: the second stays clear.
        let mut wide = OpaqueMask::from_fn(100, 2, |_, _| true);
        wide.set_row_bits(100, 2, &[1, 2]);
        assert_eq!(wide.count_opaque(), 2);
        assert!(wide.is_row_bits(100, 2, &[1, 2]));
    }

    #[test]
    fn masks_meet_only_on_a_shared_opaque_pixel() {
        // A's pixel (7, 7) lands on B's pixel (0, 0) when B sits at +7, +7.
        let a = Object::new(0, PxBox::new(0, 0, 8, 8), Group::Good).with_mask(dot(8, 8, 7, 7));
        let b = Object::new(1, PxBox::new(7, 7, 8, 8), Group::Bad).with_mask(dot(8, 8, 0, 0));
        assert!(opaque_pixels_meet(&a, &b));
        let b_off = Object::new(1, PxBox::new(7, 7, 8, 8), Group::Bad).with_mask(dot(8, 8, 1, 0));
        assert!(!opaque_pixels_meet(&a, &b_off));
        // Solid against masked.
        let solid = Object::new(2, PxBox::new(6, 6, 2, 2), Group::Bad);
        assert!(opaque_pixels_meet(&a, &solid));
        let solid_miss = Object::new(2, PxBox::new(0, 0, 7, 7), Group::Bad);
        assert!(!opaque_pixels_meet(&a, &solid_miss));
    }

    #[test]
    fn wide_masks_cross_word_boundaries() {
        // 100-px-wide masks: the only opaque pixels sit at columns 70 and 5.
        let a = Arc::new(OpaqueMask::from_fn(100, 2, |c, r| c == 70 && r == 1));
        let b = Arc::new(OpaqueMask::from_fn(100, 2, |c, r| c == 5 && r == 0));
        assert!(a.overlaps_at(&b, 65, 1));
        assert!(!a.overlaps_at(&b, 64, 1));
        assert!(!a.overlaps_at(&b, 65, 0));
        assert!(b.overlaps_at(&a, -65, -1));
        assert_eq!(a.count_opaque(), 1);
    }

    #[test]
    fn or_mask_at_matches_pixel_by_pixel_reference() {
        let mut s = 0x51_7CC1_B727_220Au64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        let base = OpaqueMask::from_fn(70, 9, |_, _| next() % 9 == 0);
        let other = OpaqueMask::from_fn(67, 11, |_, _| next() % 4 == 0);
        for dy in -12..11 {
            for dx in -70..72 {
                let mut got = base.clone();
                got.or_mask_at(&other, dx, dy);
                let want = OpaqueMask::from_fn(70, 9, |c, r| {
                    let (c, r) = (i64::from(c), i64::from(r));
                    base.get(c, r) || other.get(c - dx, r - dy)
                });
                assert_eq!(got, want, "dx {dx} dy {dy}");
            }
        }
    }

    #[test]
    fn overlaps_at_matches_pixel_by_pixel_reference() {
        // A fixed pseudo-random pattern against itself at every offset.
        let mut s = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        let a = OpaqueMask::from_fn(70, 9, |_, _| next() % 7 == 0);
        let b = OpaqueMask::from_fn(13, 11, |_, _| next() % 5 == 0);
        for dy in -12..11 {
            for dx in -14..72 {
                let mut want = false;
                for r in 0..11i64 {
                    for c in 0..13i64 {
                        want |= b.get(c, r) && a.get(c + dx, r + dy);
                    }
                }
                assert_eq!(a.overlaps_at(&b, dx, dy), want, "dx {dx} dy {dy}");
            }
        }
    }
}
