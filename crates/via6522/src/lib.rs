//! The 6522 Versatile Interface Adapter (VIA), as the Vectrex (one, at $D000) and the
//! Commander X16 (two, at $9F00 and $9F10) wire it to their CPUs.
//!
//! Rules come from the MOS Technology MCS6522 data sheet (1977) and the Rockwell R6522
//! data sheet ("Timer 1 one-shot mode", "Timer 1 free-run mode", "Timer 2", "Shift
//! register", "Interrupt operation"), and where the data sheets leave a timing open, from
//! MAME's `via6522_device` (`device_timer`, `shift_out`, `read`, `write`), which documents
//! the half-cycle offsets measured on hardware. Each rule below says which.
//!
//! The model is stepped by Φ2 cycles ([`Via::tick`]) between bus accesses
//! ([`Via::read`], [`Via::write`]); a board calls `tick` with the cycles of each CPU
//! instruction and performs the instruction's accesses at its end. The timers are counted
//! in whole cycles: a timer loaded with N times out on the (N + 1)th cycle after the
//! write, which is where the data sheet's "N + 1.5 cycles" interrupt is first seen by the
//! CPU; a free-running Timer 1 then times out every N + 2 cycles.
//!
//! Pure: no I/O. The pins the machine drives (port inputs, CA1/CB1, PB6 pulses) are set
//! by the board; the outputs (port pins, PB7, CA2, CB2) are read back by it.
//!
//! Layout: [`regs`] the register numbers and flag bits; [`timers`] Timer 1 and 2;
//! [`shift`] the shift register; this file the ports, control lines and interrupts.

pub mod regs;
mod shift;
mod timers;

use regs::{Reg, ifr};
use shift::ShiftRegister;
use timers::{Timer1, Timer2};

/// One 6522.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Via {
    orb: u8,
    ora: u8,
    ddrb: u8,
    ddra: u8,
    acr: u8,
    pcr: u8,
    /// Interrupt enable, bits 0-6.
    ier: u8,
    /// Interrupt flags, bits 0-6 (bit 7 is computed).
    ifr: u8,
    t1: Timer1,
    t2: Timer2,
    sr: ShiftRegister,
    /// Levels the machine drives onto port A and port B pins configured as inputs.
    pins_a: u8,
    pins_b: u8,
    /// CA1 and CB1 input levels.
    ca1: bool,
    cb1: bool,
    /// CA2 and CB2 input levels (when their PCR modes make them inputs).
    ca2_in: bool,
    cb2_in: bool,
    /// Cycles run since power-on.
    cycles: u64,
}

impl Via {
    /// The chip after RESET: every register except the timers, latches and shift register
    /// cleared (data sheet, "RESET"), all pins inputs, interrupts disabled.
    #[must_use]
    pub fn new() -> Self {
        Self {
            pins_a: 0xFF,
            pins_b: 0xFF,
            ca1: true,
            cb1: true,
            ca2_in: true,
            cb2_in: true,
            ..Self::default()
        }
    }

    /// Cycles run since power-on.
    #[must_use]
    pub const fn cycles(&self) -> u64 {
        self.cycles
    }

    /// Runs `n` Φ2 cycles: the timers count, the shift register shifts, flags rise.
    pub fn tick(&mut self, n: u32) {
        self.cycles += u64::from(n);
        let t1_timeouts = self.t1.tick(n, self.acr & regs::acr::T1_FREE_RUN != 0);
        if t1_timeouts > 0 {
            self.ifr |= ifr::T1;
        }
        if self.acr & regs::acr::T2_PULSE_COUNT == 0 && self.t2.tick(n) {
            self.ifr |= ifr::T2;
        }
        if self.sr.shift_phi2(n) {
            self.ifr |= ifr::SR;
        }
    }

    /// Whether the chip pulls its /IRQ line low: an enabled flag is set (data sheet,
    /// "Interrupt operation": IFR bit 7 = any of IFR & IER).
    #[must_use]
    pub const fn irq(&self) -> bool {
        self.ifr & self.ier & 0x7F != 0
    }

    /// The interrupt flag register as the CPU reads it.
    #[must_use]
    pub const fn ifr(&self) -> u8 {
        let any = if self.irq() { 0x80 } else { 0 };
        self.ifr | any
    }

    /// Reads register `reg` (its low 4 bits) with the read's side effects (flags
    /// cleared by reading T1C-L, T2C-L, ORA, ORB and SR).
    pub fn read(&mut self, reg: u8) -> u8 {
        match Reg::from_index(reg) {
            Reg::Orb => {
                self.clear_port_flags(false);
                self.port_b_read()
            }
            Reg::Ora => {
                self.clear_port_flags(true);
                self.port_a()
            }
            Reg::OraNoHandshake => self.port_a(),
            Reg::Ddrb => self.ddrb,
            Reg::Ddra => self.ddra,
            Reg::T1cl => {
                // Data sheet: reading T1C-L clears the T1 flag.
                self.ifr &= !ifr::T1;
                self.t1.counter() as u8
            }
            Reg::T1ch => (self.t1.counter() >> 8) as u8,
            Reg::T1ll => self.t1.latch() as u8,
            Reg::T1lh => (self.t1.latch() >> 8) as u8,
            Reg::T2cl => {
                self.ifr &= !ifr::T2;
                self.t2.counter() as u8
            }
            Reg::T2ch => (self.t2.counter() >> 8) as u8,
            Reg::Sr => {
                self.ifr &= !ifr::SR;
                let value = self.sr.value();
                self.sr.start(self.acr, self.cb2_in);
                value
            }
            Reg::Acr => self.acr,
            Reg::Pcr => self.pcr,
            Reg::Ifr => self.ifr(),
            // Data sheet: IER reads with bit 7 set.
            Reg::Ier => self.ier | 0x80,
        }
    }

