//! The TMS9918A (MSX1) sprite plane: memory, registers, the Z80 port protocol, per-line
//! sprite checking and the frame, as `specs/tms9918.md` decides it.
//!
//! The model follows openMSX (`src/video/SpriteChecker.{hh,cc}`, `VDP.{hh,cc}`), the most
//! carefully verified of the emulators; where it departs from MAME or blueMSX, or where no
//! hardware evidence exists, the module that implements the rule says so. Facts and their
//! citations are collected in `specs/sources/msx.md` (cited below as "msx.md §n").
//!
//! Layout, one concern per file:
//! - [`vram`]: the 16 KiB of video memory, every address masked to 14 bits;
//! - [`registers`]: R0-R7 with openMSX's value masks and their decoded fields;
//! - [`ports`]: the two CPU ports (control and data), latch, address pointer, read buffer;
//! - [`status`]: S#0 and its bits;
//! - [`sat`]: reading the sprite attribute and pattern tables into per-row masks;
//! - [`check`]: the sprite checker (4 per line, the fifth-sprite rule, collision),
//!   separate from drawing;
//! - [`draw`]: the palette-indexed frame (backdrop and sprites);
//! - [`palette`]: the fixed TMS9918 colours;
//! - [`view`]: the sprites as the software collision layer sees them;
//! - [`vdp`]: [`Vdp`], the chip that ties them together.
//!
//! A frame is rendered atomically by [`Vdp::run_frame`]: CPU accesses during the active
//! display are not modelled, so a frame sees the memory and registers as they were when it
//! started. The pattern (background) layer is not drawn: the frame holds the backdrop and
//! the sprite plane, which is all the collision hardware looks at.
//!
//! Pure Rust, no I/O, no panics on any memory or register content.

pub mod check;
pub mod draw;
pub mod error;
pub mod palette;
pub mod ports;
pub mod registers;
pub mod sat;
pub mod status;
pub mod vdp;
pub mod view;
pub mod vram;

pub use error::VramImageError;
pub use palette::PALETTE_RGB;
pub use registers::Registers;
pub use status::Status;
pub use vdp::{CHECKED_LINES, HEIGHT_PX, Vdp, WIDTH_PX};
pub use view::SpriteView;
pub use vram::VRAM_SIZE;
