//! The opcode table and dispatch.
//!
//! [`BASE_CYCLES`] is the W65C02S opcode matrix (data sheet Table 5-4, cycle counts of
//! Table 5-7) without the conditional extras, which are added where they arise: page
//! crossing on indexed reads ([`crate::addressing`]), branch taken and branch taken
//! across a page (here), decimal-mode ADC/SBC (the ALU code). BRA is listed as 2 and
//! always takes the +1 of a taken branch; BBR/BBS as 5 (+1 taken, +1 more across a
//! page). JMP (abs) is 6 cycles and reads its pointer's high byte from `abs + 1`
//! without the NMOS wrap within the page; JMP (abs,X) is 6 cycles.
//!
//! Undefined opcodes are the data sheet's NOPs with its byte lengths and cycle counts:
//! `x2` two bytes/2 cycles, `x3` and `xB` (bar WAI and STP) one byte/1 cycle, `$44`
//! two bytes/3 cycles, `$54 $D4 $F4` two bytes/4 cycles, `$5C` three bytes/8 cycles,
//! `$DC $FC` three bytes/4 cycles. Of their bus cycles only the operand fetches are
//! issued (the chip's reads of the addresses they form are omitted).
//!
//! Internal cycles not issued to the bus (all re-read page zero, the stack or the
//! program stream): the second cycle of one-byte instructions, the dummy stack read of
//! PLA/PLX/PLY/PLP/RTS/RTI and JSR, RTS's PC increment cycle, the index or pointer-fix
//! cycle of JMP (abs) and JMP (abs,X), the taken-branch cycles, the second zero-page
//! read of BBR/BBS, and the cycles of WAI and STP after their opcode fetch.

use crate::addressing::Mode::{Abs, AbsX, AbsY, Imm, IzX, IzY, Izp, Zp, ZpX, ZpY};
use crate::execute::Then;
use crate::{Bus, Cpu, State, flags, vectors};

/// Cycles of each opcode before conditional extras (see the module docs).
#[rustfmt::skip]
pub const BASE_CYCLES: [u8; 256] = [
//  0  1  2  3  4  5  6  7  8  9  A  B  C  D  E  F
    7, 6, 2, 1, 5, 3, 5, 5, 3, 2, 2, 1, 6, 4, 6, 5, // 0
    2, 5, 5, 1, 5, 4, 6, 5, 2, 4, 2, 1, 6, 4, 6, 5, // 1
    6, 6, 2, 1, 3, 3, 5, 5, 4, 2, 2, 1, 4, 4, 6, 5, // 2
    2, 5, 5, 1, 4, 4, 6, 5, 2, 4, 2, 1, 4, 4, 6, 5, // 3
    6, 6, 2, 1, 3, 3, 5, 5, 3, 2, 2, 1, 3, 4, 6, 5, // 4
    2, 5, 5, 1, 4, 4, 6, 5, 2, 4, 3, 1, 8, 4, 6, 5, // 5
    6, 6, 2, 1, 3, 3, 5, 5, 4, 2, 2, 1, 6, 4, 6, 5, // 6
    2, 5, 5, 1, 4, 4, 6, 5, 2, 4, 4, 1, 6, 4, 6, 5, // 7
    2, 6, 2, 1, 3, 3, 3, 5, 2, 2, 2, 1, 4, 4, 4, 5, // 8
    2, 6, 5, 1, 4, 4, 4, 5, 2, 5, 2, 1, 4, 5, 5, 5, // 9
    2, 6, 2, 1, 3, 3, 3, 5, 2, 2, 2, 1, 4, 4, 4, 5, // A
    2, 5, 5, 1, 4, 4, 4, 5, 2, 4, 2, 1, 4, 4, 4, 5, // B
    2, 6, 2, 1, 3, 3, 5, 5, 2, 2, 2, 3, 4, 4, 6, 5, // C
    2, 5, 5, 1, 4, 4, 6, 5, 2, 4, 3, 3, 4, 4, 7, 5, // D
    2, 6, 2, 1, 3, 3, 5, 5, 2, 2, 2, 1, 4, 4, 6, 5, // E
    2, 5, 5, 1, 4, 4, 6, 5, 2, 4, 4, 1, 4, 4, 7, 5, // F
];

impl Cpu {
    /// Relative branch: fetches the offset; when taken, +1 cycle and +1 more if the
    /// target is in another page than the next instruction.
    #[inline(always)]
    fn branch<B: Bus>(&mut self, bus: &mut B, taken: bool) {
        let offset = self.fetch(bus) as i8;
        if taken {
            let target = self.pc.wrapping_add(offset as u16);
            self.cycles += 1 + u64::from((target ^ self.pc) & 0xFF00 != 0);
            self.pc = target;
        }
    }

