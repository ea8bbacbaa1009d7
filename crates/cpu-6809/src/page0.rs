//! Page 0: the unprefixed opcodes, decoded by the regular layout of the MC6809 opcode
//! map (data sheet): the high nibble picks the group and addressing mode, the low nibble
//! the operation. Which opcodes exist and their base cycles are in [`crate::cycles`];
//! only defined opcodes reach this dispatch.

use crate::cpu::{Cpu, State, cc};
use crate::{Bus, Fault};

impl Cpu {
    /// The effective address of a memory operand; `mode` is bits 4-5 of the opcode:
    /// 1 direct, 2 indexed, 3 extended (0, immediate, has no address).
    #[inline(always)]
    pub(crate) fn ea<B: Bus>(&mut self, bus: &mut B, mode: u8) -> Result<u16, Fault> {
        match mode {
            1 => Ok(u16::from_be_bytes([self.dp, self.fetch8(bus)])),
            2 => self.ea_indexed(bus),
            _ => Ok(self.fetch16(bus)),
        }
    }

    /// An 8-bit operand: immediate (mode 0) or read from memory.
    #[inline(always)]
    pub(crate) fn operand8<B: Bus>(&mut self, bus: &mut B, mode: u8) -> Result<u8, Fault> {
        if mode == 0 {
            Ok(self.fetch8(bus))
        } else {
            let ea = self.ea(bus, mode)?;
            Ok(bus.read(ea))
        }
    }

    /// A 16-bit operand: immediate (mode 0) or read from memory.
    #[inline(always)]
    pub(crate) fn operand16<B: Bus>(&mut self, bus: &mut B, mode: u8) -> Result<u16, Fault> {
        if mode == 0 {
            Ok(self.fetch16(bus))
        } else {
            let ea = self.ea(bus, mode)?;
            Ok(self.read16(bus, ea))
        }
    }

    /// Executes a defined page-0 opcode whose first byte has been fetched.
    #[inline(always)]
    pub(crate) fn page0<B: Bus>(&mut self, bus: &mut B, op: u8) -> Result<(), Fault> {
        match op {
            // Memory read-modify-write and JMP: direct, indexed, extended.
            0x00..=0x0F | 0x60..=0x7F => {
                let mode = match op >> 4 {
                    0x0 => 1,
                    0x6 => 2,
                    _ => 3,
                };
                let ea = self.ea(bus, mode)?;
                let kind = op & 0x0F;
                if kind == 0xE {
                    self.pc = ea;
                } else {
                    let v = bus.read(ea);
                    let r = self.rmw(kind, v);
                    if kind != 0xD {
                        bus.write(ea, r);
                    }
                }
            }
            0x12 => {} // NOP
            0x13 => self.state = State::SyncWait,
            0x16 => {
                // LBRA
                let off = self.fetch16(bus);
                self.pc = self.pc.wrapping_add(off);
            }
            0x17 => {
                // LBSR
                let off = self.fetch16(bus);
                self.push16_s(bus, self.pc);
                self.pc = self.pc.wrapping_add(off);
            }
            0x19 => self.daa(),
            0x1A => self.cc |= self.fetch8(bus),
            0x1C => self.cc &= self.fetch8(bus),
            0x1D => self.sex(),
            0x1E => self.exg(bus)?,
            0x1F => self.tfr(bus)?,
            0x20..=0x2F => {
                let off = self.fetch8(bus) as i8 as u16;
                if self.condition(op & 0x0F) {
                    self.pc = self.pc.wrapping_add(off);
                }
            }
            0x30..=0x33 => {
                let ea = self.ea_indexed(bus)?;
                match op {
                    0x30 => {
                        self.x = ea;
                        self.set_z16(ea);
                    }
                    0x31 => {
                        self.y = ea;
                        self.set_z16(ea);
                    }
                    0x32 => self.load_s(ea),
                    _ => self.u = ea,
                }
            }
            0x34 => self.push_regs(bus, false),
            0x35 => self.pull_regs(bus, false),
            0x36 => self.push_regs(bus, true),
            0x37 => self.pull_regs(bus, true),
            0x39 => self.pc = self.pull16_s(bus), // RTS
            0x3A => self.x = self.x.wrapping_add(u16::from(self.b)), // ABX
            0x3B => self.rti(bus),
            0x3C => self.cwai(bus),
            0x3D => self.mul(),
            0x3F => self.swi(bus),
            0x40..=0x4F => self.a = self.rmw(op & 0x0F, self.a),
            0x50..=0x5F => self.b = self.rmw(op & 0x0F, self.b),
            0x80..=0xFF => self.accumulator_op(bus, op)?,
            _ => {
                return Err(Fault::IllegalOpcode {
                    pc: self.last_pc,
                    opcode: u16::from(op),
                });
            }
        }
        Ok(())
    }

