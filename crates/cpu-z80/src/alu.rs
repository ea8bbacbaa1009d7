//! Arithmetic and logic: 8-bit ALU, INC/DEC, 16-bit arithmetic, rotates, BIT, DAA and the
//! accumulator/flag instructions.
//!
//! Flag rules follow the Zilog manual (UM0080) for S, Z, H, P/V, N and C, and Sean Young's
//! *The Undocumented Z80 Documented* for bits 3 and 5; SCF/CCF take those bits through the
//! Q latch as the SingleStepTests data shows (`((Q ^ F) | A)`).

use crate::Cpu;
use crate::flags::{CF, HF, NF, PF, SF, SZ53, SZ53P, XF, YF, ZF};

impl Cpu {
    /// ADD/ADC: overflow when both operands have the same sign and the result does not.
    #[inline(always)]
    pub(crate) fn add8(&mut self, v: u8, carry: u8) {
        let a = self.a;
        let r = u16::from(a) + u16::from(v) + u16::from(carry);
        let res = r as u8;
        let f = SZ53[res as usize]
            | ((a ^ v ^ res) & HF)
            | ((((a ^ !v) & (a ^ res)) >> 5) & PF)
            | (r >> 8) as u8;
        self.a = res;
        self.set_f(f);
    }

    /// The flags of A - v - carry, with bits 3 and 5 from `xy`; returns the result.
    #[inline(always)]
    fn sub_flags(&mut self, v: u8, carry: u8, xy: Option<u8>) -> u8 {
        let a = self.a;
        let r = u16::from(a)
            .wrapping_sub(u16::from(v))
            .wrapping_sub(u16::from(carry));
        let res = r as u8;
        let xy = xy.unwrap_or(res);
        let f = (SZ53[res as usize] & !(XF | YF))
            | (xy & (XF | YF))
            | ((a ^ v ^ res) & HF)
            | ((((a ^ v) & (a ^ res)) >> 5) & PF)
            | NF
            | ((r >> 8) as u8 & CF);
        self.set_f(f);
        res
    }

    #[inline(always)]
    pub(crate) fn sub8(&mut self, v: u8, carry: u8) {
        self.a = self.sub_flags(v, carry, None);
    }

    /// CP takes bits 3 and 5 from the operand, not the discarded result.
    #[inline(always)]
    pub(crate) fn cp8(&mut self, v: u8) {
        self.sub_flags(v, 0, Some(v));
    }

    /// The eight accumulator operations by the 3-bit field of the opcode.
    #[inline(always)]
    pub(crate) fn alu(&mut self, op: u8, v: u8) {
        match op & 7 {
            0 => self.add8(v, 0),
            1 => self.add8(v, self.f & CF),
            2 => self.sub8(v, 0),
            3 => self.sub8(v, self.f & CF),
            4 => {
                self.a &= v;
                self.set_f(SZ53P[self.a as usize] | HF);
            }
            5 => {
                self.a ^= v;
                self.set_f(SZ53P[self.a as usize]);
            }
            6 => {
                self.a |= v;
                self.set_f(SZ53P[self.a as usize]);
            }
            _ => self.cp8(v),
        }
    }

    #[inline(always)]
    pub(crate) fn inc8(&mut self, v: u8) -> u8 {
        let r = v.wrapping_add(1);
        let f = (self.f & CF)
            | SZ53[r as usize]
            | if r & 0x0F == 0 { HF } else { 0 }
            | if r == 0x80 { PF } else { 0 };
        self.set_f(f);
        r
    }

    #[inline(always)]
    pub(crate) fn dec8(&mut self, v: u8) -> u8 {
        let r = v.wrapping_sub(1);
        let f = (self.f & CF)
            | NF
            | SZ53[r as usize]
            | if v & 0x0F == 0 { HF } else { 0 }
            | if v == 0x80 { PF } else { 0 };
        self.set_f(f);
        r
    }

    /// ADD rr,rr: S, Z and P/V are kept; H is the carry out of bit 11; bits 3 and 5 come
    /// from the high byte of the result. MEMPTR becomes the first operand plus one.
    #[inline(always)]
    pub(crate) fn add16(&mut self, a: u16, b: u16) -> u16 {
        let r = u32::from(a) + u32::from(b);
        let res = r as u16;
        let f = (self.f & (SF | ZF | PF))
            | (((a ^ b ^ res) >> 8) as u8 & HF)
            | ((res >> 8) as u8 & (XF | YF))
            | (r >> 16) as u8;
        self.set_f(f);
        self.wz = a.wrapping_add(1);
        res
    }

    pub(crate) fn adc16(&mut self, a: u16, b: u16) -> u16 {
        let c = u32::from(self.f & CF);
        let r = u32::from(a) + u32::from(b) + c;
        let res = r as u16;
        let hi = (res >> 8) as u8;
        let f = (hi & (SF | XF | YF))
            | if res == 0 { ZF } else { 0 }
            | (((a ^ b ^ res) >> 8) as u8 & HF)
            | ((((a ^ !b) & (a ^ res)) >> 13) as u8 & PF)
            | (r >> 16) as u8;
        self.set_f(f);
        self.wz = a.wrapping_add(1);
        res
    }

