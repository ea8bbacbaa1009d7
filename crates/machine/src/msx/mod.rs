//! The MSX1: a Z80A with one wait state per M1 cycle, the TMS9918A at I/O ports #98/#99.
pub mod target;
