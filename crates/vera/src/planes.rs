//! The line buffer's collision state as bit planes, for lines rendered without a picture
//! (the collision-only mode, [`crate::Vera::set_frame_output`] off).
//!
//! The per-pixel rule is the one of `line_buffer` (FPGA `sprite_renderer.v` 318-328,
//! 364-370; x16-emulator `video.c` 727-735): an opaque pixel first collides with the
//! masks stored at its column (`stored & own`), then is drawn if its z is above the
//! stored z or nothing is drawn there yet, writing `stored | own`, its z and a colour.
//! Collisions never depend on the colour's value, only on whether a column is drawn
//! (`line_buffer`'s colour is never 0 for an opaque pixel, see
//! [`crate::SpriteAttributes::colour`]). So the line is kept as seven planes of 640 bits:
//! drawn, z bit 1, z bit 0 and the four mask bits; a sprite row's opaque pixels (a u64,
//! bit i = column i of the sprite) are applied 64 columns at a time with the same rule,
//! giving the same collisions and the same stored state as plotting pixel by pixel.

use crate::line_buffer::LINE_PX;

/// 64-column words per line (640 / 64).
const WORDS: usize = LINE_PX / 64;

/// One line of collision state as bit planes (bit `x % 64` of word `x / 64` = column x).
#[derive(Clone, Debug, Default)]
pub struct CollisionPlanes {
    drawn: [u64; WORDS],
    z_hi: [u64; WORDS],
    z_lo: [u64; WORDS],
    /// Mask bit k of every column.
    mask: [[u64; WORDS]; 4],
    /// Words written since the last clear (bit w = word w).
    dirty: u16,
}

impl CollisionPlanes {
    /// Applies the opaque pixels `bits` of a sprite row whose column 0 is at screen column
    /// `x0` (every set bit lands on a column in 0..640) with depth `z` and collision mask
    /// `mask` (bits 3-0); returns the collision bits detected.
    #[inline]
    pub fn plot(&mut self, x0: i32, bits: u64, z: u8, mask: u8, hidden_adds_mask: bool) -> u8 {
        if bits == 0 {
            return 0;
        }
        if x0 < 0 {
            // Only columns from -x0 on are set: they land in word 0.
            return self.plot_word(0, bits >> x0.unsigned_abs(), z, mask, hidden_adds_mask);
        }
        let x0 = x0.unsigned_abs() as usize;
        let (word, shift) = (x0 / 64, x0 % 64);
        let mut collisions = self.plot_word(word, bits << shift, z, mask, hidden_adds_mask);
        if shift != 0 {
            let high = bits >> (64 - shift);
            if high != 0 {
                collisions |= self.plot_word(word + 1, high, z, mask, hidden_adds_mask);
            }
        }
        collisions
    }

    /// The rule for the 64 columns of word `w` whose bits are set in `b`.
    #[inline]
    fn plot_word(&mut self, w: usize, b: u64, z: u8, mask: u8, hidden_adds_mask: bool) -> u8 {
        if b == 0 || w >= WORDS {
            return 0;
        }
        self.dirty |= 1 << w;
        let mut collisions = 0u8;
        for (k, plane) in self.mask.iter().enumerate() {
            if mask & (1 << k) != 0 && plane[w] & b != 0 {
                collisions |= 1 << k;
            }
        }
        let (hi, lo) = (self.z_hi[w], self.z_lo[w]);
        // Columns whose stored z is below `z`.
        let below = match z & 3 {
            3 => !(hi & lo),
            2 => !hi,
            1 => !(hi | lo),
            _ => 0,
        };
        let wins = b & (!self.drawn[w] | below);
        self.drawn[w] |= wins;
        self.z_hi[w] = (hi & !wins) | if z & 2 != 0 { wins } else { 0 };
        self.z_lo[w] = (lo & !wins) | if z & 1 != 0 { wins } else { 0 };
        let adds = if hidden_adds_mask { b } else { wins };
        for (k, plane) in self.mask.iter_mut().enumerate() {
            if mask & (1 << k) != 0 {
                plane[w] |= adds;
            }
        }
        collisions
    }

