//! One turn of a polling loop run on its decoded instructions instead of on the 68000,
//! for port values the loop has not been seen to read: does the turn branch back with
//! the state it carries as it was? The rules are the 68000's for each instruction the
//! loop may have (M68000 Programmer's Reference Manual, section 4: MOVE, MOVEQ, BTST,
//! ASL/ASR/LSL/LSR, AND/ANDI, CMP/CMPI, TST, Bcc; condition codes, table 3-19), on the
//! bits the loop's tracing found to matter ([`super`]): the other bits of the values and
//! registers are zero here, and nothing that decides a branch or the carried state
//! depends on them.
//!
//! None of these instructions takes a time that depends on its operands (a shift's count
//! is an immediate; a branch not taken costs the same whatever the flags), so a turn that
//! runs the same instructions in the same order as a turn stepped on the 68000 takes the
//! same cycles; and the reads of a polling loop have no side effects once the chip says
//! so ([`genesis::Vdp::poll_changes_at`]).

use super::{C, Carried, Insn, MAX_READS, N, PollLoop, Src, V, X, Z};
use crate::genesis::bus::Memory;
use cpu_m68k::interp::condition_holds;

impl PollLoop {
    /// Whether a turn from `carried` whose port reads return `values` (masked to the bits
    /// that matter) takes no exit, branches back to the head, and leaves the carried
    /// state as it found it.
    pub(super) fn goes_round_unchanged(
        &self,
        carried: &Carried,
        values: &[u16; MAX_READS],
        mem: &Memory,
    ) -> bool {
        let mut d = carried.d;
        let mut ccr = carried.sr as u8;
        let last = self.len - 1;
        for (k, insn) in self.insns[..self.len].iter().enumerate() {
            match *insn {
                Insn::Nop => {}
                Insn::Branch { cc, .. } => {
                    // The exits must not be taken, the branch back must.
                    if condition_holds(cc, ccr) != (k == last) {
                        return false;
                    }
                }
                Insn::Move { src, n, mask } => {
                    let v = operand(src, mask, &d, values, mem);
                    d[n] = (d[n] & !mask) | v;
                    ccr = logic_flags(ccr, v, mask);
                }
                Insn::Btst { src, bit } => {
                    // A register's bit of 32; memory's (and a port's) byte.
                    let v = match src {
                        Src::D(r) => d[r],
                        _ => operand(src, 0xFF, &d, values, mem),
                    };
                    ccr = if v >> bit & 1 == 0 { ccr | Z } else { ccr & !Z };
                }
                Insn::Tst { src, mask } => {
                    let v = operand(src, mask, &d, values, mem);
                    ccr = logic_flags(ccr, v, mask);
                }
                Insn::And { n, mask, imm } => {
                    let v = d[n] & imm & mask;
                    d[n] = (d[n] & !mask) | v;
                    ccr = logic_flags(ccr, v, mask);
                }
                Insn::Cmp { src, n, mask } => {
                    ccr =
                        compare_flags(ccr, d[n] & mask, operand(src, mask, &d, values, mem), mask);
                }
                Insn::Shift {
                    n,
                    mask,
                    count,
                    left,
                    arithmetic,
                } => {
                    let (r, flags) = shift(d[n] & mask, mask, count, left, arithmetic);
                    d[n] = (d[n] & !mask) | r;
                    ccr = flags;
                }
            }
        }
        let after = Carried {
            d: std::array::from_fn(|i| d[i] & self.live.d[i]),
            sr: (carried.sr & 0xFF00) | u16::from(ccr & self.live.ccr),
        };
        after == *carried
    }
}

/// The top bit of an operand of `mask`'s size.
fn msb(mask: u32) -> u32 {
    mask ^ (mask >> 1)
}

/// The low `mask` bits of a source operand.
fn operand(src: Src, mask: u32, d: &[u32; 8], values: &[u16; MAX_READS], mem: &Memory) -> u32 {
    match src {
        Src::D(r) => d[r] & mask,
        Src::Imm(v) => v & mask,
        Src::Mem(a) => {
            let bytes = mask.count_ones() / 8;
            (0..bytes).fold(0, |v, k| (v << 8) | u32::from(mem.peek(a + k)))
        }
        Src::Port(i, None) => u32::from(values[i]) & mask,
        Src::Port(i, Some(true)) => u32::from(values[i] >> 8) & mask,
        Src::Port(i, Some(false)) => u32::from(values[i] & 0xFF) & mask,
    }
}

/// MOVE, TST, AND: N and Z from the result, V and C cleared, X kept.
fn logic_flags(ccr: u8, v: u32, mask: u32) -> u8 {
    let mut f = ccr & X;
    if v & msb(mask) != 0 {
        f |= N;
    }
    if v == 0 {
        f |= Z;
    }
    f
}

