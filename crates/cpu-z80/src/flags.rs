//! Bits of the F register and the precomputed sign/zero/parity table.
//!
//! Bit 3 (X) and bit 5 (Y) are undocumented in the Zilog manual; Sean Young's
//! *The Undocumented Z80 Documented* describes where each instruction takes them from.

/// Carry.
pub const CF: u8 = 0x01;
/// Add/subtract.
pub const NF: u8 = 0x02;
/// Parity/overflow.
pub const PF: u8 = 0x04;
/// Undocumented bit 3.
pub const XF: u8 = 0x08;
/// Half carry.
pub const HF: u8 = 0x10;
/// Undocumented bit 5.
pub const YF: u8 = 0x20;
/// Zero.
pub const ZF: u8 = 0x40;
/// Sign.
pub const SF: u8 = 0x80;

/// S, Z, Y and X of a byte result: the sign bit, zero, and bits 5 and 3 copied from it.
pub(crate) const SZ53: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let v = i as u8;
        t[i] = (v & (SF | YF | XF)) | if v == 0 { ZF } else { 0 };
        i += 1;
    }
    t
};

/// [`SZ53`] plus P/V set for even parity, as the logical operations leave it.
pub(crate) const SZ53P: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let v = i as u8;
        t[i] = SZ53[i] | if v.count_ones() % 2 == 0 { PF } else { 0 };
        i += 1;
    }
    t
};

/// P/V for even parity of a byte, alone.
#[inline]
pub(crate) fn parity(v: u8) -> u8 {
    SZ53P[v as usize] & PF
}
