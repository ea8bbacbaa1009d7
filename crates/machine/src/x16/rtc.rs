//! The X16's real-time clock, a Microchip MCP7940N on the I2C bus at $6F (Commander X16
//! Programmer's Reference, "I2C"), as its data sheet (DS20005010) gives the registers:
//! $00 RTCSEC (bit 7 ST, the oscillator's start bit; BCD seconds), $01 RTCMIN, $02
//! RTCHOUR (bit 6 set: 12-hour mode, bit 5 PM), $03 RTCWKDAY (bit 5 OSCRUN, bit 3
//! VBATEN, the weekday 1-7), $04 RTCDATE, $05 RTCMTH (bit 5 LPYR), $06 RTCYEAR (BCD
//! 00-99), $07 CONTROL, $08 OSCTRIM, $0A-$1F the alarms and power-fail stamps (kept as
//! written), $20-$5F the 64 bytes of battery-backed SRAM. The register pointer moves on
//! after each byte read or written, wrapping from $1F to $00 in the clock's block and
//! from $5F to $20 in the SRAM's.
//!
//! The board's clock is set at power-on to 2000-01-01 00:00:00, a Saturday (weekday 7
//! here), oscillator running (ST, OSCRUN and VBATEN set), 24-hour mode, the SRAM zero:
//! a fixed moment, so every run of a program reads the same times. It then counts the
//! machine's own time, which the board gives in whole seconds ([`Rtc::set_elapsed`]).

/// Registers in the clock's block ($00-$1F).
const CLOCK_REGS: usize = 0x20;
/// SRAM bytes ($20-$5F).
const SRAM_BYTES: usize = 0x40;

/// The MCP7940N.
#[derive(Clone, Debug)]
pub struct Rtc {
    regs: [u8; CLOCK_REGS],
    sram: [u8; SRAM_BYTES],
    pointer: u8,
    /// Seconds of machine time already counted into the time registers.
    counted: u64,
    /// Seconds of machine time since power-on.
    elapsed: u64,
}

impl Default for Rtc {
    fn default() -> Self {
        Self::new()
    }
}

const fn bcd(v: u8) -> u8 {
    (v / 10) << 4 | (v % 10)
}

const fn from_bcd(v: u8) -> u8 {
    (v >> 4) * 10 + (v & 0x0F)
}

impl Rtc {
    /// 2000-01-01 00:00:00, running.
    #[must_use]
    pub fn new() -> Self {
        let mut regs = [0; CLOCK_REGS];
        regs[0] = 0x80; // ST
        regs[3] = 0x20 | 0x08 | 7; // OSCRUN, VBATEN, Saturday
        regs[4] = 0x01;
        regs[5] = 0x21; // January, LPYR: 2000 is a leap year
        regs[6] = 0x00;
        Self {
            regs,
            sram: [0; SRAM_BYTES],
            pointer: 0,
            counted: 0,
            elapsed: 0,
        }
    }

    /// The machine has run `seconds` since power-on.
    pub fn set_elapsed(&mut self, seconds: u64) {
        self.elapsed = seconds;
    }

    fn catch_up(&mut self) {
        while self.counted < self.elapsed {
            self.counted += 1;
            if self.regs[0] & 0x80 != 0 {
                self.second();
            }
        }
    }

    /// One second on: seconds, minutes, hours, then the date.
    fn second(&mut self) {
        let st = self.regs[0] & 0x80;
        let s = from_bcd(self.regs[0] & 0x7F) + 1;
        if s < 60 {
            self.regs[0] = st | bcd(s);
            return;
        }
        self.regs[0] = st;
        let m = from_bcd(self.regs[1] & 0x7F) + 1;
        if m < 60 {
            self.regs[1] = bcd(m);
            return;
        }
        self.regs[1] = 0;
        if !self.next_hour() {
            return;
        }
        let weekday = self.regs[3] & 7;
        self.regs[3] = (self.regs[3] & !7) | if weekday >= 7 { 1 } else { weekday + 1 };
        let year = from_bcd(self.regs[6]);
        let month = from_bcd(self.regs[5] & 0x1F);
        let leap = year.is_multiple_of(4);
        let days = match month {
            2 if leap => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        };
        let d = from_bcd(self.regs[4] & 0x3F) + 1;
        if d <= days {
            self.regs[4] = bcd(d);
            return;
        }
        self.regs[4] = 1;
        let (month, year) = if month >= 12 {
            (1, (year + 1) % 100)
        } else {
            (month + 1, year)
        };
        self.regs[6] = bcd(year);
        let lpyr = if year.is_multiple_of(4) { 0x20 } else { 0 };
        self.regs[5] = lpyr | bcd(month);
    }

