//! The tms9918 crate's integration tests, one binary (one link) for them all.

mod alone;
mod bad_input;
mod common;
mod geometry;
mod lines;
mod picture_frame;
mod picture_modes;
mod ports;
mod random_frames;
mod reference;
