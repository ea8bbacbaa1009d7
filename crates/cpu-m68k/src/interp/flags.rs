//! The condition codes the 68000's logic, compare and shift instructions set, as pure
//! functions of their operands (M68000 Programmer's Reference Manual, section 3.7 and
//! each instruction's page in section 4: MOVE, TST, AND, CMP, ASL/ASR, LSL/LSR,
//! ROXL/ROXR, ROL/ROR). The core sets its own flags through them, and code that reasons
//! about a 68000 loop beside the core (a board running a loop's turn on its decoded
//! instructions) uses the same rules rather than a second copy.
//!
//! Sizes are in bytes (1, 2 or 4), as the core's decoded operations carry them.

use super::ea::{mask, msb};

/// The five condition codes of the status register's low byte.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flags {
    /// Extend (bit 4).
    pub x: bool,
    /// Negative (bit 3).
    pub n: bool,
    /// Zero (bit 2).
    pub z: bool,
    /// Overflow (bit 1).
    pub v: bool,
    /// Carry (bit 0).
    pub c: bool,
}

impl Flags {
    /// The flags of a CCR byte (X N Z V C in bits 4-0).
    #[must_use]
    #[inline]
    pub const fn from_ccr(ccr: u8) -> Self {
        Self {
            x: ccr & 0x10 != 0,
            n: ccr & 8 != 0,
            z: ccr & 4 != 0,
            v: ccr & 2 != 0,
            c: ccr & 1 != 0,
        }
    }

    /// The CCR byte of these flags (X N Z V C in bits 4-0).
    #[must_use]
    #[inline]
    pub const fn ccr(self) -> u8 {
        (self.x as u8) << 4
            | (self.n as u8) << 3
            | (self.z as u8) << 2
            | (self.v as u8) << 1
            | self.c as u8
    }

    /// N and Z from a result of `size` bytes (its top bit, and whether it is zero); the
    /// others kept.
    #[must_use]
    #[inline(always)]
    pub fn with_nz(self, r: u32, size: u8) -> Self {
        Self {
            n: r & msb(size) != 0,
            z: r & mask(size) == 0,
            ..self
        }
    }

    /// MOVE, MOVEQ, TST, AND, OR, EOR, NOT and the like: N and Z from the result, V and
    /// C cleared, X kept.
    #[must_use]
    #[inline(always)]
    pub fn logic(self, r: u32, size: u8) -> Self {
        Self {
            v: false,
            c: false,
            ..self.with_nz(r, size)
        }
    }

    /// CMP (and SUB before it sets X): the result `d - s` of `size` bytes and its flags:
    /// N and Z from it, C the borrow, V a signed overflow (the operands' signs differ
    /// and the result's differs from `d`'s); X kept.
    #[must_use]
    #[inline(always)]
    pub fn compare(self, d: u32, s: u32, size: u8) -> (u32, Self) {
        let m = mask(size);
        let r = d.wrapping_sub(s) & m;
        let flags = Self {
            c: (s & m) > (d & m),
            v: (s ^ d) & (r ^ d) & msb(size) != 0,
            ..self.with_nz(r, size)
        };
        (r, flags)
    }

