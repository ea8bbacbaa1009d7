//! The pattern layer: the picture behind the sprites, one display line at a time.
//!
//! Mode bits (TMS9918A data manual, "Registers"; SY 1.2 and 3): M1 = R1 bit 4, M2 = R1
//! bit 3, M3 = R0 bit 1. SY numbers the modes by its own bit names (his "Mode 1 + 2" is
//! M1 + M3 here). openMSX forms the same three bits into its `DisplayMode` base and
//! draws each with a `CharacterConverter` function:
//!
//! | M1 M2 M3 | mode | openMSX |
//! |---|---|---|
//! | 0 0 0 | Graphics I | `renderGraphic1` |
//! | 0 0 1 | Graphics II | `renderGraphic2` |
//! | 0 1 0 | Multicolor | `renderMulti` |
//! | 1 0 0 | Text | `renderText1` |
//! | 1 0 1 | Text with Graphics II's three pattern tables (undocumented) | `renderText1Q` |
//! | 0 1 1 | Multicolor with the three pattern tables (undocumented) | `renderMultiQ` |
//! | 1 1 x | stripes, no table is read (undocumented) | `renderBogus` |
//!
//! Rules common to all modes:
//! - Colour 0 is transparent: the backdrop (R7 bits 3-0) shows through it (data manual;
//!   SY 3.1). openMSX puts the backdrop colour in palette entry 0 of the foreground
//!   palette (`SDLRasterizer::precalcColorIndex0`). A backdrop of 0 is black (index 0,
//!   see [`crate::palette`]).
//! - R1 bit 6 (BL) clear blanks the display: the whole line is backdrop (SY 1.2).
//! - Each line reads the registers and VRAM as they are when it is drawn, so a program
//!   that changes them between lines changes the picture from the next line on.
//!
//! One file per concern: [`tables`] (addresses and the Graphics II masks), [`graphics`]
//! (Graphics I and II), [`multicolor`], [`text`] (Text, its M3 variant and the stripes).

pub mod graphics;
pub mod multicolor;
pub mod tables;
pub mod text;

use crate::registers::Registers;
use crate::vram::Vram;

/// R0 bit 1: M3, Graphics II.
pub const R0_M3: u8 = 0x02;
/// R1 bit 4: M1, Text.
pub const R1_M1: u8 = crate::registers::R1_M1;
/// R1 bit 3: M2, Multicolor.
pub const R1_M2: u8 = 0x08;

/// The display mode R0 and R1 select.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// No mode bit: 32 x 24 patterns, one colour byte per eight patterns.
    Graphics1,
    /// M3: 32 x 24 patterns from three pattern and colour tables, one colour byte per row.
    Graphics2,
    /// M2: 64 x 48 blocks of 4 x 4 pixels.
    Multicolor,
    /// M1: 40 x 24 patterns of 6 x 8 pixels in the text colour, no sprites.
    Text,
    /// M1 + M3: Text with three pattern tables.
    TextThirds,
    /// M2 + M3: Multicolor with three pattern tables.
    MulticolorThirds,
    /// M1 + M2 (M3 either way): 40 columns of 4 text-colour and 2 backdrop pixels.
    Stripes,
}

impl Mode {
    /// The mode the mode bits of `regs` select.
    #[must_use]
    pub const fn of(regs: &Registers) -> Self {
        let m1 = regs.get(1) & R1_M1 != 0;
        let m2 = regs.get(1) & R1_M2 != 0;
        let m3 = regs.get(0) & R0_M3 != 0;
        match (m1, m2, m3) {
            (false, false, false) => Self::Graphics1,
            (false, false, true) => Self::Graphics2,
            (false, true, false) => Self::Multicolor,
            (false, true, true) => Self::MulticolorThirds,
            (true, false, false) => Self::Text,
            (true, false, true) => Self::TextThirds,
            (true, true, _) => Self::Stripes,
        }
    }

    /// The mode's name as the TMS9918A data manual calls it (the undocumented mixes by
    /// their mode bits).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Graphics1 => "Graphics I",
            Self::Graphics2 => "Graphics II",
            Self::Multicolor => "Multicolor",
            Self::Text => "Text",
            Self::TextThirds => "Text (M1+M3)",
            Self::MulticolorThirds => "Multicolor (M2+M3)",
            Self::Stripes => "M1+M2",
        }
    }
}

/// Pixels of a display line.
pub const LINE_PX: usize = 256;

/// Draws display line `line` (0-191) of the pattern layer into `row` as palette indices,
/// colour 0 already replaced by the backdrop.
pub fn draw_line(row: &mut [u8; LINE_PX], line: u16, regs: &Registers, vram: &Vram) {
    let backdrop = regs.backdrop();
    if !regs.display_enabled() {
        row.fill(backdrop);
        return;
    }
    match Mode::of(regs) {
        Mode::Graphics1 => graphics::graphics1(row, line, regs, vram),
        Mode::Graphics2 => graphics::graphics2(row, line, regs, vram),
        Mode::Multicolor => multicolor::draw(row, line, regs, vram, false),
        Mode::MulticolorThirds => multicolor::draw(row, line, regs, vram, true),
        Mode::Text => text::text(row, line, regs, vram, false),
        Mode::TextThirds => text::text(row, line, regs, vram, true),
        Mode::Stripes => text::stripes(row, regs),
    }
}

/// `colour`, or the backdrop when it is 0 (transparent).
#[inline]
#[must_use]
pub const fn opaque(colour: u8, backdrop: u8) -> u8 {
    if colour & 0x0F == 0 {
        backdrop
    } else {
        colour & 0x0F
    }
}

/// For each pattern byte, the bytes of a little-endian u64 its set bits cover, bit 7
/// (the leftmost pixel) first: bit 7 set gives byte 0 = 0xFF.
const PATTERN_MASKS: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut m = 0u64;
        let mut i = 0;
        while i < 8 {
            if b & (0x80 >> i) != 0 {
                m |= 0xFF << (8 * i);
            }
            i += 1;
        }
        table[b] = m;
        b += 1;
    }
    table
};

/// Draws one 8-pixel pattern row at `cell` (a multiple of 8 in the line): set bits in
/// `fg`, clear bits in `bg`, both already opaque.
#[inline]
pub(crate) fn draw8(row: &mut [u8; LINE_PX], cell: usize, pattern: u8, fg: u8, bg: u8) {
    let mask = PATTERN_MASKS[usize::from(pattern)];
    let fg = u64::from_le_bytes([fg; 8]);
    let bg = u64::from_le_bytes([bg; 8]);
    if let Some(chunk) = row.get_mut(cell..cell + 8) {
        chunk.copy_from_slice(&((fg & mask) | (bg & !mask)).to_le_bytes());
    }
}
