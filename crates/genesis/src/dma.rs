//! DMA (sources/genesis.md section 4; CMD genvdp.txt "DMA"; Genesis Plus GX
//! `vdp_dma_68k_ext`, `vdp_dma_fill`, `vdp_dma_copy`, `vdp_dma_update` and its
//! `dma_timing` table).
//!
//! A DMA starts when the second word of a command has C5 set and register 1 bit 4 (M1,
//! DMA enable) is on; register 23 bits 7-6 choose the kind:
//! - `0x`: **68000 to VRAM/CRAM/VSRAM**. Source = register 23 bits 6-0 : 22 : 21, a word
//!   address (A23-A1); length = register 20 : 19 words (0 means 65,536). The chip takes
//!   words from the 68000's bus, so the chip cannot fetch them itself: the board takes
//!   the request ([`Vdp::take_dma_68k`]), reads each word from its bus and hands it to
//!   [`Vdp::dma_write`], holding the 68000 off the bus for the transfer's duration. The
//!   source increments within its 128 KB window (A16-A1 wrap, A23-A17 fixed).
//! - `10`: **VRAM fill**. Armed by the command; the next data-port write writes its word
//!   as usual, then the fill writes the word's high byte at `address ^ 1` `length` times,
//!   the address advancing by register 15 each time (CRAM/VSRAM: the whole word).
//! - `11`: **VRAM copy**: `length` bytes from VRAM source (register 22 : 21) to the
//!   address, the source advancing by 1, the address by register 15.
//!
//! After a DMA registers 19-20 read 0 and 21-22 hold the source where it stopped.
//! Every transfer lands in memory when it starts; its duration is kept as bytes of the
//! VDP's access budget, during which status bit 1 (DMA busy) reads 1: per line 16 bytes
//! (H32) or 18 (H40) in active display, 167 or 205 in blank or with the display off
//! (GPGX `dma_timing`); a 68000 word costs 2, a filled byte 1, a copied byte 2.

use crate::Vdp;
use crate::registers::HMode;

/// Register 1 bit 4: DMA enable.
const REG1_M1: u8 = 0x10;

/// Which transfer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DmaKind {
    /// 68000 bus to VRAM, CRAM or VSRAM.
    Bus68k,
    /// VRAM fill.
    Fill,
    /// VRAM copy.
    Copy,
}

/// A 68000-bus transfer the board carries out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dma68k {
    /// The first source byte address (even).
    pub source: u32,
    /// Words to transfer (1-65,536).
    pub words: u32,
}

impl Dma68k {
    /// The source address of word `k`, wrapping in the 128 KB window as the chip does.
    #[must_use]
    pub fn source_of(&self, k: u32) -> u32 {
        (self.source & 0xFE_0000) | (self.source.wrapping_add(2 * k) & 0x1_FFFE)
    }
}

/// The DMA state behind the ports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DmaState {
    /// A 68000 transfer requested, not yet taken by the board.
    pub pending_68k: Option<Dma68k>,
    /// A fill armed, waiting for its data-port write.
    pub fill_armed: bool,
    /// Access-budget bytes the running transfer still needs (busy while nonzero).
    pub budget_left: u32,
    /// Whether the running transfer is a 68000 transfer (the 68000 is held).
    pub holds_68k: bool,
    /// Master clocks of the current line already charged, as a remainder.
    pub clock_remainder: u32,
}

impl Vdp {
    fn dma_length(&self) -> u32 {
        let n = u32::from(self.registers.read(20)) << 8 | u32::from(self.registers.read(19));
        if n == 0 { 0x1_0000 } else { n }
    }

