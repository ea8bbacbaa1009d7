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

/// VERA's CTRL, IEN and ISR, as offsets from its first register.
const VERA_CTRL: u8 = 0x05;
const VERA_ISR: u8 = 0x07;

/// The STP opcode: the project's KERNAL's traps.
const STP: u8 = 0xDB;

/// The board's bus in a burst: notes an access after which the board must look again
/// before the next instruction.
pub(super) struct BurstBus<'b, 'a> {
    pub bus: &'b mut X16Bus<'a>,
    /// The IRQ input the core samples in this burst.
    pub irq: bool,
    /// The first cycle the board must act on: the line's end or a VIA's next event; 0
    /// once an access moved the IRQ input or brought a VIA event before it, so that the
    /// burst ends before the next instruction.
    pub end: u64,
    /// The cycle the instruction under way began on: the VIAs are run to it when it
    /// touches them.
    pub now: u64,
}

impl BurstBus<'_, '_> {
    /// After an access to the I/O page: whether it moved what the burst relies on.
    #[inline]
    fn look(&mut self) {
        let io = &*self.bus.io;
        if (self.bus.vera.irq() || io.irq()) != self.irq || io.next_event() < self.end {
            self.end = 0;
        }
    }

    /// A read of the I/O page.
    #[inline(never)]
    fn read_io(&mut self, addr: u16) -> u8 {
        self.bus.now = self.now;
        let value = self.bus.read(addr);
        if !(VERA_BASE..=VERA_LAST).contains(&addr) {
            // A VIA read clears flags; the I2C bus acts on reads too.
            self.look();
        }
        value
    }

    /// A write to the I/O page.
    #[inline(never)]
    fn write_io(&mut self, addr: u16, value: u8) {
        if (VERA_BASE..=VERA_LAST).contains(&addr) {
            let offset = (addr - VERA_BASE) as u8;
            self.bus.vera.write_reg(offset, value);
            // VERA's IRQ output moves on a write only through CTRL (its reset clears
            // IEN), IEN and ISR (`vera::Vera::write_reg`); the data ports and the other
            // registers leave it, and the VIAs, as they were.
            if (VERA_CTRL..=VERA_ISR).contains(&offset) {
                self.look();
            }
        } else {
            self.bus.now = self.now;
            self.bus.write(addr, value);
            self.look();
        }
    }
}

impl Bus for BurstBus<'_, '_> {
    #[inline(always)]
    fn read(&mut self, addr: u16) -> u8 {
        // RAM and ROM straight, the I/O page out of line: one compare for the most
        // frequent case, fixed RAM.
        if addr < IO {
            self.bus.mem.read_low(addr)
        } else if addr & 0xFF00 != IO {
            self.bus.mem.read(addr)
        } else {
            self.read_io(addr)
        }
    }

    #[inline(always)]
    fn write(&mut self, addr: u16, value: u8) {
        if addr < IO {
            self.bus.mem.write_low(addr, value);
        } else if addr & 0xFF00 != IO {
            self.bus.mem.write(addr, value);
        } else {
            self.write_io(addr, value);
        }
    }

    #[inline(always)]
    fn vector_pull(&mut self) {
        self.bus.vector_pull();
    }
}

/// [`Burst::last`] before any instruction ran: bit 31 keeps a backward branch from
/// being seen ([`backward`] of it is never true).
const NOT_RAN: u32 = 1 << 31;

/// Where a burst ends (see the module docs), and the last instruction it ran.
pub(super) struct Burst<'p> {
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
    /// Where the burst's last instruction began (bits 0-15) and S before it (bits
    /// 16-23), or [`NOT_RAN`]: one store per instruction.
    last: u32,
}

impl<'p> Burst<'p> {
    /// A burst from the next instruction.
    pub fn new(
        kernal: Option<&'static [u8; ROM_BANK_BYTES]>,
        serial_from: u32,
        back: u32,
        breakpoints: Option<&'p Breakpoints>,
        skip: Option<&'p mut IdleSkip<Cpu>>,
    ) -> Self {
        Self {
            kernal,
            serial_from,
            back,
            breakpoints,
            skip,
            last: NOT_RAN,
        }
    }

    /// Where the last instruction (or interrupt entry) began and S before it, if one ran.
    pub fn last(&self) -> Option<(u16, u8)> {
        (self.last & NOT_RAN == 0).then_some((self.last as u16, (self.last >> 16) as u8))
    }

    /// Whether the board must see the instruction at `pc` itself, for what is at that
    /// address (the line's end and the moved inputs are [`BurstBus::end`]'s).
    #[inline(always)]
    fn must_step_at(&self, pc: u16) -> bool {
        u32::from(pc) == self.back
            || (pc >= IO && self.must_step_above_ram(pc))
            || self.breakpoints.is_some_and(|b| b.contains(u32::from(pc)))
    }