    /// The hour on, in the mode RTCHOUR bit 6 chooses; true when the day changes.
    fn next_hour(&mut self) -> bool {
        let h = self.regs[2];
        if h & 0x40 == 0 {
            let hour = from_bcd(h & 0x3F) + 1;
            self.regs[2] = if hour < 24 { bcd(hour) } else { 0 };
            return hour >= 24;
        }
        // 12-hour mode: 12 AM, 1 AM ... 11 AM, 12 PM ... 11 PM.
        let pm = h & 0x20 != 0;
        let hour = from_bcd(h & 0x1F);
        let (hour, pm, day) = match hour {
            11 => (12, !pm, pm),
            12 => (1, pm, false),
            n => (n + 1, pm, false),
        };
        self.regs[2] = 0x40 | if pm { 0x20 } else { 0 } | bcd(hour);
        day
    }

    /// The register pointer, the first byte of a write.
    pub fn set_offset(&mut self, offset: u8) {
        self.pointer = offset;
    }

    /// A byte written at the pointer, which moves on.
    pub fn write(&mut self, value: u8) {
        self.catch_up();
        match usize::from(self.pointer) {
            0x03 => {
                // OSCRUN and PWRFAIL's read-only status: OSCRUN follows ST.
                let oscrun = if self.regs[0] & 0x80 != 0 { 0x20 } else { 0 };
                self.regs[3] = (value & !0x20) | oscrun;
            }
            0x05 => self.regs[5] = (value & !0x20) | (self.regs[5] & 0x20),
            0x00 => {
                self.regs[0] = value;
                self.regs[3] = (self.regs[3] & !0x20) | if value & 0x80 != 0 { 0x20 } else { 0 };
            }
            p @ 0x01..CLOCK_REGS => self.regs[p] = value,
            p @ CLOCK_REGS..0x60 => self.sram[p - CLOCK_REGS] = value,
            _ => {}
        }
        self.advance();
    }

    /// A byte read at the pointer, which moves on; past $5F the chip answers $FF.
    pub fn read(&mut self) -> u8 {
        self.catch_up();
        let value = match usize::from(self.pointer) {
            p @ 0..CLOCK_REGS => self.regs[p],
            p @ CLOCK_REGS..0x60 => self.sram[p - CLOCK_REGS],
            _ => 0xFF,
        };
        self.advance();
        value
    }

    fn advance(&mut self) {
        self.pointer = match self.pointer {
            0x1F => 0x00,
            0x5F => 0x20,
            p => p.wrapping_add(1),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_rolls_over_a_leap_day_and_the_year() {
        let mut rtc = Rtc::new();
        // 2000-02-28 23:59:59.
        rtc.set_offset(0);
        for v in [0x80 | 0x59, 0x59, 0x23, 0x08 | 2, 0x28, 0x02, 0x00] {
            rtc.write(v);
        }
        rtc.set_elapsed(1);
        rtc.set_offset(0);
        let t: Vec<u8> = (0..7).map(|_| rtc.read()).collect();
        assert_eq!(t, [0x80, 0x00, 0x00, 0x20 | 0x08 | 3, 0x29, 0x22, 0x00]);
        rtc.set_offset(0x5F);
        rtc.write(0xAB);
        assert_eq!(rtc.read(), 0, "wrapped to $20");
        rtc.set_offset(0x5F);
        assert_eq!(rtc.read(), 0xAB);
    }
}
