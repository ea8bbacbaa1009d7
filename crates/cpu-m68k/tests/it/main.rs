//! The cpu-m68k crate's integration tests, one binary (one link) for them all.

mod bcd;
mod bus_wrap;
mod manual;
mod single_step;
