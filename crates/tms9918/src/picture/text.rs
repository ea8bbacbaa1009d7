//! Text (M1) and the undocumented modes with M1 set.
//!
//! - Text: 40 x 24 patterns of 6 x 8 pixels; bits 7-2 of each pattern byte are drawn,
//!   bits 1-0 ignored. Set bits show the text colour (R7 bits 7-4), clear bits the
//!   backdrop (R7 bits 3-0). Name table: 960 bytes, row x 40 + column; no colour table
//!   (data manual, "Text mode"; SY 3.2; openMSX `CharacterConverter::renderText1`).
//! - Position: the 240 text pixels do not sit in the middle of the 256-pixel line. The
//!   data manual and SY 3.2 give an 8-pixel border on each side, but on TMS99xx machines
//!   the border is 6 pixels on the left and 10 on the right (openMSX issue #708, measured
//!   on an MSX1 against a SCREEN 2 box at X = 6), and openMSX draws it there
//!   (`VDP::getLeftSprites`: text modes start 6 pixels later on an MSX1 VDP). This model
//!   follows openMSX: pixels 0-5 and 246-255 are backdrop.
//! - With M3 also set, the thirds of the screen take their patterns from three pattern
//!   tables as in Graphics II, under R4's mask (SY 3.5; openMSX `renderText1Q`).
//! - M1 + M2 (with or without M3): no table is read; the line shows 8 backdrop pixels,
//!   40 times 4 text-colour and 2 backdrop pixels, and 8 backdrop pixels (SY 3.7; openMSX
//!   `renderBogus`, which draws them from the left edge of the 256-pixel line).

use super::tables;
use super::{LINE_PX, opaque};
use crate::registers::Registers;
use crate::vram::Vram;

/// Characters per text row.
pub const TEXT_COLUMNS: u16 = 40;
/// Pixels per text character.
pub const TEXT_CELL_PX: usize = 6;
/// Backdrop pixels left of the first text column on a TMS9918A.
pub const TEXT_LEFT_BORDER_PX: usize = 6;

/// A Text line; `thirds` for the M1 + M3 variant.
pub fn text(row: &mut [u8; LINE_PX], line: u16, regs: &Registers, vram: &Vram, thirds: bool) {
    let backdrop = regs.backdrop();
    let fg = opaque(regs.get(7) >> 4, backdrop);
    row.fill(backdrop);
    let names = (line / 8) * TEXT_COLUMNS;
    let third = tables::third(line);
    let cells = row[TEXT_LEFT_BORDER_PX..].chunks_exact_mut(TEXT_CELL_PX);
    for (column, cell) in cells.take(usize::from(TEXT_COLUMNS)).enumerate() {
        let name = vram.read(tables::name(regs, names + column as u16));
        let addr = if thirds {
            tables::pattern_thirds(regs, third, name, line)
        } else {
            tables::pattern(regs, name, line)
        };
        let pattern = vram.read(addr);
        for (i, px) in cell.iter_mut().enumerate() {
            if pattern & (0x80 >> i) != 0 {
                *px = fg;
            }
        }
    }
}

/// A line of the M1 + M2 stripes.
pub fn stripes(row: &mut [u8; LINE_PX], regs: &Registers) {
    let backdrop = regs.backdrop();
    let fg = opaque(regs.get(7) >> 4, backdrop);
    row.fill(backdrop);
    for cell in row[8..248].chunks_exact_mut(TEXT_CELL_PX) {
        cell[..4].fill(fg);
    }
}
