//! A cycle-exact Zilog Z80 core.
//!
//! The core executes one instruction per [`Cpu::step`] and counts T-states exactly as a plain
//! (NMOS) Z80 takes them, plus whatever wait states the machine adds to opcode fetches through
//! [`Bus::m1_wait`]. It implements every opcode of every page, documented or not, with the
//! undocumented flag bits 3 and 5, the internal MEMPTR (`wz`) register and the Q latch that
//! decide them.
//!
//! Sources of the rules, in order of authority:
//! - the Zilog *Z80 CPU User Manual* (UM0080) for the documented behaviour and T-states;
//! - Sean Young's *The Undocumented Z80 Documented* for undocumented opcodes and flags, the
//!   MEMPTR notes it cites, and the interrupt and R register details;
//! - the SingleStepTests `z80` suite for the later findings it encodes: the Q latch in
//!   SCF/CCF, and the flags of block instructions that repeat.
//!
//! ```
//! use cpu_z80::{Bus, Cpu};
//!
//! struct Ram(Vec<u8>);
//! impl Bus for Ram {
//!     fn read(&mut self, addr: u16) -> u8 { self.0[usize::from(addr)] }
//!     fn write(&mut self, addr: u16, value: u8) { self.0[usize::from(addr)] = value; }
//!     fn input(&mut self, _port: u16, _t: u64) -> u8 { 0xFF }
//!     fn output(&mut self, _port: u16, _value: u8, _t: u64) {}
//! }
//!
//! let mut ram = Ram(vec![0; 0x10000]);
//! ram.0[..4].copy_from_slice(&[0x3E, 0x2A, 0x76, 0x00]); // LD A,42 / HALT
//! let mut cpu = Cpu::new();
//! assert_eq!(cpu.step(&mut ram), 7);
//! cpu.run(&mut ram, 100, Some(0x0003)); // stops at the trap address after HALT
//! assert_eq!((cpu.a, cpu.pc, cpu.halted), (42, 0x0003, true));
//! ```
//!
//! The modules split the work by concern: [`flags`] (flag bits and tables), `alu`
//! (arithmetic), `main_page` (unprefixed, DD and FD pages), `cb_page` (CB, DDCB and FDCB),
//! `ed_page` (ED), `block` (LDI/CPI/INI/OUTI and repeats), `interrupt` (acceptance of INT and
//! NMI) and [`timing`] (the T-state tables).

mod alu;
mod block;
mod cb_page;
mod cpu;
pub mod disasm;
mod ed_page;
pub mod flags;
mod interrupt;
mod main_page;
pub mod timing;

pub use cpu::Cpu;

/// What the CPU is connected to: memory, I/O ports and the wait-state logic.
///
/// All methods are called in the order the real CPU performs its bus cycles within an
/// instruction, so a machine model can keep side effects (such as a VDP address latch) in order.
pub trait Bus {
    /// Reads a byte of memory: opcode fetches, operands and data alike.
    fn read(&mut self, addr: u16) -> u8;

    /// Writes a byte of memory.
    fn write(&mut self, addr: u16, value: u8);

    /// Reads an I/O port (IN and the block input instructions).
    ///
    /// `port` is the full 16-bit address the Z80 puts on the bus: `BC` for `IN r,(C)`,
    /// `INI` and the like, and `(A << 8) | n` for `IN A,(n)`. `t` is the value [`Cpu::t`] has
    /// at the start of the I/O machine cycle's third T-state (the automatic wait state TW),
    /// when IORQ and RD are active and the port must drive the data bus; it counts every wait
    /// state inserted earlier in the instruction.
    fn input(&mut self, port: u16, t: u64) -> u8;

    /// Writes an I/O port (OUT and the block output instructions).
    ///
    /// `port` and `t` follow the same rules as in [`Bus::input`]: `t` is the start of the
    /// third T-state of the I/O machine cycle, when IORQ and WR are active.
    fn output(&mut self, port: u16, value: u8, t: u64);

    /// Extra wait states the machine inserts in an M1 (opcode fetch) cycle.
    ///
    /// Called once per M1 cycle: for each opcode byte and each prefix byte (CB, ED, DD, FD),
    /// and for the interrupt acknowledge cycle, but not for the final opcode byte of
    /// `DD CB d op` / `FD CB d op`, which the Z80 reads with an ordinary memory read. The
    /// default is no wait; the MSX inserts one.
    fn m1_wait(&mut self) -> u32 {
        0
    }

    /// The byte a device puts on the data bus during an interrupt acknowledge cycle.
    ///
    /// Called once for every maskable interrupt the CPU accepts, in any mode (a device may
    /// take it as the acknowledgement). Interrupt mode 2 uses it as the low byte of the vector address and mode 0 executes it
    /// as an opcode. The default, 0xFF, is what an idle pulled-up bus gives (RST 38h in mode 0).
    fn int_ack(&mut self) -> u8 {
        0xFF
    }
}
