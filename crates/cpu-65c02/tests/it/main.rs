//! The cpu-65c02 crate's integration tests, one binary (one link) for them all.

mod bus;
mod common;
mod cycles;
mod disasm;
mod klaus;
mod ops;
mod run;
