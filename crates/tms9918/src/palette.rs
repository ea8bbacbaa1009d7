//! The fixed TMS9918A palette, as 0x00RRGGBB.
//!
//! Values: openMSX `src/video/Renderer.cc` `TMS99X8A_PALETTE`. openMSX derives them from
//! the luminance and colour-difference voltages of the TMS9918/28/29 Data Book (page 2-17):
//! the voltages are taken to YPbPr, Pb/Pr scaled to 54 % saturation so that R, G, B stay
//! in range, then converted with the BT.601 matrix and scaled to 0..255. They match the
//! widely used MSX1 palette. The TMS9929A (PAL) differs slightly; not modelled.
//!
//! Colour 0 is transparent: in a sprite it lets what lies behind show; as the backdrop it
//! shows the external video input, which an MSX does not have, so it is black (as openMSX
//! draws it).

/// RGB of colours 0-15 (0x00RRGGBB).
pub const PALETTE_RGB: [u32; 16] = [
    0x00_00_00, // 0 transparent (black on an MSX)
    0x00_00_00, // 1 black
    0x3E_B8_49, // 2 medium green (62, 184, 73)
    0x74_D0_7D, // 3 light green (116, 208, 125)
    0x59_55_E0, // 4 dark blue (89, 85, 224)
    0x80_76_F1, // 5 light blue (128, 118, 241)
    0xB9_5E_51, // 6 dark red (185, 94, 81)
    0x65_DB_EF, // 7 cyan (101, 219, 239)
    0xDB_65_59, // 8 medium red (219, 101, 89)
    0xFF_89_7D, // 9 light red (255, 137, 125)
    0xCC_C3_5E, // 10 dark yellow (204, 195, 94)
    0xDE_D0_87, // 11 light yellow (222, 208, 135)
    0x3A_A2_41, // 12 dark green (58, 162, 65)
    0xB7_66_B5, // 13 magenta (183, 102, 181)
    0xCC_CC_CC, // 14 grey (204, 204, 204)
    0xFF_FF_FF, // 15 white (255, 255, 255)
];

/// RGB of a palette index (only the low 4 bits count).
#[inline]
#[must_use]
pub const fn rgb(index: u8) -> u32 {
    PALETTE_RGB[(index & 0x0F) as usize]
}