    /// A shift or rotate of `v` (`size` bytes) by `count` (0-63): `kind` 0 ASL/ASR, 1
    /// LSL/LSR, 2 ROXL/ROXR, 3 ROL/ROR. Returns the result and its flags: C the last
    /// bit shifted out (with count 0: X for ROXL/ROXR, else cleared), X the same but for
    /// ROL/ROR and count 0 (kept), V for ASL whether the sign changed at any step (else
    /// cleared), N and Z from the result.
    #[must_use]
    #[inline]
    pub fn shift(self, kind: u8, left: bool, v: u32, count: u32, size: u8) -> (u32, Self) {
        let m = mask(size);
        let top = msb(size);
        let mut f = self;
        let mut r = v & m;
        f.v = false;
        if count == 0 {
            f.c = if kind == 2 { f.x } else { false };
            return (r, f.with_nz(r, size));
        }
        let bits = u32::from(size) * 8;
        if kind < 2 && count < bits {
            // ASx and LSx by less than the size, in one step: the bit shifted out last
            // is bit `bits - count` (left) or `count - 1` (right); ASR fills with the
            // sign; ASL overflows when the top `count + 1` bits, which each in turn
            // became the sign, are not all equal.
            let (shifted, out) = if left {
                let span = m & !m.checked_shr(count + 1).unwrap_or(0);
                f.v = kind == 0 && r & span != 0 && r & span != span;
                ((r << count) & m, r >> (bits - count) & 1 != 0)
            } else {
                let fill = if kind == 0 && r & top != 0 {
                    m & !(m >> count)
                } else {
                    0
                };
                ((r >> count) | fill, r >> (count - 1) & 1 != 0)
            };
            f.c = out;
            f.x = out;
            return (shifted, f.with_nz(shifted, size));
        }
        for _ in 0..count {
            let out = if left { r & top != 0 } else { r & 1 != 0 };
            r = match (kind, left) {
                (0, true) => {
                    let shifted = (r << 1) & m;
                    if (shifted ^ r) & top != 0 {
                        f.v = true;
                    }
                    shifted
                }
                (0, false) => (r >> 1) | (r & top),
                (1, true) => (r << 1) & m,
                (1, false) => r >> 1,
                (2, true) => ((r << 1) & m) | u32::from(f.x),
                (2, false) => (r >> 1) | if f.x { top } else { 0 },
                (_, true) => ((r << 1) & m) | u32::from(out),
                (_, false) => (r >> 1) | if out { top } else { 0 },
            };
            f.c = out;
            if kind != 3 {
                f.x = out;
            }
        }
        (r, f.with_nz(r, size))
    }
}

#[cfg(test)]
mod tests {
    //! Flags worked by hand from the Programmer's Reference Manual's rule for each
    //! instruction (section 4).
    use super::Flags;

    const X: u8 = 0x10;
    const N: u8 = 8;
    const Z: u8 = 4;
    const V: u8 = 2;
    const C: u8 = 1;

    fn compare(ccr: u8, d: u32, s: u32, size: u8) -> u8 {
        Flags::from_ccr(ccr).compare(d, s, size).1.ccr()
    }

    fn shift(kind: u8, left: bool, v: u32, count: u32, size: u8) -> (u32, u8) {
        let (r, f) = Flags::default().shift(kind, left, v, count, size);
        (r, f.ccr())
    }

    #[test]
    fn ccr_bytes_round_trip() {
        for ccr in 0..32 {
            assert_eq!(Flags::from_ccr(ccr).ccr(), ccr);
        }
    }

    #[test]
    fn compare_sets_the_flags_of_the_subtraction() {
        // cmp.b #$E0 with $48: $48 - $E0 = $68, a borrow: C set, N and Z clear; signed
        // $48 - (-$20) = $68, no overflow.
        assert_eq!(compare(0, 0x48, 0xE0, 1), C);
        // Equal: Z alone; X kept.
        assert_eq!(compare(X, 0xE0, 0xE0, 1), X | Z);
        // $7F - $FF as bytes: $80, negative; signed 127 - (-1) = 128 overflows; borrow.
        assert_eq!(compare(0, 0x7F, 0xFF, 1), N | V | C);
        // Words: $0100 - $0048 = $00B8, positive as a word.
        assert_eq!(compare(0, 0x0100, 0x0048, 2), 0);
        // Bits above the size play no part: $1_0000 - 1 as words is 0 - 1, a borrow.
        assert_eq!(
            Flags::default().compare(0x1_0000, 1, 2),
            (0xFFFF, Flags::from_ccr(N | C))
        );
    }

    #[test]
    fn shifts_set_x_and_c_from_the_last_bit_out() {
        // lsr.w #8 of $48A5: $0048; the last bit out is bit 7 of $A5 (1).
        assert_eq!(shift(1, false, 0x48A5, 8, 2), (0x48, X | C));
        // asr.b #1 of $81: $C0 (sign kept), bit 0 out (1), negative.
        assert_eq!(shift(0, false, 0x81, 1, 1), (0xC0, X | C | N));
        // asl.b #2 of $30: $C0; bits 7-5 were 001: the sign changed, V; bit 6 out (0).
        assert_eq!(shift(0, true, 0x30, 2, 1), (0xC0, N | V));
        // lsl.b #2 of $30: the same result, V clear.
        assert_eq!(shift(1, true, 0x30, 2, 1), (0xC0, N));
        // lsl.w #1 of $8000: 0, bit 15 out.
        assert_eq!(shift(1, true, 0x8000, 1, 2), (0, X | C | Z));
        // rol.b #1 of $81: $03, C the bit out; X untouched by a rotate.
        assert_eq!(shift(3, true, 0x81, 1, 1), (0x03, C));
        // A count of 0: C cleared (ROXL: C takes X), X kept, N and Z from the operand.
        let (r, f) = Flags::from_ccr(X | C).shift(1, true, 0x80, 0, 1);
        assert_eq!((r, f.ccr()), (0x80, X | N));
        let (_, f) = Flags::from_ccr(X).shift(2, true, 0x01, 0, 1);
        assert_eq!(f.ccr(), X | C);
    }

