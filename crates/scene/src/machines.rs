//! Which chip model plays a scene.

use crate::format::Target;
use crate::machine::Machine;
use crate::machine::genesis::Genesis;
use crate::machine::msx::Msx;
use crate::machine::vera::X16;

/// A fresh chip for `target`, configured by register writes as the scene asks.
#[must_use]
pub fn for_target(target: &Target) -> Box<dyn Machine> {
    match target {
        Target::Genesis(s) => Box::new(Genesis::new(s)),
        Target::Msx(s) => Box::new(Msx::new(s)),
        Target::Vera(s) => Box::new(X16::new(s)),
        other => unimplemented!("{other:?}"),
    }
}
