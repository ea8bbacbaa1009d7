use super::*;

/// An address from the committed label file (ld65 `-Ln`): `al 00E000 .irq_entry`.
fn label(name: &str) -> u16 {
    let lbl = include_str!("../../../../../roms/vera/kernal/kernal.lbl");
    let line = lbl
        .lines()
        .find(|l| l.ends_with(&format!(" .{name}")))
        .unwrap_or_else(|| panic!("{name} is not in kernal.lbl"));
    u16::from_str_radix(&line[3..9], 16).unwrap()
}

fn word(at: u16) -> u16 {
    let i = usize::from(at - 0xC000);
    u16::from_le_bytes([IMAGE[i], IMAGE[i + 1]])
}

#[test]
fn the_fixed_addresses_are_where_the_assembler_put_them() {
    assert_eq!(label("irq_entry"), IRQ_ENTRY);
    assert_eq!(label("nmi_entry"), NMI_ENTRY);
    assert_eq!(label("default_irq"), DEFAULT_IRQ);
    assert_eq!(label("default_nmi"), DEFAULT_NMI);
    assert_eq!(label("default_brk"), DEFAULT_BRK);
    assert_eq!(label("reset"), RESET_ENTRY);
    assert_eq!(label("init_done"), INIT_DONE);
    assert_eq!(label("basic_return"), BASIC_RETURN);
    assert_eq!(label("petscii_font"), 0xC000);
    assert_eq!(label("iso_font"), 0xC800);
}

#[test]
fn vectors_and_jump_table_point_at_the_routines() {
    assert_eq!(word(0xFFFE), IRQ_ENTRY);
    assert_eq!(word(0xFFFA), NMI_ENTRY);
    assert_eq!(word(0xFFFC), RESET_ENTRY);
    // JMP chrout at $FFD2, JMP joystick_get at $FF56.
    assert_eq!(IMAGE[usize::from(0xFFD2u16 - 0xC000)], 0x4C);
    assert_eq!(word(0xFFD3), label("chrout"));
    assert_eq!(word(0xFF57), label("joystick_get"));
    assert_eq!(IMAGE[usize::from(DEFAULT_BRK - 0xC000)], STP);
    assert_eq!(IMAGE[usize::from(INIT_DONE - 0xC000)], STP);
}

#[test]
fn entries_the_kernal_lacks_are_traps_named() {
    assert!(runs(DEFAULT_IRQ) && runs(IRQ_ENTRY) && runs(0xFFD2) && runs(JOYSTICK_GET));
    assert!(!runs(DEFAULT_BRK) && !runs(INIT_DONE));
    // MACPTR and the graphics library are not here.
    assert!(!runs(0xFF44) && !runs(0xFF20));
    assert_eq!(kernal_entry_name(0xFF44), Some("MACPTR"));
    assert_eq!(kernal_entry_name(0xFFD2), Some("CHROUT"));
    assert_eq!(kernal_entry_name(0xFFD3), None);
}

#[test]
fn the_charsets_are_the_x16_rom_s() {
    // Glyph 1 of the PETSCII upper case set is `A` (charset/petscii.s), of the
    // upper/lower case set `a`.
    let a = [0x18, 0x3C, 0x66, 0x7E, 0x66, 0x66, 0x66, 0x00];
    assert_eq!(&IMAGE[8..16], &a);
    let lower_a = [0x00, 0x00, 0x3C, 0x06, 0x3E, 0x66, 0x3E, 0x00];
    assert_eq!(&IMAGE[0x408..0x410], &lower_a);
}

#[test]
fn screen_codes_read_back_as_text() {
    use text::{Charset, screen_char};
    assert_eq!(screen_char(0x08, Charset::Upper), 'H');
    assert_eq!(screen_char(0x08, Charset::Lower), 'h');
    assert_eq!(screen_char(0x48, Charset::Lower), 'H');
    assert_eq!(screen_char(0x21, Charset::Upper), '!');
    assert_eq!(screen_char(0x88, Charset::Upper), 'H', "reversed");
    assert_eq!(screen_char(b'h', Charset::Iso), 'h');
}
