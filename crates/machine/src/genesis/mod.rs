//! The Sega Genesis / Mega Drive: the VDP's sprite plane (315-5313), status bits 5 and 6.
//!
//! Rules come from `specs/genesis-vdp.md` and, beneath it, the `genesis` chip crate's
//! module docs (Genesis Plus GX, BlastEm, jgenesis).

mod board;
pub mod bus;
pub mod code;
pub mod dma;
mod idle;
pub mod io;
pub mod kit;
mod machine;
mod poll;
pub mod probe;
mod settings;
pub mod target;
mod view;
pub mod z80;

pub use board::{ProgramState, ROM_MAX};
pub use machine::{Genesis, verdict};
pub use settings::GenesisSettings;
pub use view::{chip_sprites, chip_sprites_into};

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

    // The SAT entry's attribute word (Genesis Software Manual, "Sprite Attribute Table";
    // Genesis Plus GX `render_obj`): pattern in bits 10-0, palette line in bits 14-13.
    fn check_attributes(&self, pattern: u32, colour: u8) -> Result<(), (&'static str, String)> {
        if pattern > 0x7FF {
            return Err((
                "pattern",
                format!("pattern is {pattern}; a Genesis sprite's tile index is 0-2047 (11 bits)"),
            ));
        }
        if colour > 3 {
            return Err((
                "colour",
                format!("colour is {colour}; a Genesis sprite's palette line is 0-3"),
            ));
        }
        Ok(())
    }

    // The SAT's X and vertical position fields hold the position + 128 in 9 bits outside
    // interlace mode 2 (Genesis Plus GX `parse_satb_m5` masks Y with $1FF): -128..=383 px.
    fn check_position(&self, x_px: i64, y_px: i64) -> Result<(), String> {
        for (axis, v) in [("x", x_px), ("y", y_px)] {
            if !(-128..=383).contains(&v) {
                return Err(format!(
                    "a sprite starts at {axis} = {v}; the VDP's position fields hold -128 to 383 px (value + 128 in 9 bits)"
                ));
            }
        }
        Ok(())
    }

    fn build(&self, _: &Resources) -> Result<Box<dyn Machine>, String> {
        Ok(Box::new(Genesis::new(self)))
    }
}
