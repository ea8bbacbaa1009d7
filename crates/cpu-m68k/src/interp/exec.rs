//! The instruction handlers: one arm per [`Kind`], each spending the bus cycles and idle
//! clocks the 68000 spends (MC68000UM section 8; the bus-cycle breakdown in "Yacht").

use super::Core;
use super::decode::{Kind, Op};
use super::ea::{Loc, mask, msb, sign_extend};
use super::flags::Flags;
use crate::Bus;

/// For each condition, a bit per combination of N Z V C (bit index `N<<3|Z<<2|V<<1|C`):
/// set where the condition holds.
const CONDITIONS: [u16; 16] = {
    let mut table = [0u16; 16];
    let mut cc = 0;
    while cc < 16 {
        let mut flags = 0;
        while flags < 16 {
            let (n, z, v, c) = (
                flags & 8 != 0,
                flags & 4 != 0,
                flags & 2 != 0,
                flags & 1 != 0,
            );
            let holds = match cc {
                0 => true,
                1 => false,
                2 => !c && !z,
                3 => c || z,
                4 => !c,
                5 => c,
                6 => !z,
                7 => z,
                8 => !v,
                9 => v,
                10 => !n,
                11 => n,
                12 => n == v,
                13 => n != v,
                14 => !z && n == v,
                _ => z || n != v,
            };
            if holds {
                table[cc] |= 1 << flags;
            }
            flags += 1;
        }
        cc += 1;
    }
    table
};

/// Whether condition `cc` (its low four bits) holds for the status register's low byte
/// `ccr` (X N Z V C in bits 4-0, as MOVE to CCR takes them): the table the core's own
/// branches use, for code that reasons about a 68000 loop beside the core.
#[must_use]
pub fn condition_holds(cc: u16, ccr: u8) -> bool {
    CONDITIONS[usize::from(cc & 15)] >> (ccr & 15) & 1 != 0
}

impl Core {
    /// The condition codes as [`Flags`], whose rules the handlers set them by.
    #[inline(always)]
    pub(super) fn flags(&self) -> Flags {
        Flags {
            x: self.x,
            n: self.n,
            z: self.z,
            v: self.v,
            c: self.c,
        }
    }

    #[inline(always)]
    pub(super) fn set_flags(&mut self, f: Flags) {
        self.x = f.x;
        self.n = f.n;
        self.z = f.z;
        self.v = f.v;
        self.c = f.c;
    }

    #[inline]
    pub(super) fn set_nz(&mut self, r: u32, size: u8) {
        self.set_flags(self.flags().with_nz(r, size));
    }

    #[inline]
    pub(super) fn logic_flags(&mut self, r: u32, size: u8) {
        self.set_flags(self.flags().logic(r, size));
    }

    #[inline]
    pub(super) fn add(&mut self, d: u32, s: u32, size: u8) -> u32 {
        let m = mask(size);
        let wide = u64::from(d & m) + u64::from(s & m);
        let r = wide as u32 & m;
        self.c = wide > u64::from(m);
        self.x = self.c;
        self.v = (s ^ r) & (d ^ r) & msb(size) != 0;
        self.set_nz(r, size);
        r
    }

    #[inline]
    pub(super) fn compare(&mut self, d: u32, s: u32, size: u8) -> u32 {
        let (r, f) = self.flags().compare(d, s, size);
        self.set_flags(f);
        r
    }

    #[inline]
    pub(super) fn sub(&mut self, d: u32, s: u32, size: u8) -> u32 {
        let r = self.compare(d, s, size);
        self.x = self.c;
        r
    }

    /// The condition codes' tests (PRM table 3-19), looked up by the flags: no branch
    /// on the condition itself.
    #[inline(always)]
    pub(super) fn condition(&self, cc: u8) -> bool {
        let flags = usize::from(self.n) << 3
            | usize::from(self.z) << 2
            | usize::from(self.v) << 1
            | usize::from(self.c);
        CONDITIONS[usize::from(cc & 15)] >> flags & 1 != 0
    }

