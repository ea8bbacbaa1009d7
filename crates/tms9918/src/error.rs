//! The one way this crate can refuse input: a VRAM image of the wrong size.

use crate::vram::VRAM_SIZE;

/// A VRAM dump must hold exactly the chip's 16 KiB, as an emulator saves it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a TMS9918 VRAM image is {expected} bytes, got {got}")]
pub struct VramImageError {
    /// Always [`VRAM_SIZE`].
    pub expected: usize,
    /// The length that was offered.
    pub got: usize,
}

impl VramImageError {
    pub(crate) const fn new(got: usize) -> Self {
        Self {
            expected: VRAM_SIZE,
            got,
        }
    }
}
