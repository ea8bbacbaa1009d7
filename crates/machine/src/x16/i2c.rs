//! The X16's I2C bus: two open-drain lines the KERNAL bit-bangs through VIA 1's port A
//! (PA0 = SDA, PA1 = SCL; Commander X16 Programmer's Reference, "I2C"), with the SMC at
//! address $42 ([`super::smc`]) and the RTC at $6F ([`super::rtc`]) on it.
//!
//! The protocol is the I2C specification's (NXP UM10204, "I2C-bus specification"): a
//! START is SDA falling while SCL is high, a STOP SDA rising while SCL is high; a bit is
//! sampled on SCL's rising edge and changed by its sender while SCL is low; after eight
//! bits the receiver pulls SDA low through a ninth clock to acknowledge. The first byte
//! after a START is the 7-bit address and the read bit. A device that is not on the bus
//! never acknowledges, so the master reads the NACK of the released line.
//!
//! How the devices take bytes follows x16emu `i2c_step` and `smc_read`/`rtc_read`
//! (X16Community/x16-emulator, commit 49b1fbd): in a write, the first data byte is the
//! register offset and each further byte a value for it; a read returns bytes from the
//! offset last written.
//!
//! Lines are levels: `true` released (pulled up, reads 1), `false` held low by someone.

use super::rtc::Rtc;
use super::smc::Smc;

/// The SMC's bus address.
pub const SMC_ADDRESS: u8 = 0x42;
/// The RTC's bus address (MCP7940N).
pub const RTC_ADDRESS: u8 = 0x6F;

/// Where a transfer is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// No transfer (after a STOP, or after a byte no one acknowledged).
    Idle,
    /// Taking the address byte's bits.
    Address,
    /// Taking a data byte's bits from the master.
    Write,
    /// The device holds SDA low through the ninth clock.
    Ack,
    /// Sending a byte's bits to the master.
    Read,
    /// The master acknowledges (low) or not (high) the byte it read.
    MasterAck,
}

/// The bus and its two devices.
#[derive(Clone, Debug)]
pub struct I2cBus {
    /// SCL as last seen.
    scl: bool,
    /// SDA as last seen (both sides).
    sda: bool,
    /// What the addressed device drives on SDA.
    device_sda: bool,
    phase: Phase,
    /// Bits shifted in or out of the current byte.
    bits: u8,
    /// The byte being shifted.
    byte: u8,
    /// The addressed device and whether the transfer reads from it.
    device: u8,
    reading: bool,
    /// Data bytes written since the address (0: the next is the register offset).
    written: u32,
    /// The SMC.
    pub smc: Smc,
    /// The real-time clock.
    pub rtc: Rtc,
}

impl Default for I2cBus {
    fn default() -> Self {
        Self::new()
    }
}

impl I2cBus {
    /// Both lines released, no transfer.
    #[must_use]
    pub fn new() -> Self {
        Self {
            scl: true,
            sda: true,
            device_sda: true,
            phase: Phase::Idle,
            bits: 0,
            byte: 0,
            device: 0,
            reading: false,
            written: 0,
            smc: Smc::new(),
            rtc: Rtc::new(),
        }
    }

    /// SDA as everyone on the bus sees it, given what the master drives.
    #[must_use]
    pub const fn sda(&self, master_sda: bool) -> bool {
        master_sda && self.device_sda
    }

    /// The master (VIA 1) drives `scl` and `master_sda`; the devices see the change.
    pub fn drive(&mut self, scl: bool, master_sda: bool) {
        let sda = master_sda && self.device_sda;
        if scl && self.scl && sda != self.sda {
            // SDA moving while SCL is high: START or STOP.
            if sda {
                self.stop();
            } else {
                self.start();
            }
        } else if scl && !self.scl {
            self.rising(sda);
        } else if !scl && self.scl {
            self.falling();
        }
        self.scl = scl;
        // The device may have let go of SDA on the falling edge.
        self.sda = master_sda && self.device_sda;
    }

    fn start(&mut self) {
        // A repeated START included: the device's offset stays.
        self.phase = Phase::Address;
        self.bits = 0;
        self.byte = 0;
        self.device_sda = true;
    }

    fn stop(&mut self) {
        self.phase = Phase::Idle;
        self.device_sda = true;
        self.written = 0;
    }

