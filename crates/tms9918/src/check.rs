//! The sprite checker: which sprites each line shows, the fifth-sprite rule and the
//! collision flag. Kept apart from drawing, as openMSX's `SpriteChecker` is, so the flags
//! are the same whatever is done with the picture.
//!
//! Lines checked: display lines 0..=192. Line 192 is never drawn, but openMSX evaluates it
//! for 5S, the fifth number and C: its checker works one line ahead of the display and
//! its end-of-display check runs before F is set (`VDP.cc` 397-403, 508). A reference
//! model compiled against openMSX's unchanged `SpriteChecker` agreed on C, 5S and the
//! fifth number in 30,000 of 30,000 random frames only once line 192 was included
//! (msx.md, cross-check note). MAME checks lines 0-191 only; no hardware test decides.
//!
//! Rules, each as openMSX `SpriteChecker::checkSprites1` implements it:
//! - At most 4 sprites per line, in table order; colour-0 and off-screen sprites take a
//!   place like any other (SY 596-602).
//! - Fifth sprite: the 5th sprite on the *earliest* line that has one, not the lowest
//!   number (openMSX commit 5420af106, "verified on a real machine": S#0 = 0xC9). It is
//!   stored with 5S only while F and 5S are both clear ("according to TMS9918.pdf";
//!   Dragon Quest II depends on it; MAME and blueMSX agree).
//! - Without a stored fifth sprite, FS4-0 take the index of the `Y = 208` entry, or 31
//!   when all 32 entries were scanned (openMSX `min(sprite, 31)`, written whenever 5S is
//!   clear after the check, F notwithstanding).
//! - Collision: two of the (at most 4) sprites shown on a line have an opaque pattern bit
//!   at the same x, for x in 0..255. Colour does not matter, so colour-0 sprites collide
//!   (openMSX `VDP.hh` "tested on TMS9129(?)", issue #1198; SY 612-614). Pixels in the
//!   border never collide, including those moved left of x = 0 by early clock and those
//!   past x = 255 (openMSX commit dc307909e, n_n's test). A 5th sprite is not shown and
//!   does not take part (SY 614-615; openMSX checks `min(4, count)`).
//! - C stays set until S#0 is read; once set, checking stops (openMSX).
//! - Blanked display or text mode: nothing is checked and no flag changes (openMSX
//!   `spritesEnabled`); that case never reaches this module.
//!
//! Order of the loops: the chip scans all 32 entries for every line. Like openMSX, this
//! checker runs over sprites outside and each sprite's lines inside, which touches only
//! the lines a sprite covers. Because sprites arrive in table order, the sprite that finds
//! a line already holding 4 is exactly that line's 5th; keeping the one with the smallest
//! line number gives the earliest line's 5th sprite, as the line-by-line chip does.

use crate::sat::{SAT_ENTRIES, SatScan};
use crate::status;

/// Display lines the checker evaluates: 0..=192.
pub const CHECKED_LINES: usize = 193;
/// Sprites shown per line.
pub const SPRITES_PER_LINE: usize = 4;

/// One sprite as a line shows it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineSprite {
    /// Opaque pixels of this row that fall on x 0..255 (bit i = x `x_px + i`).
    pub visible: u32,
    /// Screen x of the sprite's left column (early clock applied).
    pub x_px: i16,
    /// Colour (0 = transparent).
    pub colour: u8,
    /// SAT index.
    pub number: u8,
}

/// The sprites each checked line shows, in table order (front first).
#[derive(Clone, Debug)]
pub struct LineBuffer {
    count: [u8; CHECKED_LINES],
    sprites: [[LineSprite; SPRITES_PER_LINE]; CHECKED_LINES],
}

impl Default for LineBuffer {
    fn default() -> Self {
        Self::new()
    }
}

impl LineBuffer {
    /// No sprite on any line.
    #[must_use]
    pub fn new() -> Self {
        Self {
            count: [0; CHECKED_LINES],
            sprites: [[LineSprite::default(); SPRITES_PER_LINE]; CHECKED_LINES],
        }
    }

    /// Empties every line.
    pub fn clear(&mut self) {
        self.count = [0; CHECKED_LINES];
    }

    /// The sprites shown on `line`, front first; empty past line 192.
    #[must_use]
    pub fn line(&self, line: usize) -> &[LineSprite] {
        match (self.count.get(line), self.sprites.get(line)) {
            (Some(&n), Some(sprites)) => &sprites[..usize::from(n).min(SPRITES_PER_LINE)],
            _ => &[],
        }
    }
}

/// For each SAT entry, the lines (0..=255, only 0..=192 used) on which the 4-per-line rule
/// dropped it, as a bit set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DroppedLines {
    bits: [[u64; 4]; SAT_ENTRIES],
}

impl DroppedLines {
    /// No sprite dropped anywhere.
    pub fn clear(&mut self) {
        self.bits = [[0; 4]; SAT_ENTRIES];
    }

    fn insert(&mut self, sprite: usize, line: usize) {
        if let Some(set) = self.bits.get_mut(sprite) {
            set[(line >> 6) & 3] |= 1 << (line & 63);
        }
    }

    /// The lines on which sprite `number` was dropped, in increasing order.
    pub fn lines(&self, number: usize) -> impl Iterator<Item = u16> + '_ {
        let set = self.bits.get(number).copied().unwrap_or_default();
        (0..4usize).flat_map(move |word| {
            let mut bits = set[word];
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let bit = bits.trailing_zeros() as u16;
                bits &= bits - 1;
                Some(word as u16 * 64 + bit)
            })
        })
    }
}

