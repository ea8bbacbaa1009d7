//! Runs of the 65C02 in bursts ([`cpu_65c02::Cpu::run_to`]) between the things the board
//! must see one instruction at a time (see [`super::program`]).
//!
//! The board steps an instruction when something may happen at it: a VIA event or the
//! line's end falls due, the PC is where the board checks or answers something (the I/O
//! page faults; an STP byte of the project's KERNAL is a trap; the drive's serial-bus
//! entries), a breakpoint, the interrupted PC of the interrupt being handled (its
//! return), a backward branch (the head of a loop the idle skipping may fast-forward,
//! [`crate::idle`]) unless the skipping has given up on that head for now (it is cooling
//! down and is no counting loop: the burst counts the arrival off its wait itself), an
//! interrupt entry, WAI or STP. Between those the core runs alone,
//! and the IRQ input it samples is the one the board set before the burst: VERA's IRQ
//! output changes by itself only when a line starts (the burst's end), a VIA's at its next
//! event (the burst's end too), and otherwise only through an access to the I/O page.
//! [`BurstBus`] looks after each such access (VERA's reads excepted: they step a data
//! port at most) and ends the burst at the next instruction when the IRQ input moved or
//! a VIA's next event came before the burst's end (a timer written), as a step would
//! have seen them there.

use cpu_65c02::{Boundary, Bus, Cpu};

use super::bus::{BANK_WINDOW, IO, ROM, ROM_BANK_BYTES, VERA_BASE, VERA_LAST, X16Bus};
use super::idle::counting_loop;
use crate::idle::{IdleSkip, backward};
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
    /// The idle skipping, when it is on: an arrival at a loop head it has given up on
    /// (cooling down, and no counting loop) is counted off here, as the board's
    /// `skip_idle` would count it, without ending the burst.
    pub skip: Option<&'p mut IdleSkip<Cpu>>,
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
            || (pc >= ROM && self.kernal.is_some_and(|k| k[usize::from(pc - ROM)] == STP))
            || u32::from(pc) == self.back
            || self.breakpoints.is_some_and(|b| b.contains(u32::from(pc)))
    }

    /// At the head `pc` of a loop (reached by a backward branch from `last_pc`): whether
    /// the board's idle skipping must look at it itself. Where it would only count the
    /// arrival off the head's wait (no recording under way, the head cooling down, not a
    /// counting loop it fast-forwards), the arrival is counted off here instead.
    #[inline]
    fn head_needs_board(&mut self, pc: u16, bus: &BurstBus<'_, '_>) -> bool {
        let Some(skip) = self.skip.as_deref_mut() else {
            return true;
        };
        let head = u32::from(pc);
        if !skip.passes(head) || counting_loop(bus.bus.mem, pc, self.last_pc).is_some() {
            return true;
        }
        skip.pass(head);
        false
    }
}

impl<'b, 'a> Boundary<BurstBus<'b, 'a>> for Burst<'_> {
    #[inline(always)]
    fn reached(&mut self, pc: u16, s: u8, cycles: u64, bus: &mut BurstBus<'b, 'a>) -> bool {
        if bus.moved || self.must_step(pc, cycles) {
            return true;
        }
        // The head of a loop: the board's idle skipping looks at it.
        if self.ran
            && backward(u32::from(self.last_pc), u32::from(pc))
            && self.head_needs_board(pc, bus)
        {
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

#[cfg(test)]
mod tests {
    use vera::Vera;

    use super::super::bus::Memory;
    use super::super::io::Io;
    use super::*;

    /// A loop at $1000 closed by a branch at $1005, and `dex / bne *-1` at $2000.
    fn memory() -> Memory {
        let mut mem = Memory::new(vec![0u8; ROM_BANK_BYTES]);
        mem.write(0x1000, 0xEA);
        mem.write(0x2000, 0xCA);
        mem.write(0x2001, 0xD0);
        mem.write(0x2002, 0xFD);
        mem
    }

    /// Asks a burst whose last instruction began at `last_pc` whether it ends before the
    /// instruction at `pc`.
    fn ends_at(skip: Option<&mut IdleSkip<Cpu>>, mem: &mut Memory, last_pc: u16, pc: u16) -> bool {
        let (mut vera, mut io) = (Vera::new(vera::Quirks::Hardware), Io::new());
        let mut bus = X16Bus {
            mem,
            vera: &mut vera,
            io: &mut io,
            now: 0,
        };
        let mut bus = BurstBus {
            bus: &mut bus,
            irq: false,
            end: u64::MAX,
            moved: false,
        };
        let mut burst = Burst {
            end: u64::MAX,
            kernal: None,
            serial_from: u32::MAX,
            back: u32::MAX,
            breakpoints: None,
            skip,
            last_pc,
            last_s: 0xFF,
            ran: true,
        };
        burst.reached(pc, 0xFF, 100, &mut bus)
    }

    #[test]
    fn a_head_cooling_down_is_passed_in_the_burst_as_the_board_would_count_it() {
        let mut mem = memory();
        let mut skip = IdleSkip::<Cpu>::default();
        skip.set_enabled(true);
        // A recording from $1000 that failed: the next two arrivals there start none.
        assert_eq!(skip.at_head(0x1000, &Cpu::new(), |_| true), None);
        skip.abort();
        for arrival in 0..2 {
            assert!(
                !ends_at(Some(&mut skip), &mut mem, 0x1005, 0x1000),
                "arrival {arrival} is counted off the wait inside the burst"
            );
        }
        // The wait is spent: the board looks at the next arrival (it may record again).
        assert!(ends_at(Some(&mut skip), &mut mem, 0x1005, 0x1000));
        assert!(!skip.passes(0x1000));
        // With the skipping off, every loop head ends the burst as before.
        skip.abort();
        assert!(ends_at(None, &mut mem, 0x1005, 0x1000));
        // A forward jump is no arrival at a head.
        assert!(!ends_at(Some(&mut skip), &mut mem, 0x0F00, 0x1000));
    }

    #[test]
    fn a_counting_loop_cooling_down_still_ends_the_burst_for_the_board_to_fast_forward() {
        let mut mem = memory();
        let mut skip = IdleSkip::<Cpu>::default();
        skip.set_enabled(true);
        assert_eq!(skip.at_head(0x2000, &Cpu::new(), |_| true), None);
        skip.abort();
        assert!(skip.passes(0x2000));
        assert!(ends_at(Some(&mut skip), &mut mem, 0x2001, 0x2000));
        assert!(
            skip.passes(0x2000),
            "the board counts the arrival, not the burst"
        );
    }
}
