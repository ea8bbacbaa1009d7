//! Acceptance of NMI and maskable interrupts (UM0080, "Interrupt Response"; Young, chapter 5).
//!
//! - NMI: 11 T-states (a 5 T-state M1 whose opcode is ignored, then the push); IFF1 is
//!   cleared and IFF2 keeps the old IFF1 so RETN can restore it; jumps to 0066h.
//! - Mode 0: the byte on the bus is executed; the acknowledge M1 takes 2 extra T-states,
//!   so RST p takes 13. Multi-byte instructions read their operands from memory at PC —
//!   an approximation, as real devices supply them on the bus.
//! - Mode 1: RST 38h in 13 T-states.
//! - Mode 2: 19 T-states; the vector is read from `(I << 8) | byte`.
//!
//! Acceptance clears HALT (the pushed PC is already past the HALT), increments R once and
//! loads MEMPTR with the jump address. Right after LD A,I or LD A,R an accepted maskable
//! interrupt clears P/V, as the NMOS Z80 does.

use crate::flags::PF;
use crate::{Bus, Cpu};

impl Cpu {
    pub(crate) fn accept_interrupt<B: Bus>(&mut self, bus: &mut B) {
        self.halted = false;
        self.inc_r();
        let after_ld_a_ir = self.p;
        self.p = false;
        self.ei = false;
        self.q = 0;
        self.t += u64::from(bus.m1_wait());
        if self.nmi_pending {
            self.nmi_pending = false;
            self.iff1 = false;
            self.push(bus, self.pc);
            self.pc = 0x0066;
            self.wz = self.pc;
            self.t += 11;
            return;
        }
        // LD A,I/R copies IFF2 into P/V late enough that the acceptance's clearing of IFF2
        // gets there first; NMI leaves IFF2 alone, so only here.
        if after_ld_a_ir {
            self.f &= !PF;
        }
        self.iff1 = false;
        self.iff2 = false;
        let data = bus.int_ack();
        match self.im {
            0 => {
                self.t += 2;
                let cycles = self.exec_main_outlined::<0, B>(bus, data);
                self.t += u64::from(cycles);
            }
            1 => {
                self.push(bus, self.pc);
                self.pc = 0x0038;
                self.wz = self.pc;
                self.t += 13;
            }
            _ => {
                self.push(bus, self.pc);
                let vector = (u16::from(self.i) << 8) | u16::from(data);
                self.pc = Self::read16(bus, vector);
                self.wz = self.pc;
                self.t += 19;
            }
        }
    }
}