    /// [`Self::must_step_at`] past fixed RAM: the I/O page (no code), the drive's
    /// entries, the KERNAL's traps.
    #[inline]
    fn must_step_above_ram(&self, pc: u16) -> bool {
        pc < BANK_WINDOW
            || u32::from(pc) >= self.serial_from
            || (pc >= ROM && self.kernal.is_some_and(|k| k[usize::from(pc - ROM)] == STP))
    }

    /// At the head `pc` of a loop (reached by a backward branch from the last
    /// instruction): whether the board's idle skipping must look at it itself. Where it
    /// would only count the arrival off the head's wait (no recording under way, the head
    /// cooling down, not a counting loop it fast-forwards), the arrival is counted off
    /// here instead.
    #[inline]
    fn head_needs_board(&mut self, pc: u16, bus: &BurstBus<'_, '_>) -> bool {
        let Some(skip) = self.skip.as_deref_mut() else {
            return true;
        };
        let head = u32::from(pc);
        if !skip.passes(head) || counting_loop(bus.bus.mem, pc, self.last as u16).is_some() {
            return true;
        }
        skip.pass(head);
        false
    }
}

impl<'b, 'a> Boundary<BurstBus<'b, 'a>> for Burst<'_> {
    #[inline(always)]
    fn reached(&mut self, pc: u16, s: u8, cycles: u64, bus: &mut BurstBus<'b, 'a>) -> bool {
        if cycles >= bus.end || self.must_step_at(pc) {
            return true;
        }
        // The head of a loop: the board's idle skipping looks at it.
        if backward(self.last & (NOT_RAN | 0xFFFF), u32::from(pc)) && self.head_needs_board(pc, bus)
        {
            return true;
        }
        self.last = u32::from(pc) | u32::from(s) << 16;
        bus.now = cycles;
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
            now: 0,
        };
        let mut burst = Burst::new(None, u32::MAX, u32::MAX, None, skip);
        burst.last = u32::from(last_pc) | 0xFF << 16;
        burst.reached(pc, 0xFF, 100, &mut bus)
    }

    /// Idle skipping on, a recording from `head` begun and failed: the head cools down
    /// (the next two arrivals there start none).
    fn cooling_down(head: u32) -> IdleSkip<Cpu> {
        let mut skip = IdleSkip::<Cpu>::default();
        skip.set_enabled(true);
        assert_eq!(skip.at_head(head, &Cpu::new(), |_| true), None);
        skip.abort();
        skip
    }

    #[test]
    fn a_head_cooling_down_is_passed_in_the_burst_as_the_board_would_count_it() {
        let mut mem = memory();
        let mut skip = cooling_down(0x1000);
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
        let mut skip = cooling_down(0x2000);
        assert!(skip.passes(0x2000));
        assert!(ends_at(Some(&mut skip), &mut mem, 0x2001, 0x2000));
        assert!(
            skip.passes(0x2000),
            "the board counts the arrival, not the burst"
        );
    }

    #[test]
    fn a_write_ends_the_burst_when_it_moves_the_irq_input_and_only_then() {
        let mut mem = memory();
        let (mut vera, mut io) = (Vera::new(vera::Quirks::Hardware), Io::new());
        // VSYNC pending (line 480 began), not enabled: the IRQ input is high.
        vera.start_line(480);
        assert!(!vera.irq());
        let mut bus = X16Bus {
            mem: &mut mem,
            vera: &mut vera,
            io: &mut io,
            now: 0,
        };
        let mut bus = BurstBus {
            bus: &mut bus,
            irq: false,
            end: 1_000,
            now: 10,
        };
        // DATA0, ADDR_L, DC_VIDEO: the input stays, the burst goes on.
        for (addr, value) in [(0x9F23, 0x55), (0x9F20, 0x00), (0x9F29, 0x71)] {
            bus.write(addr, value);
            assert_eq!(bus.end, 1_000, "{addr:04X}");
        }
        // IEN enabling VSYNC pulls IRQ low: the burst ends before the next instruction.
        bus.write(0x9F26, 0x01);
        assert!(bus.bus.vera.irq());
        assert_eq!(bus.end, 0);
        // A VIA 1 timer started to run out before the burst's end ends it too.
        bus.end = 1_000;
        bus.irq = true;
        bus.write(0x9F04, 20);
        bus.write(0x9F05, 0);
        assert_eq!(bus.end, 0, "T1 due at about cycle 31");
    }
}
