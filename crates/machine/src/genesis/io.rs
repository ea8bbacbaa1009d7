//! The I/O chip at $A10000 (Sega's Genesis Technical Overview, "I/O"; Genesis Plus GX
//! `io_68k_read`/`io_68k_write` and `gamepad_1_read` for the 3-button pad).
//!
//! Registers sit on odd addresses; a word access reaches the same register in both
//! halves. $A10001 version: $A0 (bit 7 overseas, bit 6 0 = NTSC, bit 5 1 = no Mega-CD,
//! bits 3-0 0 = a console without TMSS, so the VDP answers whether or not "SEGA" was
//! written to $A14000). $A10003/5/7 data ports 1-3, $A10009/B/D their control registers
//! (a set bit makes the pin an output). The 3-button pad on port 1 answers by TH (bit 6):
//! TH = 1 gives `1 1 C B R L D U`, TH = 0 gives `1 0 St A 0 0 D U`, each button 0 when
//! held; TH reads the latched output when it is an output and 1 (pulled up) when an input.
//! Port 2 has a pad with nothing held; port 3 nothing (reads $7F by its pull-ups).

use crate::program::Input;

/// The I/O chip's state.
#[derive(Clone, Debug, Default)]
pub struct Io {
    /// Data registers 1-3 as last written.
    data: [u8; 3],
    /// Control registers 1-3.
    ctrl: [u8; 3],
    /// Pad 1's buttons (Input bits).
    pub pad1: u16,
}

impl Io {
    /// The version register.
    pub const VERSION: u8 = 0xA0;

    fn pad(&self, port: usize, held: u16) -> u8 {
        let th_out = self.ctrl[port] & 0x40 != 0;
        let th = if th_out {
            self.data[port] & 0x40 != 0
        } else {
            true
        };
        let b = |bit: u16| u8::from(held & bit == 0);
        let pins = if th {
            0x40 | b(Input::C) << 5
                | b(Input::B) << 4
                | b(Input::RIGHT) << 3
                | b(Input::LEFT) << 2
                | b(Input::DOWN) << 1
                | b(Input::UP)
        } else {
            b(Input::START) << 5 | b(Input::A) << 4 | b(Input::DOWN) << 1 | b(Input::UP)
        };
        // Output pins read back the latch; bit 7 is the latch's.
        let out_mask = self.ctrl[port] & 0x7F;
        (self.data[port] & 0x80) | (pins & !out_mask) | (self.data[port] & out_mask)
    }

    /// A byte read at `addr` in $A10000-$A1001F.
    #[must_use]
    pub fn read(&self, addr: u32) -> u8 {
        match (addr & 0x1F) >> 1 {
            0 => Self::VERSION,
            1 => self.pad(0, self.pad1),
            2 => self.pad(1, 0),
            3 => 0x7F,
            4..=6 => self.ctrl[((addr & 0x1F) >> 1) as usize - 4],
            _ => 0,
        }
    }

    /// A byte write at `addr` in $A10000-$A1001F.
    pub fn write(&mut self, addr: u32, value: u8) {
        match (addr & 0x1F) >> 1 {
            r @ 1..=3 => self.data[r as usize - 1] = value,
            r @ 4..=6 => self.ctrl[r as usize - 4] = value,
            _ => {}
        }
    }
}
