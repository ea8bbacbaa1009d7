//! The project's KERNAL shim: the 16 KB ROM bank 0 a program runs under when the user gives
//! no `rom.bin` (specs/programs.md). It does what a program written against the X16 KERNAL
//! relies on at interrupt time and nothing else:
//!
//! - the hardware IRQ/BRK entry ($FFFE -> [`IRQ_ENTRY`]) saves A, X, Y (in that order, as
//!   the X16 KERNAL's `irq` entry does) and jumps through CINV `$0314`, or through CBINV
//!   `$0316` when the pushed status has B set (a `BRK`);
//! - the NMI entry ($FFFA -> [`NMI_ENTRY`]) saves A, X, Y and jumps through NMINV `$0318`;
//! - the default IRQ handler ([`DEFAULT_IRQ`], what `$0314` holds at start) acknowledges
//!   VSYNC in VERA's ISR (the KERNAL's handler does, so a program that chains to it does
//!   not take the same interrupt again), restores Y, X, A and returns with `RTI`;
//! - the default BRK handler ([`DEFAULT_BRK`], in `$0316`) is a trap: the board stops with
//!   a fault naming the `BRK`'s address (the KERNAL would enter its monitor);
//! - the default NMI handler restores Y, X, A and returns;
//! - `joystick_scan` ($FF53) returns at once and `joystick_get` ($FF56) returns pad 1's
//!   state as the KERNAL does (A = SNES byte 0, X = byte 1, Y = $00 present; joystick
//!   0, the keyboard's, present with nothing held; 2-4 absent, Y = $FF), read from
//!   [`PAD_STATE`] in RAM bank 0, which the board refreshes from the harness's input
//!   before each frame (where the KERNAL's `joystick_scan` would read the VIA at VSYNC);
//! - every other byte is `STP`; the board stops with a fault naming the KERNAL routine
//!   when the PC enters one of the KERNAL's entry points ([`kernal_entry_name`]).

use super::bus::ROM_BANK_BYTES;

/// CINV, the IRQ vector in RAM.
pub const CINV: u16 = 0x0314;
/// CBINV, the BRK vector in RAM.
pub const CBINV: u16 = 0x0316;
/// NMINV, the NMI vector in RAM.
pub const NMINV: u16 = 0x0318;
/// The hardware IRQ/BRK entry.
pub const IRQ_ENTRY: u16 = 0xE000;
/// The hardware NMI entry.
pub const NMI_ENTRY: u16 = 0xE014;
/// The default IRQ handler.
pub const DEFAULT_IRQ: u16 = 0xE020;
/// The default BRK handler: a trap.
pub const DEFAULT_BRK: u16 = 0xE030;
/// The default NMI handler.
pub const DEFAULT_NMI: u16 = 0xE040;
/// Where RESET points: a trap (the board starts programs directly).
pub const RESET_ENTRY: u16 = 0xE050;
/// The last byte of the interrupt code.
pub const SHIM_END: u16 = 0xE04F;
/// KERNAL `joystick_scan` in the jump table.
pub const JOYSTICK_SCAN: u16 = 0xFF53;
/// KERNAL `joystick_get` in the jump table.
pub const JOYSTICK_GET: u16 = 0xFF56;
/// The shim's `joystick_get`.
pub const JOYSTICK_GET_CODE: u16 = 0xE060;
/// Its last byte.
pub const JOYSTICK_GET_END: u16 = 0xE080;
/// Where pad 1's two SNES bytes are kept, in RAM bank 0 (the KERNAL's bank): byte 0
/// (B Y SELECT START UP DOWN LEFT RIGHT, bit 7 first) and byte 1 (A X L R, then four 1
/// bits), 0 = held, as `joystick_get` returns them.
pub const PAD_STATE: u16 = 0xA000;

const STP: u8 = 0xDB;

