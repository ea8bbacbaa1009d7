//! The cpu-6809 crate's integration tests, one binary (one link) for them all.

mod cycle_table;
mod differential;
mod hand_checks;
mod obj_hit;
