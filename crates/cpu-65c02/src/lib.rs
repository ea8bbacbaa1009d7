//! A cycle-counted WDC W65C02S core for running 65C02 code against a memory-mapped bus
//! whose reads can have side effects (the Commander X16's VERA auto-increments its data
//! ports on every read of `$9F23`/`$9F24`).
//!
//! # Sources of the rules
//! - Instruction set, addressing modes, cycle counts and their notes: the WDC W65C02S
//!   data sheet, Table 5-4 (opcode matrix) and Table 5-7 (cycle-by-cycle bus activity
//!   and its notes: page crossing, branch taken, decimal-mode ADC/SBC, RMW abs,X).
//! - Decimal mode: "Decimal Mode" tutorial by Bruce Clark on 6502.org (appendix A,
//!   the 65C02 sequences; N and Z are valid on the 65C02, V follows the 6502 rule).
//!
//! # Granularity
//! [`Cpu::step`] runs one whole instruction (or one interrupt entry) and returns its
//! cycle count. Interrupt lines are sampled between instructions, see [`Cpu::set_irq`]
//! and [`Cpu::nmi`].
//!
//! # What the bus sees
//! Every read and write that can reach memory-mapped I/O is issued in the order the
//! chip issues it. Cycles that only touch page zero, the stack or the program stream
//! are counted but not issued (listed in [`addressing`] and [`opcodes`]), so the bus
//! sees:
//! - opcode and operand fetches, the data read or write, pointer reads, stack pushes
//!   and pulls, and vector fetches;
//! - in the fix-up cycle of indexed addressing (abs,X, abs,Y, (zp),Y: reads on a page
//!   cross, stores and INC/DEC abs,X always): a re-read of the previous bus address
//!   (the last instruction byte, or the pointer's high byte for (zp),Y), as the CMOS
//!   part does, never a read at the unfixed (wrong-page) address and never a read of
//!   a store's target (see the open point in [`addressing`]);
//! - read-modify-write (ASL, LSR, ROL, ROR, INC, DEC, TRB, TSB, RMB, SMB on memory):
//!   read, read again at the same address, write. The NMOS dummy write of the
//!   unmodified value does not happen;
//! - decimal-mode ADC/SBC: the operand read, then the extra cycle repeating it.

pub mod addressing;
mod alu;
mod execute;
mod interrupts;
pub mod opcodes;
mod registers;

pub use registers::{Cpu, State, flags};

/// The CPU's view of memory: every bus cycle the core issues goes through here.
///
/// Reads take `&mut self` because memory-mapped devices may change state when read.
pub trait Bus {
    /// One read cycle at `addr`.
    fn read(&mut self, addr: u16) -> u8;
    /// One write cycle of `value` at `addr`.
    fn write(&mut self, addr: u16, value: u8);
}

/// Vector addresses (low byte; the high byte follows).
pub mod vectors {
    /// NMI vector.
    pub const NMI: u16 = 0xFFFA;
    /// RESET vector.
    pub const RESET: u16 = 0xFFFC;
    /// IRQ and BRK vector.
    pub const IRQ: u16 = 0xFFFE;
}
