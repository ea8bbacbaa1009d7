//! 4bpp pattern rows: 4 bytes per 8-pixel row, high nibble = left pixel, index 0
//! transparent (sources/genesis.md section 5; jgenesis render.rs 995-1001; BE 606-618).
//!
//! Rows are decoded into a `u64` of eight pixel bytes, the leftmost pixel in the lowest
//! byte, so a whole row moves through the line buffer in one word and an H-flip is a byte
//! swap; and into an 8-bit opacity mask, bit i = pixel i from the left.

/// Pixel bytes of one pattern byte: left pixel (high nibble) in the low byte.
const PIXEL_PAIR: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = ((b >> 4) | ((b & 0xF) << 8)) as u16;
        b += 1;
    }
    t
};

/// Opacity of one pattern byte: bit 0 = left pixel, bit 1 = right pixel.
const OPAQUE_PAIR: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = ((b >> 4 != 0) as u8) | (((b & 0xF != 0) as u8) << 1);
        b += 1;
    }
    t
};

/// Every byte's high bit.
pub const BYTE_HIGH_BITS: u64 = 0x8080_8080_8080_8080;
/// Every byte 0x7F.
const BYTE_LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
/// Every byte 0x01.
pub const BYTE_ONES: u64 = 0x0101_0101_0101_0101;

/// The eight pixel indices (0-15) of a pattern row, leftmost in the low byte.
#[must_use]
pub fn row_pixels(row: [u8; 4]) -> u64 {
    u64::from(PIXEL_PAIR[usize::from(row[0])])
        | u64::from(PIXEL_PAIR[usize::from(row[1])]) << 16
        | u64::from(PIXEL_PAIR[usize::from(row[2])]) << 32
        | u64::from(PIXEL_PAIR[usize::from(row[3])]) << 48
}

/// Opacity of a pattern row, bit i = pixel i from the left.
#[must_use]
pub fn row_opacity(row: [u8; 4]) -> u8 {
    OPAQUE_PAIR[usize::from(row[0])]
        | OPAQUE_PAIR[usize::from(row[1])] << 2
        | OPAQUE_PAIR[usize::from(row[2])] << 4
        | OPAQUE_PAIR[usize::from(row[3])] << 6
}

/// 0xFF in every byte of `pixels` that is non-zero, 0x00 elsewhere. Valid for bytes below
/// 0x80, which every pixel value (a 6-bit CRAM index) is.
#[must_use]
pub fn nonzero_bytes(pixels: u64) -> u64 {
    let high = pixels.wrapping_add(BYTE_LOW7) & BYTE_HIGH_BITS;
    (high >> 7).wrapping_mul(0xFF)
}
