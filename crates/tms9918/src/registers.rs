//! Control registers R0-R7 and the fields the sprite plane reads from them (the picture's
//! mode bits and table bases are read in [`crate::picture`]).
//!
//! Only the bits that exist are kept: openMSX `VDP.cc` masks MSX1 register writes with
//! `VALUE_MASKS_MSX1 = {0x03, 0xFB, 0x0F, 0xFF, 0x07, 0x7F, 0x07, 0xFF}` (`changeRegister`).
//! Register numbers are 3 bits wide on the TMS99x8 (`controlRegMask = 0x07`).
//!
//! Fields (msx.md §1; SY 528; TH chapter 4):
//! - R1 bit 6 BL: display enabled; bit 5 IE: frame interrupt enabled; bit 4 M1: text mode
//!   (no sprites); bit 1 SI: 16x16 sprites; bit 0 MAG: sprites magnified 2x.
//! - R5 x 0x80: sprite attribute table; R6 x 0x800: sprite pattern table.
//! - R7 bits 3-0: backdrop colour; bits 7-4: the text colour of Text mode.

/// Number of control registers of the TMS9918A.
pub const REGISTER_COUNT: usize = 8;

/// Bits that exist in each register (openMSX `VALUE_MASKS_MSX1`).
pub const VALUE_MASKS: [u8; REGISTER_COUNT] = [0x03, 0xFB, 0x0F, 0xFF, 0x07, 0x7F, 0x07, 0xFF];

/// R1 bit 6: display enabled (0 = blanked, backdrop only, no sprites).
pub const R1_BL: u8 = 0x40;
/// R1 bit 5: frame interrupt enabled.
pub const R1_IE: u8 = 0x20;
/// R1 bit 4: M1, text mode (40x24 characters, no sprites).
pub const R1_M1: u8 = 0x10;
/// R1 bit 1: SI, 16x16 sprites.
pub const R1_SI: u8 = 0x02;
/// R1 bit 0: MAG, every pattern bit drawn as 2x2 pixels.
pub const R1_MAG: u8 = 0x01;

/// The eight control registers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Registers {
    values: [u8; REGISTER_COUNT],
}

/// How sprites are laid out this frame; `None` from [`Registers::sprite_layout`] means
/// the sprite plane is off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpriteLayout {
    /// Start of the sprite attribute table (R5 x 0x80).
    pub sat_base: u16,
    /// Start of the sprite pattern table (R6 x 0x800).
    pub pattern_base: u16,
    /// 16x16 patterns (R1 SI).
    pub size16: bool,
    /// Magnified (R1 MAG).
    pub mag: bool,
}

impl SpriteLayout {
    /// Side of a sprite on screen in pixels: 8, 16, or 32 with MAG.
    #[inline]
    #[must_use]
    pub const fn side_px(&self) -> u16 {
        (if self.size16 { 16 } else { 8 }) * (if self.mag { 2 } else { 1 })
    }
}

impl Registers {
    /// All registers zero, as openMSX resets them: display blanked.
    #[must_use]
    pub const fn new() -> Self {
        Self {
            values: [0; REGISTER_COUNT],
        }
    }

    /// Writes register `n & 7`, keeping only the bits that exist.
    #[inline]
    pub fn write(&mut self, n: u8, value: u8) {
        let n = usize::from(n) & (REGISTER_COUNT - 1);
        self.values[n] = value & VALUE_MASKS[n];
    }

    /// The value of register `n & 7` (the chip cannot read them back; this is for tools).
    #[inline]
    #[must_use]
    pub const fn get(&self, n: u8) -> u8 {
        self.values[(n as usize) & (REGISTER_COUNT - 1)]
    }

    /// All eight values.
    #[must_use]
    pub const fn values(&self) -> [u8; REGISTER_COUNT] {
        self.values
    }

    /// R1 BL: the display is on.
    #[inline]
    #[must_use]
    pub const fn display_enabled(&self) -> bool {
        self.values[1] & R1_BL != 0
    }

    /// R1 M1: text mode, which has no sprites. With M1 set the chip shows no sprites
    /// whatever M2/M3 say (MAME draws sprites only when `(R1 & 0x50) == 0x40`).
    #[inline]
    #[must_use]
    pub const fn text_mode(&self) -> bool {
        self.values[1] & R1_M1 != 0
    }

    /// R1 IE: the frame interrupt is enabled.
    #[inline]
    #[must_use]
    pub const fn interrupt_enabled(&self) -> bool {
        self.values[1] & R1_IE != 0
    }

    /// R7 bits 3-0: the backdrop colour.
    #[inline]
    #[must_use]
    pub const fn backdrop(&self) -> u8 {
        self.values[7] & 0x0F
    }

    /// The sprite layout, or `None` when sprites are off: display blanked (BL = 0) or text
    /// mode. openMSX `VDP::spritesEnabled` requires `displayEnabled` and a sprite mode
    /// (none in text mode); its checker then does nothing at all, so no flag changes.
    #[must_use]
    pub const fn sprite_layout(&self) -> Option<SpriteLayout> {
        if !self.display_enabled() || self.text_mode() {
            return None;
        }
        Some(SpriteLayout {
            sat_base: (self.values[5] as u16 & 0x7F) * 0x80,
            pattern_base: (self.values[6] as u16 & 0x07) * 0x800,
            size16: self.values[1] & R1_SI != 0,
            mag: self.values[1] & R1_MAG != 0,
        })
    }
}
