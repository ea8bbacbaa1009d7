//! The project's KERNAL: the 16 KB ROM bank 0 a program runs under when the user gives no
//! `rom.bin` (specs/programs.md), written from the public API documentation (the
//! Commander X16 Programmer's Reference, "KERNAL"; cc65's cx16 headers and runtime in
//! Debian's cc65 2.19), never from the X16 ROM's code.
//!
//! # How it runs: 65C02 code on the board
//! The KERNAL is 65C02 code the board executes like any other: its source is
//! `roms/vera/kernal/*.s`, assembled by ca65/ld65 into the committed `kernal.bin` that
//! `hitlab roms --check` rebuilds byte for byte. So a call costs exactly the cycles of its
//! instructions, reads and writes VERA through the bus as the machine's KERNAL does (a
//! CHROUT moves ADDR0, a scroll uses both data ports), and an interrupt that lands inside a
//! KERNAL routine is taken between its instructions. Native traps at the vectors would
//! have to be given a cycle cost by hand and would touch VRAM without the port's side
//! effects; the code avoids both, at the price of being written in assembly. Each source
//! file states its routines' cycle costs and how they were counted.
//!
//! # What it has
//! - channel I/O (`channel.s`, `serial.s`): SETLFS, SETNAM, OPEN, CLOSE, CHKIN, CHKOUT,
//!   CLRCHN, CLALL, READST, CHROUT, CHRIN, GETIN, LOAD, SAVE; devices 0 (keyboard) and 3
//!   (screen); 4-31 on the serial bus through LISTEN, SECOND, CIOUT, UNLSN, TALK, TKSA,
//!   ACPTR and UNTLK at their jump-table entries, which answer "device not present"
//!   (carry set, A = 5, READST bit 7) unless the board's drive answers them
//!   ([`super::drive`]);
//! - the keyboard (`keyboard.s`, `i2c.s`): one keycode a VSYNC read from the SMC over the
//!   I2C bus on VIA 1, a US keymap to PETSCII, `i2c_read_byte`/`i2c_write_byte`;
//! - the screen editor's output (`screen.s`): PETSCII and ISO text, the control codes
//!   (clear, home, cursor moves, reverse, colours, charset switches), wrapping, scrolling,
//!   PLOT, SCREEN, `screen_mode` ($00-$06), `screen_set_charset` (1-6);
//! - the clocks (`clock.s`): RDTIM, SETTIM, UDTIM, `clock_get_date_time`,
//!   `clock_set_date_time`; the interrupt path (`irq.s`);
//! - the rest (`misc.s`): `kbdbuf_peek/get_modifiers/put`, `entropy_get`,
//!   `joystick_scan/get`, `mouse_config/get/scan`, MEMTOP, MEMBOT, IOBASE, STOP, PRIMM,
//!   `jsrfar`; RESTOR and CINT (`kernal.s`).
//!
//! A jump-table entry it lacks holds STP: the board stops with a fault naming the routine
//! and its caller ([`kernal_entry_name`]). A `BRK` reaching the default BRK handler stops
//! it naming the `BRK`.
//!
//! # The start
//! The board runs the KERNAL's RESET code ([`boot::run_reset`]) on a CPU of its own before
//! the program's first cycle; it ends in STP at [`INIT_DONE`]. So the screen a program
//! starts with is the one the KERNAL's code leaves: layer 1 an 80x60 text screen of the
//! X16's PETSCII upper case set, white on blue, cleared, the cursor home.
//!
//! # The text screen's place: r38's layout
//! The map is at VRAM $00000 (128 x 64 cells, row r at r x 256) and the character set at
//! $0F800, where the X16's r38 KERNAL kept them. Debian's cc65 (2.19) writes the screen
//! directly there (its conio's `putchar` sets ADDR_H = $10, ADDR_M = CURS_Y,
//! ADDR_L = CURS_X x 2), so a C program's `cputc` output is on the screen only with this
//! layout; the current KERNAL moved the map to $1B000 and the set to $1F000. The
//! variables cc65's runtime reads and writes directly (CURS_X $0380, CURS_Y $0383,
//! CHARCOLOR $0376, RVS $0377, the keyboard buffer count $A00A of RAM bank 0...) are at
//! the addresses its `cx16.inc` gives.

mod boot;
mod entries;
pub mod text;

pub use boot::run_reset;
pub use entries::kernal_entry_name;

/// The assembled KERNAL (`roms/vera/kernal/kernal.bin`).
pub const IMAGE: &[u8; ROM_BANK_BYTES] =
    include_bytes!("../../../../../roms/vera/kernal/kernal.bin");

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
/// The default IRQ handler (what CINV holds at start).
pub const DEFAULT_IRQ: u16 = 0xE020;
/// The default NMI handler.
pub const DEFAULT_NMI: u16 = 0xE040;
/// The default BRK handler: STP, a trap.
pub const DEFAULT_BRK: u16 = 0xE048;
/// RESET: the KERNAL's start-up code.
pub const RESET_ENTRY: u16 = 0xE050;
/// The STP the start-up code ends on.
pub const INIT_DONE: u16 = 0xE109;
/// Where a program's `RTS` from its start lands (the start-up code leaves its address
/// - 1 at $0100-$0101, which an `RTS` with S = $FF pulls): an STP, BASIC's place.
pub const BASIC_RETURN: u16 = 0xE10A;
/// KERNAL `joystick_scan` in the jump table.
pub const JOYSTICK_SCAN: u16 = 0xFF53;
/// KERNAL `joystick_get` in the jump table.
pub const JOYSTICK_GET: u16 = 0xFF56;
/// Where pad 1's two SNES bytes are kept, in RAM bank 0 (the KERNAL's bank): byte 0
/// (B Y SELECT START UP DOWN LEFT RIGHT, bit 7 first) and byte 1 (A X L R, then four 1
/// bits), 0 = held, as `joystick_get` returns them. After the keyboard buffer ($A000-$A00A).
pub const PAD_STATE: u16 = 0xA010;

/// The STP opcode: what fills the ROM where the KERNAL has no code.
const STP: u8 = 0xDB;

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

/// The KERNAL's 16 KB ROM bank.
#[must_use]
pub fn rom() -> Box<[u8]> {
    IMAGE.to_vec().into_boxed_slice()
}

/// Whether the PC may run at `pc` in the KERNAL's ROM: anywhere but on an STP (a jump
/// table entry it lacks, the BRK trap, the unused space).
#[must_use]
pub const fn runs(pc: u16) -> bool {
    pc >= 0xC000 && IMAGE[(pc - 0xC000) as usize] != STP
}

#[cfg(test)]
mod tests;