    /// The flags MOVE has set when its write begins (what an address error on the write
    /// stacks): all of them for a byte or word. For a long they depend on where the
    /// microcode is when the write starts (`ea2` the destination, `memory` whether the
    /// source was read from memory): to (An) or (An)+, the low word's N and Z with V and
    /// C clear after a memory source, nothing after a register; to (d16,An) or
    /// (d8,An,Xn) from a register, the high word's N and Z with V and C kept; to (xxx).L
    /// from memory, the low word's; otherwise the high word's with V and C clear. Every
    /// write-fault case of the full SingleStepTests m68000 MOVE.l file (MAME's
    /// microcoded 68000) agrees.
    #[inline]
    fn move_flags_before_write(&mut self, v: u32, size: u8, ea2: u8, memory: bool) {
        if size != 4 {
            self.logic_flags(v, size);
            return;
        }
        match (ea2 >> 3, memory) {
            (2 | 3, false) => {}
            (2 | 3, true) => self.logic_flags(v & 0xFFFF, 2),
            (5 | 6, false) => {
                self.n = v & 0x8000_0000 != 0;
                self.z = v >> 16 == 0;
            }
            _ if ea2 == 0x39 && memory => self.logic_flags(v & 0xFFFF, 2),
            _ => self.logic_flags(v >> 16, 2),
        }
    }

    /// The address of a control mode for JMP/JSR, taking the displacement straight from
    /// IRC (the 68000 refetches only for the second word of an absolute long), with the
    /// idle clocks of each mode; returns (target, return address).
    fn jump_target<B: Bus + ?Sized>(&mut self, bus: &mut B, ea: u8) -> (u32, u32) {
        let reg = usize::from(ea & 7);
        let disp = sign_extend(u32::from(self.queue[1]), 2);
        match ea {
            0x10..=0x17 => (self.a[reg], self.pc),
            0x28..=0x2F => {
                self.idle(2);
                (self.a[reg].wrapping_add(disp), self.pc.wrapping_add(2))
            }
            0x30..=0x37 => {
                self.idle(6);
                let index = self.brief_index(self.queue[1]);
                (self.a[reg].wrapping_add(index), self.pc.wrapping_add(2))
            }
            0x38 => {
                self.idle(2);
                (disp, self.pc.wrapping_add(2))
            }
            0x39 => {
                let high = u32::from(self.ext(bus));
                (
                    high << 16 | u32::from(self.queue[1]),
                    self.pc.wrapping_add(2),
                )
            }
            0x3A => {
                self.idle(2);
                (self.pc.wrapping_add(disp), self.pc.wrapping_add(2))
            }
            _ => {
                self.idle(6);
                let index = self.brief_index(self.queue[1]);
                (self.pc.wrapping_add(index), self.pc.wrapping_add(2))
            }
        }
    }

    pub(super) fn brief_index(&self, ext: u16) -> u32 {
        let n = usize::from((ext >> 12) & 7);
        let x = if ext & 0x8000 != 0 {
            self.a[n]
        } else {
            self.d[n]
        };
        let x = if ext & 0x0800 != 0 {
            x
        } else {
            sign_extend(x, 2)
        };
        x.wrapping_add(sign_extend(u32::from(ext), 1))
    }

    /// Shifts and rotates `v` by `count` (PRM: ASL/ASR, LSL/LSR, ROXL/ROXR, ROL/ROR),
    /// setting the flags ([`Flags::shift`]).
    fn shift(&mut self, kind: u8, left: bool, v: u32, count: u32, size: u8) -> u32 {
        let (r, f) = self.flags().shift(kind, left, v, count, size);
        self.set_flags(f);
        r
    }

    /// A read-modify-write of a memory or register operand: read, compute, then for
    /// memory the prefetch before the write, as the 68000 orders them.
    #[inline]
    pub(super) fn modify<B: Bus + ?Sized>(
        &mut self,
        bus: &mut B,
        op: Op,
        long_register_idle: u32,
        f: impl FnOnce(&mut Self, u32) -> u32,
    ) {
        let loc = self.locate(bus, op.ea, op.size, true);
        let v = self.read(bus, loc, op.size);
        let r = f(self, v);
        if let Loc::D(_) = loc {
            if op.size == 4 {
                self.idle(long_register_idle);
            }
            self.write(bus, loc, op.size, r);
            self.prefetch_next(bus);
        } else {
            self.prefetch_next(bus);
            self.write(bus, loc, op.size, r);
        }
    }
}

