//! The genesis crate's integration tests, one binary (one link) for them all.

mod bad_input;
mod collision;
mod common;
mod fifo;
mod limits;
mod line_and_dma;
mod lines;
mod link;
mod masking;
mod planes;
mod poll;
mod port;
mod port_bad_input;
mod port_rules;
mod prefetch;
mod random_frames;
mod register12;
mod render;
mod sat_cache;
mod status;
