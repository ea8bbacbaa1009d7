//! The programmer's model (MC6809 data sheet, "Programming model"): registers, condition
//! codes, the wait states, the interrupt input lines, reset and the step loop.
//!
//! Interrupt priority and sampling follow the data sheet: before each instruction the
//! CPU looks at NMI (edge, latched), then FIRQ (level, masked by F), then IRQ (level,
//! masked by I). NMI is ignored until S has been loaded by an instruction (LDS, LEAS,
//! TFR/EXG to S, PULU S) after reset, as the data sheet says.

use crate::cycles::PAGE0;
use crate::{Bus, Fault};

/// Condition code bits (data sheet, "Condition code register").
pub mod cc {
    /// Carry (bit 0).
    pub const C: u8 = 0x01;
    /// Overflow (bit 1).
    pub const V: u8 = 0x02;
    /// Zero (bit 2).
    pub const Z: u8 = 0x04;
    /// Negative (bit 3).
    pub const N: u8 = 0x08;
    /// IRQ mask (bit 4).
    pub const I: u8 = 0x10;
    /// Half carry (bit 5).
    pub const H: u8 = 0x20;
    /// FIRQ mask (bit 6).
    pub const F: u8 = 0x40;
    /// Entire state stacked (bit 7).
    pub const E: u8 = 0x80;
}

/// The interrupt vectors (data sheet, "Memory map for interrupt vectors").
pub(crate) mod vector {
    pub const SWI3: u16 = 0xFFF2;
    pub const SWI2: u16 = 0xFFF4;
    pub const FIRQ: u16 = 0xFFF6;
    pub const IRQ: u16 = 0xFFF8;
    pub const SWI: u16 = 0xFFFA;
    pub const NMI: u16 = 0xFFFC;
    pub const RESET: u16 = 0xFFFE;
}

/// Interrupt line bits in [`Cpu::lines`].
pub(crate) const LINE_NMI: u8 = 1;
pub(crate) const LINE_FIRQ: u8 = 2;
pub(crate) const LINE_IRQ: u8 = 4;

/// What the CPU is doing between instructions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum State {
    /// Fetching and executing instructions.
    #[default]
    Running,
    /// After CWAI: the entire state is stacked; waiting for an unmasked interrupt.
    CwaiWait,
    /// After SYNC: waiting for any interrupt line to be asserted.
    SyncWait,
}

/// A Motorola MC6809.
///
/// Registers are public fields; D is [`Cpu::d`] / [`Cpu::set_d`] over A (high) and
/// B (low).
#[derive(Debug, Clone, Default)]
pub struct Cpu {
    /// Accumulator A (high byte of D).
    pub a: u8,
    /// Accumulator B (low byte of D).
    pub b: u8,
    /// Direct page register: the high byte of direct addresses.
    pub dp: u8,
    /// Index register X.
    pub x: u16,
    /// Index register Y.
    pub y: u16,
    /// User stack pointer U.
    pub u: u16,
    /// Hardware stack pointer S.
    pub s: u16,
    /// Program counter: the address of the next instruction between steps.
    pub pc: u16,
    /// Condition codes, bits as in [`cc`].
    pub cc: u8,
    /// Cycles counted since [`Cpu::new`] (reset does not clear it).
    pub cycles: u64,
    /// Whether the CPU runs or waits in CWAI / SYNC.
    pub state: State,
    /// Address of the first byte of the last instruction started by [`Cpu::step`].
    pub last_pc: u16,
    /// The last opcode started by [`Cpu::step`], with its page prefix (`0x10nn`,
    /// `0x11nn`) in the high byte.
    pub last_opcode: u16,
    /// Whether NMI is enabled: set when an instruction loads S, cleared by reset.
    pub nmi_armed: bool,
    /// Asserted interrupt lines (NMI latch, FIRQ and IRQ levels).
    pub(crate) lines: u8,
    /// Extra cycles of the current instruction beyond its table count.
    pub(crate) extra: u32,
}

impl Cpu {
    /// A CPU with every register zero and the state of [`State::Running`]; call
    /// [`Cpu::reset`] to load the reset vector.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The RESET sequence: DP cleared, I and F set, NMI disarmed, waiting ended,
    /// interrupt lines released and PC loaded from `$FFFE`. Other registers keep their
    /// values, as on the chip.
    pub fn reset<B: Bus>(&mut self, bus: &mut B) {
        self.dp = 0;
        self.cc |= cc::I | cc::F;
        self.nmi_armed = false;
        self.lines = 0;
        self.state = State::Running;
        self.pc = self.read16(bus, vector::RESET);
    }

    /// The D register: A high, B low.
    #[inline(always)]
    #[must_use]
    pub fn d(&self) -> u16 {
        u16::from_be_bytes([self.a, self.b])
    }

    /// Sets D, i.e. A to the high byte and B to the low byte.
    #[inline(always)]
    pub fn set_d(&mut self, value: u16) {
        [self.a, self.b] = value.to_be_bytes();
    }

    /// Drives the IRQ input (level sensitive; taken while asserted and I is clear).
    pub fn set_irq(&mut self, asserted: bool) {
        self.set_line(LINE_IRQ, asserted);
    }

    /// Drives the FIRQ input (level sensitive; taken while asserted and F is clear).
    pub fn set_firq(&mut self, asserted: bool) {
        self.set_line(LINE_FIRQ, asserted);
    }