/// Runs the instruction in IR.
#[inline(always)]
pub(super) fn execute<B: Bus + ?Sized>(cpu: &mut Core, bus: &mut B, op: Op) {
    let size = op.size;
    let reg = usize::from(op.reg);
    match op.kind {
        Kind::Move => exec_move(cpu, bus, op),
        Kind::Movea => exec_movea(cpu, bus, op),
        Kind::Moveq => {
            let v = sign_extend(u32::from(cpu.queue[0]), 1);
            cpu.d[reg] = v;
            cpu.logic_flags(v, 4);
            cpu.prefetch_next(bus);
        }
        Kind::AddR | Kind::SubR | Kind::AndR | Kind::OrR | Kind::CmpR => {
            exec_alu_register(cpu, bus, op);
        }
        Kind::AddM | Kind::SubM | Kind::AndM | Kind::OrM | Kind::EorM => {
            let s = cpu.d[reg];
            cpu.modify(bus, op, 4, |cpu, d| match op.kind {
                Kind::AddM => cpu.add(d, s, size),
                Kind::SubM => cpu.sub(d, s, size),
                _ => {
                    let r = match op.kind {
                        Kind::AndM => d & s,
                        Kind::OrM => d | s,
                        _ => d ^ s,
                    };
                    cpu.logic_flags(r, size);
                    r
                }
            });
        }
        Kind::Adda | Kind::Suba | Kind::Cmpa => exec_alu_address(cpu, bus, op),
        Kind::AddI | Kind::SubI | Kind::AndI | Kind::OrI | Kind::EorI | Kind::CmpI => {
            let s = if size == 4 {
                cpu.ext_long(bus)
            } else {
                u32::from(cpu.ext(bus)) & mask(size)
            };
            if op.kind == Kind::CmpI {
                let loc = cpu.locate(bus, op.ea, size, true);
                let d = cpu.read(bus, loc, size);
                cpu.compare(d, s, size);
                if size == 4 && matches!(loc, Loc::D(_)) {
                    cpu.idle(2);
                }
                cpu.prefetch_next(bus);
                return;
            }
            cpu.modify(bus, op, 4, |cpu, d| match op.kind {
                Kind::AddI => cpu.add(d, s, size),
                Kind::SubI => cpu.sub(d, s, size),
                _ => {
                    let r = match op.kind {
                        Kind::AndI => d & s,
                        Kind::OrI => d | s,
                        _ => d ^ s,
                    };
                    cpu.logic_flags(r, size);
                    r
                }
            });
        }
        Kind::AddQ | Kind::SubQ => exec_quick(cpu, bus, op),
        Kind::Clr => cpu.modify(bus, op, 2, |cpu, _| {
            cpu.logic_flags(0, size);
            0
        }),
        Kind::Not => cpu.modify(bus, op, 2, |cpu, d| {
            let r = !d & mask(size);
            cpu.logic_flags(r, size);
            r
        }),
        Kind::Neg => cpu.modify(bus, op, 2, |cpu, d| cpu.sub(0, d, size)),
        Kind::Tst => exec_tst(cpu, bus, op),
        Kind::Bcc => {
            let base = cpu.pc;
            let disp8 = cpu.queue[0] & 0xFF;
            let disp = if disp8 == 0 {
                sign_extend(u32::from(cpu.queue[1]), 2)
            } else {
                sign_extend(u32::from(disp8), 1)
            };
            if cpu.condition(op.reg) {
                cpu.idle(2);
                cpu.fill(bus, base.wrapping_add(disp));
            } else {
                cpu.idle(4);
                if disp8 == 0 {
                    cpu.ext(bus);
                }
                cpu.prefetch_next(bus);
            }
        }
        Kind::Bsr => {
            let base = cpu.pc;
            let disp8 = cpu.queue[0] & 0xFF;
            let (disp, ret) = if disp8 == 0 {
                (
                    sign_extend(u32::from(cpu.queue[1]), 2),
                    base.wrapping_add(2),
                )
            } else {
                (sign_extend(u32::from(disp8), 1), base)
            };
            cpu.idle(2);
            cpu.push_long(bus, ret);
            // An odd target: the frame's PC is the target itself.
            let target = base.wrapping_add(disp);
            cpu.pc_lead = cpu.pc.wrapping_sub(target);
            cpu.fill(bus, target);
        }
        Kind::Dbcc => {
            let base = cpu.pc;
            let target = base.wrapping_add(sign_extend(u32::from(cpu.queue[1]), 2));
            if cpu.condition(op.reg) {
                cpu.idle(4);
                cpu.ext(bus);
                cpu.prefetch_next(bus);
                return;
            }
            let r = usize::from(op.ea & 7);
            let count = (cpu.d[r] as u16).wrapping_sub(1);
            cpu.idle(2);
            if count != 0xFFFF {
                // The counter is written after the fetch at the target: an odd target
                // faults with it unchanged.
                cpu.pc_lead = 0u32.wrapping_sub(2);
                cpu.fill(bus, target);
                cpu.d[r] = (cpu.d[r] & 0xFFFF_0000) | u32::from(count);
            } else {
                cpu.d[r] = (cpu.d[r] & 0xFFFF_0000) | u32::from(count);
                // The 68000 fetches at the branch target, then falls through.
                cpu.read_word(bus, target);
                cpu.ext(bus);
                cpu.prefetch_next(bus);
            }
        }
        Kind::Scc => {
            let v = if cpu.condition(op.reg) { 0xFF } else { 0 };
            let loc = cpu.locate(bus, op.ea, 1, true);
            if let Loc::D(_) = loc {
                if v != 0 {
                    cpu.idle(2);
                }
                cpu.write(bus, loc, 1, v);
                cpu.prefetch_next(bus);
            } else {
                cpu.read(bus, loc, 1);
                cpu.prefetch_next(bus);
                cpu.write(bus, loc, 1, v);
            }
        }
        Kind::Jmp => {
            let (target, _) = cpu.jump_target(bus, op.ea);
            if op.ea == 0x39 {
                // JMP (xxx).l to an odd address: the frame's PC is the one before the
                // second extension word was read (MAME's microcoded 68000, the full
                // SingleStepTests JMP file).
                cpu.pc_lead = 2;
            }
            cpu.fill(bus, target);
        }
        Kind::Jsr => {
            let (target, ret) = cpu.jump_target(bus, op.ea);
            // The 68000 fetches at the target before it pushes: an odd one faults with
            // nothing pushed and the return address as the frame's PC.
            if target & 1 != 0 {
                cpu.pc_lead = cpu.pc.wrapping_sub(ret);
                cpu.fill(bus, target);
                return;
            }
            cpu.push_long(bus, ret);
            cpu.fill(bus, target);
        }
        Kind::Lea => {
            let addr = cpu.control_address(bus, op.ea);
            if matches!(op.ea >> 3, 6) || op.ea == 0x3B {
                cpu.idle(2);
            }
            cpu.a[reg] = addr;
            cpu.prefetch_next(bus);
        }
        Kind::Pea => {
            let addr = cpu.control_address(bus, op.ea);
            if matches!(op.ea >> 3, 6) || op.ea == 0x3B {
                cpu.idle(2);
            }
            cpu.push_long(bus, addr);
            cpu.prefetch_next(bus);
        }
        Kind::Rts => {
            let target = cpu.pop_long(bus);
            cpu.fill(bus, target);
        }
        Kind::ShiftReg => {
            let r = usize::from(op.ea);
            let count = if op.ea2 & 2 != 0 {
                cpu.d[usize::from(op.ea2 >> 2)] & 63
            } else {
                match op.ea2 >> 2 {
                    0 => 8,
                    n => u32::from(n),
                }
            };
            let v = cpu.d[r];
            let result = cpu.shift(op.reg, op.ea2 & 1 != 0, v, count, size);
            let m = mask(size);
            cpu.d[r] = (v & !m) | result;
            cpu.idle(if size == 4 { 4 } else { 2 } + 2 * count);
            cpu.prefetch_next(bus);
        }
        Kind::ShiftMem => {
            let loc = cpu.locate(bus, op.ea, 2, true);
            let v = cpu.read(bus, loc, 2);
            let r = cpu.shift(op.reg, op.ea2 & 1 != 0, v, 1, 2);
            cpu.prefetch_next(bus);
            cpu.write(bus, loc, 2, r);
        }
        Kind::Mulu => {
            let s = cpu.source(bus, op.ea, 2);
            let r = (cpu.d[reg] & 0xFFFF) * s;
            cpu.d[reg] = r;
            cpu.logic_flags(r, 4);
            cpu.idle(34 + 2 * s.count_ones());
            cpu.prefetch_next(bus);
        }
        Kind::Muls => {
            let s = cpu.source(bus, op.ea, 2);
            let r =
                (sign_extend(cpu.d[reg], 2) as i32).wrapping_mul(sign_extend(s, 2) as i32) as u32;
            cpu.d[reg] = r;
            cpu.logic_flags(r, 4);
            cpu.idle(34 + 2 * ((s ^ (s << 1)) & 0xFFFF).count_ones());
            cpu.prefetch_next(bus);
        }
        Kind::Exg => {
            let y = usize::from(op.ea & 7);
            match op.ea2 {
                0x08 => cpu.d.swap(reg, y),
                0x09 => cpu.a.swap(reg, y),
                _ => std::mem::swap(&mut cpu.d[reg], &mut cpu.a[y]),
            }
            cpu.idle(2);
            cpu.prefetch_next(bus);
        }
        Kind::Swap => {
            let r = usize::from(op.ea);
            let v = cpu.d[r].rotate_left(16);
            cpu.d[r] = v;
            cpu.logic_flags(v, 4);
            cpu.prefetch_next(bus);
        }
        Kind::Ext => {
            let r = usize::from(op.ea);
            if size == 2 {
                let v = sign_extend(cpu.d[r], 1) & 0xFFFF;
                cpu.d[r] = (cpu.d[r] & 0xFFFF_0000) | v;
                cpu.logic_flags(v, 2);
            } else {
                let v = sign_extend(cpu.d[r], 2);
                cpu.d[r] = v;
                cpu.logic_flags(v, 4);
            }
            cpu.prefetch_next(bus);
        }
        Kind::Nop => cpu.prefetch_next(bus),
        Kind::Link => {
            let r = usize::from(op.ea);
            // LINK A7 stacks the stack pointer as it was before the push.
            let value = cpu.a[r];
            let sp = cpu.a[7].wrapping_sub(4);
            cpu.a[7] = sp;
            cpu.write_long(bus, sp, value);
            cpu.a[r] = sp;
            let disp = sign_extend(u32::from(cpu.ext(bus)), 2);
            cpu.a[7] = cpu.a[7].wrapping_add(disp);
            cpu.prefetch_next(bus);
        }
        Kind::Unlk => {
            let r = usize::from(op.ea);
            let sp = cpu.a[r];
            cpu.pc_lead = 0u32.wrapping_sub(2);
            let v = cpu.read_long(bus, sp);
            cpu.a[7] = sp.wrapping_add(4);
            cpu.a[r] = v;
            cpu.prefetch_next(bus);
        }
        Kind::Trap => {
            cpu.idle(4);
            let next = cpu.pc;
            cpu.exception(bus, 32 + op.reg, next);
        }
        Kind::Illegal | Kind::LineA | Kind::LineF => {
            let vector = match op.kind {
                Kind::LineA => 10,
                Kind::LineF => 11,
                _ => 4,
            };
            cpu.idle(4);
            let pc = cpu.start_pc;
            cpu.exception(bus, vector, pc);
        }
        // Common enough in game code to stay in the hot path.
        Kind::Bit => cpu.bit(bus, op),
        Kind::Movem => cpu.movem(bus, op),
        _ => super::more::execute(cpu, bus, op),
    }
}

