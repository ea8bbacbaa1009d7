//! The CPU-facing ports: control port (0xC00004), data port (0xC00000) and the HV
//! counter's latch.
//!
//! This is the interface a 68000 model drives (sources/genesis.md section 4; the command
//! word layout is the one in CMD genvdp.txt; each rule below as Genesis Plus GX
//! `vdp_68k_ctrl_w`, `vdp_68k_data_w_m5`, `vdp_68k_data_r_m5`, `vdp_bus_w`, `vdp_reg_w`
//! and `vdp_68k_ctrl_r` do it, commit 8ae4ef7, the behaviour Nemesis' VDP FIFO test ROM
//! checks on hardware and Exodus follows):
//!
//! - **Control port write** ([`Vdp::write_control`]). With no command half-written, the
//!   word first sets address bits A13-A0 and code bits C1-C0 (a *partial*, first-word-only
//!   command takes effect at once: a data-port access after it uses the new address and
//!   code with the old A15-A14 and C5-C2). Then `10-RRRRR DDDDDDDD` writes `D` to
//!   register `R`: bit 13 is not decoded (so $A0xx writes register 0), numbers 24-31 are
//!   ignored, and in mode 4 (register 1 bit 2 clear) registers 11-23 cannot be written.
//!   A register write thus leaves code bits C1-C0 = 10. Any other word is the first half
//!   of a command, but only in mode 5: in mode 4 no second word is awaited. The second
//!   word is `-------- C5 C4 C3 C2 -- A15 A14`.
//! - **Code** (C3-C0): `0001` VRAM write, `0011` CRAM write, `0101` VSRAM write, `0000`
//!   VRAM read, `1000` CRAM read, `0100` VSRAM read, `1100` (with C4 clear) the
//!   undocumented 8-bit VRAM read. C5 starts a DMA when register 1 bit 4 allows it
//!   ([`crate::dma`]).
//! - **Data port write** ([`Vdp::write_data`]): the word enters the FIFO ([`crate::fifo`])
//!   whatever the code; a VRAM word goes to `A` (high byte) and `A ^ 1` (low byte), so an
//!   odd address writes the word byte-swapped into the same pair; each byte passes the
//!   SAT cache. CRAM takes the word at entry `(A >> 1) & 63`, VSRAM at `(A & $7E) >> 1`
//!   when below 40. Any other code (a read code, an invalid one) writes nothing. Then
//!   `A += register 15`, wrapping at 64 KiB.
//! - **Data port read** ([`Vdp::read_data`]): by C4-C0, the VRAM word at `A & !1` (no
//!   swap for odd `A`); the 11-bit VSRAM word at `(A & $7E) >> 1` (entry 0 past the 40th);
//!   the CRAM word (`----BBB-GGG-RRR-`); or the byte at `A ^ 1` (8-bit read). Bits the
//!   target does not drive come from the FIFO's next entry ([`Vdp::fifo_next_word`]).
//!   Then `A += register 15`. The reads come from the read buffer, so they leave the
//!   write FIFO's words alone, and a read after a write reads what the write stored. The
//!   buffer is filled ahead at the access slots after the read command and after each
//!   read, behind the FIFO's writes, and a read before it is full holds the 68000
//!   ([`crate::prefetch`]). A read with a write code or
//!   an invalid code never completes on the console (the 68000 waits forever);
//!   [`Vdp::read_target_valid`] says so before the read, for the board to stop there.
//! - **Status read** ([`Vdp::read_status`]): the status word ([`crate::status`]); clears
//!   bits 5 and 6 and abandons a half-written command.
//! - **HV counter** ([`Vdp::hv_latched`]): register 0 bit 1 (mode 5) freezes the HV
//!   counter at the value it has when the bit is set; clearing it lets the counter run.
//!
//! Any data-port access also abandons a half-written command.

use crate::Vdp;

/// VSRAM entries (vertical scroll words).
pub const VSRAM_ENTRIES: usize = 40;

/// Code bits C3-C0 of the supported targets.
const CODE_VRAM_WRITE: u8 = 0x1;
const CODE_CRAM_WRITE: u8 = 0x3;
const CODE_VSRAM_WRITE: u8 = 0x5;
/// Code bits C4-C0 of the reads.
const READ_VRAM: u8 = 0x00;
const READ_VSRAM: u8 = 0x04;
const READ_CRAM: u8 = 0x08;
const READ_VRAM_8BIT: u8 = 0x0C;

/// Register 1 bit 2: mode 5.
const REG1_M5: u8 = 0x04;
/// Register 0 bit 1: HV counter latch.
const REG0_HV_LATCH: u8 = 0x02;

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
    /// The HV counter as latched by register 0 bit 1.
    pub hv_latch: Option<u16>,
}

impl Vdp {
    /// Writes a word to the control port: a register write or one half of a command.
    pub fn write_control(&mut self, word: u16) {
        if self.port.pending {
            let p = &mut self.port;
            p.pending = false;
            p.address_latch = (word & 3) << 14;
            p.address = p.address_latch | (p.address & 0x3FFF);
            p.code = (p.code & 0x03) | ((word >> 2) as u8 & 0x3C);
            if p.code & 0x01 == 0 {
                // A read command: the read buffer is refilled from the new address.
                self.schedule_read_ahead();
            }
            self.command_complete();
            return;
        }
        let p = &mut self.port;
        p.address = p.address_latch | (word & 0x3FFF);
        p.code = (p.code & 0x3C) | (word >> 14) as u8;
        if word & 0xC000 == 0x8000 {
            let [n, value] = word.to_be_bytes();
            self.write_register_port(n & 0x1F, value);
        } else {
            self.port.pending = self.registers.read(1) & REG1_M5 != 0;
        }
    }