    /// A falling edge on NMI: latched until taken, ignored while NMI is not armed.
    pub fn nmi(&mut self) {
        if self.nmi_armed {
            self.lines |= LINE_NMI;
        }
    }

    /// Whether IRQ is asserted.
    #[must_use]
    pub fn irq(&self) -> bool {
        self.lines & LINE_IRQ != 0
    }

    /// Whether FIRQ is asserted.
    #[must_use]
    pub fn firq(&self) -> bool {
        self.lines & LINE_FIRQ != 0
    }

    /// Whether an NMI edge is latched and not yet taken.
    #[must_use]
    pub fn nmi_pending(&self) -> bool {
        self.lines & LINE_NMI != 0
    }

    fn set_line(&mut self, line: u8, asserted: bool) {
        if asserted {
            self.lines |= line;
        } else {
            self.lines &= !line;
        }
    }

    /// Runs one instruction, or takes one pending interrupt (stacking and vectoring), or
    /// waits one cycle in CWAI / SYNC; returns the cycles it took and adds them to
    /// [`Cpu::cycles`].
    ///
    /// # Errors
    /// [`Fault`] for an undefined opcode or postbyte; the CPU is then unchanged (PC at
    /// the instruction), apart from [`Cpu::last_pc`] and [`Cpu::last_opcode`].
    #[inline]
    pub fn step<B: Bus>(&mut self, bus: &mut B) -> Result<u32, Fault> {
        if self.lines != 0 {
            if let Some(cycles) = self.take_interrupt(bus) {
                self.cycles += u64::from(cycles);
                return Ok(cycles);
            }
        }
        if self.state != State::Running {
            self.cycles += 1;
            return Ok(1);
        }
        let start = self.pc;
        self.last_pc = start;
        let op = self.fetch8(bus);
        self.last_opcode = u16::from(op);
        self.extra = 0;
        let result = match op {
            0x10 => self.page1(bus),
            0x11 => self.page2(bus),
            _ => {
                let base = PAGE0[usize::from(op)];
                if base == 0 {
                    Err(Fault::IllegalOpcode {
                        pc: start,
                        opcode: u16::from(op),
                    })
                } else {
                    self.page0(bus, op).map(|()| u32::from(base))
                }
            }
        };
        match result {
            Ok(base) => {
                let cycles = base + self.extra;
                self.cycles += u64::from(cycles);
                Ok(cycles)
            }
            Err(fault) => {
                self.pc = start;
                Err(fault)
            }
        }
    }

    /// Reads the next instruction byte.
    #[inline(always)]
    pub(crate) fn fetch8<B: Bus>(&mut self, bus: &mut B) -> u8 {
        let v = bus.read(self.pc);
        self.pc = self.pc.wrapping_add(1);
        v
    }

    /// Reads the next two instruction bytes, high first.
    #[inline(always)]
    pub(crate) fn fetch16<B: Bus>(&mut self, bus: &mut B) -> u16 {
        let hi = self.fetch8(bus);
        let lo = self.fetch8(bus);
        u16::from_be_bytes([hi, lo])
    }

    /// Reads a big-endian word.
    #[inline(always)]
    pub(crate) fn read16<B: Bus>(&mut self, bus: &mut B, addr: u16) -> u16 {
        let hi = bus.read(addr);
        let lo = bus.read(addr.wrapping_add(1));
        u16::from_be_bytes([hi, lo])
    }

    /// Writes a big-endian word.
    #[inline(always)]
    pub(crate) fn write16<B: Bus>(&mut self, bus: &mut B, addr: u16, value: u16) {
        let [hi, lo] = value.to_be_bytes();
        bus.write(addr, hi);
        bus.write(addr.wrapping_add(1), lo);
    }

    /// Loads S by an instruction, which arms NMI.
    #[inline(always)]
    pub(crate) fn load_s(&mut self, value: u16) {
        self.s = value;
        self.nmi_armed = true;
    }

    /// Sets N and Z from an 8-bit result and clears V (loads, stores, logic).
    #[inline(always)]
    pub(crate) fn nz8_v0(&mut self, v: u8) {
        self.cc = (self.cc & !(cc::N | cc::Z | cc::V)) | crate::alu::nz8(v);
    }

    /// Sets N and Z from a 16-bit result and clears V.
    #[inline(always)]
    pub(crate) fn nz16_v0(&mut self, v: u16) {
        self.cc = (self.cc & !(cc::N | cc::Z | cc::V)) | crate::alu::nz16(v);
    }

    /// The 6809 branch conditions, selected by the low nibble of the branch opcode.
    #[inline(always)]
    pub(crate) fn condition(&self, code: u8) -> bool {
        let c = self.cc;
        let (n, z, v, cy) = (
            c & cc::N != 0,
            c & cc::Z != 0,
            c & cc::V != 0,
            c & cc::C != 0,
        );
        let t = match code >> 1 {
            0 => true,         // BRA / BRN
            1 => !(cy || z),   // BHI / BLS
            2 => !cy,          // BCC / BCS
            3 => !z,           // BNE / BEQ
            4 => !v,           // BVC / BVS
            5 => !n,           // BPL / BMI
            6 => n == v,       // BGE / BLT
            _ => !z && n == v, // BGT / BLE
        };
        t ^ (code & 1 != 0)
    }
}
