//! The text on the KERNAL's screen, read back from VRAM: layer 1's map as the KERNAL
//! sets it up (see [`super`]), each cell's screen code turned back into the character a
//! program printed.
//!
//! PETSCII screen codes (the C64's, the X16's PETSCII sets): $00 is `@`, $01-$1A the
//! letters, $1B-$3F punctuation and digits as in ASCII, $40-$7F graphics; $80-$FF are
//! the same reversed. In the upper/lower case set $01-$1A are lower case and $41-$5A
//! upper case. The ISO set's codes are ISO-8859-15.

/// VRAM bytes between two rows of the map (128 cells of 2 bytes).
const ROW_BYTES: u32 = 256;
/// VRAM $0F800: the character set's address.
const CHARSET_VRAM: u32 = 0x0F800;

/// Which character set a screen code is read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Charset {
    /// PETSCII upper case and graphics.
    Upper,
    /// PETSCII upper and lower case.
    Lower,
    /// ISO-8859-15.
    Iso,
}

/// The character screen code `code` shows in `set`; graphics come back as `·`.
#[must_use]
pub fn screen_char(code: u8, set: Charset) -> char {
    if set == Charset::Iso {
        return match code {
            0x20..=0x7E | 0xA0..=0xFF => char::from(code),
            _ => '·',
        };
    }
    let code = code & 0x7F;
    match (code, set) {
        (0x00, _) => '@',
        (0x01..=0x1A, Charset::Upper) => char::from(b'A' + code - 1),
        (0x01..=0x1A, _) => char::from(b'a' + code - 1),
        (0x1B..=0x1F, _) => ['[', '£', ']', '↑', '←'][usize::from(code - 0x1B)],
        (0x20..=0x3F, _) => char::from(code),
        (0x41..=0x5A, Charset::Lower) => char::from(b'A' + code - 0x41),
        _ => '·',
    }
}

/// The character set loaded at $0F800 (`vram` reads a byte of VRAM), told by glyph 1: `A` in the upper case set,
/// `a` in the upper/lower case set (the ISO set's glyph 1 is an X16 addition).
#[must_use]
pub fn loaded_charset(vram: impl Fn(u32) -> u8) -> Charset {
    let petscii = &super::IMAGE[..0x800];
    let glyph = |base: usize| &petscii[base + 8..base + 16];
    let vram: Vec<u8> = (8..16).map(|i| vram(CHARSET_VRAM + i)).collect();
    if vram == glyph(0) {
        Charset::Upper
    } else if vram == glyph(0x400) {
        Charset::Lower
    } else {
        Charset::Iso
    }
}

/// Row `row` of the text screen, `cols` cells, read in `set`, trailing spaces removed.
#[must_use]
pub fn row_text(vram: impl Fn(u32) -> u8, row: u8, cols: u8, set: Charset) -> String {
    let text: String = (0..u32::from(cols))
        .map(|c| {
            let code = vram(u32::from(row) * ROW_BYTES + c * 2);
            screen_char(code, set)
        })
        .collect();
    text.trim_end().to_owned()
}

/// The screen's rows, `cols` x `rows` cells, in the character set loaded; `vram` reads
/// a byte of VRAM.
#[must_use]
pub fn screen_text(vram: impl Fn(u32) -> u8, cols: u8, rows: u8) -> Vec<String> {
    let set = loaded_charset(&vram);
    (0..rows).map(|r| row_text(&vram, r, cols, set)).collect()
}
