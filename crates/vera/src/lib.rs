//! Commander X16 VERA: VRAM, the register file, the sprite line buffer, the ISR collision
//! nibble and the IRQ, as the FPGA (vera-module v48) renders them, and the picture with
//! the two tile/bitmap layers and the border.
//!
//! Design: `specs/vera.md`; facts with citations to the VERA Programmer's Reference,
//! x16-emulator `src/video.c` and the FPGA source: `specs/sources/vera.md`. Where the
//! emulator and the FPGA differ the model follows the FPGA; [`Quirks::X16Emu`] switches
//! to the emulator's behaviour for the three differences that matter to collisions (see
//! [`Quirks`]).
//!
//! Driving it: write VRAM and registers the way a 65C02 does ([`Vera::write_reg`] with an
//! offset from $9F20: ADDRx_L/M/H, DATA0/DATA1, CTRL, IEN, ISR, DC_VIDEO, DC_HSCALE,
//! DC_VSCALE; constants in [`registers`]), or through the direct API with the same
//! effect ([`Vera::write_vram`], [`Vera::set_ien`], [`Vera::write_isr`],
//! [`Vera::set_dc_video`], ...). Then [`Vera::run_frame`] renders the sprite lines and
//! commits the collision nibble into ISR at the start of vblank; read the frame
//! ([`Vera::frame_indexed`], [`Vera::frame_rgb`]), the sprites as decoded
//! ([`Vera::sprites`]) and ISR ([`Vera::isr`], [`Vera::irq`]).
//!
//! What is modelled, per frame:
//! - 128 sprites, 8..64 px, 4bpp and 8bpp, H/V flip, palette offset, z-depth (0
//!   disables), coordinates wrapping at 1024 ([`attributes`]; patterns: `src/pattern.rs`);
//! - the line buffer and the FPGA's per-pixel collision rule: sprites arrive in index
//!   order; an opaque pixel on a visible column first collides with the masks already
//!   stored there (`stored & own`), then is drawn if its z is above the stored z or the
//!   column is empty, and only a drawn pixel ORs its own mask into the entry: a hidden
//!   pixel adds no mask (`src/line_buffer.rs`, `src/render.rs`);
//! - the per-line work budget in the emulator's units with the FPGA's consequence (the
//!   rest of the line is dropped), an approximation of the FPGA's 798-clock budget
//!   ([`budget`]);
//! - the vblank commit: ISR 7-4 replaced by the frame's collisions, sticky SPRCOL, VSYNC;
//!   IRQ = (ISR & IEN) != 0 ([`isr`]);
//! - DC_VIDEO's sprite enable (on the FPGA disabled sprites are still rendered and still
//!   collide, they are only hidden), and DC_HSCALE / DC_VSCALE, which choose the sprite
//!   lines rendered and the columns shown ([`compose`]);
//! - the picture: layers 0 and 1 in tile mode (1/2/4/8 bpp, maps of 32..256 tiles,
//!   8/16 px tiles, scroll, flips, palette offsets) and bitmap mode ([`layer`]), composed
//!   with the sprites by z-depth, the border outside the active area (DC_BORDER,
//!   DC_HSTART/HSTOP/VSTART/VSTOP) (`src/picture.rs`); [`Vera::set_frame_output`] turns
//!   writing the picture off while sprites still render and collide.
//!
//! Time model: either the CPU runs between frames, and after [`Vera::run_frame`] the chip
//! stands at the start of vblank (scan line 480), where a VSYNC interrupt handler would
//! read ISR; or a board steps the chip line by line ([`Vera::start_line`] at each of the
//! 525 VGA lines, [`Vera::draw_line`] at the end of each of the first 480), and SCANLINE,
//! the LINE interrupt at IRQLINE and the vblank commit at line 480 happen at their lines.
//! Stepped, the chip reads its attribute table line by line as the FPGA does: an entry
//! written during line l is drawn from line l + 1 on (the FPGA renders the next line while
//! the beam is on this one), DC_VIDEO's enables are read as each line is drawn, and the
//! sprite view ([`Vera::sprites`]) gives one entry per state a rewritten sprite was shown
//! in, with its lines ([`SpriteView::lines`]).
//! Nothing can fail: every address is reduced modulo 128 KiB, every register offset
//! modulo 32 and every byte value decodes to something, so there is no error type, and a
//! frame's work is bounded (128 sprites x 64 px per line, 480 lines).
//!
//! Not modelled: DC_VIDEO's output mode (the picture is always drawn), interlaced and
//! NTSC timing, the AFLOW interrupt, FX, the sound itself (the PCM and SPI registers
//! answer as with no sound made and no SD card, [`audio`]). The FPGA's power-on palette is
//! not loaded by [`Vera::new`] (VRAM starts all zero); [`Vera::write_default_palette`]
//! writes it the way the X16's KERNAL does at boot ([`palette`]).

/// `Clone` for a struct whose `clone_from` copies into the existing buffers field by field
/// (a save state's restore reuses the chip's VRAM, views and line lists instead of
/// allocating them again). Every field is named: a field added and not listed does not
/// compile, so none is forgotten.
macro_rules! clone_by_fields {
    ($ty:ident { $($field:ident),* $(,)? }) => {
        impl Clone for $ty {
            fn clone(&self) -> Self {
                Self { $($field: self.$field.clone()),* }
            }

            fn clone_from(&mut self, source: &Self) {
                let Self { $($field),* } = source;
                $(self.$field.clone_from($field);)*
            }
        }
    };
}

pub mod attributes;
pub mod audio;
pub mod budget;
pub mod compose;
pub mod isr;
pub mod layer;
pub mod palette;
pub mod quirks;
pub mod registers;
pub mod view;
pub mod vram;

mod line_buffer;
mod pattern;
mod picture;
mod planes;
mod port;
mod render;
mod vera;

pub use attributes::SpriteAttributes;
pub use quirks::Quirks;
pub use vera::{UnseenCollisions, Vera};
pub use view::SpriteView;
pub use vram::{PALETTE_ADDR, SPRITE_ATTR_ADDR, SPRITE_COUNT, VRAM_BYTES};
