//! The project's Motorola 68000: one cycle-exact core behind a small API, so the machine
//! models (the Sega Genesis first, with its VDP ports at `$C00000`) never depend on the
//! core's own interface.
//!
//! # The core
//! [`interp`] is the project's own interpreter (safe Rust, no code from elsewhere): a
//! decode table of 65,536 entries built once, registers held in the core between steps,
//! the 68000's two-word prefetch queue (IR and IRC) read and refilled where the chip does,
//! a 24-bit address bus, and clock counts built from the bus cycles (4 clocks each) and
//! the idle clocks between them as the MC68000 user's manual (section 8) and Jorge Cwik's
//! bus-cycle tables ("Yacht") give them, including the data-dependent ones: MULU/MULS
//! 38+2n by the source's bits, DIVU/DIVS by Cwik's analysis of their microcode, shifts
//! and rotates 6+2n / 8+2n, MOVEM by the register count. Exceptions: group 0 (address
//! errors, with the 14-byte frame), group 1 and 2 (illegal, line A/F, privilege
//! violation, TRAP, TRAPV, CHK, zero divide) and autovectored interrupts. Where the
//! manual leaves a result undefined (flags after DIVU/DIVS overflow, after CHK and BCD
//! instructions, what an address error leaves behind) the core follows the
//! SingleStepTests suite, which records MAME's microcode-derived 68000.
//!
//! What the tests establish (`tests/single_step.rs`, `tests/manual.rs`, `tests/bus_wrap.rs`):
//! - The suite's 68000 sample (40 cases from each of its 127 instruction files, 5,080 in
//!   all) run through [`Cpu`] and [`Bus`]: every case matches in registers, SR, memory,
//!   prefetch queue and its address, number of bus accesses and clock count, the 928
//!   address-error cases included (frame contents: status word with the instruction
//!   register's bits, access address, IR, SR, PC; registers and flags as the aborted
//!   instruction leaves them). Only N and V after ABCD/SBCD/NBCD (undefined in the
//!   manual) are not compared. A second sample (`data/m68000_more.jsonl.gz`, 5,455
//!   cases: 40 further cases of each file and the 375 cases of the full suite an
//!   earlier version of this core got wrong) is held to the same standard.
//! - The full suite, run with `M68000_SUITE_DIR` pointing at a checkout of
//!   SingleStepTests/m68000's `v1` (`cargo test -p cpu-m68k --release --test
//!   single_step -- --ignored`): all 317,500 cases of its 127 files pass (2,500 each).
//!   The same runner reads SingleStepTests/680x0's `68000/v1` (124 files of 8,065 cases,
//!   1,000,060 in all, recorded from another emulator): 800,077 pass; of the 199,983
//!   that differ, 178,087 are address errors (that emulator stacks other frames and
//!   clocks for them than MAME's microcode), the rest are in ADD.l, SUB.l, ASL.b,
//!   ASR.b/w/l, CHK, DIVS, DIVU, LINK and TAS, where the m68000 suite's recorded cases,
//!   which this core passes, say otherwise.
//! - ABCD, SBCD and NBCD over all 65,536 operand pairs, X in and out
//!   (`tests/bcd.rs`), against the hardware's rule written out on its own and checked
//!   against the suite's recorded cases: digits above 9 correct as the chip does.
//! - The manual's clock formulas: MULU 38+2n, MULS 38+2n, DIVU/DIVS within their
//!   maximums, shifts and rotates 6+2n / 8+2n, MOVEM 8+4n, 12+4n, 8+8n, 12+8n, 16+4n; the
//!   exception entries (illegal instruction, TRAP, privilege violation 34 clocks,
//!   interrupt 44, the address error's frame) and what [`Cpu::last_exception`] reports.
//! - The 24-bit bus: a long at `$FFFFFE` takes its low word from `$000000`.
//!
//! # Known differences from a 68000
//! - **Trace**: the T bit is kept in SR but raises no trace exception.
//! - **Bus errors** and **HALT/RESET pins** are not modelled (no device asserts them on
//!   the boards here); RESET the instruction only spends its 132 clocks.
//! - **Interrupts** are autovectored (the Genesis uses levels 4 and 6); the interrupt
//!   acknowledge is counted as idle clocks within the 44 of the entry.
//! - The order of bus cycles within an instruction follows the chip where it shows in
//!   results (prefetch before the write of a read-modify-write, long -(An) writes low
//!   word first, MOVE.L to -(An) after its prefetch); elsewhere only their number and
//!   the clocks are the chip's.
//! - [`Cpu::reset`] does not count its own clock cycles.
//!
//! # Speed
//! `cargo bench -p cpu-m68k --bench core` runs this core and the `m68k` crate 0.15.1 (the
//! core it replaced, kept as a dev-dependency for this comparison, run as the old wrapper
//! ran it) on the same workload, and prints both as multiples of the Genesis clock by
//! CPU time and by wall time, with their ratio. On the 2-core development machine, shared
//! and loaded by other builds at the time (load average 6 to 8), two runs: this core
//! 254.0x real time by CPU time (173.3x by wall time), `m68k` 68.7x (38.8x), a ratio of
//! 3.70x by CPU time (4.46x by wall time); then, with the step inlined into the caller's
//! loop, 260.4x against 43.4x, 6.00x (the `m68k` figure the more disturbed by the load).
//! On the idle machine: this core 239.9x by CPU time, `m68k` 64.2x, 3.74x (3.73x by wall
//! time).
//!
//! On the Genesis board the core's step is inlined into the board's loop, and the board
//! looks at the VDP only after an instruction that reached it (see the `machine` crate's
//! `genesis::board`). `cargo bench -p machine --bench genesis_m68k` (the whole board: CPU,
//! VDP and the `half-pairs` routine on the shoot-em-up frame, one routine call at a time)
//! and `cargo bench -p machine --bench genesis_program` (whole frames of the test ROMs)
//! print their speed as multiples of real time; `docs/genesis-programs.md` has the
//! figures.
//!
//! # Bus accesses
//! [`Bus`] is the 68000's view of the machine: byte and word accesses on a 24-bit bus.
//! A word access stays one word access (the Genesis VDP data and control ports are word
//! ports and tell byte writes apart); a long-word operand is two word accesses, the high
//! word at the address first and the low word at address + 2 second. Instruction fetches
//! are word reads. Addresses reach the bus already masked to 24 bits. Before each data
//! access [`Bus::access_cycle`] gives the clock within the step at which its bus cycle
//! begins, so a device can sample its state where the access happens rather than at the
//! instruction's start (one store on a bus that keeps it; nothing on one that does not).
//!
//! # Stepping
//! [`Cpu::step`] runs one instruction, or one exception entry, and returns its clock
//! cycles (68000 clocks: 7.67 MHz on a Genesis). An instruction that raises an exception
//! (illegal opcode, address error, TRAP, privilege violation, ...) includes the exception
//! entry in its count, and [`Cpu::last_exception`] says which vector and at which PC.
//! An interrupt requested with [`Cpu::set_irq`] is taken at the next instruction
//! boundary: that step is the interrupt entry alone.
//!
//! # Example
//! ```
//! use cpu_m68k::{Bus, Cpu};
//!
//! struct Ram(Vec<u8>);
//! impl Bus for Ram {
//!     fn read_byte(&mut self, addr: u32) -> u8 { self.0[addr as usize] }
//!     fn read_word(&mut self, addr: u32) -> u16 {
//!         u16::from_be_bytes([self.0[addr as usize], self.0[addr as usize + 1]])
//!     }
//!     fn write_byte(&mut self, addr: u32, value: u8) { self.0[addr as usize] = value; }
//!     fn write_word(&mut self, addr: u32, value: u16) {
//!         self.0[addr as usize..addr as usize + 2].copy_from_slice(&value.to_be_bytes());
//!     }
//! }
//!
//! let mut ram = Ram(vec![0; 0x1_0000]);
//! ram.0[0..8].copy_from_slice(&[0, 0, 0x80, 0, 0, 0, 0x04, 0]); // SSP $8000, PC $400
//! ram.0[0x400..0x404].copy_from_slice(&[0x70, 0x05, 0x4E, 0x71]); // MOVEQ #5,D0; NOP
//! let mut cpu = Cpu::new();
//! cpu.reset(&mut ram);
//! assert_eq!((cpu.pc(), cpu.ssp()), (0x400, 0x8000));
//! assert_eq!(cpu.step(&mut ram), 4);
//! assert_eq!(cpu.d(0), 5);
//! ```

