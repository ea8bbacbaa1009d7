//! Which methods a command line asks for, checked against the scene's machine before
//! anything plays, so a method that cannot work there is a usage error, not a row of zeros.

use collide::MethodId;
use machine::Machine;

use crate::cli::MethodArg;
use crate::{Fault, usage};

/// The pair methods among `chosen`, after checking each can run on `machine`.
///
/// # Errors
/// A method that needs another machine's hardware (usage, exit 2).
pub fn pair_methods(machine: &dyn Machine, chosen: &[MethodArg]) -> Result<Vec<MethodId>, Fault> {
    let mut out = Vec::new();
    for &m in chosen {
        let needs = match m {
            MethodArg::Pairs(id) => machine.method_needs(id),
            MethodArg::Walls(name) if machine.wall_check_every().is_none() => Some(match name {
                "maze-tiles" => "maze-tiles needs a Vectrex labyrinth",
                _ => "obj-hit-walls needs a Vectrex labyrinth",
            }),
            MethodArg::Walls(_) => None,
        };
        if let Some(why) = needs {
            return Err(usage(anyhow::anyhow!(
                "{why}; this scene plays on the {}",
                machine.title()
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

/// Refuses, as a usage error, the first of `methods` that cannot run on `machine`.
///
/// # Errors
/// A method that needs another machine's hardware (exit 2).
pub fn refuse_lacking(machine: &dyn Machine, methods: &[MethodId]) -> Result<(), Fault> {
    match scene::session::method_lacking(machine, methods) {
        Some(why) => Err(usage(anyhow::anyhow!("{why}"))),
        None => Ok(()),
    }
}
