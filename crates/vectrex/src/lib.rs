//! The Vectrex as a program sees it (specs/vectrex.md).
//!
//! The Vectrex has no collision hardware: its "hardware" answer is the BIOS routine
//! `Obj_Hit`, modelled byte-exactly in [`bios`] (register conventions, saturation, cycle
//! cost per exit, from Bruce Tomlin's annotated BIOS disassembly). [`display`] models the
//! vector display the way the BIOS drawing routines drive it: a pen (position, scale,
//! intensity) moved by `Reset0Ref`, `Moveto_d`, `Draw_VLc` and friends, reading vector
//! lists in their native byte formats from a [`memory::Memory`] image, and producing per
//! frame a list of segments and the 6809 cycles used against the 30,000-cycle budget.
//!
//! Pure Rust, no I/O. Every read from a memory image is bounds-checked and every list
//! traversal is bounded, so no input can make a routine panic or hang.

pub mod analog;
pub mod bios;
pub mod display;
pub mod memory;

pub use memory::{Memory, MemoryError};
