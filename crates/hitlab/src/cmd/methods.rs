//! `hitlab methods`: the catalogue, with each method's cost on a generated frame.

use crate::cli::MethodsArgs;
use crate::{Fault, Outcome};

pub fn run(_args: &MethodsArgs) -> Result<Outcome, Fault> {
    for id in collide::MethodId::ALL {
        println!(
            "{:<16} {:<32} {}",
            id,
            id.origin(),
            id.exactness().describe()
        );
    }
    Ok(Outcome::Ok)
}
