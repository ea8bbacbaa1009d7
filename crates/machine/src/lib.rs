//! One machine, one place (specs: harness.md, target-code.md).
//!
//! Each machine (Genesis, MSX, X16, Vectrex) lives in its own module behind one contract:
//! its chip, its CPU on its own memory and I/O map, its settings, the driver that writes a
//! frame's sprites through the chip's ports, its verdict and the truth projected to the
//! chip's form, its sprite view, its panel lines, its dump probe and the addresses of the
//! routine contract. The frontend asks the machine; it never matches on which one it holds.
//!
//! Pure: no files, no window, no RON text. Settings are plain serde types that the scene
//! layer parses.

pub mod msx;
pub mod routine;
pub mod vectrex;
