//! Arithmetic, logic and shifts with their condition codes, as the 6809 Programming
//! Manual's instruction descriptions give them. Where the manual calls a flag
//! "undefined" (H after subtraction, shifts and NEG; V after DAA) this core leaves the
//! flag unchanged.

use crate::cpu::{Cpu, cc};

/// N and Z of an 8-bit result.
#[inline(always)]
pub(crate) fn nz8(v: u8) -> u8 {
    ((v >> 4) & cc::N) | if v == 0 { cc::Z } else { 0 }
}

/// N and Z of a 16-bit result.
#[inline(always)]
pub(crate) fn nz16(v: u16) -> u8 {
    (((v >> 12) as u8) & cc::N) | if v == 0 { cc::Z } else { 0 }
}

impl Cpu {
    /// ADDA/ADDB (carry 0) and ADCA/ADCB: H N Z V C.
    #[inline(always)]
    pub(crate) fn add8(&mut self, a: u8, b: u8, carry: u8) -> u8 {
        let wide = u16::from(a) + u16::from(b) + u16::from(carry);
        let r = wide as u8;
        let mut f = nz8(r);
        if (a ^ b ^ r) & 0x10 != 0 {
            f |= cc::H;
        }
        if (a ^ r) & (b ^ r) & 0x80 != 0 {
            f |= cc::V;
        }
        if wide & 0x100 != 0 {
            f |= cc::C;
        }
        self.cc = (self.cc & !(cc::H | cc::N | cc::Z | cc::V | cc::C)) | f;
        r
    }

    /// SUB, CMP (borrow 0) and SBC: N Z V C; H is left unchanged (manual: undefined).
    #[inline(always)]
    pub(crate) fn sub8(&mut self, a: u8, b: u8, borrow: u8) -> u8 {
        let wide = u16::from(a)
            .wrapping_sub(u16::from(b))
            .wrapping_sub(u16::from(borrow));
        let r = wide as u8;
        let mut f = nz8(r);
        if (a ^ b) & (a ^ r) & 0x80 != 0 {
            f |= cc::V;
        }
        if wide & 0x100 != 0 {
            f |= cc::C;
        }
        self.cc = (self.cc & !(cc::N | cc::Z | cc::V | cc::C)) | f;
        r
    }

    /// ADDD: N Z V C.
    #[inline(always)]
    pub(crate) fn add16(&mut self, a: u16, b: u16) -> u16 {
        let wide = u32::from(a) + u32::from(b);
        let r = wide as u16;
        let mut f = nz16(r);
        if (a ^ r) & (b ^ r) & 0x8000 != 0 {
            f |= cc::V;
        }
        if wide & 0x1_0000 != 0 {
            f |= cc::C;
        }
        self.cc = (self.cc & !(cc::N | cc::Z | cc::V | cc::C)) | f;
        r
    }

    /// SUBD and the 16-bit compares: N Z V C.
    #[inline(always)]
    pub(crate) fn sub16(&mut self, a: u16, b: u16) -> u16 {
        let wide = u32::from(a).wrapping_sub(u32::from(b));
        let r = wide as u16;
        let mut f = nz16(r);
        if (a ^ b) & (a ^ r) & 0x8000 != 0 {
            f |= cc::V;
        }
        if wide & 0x1_0000 != 0 {
            f |= cc::C;
        }
        self.cc = (self.cc & !(cc::N | cc::Z | cc::V | cc::C)) | f;
        r
    }

