//! hitlab scenes: the RON formats, loading with precise errors, motion, and the driver that
//! writes a scene's objects into a chip the way game code would (specs/harness.md).
//!
//! Data flows one way: scene -> motion -> driver -> chip -> sprite view -> methods ->
//! compare. This crate reads files; the chip crates and the collision layer never do.

pub mod compare;
pub mod error;
pub mod expect;
pub mod format;
pub mod load;
pub mod loaded;
pub mod machine;
pub mod motion;
pub mod roms;
pub mod session;
pub mod summary;

pub use error::{LoadError, TextPos};
