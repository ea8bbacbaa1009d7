//! One turn of a polling loop run on its decoded instructions instead of on the 68000,
//! for port values the loop has not been seen to read: does the turn branch back with
//! the state it carries as it was? The flags each instruction sets are the 68000 core's
//! own rules ([`cpu_m68k::interp::flags::Flags`]: MOVE, MOVEQ, TST and AND set them as
//! logic results, CMP/CMPI as a compare, ASL/ASR/LSL/LSR as shifts; BTST sets Z from the
//! bit), and its branches its condition table ([`condition_holds`], table 3-19), on the
//! bits the loop's tracing found to matter ([`super`]): the other bits of the values and
//! registers are zero here, and nothing that decides a branch or the carried state
//! depends on them.
//!
//! None of these instructions takes a time that depends on its operands (a shift's count
//! is an immediate; a branch not taken costs the same whatever the flags), so a turn that
//! runs the same instructions in the same order as a turn stepped on the 68000 takes the
//! same cycles; and the reads of a polling loop have no side effects once the chip says
//! so ([`genesis::Vdp::poll_changes_at`]).

use super::{Carried, Insn, MAX_READS, PollLoop, Src, Z};
use crate::genesis::bus::Memory;
use cpu_m68k::interp::condition_holds;
use cpu_m68k::interp::flags::Flags;

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
                    ccr = Flags::from_ccr(ccr).logic(v, size(mask)).ccr();
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
                    ccr = Flags::from_ccr(ccr).logic(v, size(mask)).ccr();
                }
                Insn::And { n, mask, imm } => {
                    let v = d[n] & imm & mask;
                    d[n] = (d[n] & !mask) | v;
                    ccr = Flags::from_ccr(ccr).logic(v, size(mask)).ccr();
                }
                Insn::Cmp { src, n, mask } => {
                    let s = operand(src, mask, &d, values, mem);
                    let (_, flags) = Flags::from_ccr(ccr).compare(d[n], s, size(mask));
                    ccr = flags.ccr();
                }
                Insn::Shift {
                    n,
                    mask,
                    count,
                    left,
                    arithmetic,
                } => {
                    // ASx is the core's kind 0, LSx kind 1.
                    let kind = u8::from(!arithmetic);
                    let (r, flags) =
                        Flags::from_ccr(ccr).shift(kind, left, d[n], count, size(mask));
                    d[n] = (d[n] & !mask) | r;
                    ccr = flags.ccr();
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

/// The operand size in bytes (the core's) of a mask of its low bits.
#[inline]
fn size(mask: u32) -> u8 {
    match mask {
        0xFF => 1,
        0xFFFF => 2,
        _ => 4,
    }
}

/// The low `mask` bits of a source operand.
fn operand(src: Src, mask: u32, d: &[u32; 8], values: &[u16; MAX_READS], mem: &Memory) -> u32 {
    match src {
        Src::D(r) => d[r] & mask,
        Src::Imm(v) => v & mask,
        Src::Mem(a) => {
            let bytes = u32::from(size(mask));
            (0..bytes).fold(0, |v, k| (v << 8) | u32::from(mem.peek(a + k)))
        }
        Src::Port(i, None) => u32::from(values[i]) & mask,
        Src::Port(i, Some(true)) => u32::from(values[i] >> 8) & mask,
        Src::Port(i, Some(false)) => u32::from(values[i] & 0xFF) & mask,
    }
}