    fn rising(&mut self, sda: bool) {
        match self.phase {
            Phase::Address | Phase::Write => {
                self.byte = (self.byte << 1) | u8::from(sda);
                self.bits += 1;
            }
            Phase::Read => self.bits += 1,
            Phase::MasterAck => {
                // A NACK (released SDA) ends the read; the master sends STOP next.
                if sda {
                    self.phase = Phase::Idle;
                }
            }
            Phase::Idle | Phase::Ack => {}
        }
    }

    fn falling(&mut self) {
        match self.phase {
            Phase::Address if self.bits == 8 => {
                self.device = self.byte >> 1;
                self.reading = self.byte & 1 != 0;
                self.written = 0;
                self.ack_if(matches!(self.device, SMC_ADDRESS | RTC_ADDRESS));
            }
            Phase::Write if self.bits == 8 => {
                let (device, offset_byte, value) = (self.device, self.written == 0, self.byte);
                match device {
                    SMC_ADDRESS if offset_byte => self.smc.set_offset(value),
                    SMC_ADDRESS => self.smc.write(value),
                    RTC_ADDRESS if offset_byte => self.rtc.set_offset(value),
                    _ => self.rtc.write(value),
                }
                self.written += 1;
                self.ack_if(true);
            }
            Phase::Ack => {
                if self.reading {
                    self.next_read_byte();
                } else {
                    self.device_sda = true;
                    self.phase = Phase::Write;
                    self.bits = 0;
                    self.byte = 0;
                }
            }
            Phase::Read if self.bits < 8 => {
                self.device_sda = self.byte & (0x80 >> self.bits) != 0;
            }
            Phase::Read => {
                self.device_sda = true;
                self.phase = Phase::MasterAck;
            }
            Phase::MasterAck => self.next_read_byte(),
            Phase::Address | Phase::Write | Phase::Idle => {}
        }
    }

    /// Pulls SDA low for the ninth clock, or lets the byte go unanswered.
    fn ack_if(&mut self, ack: bool) {
        if ack {
            self.device_sda = false;
            self.phase = Phase::Ack;
        } else {
            self.device_sda = true;
            self.phase = Phase::Idle;
        }
    }

    /// The device's next byte, its first bit on SDA before the clock rises.
    fn next_read_byte(&mut self) {
        self.byte = match self.device {
            SMC_ADDRESS => self.smc.read(),
            _ => self.rtc.read(),
        };
        self.bits = 0;
        self.phase = Phase::Read;
        self.device_sda = self.byte & 0x80 != 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A master that bit-bangs as the data sheet draws it.
    struct Master<'a>(&'a mut I2cBus);

    impl Master<'_> {
        fn start(&mut self) {
            self.0.drive(true, true);
            self.0.drive(true, false);
            self.0.drive(false, false);
        }
        fn stop(&mut self) {
            self.0.drive(false, false);
            self.0.drive(true, false);
            self.0.drive(true, true);
        }
        /// Sends a byte; true if acknowledged.
        fn send(&mut self, byte: u8) -> bool {
            for i in (0..8).rev() {
                let bit = byte & (1 << i) != 0;
                self.0.drive(false, bit);
                self.0.drive(true, bit);
                self.0.drive(false, bit);
            }
            self.0.drive(false, true);
            self.0.drive(true, true);
            let ack = !self.0.sda(true);
            self.0.drive(false, true);
            ack
        }
        fn receive(&mut self, ack: bool) -> u8 {
            let mut byte = 0;
            for _ in 0..8 {
                self.0.drive(false, true);
                self.0.drive(true, true);
                byte = (byte << 1) | u8::from(self.0.sda(true));
            }
            self.0.drive(false, true);
            self.0.drive(false, !ack);
            self.0.drive(true, !ack);
            self.0.drive(false, !ack);
            self.0.drive(false, true);
            byte
        }
    }

    #[test]
    fn a_register_read_answers_and_an_absent_device_does_not() {
        let mut bus = I2cBus::new();
        bus.smc.push_key(31);
        let mut m = Master(&mut bus);
        m.start();
        assert!(m.send(SMC_ADDRESS << 1));
        assert!(m.send(0x07));
        m.start();
        assert!(m.send(SMC_ADDRESS << 1 | 1));
        assert_eq!(m.receive(false), 31);
        m.stop();
        m.start();
        assert!(!m.send(0x50 << 1), "nothing at $50");
        m.stop();
    }
}
