//! The PCM and SPI registers at $9F3B-$9F3F, as a KERNAL's start-up and its SD-card probe
//! see them; no sound is made and no card is attached.
//!
//! Read values from the FPGA's register file (fvdhoef/vera-module `fpga/source/top.v`,
//! the `rddata` case, commit 01da1d8) and the VERA Programmer's Reference ("Audio",
//! "SPI"):
//! - AUDIO_CTRL ($9F3B): FIFO full 7, FIFO empty 6 (the reference's bit since VERA
//!   47.0.0), 16-bit 5, stereo 4, PCM volume 3-0. A write keeps bits 5-0; bit 7 written
//!   empties the FIFO.
//! - AUDIO_RATE ($9F3C): reads back what was written.
//! - AUDIO_DATA ($9F3D): reads 0; a write puts a byte in the 4 KB FIFO (4,095 bytes fill
//!   it, as the FIFO's full flag counts them).
//! - SPI_DATA ($9F3E): the byte received by the last transfer; with no card MISO floats
//!   high, so every transfer receives $FF (x16emu `vera_spi_step` without a card,
//!   X16Community/x16-emulator commit 49b1fbd), and $FF is also the value after reset.
//! - SPI_CTRL ($9F3F): busy 7, auto-read 2, slow clock 1, select 0, the last three as
//!   written.
//!
//! Not modelled: the FIFO's playback (the samples leaving it at AUDIO_RATE; at rate 0,
//! the reset value, none leave, so the level is exact until a program starts playback),
//! the AFLOW interrupt, the PSG (its registers are VRAM at $1F9C0, written and read as
//! VRAM), and the SPI's transfer time: a transfer of 8 bits at 12.5 MHz ends within
//! 0.64 us, so the busy bit reads 0 (a poll that reads SPI_CTRL right after the write,
//! 4 CPU cycles at 8 MHz = 0.5 us later, would see it set once on the machine).

/// AUDIO_CTRL's offset from $9F20.
pub const AUDIO_CTRL: u8 = 0x1B;
/// AUDIO_RATE's offset.
pub const AUDIO_RATE: u8 = 0x1C;
/// AUDIO_DATA's offset.
pub const AUDIO_DATA: u8 = 0x1D;
/// SPI_DATA's offset.
pub const SPI_DATA: u8 = 0x1E;
/// SPI_CTRL's offset.
pub const SPI_CTRL: u8 = 0x1F;

/// Bytes that fill the PCM FIFO.
const FIFO_FULL_BYTES: u16 = 4095;
/// What a transfer receives with no card on the bus (MISO pulled high).
const NO_CARD: u8 = 0xFF;

/// The PCM FIFO's and the SPI controller's registers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Audio {
    /// AUDIO_CTRL bits 5-0.
    ctrl: u8,
    rate: u8,
    /// Bytes in the FIFO.
    fifo_bytes: u16,
    /// SPI_CTRL bits 2-0.
    spi_ctrl: u8,
}

impl Audio {
    /// What a read of `offset` (one of $1B-$1F) returns.
    #[must_use]
    pub fn read(&self, offset: u8) -> u8 {
        match offset {
            AUDIO_CTRL => {
                let full = u8::from(self.fifo_bytes >= FIFO_FULL_BYTES) << 7;
                let empty = u8::from(self.fifo_bytes == 0) << 6;
                full | empty | self.ctrl
            }
            AUDIO_RATE => self.rate,
            // No card: MISO reads high, whatever was sent.
            SPI_DATA => NO_CARD,
            // Busy is never seen (see the module docs).
            SPI_CTRL => self.spi_ctrl,
            _ => 0,
        }
    }

    /// A write of `value` to `offset` (one of $1B-$1F).
    pub fn write(&mut self, offset: u8, value: u8) {
        match offset {
            AUDIO_CTRL => {
                self.ctrl = value & 0x3F;
                if value & 0x80 != 0 {
                    self.fifo_bytes = 0;
                }
            }
            AUDIO_RATE => self.rate = value,
            AUDIO_DATA => self.fifo_bytes = (self.fifo_bytes + 1).min(FIFO_FULL_BYTES),
            SPI_CTRL => self.spi_ctrl = value & 0x07,
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fifo_counts_its_bytes_and_a_reset_empties_it() {
        let mut a = Audio::default();
        // Reset: FIFO empty (bit 6), volume 0, rate 0; no card: SPI_DATA $FF, not busy.
        assert_eq!(
            [AUDIO_CTRL, AUDIO_RATE, AUDIO_DATA, SPI_DATA, SPI_CTRL].map(|r| a.read(r)),
            [0x40, 0, 0, 0xFF, 0]
        );
        a.write(AUDIO_CTRL, 0x3F);
        a.write(AUDIO_RATE, 128);
        a.write(AUDIO_DATA, 1);
        assert_eq!(a.read(AUDIO_CTRL), 0x3F, "one byte: neither empty nor full");
        assert_eq!(a.read(AUDIO_RATE), 128);
        for _ in 0..5000 {
            a.write(AUDIO_DATA, 1);
        }
        assert_eq!(a.read(AUDIO_CTRL), 0xBF, "full");
        a.write(AUDIO_CTRL, 0x85);
        assert_eq!(a.read(AUDIO_CTRL), 0x45, "reset: empty, the new volume");
        a.write(SPI_CTRL, 0xFF);
        a.write(SPI_DATA, 0x40);
        assert_eq!((a.read(SPI_CTRL), a.read(SPI_DATA)), (0x07, 0xFF));
    }
}