#[inline(always)]
pub(super) fn exec_move<B: Bus + ?Sized>(cpu: &mut Core, bus: &mut B, op: Op) {
    let size = op.size;
    let v = cpu.source(bus, op.ea, size);
    // A source read from memory (an immediate is read as extension words, and counts
    // as a register here).
    let memory = op.ea >> 3 >= 2 && op.ea != 0x3C;
    if op.ea2 == 0x39 {
        // To (xxx).L: the address's low word is taken from IRC. After a register
        // source its refetch comes before the write, after a memory source after it
        // (so a faulting write stacks a PC one word further for a register source).
        let high = u32::from(cpu.ext(bus));
        let addr = high << 16 | u32::from(cpu.queue[1]);
        let register = op.ea >> 3 < 2;
        if register {
            cpu.ext(bus);
        }
        cpu.move_flags_before_write(v, size, op.ea2, memory);
        // A faulting write leaves an (An)+ source counted on.
        cpu.postincrement = None;
        cpu.pc_lead = 0;
        cpu.write(bus, Loc::Mem(addr), size, v);
        if cpu.fault.is_none() {
            cpu.logic_flags(v, size);
        }
        if !register {
            cpu.ext(bus);
        }
        cpu.prefetch_next(bus);
        return;
    }
    let before = cpu.a[usize::from(op.ea2 & 7)];
    let dst = cpu.locate(bus, op.ea2, size, false);
    // A faulting write leaves (An)+ as it was, and -(An) for a long.
    if op.ea2 >> 3 == 3 || (op.ea2 >> 3 == 4 && size == 4) {
        cpu.postincrement = Some((op.ea2 & 7, before));
    }
    let Loc::Mem(addr) = dst else {
        cpu.logic_flags(v, size);
        cpu.write(bus, dst, size, v);
        cpu.prefetch_next(bus);
        return;
    };
    cpu.move_flags_before_write(v, size, op.ea2, memory);
    if op.ea2 >> 3 == 4 {
        // To -(An): the prefetch comes first, then the long's low word.
        cpu.prefetch_next(bus);
        cpu.pc_lead = 0;
        if size != 4 && cpu.fault.is_none() {
            // IR already holds the next opcode: a faulting word write stacks it.
            cpu.opcode = cpu.queue[0];
        }
        if size == 4 {
            cpu.write_long_low_first(bus, addr, v);
        } else {
            cpu.write(bus, dst, size, v);
        }
    } else {
        // The frame's PC: one word on for (An) and (An)+, where `pc` is for
        // modes with extension words.
        cpu.pc_lead = if op.ea2 >> 3 <= 3 {
            0u32.wrapping_sub(2)
        } else {
            0
        };
        cpu.write(bus, dst, size, v);
    }
    if cpu.fault.is_none() {
        cpu.logic_flags(v, size);
    }
    if op.ea2 >> 3 != 4 {
        cpu.prefetch_next(bus);
    }
}

