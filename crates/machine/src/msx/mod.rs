//! The MSX1: a Z80A with one wait state per M1 cycle, the TMS9918A at I/O ports #98/#99.
//!
//! Rules come from `specs/tms9918.md` and, beneath it, the `tms9918` chip crate's module
//! docs (openMSX `SpriteChecker`, the TMS9918A data manual).

mod access;
pub mod bios;
pub mod board;
pub mod cart;
pub mod code;
mod counted;
mod idle;
pub mod kit;
mod machine;
pub mod probe;
pub mod psg;
mod settings;
pub mod slots;
pub mod target;

pub use machine::{Msx, chip_sprites, verdict};
pub use settings::MsxSettings;

use crate::contract::Machine;
use crate::registry::{Resources, Settings, sizes_allowed};

impl Settings for MsxSettings {
    fn key(&self) -> &'static str {
        "msx"
    }

    fn check(&self) -> Result<(), (&'static str, String)> {
        if !self.sat.is_multiple_of(0x80) || self.sat >= 0x4000 {
            return Err((
                "sat",
                format!(
                    "0x{:04X}: the attribute table starts at a multiple of 0x80 below 0x4000 (R5 x 0x80)",
                    self.sat
                ),
            ));
        }
        if !self.patterns.is_multiple_of(0x800) || self.patterns >= 0x4000 {
            return Err((
                "patterns",
                format!(
                    "0x{:04X}: the pattern table starts at a multiple of 0x800 below 0x4000 (R6 x 0x800)",
                    self.patterns
                ),
            ));
        }
        Ok(())
    }

    // The attribute table's pattern byte and the colour nibble of its fourth byte
    // (TMS9918A data manual, section 2.3).
    fn check_attributes(&self, pattern: u32, colour: u8) -> Result<(), (&'static str, String)> {
        if pattern > 0xFF {
            return Err((
                "pattern",
                format!("pattern is {pattern}; a TMS9918A sprite's pattern number is 0-255"),
            ));
        }
        if colour > 15 {
            return Err((
                "colour",
                format!("colour is {colour}; a TMS9918A sprite's colour is 0-15"),
            ));
        }
        Ok(())
    }

    fn check_sprite(&self, w_px: u16, h_px: u16, _: u8) -> Result<(), (&'static str, String)> {
        let px = if self.size16 { 16 } else { 8 } * if self.mag { 2 } else { 1 };
        let chip = format!(
            "with size16: {} and mag: {} the TMS9918A's",
            self.size16, self.mag
        );
        sizes_allowed(w_px, h_px, &[px], &chip)
    }

    fn build(&self, _: &Resources) -> Result<Box<dyn Machine>, String> {
        Ok(Box::new(Msx::new(self)))
    }
}
