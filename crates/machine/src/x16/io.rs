//! The X16's I/O page besides VERA (Commander X16 Programmer's Reference, "Memory map",
//! "I/O programming"): VIA 1 at $9F00 and VIA 2 at $9F10 (the `via6522` crate), the I2C
//! bus on VIA 1's PA0 (SDA) and PA1 (SCL) with the SMC and the RTC on it ([`super::i2c`]).
//! The YM2151 at $9F40-$9F41 ([`super::ym2151`]). Every other address of $9F00-$9FFF but
//! VERA's reads the open bus ($9F) and ignores writes.
//!
//! The I2C lines are open-drain: the KERNAL leaves ORA's bits 0 and 1 at 0 and pulls a
//! line low by making its pin an output (DDRA bit set), releases it by making the pin an
//! input; the pull-ups then hold it high unless a device pulls SDA low. So the pins read
//! the bus's levels (x16emu `via1_read`/`via1_write` wire them the same way,
//! X16Community/x16-emulator commit 49b1fbd). Port A's other pins (the SNES pads' latch,
//! clock and data lines) and port B (the IEC serial bus) have nothing on them here and
//! read high.
//!
//! # Time
//! The VIAs count the CPU's cycles (the X16's Φ2 is its 8 MHz clock). Each is brought up
//! to date when the CPU touches it, at the cycle its instruction began (the other left to
//! catch up when it is touched in turn: its counters and its next event do not depend on
//! when it is run), and both when a next timer event is due; an interrupt a timer raises
//! is seen at the first instruction boundary at or after that cycle, as the 65C02 samples
//! IRQ.

use via6522::Via;

use super::i2c::I2cBus;
use super::ym2151::{YM_ADDRESS, YM_DATA, Ym2151};

/// VIA 1's registers.
const VIA1: u16 = 0x9F00;
/// VIA 2's registers.
const VIA2: u16 = 0x9F10;
/// Port A's register and the no-handshake one, and port A's direction register.
const ORA: u8 = 0x01;
const DDRA: u8 = 0x03;
const ORA_NO_HANDSHAKE: u8 = 0x0F;
/// The peripheral control register (CA2 and CB2 modes).
const PCR: u8 = 0x0C;
/// SDA and SCL on port A.
const SDA: u8 = 0x01;
const SCL: u8 = 0x02;
/// CPU cycles in one second (the RTC's seconds).
const CYCLES_PER_SECOND: u64 = 8_000_000;
/// What an address with nothing behind it reads.
const OPEN_BUS: u8 = 0x9F;

/// The devices on the I/O page other than VERA.
#[derive(Clone, Debug)]
pub struct Io {
    /// VIA 1: the I2C bus, the pads, the serial bus.
    pub via1: Via,
    /// VIA 2: free for the user.
    pub via2: Via,
    /// The I2C bus and its devices.
    pub i2c: I2cBus,
    /// The FM sound chip's registers and busy flag.
    pub ym: Ym2151,
    /// The cycle each VIA has been run to: a VIA is run when it is touched or its own
    /// next event is due, so an access to one does not tick and plan the other.
    synced: [u64; 2],
    /// The first cycle each VIA's timers may change a flag (`u64::MAX`: none running).
    next: [u64; 2],
    /// The earlier of `next`.
    next_event: u64,
    /// Whether a VIA pulls IRQ low, as of the last access or event (read once per
    /// instruction, so kept rather than worked out).
    irq_line: bool,
}

impl Default for Io {
    fn default() -> Self {
        Self::new()
    }
}

impl Io {
    /// The devices after RESET.
    #[must_use]
    pub fn new() -> Self {
        let mut io = Self {
            via1: Via::new(),
            via2: Via::new(),
            i2c: I2cBus::new(),
            ym: Ym2151::default(),
            synced: [0; 2],
            next: [u64::MAX; 2],
            next_event: u64::MAX,
            irq_line: false,
        };
        io.update_port_a();
        io
    }

    /// Runs the VIAs to cycle `now`.
    #[inline]
    pub fn sync(&mut self, now: u64) {
        for via in 0..2 {
            self.run_via_to(via, now);
            self.plan_via(via);
        }
        self.plan();
    }

    /// Runs VIA `via` (0: VIA 1, 1: VIA 2) to cycle `now`, leaving its plan to the caller:
    /// an access plans once, after it (what it reads or writes may change the next
    /// event).
    #[inline]
    fn run_via_to(&mut self, via: usize, now: u64) {
        let synced = self.synced[via];
        if now > synced {
            let chip = if via == 0 {
                &mut self.via1
            } else {
                &mut self.via2
            };
            let mut n = now - synced;
            while n > 0 {
                let step = n.min(u64::from(u32::MAX));
                chip.tick(step as u32);
                n -= step;
            }
            self.synced[via] = now;
        }
    }

