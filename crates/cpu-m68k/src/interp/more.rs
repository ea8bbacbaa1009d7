//! The rest of the handlers: extended arithmetic and BCD, bit operations, MOVEP, MOVEM,
//! CHK and division, and the system instructions (status register, USP, RESET, STOP,
//! RTE/RTR, TAS, TRAPV). Division clocks follow Jorge Cwik's analysis of the 68000's
//! DIVU/DIVS microcode ("68000 division timing"), which the SingleStepTests confirm.

use super::Core;
use super::decode::{Kind, Op};
use super::ea::{Loc, mask, msb, sign_extend};
use crate::Bus;

/// DIVU's clocks without its operand's, for a division that does not overflow: two
/// clocks per microcycle, 38 microcycles plus up to two per quotient bit.
fn divu_clocks(dividend: u32, divisor: u16) -> u32 {
    let mut microcycles = 38;
    let high_divisor = u32::from(divisor) << 16;
    let mut rest = dividend;
    for _ in 0..15 {
        let before = rest;
        rest <<= 1;
        if before & 0x8000_0000 != 0 {
            rest = rest.wrapping_sub(high_divisor);
        } else {
            microcycles += 2;
            if rest >= high_divisor {
                rest -= high_divisor;
                microcycles -= 1;
            }
        }
    }
    microcycles * 2
}

/// DIVS's clocks without its operand's, overflow included.
fn divs_clocks(dividend: i32, divisor: i16) -> u32 {
    let mut microcycles = 6;
    if dividend < 0 {
        microcycles += 1;
    }
    let dividend_abs = dividend.unsigned_abs();
    let divisor_abs = u32::from(divisor.unsigned_abs());
    if dividend_abs >> 16 >= divisor_abs {
        return (microcycles + 2) * 2;
    }
    let mut quotient = dividend_abs / divisor_abs;
    microcycles += 55;
    if divisor >= 0 {
        if dividend >= 0 {
            microcycles -= 1;
        } else {
            microcycles += 1;
        }
    }
    for _ in 0..15 {
        if quotient & 0x8000 == 0 {
            microcycles += 1;
        }
        quotient <<= 1;
    }
    microcycles * 2
}

impl Core {
    /// A privileged instruction in user mode: privilege violation, and `true`.
    fn privileged<B: Bus + ?Sized>(&mut self, bus: &mut B) -> bool {
        if self.s {
            return false;
        }
        self.idle(4);
        let pc = self.start_pc;
        self.exception(bus, 8, pc);
        true
    }

    fn addx(&mut self, d: u32, s: u32, size: u8) -> u32 {
        let m = mask(size);
        let wide = u64::from(d & m) + u64::from(s & m) + u64::from(self.x);
        let r = wide as u32 & m;
        self.c = wide > u64::from(m);
        self.x = self.c;
        self.v = (s ^ r) & (d ^ r) & msb(size) != 0;
        self.n = r & msb(size) != 0;
        self.z &= r == 0;
        r
    }

    fn subx(&mut self, d: u32, s: u32, size: u8) -> u32 {
        let m = mask(size);
        let r = d.wrapping_sub(s).wrapping_sub(u32::from(self.x)) & m;
        self.c = u64::from(s & m) + u64::from(self.x) > u64::from(d & m);
        self.x = self.c;
        self.v = (s ^ d) & (r ^ d) & msb(size) != 0;
        self.n = r & msb(size) != 0;
        self.z &= r == 0;
        r
    }

    /// Decimal add `d + s + X` of packed-BCD bytes, digits above 9 included. The 68000
    /// adds in binary, then corrects: +6 when the low digits' sum (with X) exceeds 9,
    /// and +$60 with carry when the binary sum exceeds $99. Both decisions look at the
    /// uncorrected sum, so the low correction never carries into the high decision
    /// (ABCD of $8F and $0A gives $9F with C clear). The rule of flamewing's hardware
    /// analysis of the 68000's BCD instructions (his BCD verifier), which every case of
    /// the full SingleStepTests m68000 ABCD file (MAME's microcoded 68000) agrees with;
    /// V is the bit 7 the correction set.
    fn abcd(&mut self, d: u32, s: u32) -> u32 {
        let binary = d + s + u32::from(self.x);
        let mut correction = 0;
        if (d & 0x0F) + (s & 0x0F) + u32::from(self.x) > 9 {
            correction = 0x06;
        }
        self.c = binary > 0x99;
        if self.c {
            correction += 0x60;
        }
        self.x = self.c;
        let r = (binary + correction) & 0xFF;
        self.v = !binary & r & 0x80 != 0;
        self.n = r & 0x80 != 0;
        self.z &= r == 0;
        r
    }

