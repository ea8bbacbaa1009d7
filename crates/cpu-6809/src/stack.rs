//! Stacks, register transfers and interrupts (MC6809 data sheet: "Stacking order",
//! interrupt vectors and cycle counts; Programming Manual: PSH/PUL, TFR/EXG, SWI, RTI,
//! CWAI, SYNC).
//!
//! Stacking order, from the highest address down: PC, U/S, Y, X, DP, B, A, CC. PSH/PUL
//! take 5 cycles plus one per byte; the entire state is 12 bytes.
//!
//! Interrupt entry: NMI and IRQ stack the entire state with E set (19 cycles), FIRQ
//! stacks PC and CC with E clear (10 cycles). NMI and FIRQ set I and F, IRQ sets I.
//! After CWAI the state is already stacked, so the entry only fetches the vector; this
//! core counts that as [`CWAI_WAKE_CYCLES`].
//!
//! TFR/EXG between registers of different sizes is not defined by the data sheet; this
//! core does what the chip was found to do on hardware (Darren Atkinson's "6x09
//! Instruction Sets" reference; the "Illegal op-codes" article, Dragon Update, February
//! 1994): an 8-bit register read as 16 bits has `$FF` in the high byte, and a 16-bit
//! value written to an 8-bit register keeps its low byte. Register codes 6, 7 and
//! `$C`-`$F`, which name no register, are reported as illegal postbytes.

use crate::cpu::{Cpu, LINE_FIRQ, LINE_IRQ, LINE_NMI, State, cc, vector};
use crate::{Bus, Fault};

/// Cycles of an NMI or IRQ entry (entire state stacked).
pub(crate) const ENTIRE_ENTRY_CYCLES: u32 = 19;
/// Cycles of a FIRQ entry (PC and CC stacked).
pub(crate) const FIRQ_ENTRY_CYCLES: u32 = 10;
/// Cycles of an interrupt entry out of CWAI: the cycle in which the interrupt is seen,
/// the vector fetch (two reads) and a dead cycle, the state having been stacked by CWAI
/// (data sheet, CWAI bus cycles; with CWAI's 16 this makes the map's 20).
pub(crate) const CWAI_WAKE_CYCLES: u32 = 4;

impl Cpu {
    #[inline(always)]
    pub(crate) fn push8_s<B: Bus>(&mut self, bus: &mut B, v: u8) {
        self.s = self.s.wrapping_sub(1);
        bus.write(self.s, v);
    }

    #[inline(always)]
    pub(crate) fn push16_s<B: Bus>(&mut self, bus: &mut B, v: u16) {
        let [hi, lo] = v.to_be_bytes();
        self.push8_s(bus, lo);
        self.push8_s(bus, hi);
    }

    #[inline(always)]
    pub(crate) fn pull8_s<B: Bus>(&mut self, bus: &mut B) -> u8 {
        let v = bus.read(self.s);
        self.s = self.s.wrapping_add(1);
        v
    }

    #[inline(always)]
    pub(crate) fn pull16_s<B: Bus>(&mut self, bus: &mut B) -> u16 {
        let hi = self.pull8_s(bus);
        let lo = self.pull8_s(bus);
        u16::from_be_bytes([hi, lo])
    }

    /// PSHS (`user` false) or PSHU (`user` true): the postbyte's registers, PC first.
    pub(crate) fn push_regs<B: Bus>(&mut self, bus: &mut B, user: bool) {
        let mask = self.fetch8(bus);
        // Push through S; for PSHU swap U into S's place for the duration.
        let other = if user {
            std::mem::swap(&mut self.s, &mut self.u);
            self.u
        } else {
            self.u
        };
        let mut bytes = 0;
        if mask & 0x80 != 0 {
            self.push16_s(bus, self.pc);
            bytes += 2;
        }
        if mask & 0x40 != 0 {
            self.push16_s(bus, other);
            bytes += 2;
        }
        if mask & 0x20 != 0 {
            self.push16_s(bus, self.y);
            bytes += 2;
        }
        if mask & 0x10 != 0 {
            self.push16_s(bus, self.x);
            bytes += 2;
        }
        if mask & 0x08 != 0 {
            self.push8_s(bus, self.dp);
            bytes += 1;
        }
        if mask & 0x04 != 0 {
            self.push8_s(bus, self.b);
            bytes += 1;
        }
        if mask & 0x02 != 0 {
            self.push8_s(bus, self.a);
            bytes += 1;
        }
        if mask & 0x01 != 0 {
            self.push8_s(bus, self.cc);
            bytes += 1;
        }
        if user {
            std::mem::swap(&mut self.s, &mut self.u);
        }
        self.extra += bytes;
    }