    /// The cycle the I/O page was last brought up to (the later VIA's).
    fn synced(&self) -> u64 {
        self.synced[0].max(self.synced[1])
    }

    /// Counts the cycles from 0 again (the CPU's clock restarted), the devices' state
    /// kept.
    pub fn restart_clock(&mut self) {
        let synced = self.synced();
        for via in 0..2 {
            self.run_via_to(via, synced);
        }
        self.synced = [0; 2];
        self.ym.restart_clock();
        for via in 0..2 {
            self.plan_via(via);
        }
        self.plan();
    }

    /// When the next timer event is due; the IRQ line as the flags now stand.
    fn plan(&mut self) {
        self.irq_line = self.via1.irq() || self.via2.irq();
        self.next_event = self.next[0].min(self.next[1]);
    }

    /// VIA `via`'s next event from the cycle it has been run to; then [`Self::plan`].
    #[inline]
    fn plan_via(&mut self, via: usize) {
        let chip = if via == 0 { &self.via1 } else { &self.via2 };
        self.next[via] = chip
            .cycles_to_next_event()
            .map_or(u64::MAX, |n| self.synced[via] + u64::from(n.max(1)));
    }

    /// The first cycle the IRQ line may change by itself.
    #[inline]
    #[must_use]
    pub const fn next_event(&self) -> u64 {
        self.next_event
    }

    /// Whether a VIA holds the CPU's IRQ line low.
    #[inline]
    #[must_use]
    pub const fn irq(&self) -> bool {
        self.irq_line
    }

    /// A read at `addr` ($9F00-$9FFF but VERA's) at cycle `now`.
    pub fn read(&mut self, addr: u16, now: u64) -> u8 {
        match addr {
            VIA1..0x9F10 => {
                self.run_via_to(0, now);
                let value = self.via1.read((addr - VIA1) as u8);
                // A read may clear a flag (T1C-L, T2C-L, ORA, ORB, SR).
                self.plan_via(0);
                self.plan();
                value
            }
            VIA2..0x9F20 => {
                self.run_via_to(1, now);
                let value = self.via2.read((addr - VIA2) as u8);
                self.plan_via(1);
                self.plan();
                value
            }
            YM_DATA => self.ym.status(now),
            _ => OPEN_BUS,
        }
    }

    /// What a read at `addr` would return, without side effects (the YM2151's status as
    /// of the VIAs' last update).
    #[must_use]
    pub fn peek(&self, addr: u16) -> u8 {
        match addr {
            VIA1..0x9F10 => self.via1.peek((addr - VIA1) as u8),
            VIA2..0x9F20 => self.via2.peek((addr - VIA2) as u8),
            YM_DATA => self.ym.status(self.synced()),
            _ => OPEN_BUS,
        }
    }

    /// Whether a read at `addr` ($9F00-$9FFF but VERA's) changes nothing and reads what
    /// it reads now until the VIAs' next timer event ([`Io::next_event`]) or a write to
    /// the I/O page: the open bus; a VIA register whose read has no side effect in the
    /// chip's state (ORA and ORB with their port's CA1/CA2 or CB1/CB2 flags already clear
    /// and no handshake on the control line, IFR, IER, the direction, control and latch
    /// registers), but not the timer counters, which count every cycle. Not the YM2151's
    /// status, whose busy flag falls at a time of its own. An idle loop may poll these
    /// ([`super::idle`]).
    #[must_use]
    pub fn read_is_idle(&self, addr: u16) -> bool {
        let via_idle = |via: &Via, reg: u8| {
            let mut after = via.clone();
            after.read(reg);
            // T1C-L/H, T2C-L/H count down every cycle.
            !matches!(reg & 0x0F, 4 | 5 | 8 | 9) && !pulses(via, reg) && after == *via
        };
        match addr {
            VIA1..0x9F10 => via_idle(&self.via1, (addr - VIA1) as u8),
            VIA2..0x9F20 => via_idle(&self.via2, (addr - VIA2) as u8),
            YM_DATA => false,
            _ => true,
        }
    }

