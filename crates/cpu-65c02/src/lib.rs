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
//! cycle count; [`Cpu::run`] loops it until a cycle budget is spent, PC reaches a trap
//! address, or WAI/STP executes; [`Cpu::run_to`] until a board's own [`Boundary`]. Interrupt lines are sampled between instructions, see
//! [`Cpu::set_irq`] and [`Cpu::nmi`]. [`Cpu::cycles`] counts every cycle of the data
//! sheet, whether or not the cycle's bus access is issued (see below).
//!
//! # Running a routine to a trap address
//! ```
//! use cpu_65c02::{Bus, Cpu, State};
//!
//! struct Ram(Vec<u8>);
//! impl Bus for Ram {
//!     fn read(&mut self, addr: u16) -> u8 {
//!         self.0[usize::from(addr)]
//!     }
//!     fn write(&mut self, addr: u16, value: u8) {
//!         self.0[usize::from(addr)] = value;
//!     }
//! }
//!
//! let mut ram = Ram(vec![0; 0x10000]);
//! // LDA #$2A ; STA $0300 ; STP
//! ram.0[0x0200..0x0206].copy_from_slice(&[0xA9, 0x2A, 0x8D, 0x00, 0x03, 0xDB]);
//! let mut cpu = Cpu::new();
//! cpu.pc = 0x0200;
//! let trap = 0x0206;
//! let error = loop {
//!     if cpu.pc == trap {
//!         break None;
//!     }
//!     cpu.step(&mut ram);
//!     match cpu.state() {
//!         State::Running => {}
//!         State::Stopped { pc } => break Some(format!("STP at ${pc:04X}")),
//!         State::Waiting { pc } => break Some(format!("WAI at ${pc:04X}")),
//!     }
//! };
//! assert_eq!(error.as_deref(), Some("STP at $0205"));
//! assert_eq!((ram.0[0x0300], cpu.cycles), (0x2A, 2 + 4 + 3));
//! ```
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
pub mod disasm;
mod execute;
mod interrupts;
pub mod opcodes;
mod registers;

pub use execute::Boundary;
pub use registers::{Cpu, State, flags};

/// The CPU's view of memory: every bus cycle the core issues goes through here.
///
/// Reads take `&mut self` because memory-mapped devices may change state when read.
pub trait Bus {
    /// One read cycle at `addr`.
    fn read(&mut self, addr: u16) -> u8;
    /// One write cycle of `value` at `addr`.
    fn write(&mut self, addr: u16, value: u8);
    /// The W65C02S's VPB output going low: the next two reads fetch a vector (RESET,
    /// NMI, IRQ or BRK entry; W65C02S data sheet, pin "Vector Pull"). A board may act
    /// on it (the X16 selects ROM bank 0); by default nothing listens.
    #[inline(always)]
    fn vector_pull(&mut self) {}
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