    /// BBRn/BBSn: branches when bit `n` of the zero-page byte equals `set`.
    #[inline(always)]
    fn branch_bit<B: Bus>(&mut self, bus: &mut B, n: u8, set: bool) {
        let zp = self.fetch(bus);
        let v = bus.read(u16::from(zp));
        self.branch(bus, (v >> n) & 1 == u8::from(set));
    }

    /// RMBn/SMBn: read-modify-write of bit `n` of a zero-page byte.
    #[inline(always)]
    fn bit_rmw<B: Bus>(&mut self, bus: &mut B, n: u8, set: bool) {
        let zp = u16::from(self.fetch(bus));
        self.rmw(
            bus,
            zp,
            |_, v| if set { v | (1 << n) } else { v & !(1 << n) },
        );
    }

    /// Executes `op` (already fetched) and counts its cycles; then, unless the core left
    /// the running state (WAI, STP), asks `then` for the next opcode.
    #[inline(always)]
    pub(crate) fn execute<B: Bus, T: Then<B>>(
        &mut self,
        bus: &mut B,
        op: u8,
        then: &mut T,
    ) -> Option<u8> {
        macro_rules! lda {
            ($m:expr) => {{
                let v = self.load(bus, $m);
                self.a = v;
                self.set_nz(v);
            }};
        }
        macro_rules! ldx {
            ($m:expr) => {{
                let v = self.load(bus, $m);
                self.x = v;
                self.set_nz(v);
            }};
        }
        macro_rules! ldy {
            ($m:expr) => {{
                let v = self.load(bus, $m);
                self.y = v;
                self.set_nz(v);
            }};
        }
        macro_rules! ora {
            ($m:expr) => {{
                let v = self.load(bus, $m);
                self.a |= v;
                self.set_nz(self.a);
            }};
        }
        macro_rules! and {
            ($m:expr) => {{
                let v = self.load(bus, $m);
                self.a &= v;
                self.set_nz(self.a);
            }};
        }
        macro_rules! eor {
            ($m:expr) => {{
                let v = self.load(bus, $m);
                self.a ^= v;
                self.set_nz(self.a);
            }};
        }
        macro_rules! adc {
            ($m:expr) => {{
                let addr = self.address(bus, $m, false);
                let v = bus.read(addr);
                self.adc(v);
                if self.p & flags::D != 0 {
                    // The decimal-mode extra cycle repeats the operand read.
                    bus.read(addr);
                }
            }};
        }
        macro_rules! sbc {
            ($m:expr) => {{
                let addr = self.address(bus, $m, false);
                let v = bus.read(addr);
                self.sbc(v);
                if self.p & flags::D != 0 {
                    // The decimal-mode extra cycle repeats the operand read.
                    bus.read(addr);
                }
            }};
        }
        macro_rules! cmp {
            ($r:ident, $m:expr) => {{
                let v = self.load(bus, $m);
                self.compare(self.$r, v);
            }};
        }
        macro_rules! bit {
            ($m:expr) => {{
                let v = self.load(bus, $m);
                self.bit(v);
            }};
        }
        macro_rules! st {
            ($v:expr, $m:expr) => {{
                let v = $v;
                self.store(bus, $m, v);
            }};
        }
        // RMW on memory; `$w` selects the always-present fix-up cycle of abs,X.
        macro_rules! rmw {
            ($f:ident, $m:expr) => {
                rmw!($f, $m, false)
            };
            ($f:ident, $m:expr, $w:expr) => {{
                let addr = self.address(bus, $m, $w);
                self.rmw(bus, addr, |cpu, v| cpu.$f(v));
            }};
        }
        macro_rules! acc {
            ($f:ident) => {{
                self.a = self.$f(self.a);
            }};
        }
        // The opcodes of one arm each: the macro adds each one's base cycles as a constant,
        // so the count costs no table look-up and no opcode kept for after the match, and
        // ends each arm with its own fetch of the next opcode (see [`Then`]).
        macro_rules! one_op_arms {
            ($($op:literal => $body:expr),* $(,)?) => {
                match op {
                    $($op => {
                        $body;
                        self.cycles += u64::from(BASE_CYCLES[$op]);
                        then.next(self, bus)
                    })*
                    0x28 | 0x58 | 0x40 => self.execute_unmasking(bus, op, then),
                    _ => self.execute_grouped(bus, op, then),
                }
            };
        }

        one_op_arms! {
                // Loads.
                0xA9 => lda!(Imm),
                0xA5 => lda!(Zp),
                0xB5 => lda!(ZpX),
                0xAD => lda!(Abs),
                0xBD => lda!(AbsX),
                0xB9 => lda!(AbsY),
                0xA1 => lda!(IzX),
                0xB1 => lda!(IzY),
                0xB2 => lda!(Izp),
                0xA2 => ldx!(Imm),
                0xA6 => ldx!(Zp),
                0xB6 => ldx!(ZpY),
                0xAE => ldx!(Abs),
                0xBE => ldx!(AbsY),
                0xA0 => ldy!(Imm),
                0xA4 => ldy!(Zp),
                0xB4 => ldy!(ZpX),
                0xAC => ldy!(Abs),
                0xBC => ldy!(AbsX),
                // Stores.
                0x85 => st!(self.a, Zp),
                0x95 => st!(self.a, ZpX),
                0x8D => st!(self.a, Abs),
                0x9D => st!(self.a, AbsX),
                0x99 => st!(self.a, AbsY),
                0x81 => st!(self.a, IzX),
                0x91 => st!(self.a, IzY),
                0x92 => st!(self.a, Izp),
                0x86 => st!(self.x, Zp),
                0x96 => st!(self.x, ZpY),
                0x8E => st!(self.x, Abs),
                0x84 => st!(self.y, Zp),
                0x94 => st!(self.y, ZpX),
                0x8C => st!(self.y, Abs),
                0x64 => st!(0, Zp),
                0x74 => st!(0, ZpX),
                0x9C => st!(0, Abs),
                0x9E => st!(0, AbsX),
                // Logic and arithmetic.
                0x09 => ora!(Imm),
                0x05 => ora!(Zp),
                0x15 => ora!(ZpX),
                0x0D => ora!(Abs),
                0x1D => ora!(AbsX),
                0x19 => ora!(AbsY),
                0x01 => ora!(IzX),
                0x11 => ora!(IzY),
                0x12 => ora!(Izp),
                0x29 => and!(Imm),
                0x25 => and!(Zp),
                0x35 => and!(ZpX),
                0x2D => and!(Abs),
                0x3D => and!(AbsX),
                0x39 => and!(AbsY),
                0x21 => and!(IzX),
                0x31 => and!(IzY),
                0x32 => and!(Izp),
                0x49 => eor!(Imm),
                0x45 => eor!(Zp),
                0x55 => eor!(ZpX),
                0x4D => eor!(Abs),
                0x5D => eor!(AbsX),
                0x59 => eor!(AbsY),
                0x41 => eor!(IzX),
                0x51 => eor!(IzY),
                0x52 => eor!(Izp),
                0x69 => adc!(Imm),
                0x65 => adc!(Zp),
                0x75 => adc!(ZpX),
                0x6D => adc!(Abs),
                0x7D => adc!(AbsX),
                0x79 => adc!(AbsY),
                0x61 => adc!(IzX),
                0x71 => adc!(IzY),
                0x72 => adc!(Izp),
                0xE9 => sbc!(Imm),
                0xE5 => sbc!(Zp),
                0xF5 => sbc!(ZpX),
                0xED => sbc!(Abs),
                0xFD => sbc!(AbsX),
                0xF9 => sbc!(AbsY),
                0xE1 => sbc!(IzX),
                0xF1 => sbc!(IzY),
                0xF2 => sbc!(Izp),
                0xC9 => cmp!(a, Imm),
                0xC5 => cmp!(a, Zp),
                0xD5 => cmp!(a, ZpX),
                0xCD => cmp!(a, Abs),
                0xDD => cmp!(a, AbsX),
                0xD9 => cmp!(a, AbsY),
                0xC1 => cmp!(a, IzX),
                0xD1 => cmp!(a, IzY),
                0xD2 => cmp!(a, Izp),
                0xE0 => cmp!(x, Imm),
                0xE4 => cmp!(x, Zp),
                0xEC => cmp!(x, Abs),
                0xC0 => cmp!(y, Imm),
                0xC4 => cmp!(y, Zp),
                0xCC => cmp!(y, Abs),
                0x24 => bit!(Zp),
                0x34 => bit!(ZpX),
                0x2C => bit!(Abs),
                0x3C => bit!(AbsX),
                0x89 => {
                    // BIT #imm affects only Z.
                    let v = self.load(bus, Imm);
                    self.set_flag(flags::Z, self.a & v == 0);
                },
                // Read-modify-write.
                0x0A => acc!(asl),
                0x06 => rmw!(asl, Zp),
                0x16 => rmw!(asl, ZpX),
                0x0E => rmw!(asl, Abs),
                0x1E => rmw!(asl, AbsX),
                0x4A => acc!(lsr),
                0x46 => rmw!(lsr, Zp),
                0x56 => rmw!(lsr, ZpX),
                0x4E => rmw!(lsr, Abs),
                0x5E => rmw!(lsr, AbsX),
                0x2A => acc!(rol),
                0x26 => rmw!(rol, Zp),
                0x36 => rmw!(rol, ZpX),
                0x2E => rmw!(rol, Abs),
                0x3E => rmw!(rol, AbsX),
                0x6A => acc!(ror),
                0x66 => rmw!(ror, Zp),
                0x76 => rmw!(ror, ZpX),
                0x6E => rmw!(ror, Abs),
                0x7E => rmw!(ror, AbsX),
                0x1A => acc!(inc),
                0xE6 => rmw!(inc, Zp),
                0xF6 => rmw!(inc, ZpX),
                0xEE => rmw!(inc, Abs),
                0xFE => rmw!(inc, AbsX, true),
                0x3A => acc!(dec),
                0xC6 => rmw!(dec, Zp),
                0xD6 => rmw!(dec, ZpX),
                0xCE => rmw!(dec, Abs),
                0xDE => rmw!(dec, AbsX, true),
                0x04 => rmw!(tsb, Zp),
                0x0C => rmw!(tsb, Abs),
                0x14 => rmw!(trb, Zp),
                0x1C => rmw!(trb, Abs),
                // Register transfers and index arithmetic.
                0xAA => {
                    self.x = self.a;
                    self.set_nz(self.x);
                },
                0x8A => {
                    self.a = self.x;
                    self.set_nz(self.a);
                },
                0xA8 => {
                    self.y = self.a;
                    self.set_nz(self.y);
                },
                0x98 => {
                    self.a = self.y;
                    self.set_nz(self.a);
                },
                0xBA => {
                    self.x = self.s;
                    self.set_nz(self.x);
                },
                0x9A => self.s = self.x,
                0xE8 => {
                    self.x = self.x.wrapping_add(1);
                    self.set_nz(self.x);
                },
                0xCA => {
                    self.x = self.x.wrapping_sub(1);
                    self.set_nz(self.x);
                },
                0xC8 => {
                    self.y = self.y.wrapping_add(1);
                    self.set_nz(self.y);
                },
                0x88 => {
                    self.y = self.y.wrapping_sub(1);
                    self.set_nz(self.y);
                },
                // Stack.
                0x48 => self.push(bus, self.a),
                0xDA => self.push(bus, self.x),
                0x5A => self.push(bus, self.y),
                0x08 => self.push(bus, self.p | flags::B | flags::U),
                0x68 => {
                    self.a = self.pull(bus);
                    self.set_nz(self.a);
                },
                0xFA => {
                    self.x = self.pull(bus);
                    self.set_nz(self.x);
                },
                0x7A => {
                    self.y = self.pull(bus);
                    self.set_nz(self.y);
                },
                // Flags. CLI, SEI and PLP change I after the interrupt poll of their last
                // cycle (PLP and CLI, which may lift the mask, in `execute_unmasking` with
                // RTI).
                0x18 => self.p &= !flags::C,
                0x38 => self.p |= flags::C,
                0x78 => {
                    self.delay_i(op);
                    self.p |= flags::I;
                },
                0xD8 => self.p &= !flags::D,
                0xF8 => self.p |= flags::D,
                0xB8 => self.p &= !flags::V,
                // Branches.
                0x10 => self.branch(bus, self.p & flags::N == 0),
                0x30 => self.branch(bus, self.p & flags::N != 0),
                0x50 => self.branch(bus, self.p & flags::V == 0),
                0x70 => self.branch(bus, self.p & flags::V != 0),
                0x90 => self.branch(bus, self.p & flags::C == 0),
                0xB0 => self.branch(bus, self.p & flags::C != 0),
                0xD0 => self.branch(bus, self.p & flags::Z == 0),
                0xF0 => self.branch(bus, self.p & flags::Z != 0),
                0x80 => self.branch(bus, true),
                // Jumps, calls, returns.
                0x4C => self.pc = self.fetch_word(bus),
                0x6C => {
                    let ptr = self.fetch_word(bus);
                    self.pc = Self::read_word(bus, ptr);
                },
                0x7C => {
                    let ptr = self.fetch_word(bus).wrapping_add(u16::from(self.x));
                    self.pc = Self::read_word(bus, ptr);
                },
                0x20 => {
                    let lo = self.fetch(bus);
                    let [pcl, pch] = self.pc.to_le_bytes();
                    self.push(bus, pch);
                    self.push(bus, pcl);
                    let hi = bus.read(self.pc);
                    self.pc = u16::from_le_bytes([lo, hi]);
                },
                0x60 => {
                    let lo = self.pull(bus);
                    let hi = self.pull(bus);
                    self.pc = u16::from_le_bytes([lo, hi]).wrapping_add(1);
                },
                0x00 => {
                    // BRK skips a signature byte.
                    self.pc = self.pc.wrapping_add(1);
                    self.interrupt(bus, vectors::IRQ, true);
                },
                // The documented NOP.
                0xEA => {}
        }
    }

