//! The vera crate's integration tests, one binary (one link) for them all.

mod bad_input;
mod common;
mod layers;
mod lines;
mod port;
mod quirks;
mod random_isr;
mod reference;
mod scale;