    /// A register write from the control port: the mode-4 mask, and register 0 bit 1's
    /// latch of the HV counter.
    fn write_register_port(&mut self, n: u8, value: u8) {
        let mode5 = self.registers.read(1) & REG1_M5 != 0;
        if !mode5 && n > 10 {
            return;
        }
        if n == 0 && mode5 && (value ^ self.registers.read(0)) & REG0_HV_LATCH != 0 {
            self.port.hv_latch = if value & REG0_HV_LATCH != 0 {
                Some(self.hv_counter(self.master_in_line()))
            } else {
                None
            };
        }
        self.write_register(n, value);
    }

    /// The HV counter as latched by register 0 bit 1, or `None` while it runs free.
    #[must_use]
    pub fn hv_latched(&self) -> Option<u16> {
        self.port.hv_latch
    }

    /// Writes a word to the data port at the current address and code, then advances the
    /// address by register 15.
    pub fn write_data(&mut self, word: u16) {
        self.port.pending = false;
        self.flush_dma_queue();
        // VRAM words and invalid targets take two slots; CRAM and VSRAM one (GPGX
        // `fifo_byte_access`).
        self.fifo_write(self.port.code & 0x06 == 0);
        self.fifo_push_word(word);
        let a = self.port.address;
        self.store_word(a, word);
        self.advance_address();
        self.read_ahead_after_write();
        self.after_data_write();
    }

    /// A word to VRAM, CRAM or VSRAM at `a` by the code register (no advance).
    pub(crate) fn store_word(&mut self, a: u16, word: u16) {
        self.store_word_as(self.port.code, a, word);
    }

    /// [`Vdp::store_word`] with the code a word entered the FIFO with.
    pub(crate) fn store_word_as(&mut self, code: u8, a: u16, word: u16) {
        let [hi, lo] = word.to_be_bytes();
        match code & 0x0F {
            CODE_VRAM_WRITE => {
                let sat_base = self.registers.sat_base();
                self.vram.write_byte(a, hi, sat_base);
                self.vram.write_byte(a ^ 1, lo, sat_base);
            }
            CODE_CRAM_WRITE => self.cram.write_colour((a >> 1) as u8, word),
            CODE_VSRAM_WRITE => {
                if let Some(v) = self.vsram.get_mut(usize::from((a & 0x7E) >> 1)) {
                    *v = word & 0x07FF;
                }
            }
            _ => {}
        }
    }

    /// Whether a data-port read with the current code completes: a read code (VRAM,
    /// VSRAM, CRAM, 8-bit VRAM). Any other code hangs the 68000's read on the console.
    #[must_use]
    pub fn read_target_valid(&self) -> bool {
        matches!(
            self.port.code & 0x1F,
            READ_VRAM | READ_VSRAM | READ_CRAM | READ_VRAM_8BIT
        )
    }

    /// Reads a word from the data port at the current address and code, then advances the
    /// address by register 15. With a code that is no read ([`Vdp::read_target_valid`]),
    /// 0 (a board stops before such a read).
    pub fn read_data(&mut self) -> u16 {
        self.port.pending = false;
        self.flush_dma_queue();
        self.wait_read_ahead();
        let a = self.port.address;
        let fifo = self.fifo_next_word();
        let word = match self.port.code & 0x1F {
            READ_VRAM => self.vram.word(a & !1),
            READ_VSRAM => {
                let v = self.vsram.get(usize::from((a & 0x7E) >> 1)).copied();
                v.unwrap_or(self.vsram[0]) & 0x07FF | fifo & !0x07FF
            }
            READ_CRAM => self.cram.colour((a >> 1) as u8) | fifo & !0x0EEE,
            READ_VRAM_8BIT => u16::from(self.vram.byte(a ^ 1)) | fifo & 0xFF00,
            _ => 0,
        };
        self.advance_address();
        self.schedule_read_ahead();
        word
    }

    /// Reads the status word from the control port: clears bits 5 and 6 and abandons a
    /// half-written command.
    pub fn read_status(&mut self) -> u16 {
        let word = self.peek_status();
        self.port.pending = false;
        self.status.read();
        word
    }

    /// The status word without the read's side effects (for the harness, not the CPU).
    #[must_use]
    pub fn peek_status(&self) -> u16 {
        self.status_at(self.fifo.now, self.fifo.line_start)
    }

    /// The status word a read at master clock `at` returns, the line being run having
    /// begun at master clock `line_start`, without the read's side effects: the flags
    /// behind it ([`crate::status`]) and the bits the chip reads from its state at that
    /// moment: 1 (DMA busy, a fill armed included), 2 (HBlank, [`crate::status::hblank`],
    /// only when the board keeps time), 3 while the display is off (register 1 bit 6
    /// clear), whatever line it is (GPGX `vdp_68k_ctrl_r`), 9 and 8 (FIFO empty and full,
    /// the entries not yet read out at `at`, [`crate::fifo`]).
    #[must_use]
    pub fn status_at(&self, at: u64, line_start: u64) -> u16 {
        let mut word = self.status.word();
        if self.dma_busy() {
            word |= crate::STATUS_DMA_BUSY;
        }
        if self.fifo.timed {
            let in_line = crate::fifo::in_line(at, line_start);
            if crate::status::hblank(in_line, self.registers.h_mode()) {
                word |= crate::status::STATUS_HBLANK;
            }
        }
        if !self.registers.display_enabled() {
            word |= crate::STATUS_VBLANK;
        }
        let waiting = self.fifo.waiting_at(at).count();
        if waiting == crate::fifo::FIFO_ENTRIES {
            word |= crate::status::STATUS_FIFO_FULL;
        }
        if waiting > 0 {
            word &= !crate::status::STATUS_FIFO_EMPTY;
        }
        word
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
