//! Solid sprites on the X16: a 64x64 4 bpp bitmap of colour 1 at 0x10000; palette entry 1
//! white (Good), entry 17 red (Bad, palette offset 1); seed 004's quadrant masks.

use super::{VeraQuirks, VeraSettings};
use crate::contract::Region;
use crate::kit::{KitRom, SolidKit};
use crate::registry::Target;

/// The kit (sizes differ per sprite: `side` is not used).
#[must_use]
pub fn kit(_side: u16) -> SolidKit {
    // Palette entries are two bytes: green << 4 | blue, then red.
    let mut pal = vec![0u8; 512];
    pal[2..4].copy_from_slice(&[0xFF, 0x0F]);
    pal[34..36].copy_from_slice(&[0x22, 0x0F]);
    SolidKit {
        target: Target::Vera(VeraSettings {
            quirks: VeraQuirks::Hardware,
            sprites_enabled: true,
            ien: 0x05,
        }),
        roms: vec![
            KitRom {
                ext: "sprites",
                region: Region::Vram(0x10000),
                bytes: vec![0x11; 64 * 64 / 2],
            },
            KitRom {
                ext: "palette",
                region: Region::Vram(0x1FA00),
                bytes: pal,
            },
        ],
        widths: &[8, 16, 32, 64],
        heights: &[8, 16, 32, 64],
        uniform: false,
        pattern: 0x10000,
        colours: [0, 1],
        auto_mask: true,
    }
}