pub mod disasm;
mod idle;
pub mod interp;

use interp::Core;

/// The 68000's view of the machine: byte and word accesses on its 24-bit address bus.
///
/// Words are big-endian. Word accesses are only made at even addresses (an odd one is
/// an address error inside the CPU and never reaches the bus).
pub trait Bus {
    /// Reads one byte.
    fn read_byte(&mut self, addr: u32) -> u8;
    /// Reads one word (a single 16-bit bus cycle).
    fn read_word(&mut self, addr: u32) -> u16;
    /// Writes one byte.
    fn write_byte(&mut self, addr: u32, value: u8);
    /// Writes one word (a single 16-bit bus cycle).
    fn write_word(&mut self, addr: u32, value: u16);

    /// Told before each data access (not before instruction fetches): the clock cycle,
    /// counted from the start of the step under way, at which the access's bus cycle
    /// begins. A device that samples its state at the access (the Genesis VDP's ports
    /// and counters) reads the time from here; the default ignores it.
    #[inline(always)]
    fn access_cycle(&mut self, _clocks: u32) {}
}

/// What an exception was, by its 68000 vector.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ExceptionKind {
    /// Vector 2.
    BusError,
    /// Vector 3: a word or long access (or instruction fetch) at an odd address.
    AddressError,
    /// Vector 4: an opcode the 68000 does not implement.
    IllegalInstruction,
    /// Vector 5: DIVU/DIVS by zero.
    ZeroDivide,
    /// Vector 6: CHK out of bounds.
    Chk,
    /// Vector 7: TRAPV with V set.
    Trapv,
    /// Vector 8: a privileged instruction in user mode.
    PrivilegeViolation,
    /// Vector 9.
    Trace,
    /// Vector 10: an `$Axxx` opcode.
    LineA,
    /// Vector 11: an `$Fxxx` opcode.
    LineF,
    /// Vectors 24–31 (or the vector a device supplied): an interrupt of this level.
    Interrupt(u8),
    /// Vectors 32–47: `TRAP #n`.
    Trap(u8),
    /// Any other vector.
    Other,
}