    /// Erases the line (only the words written).
    #[inline]
    pub fn clear(&mut self) {
        if self.dirty != 0 {
            self.clear_dirty();
        }
    }

    fn clear_dirty(&mut self) {
        let mut words = self.dirty;
        while words != 0 {
            let w = words.trailing_zeros() as usize;
            words &= words - 1;
            self.drawn[w] = 0;
            self.z_hi[w] = 0;
            self.z_lo[w] = 0;
            for plane in &mut self.mask {
                plane[w] = 0;
            }
        }
        self.dirty = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::line_buffer::LineBuffer;

    /// A small deterministic generator (xorshift) for the comparison below.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn hidden_pixel_adds_no_mask_on_hardware_and_adds_it_on_the_emulator() {
        // The same three sprites at column 70 as `line_buffer`'s test: A (z 3, mask 1),
        // B (z 3, mask 2, hidden behind A), C (z 3, mask 2): C collides with B's mask
        // only when a hidden pixel adds its mask.
        for (hidden_adds, expected) in [(false, 0), (true, 2)] {
            let mut planes = CollisionPlanes::default();
            assert_eq!(planes.plot(70, 1, 3, 1, hidden_adds), 0);
            assert_eq!(planes.plot(70, 1, 3, 2, hidden_adds), 0);
            assert_eq!(planes.plot(70, 1, 3, 2, hidden_adds), expected);
        }
    }

    #[test]
    fn a_row_across_a_word_boundary_collides_on_both_sides() {
        let mut planes = CollisionPlanes::default();
        // Columns 60..68 drawn with mask %0100.
        assert_eq!(planes.plot(60, 0xFF, 1, 0b0100, false), 0);
        // A row at 67 (columns 67, 68): only 67 is stored, in word 1.
        assert_eq!(planes.plot(67, 0b11, 2, 0b0110, false), 0b0100);
        // A row at -3 covering screen columns 0..4 meets nothing.
        assert_eq!(planes.plot(-3, 0xF8, 1, 0b0100, false), 0);
        planes.clear();
        assert_eq!(planes.plot(60, 0xFF, 1, 0b0100, false), 0);
    }

    #[test]
    fn planes_detect_what_the_pixel_buffer_detects() {
        // Random rows, depths and masks plotted both ways: the collision bits of every
        // plot agree, with and without hidden pixels adding their mask.
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for round in 0..200 {
            let hidden_adds = round % 2 == 1;
            let mut planes = CollisionPlanes::default();
            let mut line = LineBuffer::new();
            for _ in 0..24 {
                let r = next(&mut seed);
                let w = [8u32, 16, 32, 64][(r & 3) as usize];
                let x0 = (r >> 8) as i32 % (LINE_PX as i32 + 64) - 64;
                let z = ((r >> 20) % 3 + 1) as u8;
                let mask = ((r >> 24) & 0xF) as u8;
                let mut bits = next(&mut seed) & next(&mut seed);
                if w < 64 {
                    bits &= (1u64 << w) - 1;
                }
                // Keep columns on screen.
                for col in 0..64 {
                    let x = x0 + col;
                    if !(0..LINE_PX as i32).contains(&x) {
                        bits &= !(1u64 << col);
                    }
                }
                line.touch(0, LINE_PX);
                let mut by_pixel = 0u8;
                let mut rest = bits;
                while rest != 0 {
                    let col = rest.trailing_zeros() as i32;
                    rest &= rest - 1;
                    by_pixel |= line.plot((x0 + col) as usize, 1, z, mask, hidden_adds);
                }
                assert_eq!(planes.plot(x0, bits, z, mask, hidden_adds), by_pixel);
            }
        }
    }
}
