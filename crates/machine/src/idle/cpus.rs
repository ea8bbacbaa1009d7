//! [`LoopCpu`] for the three cores whose boards skip idle loops: what "the same state but
//! for the clock" means for each.

use super::LoopCpu;

impl LoopCpu for cpu_m68k::Cpu {
    #[inline]
    fn clock(&self) -> u64 {
        self.cycles()
    }
    fn repeats(&self, then: &Self, _m1: u32) -> bool {
        self.same_but_clock(then)
    }
    fn same_at_head(&self, then: &Self) -> bool {
        self.same_but_clock(then)
    }
    fn skip(&mut self, iterations: u64, period: u64, _m1: u32) {
        self.add_cycles(iterations * period);
    }
}

/// R's low seven bits count M1 cycles; bit 7 stays (Zilog Z80 CPU User Manual, "Memory
/// Refresh Register").
fn r_after(r: u8, m1: u64) -> u8 {
    (r & 0x80) | ((u64::from(r & 0x7F) + m1) & 0x7F) as u8
}

/// Whether two Z80 states are the same but for the clock and R's count.
fn z80_same_but_t_r(a: &cpu_z80::Cpu, b: &cpu_z80::Cpu) -> bool {
    if a.r & 0x80 != b.r & 0x80 {
        return false;
    }
    let mut a = a.clone();
    a.t = b.t;
    a.r = b.r;
    a == *b
}

impl LoopCpu for cpu_z80::Cpu {
    #[inline]
    fn clock(&self) -> u64 {
        self.t
    }
    fn repeats(&self, then: &Self, m1: u32) -> bool {
        // R must have counted exactly the iteration's M1 cycles: a loop that loads R
        // (LD R,A) is not the same loop on the next turn.
        self.r == r_after(then.r, u64::from(m1)) && z80_same_but_t_r(self, then)
    }
    fn same_at_head(&self, then: &Self) -> bool {
        z80_same_but_t_r(self, then)
    }
    fn skip(&mut self, iterations: u64, period: u64, m1: u32) {
        self.t += iterations * period;
        self.r = r_after(self.r, iterations * u64::from(m1));
    }
}

impl LoopCpu for cpu_65c02::Cpu {
    #[inline]
    fn clock(&self) -> u64 {
        self.cycles
    }
    fn repeats(&self, then: &Self, _m1: u32) -> bool {
        self.same_at_head(then)
    }
    fn same_at_head(&self, then: &Self) -> bool {
        // A PLP or SEI inside the turn leaves the cycle of its poll behind, which differs
        // on every turn and no longer counts at the head.
        self.same_but_clock(then)
    }
    fn skip(&mut self, iterations: u64, period: u64, _m1: u32) {
        self.cycles += iterations * period;
    }
}
