//! Arithmetic and logic: ADC/SBC in binary and decimal mode, compares, shifts, BIT.
//!
//! Decimal mode follows Bruce Clark's "Decimal Mode" tutorial (6502.org), appendix A:
//! ADC uses sequence 1 for the accumulator and carry and sequence 2 for V; SBC uses
//! sequence 4 (the 65C02 form) for the accumulator, and the binary rules for C and V.
//! On the 65C02 N and Z reflect the decimal result. Decimal ADC/SBC take one extra
//! cycle (data sheet, Table 5-7), counted here; the dispatch issues it as a repeat of
//! the operand read (the previous bus address), which per-cycle W65C02S test vectors
//! show for the memory modes.

use crate::{Cpu, flags};

impl Cpu {
    /// ADC: `A + m + C`.
    #[inline(always)]
    pub(crate) fn adc(&mut self, m: u8) {
        let a = self.a;
        let c = self.p & flags::C;
        if self.p & flags::D == 0 {
            let sum = u16::from(a) + u16::from(m) + u16::from(c);
            let r = sum as u8;
            self.a = r;
            self.set_nzcv(r, sum > 0xFF, (a ^ r) & (m ^ r) & 0x80 != 0);
        } else {
            self.cycles += 1;
            // Sequence 1: accumulator and carry.
            let mut lo = u16::from(a & 0x0F) + u16::from(m & 0x0F) + u16::from(c);
            if lo >= 0x0A {
                lo = ((lo + 0x06) & 0x0F) + 0x10;
            }
            let mut r = u16::from(a & 0xF0) + u16::from(m & 0xF0) + lo;
            // Sequence 2: V from the signed sum before the high-digit adjustment.
            let signed = i16::from((a & 0xF0) as i8) + i16::from((m & 0xF0) as i8) + lo as i16;
            self.set_flag(flags::V, !(-128..=127).contains(&signed));
            if r >= 0xA0 {
                r += 0x60;
            }
            self.set_flag(flags::C, r >= 0x100);
            self.a = r as u8;
            self.set_nz(self.a);
        }
    }

    /// SBC: `A - m - !C`.
    #[inline(always)]
    pub(crate) fn sbc(&mut self, m: u8) {
        let a = self.a;
        let borrow = i16::from(self.p & flags::C == 0);
        let diff = u16::from(a)
            .wrapping_sub(u16::from(m))
            .wrapping_sub(borrow as u16);
        let bin = diff as u8;
        let overflow = (a ^ m) & (a ^ bin) & 0x80 != 0;
        if self.p & flags::D == 0 {
            self.a = bin;
            self.set_nzcv(bin, diff < 0x100, overflow);
            return;
        }
        self.set_flag(flags::C, diff < 0x100);
        self.set_flag(flags::V, overflow);
        self.cycles += 1;
        // Sequence 4 (65C02).
        let lo = i16::from(a & 0x0F) - i16::from(m & 0x0F) - borrow;
        let mut r = i16::from(a) - i16::from(m) - borrow;
        if r < 0 {
            r -= 0x60;
        }
        if lo < 0 {
            r -= 0x06;
        }
        self.a = r as u8;
        self.set_nz(self.a);
    }

    /// CMP/CPX/CPY: flags of `reg - m`.
    #[inline(always)]
    pub(crate) fn compare(&mut self, reg: u8, m: u8) {
        self.set_nzc(reg.wrapping_sub(m), reg >= m);
    }

    /// BIT with a memory operand: Z from `A & m`, N and V from `m`.
    #[inline(always)]
    pub(crate) fn bit(&mut self, m: u8) {
        self.p = (self.p & !(flags::N | flags::V)) | (m & (flags::N | flags::V));
        self.set_flag(flags::Z, self.a & m == 0);
    }

    /// ASL.
    #[inline(always)]
    pub(crate) fn asl(&mut self, v: u8) -> u8 {
        let r = v << 1;
        self.set_nzc(r, v & 0x80 != 0);
        r
    }

    /// LSR.
    #[inline(always)]
    pub(crate) fn lsr(&mut self, v: u8) -> u8 {
        let r = v >> 1;
        self.set_nzc(r, v & 0x01 != 0);
        r
    }

    /// ROL.
    #[inline(always)]
    pub(crate) fn rol(&mut self, v: u8) -> u8 {
        let r = (v << 1) | (self.p & flags::C);
        self.set_nzc(r, v & 0x80 != 0);
        r
    }

    /// ROR.
    #[inline(always)]
    pub(crate) fn ror(&mut self, v: u8) -> u8 {
        let r = (v >> 1) | ((self.p & flags::C) << 7);
        self.set_nzc(r, v & 0x01 != 0);
        r
    }

    /// INC (memory or accumulator).
    #[inline(always)]
    pub(crate) fn inc(&mut self, v: u8) -> u8 {
        let r = v.wrapping_add(1);
        self.set_nz(r);
        r
    }

    /// DEC (memory or accumulator).
    #[inline(always)]
    pub(crate) fn dec(&mut self, v: u8) -> u8 {
        let r = v.wrapping_sub(1);
        self.set_nz(r);
        r
    }

    /// TSB: Z from `A & m`, result `m | A`.
    #[inline(always)]
    pub(crate) fn tsb(&mut self, v: u8) -> u8 {
        self.set_flag(flags::Z, self.a & v == 0);
        v | self.a
    }

    /// TRB: Z from `A & m`, result `m & !A`.
    #[inline(always)]
    pub(crate) fn trb(&mut self, v: u8) -> u8 {
        self.set_flag(flags::Z, self.a & v == 0);
        v & !self.a
    }
}
