//! Timer 1 and Timer 2, counted in whole Φ2 cycles.
//!
//! A counter loaded with N by the write to its high byte reads N, N-1, ... 0 on the
//! following cycles and times out on the (N + 1)th, when it rolls over to $FFFF: the data
//! sheet's interrupt "N + 1.5 cycles" after the write, seen by the CPU from the next
//! whole cycle. In free-run mode Timer 1 spends one more cycle reloading its latch, so
//! later timeouts come every N + 2 cycles (data sheet, "Timer 1 free-run mode"; MAME
//! `via6522_device::device_timer` TIMER_T1 adds the same two cycles). After a one-shot
//! timeout the counter goes on counting down from $FFFF without setting the flag again
//! until the next load (data sheet, "Timer 1 one-shot mode", "Timer 2 one-shot mode").

/// Timer 1: a 16-bit counter with a 16-bit latch, and PB7.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timer1 {
    latch: u16,
    counter: u16,
    /// The next timeout sets the flag (one-shot: until it happens once; free-run: always).
    armed: bool,
    /// The cycle after a free-run timeout reloads the latch.
    reload: bool,
    /// PB7 as the timer drives it: low from the load to the one-shot timeout; toggled by
    /// each free-run timeout.
    pb7: bool,
}

impl Default for Timer1 {
    fn default() -> Self {
        Self {
            latch: 0xFFFF,
            counter: 0xFFFF,
            armed: false,
            reload: false,
            pb7: true,
        }
    }
}

impl Timer1 {
    pub(crate) fn set_latch_lo(&mut self, value: u8) {
        self.latch = (self.latch & 0xFF00) | u16::from(value);
    }

    pub(crate) fn set_latch_hi(&mut self, value: u8) {
        self.latch = (self.latch & 0x00FF) | (u16::from(value) << 8);
    }

    /// The write to T1C-H: latch high byte, counter from the latch, armed, PB7 low.
    pub(crate) fn load(&mut self, hi: u8) {
        self.set_latch_hi(hi);
        self.counter = self.latch;
        self.armed = true;
        self.reload = false;
        self.pb7 = false;
    }

    pub(crate) const fn counter(&self) -> u16 {
        self.counter
    }

    pub(crate) const fn latch(&self) -> u16 {
        self.latch
    }

    pub(crate) const fn pb7(&self) -> bool {
        self.pb7
    }

    /// Runs `n` cycles; returns how many flagged timeouts happened.
    pub(crate) fn tick(&mut self, mut n: u32, free_run: bool) -> u32 {
        let mut flagged = 0;
        while n > 0 {
            if self.reload {
                self.reload = false;
                self.counter = self.latch;
                n -= 1;
                continue;
            }
            let to_timeout = u32::from(self.counter) + 1;
            if n < to_timeout {
                self.counter -= n as u16;
                break;
            }
            n -= to_timeout;
            self.counter = 0xFFFF;
            if self.armed {
                flagged += 1;
                if free_run {
                    self.pb7 = !self.pb7;
                    self.reload = true;
                } else {
                    self.armed = false;
                    self.pb7 = true;
                }
            }
        }
        flagged
    }

    /// Cycles until the next flagged timeout.
    #[inline]
    pub(crate) fn cycles_to_timeout(&self) -> Option<u32> {
        if !self.armed {
            return None;
        }
        Some(if self.reload {
            u32::from(self.latch) + 2
        } else {
            u32::from(self.counter) + 1
        })
    }
}

/// Timer 2: a 16-bit counter with an 8-bit low latch, one-shot or counting PB6 pulses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timer2 {
    latch_lo: u8,
    counter: u16,
    armed: bool,
}

impl Default for Timer2 {
    fn default() -> Self {
        Self {
            latch_lo: 0xFF,
            counter: 0xFFFF,
            armed: false,
        }
    }
}

impl Timer2 {
    pub(crate) fn set_latch_lo(&mut self, value: u8) {
        self.latch_lo = value;
    }

    /// The write to T2C-H: the counter from the high byte and the low latch, armed.
    pub(crate) fn load(&mut self, hi: u8) {
        self.counter = (u16::from(hi) << 8) | u16::from(self.latch_lo);
        self.armed = true;
    }

    pub(crate) const fn counter(&self) -> u16 {
        self.counter
    }

    /// Runs `n` Φ2 cycles (one-shot mode); returns whether the flag rose.
    pub(crate) fn tick(&mut self, n: u32) -> bool {
        let to_timeout = u32::from(self.counter) + 1;
        if n < to_timeout {
            self.counter -= n as u16;
            return false;
        }
        // Past the timeout the counter keeps rolling down through $FFFF.
        let after = (n - to_timeout) % 0x1_0000;
        self.counter = 0xFFFF - after as u16;
        std::mem::take(&mut self.armed)
    }

    /// One PB6 falling edge in pulse-counting mode; returns whether the flag rose (the
    /// count reached zero, data sheet "Timer 2 pulse counting mode").
    pub(crate) fn count_pulse(&mut self) -> bool {
        self.counter = self.counter.wrapping_sub(1);
        self.counter == 0 && std::mem::take(&mut self.armed)
    }

    #[inline]
    pub(crate) fn cycles_to_timeout(&self) -> Option<u32> {
        self.armed.then(|| u32::from(self.counter) + 1)
    }
}
