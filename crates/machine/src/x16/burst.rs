//! Runs of the 65C02 in bursts ([`cpu_65c02::Cpu::run_to`]) between the things the board
//! must see one instruction at a time (see [`super::program`]).
//!
//! The board steps an instruction when something may happen at it: a VIA event or the
//! line's end falls due, the PC is where the board checks or answers something (the I/O
//! page faults; an STP byte of the project's KERNAL is a trap; the drive's serial-bus
//! entries), a breakpoint, the interrupted PC of the interrupt being handled (its
//! return), a backward branch (the head of a loop the idle skipping may fast-forward,
//! [`crate::idle`]), an interrupt entry, WAI or STP. Between those the core runs alone,
//! and the IRQ input it samples is the one the board set before the burst: VERA's IRQ
//! output changes by itself only when a line starts (the burst's end), a VIA's at its next
//! event (the burst's end too), and otherwise only through an access to the I/O page.
//! [`BurstBus`] looks after each such access (VERA's reads excepted: they step a data
//! port at most) and ends the burst at the next instruction when the IRQ input moved or
//! a VIA's next event came before the burst's end (a timer written), as a step would
//! have seen them there.

use cpu_65c02::{Boundary, Bus};

use super::bus::{BANK_WINDOW, IO, ROM, ROM_BANK_BYTES, VERA_BASE, VERA_LAST, X16Bus};
use crate::idle::backward;
use crate::program::Breakpoints;

/// The STP opcode: the project's KERNAL's traps.
const STP: u8 = 0xDB;

/// The board's bus in a burst: notes an access after which the board must look again
/// before the next instruction.
pub(super) struct BurstBus<'b, 'a> {
    pub bus: &'b mut X16Bus<'a>,
    /// The IRQ input the core samples in this burst.
    pub irq: bool,
    /// The burst's end ([`Burst::end`]).
    pub end: u64,
    /// An access moved the IRQ input or brought a VIA event before `end`.
    pub moved: bool,
}

impl BurstBus<'_, '_> {
    /// After an access to the I/O page: whether it moved what the burst relies on.
    #[inline]
    fn look(&mut self) {
        let io = &*self.bus.io;
        self.moved |= (self.bus.vera.irq() || io.irq()) != self.irq || io.next_event() < self.end;
    }
}

impl Bus for BurstBus<'_, '_> {
    #[inline(always)]
    fn read(&mut self, addr: u16) -> u8 {
        let value = self.bus.read(addr);
        if addr & 0xFF00 == IO && !(VERA_BASE..=VERA_LAST).contains(&addr) {
            // A VIA read clears flags; the I2C bus acts on reads too.
            self.look();
        }
        value
    }

    #[inline(always)]
    fn write(&mut self, addr: u16, value: u8) {
        self.bus.write(addr, value);
        if addr & 0xFF00 == IO {
            self.look();
        }
    }

    #[inline(always)]
    fn vector_pull(&mut self) {
        self.bus.vector_pull();
    }
}

/// Where a burst ends (see the module docs), and the last instruction it ran.
pub(super) struct Burst<'p> {
    /// The first cycle the board must act on: the line's end or a VIA's next event.
    pub end: u64,
    /// The project's KERNAL, whose STP bytes are traps (`None` under the user's ROM).
    pub kernal: Option<&'static [u8; ROM_BANK_BYTES]>,
    /// The first PC the drive may answer at (past 16 bits: no drive).
    pub serial_from: u32,
    /// The interrupted PC of the innermost interrupt being handled (past 16 bits: none).
    pub back: u32,
    /// The probe's breakpoints, when it has any.
    pub breakpoints: Option<&'p Breakpoints>,
    /// Where the burst's last instruction began and S before it (valid once `ran`).
    pub last_pc: u16,
    pub last_s: u8,
    /// An instruction (or interrupt entry) ran.
    pub ran: bool,
}

impl Burst<'_> {
    /// Whether the board must see the instruction at `pc` on cycle `cycles` itself.
    #[inline(always)]
    fn must_step(&self, pc: u16, cycles: u64) -> bool {
        cycles >= self.end
            || (IO..BANK_WINDOW).contains(&pc)
            || u32::from(pc) >= self.serial_from
            || (pc >= ROM
                && self
                    .kernal
                    .is_some_and(|k| k[usize::from(pc - ROM)] == STP))
            || u32::from(pc) == self.back
            // The head of a loop: the board's idle skipping looks at it.
            || (self.ran && backward(u32::from(self.last_pc), u32::from(pc)))
            || self.breakpoints.is_some_and(|b| b.contains(u32::from(pc)))
    }
}

impl<'b, 'a> Boundary<BurstBus<'b, 'a>> for Burst<'_> {
    #[inline(always)]
    fn reached(&mut self, pc: u16, s: u8, cycles: u64, bus: &mut BurstBus<'b, 'a>) -> bool {
        if bus.moved || self.must_step(pc, cycles) {
            return true;
        }
        self.ran = true;
        self.last_pc = pc;
        self.last_s = s;
        // The VIAs are run to the cycle an instruction begins when it touches them.
        bus.bus.now = cycles;
        false
    }
}