/// The shim's code, `(address, bytes)`, each line one 65C02 instruction.
const CODE: &[(u16, &[u8])] = &[
    // IRQ_ENTRY
    (0xE000, &[0x48]),             // PHA
    (0xE001, &[0xDA]),             // PHX
    (0xE002, &[0x5A]),             // PHY
    (0xE003, &[0xBA]),             // TSX
    (0xE004, &[0xBD, 0x04, 0x01]), // LDA $0104,X   ; the status the entry pushed
    (0xE007, &[0x29, 0x10]),       // AND #$10      ; B: a BRK
    (0xE009, &[0xD0, 0x03]),       // BNE $E00E
    (0xE00B, &[0x6C, 0x14, 0x03]), // JMP ($0314)   ; CINV
    (0xE00E, &[0x6C, 0x16, 0x03]), // JMP ($0316)   ; CBINV
    // NMI_ENTRY
    (0xE014, &[0x48]),             // PHA
    (0xE015, &[0xDA]),             // PHX
    (0xE016, &[0x5A]),             // PHY
    (0xE017, &[0x6C, 0x18, 0x03]), // JMP ($0318)   ; NMINV
    // DEFAULT_IRQ
    (0xE020, &[0xA9, 0x01]),       // LDA #$01
    (0xE022, &[0x8D, 0x27, 0x9F]), // STA $9F27     ; ISR: acknowledge VSYNC
    (0xE025, &[0x7A]),             // PLY
    (0xE026, &[0xFA]),             // PLX
    (0xE027, &[0x68]),             // PLA
    (0xE028, &[0x40]),             // RTI
    // DEFAULT_BRK: STP, the board's trap ($E030)
    // DEFAULT_NMI
    (0xE040, &[0x7A]), // PLY
    (0xE041, &[0xFA]), // PLX
    (0xE042, &[0x68]), // PLA
    (0xE043, &[0x40]), // RTI
    // JOYSTICK_GET_CODE: A = 1 reads pad 1's two SNES bytes from PAD_STATE in RAM bank 0
    // (restoring the program's bank); A = 0, the keyboard joystick, is present with
    // nothing held; pads 2-4 are absent (Y = $FF).
    (0xE060, &[0xC9, 0x01]),       // CMP #$01
    (0xE062, &[0xF0, 0x0C]),       // BEQ $E070
    (0xE064, &[0xA0, 0xFF]),       // LDY #$FF      ; absent
    (0xE066, &[0xC9, 0x00]),       // CMP #$00
    (0xE068, &[0xD0, 0x02]),       // BNE $E06C
    (0xE06A, &[0xA0, 0x00]),       // LDY #$00      ; the keyboard joystick: present
    (0xE06C, &[0xA9, 0xFF]),       // LDA #$FF      ; nothing held (active low)
    (0xE06E, &[0xAA]),             // TAX
    (0xE06F, &[0x60]),             // RTS
    (0xE070, &[0xA5, 0x00]),       // LDA $00       ; the program's RAM bank
    (0xE072, &[0x48]),             // PHA
    (0xE073, &[0x64, 0x00]),       // STZ $00       ; bank 0, the KERNAL's
    (0xE075, &[0xAE, 0x01, 0xA0]), // LDX $A001     ; SNES byte 1
    (0xE078, &[0xAD, 0x00, 0xA0]), // LDA $A000     ; SNES byte 0
    (0xE07B, &[0x7A]),             // PLY
    (0xE07C, &[0x84, 0x00]),       // STY $00
    (0xE07E, &[0xA0, 0x00]),       // LDY #$00      ; present
    (0xE080, &[0x60]),             // RTS
    // The jump table: joystick_scan returns at once (the board refreshes PAD_STATE),
    // joystick_get jumps to the code above.
    (0xFF53, &[0x60]),             // RTS
    (0xFF56, &[0x4C, 0x60, 0xE0]), // JMP $E060
    // The hardware vectors.
    (0xFFFA, &[0x14, 0xE0]), // NMI -> $E014
    (0xFFFC, &[0x50, 0xE0]), // RESET -> $E050
    (0xFFFE, &[0x00, 0xE0]), // IRQ/BRK -> $E000
];

/// Pad 1's two SNES bytes for `joystick_get` from the harness's input: Input A is
/// SNES B, B is SNES A, C is SNES Y (Commander X16 Programmer's Reference,
/// `joystick_get`: 0 = held).
#[must_use]
pub fn snes_bytes(pad1: u16) -> [u8; 2] {
    use crate::program::Input;
    let held = |bit: u16, at: u8| if pad1 & bit != 0 { 1u8 << at } else { 0 };
    let byte0 = held(Input::A, 7)
        | held(Input::C, 6)
        | held(Input::START, 4)
        | held(Input::UP, 3)
        | held(Input::DOWN, 2)
        | held(Input::LEFT, 1)
        | held(Input::RIGHT, 0);
    let byte1 = held(Input::B, 7);
    [!byte0, !byte1]
}

