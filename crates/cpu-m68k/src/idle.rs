//! What a board needs to fast-forward a loop that only waits: a copy of the CPU, a
//! comparison of two states that ignores the clock, and a clock moved on by whole
//! iterations. The loop itself is recognised by the board (it knows which reads have
//! effects); the core only says whether an iteration left it exactly as it found it.

use crate::Cpu;

impl Cpu {
    /// Whether `self` and `other` are the same 68000 but for their clocks: registers,
    /// status, the prefetch queue and where it was read, the interrupt request, STOP and
    /// halt, and the internal latches an exception frame would show (the last fault, the
    /// last postincrement, the opcode in IR). Two such states run the same instructions
    /// with the same results on the same memory.
    #[must_use]
    pub fn same_but_clock(&self, other: &Cpu) -> bool {
        let (a, b) = (&self.core, &other.core);
        a.d == b.d
            && a.a == b.a
            && a.other_sp == b.other_sp
            && a.pc == b.pc
            && a.queue == b.queue
            && a.queue_full == b.queue_full
            && (a.x, a.n, a.z, a.v, a.c) == (b.x, b.n, b.z, b.v, b.c)
            && (a.t, a.s, a.mask) == (b.t, b.s, b.mask)
            && a.start_pc == b.start_pc
            && a.fault == b.fault
            && a.fault_clocks == b.fault_clocks
            && a.fault_pc == b.fault_pc
            && a.fault_d == b.fault_d
            && a.fault_a == b.fault_a
            && a.fault_ccr == b.fault_ccr
            && a.postincrement == b.postincrement
            && a.pc_lead == b.pc_lead
            && a.program_read == b.program_read
            && a.opcode == b.opcode
            && a.irq == b.irq
            && a.stopped == b.stopped
            && a.halted == b.halted
            && a.entered == b.entered
    }

    /// Moves the clock on by `cycles` and changes nothing else: the time of instructions
    /// a board knows would have left the CPU as it is (whole iterations of a loop that
    /// only waits).
    pub fn add_cycles(&mut self, cycles: u64) {
        self.core.total += cycles;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_is_the_only_thing_ignored() {
        let mut a = Cpu::new();
        let b = a.clone();
        a.add_cycles(40);
        assert!(a.same_but_clock(&b));
        assert_eq!(a.cycles(), b.cycles() + 40);
        a.set_d(3, 1);
        assert!(!a.same_but_clock(&b));
    }
}