    /// Decimal subtract `d - s - X` of packed-BCD bytes, digits above 9 included: a
    /// binary subtract, then -6 on a borrow out of the low digit and -$60 on a borrow
    /// out of the byte. C is the binary borrow or a borrow the correction itself causes
    /// ($10 - $0F gives $FB with C set). The same analysis as [`Self::abcd`].
    fn sbcd(&mut self, d: u32, s: u32) -> u32 {
        let binary = d.wrapping_sub(s).wrapping_sub(u32::from(self.x));
        let mut correction = 0u32;
        if (d & 0x0F) < (s & 0x0F) + u32::from(self.x) {
            correction = 0x06;
        }
        let borrow = d < s + u32::from(self.x);
        if borrow {
            correction += 0x60;
        }
        let corrected = binary.wrapping_sub(correction);
        self.c = borrow || binary < correction;
        self.x = self.c;
        let r = corrected & 0xFF;
        self.v = binary & !r & 0x80 != 0;
        self.n = r & 0x80 != 0;
        self.z &= r == 0;
        r
    }

    /// A -(An) operand read by ADDX/SUBX/ABCD/SBCD: a long's low word first.
    fn read_predecrement<B: Bus + ?Sized>(&mut self, bus: &mut B, loc: Loc, size: u8) -> u32 {
        match loc {
            Loc::Mem(addr) if size == 4 => {
                self.pc_lead = 0u32.wrapping_sub(2);
                let low = self.read_word(bus, addr.wrapping_add(2));
                let high = self.read_word(bus, addr);
                u32::from(high) << 16 | u32::from(low)
            }
            _ => self.read(bus, loc, size),
        }
    }

    /// The register and -(Ay),-(Ax) forms of ADDX, SUBX, ABCD and SBCD.
    fn extended<B: Bus + ?Sized>(&mut self, bus: &mut B, op: Op) {
        let size = op.size;
        let rx = usize::from(op.reg);
        let ry = usize::from(op.ea & 7);
        let f = |cpu: &mut Self, d: u32, s: u32| match op.kind {
            Kind::Addx => cpu.addx(d, s, size),
            Kind::Subx => cpu.subx(d, s, size),
            Kind::Abcd => cpu.abcd(d, s),
            _ => cpu.sbcd(d, s),
        };
        if op.ea & 8 == 0 {
            let m = mask(size);
            let r = f(self, self.d[rx] & m, self.d[ry] & m);
            self.d[rx] = (self.d[rx] & !m) | r;
            self.idle(match (op.kind, size) {
                (Kind::Abcd | Kind::Sbcd, _) => 2,
                (_, 4) => 4,
                _ => 0,
            });
            self.prefetch_next(bus);
            return;
        }
        self.idle(2);
        // A long -(An) here is undone when its access faults.
        let before = self.a[ry];
        let src = self.locate(bus, 0x20 | ry as u8, size, false);
        if size == 4 {
            self.postincrement = Some((ry as u8, before));
        }
        let s = self.read_predecrement(bus, src, size);
        let before = self.a[rx];
        let dst = self.locate(bus, 0x20 | rx as u8, size, false);
        if size == 4 {
            self.postincrement = Some((rx as u8, before));
        }
        let d = self.read_predecrement(bus, dst, size);
        let r = f(self, d, s);
        self.prefetch_next(bus);
        match dst {
            Loc::Mem(addr) if size == 4 => self.write_long_low_first(bus, addr, r),
            _ => self.write(bus, dst, size, r),
        }
    }