/// The shim's 16 KB ROM bank.
#[must_use]
pub fn rom() -> Box<[u8]> {
    let mut rom = vec![STP; ROM_BANK_BYTES];
    for &(at, bytes) in CODE {
        let start = usize::from(at - 0xC000);
        // No two instructions overlap.
        debug_assert!(rom[start..start + bytes.len()].iter().all(|&b| b == STP));
        rom[start..start + bytes.len()].copy_from_slice(bytes);
    }
    rom.into_boxed_slice()
}

/// Whether the PC may run at `pc` in the shim's ROM (its code, not a trap).
#[must_use]
pub const fn runs(pc: u16) -> bool {
    (pc >= IRQ_ENTRY && pc < DEFAULT_BRK)
        || (pc >= DEFAULT_NMI && pc <= SHIM_END && pc != RESET_ENTRY)
        || (pc >= JOYSTICK_GET_CODE && pc <= JOYSTICK_GET_END)
        || pc == JOYSTICK_SCAN
        || (pc >= JOYSTICK_GET && pc < JOYSTICK_GET + 3)
}

/// The KERNAL routine whose jump-table entry is `pc` (Commander X16 Programmer's
/// Reference, "KERNAL": the C64-compatible table $FF81-$FFF3 and the X16 additions).
#[must_use]
pub fn kernal_entry_name(pc: u16) -> Option<&'static str> {
    Some(match pc {
        0xFF44 => "MACPTR",
        0xFF47 => "enter_basic",
        0xFF4A => "CLOSE_ALL",
        0xFF4D => "clock_set_date_time",
        0xFF50 => "clock_get_date_time",
        0xFF53 => "joystick_scan",
        0xFF56 => "joystick_get",
        0xFF59 => "LKUPLA",
        0xFF5C => "LKUPSA",
        0xFF5F => "screen_mode",
        0xFF62 => "screen_set_charset",
        0xFF65 => "PFKEY",
        0xFF68 => "mouse_config",
        0xFF6B => "mouse_get",
        0xFF6E => "jsrfar",
        0xFF71 => "mouse_scan",
        0xFF74 => "FETCH",
        0xFF77 => "STASH",
        0xFF7D => "PRIMM",
        0xFF81 => "CINT",
        0xFF84 => "IOINIT",
        0xFF87 => "RAMTAS",
        0xFF8A => "RESTOR",
        0xFF8D => "VECTOR",
        0xFF90 => "SETMSG",
        0xFF93 => "SECOND",
        0xFF96 => "TKSA",
        0xFF99 => "MEMTOP",
        0xFF9C => "MEMBOT",
        0xFF9F => "SCNKEY",
        0xFFA2 => "SETTMO",
        0xFFA5 => "ACPTR",
        0xFFA8 => "CIOUT",
        0xFFAB => "UNTLK",
        0xFFAE => "UNLSN",
        0xFFB1 => "LISTEN",
        0xFFB4 => "TALK",
        0xFFB7 => "READST",
        0xFFBA => "SETLFS",
        0xFFBD => "SETNAM",
        0xFFC0 => "OPEN",
        0xFFC3 => "CLOSE",
        0xFFC6 => "CHKIN",
        0xFFC9 => "CHKOUT",
        0xFFCC => "CLRCHN",
        0xFFCF => "CHRIN",
        0xFFD2 => "CHROUT",
        0xFFD5 => "LOAD",
        0xFFD8 => "SAVE",
        0xFFDB => "SETTIM",
        0xFFDE => "RDTIM",
        0xFFE1 => "STOP",
        0xFFE4 => "GETIN",
        0xFFE7 => "CLALL",
        0xFFEA => "UDTIM",
        0xFFED => "SCREEN",
        0xFFF0 => "PLOT",
        0xFFF3 => "IOBASE",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vectors_point_at_the_entries() {
        let rom = rom();
        let word = |at: u16| {
            u16::from_le_bytes([rom[usize::from(at - 0xC000)], rom[usize::from(at - 0xBFFF)]])
        };
        assert_eq!(word(0xFFFE), IRQ_ENTRY);
        assert_eq!(word(0xFFFA), NMI_ENTRY);
        assert_eq!(rom[usize::from(DEFAULT_BRK - 0xC000)], STP);
        assert_eq!(kernal_entry_name(0xFFD2), Some("CHROUT"));
        assert!(runs(DEFAULT_IRQ) && !runs(DEFAULT_BRK) && !runs(0xFFD2));
        assert!(runs(JOYSTICK_GET) && runs(JOYSTICK_SCAN) && !runs(0xFF59));
    }
}
