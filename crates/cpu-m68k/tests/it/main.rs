//! The cpu-m68k crate's integration tests, one binary (one link) for them all.

mod access_cycle;
mod bcd;
mod bus_wrap;
mod disasm;
mod manual;
mod single_step;
