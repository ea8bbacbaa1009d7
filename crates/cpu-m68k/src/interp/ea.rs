//! Effective addresses: where an operand is, with the extension words and idle clocks
//! the 68000 spends finding it (MC68000UM table 8-1: -(An) and the indexed modes take
//! two clocks more than their bus cycles; each extension word is one program read).

use super::Core;
use crate::Bus;

/// Where an operand is.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Loc {
    D(usize),
    A(usize),
    Mem(u32),
    Imm(u32),
}

/// How far (An)+ and -(An) step: the size, but A7 stays even.
#[inline]
fn step(reg: usize, size: u8) -> u32 {
    if size == 1 && reg == 7 {
        2
    } else {
        u32::from(size)
    }
}

#[inline]
pub(crate) fn mask(size: u8) -> u32 {
    match size {
        1 => 0xFF,
        2 => 0xFFFF,
        _ => 0xFFFF_FFFF,
    }
}

#[inline]
pub(crate) fn msb(size: u8) -> u32 {
    match size {
        1 => 0x80,
        2 => 0x8000,
        _ => 0x8000_0000,
    }
}

#[inline]
pub(crate) fn sign_extend(v: u32, size: u8) -> u32 {
    match size {
        1 => i32::from(v as u8 as i8) as u32,
        2 => i32::from(v as u16 as i16) as u32,
        _ => v,
    }
}

impl Core {
    /// The brief extension word's index: Dn or An, word or long, plus the 8-bit
    /// displacement.
    #[inline(always)]
    fn index(&self, ext: u16) -> u32 {
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

    /// Locates the operand of `ea` (mode << 3 | register). `predec_idle`: whether -(An)
    /// spends its two idle clocks (not as MOVE's destination).
    #[inline(always)]
    pub(crate) fn locate<B: Bus + ?Sized>(
        &mut self,
        bus: &mut B,
        ea: u8,
        size: u8,
        predec_idle: bool,
    ) -> Loc {
        let reg = usize::from(ea & 7);
        self.postincrement = None;
        self.pc_lead = 0;
        self.program_read = false;
        match ea >> 3 {
            0 => Loc::D(reg),
            1 => Loc::A(reg),
            2 => Loc::Mem(self.a[reg]),
            3 => {
                let addr = self.a[reg];
                // A word or byte (An)+ counts on with its access; a long one after both
                // words.
                if size == 4 {
                    self.postincrement = Some((reg as u8, addr));
                }
                self.a[reg] = addr.wrapping_add(step(reg, size));
                Loc::Mem(addr)
            }
            4 => {
                if predec_idle {
                    self.idle(2);
                }
                let addr = self.a[reg].wrapping_sub(step(reg, size));
                self.a[reg] = addr;
                // For a byte or word the 68000 has counted the next prefetch already.
                if size != 4 {
                    self.pc_lead = 0u32.wrapping_sub(2);
                }
                Loc::Mem(addr)
            }
            5 => {
                let base = self.a[reg];
                self.pc_lead = 2;
                let d = self.ext(bus);
                Loc::Mem(base.wrapping_add(sign_extend(u32::from(d), 2)))
            }
            6 => {
                let base = self.a[reg];
                self.pc_lead = 2;
                let e = self.ext(bus);
                self.idle(2);
                Loc::Mem(base.wrapping_add(self.index(e)))
            }
            _ => match reg {
                0 => {
                    let w = self.ext(bus);
                    Loc::Mem(sign_extend(u32::from(w), 2))
                }
                1 => Loc::Mem(self.ext_long(bus)),
                2 => {
                    let base = self.pc;
                    self.pc_lead = 2;
                    self.program_read = true;
                    let d = self.ext(bus);
                    Loc::Mem(base.wrapping_add(sign_extend(u32::from(d), 2)))
                }
                3 => {
                    let base = self.pc;
                    self.pc_lead = 2;
                    self.program_read = true;
                    let e = self.ext(bus);
                    self.idle(2);
                    Loc::Mem(base.wrapping_add(self.index(e)))
                }
                _ => {
                    if size == 4 {
                        Loc::Imm(self.ext_long(bus))
                    } else {
                        Loc::Imm(u32::from(self.ext(bus)) & mask(size))
                    }
                }
            },
        }
    }

    /// Reads the operand (zero-extended to 32 bits).
    #[inline(always)]
    pub(crate) fn read<B: Bus + ?Sized>(&mut self, bus: &mut B, loc: Loc, size: u8) -> u32 {
        match loc {
            Loc::D(r) => self.d[r] & mask(size),
            Loc::A(r) => self.a[r] & mask(size),
            Loc::Imm(v) => v,
            Loc::Mem(addr) => match size {
                1 => u32::from(self.read_byte(bus, addr)),
                2 => u32::from(self.read_word(bus, addr)),
                _ => self.read_long(bus, addr),
            },
        }
    }

    /// Writes the operand; a data register keeps its bits above the size.
    #[inline(always)]
    pub(crate) fn write<B: Bus + ?Sized>(&mut self, bus: &mut B, loc: Loc, size: u8, v: u32) {
        match loc {
            Loc::D(r) => {
                let m = mask(size);
                self.d[r] = (self.d[r] & !m) | (v & m);
            }
            Loc::A(r) => self.a[r] = v,
            Loc::Imm(_) => {}
            Loc::Mem(addr) => match size {
                1 => self.write_byte(bus, addr, v as u8),
                2 => self.write_word(bus, addr, v as u16),
                _ => self.write_long(bus, addr, v),
            },
        }
    }

    /// Locates and reads a source operand.
    #[inline(always)]
    pub(crate) fn source<B: Bus + ?Sized>(&mut self, bus: &mut B, ea: u8, size: u8) -> u32 {
        let loc = self.locate(bus, ea, size, true);
        self.read(bus, loc, size)
    }

    /// The address a control mode names, for JMP/JSR/LEA/PEA: no operand read.
    #[inline]
    pub(crate) fn control_address<B: Bus + ?Sized>(&mut self, bus: &mut B, ea: u8) -> u32 {
        match self.locate(bus, ea, 4, false) {
            Loc::Mem(addr) => addr,
            _ => 0,
        }
    }
}