    /// PULS (`user` false) or PULU (`user` true): the postbyte's registers, CC first.
    pub(crate) fn pull_regs<B: Bus>(&mut self, bus: &mut B, user: bool) {
        let mask = self.fetch8(bus);
        if user {
            std::mem::swap(&mut self.s, &mut self.u);
        }
        let mut bytes = 0;
        if mask & 0x01 != 0 {
            self.cc = self.pull8_s(bus);
            bytes += 1;
        }
        if mask & 0x02 != 0 {
            self.a = self.pull8_s(bus);
            bytes += 1;
        }
        if mask & 0x04 != 0 {
            self.b = self.pull8_s(bus);
            bytes += 1;
        }
        if mask & 0x08 != 0 {
            self.dp = self.pull8_s(bus);
            bytes += 1;
        }
        if mask & 0x10 != 0 {
            self.x = self.pull16_s(bus);
            bytes += 2;
        }
        if mask & 0x20 != 0 {
            self.y = self.pull16_s(bus);
            bytes += 2;
        }
        let mut other = None;
        if mask & 0x40 != 0 {
            other = Some(self.pull16_s(bus));
            bytes += 2;
        }
        if mask & 0x80 != 0 {
            self.pc = self.pull16_s(bus);
            bytes += 2;
        }
        if user {
            std::mem::swap(&mut self.s, &mut self.u);
            if let Some(v) = other {
                self.load_s(v);
            }
        } else if let Some(v) = other {
            self.u = v;
        }
        self.extra += bytes;
    }

    /// Stacks PC, U, Y, X, DP, B, A, CC on S (CC at the lowest address).
    pub(crate) fn push_entire<B: Bus>(&mut self, bus: &mut B) {
        self.push16_s(bus, self.pc);
        self.push16_s(bus, self.u);
        self.push16_s(bus, self.y);
        self.push16_s(bus, self.x);
        self.push8_s(bus, self.dp);
        self.push8_s(bus, self.b);
        self.push8_s(bus, self.a);
        self.push8_s(bus, self.cc);
    }

    /// RTI: CC, then with E set A B DP X Y U, then PC. 6 cycles, 15 with E set.
    pub(crate) fn rti<B: Bus>(&mut self, bus: &mut B) {
        self.cc = self.pull8_s(bus);
        if self.cc & cc::E != 0 {
            self.a = self.pull8_s(bus);
            self.b = self.pull8_s(bus);
            self.dp = self.pull8_s(bus);
            self.x = self.pull16_s(bus);
            self.y = self.pull16_s(bus);
            self.u = self.pull16_s(bus);
            self.extra += 9;
        }
        self.pc = self.pull16_s(bus);
    }

    /// SWI: E set, entire state stacked, I and F set, vector `$FFFA`.
    pub(crate) fn swi<B: Bus>(&mut self, bus: &mut B) {
        self.swi_n(bus, vector::SWI, cc::I | cc::F);
    }

    /// SWI, SWI2, SWI3: E set, entire state stacked, `masks` set, PC from `vec`.
    pub(crate) fn swi_n<B: Bus>(&mut self, bus: &mut B, vec: u16, masks: u8) {
        self.cc |= cc::E;
        self.push_entire(bus);
        self.cc |= masks;
        self.pc = self.read16(bus, vec);
    }

    /// CWAI: CC ANDed with the immediate byte, E set, entire state stacked, then wait.
    pub(crate) fn cwai<B: Bus>(&mut self, bus: &mut B) {
        let mask = self.fetch8(bus);
        self.cc = (self.cc & mask) | cc::E;
        self.push_entire(bus);
        self.state = State::CwaiWait;
    }

