//! The Sega Genesis / Mega Drive: the VDP's sprite plane (315-5313), status bits 5 and 6.
//!
//! Rules come from `specs/genesis-vdp.md` and, beneath it, the `genesis` chip crate's
//! module docs (Genesis Plus GX, BlastEm, jgenesis).

pub mod code;
mod machine;
pub mod probe;
mod settings;
pub mod target;

pub use machine::{Genesis, chip_sprites, verdict};
pub use settings::GenesisSettings;

use crate::contract::Machine;
use crate::registry::{Resources, Settings};

impl Settings for GenesisSettings {
    fn key(&self) -> &'static str {
        "genesis"
    }

    fn build(&self, _: &Resources) -> Result<Box<dyn Machine>, String> {
        Ok(Box::new(Genesis::new(self)))
    }
}
