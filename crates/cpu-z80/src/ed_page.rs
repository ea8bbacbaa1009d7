//! The ED page. Opcodes 40-7F are documented in UM0080 apart from the mirrors Young lists
//! (NEG at every xC/x4, RETN at every x5/xD other than 4D, IM at 4E/66/6E/76/7E, IN (C) at
//! 70, OUT (C),0 at 71); A0-BF hold the block instructions (see `block`). Every other ED
//! opcode does nothing in 8 T-states.

use crate::timing::ED;
use crate::{Bus, Cpu};

impl Cpu {
    /// Executes ED `op` (already fetched); returns its T-states.
    pub(crate) fn exec_ed<B: Bus>(&mut self, bus: &mut B, op: u8) -> u32 {
        let y = (op >> 3) & 7;
        match op {
            0x40..=0x7F => match op & 7 {
                0 => {
                    let bc = self.bc();
                    let v = bus.input(bc, self.t + 10);
                    self.in_flags(v);
                    if y != 6 {
                        self.set_reg::<0>(y, v);
                    }
                    self.wz = bc.wrapping_add(1);
                }
                1 => {
                    let bc = self.bc();
                    // The NMOS Z80 drives 0 for the missing (HL) operand.
                    let v = if y == 6 { 0 } else { self.reg::<0>(y) };
                    bus.output(bc, v, self.t + 10);
                    self.wz = bc.wrapping_add(1);
                }
                2 => {
                    let hl = self.hl();
                    let rr = self.rp::<0>(y >> 1);
                    let v = if y & 1 == 0 {
                        self.sbc16(hl, rr)
                    } else {
                        self.adc16(hl, rr)
                    };
                    self.set_hl(v);
                }
                3 => {
                    let addr = self.imm16(bus);
                    if y & 1 == 0 {
                        Self::write16(bus, addr, self.rp::<0>(y >> 1));
                    } else {
                        let v = Self::read16(bus, addr);
                        self.set_rp::<0>(y >> 1, v);
                    }
                    self.wz = addr.wrapping_add(1);
                }
                4 => self.neg(),
                // RETN and RETI both restore IFF1 from IFF2.
                5 => {
                    self.iff1 = self.iff2;
                    self.pc = self.pop(bus);
                    self.wz = self.pc;
                }
                6 => self.im = [0, 0, 1, 2][usize::from(y & 3)],
                _ => match y {
                    0 => self.i = self.a,
                    1 => self.r = self.a,
                    2 => self.ld_a_ir(self.i),
                    3 => self.ld_a_ir(self.r),
                    4 | 5 => self.rld_rrd(bus, y == 5),
                    _ => {}
                },
            },
            0xA0..=0xBF if op & 7 < 4 => return self.exec_block(bus, op),
            _ => {}
        }
        u32::from(ED[op as usize])
    }

    /// RLD (`left`) and RRD: rotate a BCD digit between A and (HL).
    fn rld_rrd<B: Bus>(&mut self, bus: &mut B, left: bool) {
        let hl = self.hl();
        let v = bus.read(hl);
        let a = self.a;
        let (mem, lo) = if left {
            ((v << 4) | (a & 0x0F), v >> 4)
        } else {
            ((a << 4) | (v >> 4), v & 0x0F)
        };
        bus.write(hl, mem);
        self.a = (a & 0xF0) | lo;
        self.in_flags(self.a);
        self.wz = hl.wrapping_add(1);
    }
}
