//! Solid sprites on the Genesis: tiles 0-15 all colour 1, so a sprite of up to 4x4 cells at
//! pattern 0 is solid; colour 1 of palette line 0 white (Good), of line 1 red (Bad).

use super::GenesisSettings;
use crate::contract::Region;
use crate::kit::{KitRom, SolidKit};
use crate::registry::Target;

/// The kit (sizes differ per sprite: `side` is not used).
#[must_use]
pub fn kit(_side: u16) -> SolidKit {
    // CRAM words are 0000 BBB0 GGG0 RRR0, big-endian.
    let mut cram = vec![0u8; 128];
    cram[2..4].copy_from_slice(&[0x0E, 0xEE]);
    cram[34..36].copy_from_slice(&[0x00, 0x2E]);
    SolidKit {
        target: Target::Genesis(GenesisSettings {
            h40: true,
            v30: false,
            sat: 0xD800,
            backdrop: 0,
        }),
        roms: vec![
            KitRom {
                ext: "sprites",
                region: Region::Vram(0),
                bytes: vec![0x11; 16 * 32],
            },
            KitRom {
                ext: "palette",
                region: Region::Cram(0),
                bytes: cram,
            },
        ],
        widths: &[8, 16, 24, 32],
        heights: &[8, 16, 24, 32],
        uniform: false,
        pattern: 0,
        colours: [0, 1],
        auto_mask: false,
    }
}