/// What one frame's check found, before it is merged into S#0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckOutcome {
    /// The earliest line with a 5th sprite and that sprite's number.
    pub fifth: Option<(u16, u8)>,
    /// Index of the `Y = 208` entry, or 32 when all entries were scanned.
    pub end_index: u8,
    /// A checked line showed two overlapping sprites.
    pub collision: bool,
}

impl CheckOutcome {
    /// S#0 after the check, from S#0 before it (openMSX `checkSprites1`, "Update status
    /// register"; F is left as it was).
    #[must_use]
    pub fn merge_into(&self, s0: u8) -> u8 {
        let mut s = s0;
        if let Some((_, number)) = self.fifth
            && s & (status::F | status::FIFTH_SPRITE) == 0
        {
            s = (s & status::COLLISION) | status::FIFTH_SPRITE | (number & 0x1F);
        }
        if s & status::FIFTH_SPRITE == 0 {
            s = (s & (status::F | status::COLLISION)) | self.end_index.min(31);
        }
        if self.collision {
            s |= status::COLLISION;
        }
        s
    }
}

/// Assigns the scanned sprites to lines, finds the fifth sprite and, unless C is already
/// set in `s0`, looks for a collision.
pub fn check_frame(
    scan: &SatScan,
    s0: u8,
    lines: &mut LineBuffer,
    dropped: &mut DroppedLines,
) -> CheckOutcome {
    lines.clear();
    dropped.clear();
    let side = usize::from(scan.side_px()).min(crate::sat::MAX_SIDE_PX);
    let mut fifth: Option<(u16, u8)> = None;

    for (i, sprite) in scan.sprites().iter().enumerate() {
        for (r, &row) in sprite.rows[..side].iter().enumerate() {
            let line = (usize::from(sprite.top_line) + r) & 0xFF;
            if line >= CHECKED_LINES {
                continue;
            }
            let shown = usize::from(lines.count[line]);
            if shown >= SPRITES_PER_LINE {
                if fifth.is_none_or(|(l, _)| usize::from(l) > line) {
                    fifth = Some((line as u16, sprite.number));
                }
                dropped.insert(i, line);
                continue;
            }
            lines.sprites[line][shown] = LineSprite {
                visible: row & sprite.visible_columns,
                x_px: sprite.x_px,
                colour: sprite.colour,
                number: sprite.number,
            };
            lines.count[line] = shown as u8 + 1;
        }
    }

    let collision =
        s0 & status::COLLISION == 0 && (0..CHECKED_LINES).any(|l| line_collides(lines.line(l)));

    CheckOutcome {
        fifth,
        end_index: scan.end_index().min(SAT_ENTRIES) as u8,
        collision,
    }
}

/// The first checked line on which two shown sprites overlap, if any: the line on which a
/// line-by-line chip sets C.
#[must_use]
pub fn first_collision_line(lines: &LineBuffer) -> Option<u16> {
    (0..CHECKED_LINES)
        .find(|&l| line_collides(lines.line(l)))
        .map(|l| l as u16)
}

/// True when two of the sprites shown on one line overlap on screen.
#[inline]
#[must_use]
pub fn line_collides(shown: &[LineSprite]) -> bool {
    for (i, b) in shown.iter().enumerate().skip(1) {
        for a in &shown[..i] {
            if pair_overlaps(a, b) {
                return true;
            }
        }
    }
    false
}

/// Two rows meet: shift the right-hand one into the left-hand one's columns and AND.
/// The rows hold only pixels on x 0..255, so any common bit is a visible collision.
#[inline]
fn pair_overlaps(a: &LineSprite, b: &LineSprite) -> bool {
    let (left, right) = if a.x_px <= b.x_px { (a, b) } else { (b, a) };
    let dist = i32::from(right.x_px) - i32::from(left.x_px);
    dist < 32 && (u64::from(left.visible) & (u64::from(right.visible) << dist)) != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x_px: i16, visible: u32) -> LineSprite {
        LineSprite {
            visible,
            x_px,
            colour: 1,
            number: 0,
        }
    }

    #[test]
    fn pairs_meet_only_on_common_columns() {
        assert!(pair_overlaps(&at(10, 0b1), &at(10, 0b1)));
        assert!(pair_overlaps(&at(10, 0b10), &at(11, 0b1)));
        assert!(!pair_overlaps(&at(10, 0b1), &at(11, 0b1)));
        assert!(pair_overlaps(&at(11, 0b1), &at(10, 0b10)));
        assert!(!pair_overlaps(&at(0, u32::MAX), &at(32, u32::MAX)));
        assert!(pair_overlaps(&at(0, u32::MAX), &at(31, 1)));
    }

    #[test]
    fn merge_follows_the_f_and_5s_gate() {
        let found = CheckOutcome {
            fifth: Some((10, 9)),
            end_index: 12,
            collision: false,
        };
        assert_eq!(found.merge_into(0x00), 0x49);
        // F set: the fifth sprite is not stored; the scan end is.
        assert_eq!(found.merge_into(0x80), 0x8C);
        // 5S already set: the old number stays.
        assert_eq!(found.merge_into(0x43), 0x43);
        let none = CheckOutcome {
            fifth: None,
            end_index: 32,
            collision: true,
        };
        assert_eq!(none.merge_into(0x00), 0x3F);
    }
}