    /// Whether writing `value` at `addr` ($9F00-$9FFF but VERA's) changes nothing: the
    /// open bus; a VIA register whose write leaves the chip's state as it is (an output
    /// register written with the value it holds, its port's flags clear and no handshake
    /// pulse on the control line: the I2C lines then stay where they are, see
    /// [`Io::write`]). Not the YM2151's registers.
    #[must_use]
    pub fn write_is_idle(&self, addr: u16, value: u8) -> bool {
        let via_idle = |via: &Via, reg: u8| {
            let mut after = via.clone();
            after.write(reg, value);
            !pulses(via, reg) && after == *via
        };
        match addr {
            VIA1..0x9F10 => via_idle(&self.via1, (addr - VIA1) as u8),
            VIA2..0x9F20 => via_idle(&self.via2, (addr - VIA2) as u8),
            YM_ADDRESS | YM_DATA => false,
            _ => true,
        }
    }

    /// A write at `addr` at cycle `now`.
    pub fn write(&mut self, addr: u16, value: u8, now: u64) {
        match addr {
            VIA1..0x9F10 => {
                self.run_via_to(0, now);
                let reg = (addr - VIA1) as u8;
                if matches!(reg, ORA | DDRA | ORA_NO_HANDSHAKE) {
                    let outputs = self.port_a_outputs();
                    self.via1.write(reg, value);
                    // The I2C lines move only when port A's outputs change; the RTC
                    // learns the time then, before any transfer that could read it.
                    if outputs != self.port_a_outputs() {
                        self.i2c.rtc.set_elapsed(now / CYCLES_PER_SECOND);
                        self.update_port_a();
                    }
                } else {
                    self.via1.write(reg, value);
                }
                self.plan_via(0);
                self.plan();
            }
            VIA2..0x9F20 => {
                self.run_via_to(1, now);
                self.via2.write((addr - VIA2) as u8, value);
                self.plan_via(1);
                self.plan();
            }
            YM_ADDRESS => self.ym.write_address(value),
            YM_DATA => self.ym.write_data(value, now),
            _ => {}
        }
    }

    /// Port A's direction register and its output pins' levels (ORA on the outputs),
    /// from which [`Io::update_port_a`] drives the I2C lines.
    fn port_a_outputs(&self) -> (u8, u8) {
        let ddra = self.via1.peek(DDRA);
        (ddra, self.via1.port_a() & ddra)
    }

    /// Drives the I2C lines from port A and puts the bus's levels on its pins.
    fn update_port_a(&mut self) {
        let ddra = self.via1.read(DDRA);
        let ora = self.via1.read(ORA_NO_HANDSHAKE) & ddra;
        // A pin pulls its line low when it is an output of 0; else the pull-up holds it.
        let held_low = ddra & !ora;
        let scl = held_low & SCL == 0;
        let master_sda = held_low & SDA == 0;
        self.i2c.drive(scl, master_sda);
        let sda = self.i2c.sda(master_sda);
        let pins = 0xFC | u8::from(sda) | if scl { SCL } else { 0 };
        self.via1.set_pins_a(pins);
    }
}