    /// The opcodes [`Cpu::execute`] decodes by their bit fields, WAI and STP, as
    /// [`Cpu::execute`] runs them.
    #[inline(always)]
    fn execute_grouped<B: Bus, T: Then<B>>(
        &mut self,
        bus: &mut B,
        op: u8,
        then: &mut T,
    ) -> Option<u8> {
        macro_rules! nop {
            ($bytes:expr) => {{
                self.pc = self.pc.wrapping_add($bytes);
            }};
        }
        self.cycles += u64::from(BASE_CYCLES[usize::from(op)]);
        match op {
            0x0F | 0x1F | 0x2F | 0x3F | 0x4F | 0x5F | 0x6F | 0x7F => {
                self.branch_bit(bus, op >> 4, false);
            }
            0x8F | 0x9F | 0xAF | 0xBF | 0xCF | 0xDF | 0xEF | 0xFF => {
                self.branch_bit(bus, (op >> 4) & 7, true);
            }
            0x07 | 0x17 | 0x27 | 0x37 | 0x47 | 0x57 | 0x67 | 0x77 => {
                self.bit_rmw(bus, op >> 4, false);
            }
            0x87 | 0x97 | 0xA7 | 0xB7 | 0xC7 | 0xD7 | 0xE7 | 0xF7 => {
                self.bit_rmw(bus, (op >> 4) & 7, true);
            }
            // WAI and STP.
            0xCB => {
                self.state = State::Waiting {
                    pc: self.pc.wrapping_sub(1),
                };
                return None;
            }
            0xDB => {
                self.state = State::Stopped {
                    pc: self.pc.wrapping_sub(1),
                };
                return None;
            }
            // The undefined opcodes (data sheet NOPs).
            0x02 | 0x22 | 0x42 | 0x62 | 0x82 | 0xC2 | 0xE2 | 0x44 | 0x54 | 0xD4 | 0xF4 => nop!(1),
            0x5C | 0xDC | 0xFC => nop!(2),
            // The remaining opcodes are the one-byte, one-cycle NOPs `x3` and `xB`.
            _ => {}
        }
        then.next(self, bus)
    }

