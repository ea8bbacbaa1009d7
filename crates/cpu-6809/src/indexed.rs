//! Indexed addressing: the postbyte forms and their extra cycles, from the MC6809 data
//! sheet's indexed addressing table.
//!
//! | form            | postbyte   | extra | indirect `[..]` |
//! |-----------------|------------|-------|-----------------|
//! | n5,R            | `0RRnnnnn` | +1    | (none)          |
//! | ,R+             | `1RRi0000` | +2    | illegal         |
//! | ,R++            | `1RRi0001` | +3    | +6              |
//! | ,-R             | `1RRi0010` | +2    | illegal         |
//! | ,--R            | `1RRi0011` | +3    | +6              |
//! | ,R              | `1RRi0100` | +0    | +3              |
//! | B,R             | `1RRi0101` | +1    | +4              |
//! | A,R             | `1RRi0110` | +1    | +4              |
//! | n8,R            | `1RRi1000` | +1    | +4              |
//! | n16,R           | `1RRi1001` | +4    | +7              |
//! | D,R             | `1RRi1011` | +4    | +7              |
//! | n8,PCR          | `1xxi1100` | +1    | +4              |
//! | n16,PCR         | `1xxi1101` | +5    | +8              |
//! | [n16]           | `10011111` |       | +5              |
//!
//! RR selects X (00), Y (01), U (10), S (11); `i` is the indirect bit. The PC-relative
//! forms ignore RR (the table's `xx`). Types `0111`, `1010`, `1110`, `[,R+]`, `[,-R]`,
//! `1RR01111` and the RR other than 00 of `[n16]` are not defined by the data sheet and
//! are reported as [`Fault::IllegalPostbyte`] before anything changes.

use crate::cpu::Cpu;
use crate::{Bus, Fault};

impl Cpu {
    /// The index register selected by RR.
    #[inline(always)]
    fn index_reg(&mut self, rr: u8) -> &mut u16 {
        match rr {
            0 => &mut self.x,
            1 => &mut self.y,
            2 => &mut self.u,
            _ => &mut self.s,
        }
    }

    /// Fetches an indexed postbyte (and its offset bytes) and returns the effective
    /// address, adding the form's extra cycles to the instruction.
    #[inline(always)]
    pub(crate) fn ea_indexed<B: Bus>(&mut self, bus: &mut B) -> Result<u16, Fault> {
        let pb = self.fetch8(bus);
        let rr = (pb >> 5) & 3;
        if pb & 0x80 == 0 {
            // 5-bit two's complement offset.
            let off = (((pb & 0x1F) ^ 0x10) as i8 - 0x10) as u16;
            self.extra += 1;
            return Ok(self.index_reg(rr).wrapping_add(off));
        }
        let indirect = pb & 0x10 != 0;
        let illegal = Fault::IllegalPostbyte {
            pc: self.last_pc,
            postbyte: pb,
        };
        let (ea, extra) = match pb & 0x0F {
            0x0 if !indirect => {
                let r = self.index_reg(rr);
                let ea = *r;
                *r = ea.wrapping_add(1);
                (ea, 2)
            }
            0x1 => {
                let r = self.index_reg(rr);
                let ea = *r;
                *r = ea.wrapping_add(2);
                (ea, 3)
            }
            0x2 if !indirect => {
                let r = self.index_reg(rr);
                *r = r.wrapping_sub(1);
                (*r, 2)
            }
            0x3 => {
                let r = self.index_reg(rr);
                *r = r.wrapping_sub(2);
                (*r, 3)
            }
            0x4 => (*self.index_reg(rr), 0),
            0x5 => {
                let off = self.b as i8 as u16;
                (self.index_reg(rr).wrapping_add(off), 1)
            }
            0x6 => {
                let off = self.a as i8 as u16;
                (self.index_reg(rr).wrapping_add(off), 1)
            }
            0x8 => {
                let off = self.fetch8(bus) as i8 as u16;
                (self.index_reg(rr).wrapping_add(off), 1)
            }
            0x9 => {
                let off = self.fetch16(bus);
                (self.index_reg(rr).wrapping_add(off), 4)
            }
            0xB => {
                let off = self.d();
                (self.index_reg(rr).wrapping_add(off), 4)
            }
            0xC => {
                let off = self.fetch8(bus) as i8 as u16;
                (self.pc.wrapping_add(off), 1)
            }
            0xD => {
                let off = self.fetch16(bus);
                (self.pc.wrapping_add(off), 5)
            }
            // [n16]: +5 in all, of which the indirection below adds 3.
            0xF if pb == 0x9F => (self.fetch16(bus), 2),
            _ => return Err(illegal),
        };
        self.extra += extra;
        if indirect {
            self.extra += 3;
            Ok(self.read16(bus, ea))
        } else {
            Ok(ea)
        }
    }
}
