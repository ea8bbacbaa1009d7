//! The collide crate's integration tests, one binary (one link) for them all.

mod common;
mod edges;
mod exact;
mod lossy;
mod modern_exact;
mod pixel;
mod seed_counts;
mod vera;
