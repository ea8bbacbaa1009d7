//! Addressing modes: operand fetches, effective-address computation and the bus cycles
//! each mode issues.
//!
//! Rules from the WDC W65C02S data sheet, Table 5-7 and its notes, and for what the
//! CMOS part puts on the bus in its dead cycles, "6502 Dead Cycles" (Drass and
//! Dr Jefyll): where the NMOS 6502 drives the partially formed address, the 65C02
//! repeats the previous bus address.
//! - zero-page indexed and (zp,X) wrap within page zero; `(zp)` and `(zp),Y` read
//!   their pointer from `zp` and `zp + 1` wrapping within page zero;
//! - abs,X, abs,Y and (zp),Y reads take one extra cycle when the index carries into the
//!   high byte (Table 5-7 note 1). In that cycle the core re-reads the previous bus
//!   address: the last instruction byte for abs,X/abs,Y, the pointer's high byte
//!   (`zp + 1`) for (zp),Y. It never reads the unfixed (wrong-page) address.
//! - indexed stores (abs,X, abs,Y, (zp),Y) and INC/DEC abs,X always take the fix-up
//!   cycle, and ASL/LSR/ROL/ROR abs,X take it on a page cross; it is issued as the same
//!   re-read of the previous bus address, so a store never reads its target.
//!
//! Open point: for the no-page-cross fix-up cycle of indexed stores and RMW abs,X some
//! 65C02 analyses (Sather, "Understanding the Apple IIe", tables 4.3/4.4) show a read of
//! the target address, and X16 users have reported `STA (zp),Y` stepping a VERA data
//! port twice. This core follows the previous-bus-address rule; code that stores to a
//! VERA data port through an indexed mode may behave differently on hardware.
//!
//! Cycles that are counted but not issued to the bus, because they only touch page
//! zero, the stack or the program stream: the index-add cycle of zp,X/zp,Y and (zp,X)
//! (the chip reads the unindexed zero-page address), the second cycle of one-byte
//! instructions, and the internal cycles of stack instructions, JSR, RTS, RTI and the
//! interrupt entry.

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
    /// 7-cycle RMW), spends the fix-up cycle as a re-read of `previous`, the address of
    /// the previous bus cycle.
    #[inline(always)]
    fn indexed<B: Bus>(
        &mut self,
        bus: &mut B,
        base: u16,
        index: u8,
        always: bool,
        previous: u16,
    ) -> u16 {
        let addr = base.wrapping_add(u16::from(index));
        let crossed = (addr ^ base) & 0xFF00 != 0;
        if crossed || always {
            bus.read(previous);
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
                self.indexed(bus, base, self.x, write, self.pc.wrapping_sub(1))
            }
            Mode::AbsY => {
                let base = self.fetch_word(bus);
                self.indexed(bus, base, self.y, write, self.pc.wrapping_sub(1))
            }
            Mode::IzX => {
                let zp = self.fetch(bus).wrapping_add(self.x);
                Self::zp_pointer(bus, zp)
            }
            Mode::IzY => {
                let zp = self.fetch(bus);
                let base = Self::zp_pointer(bus, zp);
                let previous = u16::from(zp.wrapping_add(1));
                self.indexed(bus, base, self.y, write, previous)
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
