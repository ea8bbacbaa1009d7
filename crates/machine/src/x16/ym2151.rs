//! The YM2151 (OPM) at $9F40-$9F41, as far as a KERNAL's start-up and a program's register
//! writes see it: the register latch, the 256 registers, and the status byte's busy flag.
//! No sound is made.
//!
//! From the YM2151 data sheet (Yamaha, "YM2151 Application Manual": after a data write
//! the chip is busy for 64 cycles of its master clock φM, during which a further write is
//! lost) and the Commander X16 Programmer's Reference ("YM2151": $9F40 the address
//! register, $9F41 data; the chip clocked at 3.579545 MHz); the decoding as x16emu does
//! it (`memory.c` `real_read6502`/`write6502`, X16Community/x16-emulator commit 49b1fbd):
//! a read of $9F41 returns the status, a read of $9F40 the open bus; a write to $9F40
//! latches the register number, a write to $9F41 writes the latched register.
//!
//! Busy in CPU cycles: 64 φM cycles at 3,579,545 Hz are 143.03 cycles of the 8 MHz CPU,
//! so a read 143 cycles after the write still sees bit 7 set and one 144 cycles after
//! sees it clear ([`Ym2151::busy`] compares without rounding).
//!
//! Not modelled: timers A and B (status bits 0 and 1 stay 0, and the chip never pulls
//! IRQ), the wait states the board adds to accesses at $9F40-$9F5F, the sound.

/// The address register's location.
pub const YM_ADDRESS: u16 = 0x9F40;
/// The data register's (and the status byte's) location.
pub const YM_DATA: u16 = 0x9F41;
/// The status byte's busy flag.
pub const BUSY: u8 = 0x80;
/// The chip's master clock φM in Hz.
const YM_CLOCK_HZ: u64 = 3_579_545;
/// The CPU's clock in Hz.
const CPU_CLOCK_HZ: u64 = 8_000_000;
/// φM cycles the chip is busy after a data write.
const BUSY_YM_CYCLES: u64 = 64;

/// The chip's registers and when its last write was taken.
#[derive(Clone, Debug)]
pub struct Ym2151 {
    latch: u8,
    regs: Box<[u8; 256]>,
    /// The CPU cycle of the last write the chip took (`None`: none yet).
    written_at: Option<u64>,
}

impl Default for Ym2151 {
    fn default() -> Self {
        Self {
            latch: 0,
            regs: Box::new([0; 256]),
            written_at: None,
        }
    }
}

impl Ym2151 {
    /// Whether the chip is still busy at CPU cycle `now`.
    #[must_use]
    pub fn busy(&self, now: u64) -> bool {
        self.written_at
            .is_some_and(|at| now.saturating_sub(at) * YM_CLOCK_HZ < BUSY_YM_CYCLES * CPU_CLOCK_HZ)
    }

    /// The status byte at cycle `now`.
    #[must_use]
    pub fn status(&self, now: u64) -> u8 {
        if self.busy(now) { BUSY } else { 0 }
    }

    /// A write of the address register.
    pub fn write_address(&mut self, value: u8) {
        self.latch = value;
    }

    /// A write of the data register at cycle `now`: lost while busy.
    pub fn write_data(&mut self, value: u8, now: u64) {
        if self.busy(now) {
            return;
        }
        self.regs[usize::from(self.latch)] = value;
        self.written_at = Some(now);
    }

    /// Register `reg` as last written.
    #[must_use]
    pub fn reg(&self, reg: u8) -> u8 {
        self.regs[usize::from(reg)]
    }

    /// Counts the cycles from 0 again (the CPU's clock restarted after the project
    /// KERNAL's start-up code, which does not write the chip): nothing is busy.
    pub fn restart_clock(&mut self) {
        self.written_at = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_data_write_is_busy_for_64_master_clocks_and_a_write_meanwhile_is_lost() {
        let mut ym = Ym2151::default();
        assert_eq!(ym.status(0), 0, "no write yet");
        ym.write_address(0x08);
        ym.write_data(0x00, 1000);
        assert_eq!(ym.reg(0x08), 0);
        // 64 / 3.579545 MHz = 17.88 us = 143.03 cycles at 8 MHz.
        assert_eq!(ym.status(1000), BUSY);
        assert_eq!(ym.status(1143), BUSY);
        assert_eq!(ym.status(1144), 0);
        ym.write_address(0x20);
        ym.write_data(0xC7, 1144);
        ym.write_data(0x11, 1200);
        assert_eq!(ym.reg(0x20), 0xC7, "the write while busy is lost");
        // ... and does not restart the busy time: clear 144 cycles after the write taken.
        assert_eq!(ym.status(1287), BUSY);
        assert_eq!(ym.status(1288), 0);
    }
}
