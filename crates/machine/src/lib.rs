//! One machine, one place (specs: harness.md, target-code.md).
//!
//! Each machine (Genesis, MSX, X16, Vectrex) lives in its own module behind one contract
//! ([`Machine`]): its chip, its settings, the driver that writes a frame's sprites through
//! the chip's ports, its verdict and the truth projected to the chip's form, its sprite
//! view, its panel lines and default methods; the [`registry`] maps a scene's target to it.
//! The frontend asks the machine; it never matches on which one it holds. `template.rs`
//! shows what a new machine implements.
//!
//! Pure: no files, no window, no RON text. Settings are plain serde types that the scene
//! layer parses.

pub mod check;
pub mod contract;
pub mod kit;
pub mod probe;
pub mod program;
pub mod registry;
pub mod routine;
pub mod state;
pub mod view;

pub mod genesis;
pub mod idle;
pub mod msx;
pub mod vectrex;
pub mod x16;

#[cfg(test)]
mod template;

pub use check::{Form, HardwareCheck};
pub use contract::{Builtin, ChipState, Display, Machine, Region, Stroke, TargetCode, Verdict};
pub use registry::{KEYS, Resources, RoutineContract, Settings, Target, routine_contract};
pub use view::{HwSprite, LineSpan, Lines, NotDrawn, SpriteFields, SpriteView};
