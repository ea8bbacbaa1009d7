//! Multicolor: 64 x 48 blocks of 4 x 4 pixels, each any colour.
//!
//! The name table holds 32 x 24 names as in Graphics I. A name's pattern gives two bytes
//! per character row: character row `r` uses bytes `(r & 3) x 2` and `+ 1` of its
//! pattern, the first for the top four pixel lines, the second for the bottom four. In
//! each byte bits 7-4 colour the left 4 x 4 block and bits 3-0 the right one (data
//! manual, "Multicolor mode"; openMSX `CharacterConverter::renderMultiHelper`, which
//! reads pattern byte `(line / 4) & 7` and draws `color >> 4` on the left). SY 3.4 has
//! the nibbles the other way round; openMSX and the data manual agree with each other.
//! No colour table; colour 0 shows the backdrop.
//!
//! With M3 also set, the three thirds of the screen take their patterns from three
//! pattern tables as in Graphics II, under R4's mask (SY 3.6; openMSX `renderMultiQ`).

use super::tables;
use super::{LINE_PX, opaque};
use crate::registers::Registers;
use crate::vram::Vram;

/// Draws a Multicolor line; `thirds` for the M2 + M3 variant.
pub fn draw(row: &mut [u8; LINE_PX], line: u16, regs: &Registers, vram: &Vram, thirds: bool) {
    let backdrop = regs.backdrop();
    let names = (line / 8) * 32;
    // (line / 4) & 7 = (character row & 3) x 2 + which half of the character.
    let byte = (line / 4) & 7;
    let third = tables::third(line);
    for (column, cell) in row.chunks_exact_mut(8).enumerate() {
        let name = vram.read(tables::name(regs, names + column as u16));
        let addr = if thirds {
            tables::pattern_thirds(regs, third, name, byte)
        } else {
            tables::pattern(regs, name, byte)
        };
        let colours = vram.read(addr);
        let (left, right) = cell.split_at_mut(4);
        left.fill(opaque(colours >> 4, backdrop));
        right.fill(opaque(colours, backdrop));
    }
}
