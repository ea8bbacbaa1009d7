//! Laying a line's sprites over its picture ([`crate::picture`]).
//!
//! - On lines 0-191, the sprites the checker kept for the line are laid over it. A lower
//!   sprite number is in front (TH 1493). A colour-0 sprite is transparent: it hides
//!   nothing, so a sprite behind it or the backdrop shows, even though it still counts
//!   for the 4-per-line limit and collides. openMSX `SpriteConverter::drawMode1` draws the
//!   line's sprites from the last to the first and skips colour 0; so does this.
//! - Only x 0..255 is drawn: the clipped rows from [`crate::sat`] hold nothing else.
//! - An opaque sprite pixel replaces the picture's pixel whatever its colour: the sprite
//!   plane lies in front of the pattern plane (the data manual's order of display
//!   planes; openMSX draws the sprites over the converted line,
//!   `SDLRasterizer::drawDisplay` then `drawSprites`).

use crate::check::LineSprite;

/// Frame width in pixels.
pub const WIDTH_PX: usize = 256;
/// Frame height in pixels (active lines).
pub const HEIGHT_PX: usize = 192;
/// Pixels per frame.
pub const FRAME_PIXELS: usize = WIDTH_PX * HEIGHT_PX;

/// For each 8-bit slice of a row mask, the bytes of a little-endian u64 that the slice
/// covers: bit i set gives byte i = 0xFF.
const BYTE_MASKS: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut m = 0u64;
        let mut i = 0;
        while i < 8 {
            if b & (1 << i) != 0 {
                m |= 0xFF << (8 * i);
            }
            i += 1;
        }
        table[b] = m;
        b += 1;
    }
    table
};

/// Lays `sprites` (one line's, front first) over `row`.
pub fn draw_sprites(row: &mut [u8], sprites: &[LineSprite]) {
    // Back to front, so the lowest number is drawn last and stays in front.
    for sprite in sprites.iter().rev() {
        if sprite.colour != 0 {
            draw_row(row, i32::from(sprite.x_px), sprite.visible, sprite.colour);
        }
    }
}

/// Draws one sprite row, eight columns at a time: the opaque columns of each group are
/// merged into the line with a byte mask, so a group costs the same whatever its bits.
/// Groups that hang over either edge of the line go pixel by pixel.
#[inline]
fn draw_row(row: &mut [u8], x_px: i32, visible: u32, colour: u8) {
    let paint = u64::from_le_bytes([colour; 8]);
    for group in 0..4u32 {
        let bits = (visible >> (8 * group)) & 0xFF;
        if bits == 0 {
            continue;
        }
        let start = x_px + 8 * group as i32;
        if (0..=WIDTH_PX as i32 - 8).contains(&start) {
            let start = start as usize;
            if let Some(chunk) = row.get_mut(start..start + 8) {
                let mask = BYTE_MASKS[bits as usize];
                let old = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
                chunk.copy_from_slice(&((old & !mask) | (paint & mask)).to_le_bytes());
            }
        } else {
            let mut bits = bits;
            while bits != 0 {
                let x = start + bits.trailing_zeros() as i32;
                bits &= bits - 1;
                if let Some(px) = usize::try_from(x).ok().and_then(|x| row.get_mut(x)) {
                    *px = colour;
                }
            }
        }
    }
}
