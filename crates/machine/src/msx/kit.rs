//! Solid sprites on the MSX: pattern 0 all ones (enough for 8x8 and 16x16), the TMS9918A's
//! fixed palette; one size for all sprites (R1 SI and MAG).

use super::MsxSettings;
use crate::contract::Region;
use crate::kit::{KitRom, SolidKit};
use crate::registry::Target;

/// The kit for sprites of `side` px: 8, 16 or 32 (16 magnified).
#[must_use]
pub fn kit(side: u16) -> SolidKit {
    SolidKit {
        target: Target::Msx(MsxSettings {
            size16: side >= 16,
            mag: side >= 32,
            sat: 0x1B00,
            patterns: 0x3800,
            backdrop: 4,
        }),
        roms: vec![KitRom {
            ext: "sprites",
            region: Region::Vram(0x3800),
            bytes: vec![0xFF; 32],
        }],
        widths: &[8, 16, 32],
        heights: &[8, 16, 32],
        uniform: true,
        pattern: 0,
        // White and medium red.
        colours: [15, 8],
        auto_mask: false,
    }
}
