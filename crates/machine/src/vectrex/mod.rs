//! The Vectrex: no sprite hardware, the BIOS routine `Obj_Hit`, and seed 003's tile-byte
//! labyrinth with its wall methods.
//!
//! Rules come from `specs/vectrex.md` and, beneath it, the `vectrex` crate's module docs
//! (the annotated BIOS disassembly, vecx).

pub mod bios;
pub mod board;
pub mod code;
mod machine;
pub mod maze;
mod settings;
pub mod target;

pub use machine::VectrexMachine;
pub use settings::VectrexSettings;

use crate::contract::Machine;
use crate::registry::{Resources, Settings};

impl Settings for VectrexSettings {
    fn key(&self) -> &'static str {
        "vectrex"
    }

    fn check(&self) -> Result<(), (&'static str, String)> {
        if self.labyrinth.is_empty() {
            return Err((
                "labyrinth",
                "a Vectrex scene names its labyrinth file (RON, relative to the scene)".into(),
            ));
        }
        if self.check_every == 0 {
            return Err((
                "check_every",
                "check_every is 0; it counts frames between wall checks, from 1".into(),
            ));
        }
        Ok(())
    }

    fn labyrinth_file(&self) -> Option<&str> {
        (!self.labyrinth.is_empty()).then_some(self.labyrinth.as_str())
    }

    fn build(&self, resources: &Resources) -> Result<Box<dyn Machine>, String> {
        // A scene brings its labyrinth; a whole program draws its own picture, so the
        // machine it boots on carries an empty one-tile labyrinth.
        let lab = match resources.labyrinth.clone() {
            Some(lab) => lab,
            None => {
                std::sync::Arc::new(maze::Labyrinth::new(1, 1, vec![0]).map_err(|e| e.to_string())?)
            }
        };
        Ok(Box::new(VectrexMachine::new(lab, self)))
    }
}
