//! The unprefixed page, and the DD/FD pages that reuse it with IX or IY in place of HL.
//!
//! Under a DD or FD prefix (UM0080 for the documented forms, Young section 3.3 for the rest)
//! every use of HL becomes IX/IY, H and L become the index halves, and (HL) becomes
//! (IX+d) — in which case H and L in the same instruction stay H and L. EX DE,HL and EXX are
//! not affected, and a prefix followed by another prefix or by ED is dropped after costing
//! its 4 T-states. MEMPTR updates follow the notes collected by Young and the SingleStepTests
//! data.

use crate::timing::{CALL_TAKEN, INDEX, JR_TAKEN, MAIN, RET_TAKEN};
use crate::{Bus, Cpu};

impl Cpu {
    /// Executes `op` (already fetched) with prefix `X` (0 none, 1 DD, 2 FD) and returns its
    /// T-states apart from the wait states already added to [`Cpu::t`].
    #[inline(always)]
    pub(crate) fn exec_main<const X: u8, B: Bus>(&mut self, bus: &mut B, op: u8) -> u32 {
        let mut cycles = u32::from(if X == 0 {
            MAIN[op as usize]
        } else {
            INDEX[op as usize]
        });
        match op {
            0x00 => {}
            // LD rr,nn
            0x01 | 0x11 | 0x21 | 0x31 => {
                let v = self.imm16(bus);
                self.set_rp::<X>(op >> 4, v);
            }
            // LD (BC),A / LD (DE),A: MEMPTR gets A high, address+1 low.
            0x02 | 0x12 => {
                let addr = if op == 0x02 { self.bc() } else { self.de() };
                bus.write(addr, self.a);
                self.wz = (u16::from(self.a) << 8) | (addr.wrapping_add(1) & 0xFF);
            }
            0x0A | 0x1A => {
                let addr = if op == 0x0A { self.bc() } else { self.de() };
                self.a = bus.read(addr);
                self.wz = addr.wrapping_add(1);
            }
            // INC rr / DEC rr: no flags.
            0x03 | 0x13 | 0x23 | 0x33 => {
                let p = op >> 4;
                self.set_rp::<X>(p, self.rp::<X>(p).wrapping_add(1));
            }
            0x0B | 0x1B | 0x2B | 0x3B => {
                let p = op >> 4;
                self.set_rp::<X>(p, self.rp::<X>(p).wrapping_sub(1));
            }
            // INC r / DEC r / LD r,n
            0x04 | 0x0C | 0x14 | 0x1C | 0x24 | 0x2C | 0x3C => {
                let r = op >> 3;
                let v = self.inc8(self.reg::<X>(r));
                self.set_reg::<X>(r, v);
            }
            0x05 | 0x0D | 0x15 | 0x1D | 0x25 | 0x2D | 0x3D => {
                let r = op >> 3;
                let v = self.dec8(self.reg::<X>(r));
                self.set_reg::<X>(r, v);
            }
            0x06 | 0x0E | 0x16 | 0x1E | 0x26 | 0x2E | 0x3E => {
                let v = self.imm8(bus);
                self.set_reg::<X>(op >> 3, v);
            }
            0x34 => {
                let addr = self.mem_addr::<X, B>(bus);
                let v = self.inc8(bus.read(addr));
                bus.write(addr, v);
            }
            0x35 => {
                let addr = self.mem_addr::<X, B>(bus);
                let v = self.dec8(bus.read(addr));
                bus.write(addr, v);
            }
            0x36 => {
                let addr = self.mem_addr::<X, B>(bus);
                let v = self.imm8(bus);
                bus.write(addr, v);
            }
            0x07 | 0x0F | 0x17 | 0x1F => self.rot_a(op >> 3),
            0x08 => {
                let af = self.af();
                self.set_af(self.af_);
                self.af_ = af;
            }
            // ADD HL,rr
            0x09 | 0x19 | 0x29 | 0x39 => {
                let v = self.add16(self.hlx::<X>(), self.rp::<X>(op >> 4));
                self.set_hlx::<X>(v);
            }
            0x10 => {
                let d = self.imm8(bus) as i8;
                self.b = self.b.wrapping_sub(1);
                if self.b != 0 {
                    self.pc = self.pc.wrapping_add_signed(i16::from(d));
                    self.wz = self.pc;
                    cycles += JR_TAKEN;
                }
            }
            0x18 => {
                let d = self.imm8(bus) as i8;
                self.pc = self.pc.wrapping_add_signed(i16::from(d));
                self.wz = self.pc;
            }
            0x20 | 0x28 | 0x30 | 0x38 => {
                let d = self.imm8(bus) as i8;
                if self.cond((op >> 3) & 3) {
                    self.pc = self.pc.wrapping_add_signed(i16::from(d));
                    self.wz = self.pc;
                    cycles += JR_TAKEN;
                }
            }
            0x22 => {
                let addr = self.imm16(bus);
                Self::write16(bus, addr, self.hlx::<X>());
                self.wz = addr.wrapping_add(1);
            }
            0x2A => {
                let addr = self.imm16(bus);
                let v = Self::read16(bus, addr);
                self.set_hlx::<X>(v);
                self.wz = addr.wrapping_add(1);
            }
            0x32 => {
                let addr = self.imm16(bus);
                bus.write(addr, self.a);
                self.wz = (u16::from(self.a) << 8) | (addr.wrapping_add(1) & 0xFF);
            }
            0x3A => {
                let addr = self.imm16(bus);
                self.a = bus.read(addr);
                self.wz = addr.wrapping_add(1);
            }
            0x27 => self.daa(),
            0x2F => self.cpl(),
            0x37 => self.scf(),
            0x3F => self.ccf(),
            0x76 => self.halted = true,
            // LD r,(HL): H and L keep their meaning next to (IX+d).
            0x46 | 0x4E | 0x56 | 0x5E | 0x66 | 0x6E | 0x7E => {
                let addr = self.mem_addr::<X, B>(bus);
                let v = bus.read(addr);
                self.set_reg::<0>(op >> 3, v);
            }
            0x70 | 0x71 | 0x72 | 0x73 | 0x74 | 0x75 | 0x77 => {
                let addr = self.mem_addr::<X, B>(bus);
                bus.write(addr, self.reg::<0>(op));
            }
            // LD r,r': one arm per destination, so only the source is picked at run time.
            // Every arm of this match lists its opcodes (no ranges): rustc turns a match of
            // plain values into one jump table, a range into a chain of comparisons.
            0x40 | 0x41 | 0x42 | 0x43 | 0x44 | 0x45 | 0x47 => self.b = self.reg::<X>(op),
            0x48 | 0x49 | 0x4A | 0x4B | 0x4C | 0x4D | 0x4F => self.c = self.reg::<X>(op),
            0x50 | 0x51 | 0x52 | 0x53 | 0x54 | 0x55 | 0x57 => self.d = self.reg::<X>(op),
            0x58 | 0x59 | 0x5A | 0x5B | 0x5C | 0x5D | 0x5F => self.e = self.reg::<X>(op),
            0x60 | 0x61 | 0x62 | 0x63 | 0x64 | 0x65 | 0x67 => {
                self.set_reg::<X>(4, self.reg::<X>(op));
            }
            0x68 | 0x69 | 0x6A | 0x6B | 0x6C | 0x6D | 0x6F => {
                self.set_reg::<X>(5, self.reg::<X>(op));
            }
            0x78 | 0x79 | 0x7A | 0x7B | 0x7C | 0x7D | 0x7F => self.a = self.reg::<X>(op),
            0x86 | 0x8E | 0x96 | 0x9E | 0xA6 | 0xAE | 0xB6 | 0xBE => {
                let addr = self.mem_addr::<X, B>(bus);
                let v = bus.read(addr);
                self.alu(op >> 3, v);
            }
            // ALU A,r: one arm per operation, as for LD r,r'.
            0x80 | 0x81 | 0x82 | 0x83 | 0x84 | 0x85 | 0x87 => self.alu(0, self.reg::<X>(op)),
            0x88 | 0x89 | 0x8A | 0x8B | 0x8C | 0x8D | 0x8F => self.alu(1, self.reg::<X>(op)),
            0x90 | 0x91 | 0x92 | 0x93 | 0x94 | 0x95 | 0x97 => self.alu(2, self.reg::<X>(op)),
            0x98 | 0x99 | 0x9A | 0x9B | 0x9C | 0x9D | 0x9F => self.alu(3, self.reg::<X>(op)),
            0xA0 | 0xA1 | 0xA2 | 0xA3 | 0xA4 | 0xA5 | 0xA7 => self.alu(4, self.reg::<X>(op)),
            0xA8 | 0xA9 | 0xAA | 0xAB | 0xAC | 0xAD | 0xAF => self.alu(5, self.reg::<X>(op)),
            0xB0 | 0xB1 | 0xB2 | 0xB3 | 0xB4 | 0xB5 | 0xB7 => self.alu(6, self.reg::<X>(op)),
            0xB8 | 0xB9 | 0xBA | 0xBB | 0xBC | 0xBD | 0xBF => self.alu(7, self.reg::<X>(op)),
            // RET cc
            0xC0 | 0xC8 | 0xD0 | 0xD8 | 0xE0 | 0xE8 | 0xF0 | 0xF8 => {
                if self.cond(op >> 3) {
                    self.pc = self.pop(bus);
                    self.wz = self.pc;
                    cycles += RET_TAKEN;
                }
            }
            // POP / PUSH: the last pair is AF, and POP AF leaves Q clear.
            0xC1 | 0xD1 | 0xE1 => {
                let v = self.pop(bus);
                self.set_rp::<X>((op >> 4) & 3, v);
            }
            0xF1 => {
                let v = self.pop(bus);
                self.set_af(v);
            }
            0xC5 | 0xD5 | 0xE5 => {
                let v = self.rp::<X>((op >> 4) & 3);
                self.push(bus, v);
            }
            0xF5 => self.push(bus, self.af()),
            // JP cc,nn: MEMPTR is loaded whether or not the jump is taken.
            0xC2 | 0xCA | 0xD2 | 0xDA | 0xE2 | 0xEA | 0xF2 | 0xFA => {
                let addr = self.imm16(bus);
                self.wz = addr;
                if self.cond(op >> 3) {
                    self.pc = addr;
                }
            }
            0xC3 => {
                self.pc = self.imm16(bus);
                self.wz = self.pc;
            }
            0xC4 | 0xCC | 0xD4 | 0xDC | 0xE4 | 0xEC | 0xF4 | 0xFC => {
                let addr = self.imm16(bus);
                self.wz = addr;
                if self.cond(op >> 3) {
                    self.push(bus, self.pc);
                    self.pc = addr;
                    cycles += CALL_TAKEN;
                }
            }
            0xCD => {
                let addr = self.imm16(bus);
                self.wz = addr;
                self.push(bus, self.pc);
                self.pc = addr;
            }
            0xC6 | 0xCE | 0xD6 | 0xDE | 0xE6 | 0xEE | 0xF6 | 0xFE => {
                let v = self.imm8(bus);
                self.alu(op >> 3, v);
            }
            // RST p
            0xC7 | 0xCF | 0xD7 | 0xDF | 0xE7 | 0xEF | 0xF7 | 0xFF => {
                self.push(bus, self.pc);
                self.pc = u16::from(op & 0x38);
                self.wz = self.pc;
            }
            0xC9 => {
                self.pc = self.pop(bus);
                self.wz = self.pc;
            }
            0xCB => {
                return if X == 0 {
                    let op2 = self.fetch_op(bus);
                    self.exec_cb(bus, op2)
                } else {
                    self.exec_index_cb::<X, B>(bus)
                };
            }
            0xD3 => {
                let n = self.imm8(bus);
                let port = (u16::from(self.a) << 8) | u16::from(n);
                bus.output(port, self.a, self.t + 9 + Self::prefix_t::<X>());
                self.wz = (u16::from(self.a) << 8) | u16::from(n.wrapping_add(1));
            }
            0xDB => {
                let n = self.imm8(bus);
                let port = (u16::from(self.a) << 8) | u16::from(n);
                self.a = bus.input(port, self.t + 9 + Self::prefix_t::<X>());
                self.wz = port.wrapping_add(1);
            }
            0xD9 => {
                let (bc, de, hl) = (self.bc(), self.de(), self.hl());
                self.set_bc(self.bc_);
                self.set_de(self.de_);
                self.set_hl(self.hl_);
                (self.bc_, self.de_, self.hl_) = (bc, de, hl);
            }
            0xE3 => {
                let v = Self::read16(bus, self.sp);
                Self::write16(bus, self.sp, self.hlx::<X>());
                self.set_hlx::<X>(v);
                self.wz = v;
            }
            0xE9 => self.pc = self.hlx::<X>(),
            0xEB => {
                let de = self.de();
                self.set_de(self.hl());
                self.set_hl(de);
            }
            0xF3 => {
                self.iff1 = false;
                self.iff2 = false;
            }
            0xFB => {
                self.iff1 = true;
                self.iff2 = true;
                self.ei = true;
            }
            0xF9 => self.sp = self.hlx::<X>(),
            // A prefix after a prefix: the earlier one costs its M1 and is forgotten.
            0xDD => {
                let op2 = self.fetch_op(bus);
                self.t += Self::prefix_t::<X>();
                return self.exec_main_outlined::<1, B>(bus, op2);
            }
            0xFD => {
                let op2 = self.fetch_op(bus);
                self.t += Self::prefix_t::<X>();
                return self.exec_main_outlined::<2, B>(bus, op2);
            }
            0xED => {
                let op2 = self.fetch_op(bus);
                self.t += Self::prefix_t::<X>();
                return self.exec_ed(bus, op2);
            }
        }
        cycles
    }

    /// [`Cpu::exec_main`] kept out of line: used for the DD and FD pages, so the unprefixed
    /// page stays small enough to inline into [`Cpu::step`], and for the rare mode 0
    /// interrupt.
    #[inline(never)]
    pub(crate) fn exec_main_outlined<const X: u8, B: Bus>(&mut self, bus: &mut B, op: u8) -> u32 {
        self.exec_main::<X, B>(bus, op)
    }

    /// T-states a DD/FD prefix adds before the opcode it modifies.
    #[inline(always)]
    pub(crate) const fn prefix_t<const X: u8>() -> u64 {
        if X == 0 { 0 } else { 4 }
    }
}
