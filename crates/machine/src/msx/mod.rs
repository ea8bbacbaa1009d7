//! The MSX1: a Z80A with one wait state per M1 cycle, the TMS9918A at I/O ports #98/#99.
//!
//! Rules come from `specs/tms9918.md` and, beneath it, the `tms9918` chip crate's module
//! docs (openMSX `SpriteChecker`, the TMS9918A data manual).

pub mod code;
mod machine;
pub mod probe;
mod settings;
pub mod target;

pub use machine::{Msx, chip_sprites, verdict};
pub use settings::MsxSettings;

use crate::contract::Machine;
use crate::registry::{Resources, Settings};

impl Settings for MsxSettings {
    fn key(&self) -> &'static str {
        "msx"
    }

    fn build(&self, _: &Resources) -> Result<Box<dyn Machine>, String> {
        Ok(Box::new(Msx::new(self)))
    }
}