    /// Called by the port when a command's second word arrives.
    pub(crate) fn command_complete(&mut self) {
        if self.port.code & 0x20 == 0 || self.registers.read(1) & REG1_M1 == 0 {
            return;
        }
        let r23 = self.registers.read(23);
        let length = self.dma_length();
        match r23 >> 6 {
            0 | 1 => {
                let source = (u32::from(r23 & 0x7F) << 17)
                    | (u32::from(self.registers.read(22)) << 9)
                    | (u32::from(self.registers.read(21)) << 1);
                self.dma.pending_68k = Some(Dma68k {
                    source,
                    words: length,
                });
                self.start_busy(2 * length, true);
                self.set_source_and_length(source >> 1, length);
            }
            2 => self.dma.fill_armed = true,
            _ => {
                let mut source =
                    u16::from(self.registers.read(22)) << 8 | u16::from(self.registers.read(21));
                for _ in 0..length {
                    let b = self.vram.as_bytes()[usize::from(source)];
                    let sat_base = self.registers.sat_base();
                    self.vram.write_byte(self.port.address, b, sat_base);
                    source = source.wrapping_add(1);
                    self.advance_address();
                }
                self.registers.write(21, source as u8);
                self.registers.write(22, (source >> 8) as u8);
                self.registers.write(19, 0);
                self.registers.write(20, 0);
                self.start_busy(2 * length, false);
            }
        }
    }

    /// Registers 19-22 after a transfer of `length` units from word/byte `start`.
    fn set_source_and_length(&mut self, start: u32, length: u32) {
        let end = (start & !0xFFFF) | (start.wrapping_add(length) & 0xFFFF);
        self.registers.write(21, end as u8);
        self.registers.write(22, (end >> 8) as u8);
        self.registers.write(19, 0);
        self.registers.write(20, 0);
    }

    fn start_busy(&mut self, budget: u32, holds_68k: bool) {
        self.dma.budget_left = budget;
        self.dma.holds_68k = holds_68k;
    }

    /// Called by the data port after the word is written: runs an armed fill.
    pub(crate) fn after_data_write(&mut self, word: u16) {
        if !self.dma.fill_armed {
            return;
        }
        self.dma.fill_armed = false;
        let length = self.dma_length();
        let [hi, _] = word.to_be_bytes();
        for _ in 0..length {
            let a = self.port.address;
            match self.port.code & 0x0F {
                0x1 => {
                    let sat_base = self.registers.sat_base();
                    self.vram.write_byte(a ^ 1, hi, sat_base);
                }
                _ => self.store_word(a, word),
            }
            self.advance_address();
        }
        self.registers.write(19, 0);
        self.registers.write(20, 0);
        self.start_busy(length, false);
    }

    /// The 68000 transfer the last command started, for the board to carry out; `None`
    /// when there is none. Taking it leaves the chip busy for the transfer's duration.
    pub fn take_dma_68k(&mut self) -> Option<Dma68k> {
        self.dma.pending_68k.take()
    }

    /// One word of a 68000 transfer, written at the address and code like a data-port
    /// write (without abandoning a half-written command), then the address advances.
    pub fn dma_write(&mut self, word: u16) {
        self.store_word(self.port.address, word);
        self.advance_address();
    }

    /// Whether a DMA is running (status bit 1).
    #[must_use]
    pub fn dma_busy(&self) -> bool {
        self.dma.budget_left > 0
    }

    /// Whether a 68000 transfer is running: the 68000 is held off the bus until it ends.
    #[must_use]
    pub fn dma_holds_68k(&self) -> bool {
        self.dma.budget_left > 0 && self.dma.holds_68k
    }

    fn dma_bytes_per_line(&self) -> u32 {
        match (self.registers.h_mode(), self.in_active_display()) {
            (HMode::H32, true) => 16,
            (HMode::H40, true) => 18,
            (HMode::H32, false) => 167,
            (HMode::H40, false) => 205,
        }
    }

    /// Master clocks the running DMA needs to finish at the current line's rate (0 when
    /// none runs).
    #[must_use]
    pub fn dma_clocks_to_finish(&self) -> u32 {
        let rate = self.dma_bytes_per_line();
        (self.dma.budget_left * crate::line::MASTER_PER_LINE).div_ceil(rate)
    }

    /// Lets `master_clocks` pass for the running DMA, at the current line's rate.
    pub fn advance_dma(&mut self, master_clocks: u32) {
        if self.dma.budget_left == 0 {
            return;
        }
        let rate = self.dma_bytes_per_line();
        let total = self.dma.clock_remainder + master_clocks * rate;
        let bytes = total / crate::line::MASTER_PER_LINE;
        self.dma.clock_remainder = total % crate::line::MASTER_PER_LINE;
        self.dma.budget_left = self.dma.budget_left.saturating_sub(bytes);
        if self.dma.budget_left == 0 {
            self.dma.clock_remainder = 0;
        }
    }
}