    /// The read-modify-write group selected by the low nibble of opcodes `$0x`, `$4x`,
    /// `$5x`, `$6x`, `$7x`: NEG COM LSR ROR ASR ASL ROL DEC INC TST CLR. Returns the
    /// result (TST's is its operand, not written back by the caller).
    #[inline(always)]
    pub(crate) fn rmw(&mut self, kind: u8, v: u8) -> u8 {
        let c = self.cc;
        let carry_in = c & cc::C;
        let (r, keep, f) = match kind {
            // NEG: V when $80, C when the operand is not zero.
            0x0 => {
                let r = v.wrapping_neg();
                let f = nz8(r) | if v == 0x80 { cc::V } else { 0 } | if v != 0 { cc::C } else { 0 };
                (r, !(cc::N | cc::Z | cc::V | cc::C), f)
            }
            // COM: V cleared, C set.
            0x3 => {
                let r = !v;
                (r, !(cc::N | cc::Z | cc::V | cc::C), nz8(r) | cc::C)
            }
            // LSR: N cleared, C from bit 0.
            0x4 => {
                let r = v >> 1;
                (r, !(cc::N | cc::Z | cc::C), nz8(r) | (v & 1))
            }
            // ROR: C into bit 7, bit 0 into C.
            0x6 => {
                let r = (v >> 1) | (carry_in << 7);
                (r, !(cc::N | cc::Z | cc::C), nz8(r) | (v & 1))
            }
            // ASR: bit 7 kept, bit 0 into C.
            0x7 => {
                let r = (v >> 1) | (v & 0x80);
                (r, !(cc::N | cc::Z | cc::C), nz8(r) | (v & 1))
            }
            // ASL/LSL: V = bit 7 xor bit 6, C from bit 7.
            0x8 => {
                let r = v << 1;
                let f = nz8(r) | (((v ^ (v << 1)) >> 6) & cc::V) | (v >> 7);
                (r, !(cc::N | cc::Z | cc::V | cc::C), f)
            }
            // ROL: C into bit 0, V = bit 7 xor bit 6, C from bit 7.
            0x9 => {
                let r = (v << 1) | carry_in;
                let f = nz8(r) | (((v ^ (v << 1)) >> 6) & cc::V) | (v >> 7);
                (r, !(cc::N | cc::Z | cc::V | cc::C), f)
            }
            // DEC: V when $80, C unchanged.
            0xA => {
                let r = v.wrapping_sub(1);
                let f = nz8(r) | if v == 0x80 { cc::V } else { 0 };
                (r, !(cc::N | cc::Z | cc::V), f)
            }
            // INC: V when $7F, C unchanged.
            0xC => {
                let r = v.wrapping_add(1);
                let f = nz8(r) | if v == 0x7F { cc::V } else { 0 };
                (r, !(cc::N | cc::Z | cc::V), f)
            }
            // TST: V cleared, C unchanged.
            0xD => (v, !(cc::N | cc::Z | cc::V), nz8(v)),
            // CLR (0xF): N V C cleared, Z set.
            _ => (0, !(cc::N | cc::Z | cc::V | cc::C), cc::Z),
        };
        self.cc = (c & keep) | f;
        r
    }

    /// DAA: decimal adjust A after an addition. N Z from the result; C set when the
    /// high digit was corrected (or C was already set); V left unchanged (manual:
    /// undefined).
    pub(crate) fn daa(&mut self) {
        let a = self.a;
        let (hi, lo) = (a >> 4, a & 0x0F);
        let mut corr = 0u8;
        let mut carry = self.cc & cc::C != 0;
        if self.cc & cc::H != 0 || lo > 9 {
            corr |= 0x06;
        }
        if carry || hi > 9 || (hi > 8 && lo > 9) {
            corr |= 0x60;
            carry = true;
        }
        let r = a.wrapping_add(corr);
        self.a = r;
        self.cc = (self.cc & !(cc::N | cc::Z | cc::C)) | nz8(r) | if carry { cc::C } else { 0 };
    }

    /// MUL: D = A * B unsigned; Z from D, C from bit 7 of B.
    pub(crate) fn mul(&mut self) {
        let d = u16::from(self.a) * u16::from(self.b);
        self.set_d(d);
        self.cc = (self.cc & !(cc::Z | cc::C))
            | if d == 0 { cc::Z } else { 0 }
            | ((d >> 7) as u8 & cc::C);
    }

    /// SEX: A = sign of B; N Z from D, V unchanged (Programming Manual).
    pub(crate) fn sex(&mut self) {
        self.a = if self.b & 0x80 != 0 { 0xFF } else { 0 };
        let d = self.d();
        self.cc = (self.cc & !(cc::N | cc::Z)) | nz16(d);
    }
}
