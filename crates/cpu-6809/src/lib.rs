//! A Motorola MC6809 CPU core that counts cycles per instruction, driven through a byte
//! [`Bus`].
//!
//! The rules come from two Motorola documents, cited per module:
//! - the MC6809 data sheet (cycle counts per opcode and addressing mode, the indexed
//!   addressing table with its extra cycles, interrupt stacking and vectors);
//! - the 6809 Programming Manual (instruction semantics and condition codes).
//!
//! Every opcode of page 0 and of the `$10` / `$11` pages is executed; every indexed
//! postbyte the data sheet defines is decoded. Opcodes and postbytes the data sheet leaves
//! undefined are reported as a [`Fault`] with the CPU left at the start of the instruction,
//! never given a guessed meaning.
//!
//! The core is instruction-stepped: [`Cpu::step`] runs one instruction (or one interrupt
//! entry, or one cycle of waiting in CWAI / SYNC) and returns its cycle count. Bus accesses
//! are the instruction's reads and writes of data; the dummy (VMA) cycles of the real chip
//! are counted but not performed on the bus.
//!
//! Layout, one concern per file:
//! - [`cpu`]: the [`Cpu`] registers, state, reset and the step loop;
//! - [`cycles`]: the data sheet's base cycle tables for the three opcode pages;
//! - `indexed`: indexed postbyte decoding and its extra cycles;
//! - `alu`: arithmetic, logic and shifts with their condition codes;
//! - `page0`, `page1`, `page2`: the opcode dispatch of each page;
//! - `stack`: pushes and pulls, TFR/EXG, software and hardware interrupts.
//!
//! A plain 64 KiB byte array is a [`Bus`], so the core runs on bare memory:
//!
//! ```
//! use cpu_6809::{Bus, Cpu};
//! let mut mem = Box::new([0u8; 0x10000]);
//! mem[0xFFFE] = 0x10; // reset vector -> $1000
//! mem[0x1000] = 0x86; // LDA #$2A
//! mem[0x1001] = 0x2A;
//! let mut cpu = Cpu::new();
//! cpu.reset(&mut *mem);
//! assert_eq!(cpu.step(&mut *mem), Ok(2));
//! assert_eq!(cpu.a, 0x2A);
//! assert_eq!(cpu.pc, 0x1002);
//! ```

pub mod cpu;
pub mod cycles;
pub mod disasm;

mod alu;
mod indexed;
mod page0;
mod page1;
mod page2;
mod stack;

pub use cpu::{Cpu, State, cc};

/// The CPU's view of memory and memory-mapped devices: one byte per address.
pub trait Bus {
    /// Reads the byte at `addr`.
    fn read(&mut self, addr: u16) -> u8;
    /// Writes `value` at `addr`.
    fn write(&mut self, addr: u16, value: u8);
}

/// A flat 64 KiB of RAM: every address reads back what was last written.
impl Bus for [u8; 0x10000] {
    #[inline(always)]
    fn read(&mut self, addr: u16) -> u8 {
        self[usize::from(addr)]
    }
    #[inline(always)]
    fn write(&mut self, addr: u16, value: u8) {
        self[usize::from(addr)] = value;
    }
}

/// Why [`Cpu::step`] could not execute an instruction. The CPU is left as it was before
/// the instruction (PC at its first byte, no register or memory changed, no cycles
/// counted), so a caller can report and stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// An opcode the data sheet does not define. `opcode` is the byte for page 0, or
    /// `0x10nn` / `0x11nn` for the prefixed pages.
    IllegalOpcode {
        /// Address of the opcode's first byte.
        pc: u16,
        /// The opcode, with its page prefix in the high byte.
        opcode: u16,
    },
    /// A postbyte the data sheet does not define: an indexed postbyte (e.g. `$87`,
    /// `[,R+]`) or a TFR/EXG register code outside D X Y U S PC A B CC DP.
    IllegalPostbyte {
        /// Address of the instruction's first byte.
        pc: u16,
        /// The offending postbyte.
        postbyte: u8,
    },
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Self::IllegalOpcode { pc, opcode } => {
                write!(f, "illegal opcode ${opcode:02X} at ${pc:04X}")
            }
            Self::IllegalPostbyte { pc, postbyte } => {
                write!(f, "illegal postbyte ${postbyte:02X} at ${pc:04X}")
            }
        }
    }
}

impl std::error::Error for Fault {}