    pub(crate) fn sbc16(&mut self, a: u16, b: u16) -> u16 {
        let c = u32::from(self.f & CF);
        let r = u32::from(a).wrapping_sub(u32::from(b)).wrapping_sub(c);
        let res = r as u16;
        let hi = (res >> 8) as u8;
        let f = (hi & (SF | XF | YF))
            | if res == 0 { ZF } else { 0 }
            | (((a ^ b ^ res) >> 8) as u8 & HF)
            | ((((a ^ b) & (a ^ res)) >> 13) as u8 & PF)
            | NF
            | ((r >> 16) as u8 & CF);
        self.set_f(f);
        self.wz = a.wrapping_add(1);
        res
    }

    /// RLCA, RRCA, RLA, RRA (by the opcode's 3-bit field 0..3): only H, N, C and bits 3
    /// and 5 (from the new A) change.
    #[inline(always)]
    pub(crate) fn rot_a(&mut self, op: u8) {
        let a = self.a;
        let (r, c) = match op & 3 {
            0 => (a.rotate_left(1), a >> 7),
            1 => (a.rotate_right(1), a & 1),
            2 => ((a << 1) | (self.f & CF), a >> 7),
            _ => ((a >> 1) | ((self.f & CF) << 7), a & 1),
        };
        self.a = r;
        self.set_f((self.f & (SF | ZF | PF)) | (r & (XF | YF)) | c);
    }

    /// The CB-page rotates and shifts by the 3-bit field: RLC, RRC, RL, RR, SLA, SRA, SLL
    /// (undocumented: shifts in a 1), SRL.
    #[inline(always)]
    pub(crate) fn rot(&mut self, op: u8, v: u8) -> u8 {
        let cin = self.f & CF;
        let (r, c) = match op & 7 {
            0 => (v.rotate_left(1), v >> 7),
            1 => (v.rotate_right(1), v & 1),
            2 => ((v << 1) | cin, v >> 7),
            3 => ((v >> 1) | (cin << 7), v & 1),
            4 => (v << 1, v >> 7),
            5 => ((v >> 1) | (v & 0x80), v & 1),
            6 => ((v << 1) | 1, v >> 7),
            _ => (v >> 1, v & 1),
        };
        self.set_f(SZ53P[r as usize] | c);
        r
    }

    /// BIT n: Z and P/V are the inverted bit, S only for bit 7; bits 3 and 5 come from `xy`,
    /// which is the register for BIT n,r and the high byte of MEMPTR for memory operands.
    #[inline(always)]
    pub(crate) fn bit(&mut self, n: u8, v: u8, xy: u8) {
        let b = v & (1 << (n & 7));
        let f = (self.f & CF) | HF | (xy & (XF | YF)) | if b == 0 { ZF | PF } else { 0 } | (b & SF);
        self.set_f(f);
    }

    /// DAA: the correction depends on N, H, C and both nibbles of A (Young, section 4.7).
    pub(crate) fn daa(&mut self) {
        let a = self.a;
        let f = self.f;
        let mut corr = 0u8;
        let mut carry = f & CF;
        if f & HF != 0 || a & 0x0F > 9 {
            corr |= 0x06;
        }
        if carry != 0 || a > 0x99 {
            corr |= 0x60;
            carry = CF;
        }
        let r = if f & NF != 0 {
            a.wrapping_sub(corr)
        } else {
            a.wrapping_add(corr)
        };
        let h = (a ^ r) & HF;
        self.a = r;
        self.set_f(SZ53P[r as usize] | h | (f & NF) | carry);
    }

    pub(crate) fn cpl(&mut self) {
        self.a = !self.a;
        self.set_f((self.f & (SF | ZF | PF | CF)) | HF | NF | (self.a & (XF | YF)));
    }

    pub(crate) fn neg(&mut self) {
        let v = self.a;
        self.a = 0;
        self.sub8(v, 0);
    }

    /// Bits 3 and 5 of SCF and CCF: from A, ORed with F's own bits when the previous
    /// instruction did not set the flags (Q is zero then).
    #[inline(always)]
    fn scf_ccf_xy(&self) -> u8 {
        ((self.q_prev ^ self.f) | self.a) & (XF | YF)
    }

    pub(crate) fn scf(&mut self) {
        let f = (self.f & (SF | ZF | PF)) | self.scf_ccf_xy() | CF;
        self.set_f(f);
    }

    pub(crate) fn ccf(&mut self) {
        let c = self.f & CF;
        let f = (self.f & (SF | ZF | PF)) | self.scf_ccf_xy() | if c != 0 { HF } else { CF };
        self.set_f(f);
    }

    /// Flags of IN r,(C) and IN (C): S, Z, bits 3/5 and parity of the value; C kept.
    #[inline(always)]
    pub(crate) fn in_flags(&mut self, v: u8) {
        self.set_f(SZ53P[v as usize] | (self.f & CF));
    }

    /// LD A,I and LD A,R: P/V is IFF2.
    pub(crate) fn ld_a_ir(&mut self, v: u8) {
        self.a = v;
        let f = SZ53[v as usize] | (self.f & CF) | if self.iff2 { PF } else { 0 };
        self.set_f(f);
        self.p = true;
    }
}
