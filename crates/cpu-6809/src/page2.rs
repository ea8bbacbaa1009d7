//! Page `$11`: SWI3, CMPU and CMPS (MC6809 data sheet opcode map). Base cycles are in
//! [`crate::cycles::PAGE2`].

use crate::cpu::{Cpu, vector};
use crate::cycles::PAGE2;
use crate::{Bus, Fault};

impl Cpu {
    /// Fetches and executes the opcode after a `$11` prefix; returns its base cycles.
    #[inline(never)]
    pub(crate) fn page2<B: Bus>(&mut self, bus: &mut B) -> Result<u32, Fault> {
        let op = self.fetch8(bus);
        let opcode = 0x1100 | u16::from(op);
        self.last_opcode = opcode;
        let base = PAGE2[usize::from(op)];
        if base == 0 {
            return Err(Fault::IllegalOpcode {
                pc: self.last_pc,
                opcode,
            });
        }
        let mode = (op >> 4) & 3;
        match op {
            0x3F => self.swi_n(bus, vector::SWI3, 0),
            0x83 | 0x93 | 0xA3 | 0xB3 => {
                let v = self.operand16(bus, mode)?;
                self.sub16(self.u, v); // CMPU
            }
            _ => {
                // 0x8C | 0x9C | 0xAC | 0xBC: CMPS
                let v = self.operand16(bus, mode)?;
                self.sub16(self.s, v);
            }
        }
        Ok(u32::from(base))
    }
}