    pub(super) fn bit<B: Bus + ?Sized>(&mut self, bus: &mut B, op: Op) {
        let kind = op.ea2 & 3;
        let number = if op.ea2 & 4 != 0 {
            u32::from(self.ext(bus))
        } else {
            self.d[usize::from(op.reg)]
        };
        if op.ea >> 3 == 0 {
            let r = usize::from(op.ea & 7);
            let bit = number & 31;
            let v = self.d[r];
            self.z = v & (1 << bit) == 0;
            let high = if bit >= 16 { 2 } else { 0 };
            match kind {
                0 => self.idle(2),
                1 => {
                    self.d[r] = v ^ (1 << bit);
                    self.idle(2 + high);
                }
                2 => {
                    self.d[r] = v & !(1 << bit);
                    self.idle(4 + high);
                }
                _ => {
                    self.d[r] = v | (1 << bit);
                    self.idle(2 + high);
                }
            }
            self.prefetch_next(bus);
            return;
        }
        let bit = number & 7;
        let loc = self.locate(bus, op.ea, 1, true);
        let v = self.read(bus, loc, 1);
        self.z = v & (1 << bit) == 0;
        if kind == 0 && op.ea == 0x3C {
            // BTST Dn,#imm: the immediate byte is tested as a register operand is,
            // with its two internal clocks (10 in all, as MAME's microcoded 68000
            // behind SingleStepTests counts them).
            self.idle(2);
        }
        self.prefetch_next(bus);
        let r = match kind {
            0 => return,
            1 => v ^ (1 << bit),
            2 => v & !(1 << bit),
            _ => v | (1 << bit),
        };
        self.write(bus, loc, 1, r);
    }

    fn movep<B: Bus + ?Sized>(&mut self, bus: &mut B, op: Op) {
        let dx = usize::from(op.reg);
        let disp = sign_extend(u32::from(self.ext(bus)), 2);
        let addr = self.a[usize::from(op.ea)].wrapping_add(disp);
        let bytes = if op.ea2 & 1 != 0 { 4 } else { 2 };
        if op.ea2 & 2 == 0 {
            let mut v = 0u32;
            for k in 0..bytes {
                v = v << 8 | u32::from(self.read_byte(bus, addr.wrapping_add(2 * k)));
            }
            let m = mask(bytes as u8);
            self.d[dx] = (self.d[dx] & !m) | v;
        } else {
            let v = self.d[dx];
            for k in 0..bytes {
                let byte = (v >> (8 * (bytes - 1 - k))) as u8;
                self.write_byte(bus, addr.wrapping_add(2 * k), byte);
            }
        }
        self.prefetch_next(bus);
    }

    pub(super) fn movem<B: Bus + ?Sized>(&mut self, bus: &mut B, op: Op) {
        let list = self.ext(bus);
        let size = op.size;
        let step = u32::from(size);
        let r = usize::from(op.ea & 7);
        // The frame's PC after a faulting transfer: one word past the instruction's
        // last extension word.
        let lead = 0u32.wrapping_sub(2);
        if op.ea2 == 0 {
            if op.ea >> 3 == 4 {
                // -(An): the list runs A7..D0 downwards; An as stored is its first value.
                let mut addr = self.a[r];
                self.pc_lead = lead;
                let mut rest = list;
                while rest != 0 {
                    let i = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let n = 15 - i;
                    let v = if n < 8 { self.d[n] } else { self.a[n - 8] };
                    addr = addr.wrapping_sub(step);
                    if size == 4 {
                        self.write_long_low_first(bus, addr, v);
                    } else {
                        self.write_word(bus, addr, v as u16);
                    }
                }
                self.a[r] = addr;
            } else {
                let mut addr = self.control_address(bus, op.ea);
                self.pc_lead = lead;
                let mut rest = list;
                while rest != 0 {
                    let n = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let v = if n < 8 { self.d[n] } else { self.a[n - 8] };
                    if size == 4 {
                        self.write_long(bus, addr, v);
                    } else {
                        self.write_word(bus, addr, v as u16);
                    }
                    addr = addr.wrapping_add(step);
                }
            }
        } else {
            let postincrement = op.ea >> 3 == 3;
            let mut addr = if postincrement {
                self.a[r]
            } else {
                self.control_address(bus, op.ea)
            };
            self.pc_lead = lead;
            let mut rest = list;
            while rest != 0 {
                let n = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let v = if size == 4 {
                    self.read_long(bus, addr)
                } else {
                    sign_extend(u32::from(self.read_word(bus, addr)), 2)
                };
                if n < 8 {
                    self.d[n] = v;
                } else {
                    self.a[n - 8] = v;
                }
                addr = addr.wrapping_add(step);
            }
            // The 68000 reads one word past the list.
            self.read_word(bus, addr);
            if postincrement {
                self.a[r] = addr;
            }
        }
        self.prefetch_next(bus);
    }