    /// Z from a 16-bit result, other flags unchanged (LEAX, LEAY).
    #[inline(always)]
    fn set_z16(&mut self, v: u16) {
        self.cc = (self.cc & !cc::Z) | if v == 0 { cc::Z } else { 0 };
    }

    /// Opcodes `$80`-`$FF`: A-side (`$8x`-`$Bx`) and B-side (`$Cx`-`$Fx`) operations in
    /// immediate, direct, indexed and extended mode.
    #[inline(always)]
    fn accumulator_op<B: Bus>(&mut self, bus: &mut B, op: u8) -> Result<(), Fault> {
        let mode = (op >> 4) & 3;
        let side_b = op & 0x40 != 0;
        match op & 0x0F {
            0x3 => {
                let v = self.operand16(bus, mode)?;
                let d = self.d();
                let r = if side_b {
                    self.add16(d, v) // ADDD
                } else {
                    self.sub16(d, v) // SUBD
                };
                self.set_d(r);
            }
            0xC => {
                let v = self.operand16(bus, mode)?;
                if side_b {
                    self.set_d(v); // LDD
                    self.nz16_v0(v);
                } else {
                    self.sub16(self.x, v); // CMPX
                }
            }
            0xE => {
                let v = self.operand16(bus, mode)?;
                if side_b {
                    self.u = v; // LDU
                } else {
                    self.x = v; // LDX
                }
                self.nz16_v0(v);
            }
            0x7 => {
                let ea = self.ea(bus, mode)?;
                let v = if side_b { self.b } else { self.a };
                bus.write(ea, v);
                self.nz8_v0(v);
            }
            0xD => {
                if side_b {
                    let ea = self.ea(bus, mode)?; // STD
                    let v = self.d();
                    self.write16(bus, ea, v);
                    self.nz16_v0(v);
                } else if mode == 0 {
                    let off = self.fetch8(bus) as i8 as u16; // BSR
                    self.push16_s(bus, self.pc);
                    self.pc = self.pc.wrapping_add(off);
                } else {
                    let ea = self.ea(bus, mode)?; // JSR
                    self.push16_s(bus, self.pc);
                    self.pc = ea;
                }
            }
            0xF => {
                let ea = self.ea(bus, mode)?;
                let v = if side_b { self.u } else { self.x }; // STU / STX
                self.write16(bus, ea, v);
                self.nz16_v0(v);
            }
            kind => {
                let v = self.operand8(bus, mode)?;
                let acc = if side_b { self.b } else { self.a };
                let carry = self.cc & cc::C;
                let r = match kind {
                    0x0 => self.sub8(acc, v, 0), // SUB
                    0x1 => {
                        self.sub8(acc, v, 0); // CMP
                        return Ok(());
                    }
                    0x2 => self.sub8(acc, v, carry), // SBC
                    0x4 => {
                        let r = acc & v; // AND
                        self.nz8_v0(r);
                        r
                    }
                    0x5 => {
                        self.nz8_v0(acc & v); // BIT
                        return Ok(());
                    }
                    0x6 => {
                        self.nz8_v0(v); // LD
                        v
                    }
                    0x8 => {
                        let r = acc ^ v; // EOR
                        self.nz8_v0(r);
                        r
                    }
                    0x9 => self.add8(acc, v, carry), // ADC
                    0xA => {
                        let r = acc | v; // OR
                        self.nz8_v0(r);
                        r
                    }
                    _ => self.add8(acc, v, 0), // ADD
                };
                if side_b {
                    self.b = r;
                } else {
                    self.a = r;
                }
            }
        }
        Ok(())
    }
}
