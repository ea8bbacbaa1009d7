//! The block instructions LDI/LDD/CPI/CPD/INI/IND/OUTI/OUTD and their repeating forms.
//!
//! Documented flags are from UM0080. Bits 3 and 5 of LDI and CPI come from A plus the byte
//! (minus H for CPI), with bit 1 of that sum landing in bit 5 (Young, section 4.2). INI and
//! OUTI flags come from B and a sum of the byte with C±1 or L (Young, section 4.3).
//!
//! When a repeating form goes round again, PC moves back to the instruction, MEMPTR becomes
//! PC + 1, and bits 3 and 5 take the high byte of PC; the I/O forms also adjust P/V and H
//! from B, as the SingleStepTests data records (later measurements by D. Banks and others).

use crate::flags::{CF, HF, NF, PF, SF, XF, YF, ZF, parity};
use crate::timing::{BLOCK_REPEAT, ED};
use crate::{Bus, Cpu};

impl Cpu {
    /// Executes block opcode `op` (A0-A3, A8-AB, B0-B3, B8-BB); returns its T-states.
    pub(crate) fn exec_block<B: Bus>(&mut self, bus: &mut B, op: u8) -> u32 {
        let down = op & 0x08 != 0;
        let repeat = op & 0x10 != 0;
        let step: u16 = if down { 0xFFFF } else { 1 };
        let mut cycles = u32::from(ED[op as usize]);
        match op & 3 {
            0 => {
                let hl = self.hl();
                let de = self.de();
                let v = bus.read(hl);
                bus.write(de, v);
                self.set_hl(hl.wrapping_add(step));
                self.set_de(de.wrapping_add(step));
                let bc = self.bc().wrapping_sub(1);
                self.set_bc(bc);
                let n = v.wrapping_add(self.a);
                let mut f = (self.f & (SF | ZF | CF)) | (n & XF) | ((n << 4) & YF);
                if bc != 0 {
                    f |= PF;
                    if repeat {
                        f = self.repeat_xy(f);
                        cycles += BLOCK_REPEAT;
                    }
                }
                self.set_f(f);
            }
            1 => {
                let hl = self.hl();
                let v = bus.read(hl);
                self.set_hl(hl.wrapping_add(step));
                let bc = self.bc().wrapping_sub(1);
                self.set_bc(bc);
                self.wz = self.wz.wrapping_add(step);
                let a = self.a;
                let res = a.wrapping_sub(v);
                let h = (a ^ v ^ res) & HF;
                let n = res.wrapping_sub(h >> 4);
                let mut f = (self.f & CF)
                    | NF
                    | (res & SF)
                    | if res == 0 { ZF } else { 0 }
                    | h
                    | (n & XF)
                    | ((n << 4) & YF);
                if bc != 0 {
                    f |= PF;
                    if repeat && res != 0 {
                        f = self.repeat_xy(f);
                        cycles += BLOCK_REPEAT;
                    }
                }
                self.set_f(f);
            }
            2 => {
                let bc = self.bc();
                let v = bus.input(bc, self.t + 11);
                self.wz = bc.wrapping_add(step);
                self.b = self.b.wrapping_sub(1);
                let hl = self.hl();
                bus.write(hl, v);
                self.set_hl(hl.wrapping_add(step));
                let k = u16::from(v) + u16::from(self.c.wrapping_add(step as u8));
                cycles += self.io_block_flags(v, k, repeat);
            }
            _ => {
                let hl = self.hl();
                let v = bus.read(hl);
                self.b = self.b.wrapping_sub(1);
                let bc = self.bc();
                bus.output(bc, v, self.t + 14);
                self.wz = bc.wrapping_add(step);
                self.set_hl(hl.wrapping_add(step));
                let k = u16::from(v) + u16::from(self.l);
                cycles += self.io_block_flags(v, k, repeat);
            }
        }
        cycles
    }

    /// Moves PC back to the repeating instruction and gives bits 3 and 5 its high byte.
    #[inline(always)]
    fn repeat_xy(&mut self, f: u8) -> u8 {
        self.pc = self.pc.wrapping_sub(2);
        self.wz = self.pc.wrapping_add(1);
        (f & !(XF | YF)) | ((self.pc >> 8) as u8 & (XF | YF))
    }

    /// Flags of INI/IND/OUTI/OUTD, `k` being the byte plus C±1 (input) or L (output); for a
    /// repeating form that goes round again, also the repeat adjustments. Returns the extra
    /// T-states of a repeat.
    fn io_block_flags(&mut self, v: u8, k: u16, repeat: bool) -> u32 {
        let b = self.b;
        let nf = (v >> 6) & NF;
        let hc = if k > 0xFF { HF | CF } else { 0 };
        let p = parity((k as u8 & 7) ^ b);
        let mut f = (b & (SF | XF | YF)) | if b == 0 { ZF } else { 0 } | nf | hc | p;
        let mut extra = 0;
        if repeat && b != 0 {
            f = self.repeat_xy(f);
            extra = BLOCK_REPEAT;
            if hc != 0 {
                f &= !HF;
                let (bb, half) = if v & 0x80 != 0 {
                    (b.wrapping_sub(1), b & 0x0F == 0x00)
                } else {
                    (b.wrapping_add(1), b & 0x0F == 0x0F)
                };
                f ^= parity(bb & 7) ^ PF;
                if half {
                    f |= HF;
                }
            } else {
                f ^= parity(b & 7) ^ PF;
            }
        }
        self.set_f(f);
        extra
    }
}