    /// Takes the highest-priority pending interrupt the masks allow (NMI, FIRQ, IRQ),
    /// returning its cycles. In SYNC any asserted line ends the wait even when masked;
    /// execution then goes on with the next instruction.
    pub(crate) fn take_interrupt<B: Bus>(&mut self, bus: &mut B) -> Option<u32> {
        let lines = self.lines;
        let (vec, masks, entire) = if lines & LINE_NMI != 0 {
            self.lines &= !LINE_NMI;
            (vector::NMI, cc::I | cc::F, true)
        } else if lines & LINE_FIRQ != 0 && self.cc & cc::F == 0 {
            (vector::FIRQ, cc::I | cc::F, false)
        } else if lines & LINE_IRQ != 0 && self.cc & cc::I == 0 {
            (vector::IRQ, cc::I, true)
        } else {
            if self.state == State::SyncWait && lines != 0 {
                self.state = State::Running;
            }
            return None;
        };
        let cycles = if self.state == State::CwaiWait {
            CWAI_WAKE_CYCLES
        } else if entire {
            self.cc |= cc::E;
            self.push_entire(bus);
            ENTIRE_ENTRY_CYCLES
        } else {
            self.cc &= !cc::E;
            self.push16_s(bus, self.pc);
            self.push8_s(bus, self.cc);
            FIRQ_ENTRY_CYCLES
        };
        self.state = State::Running;
        self.cc |= masks;
        self.pc = self.read16(bus, vec);
        Some(cycles)
    }

    /// Reads a TFR/EXG register by its code; 8-bit registers read as `$FF` high.
    fn transfer_read(&self, code: u8) -> u16 {
        match code {
            0x0 => self.d(),
            0x1 => self.x,
            0x2 => self.y,
            0x3 => self.u,
            0x4 => self.s,
            0x5 => self.pc,
            0x8 => 0xFF00 | u16::from(self.a),
            0x9 => 0xFF00 | u16::from(self.b),
            0xA => 0xFF00 | u16::from(self.cc),
            _ => 0xFF00 | u16::from(self.dp),
        }
    }

    /// Writes a TFR/EXG register by its code; 8-bit registers take the low byte.
    fn transfer_write(&mut self, code: u8, v: u16) {
        match code {
            0x0 => self.set_d(v),
            0x1 => self.x = v,
            0x2 => self.y = v,
            0x3 => self.u = v,
            0x4 => self.load_s(v),
            0x5 => self.pc = v,
            0x8 => self.a = v as u8,
            0x9 => self.b = v as u8,
            0xA => self.cc = v as u8,
            _ => self.dp = v as u8,
        }
    }

    /// Fetches a TFR/EXG postbyte and checks both register codes.
    fn transfer_codes<B: Bus>(&mut self, bus: &mut B) -> Result<(u8, u8), Fault> {
        let pb = self.fetch8(bus);
        let valid = |c: u8| c <= 5 || (8..=0xB).contains(&c);
        let (src, dst) = (pb >> 4, pb & 0x0F);
        if valid(src) && valid(dst) {
            Ok((src, dst))
        } else {
            Err(Fault::IllegalPostbyte {
                pc: self.last_pc,
                postbyte: pb,
            })
        }
    }

    /// TFR r1,r2 (6 cycles).
    pub(crate) fn tfr<B: Bus>(&mut self, bus: &mut B) -> Result<(), Fault> {
        let (src, dst) = self.transfer_codes(bus)?;
        let v = self.transfer_read(src);
        self.transfer_write(dst, v);
        Ok(())
    }

    /// EXG r1,r2 (8 cycles).
    pub(crate) fn exg<B: Bus>(&mut self, bus: &mut B) -> Result<(), Fault> {
        let (r1, r2) = self.transfer_codes(bus)?;
        let (v1, v2) = (self.transfer_read(r1), self.transfer_read(r2));
        self.transfer_write(r1, v2);
        self.transfer_write(r2, v1);
        Ok(())
    }
}