impl ExceptionKind {
    fn from_vector(vector: u8) -> Self {
        match vector {
            2 => Self::BusError,
            3 => Self::AddressError,
            4 => Self::IllegalInstruction,
            5 => Self::ZeroDivide,
            6 => Self::Chk,
            7 => Self::Trapv,
            8 => Self::PrivilegeViolation,
            9 => Self::Trace,
            10 => Self::LineA,
            11 => Self::LineF,
            25..=31 => Self::Interrupt(vector - 24),
            32..=47 => Self::Trap(vector - 32),
            _ => Self::Other,
        }
    }
}

/// An exception the last [`Cpu::step`] entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Exception {
    /// What it was.
    pub kind: ExceptionKind,
    /// Its vector number (the handler address is read from `vector * 4`).
    pub vector: u8,
    /// Where the instruction that raised it starts (for an address error from a jump or
    /// branch to an odd address: the jump, which takes it on its fetch at the target).
    /// For an interrupt: the PC of the instruction it interrupted, which runs after the
    /// handler returns.
    pub pc: u32,
}

/// A Motorola 68000.
///
/// Registers are read and written through the accessors; A7 is the active stack
/// pointer (SSP in supervisor mode, USP in user mode), while [`Cpu::ssp`] and
/// [`Cpu::usp`] reach each stack pointer whichever mode is active.
#[derive(Clone, Debug, Default)]
pub struct Cpu {
    core: Core,
}

impl Cpu {
    /// A 68000 in its power-on state: supervisor mode, interrupts masked (SR `$2700`),
    /// registers zero. Call [`Cpu::reset`] to load SSP and PC from the vector table, or
    /// set them directly.
    #[must_use]
    pub fn new() -> Self {
        Self { core: Core::new() }
    }

    /// The reset sequence: supervisor mode, SR `$2700`, SSP from address 0, PC from
    /// address 4 (each read as two word reads), the prefetch queue read at PC. Clears
    /// STOP, halt and any requested interrupt. The reset's own clock cycles are not
    /// counted.
    pub fn reset<B: Bus + ?Sized>(&mut self, bus: &mut B) {
        self.core.reset(bus);
    }

    /// Runs one instruction, or one interrupt entry when an interrupt above the mask is
    /// requested, and returns its clock cycles. An exception the instruction raised is
    /// included in the count and reported by [`Cpu::last_exception`]. A stopped (STOP)
    /// or halted (double fault) CPU does nothing and returns 0.
    #[inline]
    pub fn step<B: Bus + ?Sized>(&mut self, bus: &mut B) -> u32 {
        self.core.step(bus)
    }

    /// Requests an interrupt at `level` (1–7; 0 withdraws the request), as the IPL pins
    /// do. It is taken at the next instruction boundary when above the SR's mask (level
    /// 7 always), with the autovector `24 + level`; taking it acknowledges it, so the
    /// request is then cleared, and that step's [`Cpu::last_exception`] is
    /// [`ExceptionKind::Interrupt`] (the cue for a device to drop its pending flag).
    #[inline]
    pub fn set_irq(&mut self, level: u8) {
        self.core.set_irq(level);
    }

