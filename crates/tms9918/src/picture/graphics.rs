//! Graphics I and Graphics II: 32 x 24 patterns of 8 x 8 pixels.
//!
//! - Name table: 768 bytes, row x 32 + column (data manual; SY 3.1).
//! - Graphics I: pattern `n` is 8 bytes at R4 x 0x800 + n x 8, one byte per pixel row,
//!   bit 7 leftmost; a set bit shows the foreground, a clear bit the background. Colour
//!   byte n / 8 of the table at R3 x 0x40 holds foreground (bits 7-4) and background
//!   (bits 3-0) for eight patterns (SY 3.1; openMSX `CharacterConverter::renderGraphic1`).
//! - Graphics II: the screen is split in three thirds of eight character rows; the
//!   names of third `t` select among patterns `t x 256 + name`, and the colour table is
//!   laid out like the pattern table, one byte per pattern row (SY 3.3; openMSX
//!   `renderGraphic2`). R3 and R4 mask the addresses ([`super::tables`]).

use super::tables;
use super::{LINE_PX, draw8, opaque};
use crate::registers::Registers;
use crate::vram::Vram;

/// Characters per row.
const COLUMNS: u16 = 32;

/// A Graphics I line.
pub fn graphics1(row: &mut [u8; LINE_PX], line: u16, regs: &Registers, vram: &Vram) {
    let backdrop = regs.backdrop();
    let names = (line / 8) * COLUMNS;
    for column in 0..COLUMNS {
        let name = vram.read(tables::name(regs, names + column));
        let pattern = vram.read(tables::pattern(regs, name, line));
        let colour = vram.read(tables::colour_g1(regs, name));
        let fg = opaque(colour >> 4, backdrop);
        let bg = opaque(colour, backdrop);
        draw8(row, usize::from(column) * 8, pattern, fg, bg);
    }
}

/// A Graphics II line.
pub fn graphics2(row: &mut [u8; LINE_PX], line: u16, regs: &Registers, vram: &Vram) {
    let backdrop = regs.backdrop();
    let names = (line / 8) * COLUMNS;
    let third = tables::third(line);
    for column in 0..COLUMNS {
        let name = vram.read(tables::name(regs, names + column));
        let pattern = vram.read(tables::pattern_g2(regs, third, name, line));
        let colour = vram.read(tables::colour_g2(regs, third, name, line));
        let fg = opaque(colour >> 4, backdrop);
        let bg = opaque(colour, backdrop);
        draw8(row, usize::from(column) * 8, pattern, fg, bg);
    }
}
