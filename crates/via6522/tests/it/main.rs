//! The via6522 crate's integration tests, one binary.

mod ports;
mod shift;
mod timers;
