//! RESET, IRQ, NMI and BRK, and the stack helpers they share.
//!
//! Data sheet rules: interrupt entry and BRK take 7 cycles, push PCH, PCL and P, set
//! `I` and clear `D` (a 65C02 change from the NMOS part); BRK pushes P with B set and
//! the address of its opcode plus two; IRQ and NMI push P with B clear. RESET takes 7
//! cycles, decrements S by three without writing, sets `I`, clears `D`, and leaves the
//! WAI/STP states. NMI is edge-triggered and wins over IRQ; IRQ is a level that `I`
//! masks. A pending interrupt releases WAI; an IRQ masked by `I` resumes execution
//! after the WAI without being serviced.
//!
//! The two internal cycles of interrupt entry (re-reads of the next opcode) are counted
//! but not issued to the bus. The vector fetch is announced first ([`Bus::vector_pull`],
//! the chip's VPB pin), as the chip pulls VPB low for those two reads.

use crate::registers::{IRQ_LINE, NMI_PENDING};
use crate::{Bus, Cpu, State, flags, vectors};

impl Cpu {
    /// Pushes `v` at `$0100 + S` and decrements S.
    #[inline(always)]
    pub(crate) fn push<B: Bus>(&mut self, bus: &mut B, v: u8) {
        // S updated before the write: the compiler cannot tell the bus's memory from the
        // CPU's and would reload S after it.
        let s = self.s;
        self.s = s.wrapping_sub(1);
        bus.write(0x0100 | u16::from(s), v);
    }

    /// Increments S and reads `$0100 + S`.
    #[inline(always)]
    pub(crate) fn pull<B: Bus>(&mut self, bus: &mut B) -> u8 {
        self.s = self.s.wrapping_add(1);
        bus.read(0x0100 | u16::from(self.s))
    }

    /// Reads the little-endian word at `addr`.
    #[inline(always)]
    pub(crate) fn read_word<B: Bus>(bus: &mut B, addr: u16) -> u16 {
        let lo = bus.read(addr);
        let hi = bus.read(addr.wrapping_add(1));
        u16::from_le_bytes([lo, hi])
    }

    /// The RESET sequence: 7 cycles, S decremented by three (no writes), `I` set, `D`
    /// cleared, PC loaded from `$FFFC`, pending NMI dropped, WAI/STP left. Other
    /// registers keep their values, as on the chip.
    pub fn reset<B: Bus>(&mut self, bus: &mut B) {
        self.s = self.s.wrapping_sub(3);
        self.p = (self.p | flags::I | flags::B | flags::U) & !flags::D;
        bus.vector_pull();
        self.pc = Self::read_word(bus, vectors::RESET);
        self.cycles += 7;
        self.state = State::Running;
        self.lines &= !NMI_PENDING;
    }

    /// Drives the IRQ input: `true` asserts it (level-sensitive, like the chip's
    /// active-low IRQB held low). It is sampled between instructions; the device must
    /// release it once serviced.
    pub fn set_irq(&mut self, asserted: bool) {
        if asserted {
            self.lines |= IRQ_LINE;
        } else {
            self.lines &= !IRQ_LINE;
        }
    }

    /// Whether the IRQ input is asserted.
    #[must_use]
    pub fn irq_asserted(&self) -> bool {
        self.lines & IRQ_LINE != 0
    }

    /// Signals a falling edge on NMIB: the NMI is serviced before the next instruction
    /// (also releasing WAI).
    pub fn nmi(&mut self) {
        self.lines |= NMI_PENDING;
    }

    /// Interrupt entry through `vector`: push PC and P (B as given), set `I`, clear
    /// `D`. The caller counts the 7 cycles.
    #[inline(always)]
    pub(crate) fn interrupt<B: Bus>(&mut self, bus: &mut B, vector: u16, brk: bool) {
        let [lo, hi] = self.pc.to_le_bytes();
        self.push(bus, hi);
        self.push(bus, lo);
        let p = if brk {
            self.p | flags::B
        } else {
            self.p & !flags::B
        };
        self.push(bus, p | flags::U);
        self.p = (self.p | flags::I) & !flags::D;
        bus.vector_pull();
        self.pc = Self::read_word(bus, vector);
    }

    /// Whether `I` masks IRQ at this poll (see [`Cpu::delayed_i`]).
    #[inline(always)]
    pub(crate) fn irq_masked(&self) -> bool {
        if self.delayed_at == self.cycles {
            self.delayed_i
        } else {
            self.p & flags::I != 0
        }
    }

    /// Services a pending NMI or an unmasked IRQ; returns whether it did.
    #[inline(always)]
    pub(crate) fn poll_interrupts<B: Bus>(&mut self, bus: &mut B) -> bool {
        if self.lines & NMI_PENDING != 0 {
            self.lines &= !NMI_PENDING;
            self.interrupt(bus, vectors::NMI, false);
            self.cycles += 7;
            true
        } else if self.lines & IRQ_LINE != 0 && !self.irq_masked() {
            self.interrupt(bus, vectors::IRQ, false);
            self.cycles += 7;
            true
        } else {
            false
        }
    }
}
