//! The vectrex crate's integration tests, one binary (one link) for them all.

mod bios_vectors;
