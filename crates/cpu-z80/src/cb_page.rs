//! The CB page (rotates, shifts, BIT, RES, SET) and its indexed form DD/FD CB d op.
//!
//! In the indexed form the opcode byte comes after the displacement and is read with an
//! ordinary memory read (no M1, no R increment), and every operation works on (IX+d); the
//! non-BIT forms also copy the result into the register named by the low three bits unless
//! they are 6 (Young, section 3.5). BIT n,(HL) takes bits 3 and 5 from MEMPTR's high byte,
//! BIT n,(IX+d) from the high byte of IX+d.

use crate::timing::{CB, INDEX_CB};
use crate::{Bus, Cpu};

impl Cpu {
    /// Executes CB `op` (already fetched); returns its T-states.
    #[inline(always)]
    pub(crate) fn exec_cb<B: Bus>(&mut self, bus: &mut B, op: u8) -> u32 {
        let r = op & 7;
        let y = (op >> 3) & 7;
        if r == 6 {
            let addr = self.hl();
            let v = bus.read(addr);
            match op >> 6 {
                0 => {
                    let res = self.rot(y, v);
                    bus.write(addr, res);
                }
                1 => self.bit(y, v, (self.wz >> 8) as u8),
                2 => bus.write(addr, v & !(1 << y)),
                _ => bus.write(addr, v | (1 << y)),
            }
        } else {
            let v = self.reg::<0>(r);
            match op >> 6 {
                0 => {
                    let res = self.rot(y, v);
                    self.set_reg::<0>(r, res);
                }
                1 => self.bit(y, v, v),
                2 => self.set_reg::<0>(r, v & !(1 << y)),
                _ => self.set_reg::<0>(r, v | (1 << y)),
            }
        }
        u32::from(CB[op as usize])
    }

    /// Executes DD/FD CB d op after the CB byte; returns its T-states.
    pub(crate) fn exec_index_cb<const X: u8, B: Bus>(&mut self, bus: &mut B) -> u32 {
        let addr = self.mem_addr::<X, B>(bus);
        let op = self.imm8(bus);
        let r = op & 7;
        let y = (op >> 3) & 7;
        let v = bus.read(addr);
        let res = match op >> 6 {
            0 => self.rot(y, v),
            1 => {
                self.bit(y, v, (addr >> 8) as u8);
                return u32::from(INDEX_CB[op as usize]);
            }
            2 => v & !(1 << y),
            _ => v | (1 << y),
        };
        bus.write(addr, res);
        if r != 6 {
            self.set_reg::<0>(r, res);
        }
        u32::from(INDEX_CB[op as usize])
    }
}
