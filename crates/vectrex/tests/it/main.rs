//! The vectrex crate's integration tests, one binary (one link) for them all.

mod analog;
mod bios_vectors;
