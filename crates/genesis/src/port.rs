//! The CPU-facing ports: control port (0xC00004) and data port (0xC00000).
//!
//! This is the interface a 68000 model drives (sources/genesis.md section 4; the command
//! word layout is the one in CMD genvdp.txt and GPGX `vdp_68k_ctrl_w`):
//!
//! - **Control port write** ([`Vdp::write_control`]). With no command half-written:
//!   `10-RRRRR DDDDDDDD` writes `D` to register `R` (numbers 24-31 ignored); any other
//!   word is the first half of a command, `C1 C0 A13..A0`. The second word is
//!   `-------- C5 C4 C3 C2 -- A15 A14`. Either half updates the address and code at once,
//!   as in GPGX (the first half also on a register write); A15-A14 come from the last
//!   second half.
//! - **Code** (C3-C0): `0001` VRAM write, `0011` CRAM write, `0101` VSRAM write, `0000`
//!   VRAM read, `1000` CRAM read, `0100` VSRAM read. C5 starts a DMA when register 1 bit 4 allows it
//!   ([`crate::dma`]).
//! - **Data port write** ([`Vdp::write_data`]): a VRAM word goes to `A` (high byte) and
//!   `A ^ 1` (low byte), so an odd address writes the word byte-swapped into the same
//!   pair, as on hardware; each byte passes the SAT cache. CRAM and VSRAM take the word
//!   at entry `A >> 1`. Then `A += register 15`, wrapping at 64 KiB.
//! - **Data port read** ([`Vdp::read_data`]): the word at `A & !1` (VRAM) or entry `A >> 1`
//!   (CRAM, VSRAM), then `A += register 15`. The read prefetch and its one-word delay are
//!   not modelled; a read with a write code returns 0.
//! - **Status read** ([`Vdp::read_status`]): the status word ([`crate::status`]); clears
//!   bits 5 and 6 and abandons a half-written command.
//!
//! Any data-port access also abandons a half-written command (GPGX `vdp_68k_data_w`).

use crate::Vdp;

/// VSRAM entries (vertical scroll words), kept only so the port behaves completely; the
/// sprite plane does not use them.
pub const VSRAM_ENTRIES: usize = 40;

/// Code bits C3-C0 of the supported targets.
const CODE_VRAM_READ: u8 = 0x0;
const CODE_VRAM_WRITE: u8 = 0x1;
const CODE_CRAM_WRITE: u8 = 0x3;
const CODE_VSRAM_READ: u8 = 0x4;
const CODE_VSRAM_WRITE: u8 = 0x5;
const CODE_CRAM_READ: u8 = 0x8;

/// The command state behind the ports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PortState {
    /// First half of a command written, second awaited.
    pub pending: bool,
    /// Code register, C5-C0.
    pub code: u8,
    /// Address register.
    pub address: u16,
    /// A15-A14 from the last second half.
    pub address_latch: u16,
}

impl Vdp {
    /// Writes a word to the control port: a register write or one half of a command.
    pub fn write_control(&mut self, word: u16) {
        let p = &mut self.port;
        if p.pending {
            p.pending = false;
            p.address_latch = (word & 3) << 14;
            p.address = p.address_latch | (p.address & 0x3FFF);
            p.code = (p.code & 0x03) | ((word >> 2) as u8 & 0x3C);
            self.command_complete();
        } else {
            if word & 0xC000 == 0x8000 {
                let [n, value] = word.to_be_bytes();
                self.write_register(n & 0x1F, value);
            } else {
                self.port.pending = true;
            }
            let p = &mut self.port;
            p.address = p.address_latch | (word & 0x3FFF);
            p.code = (p.code & 0x3C) | (word >> 14) as u8;
        }
    }

    /// Writes a word to the data port at the current address and code, then advances the
    /// address by register 15.
    pub fn write_data(&mut self, word: u16) {
        self.port.pending = false;
        // Write codes are odd (VRAM 1, CRAM 3, VSRAM 5).
        if self.port.code & 1 == 1 {
            self.fifo_write(self.port.code & 0x0F == CODE_VRAM_WRITE);
        }
        let a = self.port.address;
        self.store_word(a, word);
        self.advance_address();
        self.after_data_write(word);
    }

    /// A word to VRAM, CRAM or VSRAM at `a` by the code register (no advance).
    pub(crate) fn store_word(&mut self, a: u16, word: u16) {
        let [hi, lo] = word.to_be_bytes();
        match self.port.code & 0x0F {
            CODE_VRAM_WRITE => {
                let sat_base = self.registers.sat_base();
                self.vram.write_byte(a, hi, sat_base);
                self.vram.write_byte(a ^ 1, lo, sat_base);
            }
            CODE_CRAM_WRITE => self.cram.write_colour((a >> 1) as u8, word),
            CODE_VSRAM_WRITE => {
                if let Some(v) = self.vsram.get_mut(usize::from(a >> 1)) {
                    *v = word & 0x07FF;
                }
            }
            _ => {}
        }
    }

    /// Reads a word from the data port at the current address and code, then advances the
    /// address by register 15.
    pub fn read_data(&mut self) -> u16 {
        self.port.pending = false;
        let a = self.port.address;
        let word = match self.port.code & 0x0F {
            CODE_VRAM_READ => self.vram.word(a & !1),
            CODE_CRAM_READ => self.cram.colour((a >> 1) as u8),
            CODE_VSRAM_READ => self.vsram.get(usize::from(a >> 1)).copied().unwrap_or(0),
            _ => 0,
        };
        self.advance_address();
        word
    }

    /// Reads the status word from the control port: clears bits 5 and 6 and abandons a
    /// half-written command.
    pub fn read_status(&mut self) -> u16 {
        self.port.pending = false;
        let live = self.live_status_bits();
        let word = self.status.read() | live;
        self.fifo_empty_mask(word)
    }

    /// The status word without the read's side effects (for the harness, not the CPU).
    #[must_use]
    pub fn peek_status(&self) -> u16 {
        self.fifo_empty_mask(self.status.word() | self.live_status_bits())
    }

    /// Clears bit 9 (FIFO empty) while writes wait in the FIFO.
    fn fifo_empty_mask(&self, word: u16) -> u16 {
        if self.fifo_flags().0 {
            word
        } else {
            word & !crate::status::STATUS_FIFO_EMPTY
        }
    }

    /// The bits the chip reads from its state at the moment: 1 (DMA busy), 3 while the
    /// display is off (register 1 bit 6 clear), whatever line it is (GPGX
    /// `vdp_68k_ctrl_r`), and 8 (FIFO full, [`crate::fifo`]).
    fn live_status_bits(&self) -> u16 {
        let mut bits = 0;
        if self.dma_busy() {
            bits |= crate::STATUS_DMA_BUSY;
        }
        if !self.registers.display_enabled() {
            bits |= crate::STATUS_VBLANK;
        }
        if self.fifo_flags().1 {
            bits |= crate::status::STATUS_FIFO_FULL;
        }
        bits
    }

    /// The 68000's interrupt acknowledge for the vertical interrupt: clears bit 7.
    pub fn acknowledge_vint(&mut self) {
        self.status.vint_pending = false;
    }

    /// The command state (address, code, pending half).
    #[must_use]
    pub fn port_state(&self) -> PortState {
        self.port
    }

    pub(crate) fn advance_address(&mut self) {
        let inc = u16::from(self.registers.auto_increment());
        self.port.address = self.port.address.wrapping_add(inc);
    }
}