/// Whether an access to `reg` of `via` drives a handshake on a control line: a read or
/// write of ORB or ORA (with handshake) with PCR's CB2 or CA2 control in handshake or
/// pulse output mode (%100, %101) takes the line low (R6522 data sheet, "CA2 control",
/// "CB2 control"), an event outside the chip's registers.
fn pulses(via: &Via, reg: u8) -> bool {
    let pcr = via.peek(PCR);
    let control = match reg & 0x0F {
        0 => pcr >> 5,
        1 => pcr >> 1,
        _ => return false,
    };
    matches!(control & 7, 4 | 5)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_via_1_timer_pulls_irq_at_its_time_and_a_read_of_t1c_l_lets_go() {
        let mut io = Io::new();
        // IER: set T1 (bit 6); T1 one-shot from 10 (R6522: the flag 10 + 1.5 cycles on).
        io.write(0x9F0E, 0xC0, 100);
        io.write(0x9F04, 10, 100);
        io.write(0x9F05, 0, 100);
        assert!(!io.irq());
        let due = io.next_event();
        assert!((105..=112).contains(&due), "{due}");
        io.sync(due - 1);
        assert!(!io.irq());
        io.sync(due);
        assert!(io.irq(), "T1 timed out at {due}");
        assert_eq!(io.read(0x9F0D, due) & 0xC0, 0xC0, "IFR: T1 and the any bit");
        io.read(0x9F04, due);
        assert!(!io.irq());
        // VIA 2 answers at $9F10; the YM2151's address register reads the open bus.
        io.write(0x9F12, 0xAA, due);
        assert_eq!(io.read(0x9F12, due), 0xAA, "DDRB");
        assert_eq!(io.read(0x9F40, due), 0x9F);
        assert_eq!(io.read(0x9F42, due), 0x9F, "nothing past the YM2151");
    }

    #[test]
    fn an_access_to_one_via_leaves_the_other_to_catch_up_as_if_run_every_cycle() {
        // VIA 2's T1 free-running from 300 with its interrupt enabled (ACR bit 6); VIA 1
        // accessed often, as the KERNAL's I2C transfers do. `eager` brings both VIAs up
        // to every access's cycle; `io` runs only the VIA touched: VIA 2's event, flags
        // and counters must be the same.
        let (mut io, mut eager) = (Io::new(), Io::new());
        for io in [&mut io, &mut eager] {
            io.write(0x9F1B, 0x40, 0);
            io.write(0x9F1E, 0xC0, 0);
            io.write(0x9F14, 0x2C, 0);
            io.write(0x9F15, 0x01, 0);
        }
        let mut t = 5;
        while t < 5_000 {
            for io in [&mut io, &mut eager] {
                if io.next_event() <= t {
                    io.sync(t);
                    // The handler's read of T1C-L acknowledges the timeout.
                    io.read(0x9F14, t);
                }
            }
            eager.sync(t);
            for io in [&mut io, &mut eager] {
                io.write(0x9F03, (t & 3) as u8, t);
                io.read(0x9F01, t + 2);
            }
            assert_eq!(io.next_event(), eager.next_event(), "cycle {t}");
            assert_eq!(io.irq(), eager.irq(), "cycle {t}");
            t += 37;
        }
        for reg in [0x9F14, 0x9F15, 0x9F1D] {
            assert_eq!(io.read(reg, t), eager.read(reg, t), "{reg:04X} at {t}");
        }
    }

    #[test]
    fn an_access_that_changes_nothing_is_idle_by_the_vias_state() {
        let mut io = Io::new();
        // The open bus ($9F61: VIA 1's port A on an older board, nothing here).
        assert!(io.read_is_idle(0x9F61) && io.write_is_idle(0x9F61, 0x00));
        // VIA 2's ORB ($9F10) holds 0 after RESET: 0 again changes nothing, 5 does.
        assert!(io.write_is_idle(0x9F10, 0x00));
        assert!(!io.write_is_idle(0x9F10, 0x05));
        io.write(0x9F10, 0x05, 10);
        assert!(io.write_is_idle(0x9F10, 0x05));
        // ORA's output bits on pins that are inputs are still the register's state.
        assert!(!io.write_is_idle(0x9F11, 0x80));
        // A write or read of ORB clears CB1's flag: not idle while it is set. CB1 falls
        // (PCR bit 4 clear: the falling edge).
        io.via2.set_cb1(false);
        assert!(!io.write_is_idle(0x9F10, 0x05) && !io.read_is_idle(0x9F10));
        assert!(io.read_is_idle(0x9F1D), "IFR reads without a side effect");
        io.read(0x9F10, 20);
        assert!(io.write_is_idle(0x9F10, 0x05) && io.read_is_idle(0x9F10));
        // CB2 in pulse output mode (PCR bits 7-5 = %101): each ORB access pulses it.
        io.write(0x9F1C, 0xA0, 30);
        assert!(!io.write_is_idle(0x9F10, 0x05) && !io.read_is_idle(0x9F10));
        assert!(
            io.write_is_idle(0x9F1F, 0x00),
            "ORA without handshake does not pulse"
        );
        // The timer counters count every cycle; the YM2151's busy flag falls by itself.
        assert!(!io.read_is_idle(0x9F14) && !io.read_is_idle(0x9F19));
        assert!(io.read_is_idle(0x9F16), "T1's latch holds");
        assert!(!io.read_is_idle(0x9F41) && !io.write_is_idle(0x9F40, 0));
    }

    #[test]
    fn the_ym2151_takes_a_register_write_and_reads_busy_at_9f41() {
        let mut io = Io::new();
        assert_eq!(io.read(0x9F41, 0), 0x00, "not busy before any write");
        io.write(0x9F40, 0x14, 10);
        io.write(0x9F41, 0x30, 14);
        assert_eq!(io.ym.reg(0x14), 0x30);
        // 64 master clocks of 3.579545 MHz: 143.03 CPU cycles.
        assert_eq!(io.read(0x9F41, 18), 0x80);
        assert_eq!(io.read(0x9F41, 14 + 143), 0x80);
        assert_eq!(io.read(0x9F41, 14 + 144), 0x00);
    }
}