    #[test]
    fn conditions_read_their_flags() {
        use super::super::condition_holds;
        // Table 3-19.
        assert!(condition_holds(6, 0) && !condition_holds(6, Z)); // bne
        assert!(condition_holds(7, Z)); // beq
        assert!(condition_holds(2, 0) && !condition_holds(2, C) && !condition_holds(2, Z)); // bhi
        assert!(condition_holds(12, N | V) && !condition_holds(12, N)); // bge
        assert!(condition_holds(15, Z) && condition_holds(15, V) && !condition_holds(15, N | V)); // ble
        assert!(condition_holds(0, 0) && !condition_holds(1, 0xFF)); // bra, and 1 never
        // X plays no part.
        assert!(condition_holds(7, X | Z) && !condition_holds(7, X));
    }

    /// ASx/LSx a bit at a time, as the manual describes each step: the bit out goes to
    /// C and X; ASL sets V if the sign bit changes at any step; ASR keeps the sign.
    fn one_bit_at_a_time(arithmetic: bool, left: bool, v: u32, count: u32, bits: u32) -> (u32, u8) {
        let m = ((1u64 << bits) - 1) as u32;
        let top = 1 << (bits - 1);
        let (mut r, mut ccr) = (v & m, 0);
        for _ in 0..count {
            let out = if left { r & top } else { r & 1 } != 0;
            let next = if left {
                (r << 1) & m
            } else {
                (r >> 1) | if arithmetic { r & top } else { 0 }
            };
            if arithmetic && left && (next ^ r) & top != 0 {
                ccr |= V;
            }
            r = next;
            ccr = (ccr & V) | if out { X | C } else { 0 };
        }
        if r & top != 0 {
            ccr |= N;
        }
        if r == 0 {
            ccr |= Z;
        }
        (r, ccr)
    }

    #[test]
    fn shifts_agree_with_the_rule_a_bit_at_a_time() {
        // Every byte, and words and longs around their sign and low bits, by every count
        // up to the size (at or past it the core steps a bit at a time itself).
        let words = [0, 1, 0x7FFF, 0x8000, 0x8001, 0xC000, 0x4000, 0x48A5, 0xFFFF];
        let longs = [
            0,
            1,
            0x7FFF_FFFF,
            0x8000_0000,
            0xC000_0001,
            0x4000_0000,
            0xFFFF_FFFF,
        ];
        let cases = (0..256u32)
            .map(|v| (v, 1u8))
            .chain(words.iter().map(|&v| (v, 2)))
            .chain(longs.iter().map(|&v| (v, 4)));
        for (v, size) in cases {
            let bits = u32::from(size) * 8;
            for count in 1..=bits.min(63) {
                for (kind, left) in [(0, true), (0, false), (1, true), (1, false)] {
                    let (r, f) = Flags::default().shift(kind, left, v, count, size);
                    assert_eq!(
                        (r, f.ccr()),
                        one_bit_at_a_time(kind == 0, left, v, count, bits),
                        "kind {kind} left {left} v {v:#X} count {count} size {size}"
                    );
                }
            }
        }
    }

    #[test]
    fn logical_results_clear_v_and_c_and_keep_x() {
        assert_eq!(Flags::from_ccr(X | V | C).logic(0x80, 1).ccr(), X | N);
        assert_eq!(Flags::default().logic(0, 2).ccr(), Z);
        assert_eq!(Flags::default().logic(0x8000, 4).ccr(), 0);
        // Only the size's bits count: $100 as a byte is zero.
        assert_eq!(Flags::default().logic(0x100, 1).ccr(), Z);
    }
}
