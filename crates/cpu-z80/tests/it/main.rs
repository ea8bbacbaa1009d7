//! The cpu-z80 crate's integration tests, one binary (one link) for them all.

mod arithmetic;
mod bus_hooks;
mod common;
mod disasm;
mod interrupts;
mod register_fields;
mod single_step;
mod timing_table;
