//! Drawing the palette-indexed frame from the checker's lines.
//!
//! - Every pixel starts as the backdrop (R7 bits 3-0). With the display blanked the whole
//!   frame is backdrop (SY; openMSX draws the border colour).
//! - On lines 0-191, the sprites the checker kept for the line are laid over it. A lower
//!   sprite number is in front (TH 1493). A colour-0 sprite is transparent: it hides
//!   nothing, so a sprite behind it or the backdrop shows (openMSX `SpriteConverter`
//!   skips colour-0 sprites in mode 1), even though it still counts for the 4-per-line
//!   limit and collides.
//! - Only x 0..255 is drawn: the clipped rows from [`crate::sat`] hold nothing else.
//!
//! The pattern layer (name, pattern and colour tables) is not drawn.

use crate::check::LineBuffer;

/// Frame width in pixels.
pub const WIDTH_PX: usize = 256;
/// Frame height in pixels (active lines).
pub const HEIGHT_PX: usize = 192;
/// Pixels per frame.
pub const FRAME_PIXELS: usize = WIDTH_PX * HEIGHT_PX;

/// Fills `frame` with the backdrop and, when `lines` is given, draws the sprites.
pub fn draw_frame(frame: &mut [u8; FRAME_PIXELS], backdrop: u8, lines: Option<&LineBuffer>) {
    frame.fill(backdrop & 0x0F);
    let Some(lines) = lines else {
        return;
    };
    for (y, row) in frame.chunks_exact_mut(WIDTH_PX).enumerate() {
        // Back to front, so the lowest number is drawn last and stays in front.
        for sprite in lines.line(y).iter().rev() {
            if sprite.colour == 0 {
                continue;
            }
            let mut bits = sprite.visible;
            while bits != 0 {
                let column = bits.trailing_zeros() as i32;
                bits &= bits - 1;
                let x = (i32::from(sprite.x_px) + column) as usize & (WIDTH_PX - 1);
                row[x] = sprite.colour;
            }
        }
    }
}
