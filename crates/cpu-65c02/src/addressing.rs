//! Addressing modes: operand fetches, effective-address computation and the bus cycles
//! each mode issues.
//!
//! Rules from the WDC W65C02S data sheet, Table 5-7 and its notes:
//! - zero-page indexed and (zp,X) wrap within page zero; `(zp)` and `(zp),Y` read
//!   their pointer from `zp` and `zp + 1` wrapping within page zero;
//! - abs,X, abs,Y and (zp),Y reads take one extra cycle when the index carries into the
//!   high byte (note 1); in that cycle the 65C02 re-reads the last instruction byte,
//!   which is what [`Cpu`] issues. The NMOS 6502 read the unfixed address instead.
//! - indexed stores (and RMW abs,X where it is always 7 cycles) always take the fix-up
//!   cycle; it is issued as the same re-read of the last instruction byte.
//!
//! Cycles that are counted but not issued to the bus, because they only re-read the
//! program stream or an address the instruction already read: the index-add cycle of
//! zp,X/zp,Y and (zp,X), the second cycle of one-byte instructions, the internal cycles
//! of stack instructions, JSR, RTS and RTI, and the decimal-mode extra cycle of
//! ADC/SBC.

use crate::{Bus, Cpu};

/// An operand addressing mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `#nn`
    Imm,
    /// `zp`
    Zp,
    /// `zp,X`
    ZpX,
    /// `zp,Y`
    ZpY,
    /// `abs`
    Abs,
    /// `abs,X`
    AbsX,
    /// `abs,Y`
    AbsY,
    /// `(zp,X)`
    IzX,
    /// `(zp),Y`
    IzY,
    /// `(zp)`
    Izp,
}

impl Cpu {
    /// Reads the byte at `PC` and advances `PC`.
    #[inline(always)]
    pub(crate) fn fetch<B: Bus>(&mut self, bus: &mut B) -> u8 {
        let v = bus.read(self.pc);
        self.pc = self.pc.wrapping_add(1);
        v
    }

    /// Reads a little-endian word at `PC` and advances `PC` by two.
    #[inline(always)]
    pub(crate) fn fetch_word<B: Bus>(&mut self, bus: &mut B) -> u16 {
        let lo = self.fetch(bus);
        let hi = self.fetch(bus);
        u16::from_le_bytes([lo, hi])
    }

    /// Reads a pointer from page zero at `zp` and `zp + 1` (wrapping in page zero).
    #[inline(always)]
    fn zp_pointer<B: Bus>(bus: &mut B, zp: u8) -> u16 {
        let lo = bus.read(u16::from(zp));
        let hi = bus.read(u16::from(zp.wrapping_add(1)));
        u16::from_le_bytes([lo, hi])
    }

    /// Adds `index` to `base`; when that crosses a page, or when `always` (stores and
    /// 7-cycle RMW), spends the fix-up cycle as a re-read of the last instruction byte.
    #[inline(always)]
    fn indexed<B: Bus>(&mut self, bus: &mut B, base: u16, index: u8, always: bool) -> u16 {
        let addr = base.wrapping_add(u16::from(index));
        let crossed = (addr ^ base) & 0xFF00 != 0;
        if crossed || always {
            bus.read(self.pc.wrapping_sub(1));
            if !always {
                self.cycles += 1;
            }
        }
        addr
    }

    /// Fetches the operand bytes of `mode` and returns the effective address.
    ///
    /// `write` selects the store timing of the indexed modes (fix-up cycle always
    /// present and already in the base count); otherwise the fix-up cycle happens only
    /// on a page cross and is added to [`Cpu::cycles`] here. `Imm` returns the address
    /// of the immediate byte.
    #[inline(always)]
    pub(crate) fn address<B: Bus>(&mut self, bus: &mut B, mode: Mode, write: bool) -> u16 {
        match mode {
            Mode::Imm => {
                let a = self.pc;
                self.pc = self.pc.wrapping_add(1);
                a
            }
            Mode::Zp => u16::from(self.fetch(bus)),
            Mode::ZpX => u16::from(self.fetch(bus).wrapping_add(self.x)),
            Mode::ZpY => u16::from(self.fetch(bus).wrapping_add(self.y)),
            Mode::Abs => self.fetch_word(bus),
            Mode::AbsX => {
                let base = self.fetch_word(bus);
                self.indexed(bus, base, self.x, write)
            }
            Mode::AbsY => {
                let base = self.fetch_word(bus);
                self.indexed(bus, base, self.y, write)
            }
            Mode::IzX => {
                let zp = self.fetch(bus).wrapping_add(self.x);
                Self::zp_pointer(bus, zp)
            }
            Mode::IzY => {
                let zp = self.fetch(bus);
                let base = Self::zp_pointer(bus, zp);
                self.indexed(bus, base, self.y, write)
            }
            Mode::Izp => {
                let zp = self.fetch(bus);
                Self::zp_pointer(bus, zp)
            }
        }
    }

    /// Fetches the operand of a read instruction in `mode` and reads it.
    #[inline(always)]
    pub(crate) fn load<B: Bus>(&mut self, bus: &mut B, mode: Mode) -> u8 {
        let addr = self.address(bus, mode, false);
        bus.read(addr)
    }

    /// Fetches the operand of a store instruction in `mode` and writes `value`.
    #[inline(always)]
    pub(crate) fn store<B: Bus>(&mut self, bus: &mut B, mode: Mode, value: u8) {
        let addr = self.address(bus, mode, true);
        bus.write(addr, value);
    }

    /// Read-modify-write at `addr`: read, read again (the 65C02's modify cycle), write
    /// the result of `f`.
    #[inline(always)]
    pub(crate) fn rmw<B: Bus>(
        &mut self,
        bus: &mut B,
        addr: u16,
        f: impl FnOnce(&mut Self, u8) -> u8,
    ) {
        let v = bus.read(addr);
        bus.read(addr);
        let r = f(self, v);
        bus.write(addr, r);
    }
}