    /// The value register `reg` would read, without side effects (for debuggers and
    /// save states).
    #[must_use]
    pub fn peek(&self, reg: u8) -> u8 {
        let mut copy = self.clone();
        copy.read(reg)
    }

    /// Writes `value` to register `reg` (its low 4 bits).
    pub fn write(&mut self, reg: u8, value: u8) {
        match Reg::from_index(reg) {
            Reg::Orb => {
                self.clear_port_flags(false);
                self.orb = value;
            }
            Reg::Ora => {
                self.clear_port_flags(true);
                self.ora = value;
            }
            Reg::OraNoHandshake => self.ora = value,
            Reg::Ddrb => self.ddrb = value,
            Reg::Ddra => self.ddra = value,
            Reg::T1cl | Reg::T1ll => self.t1.set_latch_lo(value),
            Reg::T1ch => {
                // Data sheet: writing T1C-H loads the latch high byte, transfers the latch
                // into the counter, clears the T1 flag and starts the timer; PB7 goes low
                // when ACR bit 7 gives it to the timer.
                self.ifr &= !ifr::T1;
                self.t1.load(value);
            }
            Reg::T1lh => {
                // MAME `via6522_device::write` (VIA_T1LH): the latch only, and the T1 flag
                // cleared, as the R6522 data sheet's register table says.
                self.ifr &= !ifr::T1;
                self.t1.set_latch_hi(value);
            }
            Reg::T2cl => self.t2.set_latch_lo(value),
            Reg::T2ch => {
                self.ifr &= !ifr::T2;
                self.t2.load(value);
            }
            Reg::Sr => {
                self.ifr &= !ifr::SR;
                self.sr.set(value);
                self.sr.start(self.acr, self.cb2_in);
            }
            Reg::Acr => {
                self.acr = value;
                self.sr.set_mode(value);
            }
            Reg::Pcr => self.pcr = value,
            Reg::Ifr => self.ifr &= !(value & 0x7F),
            Reg::Ier => {
                if value & 0x80 != 0 {
                    self.ier |= value & 0x7F;
                } else {
                    self.ier &= !(value & 0x7F);
                }
            }
        }
    }

    /// Port A's pins: outputs drive ORA, inputs read what the machine drives.
    #[must_use]
    pub const fn port_a(&self) -> u8 {
        (self.ora & self.ddra) | (self.pins_a & !self.ddra)
    }

    /// Port B's pins as the outside sees them: ORB on outputs, PB7 from Timer 1 when ACR
    /// bit 7 gives it the pin (data sheet, "Timer 1 ... PB7").
    #[must_use]
    pub const fn port_b(&self) -> u8 {
        let pins = (self.orb & self.ddrb) | (self.pins_b & !self.ddrb);
        if self.acr & regs::acr::T1_PB7 != 0 {
            (pins & 0x7F) | if self.t1.pb7() { 0x80 } else { 0 }
        } else {
            pins
        }
    }

    /// ORB as the CPU reads it: for output bits the output register, not the pin (data
    /// sheet, "Port B": reading IRB gives ORB on pins programmed as outputs).
    fn port_b_read(&self) -> u8 {
        let value = (self.orb & self.ddrb) | (self.pins_b & !self.ddrb);
        if self.acr & regs::acr::T1_PB7 != 0 {
            (value & 0x7F) | if self.t1.pb7() { 0x80 } else { 0 }
        } else {
            value
        }
    }

    /// Sets the levels the machine drives on port A's input pins.
    pub fn set_pins_a(&mut self, levels: u8) {
        self.pins_a = levels;
    }

    /// Sets the levels the machine drives on port B's input pins. A falling edge on PB6
    /// counts Timer 2 down in pulse-counting mode (ACR bit 5).
    pub fn set_pins_b(&mut self, levels: u8) {
        let fell = self.pins_b & 0x40 != 0 && levels & 0x40 == 0;
        self.pins_b = levels;
        if fell && self.acr & regs::acr::T2_PULSE_COUNT != 0 && self.t2.count_pulse() {
            self.ifr |= ifr::T2;
        }
    }

    /// Drives CA1: the active edge chosen by PCR bit 0 (0 falling, 1 rising) sets the CA1
    /// flag.
    pub fn set_ca1(&mut self, level: bool) {
        if edge(self.ca1, level, self.pcr & 0x01 != 0) {
            self.ifr |= ifr::CA1;
        }
        self.ca1 = level;
    }

