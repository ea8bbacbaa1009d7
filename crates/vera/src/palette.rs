//! The palette: 256 entries of 12-bit colour at VRAM 0x1FA00, two bytes each
//! (byte 0 = green 7-4, blue 3-0; byte 1 = red 3-0; VERA Programmer's Reference,
//! "Palette"). Output colours expand each 4-bit channel to 8 bits by repeating the
//! nibble (0xA -> 0xAA), as x16-emulator `refresh_palette` does.
//!
//! The FPGA's power-on palette is not modelled: like the rest of VRAM the palette starts
//! at zero (all black) and a program, scene or dump writes the colours it needs.

use crate::vram::Vram;

/// Expands a 12-bit 0x0RGB colour to 0x00RRGGBB.
#[inline]
#[must_use]
pub const fn rgb12_to_rgb24(rgb12: u16) -> u32 {
    let r = ((rgb12 >> 8) & 0xF) as u32;
    let g = ((rgb12 >> 4) & 0xF) as u32;
    let b = (rgb12 & 0xF) as u32;
    (r * 0x11) << 16 | (g * 0x11) << 8 | (b * 0x11)
}

/// The whole palette expanded to 0x00RRGGBB, as the composer would use it for a frame.
#[must_use]
pub(crate) fn snapshot(vram: &Vram) -> [u32; 256] {
    let mut out = [0u32; 256];
    for (index, slot) in (0..=255u8).zip(out.iter_mut()) {
        *slot = rgb12_to_rgb24(vram.palette_entry(index));
    }
    out
}
