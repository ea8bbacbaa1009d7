//! Registers, the status byte and the run state.
//!
//! The status byte `P` keeps the 65C02's layout (NV1B DIZC). Bit 5 always reads as 1
//! and B exists only in the copy pushed by BRK/PHP (data sheet, section 2: processor
//! status register), so [`Cpu::p`] holds both bits set and interrupts push it with B
//! cleared.

/// Bits of the processor status register `P`.
pub mod flags {
    /// Carry.
    pub const C: u8 = 0x01;
    /// Zero.
    pub const Z: u8 = 0x02;
    /// IRQ disable.
    pub const I: u8 = 0x04;
    /// Decimal mode.
    pub const D: u8 = 0x08;
    /// Break: set in the copy of `P` pushed by BRK and PHP, clear in the one pushed by
    /// IRQ and NMI.
    pub const B: u8 = 0x10;
    /// Unused bit, always 1.
    pub const U: u8 = 0x20;
    /// Overflow.
    pub const V: u8 = 0x40;
    /// Negative.
    pub const N: u8 = 0x80;
}

/// Whether the core executes instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum State {
    /// Fetching and executing instructions.
    Running,
    /// WAI executed at `pc` (the address of the WAI opcode): the core idles until IRQ
    /// or NMI is asserted (an IRQ with `I` set resumes after the WAI without
    /// servicing it, as the data sheet specifies), or until reset.
    Waiting {
        /// Address of the WAI opcode.
        pc: u16,
    },
    /// STP executed at `pc` (the address of the STP opcode): the clock is stopped until
    /// reset.
    Stopped {
        /// Address of the STP opcode.
        pc: u16,
    },
}

/// The W65C02S programmer-visible registers plus the core's cycle counter, interrupt
/// inputs and run state.
///
/// The fields are public so a harness can set up and inspect a routine's entry and
/// exit state directly; writing them between steps is allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cpu {
    /// Accumulator.
    pub a: u8,
    /// Index register X.
    pub x: u8,
    /// Index register Y.
    pub y: u8,
    /// Stack pointer (the stack is page 1: `$0100 + s`).
    pub s: u8,
    /// Program counter: the address of the next opcode between steps.
    pub pc: u16,
    /// Processor status, see [`flags`]. Bits 4 (B) and 5 always read as set here.
    pub p: u8,
    /// Cycles executed since [`Cpu::new`] (reset does not clear it).
    pub cycles: u64,
    pub(crate) state: State,
    /// Interrupt inputs: [`IRQ_LINE`] (level of the IRQ input) and [`NMI_PENDING`] (an
    /// NMI edge seen and not yet serviced), in one byte so that the per-instruction
    /// check is a single test.
    pub(crate) lines: u8,
    /// `I` as the interrupt poll of a CLI, SEI or PLP saw it: they change `I` after
    /// their poll, so the IRQ they unmask or mask is taken one instruction late. Valid
    /// while [`Cpu::cycles`] still equals `delayed_at`, i.e. until anything else runs;
    /// otherwise the poll uses `I` as it is (RTI changes it before its poll).
    pub(crate) delayed_i: bool,
    /// [`Cpu::cycles`] at the end of the CLI, SEI or PLP that set `delayed_i`.
    pub(crate) delayed_at: u64,
}

/// Bit of [`Cpu::lines`]: the IRQ input is asserted.
pub(crate) const IRQ_LINE: u8 = 0x01;
/// Bit of [`Cpu::lines`]: an NMI edge is waiting to be serviced.
pub(crate) const NMI_PENDING: u8 = 0x02;

impl Default for Cpu {
    fn default() -> Self {
        Self::new()
    }
}

impl Cpu {
    /// A core in power-on state: registers zero, `S = $FD`, `P = I | B | U`, running.
    /// Call [`Cpu::reset`] to load `PC` from the reset vector, or set `pc` directly.
    #[must_use]
    pub fn new() -> Self {
        Self {
            a: 0,
            x: 0,
            y: 0,
            s: 0xFD,
            pc: 0,
            p: flags::I | flags::B | flags::U,
            cycles: 0,
            state: State::Running,
            lines: 0,
            delayed_i: false,
            delayed_at: u64::MAX,
        }
    }

    /// Run state: running, waiting after WAI or stopped after STP (with the opcode's
    /// address).
    #[must_use]
    pub fn state(&self) -> State {
        self.state
    }