    /// Drives CB1: the active edge chosen by PCR bit 4 sets the CB1 flag.
    pub fn set_cb1(&mut self, level: bool) {
        if edge(self.cb1, level, self.pcr & 0x10 != 0) {
            self.ifr |= ifr::CB1;
        }
        // The external-clock shift modes move a bit on CB1's rising edge.
        if !self.cb1 && level && self.sr.shift_cb1() {
            self.ifr |= ifr::SR;
        }
        self.cb1 = level;
    }

    /// Drives CA2 where PCR makes it an input (modes 0-3): the edge chosen by PCR bit 2.
    pub fn set_ca2(&mut self, level: bool) {
        let control = (self.pcr >> 1) & 7;
        if control < 4 && edge(self.ca2_in, level, control & 2 != 0) {
            self.ifr |= ifr::CA2;
        }
        self.ca2_in = level;
    }

    /// Drives CB2 where PCR makes it an input (modes 0-3) and the shift register does not
    /// own it.
    pub fn set_cb2(&mut self, level: bool) {
        let control = (self.pcr >> 5) & 7;
        if control < 4 && !self.sr.drives_cb2() && edge(self.cb2_in, level, control & 2 != 0) {
            self.ifr |= ifr::CB2;
        }
        self.cb2_in = level;
    }

    /// CA2's output level: PCR bits 3-1 = 110 holds it low, 111 high (data sheet, "CA2
    /// control"); in the input modes the pin floats high. The handshake and pulse modes
    /// are not wired to anything on the machines this crate serves and read high.
    #[must_use]
    pub const fn ca2(&self) -> bool {
        !matches!((self.pcr >> 1) & 7, 6)
    }

    /// CB2's output level: the shift register's output bit while it owns the pin (ACR
    /// shift-out modes), else PCR bits 7-5 as for CA2.
    #[must_use]
    pub const fn cb2(&self) -> bool {
        if self.sr.drives_cb2() {
            return self.sr.out_bit();
        }
        !matches!((self.pcr >> 5) & 7, 6)
    }

    /// Timer 1's counter, for a board that derives a pin's timing from it.
    #[must_use]
    pub const fn t1_counter(&self) -> u16 {
        self.t1.counter()
    }

    /// Timer 2's counter.
    #[must_use]
    pub const fn t2_counter(&self) -> u16 {
        self.t2.counter()
    }

    /// Whether Timer 2 will set its flag by counting Φ2 cycles (loaded, not yet timed
    /// out, not counting PB6 pulses).
    #[must_use]
    pub fn t2_pending(&self) -> bool {
        self.acr & regs::acr::T2_PULSE_COUNT == 0 && self.t2.cycles_to_timeout().is_some()
    }

    /// Cycles until the next event that changes an interrupt flag or PB7 by itself (a
    /// timer or shift timeout), so a board can run a waiting CPU straight to it.
    #[must_use]
    pub fn cycles_to_next_event(&self) -> Option<u32> {
        let t1 = self.t1.cycles_to_timeout();
        let t2 = if self.acr & regs::acr::T2_PULSE_COUNT == 0 {
            self.t2.cycles_to_timeout()
        } else {
            None
        };
        let sr = self.sr.cycles_to_done();
        // The earliest of those due, by hand: a board asks after every access.
        let due = |t: Option<u32>| t.unwrap_or(u32::MAX);
        let first = due(t1).min(due(t2)).min(due(sr));
        (t1.is_some() || t2.is_some() || sr.is_some()).then_some(first)
    }

    /// Cycles the chip can run from now with no event of its own: up to a timer's
    /// flagged timeout (Timer 2 when it counts Φ2), or 1 while the shift register moves
    /// bits on Φ2 (CB2 follows every bit shifted out); `u32::MAX` when nothing is due. A
    /// board may let that many cycles pass unticked: nothing it can see changes in them
    /// but the counters, which a read catches up.
    #[inline]
    #[must_use]
    pub fn quiet_cycles(&self) -> u32 {
        if self.sr.shifting_phi2() {
            return 1;
        }
        self.cycles_to_next_event().unwrap_or(u32::MAX)
    }

    /// Reading or writing ORA clears CA1 and (unless CA2 is an independent input) CA2;
    /// ORB likewise CB1 and CB2 (data sheet, "Interrupt flag register" table).
    fn clear_port_flags(&mut self, port_a: bool) {
        let (c1, c2, control) = if port_a {
            (ifr::CA1, ifr::CA2, (self.pcr >> 1) & 7)
        } else {
            (ifr::CB1, ifr::CB2, (self.pcr >> 5) & 7)
        };
        let independent = control == 1 || control == 3;
        self.ifr &= !c1;
        if !independent {
            self.ifr &= !c2;
        }
    }
}

/// Whether going from `old` to `new` is the edge chosen: rising when `rising`, else falling.
const fn edge(old: bool, new: bool, rising: bool) -> bool {
    if rising { !old && new } else { old && !new }
}
