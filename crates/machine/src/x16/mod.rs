//! The Commander X16: VERA's sprite layer, 4-bit collision masks ORed into ISR bits 7-4.
//!
//! Rules come from `specs/vera.md` and, beneath it, the `vera` chip crate's module docs
//! (the VERA FPGA source, x16-emulator); the scene chooses whose behaviour to follow.

mod banked;
mod burst;
pub mod bus;
pub mod code;
pub mod drive;
pub mod handover;
pub mod i2c;
mod idle;
pub mod io;
pub mod kernal;
pub mod keyboard;
pub mod kit;
mod machine;
pub mod probe;
pub mod program;
pub mod rtc;
mod saved;
mod settings;
pub mod smc;
pub mod target;
pub mod ym2151;

pub use machine::{X16, chip_sprites, verdict};
pub use settings::{VeraQuirks, VeraSettings};

use crate::contract::Machine;
use crate::registry::{Resources, Settings, sizes_allowed};

impl Settings for VeraSettings {
    fn key(&self) -> &'static str {
        "vera"
    }

    fn check_sprite(&self, w_px: u16, h_px: u16, z: u8) -> Result<(), (&'static str, String)> {
        sizes_allowed(w_px, h_px, &[8, 16, 32, 64], "VERA")?;
        if z > 3 {
            return Err((
                "z",
                format!("z is {z}; VERA's depth is 0 (off) to 3, two bits"),
            ));
        }
        Ok(())
    }

    fn build(&self, _: &Resources) -> Result<Box<dyn Machine>, String> {
        Ok(Box::new(X16::new(self)))
    }
}