/// CMP `s`,Dn (`dn` the register's operand): the flags of `dn - s`, X kept.
fn compare_flags(ccr: u8, dn: u32, s: u32, mask: u32) -> u8 {
    let r = dn.wrapping_sub(s) & mask;
    let mut f = ccr & X;
    if r & msb(mask) != 0 {
        f |= N;
    }
    if r == 0 {
        f |= Z;
    }
    if (dn ^ s) & (dn ^ r) & msb(mask) != 0 {
        f |= V;
    }
    if s > dn {
        f |= C;
    }
    f
}

/// A shift of `v` (of `mask`'s size) by `count` (1 to the size's bits less one): the
/// result and the flags: X and C the last bit shifted out, N and Z from the result, V
/// for ASL whether the sign changed at any step (the top `count + 1` bits not all
/// equal), else cleared.
fn shift(v: u32, mask: u32, count: u32, left: bool, arithmetic: bool) -> (u32, u8) {
    let bits = mask.count_ones();
    let top = msb(mask);
    let (r, out, overflow) = if left {
        let span = mask & !(mask >> (count + 1));
        let changed = arithmetic && v & span != 0 && v & span != span;
        ((v << count) & mask, v >> (bits - count) & 1, changed)
    } else {
        let mut r = v >> count;
        if arithmetic && v & top != 0 {
            r |= mask & !(mask >> count);
        }
        (r, v >> (count - 1) & 1, false)
    };
    let mut f = 0;
    if out != 0 {
        f |= X | C;
    }
    if r & top != 0 {
        f |= N;
    }
    if r == 0 {
        f |= Z;
    }
    if overflow {
        f |= V;
    }
    (r, f)
}

#[cfg(test)]
mod tests {
    //! Flags worked by hand from the Programmer's Reference Manual's rules for each
    //! instruction (section 4) and table 3-19.
    use super::*;

    #[test]
    fn cmp_sets_the_flags_of_the_subtraction() {
        // cmp.b #$E0,d0 with d0.b = $48 (line 72): $48 - $E0 = $68, a borrow: C set, N
        // and Z clear; signed $48 - (-$20) = $68, no overflow.
        assert_eq!(compare_flags(0, 0x48, 0xE0, 0xFF), C);
        // Equal: Z alone; X kept.
        assert_eq!(compare_flags(X, 0xE0, 0xE0, 0xFF), X | Z);
        // $7F - $FF as bytes: $80, negative; signed 127 - (-1) = 128 overflows; borrow.
        assert_eq!(compare_flags(0, 0x7F, 0xFF, 0xFF), N | V | C);
        // Words: $0100 - $0048 = $00B8, positive as a word.
        assert_eq!(compare_flags(0, 0x0100, 0x0048, 0xFFFF), 0);
    }

    #[test]
    fn shifts_set_x_and_c_from_the_last_bit_out() {
        // lsr.w #8 of $48A5: $0048; the last bit out is bit 7 of $A5 (1).
        assert_eq!(shift(0x48A5, 0xFFFF, 8, false, false), (0x48, X | C));
        // asr.b #1 of $81: $C0 (sign kept), bit 0 out (1), negative.
        assert_eq!(shift(0x81, 0xFF, 1, false, true), (0xC0, X | C | N));
        // asl.b #2 of $30: $C0; bits 7-5 were 001: the sign changed, V; bit 6 out (0).
        assert_eq!(shift(0x30, 0xFF, 2, true, true), (0xC0, N | V));
        // lsl.b #2 of $30: the same result, V clear.
        assert_eq!(shift(0x30, 0xFF, 2, true, false), (0xC0, N));
        // lsl.w #1 of $8000: 0, bit 15 out.
        assert_eq!(shift(0x8000, 0xFFFF, 1, true, false), (0, X | C | Z));
    }

    #[test]
    fn conditions_read_their_flags() {
        assert!(condition_holds(6, 0) && !condition_holds(6, Z)); // bne
        assert!(condition_holds(7, Z)); // beq
        assert!(condition_holds(2, 0) && !condition_holds(2, C) && !condition_holds(2, Z)); // bhi
        assert!(condition_holds(12, N | V) && !condition_holds(12, N)); // bge
        assert!(condition_holds(15, Z) && condition_holds(15, V) && !condition_holds(15, N | V)); // ble
        assert!(condition_holds(0, 0) && !condition_holds(1, 0xFF)); // bra, and 1 never
    }

    #[test]
    fn logical_results_clear_v_and_c_and_keep_x() {
        assert_eq!(logic_flags(X | V | C, 0x80, 0xFF), X | N);
        assert_eq!(logic_flags(0, 0, 0xFFFF), Z);
        assert_eq!(logic_flags(0, 0x8000, 0xFFFF_FFFF), 0);
    }
}
