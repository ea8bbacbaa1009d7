//! The Sega Genesis / Mega Drive VDP (315-5313) sprite plane, modelled for status bits 5
//! (collision) and 6 (overflow) exactly as specs/genesis-vdp.md decides, with the facts
//! and their emulator citations in specs/sources/genesis.md.
//!
//! # Driving it
//! Like a 68000 does: register writes and VRAM writes in the native SAT and pattern
//! formats, through the ports ([`Vdp::write_control`], [`Vdp::write_data`],
//! [`Vdp::read_data`], [`Vdp::read_status`]; protocol in [`port`]) or the direct API with
//! the same effect ([`Vdp::write_register`], [`Vdp::write_vram`], [`Vdp::write_cram`],
//! [`Vdp::load_vram`]). Every VRAM byte passes the internal SAT cache: Y, size and link of each
//! entry come from an on-chip copy updated only by VRAM writes inside the SAT window
//! current at the time of the write; changing register 5 does not reload it.
//!
//! # A frame
//! [`Vdp::run_frame`] renders the active lines through the sprite phases (the link
//! walk; per line the scan with its sprite-count limit, the fetch with the pixel budget
//! and X = 0 masking, and the drawing with collision detection), then enters vertical
//! blank. Outputs:
//! - [`Vdp::frame_indexed`] (CRAM indices, backdrop where no sprite is opaque) and
//!   [`Vdp::frame_rgb`];
//! - [`Vdp::sprites`]: every entry of the link list with its box, palette, opaque mask,
//!   and what the chip did not draw and why ([`view`]);
//! - the status word ([`status`]) and [`Vdp::first_collision_line`] /
//!   [`Vdp::first_overflow_line`].
//!
//! # Scope
//! Sprites only: no scroll planes, window, shadow/highlight, DMA, HV counters or
//! mid-frame register changes. Mode 5 only. Interlace mode 2 (8x16 cells, 10-bit Y) is
//! out of scope: register 12 bits 2-1 are ignored and sprites are always 8x8 cells.

pub mod cram;
pub mod error;
mod frame;
pub mod port;
pub mod registers;
mod render;
mod sprites;
pub mod status;
mod tile;
mod vdp;
pub mod view;
mod vram;

pub use cram::{CRAM_BYTES, colour_to_rgb};
pub use error::ImageSizeError;
pub use port::PortState;
pub use registers::{HMode, Registers, VMode};
pub use status::{
    STATUS_COLLISION, STATUS_OVERFLOW, STATUS_PAL, STATUS_VBLANK, STATUS_VINT_PENDING, Status,
};
pub use vdp::Vdp;
pub use view::{NotDrawn, Reason, SpriteView};
pub use vram::VRAM_BYTES;
