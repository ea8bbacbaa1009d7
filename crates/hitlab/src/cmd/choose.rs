//! Which methods a command line asks for, checked against the scene's machine before
//! anything plays, so a method that cannot work there is a usage error, not a row of zeros.

use collide::MethodId;
use scene::format::Target;

use crate::cli::MethodArg;
use crate::{Fault, usage};

/// The machine a scene plays on, as a user would name it.
fn machine(target: &Target) -> &'static str {
    match target {
        Target::Genesis(_) => "the Genesis",
        Target::Msx(_) => "the MSX",
        Target::Vera(_) => "the X16",
        Target::Vectrex(_) => "the Vectrex",
    }
}

/// The pair methods among `chosen`, after checking each can run on `target`.
///
/// # Errors
/// A method that needs another machine's hardware (usage, exit 2).
pub fn pair_methods(target: &Target, chosen: &[MethodArg]) -> Result<Vec<MethodId>, Fault> {
    let mut out = Vec::new();
    for &m in chosen {
        let needs = match m {
            MethodArg::Pairs(MethodId::Quadrants) if !matches!(target, Target::Vera(_)) => {
                Some("quadrants reads the VERA's collision ISR (an X16 scene)")
            }
            MethodArg::Walls(name) if !matches!(target, Target::Vectrex(_)) => Some(match name {
                "maze-tiles" => "maze-tiles needs a Vectrex labyrinth",
                _ => "obj-hit-walls needs a Vectrex labyrinth",
            }),
            _ => None,
        };
        if let Some(why) = needs {
            return Err(usage(anyhow::anyhow!(
                "{why}; this scene plays on {}",
                machine(target)
            )));
        }
        if let MethodArg::Pairs(id) = m
            && !out.contains(&id)
        {
            out.push(id);
        }
    }
    Ok(out)
}
