//! Page `$10`: long conditional branches, SWI2, CMPD, CMPY, LDY/STY and LDS/STS (MC6809
//! data sheet opcode map). Base cycles are in [`crate::cycles::PAGE1`]; a long
//! conditional branch takes one more cycle when taken (data sheet: 5 (6)).

use crate::cpu::{Cpu, vector};
use crate::cycles::PAGE1;
use crate::{Bus, Fault};

impl Cpu {
    /// Fetches and executes the opcode after a `$10` prefix; returns its base cycles.
    #[inline(never)]
    pub(crate) fn page1<B: Bus>(&mut self, bus: &mut B) -> Result<u32, Fault> {
        let op = self.fetch8(bus);
        let opcode = 0x1000 | u16::from(op);
        self.last_opcode = opcode;
        let base = PAGE1[usize::from(op)];
        if base == 0 {
            return Err(Fault::IllegalOpcode {
                pc: self.last_pc,
                opcode,
            });
        }
        let mode = (op >> 4) & 3;
        match op {
            0x21..=0x2F => {
                let off = self.fetch16(bus);
                if self.condition(op & 0x0F) {
                    self.pc = self.pc.wrapping_add(off);
                    self.extra += 1;
                }
            }
            0x3F => self.swi_n(bus, vector::SWI2, 0),
            0x83 | 0x93 | 0xA3 | 0xB3 => {
                let v = self.operand16(bus, mode)?;
                self.sub16(self.d(), v); // CMPD
            }
            0x8C | 0x9C | 0xAC | 0xBC => {
                let v = self.operand16(bus, mode)?;
                self.sub16(self.y, v); // CMPY
            }
            0x8E | 0x9E | 0xAE | 0xBE => {
                let v = self.operand16(bus, mode)?;
                self.y = v; // LDY
                self.nz16_v0(v);
            }
            0x9F | 0xAF | 0xBF => {
                let ea = self.ea(bus, mode)?;
                self.write16(bus, ea, self.y); // STY
                self.nz16_v0(self.y);
            }
            0xCE | 0xDE | 0xEE | 0xFE => {
                let v = self.operand16(bus, mode)?;
                self.load_s(v); // LDS
                self.nz16_v0(v);
            }
            _ => {
                // 0xDF | 0xEF | 0xFF: STS
                let ea = self.ea(bus, mode)?;
                self.write16(bus, ea, self.s);
                self.nz16_v0(self.s);
            }
        }
        Ok(u32::from(base))
    }
}
