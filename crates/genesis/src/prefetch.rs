//! The read-ahead behind the data port: a data-port read returns a word the VDP fetched
//! into its read buffer beforehand, not memory at the moment of the read (ares
//! `VDP::readDataPort`, `VDP::Prefetch::run` and `VDP::slot`, commit 02180ba; the
//! behaviour Nemesis' VDP FIFO test ROM checks as "read prefetch" on hardware, which
//! Genesis Plus GX `vdp_68k_data_r_m5` does not time).
//!
//! - **When the buffer is filled.** A command's second word with a read code, and every
//!   data-port read, empty the buffer; the VDP fills it again at its next external access
//!   slots ([`crate::fifo`]): one slot for CRAM, VSRAM and the 8-bit VRAM read, two for a
//!   VRAM word (its two bytes, one a slot). The write FIFO has the slots first: a fill
//!   waits until every word written before it, and any word written while it waits, has
//!   been read out of the FIFO. In vertical blank or with the display off the slots come
//!   every few master clocks and the buffer is filled at once, as the FIFO is drained.
//! - **The 68000 waits.** A read before the buffer is full holds the 68000 until it is
//!   (the hold goes with the FIFO's, [`Vdp::take_fifo_wait`]); so a read right after
//!   setting the address waits for a slot, and back-to-back reads in the active display
//!   come one per one or two slots.
//! - **What it holds.** The word is memory at the address as the read finds it: between
//!   the fill and the read only a DMA fill or copy still running could change that memory
//!   (data-port writes with a read code store nothing), and the model does not keep the
//!   older word for that case.
//!
//! Without a clock (routine calls, the direct API) reads complete at once.

use crate::Vdp;
use crate::fifo::next_slot;

/// The read buffer's state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadAhead {
    /// The master clock at which the buffer holds the next word (0: full already).
    pub ready_at: u64,
}

/// Code bits C4-C0 of the 16-bit VRAM read, whose fetch takes two slots.
const READ_VRAM: u8 = 0x00;

impl Vdp {
    /// Empties the read buffer at the current time and schedules its fill: behind the
    /// write FIFO's waiting words, at the next one or two access slots.
    pub(crate) fn schedule_read_ahead(&mut self) {
        let f = &self.fifo;
        if !f.timed || !self.in_active_display() {
            self.read_ahead.ready_at = f.now;
            return;
        }
        let h_mode = self.registers.h_mode();
        let behind = f.drained_at().max(f.now);
        let mut t = next_slot(behind, f.line_start, h_mode);
        if self.port.code & 0x1F == READ_VRAM {
            t = next_slot(t, f.line_start, h_mode);
        }
        self.read_ahead.ready_at = t;
    }

    /// A data-port write while the buffer waits for its fill: the write's slots come
    /// first, so the fill is scheduled again behind it.
    pub(crate) fn read_ahead_after_write(&mut self) {
        if self.read_ahead.ready_at > self.fifo.now {
            self.schedule_read_ahead();
        }
    }

    /// Holds the 68000 until the buffer is full (a data-port read).
    pub(crate) fn wait_read_ahead(&mut self) {
        let f = &mut self.fifo;
        if f.timed && self.read_ahead.ready_at > f.now {
            f.wait += self.read_ahead.ready_at - f.now;
            f.now = self.read_ahead.ready_at;
        }
    }

    /// The master clock at which the read buffer holds the next word (for tests and
    /// traces; at or before the current time when it is full).
    #[must_use]
    pub fn read_ahead_ready_at(&self) -> u64 {
        self.read_ahead.ready_at
    }
}