    fn chk<B: Bus + ?Sized>(&mut self, bus: &mut B, op: Op) {
        let bound = self.source(bus, op.ea, 2) as u16 as i16;
        let v = self.d[usize::from(op.reg)] as u16 as i16;
        self.z = v == 0;
        self.v = false;
        self.c = false;
        // The register is compared with the bound first, by a 16-bit subtraction:
        // when it is above the bound, or the subtraction overflows (a negative register
        // far below a positive bound), the trap is taken after 8 clocks; a negative
        // register otherwise after 10 (as SingleStepTests records the microcode).
        let overflow = i32::from(v) - i32::from(bound) < i32::from(i16::MIN);
        if v > bound || v < 0 {
            self.n = v < 0;
            self.idle(if v > bound || overflow { 8 } else { 10 });
            let pc = self.pc;
            self.exception(bus, 6, pc);
        } else {
            self.n = false;
            self.idle(6);
            self.prefetch_next(bus);
        }
    }

    fn divide<B: Bus + ?Sized>(&mut self, bus: &mut B, op: Op) {
        let divisor = self.source(bus, op.ea, 2);
        let reg = usize::from(op.reg);
        let dividend = self.d[reg];
        if divisor == 0 {
            self.c = false;
            self.idle(8);
            let pc = self.pc;
            self.exception(bus, 5, pc);
            return;
        }
        if op.kind == Kind::Divu {
            if dividend >> 16 >= divisor {
                self.v = true;
                self.n = true;
                self.z = false;
                self.c = false;
                self.idle(6);
            } else {
                let q = dividend / divisor;
                let r = dividend % divisor;
                self.d[reg] = r << 16 | q;
                self.set_nz(q, 2);
                self.v = false;
                self.c = false;
                self.idle(divu_clocks(dividend, divisor as u16) - 4);
            }
        } else {
            let dividend = dividend as i32;
            let divisor = divisor as u16 as i16;
            self.idle(divs_clocks(dividend, divisor) - 4);
            let q = i64::from(dividend) / i64::from(divisor);
            let r = i64::from(dividend) % i64::from(divisor);
            self.c = false;
            if q > i64::from(i16::MAX) || q < i64::from(i16::MIN) {
                self.v = true;
                self.n = true;
                self.z = false;
            } else {
                self.d[reg] = (r as u32) << 16 | (q as u32 & 0xFFFF);
                self.set_nz(q as u32, 2);
                self.v = false;
            }
        }
        self.prefetch_next(bus);
    }

    /// After a change to SR the 68000 refills its queue: two reads at the next word.
    fn refill<B: Bus + ?Sized>(&mut self, bus: &mut B) {
        let at = self.pc;
        self.fill(bus, at);
    }
}

