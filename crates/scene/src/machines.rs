//! Which chip model plays a scene.

use crate::format::Target;
use crate::machine::Machine;

/// A fresh chip for `target`, configured by register writes as the scene asks.
#[must_use]
pub fn for_target(target: &Target) -> Box<dyn Machine> {
    match target {
        other => unimplemented!("{other:?}"),
    }
}