    /// PLP, CLI and RTI, the three that may clear I and so lift the mask off an asserted
    /// IRQ: the run after them is the caller's to decide ([`Then::after_unmask`]). CLI and
    /// PLP change I after the interrupt poll of their last cycle.
    ///
    /// Inlined like the rest of [`Cpu::execute`]: a call out of line takes the address
    /// of the run's local copy of the core, which then lives in memory through the whole
    /// chained loop, even where these opcodes never run (`benches/beside_w65c02s.rs`:
    /// 1,040 M cycles a CPU second out of line, 1,760 M inlined).
    #[inline(always)]
    fn execute_unmasking<B: Bus, T: Then<B>>(
        &mut self,
        bus: &mut B,
        op: u8,
        then: &mut T,
    ) -> Option<u8> {
        match op {
            0x28 => {
                self.delay_i(op);
                self.p = self.pull(bus) | flags::B | flags::U;
            }
            0x58 => {
                self.delay_i(op);
                self.p &= !flags::I;
            }
            _ => {
                self.p = self.pull(bus) | flags::B | flags::U;
                let lo = self.pull(bus);
                let hi = self.pull(bus);
                self.pc = u16::from_le_bytes([lo, hi]);
            }
        }
        self.cycles += u64::from(BASE_CYCLES[usize::from(op)]);
        then.after_unmask(self, bus)
    }
}
