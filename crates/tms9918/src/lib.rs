//! The TMS9918A (MSX1): memory, registers, the Z80 port protocol, per-line sprite
//! checking, and the frame (the picture of the four modes with the sprites over it), as
//! `specs/tms9918.md` decides it.
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
//! - [`picture`]: the pattern layer of the four modes (and the undocumented mixed ones),
//!   one display line at a time;
//! - [`draw`]: the sprites laid over a line of the picture;
//! - [`palette`]: the fixed TMS9918 colours;
//! - [`view`]: the sprites as the software collision layer sees them;
//! - [`vdp`]: [`Vdp`], the chip that ties them together.
//!
//! The sprite tables are read line by line, as the chip reads them: each line's sprite
//! check ([`Vdp::check_line`]) sees the attribute table, the patterns and the registers as
//! they are when it runs, and sets that line's flags; [`Vdp::draw_line`] draws a line of
//! the picture from the registers and VRAM as they are at that line and lays the line's
//! sprites over it. A board that runs a CPU between lines calls them at their moments
//! (see [`vdp`]); [`Vdp::run_frame`] runs a whole frame without CPU accesses in between.
//! The sprite view ([`Vdp::sprites`]) comes from the lines as drawn: a sprite that changed
//! during the display is one view per state the screen showed ([`view`]).
//!
//! Pure Rust, no I/O, no panics on any memory or register content.

pub mod check;
pub mod draw;
pub mod error;
pub mod palette;
pub mod picture;
pub mod ports;
pub mod registers;
pub mod sat;
pub mod status;
pub mod vdp;
pub mod view;
pub mod vram;

pub use error::VramImageError;
pub use palette::PALETTE_RGB;
pub use picture::Mode;
pub use registers::Registers;
pub use status::Status;
pub use vdp::{CHECKED_LINES, HEIGHT_PX, Vdp, WIDTH_PX};
pub use view::SpriteView;
pub use vram::VRAM_SIZE;
