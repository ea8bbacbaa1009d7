//! Which chip model plays a scene.

use crate::format::Target;
use crate::loaded::LoadedScene;
use crate::machine::Machine;
use crate::machine::genesis::Genesis;
use crate::machine::msx::Msx;
use crate::machine::vectrex::VectrexMachine;
use crate::machine::vera::X16;
use crate::session::SessionError;

/// A fresh chip for the scene's target, configured by register writes as it asks.
///
/// # Errors
/// A Vectrex scene whose labyrinth was not loaded (scenes built without the loader).
pub fn for_scene(scene: &LoadedScene) -> Result<Box<dyn Machine>, SessionError> {
    Ok(match &scene.scene.target {
        Target::Genesis(s) => Box::new(Genesis::new(s)),
        Target::Msx(s) => Box::new(Msx::new(s)),
        Target::Vera(s) => Box::new(X16::new(s)),
        Target::Vectrex(v) => {
            let lab = scene.labyrinth.clone().ok_or_else(|| SessionError::Rom {
                path: scene.path.display().to_string(),
                message: "a Vectrex scene needs its labyrinth loaded".into(),
            })?;
            Box::new(VectrexMachine::new(lab, v.walls.map(|a| a as u16)))
        }
    })
}
