//! One module per method; [`build`] makes any of them from its id.

mod grid;
mod half_pairs;
mod sort_sweep;

pub use grid::Grid;
#[cfg(feature = "parallel")]
pub use grid::GridPar;
pub use half_pairs::HalfPairs;
pub use sort_sweep::SortSweep;

use crate::method::{Method, MethodId};

/// Settings some methods need; every field has the seeds' default.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct MethodConfig {
    /// `columns`: 8-px column slots across the screen, 32 (H32) or 40 (H40).
    pub columns: u8,
}

impl Default for MethodConfig {
    fn default() -> Self {
        Self { columns: 32 }
    }
}

/// A fresh instance of the method `id`.
#[must_use]
pub fn build(id: MethodId, config: &MethodConfig) -> Box<dyn Method> {
    let _ = config;
    match id {
        MethodId::HalfPairs => Box::new(HalfPairs),
        MethodId::SortSweep => Box::new(SortSweep::new()),
        MethodId::Grid => Box::new(Grid::new()),
        other => unimplemented!("{other} is not written yet"),
    }
}
