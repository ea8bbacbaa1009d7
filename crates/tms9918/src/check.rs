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
//! When the check runs (openMSX `SpriteChecker::checkUntil` and `updateSprites1`, commit
//! 632d46cc): the chip checks each line once, with the attribute table, the pattern table,
//! R1's size and magnification and R5/R6 as they are at that moment; openMSX does it at the
//! end of the line *before* the one that shows the sprites (it checks one line early), and
//! catches up lazily on every write to either table, every register change and every status
//! read, so each line sees the memory as it was when the beam passed. The flags of a line
//! are merged into S#0 as its check runs ([`crate::Vdp::check_line`]): a status read clears
//! 5S, and a later line of the same frame with a fifth sprite sets it again (with that
//! line's fifth number), as `checkSprites1` does for each range of lines it checks.
//!
//! Order of the loops: the chip scans all 32 entries for every line. Like openMSX, this
//! checker runs over sprites outside and each sprite's lines inside, which touches only
//! the lines a sprite covers: a read of the tables fills every line from the current one to
//! line 192 ([`check_lines`]), and is redone from a later line only when something the
//! check reads has changed since. Because sprites arrive in table order, the sprite that
//! finds a line already holding 4 is exactly that line's 5th.

use crate::sat::{SAT_ENTRIES, SatScan};

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

/// No fifth sprite on a line.
const NO_FIFTH: u8 = 0xFF;

/// The sprites each checked line shows, in table order (front first), and each line's
/// fifth sprite.
#[derive(Clone, Debug)]
pub struct LineBuffer {
    count: [u8; CHECKED_LINES],
    fifth: [u8; CHECKED_LINES],
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
            fifth: [NO_FIFTH; CHECKED_LINES],
            sprites: [[LineSprite::default(); SPRITES_PER_LINE]; CHECKED_LINES],
        }
    }

    /// Empties every line.
    pub fn clear(&mut self) {
        self.clear_from(0);
    }

    /// Empties lines `from..=192`.
    pub fn clear_from(&mut self, from: usize) {
        if let Some(count) = self.count.get_mut(from..) {
            count.fill(0);
        }
        if let Some(fifth) = self.fifth.get_mut(from..) {
            fifth.fill(NO_FIFTH);
        }
    }

    /// The number of the fifth sprite on `line` (the first the 4-per-line rule dropped
    /// there), if any.
    #[must_use]
    pub fn fifth(&self, line: usize) -> Option<u8> {
        self.fifth.get(line).copied().filter(|&n| n != NO_FIFTH)
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

    /// Forgets every drop on lines `from..`.
    pub fn clear_from(&mut self, from: usize) {
        for set in &mut self.bits {
            for (word, bits) in set.iter_mut().enumerate() {
                let first = word * 64;
                if from <= first {
                    *bits = 0;
                } else if from < first + 64 {
                    *bits &= (1u64 << (from - first)) - 1;
                }
            }
        }
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

/// Assigns the scanned sprites to lines `from..=192`, replacing what those lines held:
/// the sprites each shows, each line's fifth sprite, and the lines each sprite was dropped
/// on. Lines before `from` are left as they are (they were checked already).
pub fn check_lines(
    scan: &SatScan,
    from: usize,
    lines: &mut LineBuffer,
    dropped: &mut DroppedLines,
) {
    lines.clear_from(from);
    dropped.clear_from(from);
    let side = usize::from(scan.side_px()).min(crate::sat::MAX_SIDE_PX);
    for (i, sprite) in scan.sprites().iter().enumerate() {
        for (r, &row) in sprite.rows[..side].iter().enumerate() {
            let line = (usize::from(sprite.top_line) + r) & 0xFF;
            if line < from || line >= CHECKED_LINES {
                continue;
            }
            let shown = usize::from(lines.count[line]);
            if shown >= SPRITES_PER_LINE {
                if lines.fifth[line] == NO_FIFTH {
                    lines.fifth[line] = sprite.number;
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
}