    /// Whether `self` is `other` but for [`Cpu::cycles`]: the registers, the run state,
    /// the interrupt inputs, and a CLI, SEI or PLP's delayed `I` only where it still
    /// counts (at the cycle its poll is due), as a state reached one loop turn later
    /// compares with the turn before.
    #[must_use]
    pub fn same_but_clock(&self, other: &Self) -> bool {
        let delayed = |c: &Self| (c.delayed_at == c.cycles).then_some(c.delayed_i);
        (self.a, self.x, self.y, self.s, self.pc, self.p)
            == (other.a, other.x, other.y, other.s, other.pc, other.p)
            && self.state == other.state
            && self.lines == other.lines
            && delayed(self) == delayed(other)
    }

    /// True when `flag` (one of [`flags`]) is set in `P`.
    #[must_use]
    #[inline]
    pub fn flag(&self, flag: u8) -> bool {
        self.p & flag != 0
    }

    /// Sets or clears `flag` (one of [`flags`]) in `P`. B and bit 5 stay set.
    #[inline(always)]
    pub fn set_flag(&mut self, flag: u8, on: bool) {
        if on {
            self.p |= flag;
        } else {
            self.p &= !flag;
        }
        self.p |= flags::B | flags::U;
    }

    /// Records `I` before a CLI, SEI or PLP (`op`) changes it, for the interrupt poll at
    /// the end of that instruction.
    #[inline(always)]
    pub(crate) fn delay_i(&mut self, op: u8) {
        self.delayed_i = self.p & flags::I != 0;
        // The poll at the end of this instruction: its base cycles are counted after it
        // executes (these opcodes have no extra cycles).
        self.delayed_at = self.cycles + u64::from(crate::opcodes::BASE_CYCLES[usize::from(op)]);
    }

    /// Sets N, Z and C from `value` and `carry` in one update of P (B and bit 5 kept
    /// set, as [`Cpu::set_flag`] keeps them).
    #[inline(always)]
    pub(crate) fn set_nzc(&mut self, value: u8, carry: bool) {
        self.p = (self.p & !(flags::N | flags::Z | flags::C))
            | (value & flags::N)
            | (u8::from(value == 0) << 1)
            | u8::from(carry)
            | flags::B
            | flags::U;
    }

    /// Sets N, Z, C and V in one update of P (B and bit 5 kept set).
    #[inline(always)]
    pub(crate) fn set_nzcv(&mut self, value: u8, carry: bool, overflow: bool) {
        self.p = (self.p & !(flags::N | flags::Z | flags::C | flags::V))
            | (value & flags::N)
            | (u8::from(value == 0) << 1)
            | u8::from(carry)
            | (u8::from(overflow) << 6)
            | flags::B
            | flags::U;
    }

    /// Sets N and Z from `value`.
    #[inline]
    pub(crate) fn set_nz(&mut self, value: u8) {
        self.p = (self.p & !(flags::N | flags::Z))
            | (value & flags::N)
            | if value == 0 { flags::Z } else { 0 };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_but_clock_ignores_only_the_clock_and_a_spent_delayed_poll() {
        let a = Cpu::new();
        let mut b = Cpu::new();
        b.cycles = 1234;
        assert!(a.same_but_clock(&b), "only the cycle count differs");

        let registers: [fn(&mut Cpu); 7] = [
            |c| c.a = 1,
            |c| c.x = 1,
            |c| c.y = 1,
            |c| c.s = 0xFC,
            |c| c.pc = 0x0200,
            |c| c.p |= flags::C,
            |c| c.state = State::Waiting { pc: 0 },
        ];
        for (i, change) in registers.iter().enumerate() {
            let mut b = a.clone();
            change(&mut b);
            assert!(!a.same_but_clock(&b), "change {i} is seen");
        }
        let mut b = a.clone();
        b.set_irq(true);
        assert!(!a.same_but_clock(&b), "the IRQ input");
        let mut b = a.clone();
        b.nmi();
        assert!(!a.same_but_clock(&b), "a pending NMI");

        // A CLI at the end of a turn: its poll (due at the cycle the turn ends) still
        // sees I set. Turns 100 cycles apart, each just after its CLI, compare equal.
        let mut then = Cpu::new();
        (then.cycles, then.delayed_at, then.delayed_i) = (500, 500, true);
        let mut now = then.clone();
        (now.cycles, now.delayed_at) = (600, 600);
        assert!(now.same_but_clock(&then));
        // The same turn whose CLI saw I clear polls differently.
        now.delayed_i = false;
        assert!(!now.same_but_clock(&then));
        // A delayed poll already taken (its cycle passed) no longer counts...
        (now.cycles, now.delayed_at, now.delayed_i) = (600, 590, false);
        assert!(!now.same_but_clock(&then), "spent against due");
        // ...whatever the I it recorded.
        (then.cycles, then.delayed_at, then.delayed_i) = (500, 420, true);
        assert!(now.same_but_clock(&then), "both spent");
    }
}
