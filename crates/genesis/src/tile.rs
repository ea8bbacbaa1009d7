//! 4bpp pattern rows: 4 bytes per 8-pixel row, high nibble = left pixel, index 0
//! transparent (sources/genesis.md section 5; jgenesis render.rs 995-1001; BE 606-618).
//!
//! A row is handled as one word: its four bytes as a big-endian `u32` are spread into a
//! `u64` of eight pixel bytes in screen order (leftmost pixel in the lowest byte), so a
//! whole row moves through the line buffer at once, and H-flip is simply not reversing.

/// Every byte 0x01.
pub const BYTE_ONES: u64 = 0x0101_0101_0101_0101;
/// Every byte's high bit.
const BYTE_HIGH_BITS: u64 = 0x8080_8080_8080_8080;
/// Every byte 0x7F.
const BYTE_LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;

/// The eight pixel indices (0-15) of a pattern row given as the big-endian `u32` of its
/// four bytes, leftmost on screen in the low byte; `hflip` mirrors the row.
#[must_use]
pub fn row_pixels(row: u32, hflip: bool) -> u64 {
    let mut x = u64::from(row);
    x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF;
    x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF;
    x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    // Byte k now holds the k-th nibble from the least significant end: pattern pixel
    // 7 - k, which is the mirrored order.
    if hflip { x } else { x.swap_bytes() }
}

/// A decoded row as it shows on screen: mirrored under H-flip.
#[must_use]
pub fn flip(pixels: u64, hflip: bool) -> u64 {
    if hflip { pixels.swap_bytes() } else { pixels }
}

/// 0x01 in every byte of `pixels` that is non-zero. Valid for bytes below 0x80, which
/// every pixel value (a 6-bit CRAM index) is.
#[must_use]
pub fn nonzero_ones(pixels: u64) -> u64 {
    (pixels.wrapping_add(BYTE_LOW7) & BYTE_HIGH_BITS) >> 7
}

/// 0xFF in every non-zero byte of `pixels`, 0x00 elsewhere.
#[must_use]
pub fn nonzero_bytes(pixels: u64) -> u64 {
    nonzero_ones(pixels).wrapping_mul(0xFF)
}

/// Opacity of eight pixel bytes: bit k = byte k is non-zero.
#[must_use]
pub fn opacity(pixels: u64) -> u8 {
    // Gathers the low bit of each byte into the top byte (no two partial products meet).
    (nonzero_ones(pixels).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_spread_in_screen_order() {
        let row = u32::from_be_bytes([0x12, 0x34, 0x56, 0x7F]);
        assert_eq!(row_pixels(row, false), 0x0F07_0605_0403_0201);
        assert_eq!(row_pixels(row, true), 0x0102_0304_0506_070F);
    }

    #[test]
    fn opacity_gathers_one_bit_per_byte() {
        for bits in 0..=255u8 {
            let mut px = 0u64;
            for k in 0..8 {
                if bits >> k & 1 == 1 {
                    px |= u64::from(k as u8 * 7 + 1) << (8 * k);
                }
            }
            assert_eq!(opacity(px), bits);
            assert_eq!(nonzero_bytes(px) & 0x0101_0101_0101_0101, nonzero_ones(px));
        }
    }
}
