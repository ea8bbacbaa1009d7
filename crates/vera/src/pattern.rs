//! Reading sprite patterns out of VRAM: which pixels of a row are opaque, and their raw
//! colours (VERA Programmer's Reference, "Sprite data"; FPGA `sprite_renderer.v`
//! 239-316).
//!
//! A pattern is `h` rows of `w` pixels, row after row from the pattern address; 8bpp
//! rows are `w` bytes, 4bpp rows `w / 2` bytes with the left pixel in the high nibble.
//! Raw colour 0 is transparent in both modes. Addresses wrap modulo 128 KiB, as the
//! FPGA's 15-bit word address does, so a pattern near the end of VRAM continues at 0.
//!
//! Rows are given in screen terms (row 0 = top, after V-flip) and the opaque bits in
//! screen order (bit i = column i from the left, after H-flip).

use crate::attributes::SpriteAttributes;
use crate::vram::{VRAM_ADDR_MASK, VRAM_BYTES, Vram};

const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
const HIGH1: u64 = 0x8080_8080_8080_8080;
const LOW_NIBBLES: u64 = 0x0F0F_0F0F_0F0F_0F0F;

/// One bit per byte of `v` (bit k for byte k, little-endian): set when the byte is
/// non-zero.
#[inline]
#[must_use]
pub const fn nonzero_bytes(v: u64) -> u8 {
    // High bit of each byte set iff the byte is non-zero, without carries between bytes.
    let high = (((v & LOW7) + LOW7) | v) & HIGH1;
    // Bytes now hold 0 or 1; the multiply gathers byte k's bit into bit 56 + k (every
    // partial product lands on a distinct bit, so nothing carries).
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// Spreads the 8 bits of `x` to the even bit positions of a u16.
#[inline]
const fn spread_even(x: u8) -> u16 {
    let mut v = x as u16;
    v = (v | (v << 4)) & 0x0F0F;
    v = (v | (v << 2)) & 0x3333;
    (v | (v << 1)) & 0x5555
}

/// The VRAM address of the pattern row shown on screen row `row`.
#[inline]
#[must_use]
pub const fn row_addr(sprite: &SpriteAttributes, row: u8) -> u32 {
    (sprite.pattern_addr + sprite.pattern_row(row) as u32 * sprite.row_bytes()) & VRAM_ADDR_MASK
}

/// Copies up to 64 bytes of a pattern row (wrapping at the end of VRAM) into `out`.
#[inline]
fn load_row(vram: &Vram, addr: u32, out: &mut [u8; 64], len: usize) {
    let start = (addr & VRAM_ADDR_MASK) as usize;
    let len = len.min(64);
    let first = len.min(VRAM_BYTES - start);
    let bytes = vram.as_slice();
    out[..first].copy_from_slice(&bytes[start..start + first]);
    if first < len {
        out[first..len].copy_from_slice(&bytes[..len - first]);
    }
}

/// The opaque pixels of screen row `row` of `sprite`: bit i = column i from the left.
#[must_use]
pub fn opaque_row(vram: &Vram, sprite: &SpriteAttributes, row: u8) -> u64 {
    let mut buf = [0u8; 64];
    let row_bytes = sprite.row_bytes() as usize;
    load_row(vram, row_addr(sprite, row), &mut buf, row_bytes);
    let mut bits = 0u64;
    if sprite.bpp8 {
        // Whole rows are multiples of 8 bytes: 8 pixels per chunk.
        for (chunk_index, chunk) in buf[..row_bytes].chunks_exact(8).enumerate() {
            let v = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
            bits |= u64::from(nonzero_bytes(v)) << (chunk_index * 8);
        }
    } else {
        // 4 bytes (8bpp rows of width 8) or multiples of 8 bytes: handle 8 at a time,
        // padding the short row with zeros.
        for (chunk_index, chunk) in buf[..row_bytes.max(8)].chunks_exact(8).enumerate() {
            let v = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
            let high = nonzero_bytes((v >> 4) & LOW_NIBBLES);
            let low = nonzero_bytes(v & LOW_NIBBLES);
            let sixteen = spread_even(high) | (spread_even(low) << 1);
            bits |= u64::from(sixteen) << (chunk_index * 16);
        }
    }
    let w = u32::from(sprite.w_px);
    let in_width = if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
    bits &= in_width;
    if sprite.hflip {
        bits.reverse_bits() >> (64 - w)
    } else {
        bits
    }
}

/// Appends the opaque bits of all rows of `sprite` (screen order, top row first) to
/// `out`.
pub fn opaque_rows(vram: &Vram, sprite: &SpriteAttributes, out: &mut Vec<u64>) {
    let row_bytes = sprite.row_bytes() as usize;
    let h = usize::from(sprite.h_px);
    let start = sprite.pattern_addr as usize;
    let bytes = vram.as_slice();
    let Some(pattern) = bytes.get(start..start + row_bytes * h) else {
        // The pattern runs past the end of VRAM: row by row, wrapping.
        out.extend((0..sprite.h_px).map(|row| opaque_row(vram, sprite, row)));
        return;
    };
    let w = u32::from(sprite.w_px);
    let first = out.len();
    for pattern_row in pattern.chunks_exact(row_bytes) {
        let mut bits = 0u64;
        if sprite.bpp8 {
            for (k, chunk) in pattern_row.chunks_exact(8).enumerate() {
                let v = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
                bits |= u64::from(nonzero_bytes(v)) << (k * 8);
            }
        } else {
            for (k, chunk) in pattern_row.chunks(8).enumerate() {
                let mut eight = [0u8; 8];
                eight[..chunk.len()].copy_from_slice(chunk);
                let v = u64::from_le_bytes(eight);
                let high = nonzero_bytes((v >> 4) & LOW_NIBBLES);
                let low = nonzero_bytes(v & LOW_NIBBLES);
                bits |= u64::from(spread_even(high) | (spread_even(low) << 1)) << (k * 16);
            }
        }
        if sprite.hflip {
            bits = bits.reverse_bits() >> (64 - w);
        }
        out.push(bits);
    }
    if sprite.vflip {
        out[first..].reverse();
    }
}

/// The raw colour (0 = transparent) of screen column `col` on the row at `row_addr`.
#[inline]
#[must_use]
pub fn raw_pixel(vram: &Vram, sprite: &SpriteAttributes, row_addr: u32, col: u8) -> u8 {
    // Widths are powers of two, so w - 1 - col is col ^ (w - 1).
    let source_col = if sprite.hflip {
        col ^ (sprite.w_px - 1)
    } else {
        col
    };
    if sprite.bpp8 {
        vram.read(row_addr + u32::from(source_col))
    } else {
        // Left pixel in the high nibble.
        let byte = vram.read(row_addr + u32::from(source_col >> 1));
        (byte >> ((!source_col & 1) << 2)) & 0x0F
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonzero_bytes_matches_a_byte_loop_for_every_pattern_of_zero_bytes() {
        for pattern in 0..=255u8 {
            for fill in [1u8, 0x80, 0xFF, 0x7F, 0x10] {
                let mut bytes = [0u8; 8];
                for (k, b) in bytes.iter_mut().enumerate() {
                    if pattern & (1 << k) != 0 {
                        *b = fill.wrapping_add(k as u8).max(1);
                    }
                }
                assert_eq!(nonzero_bytes(u64::from_le_bytes(bytes)), pattern);
            }
        }
    }

    #[test]
    fn whole_pattern_matches_row_by_row_for_every_mode_size_and_flip() {
        let mut vram = Vram::new();
        let mut state = 0x1234_5678u32;
        let bytes: Vec<u8> = (0..0x2_0000)
            .map(|_| {
                state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                let b = (state >> 24) as u8;
                if b & 0x30 == 0 { 0 } else { b & 0xE7 }
            })
            .collect();
        vram.write_slice(0, &bytes);
        for addr in [0x40u32, 0x1_F000, 0x1_FFE0] {
            for size_codes in 0..16u8 {
                for flips in 0..4u8 {
                    for mode in [0u8, 0x80] {
                        let attr = SpriteAttributes::decode(
                            0,
                            [
                                (addr >> 5) as u8,
                                mode | (addr >> 13) as u8,
                                0,
                                0,
                                0,
                                0,
                                0x0C | flips,
                                size_codes << 4,
                            ],
                        );
                        let mut whole = Vec::new();
                        opaque_rows(&vram, &attr, &mut whole);
                        let by_row: Vec<u64> = (0..attr.h_px)
                            .map(|r| opaque_row(&vram, &attr, r))
                            .collect();
                        assert_eq!(whole, by_row, "{addr:#x} {attr:?}");
                        for (row, bits) in (0..attr.h_px).zip(&by_row) {
                            let addr = row_addr(&attr, row);
                            for col in 0..attr.w_px {
                                let raw = raw_pixel(&vram, &attr, addr, col);
                                assert_eq!(bits >> col & 1 != 0, raw != 0);
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn spread_even_interleaves() {
        assert_eq!(spread_even(0b1011), 0b100_0101);
        assert_eq!(spread_even(0xFF), 0x5555);
    }
}
