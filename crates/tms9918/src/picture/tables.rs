//! Where the chip reads a line's names, patterns and colours.
//!
//! Every table address is formed the same way: the table's register gives the high
//! address bits and the entry's index the low ones, and where the register's field
//! reaches down into the index the two are ANDed. openMSX models this as
//! `baseMask & index`, with the register value shifted into place and the bits below it
//! set to 1, and the index with every bit above its width set to 1 (`VDP.cc`
//! `updateNameBase`/`updateColorBase`/`updatePatternBase`, `VDPVRAM.hh`
//! `VRAMWindow::readNP`). In the modes of the data manual the register field and the
//! index do not overlap, so this is plain `base + index`; in Graphics II they do, which is
//! the R3/R4 masking of that mode (data manual, "Graphics II mode"; SY 3.3):
//! - pattern generator: R4 bit 2 is address bit 13; R4 bits 1-0 are ANDed with the
//!   screen third (address bits 12-11). On the TMS9918A, R3 bits 4-0 are also ANDed with
//!   address bits 10-6 of the pattern address: the colour mask leaks into the pattern
//!   table (openMSX `updatePatternBase`, `vdpHasPatColMirroring`, true for the
//!   TMS99X8A);
//! - colour table: R3 bit 7 is address bit 13; R3 bits 6-0 are ANDed with address bits
//!   12-6 (the third and the top five bits of the name).
//!
//! The undocumented Text and Multicolor variants with M3 set take Graphics II's three
//! pattern tables with R4's mask but not R3's (openMSX `updatePatternBase` for `TEXT1Q`
//! and `MULTIQ`; SY 3.5, 3.6).

use crate::registers::Registers;
use crate::vram::ADDRESS_MASK;

/// The table address for `index` (`index_bits` wide) under `base_mask`: the register
/// field shifted into place with the bits below it set.
#[inline]
const fn masked(base_mask: u16, index: u16, index_bits: u32) -> u16 {
    base_mask & (index | !((1u16 << index_bits) - 1)) & ADDRESS_MASK
}

/// The screen third (0-2) of display line `line`: 64 lines, eight character rows each.
#[inline]
#[must_use]
pub const fn third(line: u16) -> u16 {
    line / 64
}

/// Name table entry `index` (R2 bits 3-0 x 0x400): row x 32 + column in the 32-column
/// modes, row x 40 + column in Text.
#[inline]
#[must_use]
pub const fn name(regs: &Registers, index: u16) -> u16 {
    masked(((regs.get(2) as u16) << 10) | 0x3FF, index, 10)
}

/// Pattern generator byte `row` (0-7) of pattern `pattern`, R4 x 0x800: Graphics I,
/// Text and Multicolor.
#[inline]
#[must_use]
pub const fn pattern(regs: &Registers, pattern: u8, row: u16) -> u16 {
    masked(
        ((regs.get(4) as u16) << 11) | 0x7FF,
        ((pattern as u16) << 3) | (row & 7),
        11,
    )
}

/// Graphics I colour table entry of pattern `pattern`: one byte per eight patterns,
/// R3 x 0x40.
#[inline]
#[must_use]
pub const fn colour_g1(regs: &Registers, pattern: u8) -> u16 {
    masked(((regs.get(3) as u16) << 6) | 0x3F, (pattern as u16) >> 3, 6)
}

/// The 13-bit index of Graphics II and the M3 variants: third, name, row.
#[inline]
const fn index13(third: u16, pattern: u8, row: u16) -> u16 {
    (third << 11) | ((pattern as u16) << 3) | (row & 7)
}

/// Graphics II pattern generator byte: R4 bit 2 and the R4 bits 1-0 / R3 bits 4-0 masks.
#[inline]
#[must_use]
pub const fn pattern_g2(regs: &Registers, third: u16, pattern: u8, row: u16) -> u16 {
    let base = ((regs.get(4) as u16) << 11) | (((regs.get(3) & 0x1F) as u16) << 6) | 0x3F;
    masked(base, index13(third, pattern, row), 13)
}

/// Graphics II colour table byte: R3 bit 7 and the R3 bits 6-0 mask.
#[inline]
#[must_use]
pub const fn colour_g2(regs: &Registers, third: u16, pattern: u8, row: u16) -> u16 {
    masked(
        ((regs.get(3) as u16) << 6) | 0x3F,
        index13(third, pattern, row),
        13,
    )
}

/// Pattern byte of the M3 variants of Text and Multicolor: three pattern tables selected
/// by the third under R4's mask.
#[inline]
#[must_use]
pub const fn pattern_thirds(regs: &Registers, third: u16, pattern: u8, row: u16) -> u16 {
    masked(
        ((regs.get(4) as u16) << 11) | 0x7FF,
        index13(third, pattern, row),
        13,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regs(values: [(u8, u8); 3]) -> Registers {
        let mut r = Registers::new();
        for (n, v) in values {
            r.write(n, v);
        }
        r
    }

    #[test]
    fn graphics_1_tables_are_base_plus_index() {
        // SCREEN 1: names 0x1800, colours 0x2000, patterns 0x0000.
        let r = regs([(2, 0x06), (3, 0x80), (4, 0x00)]);
        assert_eq!(name(&r, 32 * 23 + 31), 0x1800 + 767);
        assert_eq!(colour_g1(&r, 0x41), 0x2000 + 8);
        assert_eq!(pattern(&r, 0x41, 3), 0x41 * 8 + 3);
    }

    #[test]
    fn graphics_2_open_masks_give_three_tables() {
        // SCREEN 2: R3 = 0xFF (colours 0x2000), R4 = 0x03 (patterns 0x0000).
        let r = regs([(2, 0x06), (3, 0xFF), (4, 0x03)]);
        assert_eq!(pattern_g2(&r, 2, 0x10, 5), 0x1000 + 0x80 + 5);
        assert_eq!(colour_g2(&r, 1, 0xFF, 7), 0x2000 + 0x800 + 0x7FF);
    }

    #[test]
    fn graphics_2_masks_and_the_r3_leak() {
        // R4 = 0x05: patterns at 0x2000, only the middle third has its own table.
        // R3 = 0x9F: colours at 0x2000 shared by the three thirds; bits 4-0 all open.
        let r = regs([(2, 0x0E), (3, 0x9F), (4, 0x05)]);
        assert_eq!(pattern_g2(&r, 2, 0x01, 0), 0x2008);
        assert_eq!(pattern_g2(&r, 1, 0x01, 0), 0x2808);
        assert_eq!(colour_g2(&r, 2, 0x01, 0), 0x2008);
        // R3 = 0x80: colour bits 12-6 all masked, so only names 0-7 have colours, and the
        // leak limits the pattern table the same way.
        let r = regs([(2, 0x0E), (3, 0x80), (4, 0x03)]);
        assert_eq!(colour_g2(&r, 2, 0xFF, 7), 0x2000 + 0x3F);
        assert_eq!(pattern_g2(&r, 2, 0xFF, 7), 0x1000 + 0x3F);
    }
}