/// Runs the instructions of this module (kept out of the common instructions' code).
#[inline(never)]
pub(super) fn execute<B: Bus + ?Sized>(cpu: &mut Core, bus: &mut B, op: Op) {
    let size = op.size;
    match op.kind {
        Kind::Addx | Kind::Subx | Kind::Abcd | Kind::Sbcd => cpu.extended(bus, op),
        Kind::Negx => cpu.modify(bus, op, 2, |cpu, d| cpu.subx(0, d, size)),
        Kind::Nbcd => {
            let loc = cpu.locate(bus, op.ea, 1, true);
            let d = cpu.read(bus, loc, 1);
            let r = cpu.sbcd(0, d);
            if let Loc::D(_) = loc {
                cpu.idle(2);
                cpu.write(bus, loc, 1, r);
                cpu.prefetch_next(bus);
            } else {
                cpu.prefetch_next(bus);
                cpu.write(bus, loc, 1, r);
            }
        }
        Kind::Cmpm => {
            // A faulting operand's register: the source's two on for a long and counted
            // on for a word; the destination's as it was. The frame's PC is one word
            // further than the other (An)+ forms'.
            let ay = op.ea & 7;
            let before = cpu.a[usize::from(ay)];
            let loc = cpu.locate(bus, 0x18 | ay, size, false);
            cpu.postincrement = (size == 4).then_some((ay, before.wrapping_add(2)));
            cpu.pc_lead = 0u32.wrapping_sub(2);
            let s = cpu.read(bus, loc, size);
            let before = cpu.a[usize::from(op.reg)];
            let loc = cpu.locate(bus, 0x18 | op.reg, size, false);
            cpu.postincrement = Some((op.reg, before));
            cpu.pc_lead = 0u32.wrapping_sub(2);
            let d = cpu.read(bus, loc, size);
            cpu.compare(d, s, size);
            cpu.prefetch_next(bus);
        }
        Kind::Movep => cpu.movep(bus, op),
        Kind::Chk => cpu.chk(bus, op),
        Kind::Divu | Kind::Divs => cpu.divide(bus, op),
        Kind::MoveUsp => {
            if cpu.privileged(bus) {
                return;
            }
            let r = usize::from(op.ea);
            if op.ea2 != 0 {
                cpu.a[r] = cpu.other_sp;
            } else {
                cpu.other_sp = cpu.a[r];
            }
            cpu.prefetch_next(bus);
        }
        Kind::MoveToSr => {
            if cpu.privileged(bus) {
                return;
            }
            let v = cpu.source(bus, op.ea, 2);
            if cpu.fault.is_some() {
                return;
            }
            cpu.set_sr(v as u16);
            cpu.idle(4);
            cpu.refill(bus);
        }
        Kind::MoveToCcr => {
            let v = cpu.source(bus, op.ea, 2);
            cpu.set_ccr(v as u16);
            cpu.idle(4);
            cpu.refill(bus);
        }
        Kind::MoveFromSr => {
            let sr = u32::from(cpu.sr());
            let loc = cpu.locate(bus, op.ea, 2, true);
            if let Loc::D(_) = loc {
                cpu.idle(2);
                cpu.write(bus, loc, 2, sr);
                cpu.prefetch_next(bus);
            } else {
                cpu.read(bus, loc, 2);
                cpu.prefetch_next(bus);
                cpu.write(bus, loc, 2, sr);
            }
        }
        Kind::ImmSr => {
            if size == 2 && cpu.privileged(bus) {
                return;
            }
            let v = cpu.ext(bus);
            let old = if size == 2 { cpu.sr() } else { cpu.ccr() };
            let new = match op.reg {
                0 => old | v,
                1 => old & v,
                _ => old ^ v,
            };
            if size == 2 {
                cpu.set_sr(new);
            } else {
                cpu.set_ccr(new);
            }
            cpu.idle(8);
            cpu.refill(bus);
        }
        Kind::Reset => {
            if cpu.privileged(bus) {
                return;
            }
            cpu.idle(128);
            cpu.prefetch_next(bus);
        }
        Kind::Stop => {
            if cpu.privileged(bus) {
                return;
            }
            // The new SR comes from IRC; the queue stays as it is until an interrupt.
            let v = cpu.queue[1];
            cpu.set_sr(v);
            cpu.stopped = true;
            cpu.idle(4);
        }
        Kind::Rte | Kind::Rtr => {
            if op.kind == Kind::Rte && cpu.privileged(bus) {
                return;
            }
            let sp = cpu.a[7];
            let sr = cpu.read_word(bus, sp);
            let pc = cpu.read_long(bus, sp.wrapping_add(2));
            if cpu.fault.is_some() {
                return;
            }
            cpu.a[7] = sp.wrapping_add(6);
            if op.kind == Kind::Rte {
                cpu.set_sr(sr);
            } else {
                cpu.set_ccr(sr);
            }
            cpu.fill(bus, pc);
        }
        Kind::Tas => {
            let loc = cpu.locate(bus, op.ea, 1, true);
            let v = cpu.read(bus, loc, 1);
            cpu.logic_flags(v, 1);
            if let Loc::D(_) = loc {
                cpu.write(bus, loc, 1, v | 0x80);
            } else {
                cpu.idle(2);
                cpu.write(bus, loc, 1, v | 0x80);
            }
            cpu.prefetch_next(bus);
        }
        Kind::Trapv => {
            if cpu.v {
                let pc = cpu.pc;
                cpu.prefetch_next(bus);
                cpu.exception(bus, 7, pc);
            } else {
                cpu.prefetch_next(bus);
            }
        }
        _ => unreachable!("every other kind runs in exec"),
    }
}