#[inline(always)]
pub(super) fn exec_movea<B: Bus + ?Sized>(cpu: &mut Core, bus: &mut B, op: Op) {
    let size = op.size;
    let reg = usize::from(op.reg);
    let v = cpu.source(bus, op.ea, size);
    cpu.a[reg] = sign_extend(v, size);
    cpu.prefetch_next(bus);
}

#[inline(always)]
pub(super) fn exec_alu_register<B: Bus + ?Sized>(cpu: &mut Core, bus: &mut B, op: Op) {
    let size = op.size;
    let reg = usize::from(op.reg);
    let s = cpu.source(bus, op.ea, size);
    let d = cpu.d[reg];
    let r = match op.kind {
        Kind::AddR => cpu.add(d, s, size),
        Kind::SubR => cpu.sub(d, s, size),
        Kind::CmpR => cpu.compare(d, s, size),
        Kind::AndR => d & s,
        _ => d | s,
    };
    if matches!(op.kind, Kind::AndR | Kind::OrR) {
        cpu.logic_flags(r, size);
    }
    if size == 4 {
        let register = op.ea >> 3 <= 1 || op.ea == 0x3C;
        cpu.idle(if op.kind != Kind::CmpR && register {
            4
        } else {
            2
        });
    }
    if op.kind != Kind::CmpR {
        let m = mask(size);
        cpu.d[reg] = (d & !m) | (r & m);
    }
    cpu.prefetch_next(bus);
}