    /// The requested interrupt level not yet taken (0: none).
    #[must_use]
    #[inline]
    pub fn irq(&self) -> u8 {
        self.core.irq()
    }

    /// The exception the last [`Cpu::step`] entered, if it entered one.
    #[must_use]
    #[inline]
    pub fn last_exception(&self) -> Option<Exception> {
        self.core.entered().map(|e| {
            let kind = if (25..=31).contains(&e.vector) && e.interrupt {
                ExceptionKind::Interrupt(e.vector - 24)
            } else {
                ExceptionKind::from_vector(e.vector)
            };
            Exception {
                kind,
                vector: e.vector,
                pc: e.pc,
            }
        })
    }

    /// Clock cycles run since [`Cpu::new`] (the sum of what [`Cpu::step`] returned).
    #[must_use]
    #[inline]
    pub fn cycles(&self) -> u64 {
        self.core.cycles()
    }

    /// Whether a STOP instruction is waiting for an interrupt.
    #[must_use]
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.core.is_stopped()
    }

    /// Whether the CPU halted on a double fault (an address error while it was entering
    /// an exception, or an odd handler address); only [`Cpu::reset`] leaves this state.
    #[must_use]
    #[inline]
    pub fn is_halted(&self) -> bool {
        self.core.is_halted()
    }

    /// The address of the next instruction; while stopped, the STOP's own address (the
    /// interrupt that ends the STOP stacks the address after it, which
    /// [`Exception::pc`] reports).
    #[must_use]
    #[inline]
    pub fn pc(&self) -> u32 {
        self.core.pc()
    }

    /// Jumps to `pc`: the prefetch queue is emptied, so the next step first reads the
    /// instruction words at `pc` and `pc + 2` (two word reads, 8 clocks, counted in it).
    #[inline]
    pub fn set_pc(&mut self, pc: u32) {
        self.core.set_pc(pc);
    }

    /// The prefetch queue: the instruction words already read at `pc` and `pc + 2`
    /// (two after every instruction on the 68000; none right after [`Cpu::set_pc`]).
    #[must_use]
    #[inline]
    pub fn prefetch(&self) -> &[u16] {
        self.core.prefetch()
    }

    /// Fills the prefetch queue with the words at `pc` and `pc + 2`, as a 68000 holds
    /// them between instructions (used to resume from a saved state; the words are used
    /// as given, even if memory differs).
    #[inline]
    pub fn set_prefetch(&mut self, words: [u16; 2]) {
        self.core.set_prefetch(words);
    }

    /// Data register `n` (0–7).
    #[must_use]
    #[inline]
    pub fn d(&self, n: usize) -> u32 {
        self.core.d(n)
    }

    /// Sets data register `n` (0–7).
    #[inline]
    pub fn set_d(&mut self, n: usize, value: u32) {
        self.core.set_d(n, value);
    }

    /// Address register `n` (0–7; A7 is the active stack pointer).
    #[must_use]
    #[inline]
    pub fn a(&self, n: usize) -> u32 {
        self.core.a(n)
    }

    /// Sets address register `n` (0–7; A7 is the active stack pointer).
    #[inline]
    pub fn set_a(&mut self, n: usize, value: u32) {
        self.core.set_a(n, value);
    }

    /// The status register (T, S, interrupt mask, X N Z V C).
    #[must_use]
    #[inline]
    pub fn sr(&self) -> u16 {
        self.core.sr()
    }

    /// Sets the status register as MOVE to SR does (unimplemented bits read as zero;
    /// changing S swaps the active stack pointer).
    #[inline]
    pub fn set_sr(&mut self, sr: u16) {
        self.core.set_sr(sr);
    }

    /// Whether the CPU is in supervisor mode.
    #[must_use]
    #[inline]
    pub fn is_supervisor(&self) -> bool {
        self.core.sr() & 0x2000 != 0
    }

    /// The supervisor stack pointer.
    #[must_use]
    #[inline]
    pub fn ssp(&self) -> u32 {
        self.core.ssp()
    }

    /// Sets the supervisor stack pointer.
    #[inline]
    pub fn set_ssp(&mut self, value: u32) {
        self.core.set_ssp(value);
    }

    /// The user stack pointer.
    #[must_use]
    #[inline]
    pub fn usp(&self) -> u32 {
        self.core.usp()
    }

    /// Sets the user stack pointer.
    #[inline]
    pub fn set_usp(&mut self, value: u32) {
        self.core.set_usp(value);
    }
}
