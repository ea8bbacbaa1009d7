//! The X16's System Management Controller on the I2C bus at $42 (Commander X16
//! Programmer's Reference, "I2C": the SMC's registers): the PS/2 keyboard's and mouse's
//! queues, the power and reset requests, the LEDs.
//!
//! Which register answers what follows x16emu `smc_read`/`smc_write`
//! (X16Community/x16-emulator, commit 49b1fbd): $07 reads the next keycode (0 when the
//! queue is empty), $21 a mouse packet (0 when none is complete), $22 the mouse's device
//! id, $09 whether power-on came from a long press (0), $30-$32 the firmware version;
//! other offsets read $FF. After each read the offset goes back to $41 (keycode only).
//! Writes: $01 power off ($00) or reboot ($01), $02 reset, $03 NMI, $04/$05 the power and
//! activity LEDs.
//!
//! Keycodes are the keys' IBM numbers (1-127) as the SMC's keyboard firmware sends them,
//! bit 7 set when the key goes up. The queue holds 15 codes (x16emu's 16-slot ring);
//! what the keyboard sends while it is full waits in the keyboard ([`Smc::push_key`]
//! queues it and [`Smc::read`] moves it up), as a PS/2 keyboard holds its keys while the
//! host holds the clock low.

use std::collections::VecDeque;

/// Codes the SMC's keyboard queue holds.
const QUEUE_CODES: usize = 15;
/// The offset the SMC returns to after a read.
const DEFAULT_OFFSET: u8 = 0x41;
/// The firmware version the SMC reports ($30-$32): x16emu's `SMC_VERSION_*`.
const VERSION: [u8; 3] = [47, 0, 0];

/// What the SMC was asked to do with the power.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PowerRequest {
    /// Power off ($01 $00).
    Off,
    /// Reboot ($01 $01) or the reset button ($02 $00).
    Reset,
    /// The NMI button ($03 $00).
    Nmi,
}

/// The SMC.
#[derive(Clone, Debug)]
pub struct Smc {
    offset: u8,
    queue: VecDeque<u8>,
    /// Keys the keyboard still holds while the queue is full.
    keyboard: VecDeque<u8>,
    power: Option<PowerRequest>,
    leds: [u8; 2],
}

impl Default for Smc {
    fn default() -> Self {
        Self::new()
    }
}

impl Smc {
    /// Queues empty, LEDs off.
    #[must_use]
    pub fn new() -> Self {
        Self {
            offset: DEFAULT_OFFSET,
            queue: VecDeque::with_capacity(QUEUE_CODES),
            keyboard: VecDeque::new(),
            power: None,
            leds: [0; 2],
        }
    }

    /// The keyboard sends `code` (an IBM key number, bit 7 for key up).
    pub fn push_key(&mut self, code: u8) {
        self.keyboard.push_back(code);
        self.fill();
    }

    /// Codes not yet read by the host, in the SMC and the keyboard.
    #[must_use]
    pub fn keys_pending(&self) -> usize {
        self.queue.len() + self.keyboard.len()
    }

    fn fill(&mut self) {
        while self.queue.len() < QUEUE_CODES {
            let Some(code) = self.keyboard.pop_front() else {
                break;
            };
            self.queue.push_back(code);
        }
    }

    /// The register offset, the first byte of a write.
    pub fn set_offset(&mut self, offset: u8) {
        self.offset = offset;
    }

    /// A byte written after the offset.
    pub fn write(&mut self, value: u8) {
        match (self.offset, value) {
            (0x01, 0x00) => self.power = Some(PowerRequest::Off),
            (0x01, 0x01) | (0x02, 0x00) => self.power = Some(PowerRequest::Reset),
            (0x03, 0x00) => self.power = Some(PowerRequest::Nmi),
            (0x04, v) => self.leds[0] = v,
            (0x05, v) => self.leds[1] = v,
            _ => {}
        }
    }

    /// A byte read from the current offset.
    pub fn read(&mut self) -> u8 {
        let value = match self.offset {
            0x07 | 0x41 | 0x43 => {
                let code = self.queue.pop_front().unwrap_or(0);
                self.fill();
                code
            }
            // No mouse: no packet, a standard mouse's id.
            0x21 | 0x42 => 0,
            0x22 => 0,
            0x09 => 0,
            0x30..=0x32 => VERSION[usize::from(self.offset - 0x30)],
            _ => 0xFF,
        };
        self.offset = DEFAULT_OFFSET;
        value
    }

    /// The power request last written, taken.
    pub fn take_power_request(&mut self) -> Option<PowerRequest> {
        self.power.take()
    }

    /// The power and activity LEDs' levels.
    #[must_use]
    pub const fn leds(&self) -> [u8; 2] {
        self.leds
    }
}