#[inline(always)]
pub(super) fn exec_alu_address<B: Bus + ?Sized>(cpu: &mut Core, bus: &mut B, op: Op) {
    let size = op.size;
    let reg = usize::from(op.reg);
    let s = sign_extend(cpu.source(bus, op.ea, size), size);
    let d = cpu.a[reg];
    match op.kind {
        Kind::Adda => cpu.a[reg] = d.wrapping_add(s),
        Kind::Suba => cpu.a[reg] = d.wrapping_sub(s),
        _ => {
            cpu.compare(d, s, 4);
        }
    }
    let register = op.ea >> 3 <= 1 || op.ea == 0x3C;
    cpu.idle(match op.kind {
        Kind::Cmpa => 2,
        _ if size == 2 || register => 4,
        _ => 2,
    });
    cpu.prefetch_next(bus);
}

#[inline(always)]
pub(super) fn exec_quick<B: Bus + ?Sized>(cpu: &mut Core, bus: &mut B, op: Op) {
    let size = op.size;
    let s = u32::from(op.reg);
    if op.ea >> 3 == 1 {
        // To an address register: all 32 bits, no flags.
        let r = usize::from(op.ea & 7);
        cpu.a[r] = if op.kind == Kind::AddQ {
            cpu.a[r].wrapping_add(s)
        } else {
            cpu.a[r].wrapping_sub(s)
        };
        cpu.idle(4);
        cpu.prefetch_next(bus);
        return;
    }
    cpu.modify(bus, op, 4, |cpu, d| {
        if op.kind == Kind::AddQ {
            cpu.add(d, s, size)
        } else {
            cpu.sub(d, s, size)
        }
    });
}

#[inline(always)]
pub(super) fn exec_tst<B: Bus + ?Sized>(cpu: &mut Core, bus: &mut B, op: Op) {
    let size = op.size;
    let v = cpu.source(bus, op.ea, size);
    cpu.logic_flags(v, size);
    cpu.prefetch_next(bus);
}
