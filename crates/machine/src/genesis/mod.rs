//! The Sega Genesis / Mega Drive: the VDP's sprite plane (315-5313), status bits 5 and 6.
//!
//! Rules come from `specs/genesis-vdp.md` and, beneath it, the `genesis` chip crate's
//! module docs (Genesis Plus GX, BlastEm, jgenesis).

mod board;
pub mod bus;
pub mod code;
pub mod io;
pub mod kit;
mod machine;
pub mod probe;
mod settings;
pub mod target;
pub mod z80;

pub use board::{ProgramState, ROM_MAX};
pub use machine::{Genesis, chip_sprites, verdict};
pub use settings::GenesisSettings;

use crate::contract::Machine;
use crate::registry::{Resources, Settings, sizes_allowed};

impl Settings for GenesisSettings {
    fn key(&self) -> &'static str {
        "genesis"
    }

    fn check(&self) -> Result<(), (&'static str, String)> {
        // Register 5 holds A15-A9, and H40 forces A9 to 0: the chip reads the table from
        // the aligned address, wherever the driver wrote it.
        let align: u16 = if self.h40 { 0x400 } else { 0x200 };
        if !self.sat.is_multiple_of(align) {
            return Err((
                "sat",
                format!(
                    "0x{:04X} is not a multiple of 0x{align:X}; in {} the VDP reads the table at 0x{:04X}",
                    self.sat,
                    if self.h40 { "H40" } else { "H32" },
                    self.sat & !(align - 1)
                ),
            ));
        }
        Ok(())
    }

    fn check_sprite(&self, w_px: u16, h_px: u16, _: u8) -> Result<(), (&'static str, String)> {
        sizes_allowed(w_px, h_px, &[8, 16, 24, 32], "Genesis")
    }

    fn build(&self, _: &Resources) -> Result<Box<dyn Machine>, String> {
        Ok(Box::new(Genesis::new(self)))
    }
}
