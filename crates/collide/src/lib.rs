//! The shared software collision layer of hitlab (specs/methods.md).
//!
//! Every collision method of the seed documents, and the modern ones they are measured
//! against, implemented once and run unchanged against every chip model. A method takes
//! the objects of one frame ([`Frame`]) and returns the colliding pairs and what it cost
//! ([`Found`]), counted by the method as it runs. [`truth`] holds the brute-force answers
//! every method and chip is judged by.
//!
//! Pure Rust, no I/O: no files, no window, no scene formats.

pub mod cost;
pub mod geometry;
pub mod method;
pub mod methods;
pub mod narrow;
pub mod object;
pub mod rng;
pub mod truth;
pub mod workload;
pub mod workload_scale;

pub use cost::Cost;
pub use geometry::{PxBox, Screen};
pub use method::{Exactness, Found, Frame, Hardware, Method, MethodId, Pair, UnknownMethod};
pub use methods::{MethodConfig, build};
pub use narrow::confirm_pixels;
pub use object::{Group, Object, OpaqueMask, opaque_pixels_meet, opaque_pixels_meet_counted};
