//! Text typed on the X16's keyboard, as the keycodes the SMC queues: each character a
//! key of a US PC keyboard going down and up, with Shift around it where the character
//! needs it. The numbers are the keys' IBM numbers, as x16emu's
//! `keynum_from_SDL_Scancode` gives them (X16Community/x16-emulator, commit 49b1fbd);
//! the KERNAL's keymap (`roms/vera/kernal/keyboard.s`) turns them into PETSCII.

/// Left Shift's key number.
pub const LEFT_SHIFT: u8 = 44;
/// A key going up: its number with bit 7 set.
pub const KEY_UP: u8 = 0x80;

/// Keys by row of a US PC keyboard: (number, character, character with Shift).
const KEYS: &[(u8, char, char)] = &[
    (2, '1', '!'),
    (3, '2', '@'),
    (4, '3', '#'),
    (5, '4', '$'),
    (6, '5', '%'),
    (7, '6', '^'),
    (8, '7', '&'),
    (9, '8', '*'),
    (10, '9', '('),
    (11, '0', ')'),
    (12, '-', '_'),
    (13, '=', '+'),
    (17, 'q', 'Q'),
    (18, 'w', 'W'),
    (19, 'e', 'E'),
    (20, 'r', 'R'),
    (21, 't', 'T'),
    (22, 'y', 'Y'),
    (23, 'u', 'U'),
    (24, 'i', 'I'),
    (25, 'o', 'O'),
    (26, 'p', 'P'),
    (27, '[', '['),
    (28, ']', ']'),
    (31, 'a', 'A'),
    (32, 's', 'S'),
    (33, 'd', 'D'),
    (34, 'f', 'F'),
    (35, 'g', 'G'),
    (36, 'h', 'H'),
    (37, 'j', 'J'),
    (38, 'k', 'K'),
    (39, 'l', 'L'),
    (40, ';', ':'),
    (41, '\'', '"'),
    (46, 'z', 'Z'),
    (47, 'x', 'X'),
    (48, 'c', 'C'),
    (49, 'v', 'V'),
    (50, 'b', 'B'),
    (51, 'n', 'N'),
    (52, 'm', 'M'),
    (53, ',', '<'),
    (54, '.', '>'),
    (55, '/', '?'),
    (61, ' ', ' '),
];
/// RETURN's key number (typed for `\n`).
const RETURN: u8 = 43;

/// The keycodes that type `c`, or `None` for a character no key gives.
#[must_use]
pub fn keycodes(c: char) -> Option<Vec<u8>> {
    if c == '\n' || c == '\r' {
        return Some(vec![RETURN, RETURN | KEY_UP]);
    }
    let &(key, plain, _) = KEYS.iter().find(|&&(_, p, s)| p == c || s == c)?;
    Some(if plain == c {
        vec![key, key | KEY_UP]
    } else {
        vec![LEFT_SHIFT, key, key | KEY_UP, LEFT_SHIFT | KEY_UP]
    })
}

/// The keycodes that type `text`.
///
/// # Errors
/// The first character no key of the keyboard gives, and where it is.
pub fn type_text(text: &str) -> Result<Vec<u8>, String> {
    let mut codes = Vec::new();
    for (i, c) in text.chars().enumerate() {
        let Some(k) = keycodes(c) else {
            return Err(format!(
                "character {} of {text:?} ({c:?}) is on no key of the X16's US keyboard \
                 (letters, digits, the punctuation of a PC keyboard, space and \\n for \
                 RETURN)",
                i + 1
            ));
        };
        codes.extend(k);
    }
    Ok(codes)
}
