//! Decoding of one 8-byte sprite attribute entry (VERA Programmer's Reference,
//! "Sprite attributes"; FPGA `sprite_renderer.v` 70-113; x16-emulator `video.c`
//! `refresh_sprite_properties` 587-616).
//!
//! | byte | bits |
//! |---|---|
//! | 0 | pattern address 12-5 |
//! | 1 | mode 7 (0 = 4bpp, 1 = 8bpp), pattern address 16-13 in 3-0 |
//! | 2, 3 | X 7-0, X 9-8 |
//! | 4, 5 | Y 7-0, Y 9-8 |
//! | 6 | collision mask 7-4, z-depth 3-2 (0 = disabled), V-flip 1, H-flip 0 |
//! | 7 | height 7-6, width 5-4 (0-3 = 8, 16, 32, 64 px), palette offset 3-0 |
//!
//! Coordinates are 10 bits. A sprite whose X is at least 1024 minus its width is drawn
//! at X - 1024, i.e. partly from the left edge; the same for Y. The FPGA gets this by
//! wrapping its 10-bit line-buffer index and Y difference; the emulator subtracts 1024.

/// Sprite sizes selected by the 2-bit width and height codes.
pub const SIZES_PX: [u8; 4] = [8, 16, 32, 64];

/// One sprite's attributes, decoded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SpriteAttributes {
    /// Sprite number (0..127): its place in the attribute table and in rendering order.
    pub number: u8,
    /// Pattern address in VRAM (a multiple of 32).
    pub pattern_addr: u32,
    /// True for 8 bits per pixel, false for 4.
    pub bpp8: bool,
    /// Left column after the wrap at 1024: -width..1023-width.
    pub x_px: i16,
    /// Top line after the wrap at 1024: -height..1023-height.
    pub y_px: i16,
    /// Collision mask (bits 3-0 here; byte 6 bits 7-4 in the table).
    pub collision_mask: u8,
    /// Z-depth 0..3; 0 disables the sprite.
    pub z: u8,
    /// Vertical flip.
    pub vflip: bool,
    /// Horizontal flip.
    pub hflip: bool,
    /// Width in pixels: 8, 16, 32 or 64.
    pub w_px: u8,
    /// Height in pixels: 8, 16, 32 or 64.
    pub h_px: u8,
    /// Palette offset 0..15 (applied to raw colours 1..15 as offset * 16 + colour).
    pub palette_offset: u8,
}

impl SpriteAttributes {
    /// Decodes the 8 attribute bytes of sprite `number`.
    #[must_use]
    pub fn decode(number: u8, bytes: [u8; 8]) -> Self {
        let w_px = SIZES_PX[usize::from((bytes[7] >> 4) & 3)];
        let h_px = SIZES_PX[usize::from(bytes[7] >> 6)];
        let x10 = u16::from(bytes[2]) | (u16::from(bytes[3] & 3) << 8);
        let y10 = u16::from(bytes[4]) | (u16::from(bytes[5] & 3) << 8);
        Self {
            number: number & 0x7F,
            pattern_addr: (u32::from(bytes[0]) << 5) | (u32::from(bytes[1] & 0x0F) << 13),
            bpp8: bytes[1] & 0x80 != 0,
            x_px: wrap_coordinate(x10, w_px),
            y_px: wrap_coordinate(y10, h_px),
            collision_mask: bytes[6] >> 4,
            z: (bytes[6] >> 2) & 3,
            vflip: bytes[6] & 2 != 0,
            hflip: bytes[6] & 1 != 0,
            w_px,
            h_px,
            palette_offset: bytes[7] & 0x0F,
        }
    }

    /// True when the sprite is drawn at all (z != 0).
    #[must_use]
    pub const fn enabled(&self) -> bool {
        self.z != 0
    }

    /// Bytes per pattern row: width for 8bpp, width / 2 for 4bpp.
    #[must_use]
    pub const fn row_bytes(&self) -> u32 {
        if self.bpp8 {
            self.w_px as u32
        } else {
            self.w_px as u32 / 2
        }
    }

    /// Pixels per 32-bit pattern fetch: 4 at 8bpp, 8 at 4bpp.
    #[must_use]
    pub const fn pixels_per_fetch(&self) -> u8 {
        if self.bpp8 { 4 } else { 8 }
    }

    /// The pattern row shown on sprite row `row` (0 = top on screen) after V-flip.
    #[must_use]
    pub const fn pattern_row(&self, row: u8) -> u8 {
        if self.vflip { self.h_px - 1 - row } else { row }
    }

    /// Applies the palette offset to a raw colour: raw 1..15 become offset * 16 + raw,
    /// raw 0 stays transparent, raw 16..255 (8bpp) are kept (FPGA `sprite_renderer.v`
    /// 312-316; x16-emulator since 3eb1258).
    #[inline]
    #[must_use]
    pub const fn colour(&self, raw: u8) -> u8 {
        if raw != 0 && raw < 16 {
            (self.palette_offset << 4) | raw
        } else {
            raw
        }
    }
}

/// Wraps a 10-bit coordinate: values from 1024 - size up are drawn from size px before
/// the origin.
#[must_use]
pub const fn wrap_coordinate(value10: u16, size_px: u8) -> i16 {
    let v = (value10 & 0x3FF) as i16;
    if v >= 1024 - size_px as i16 {
        v - 1024
    } else {
        v
    }
}
