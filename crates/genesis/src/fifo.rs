//! The write FIFO between the 68000 and VRAM/CRAM/VSRAM (sources/genesis.md section 4;
//! Genesis Plus GX `vdp_68k_data_w`, `vdp_fifo_update` and the `fifo_latency` note in
//! `vdp_68k_ctrl_w`).
//!
//! In the active display the VDP has few slots to write memory: 16 a line in H32, 18 in
//! H40, so a data-port write waits in a 4-entry FIFO for its slot, about 3,420 / 16 =
//! 214 master clocks apart in H32 and 190 in H40 (GPGX's figures), twice that for a VRAM
//! word (two byte accesses). A fifth write while four are waiting holds the 68000 until
//! the oldest one is done. In vertical blank or with the display off every write
//! completes at once. Status bit 9 (empty) and 8 (full) follow the entries still waiting.
//!
//! The board tells the chip the time before each 68000 instruction
//! ([`Vdp::set_master_clock`]); a write counts from there (the instruction's own bus
//! cycles before the write are not added: up to a few dozen master clocks early), and the
//! hold is handed back as master clocks ([`Vdp::take_fifo_wait`]). Without a clock
//! (routine calls, the direct API) there is no FIFO: writes complete at once.

use crate::Vdp;
use crate::registers::HMode;

/// Entries in the FIFO.
const FIFO_ENTRIES: usize = 4;

/// The FIFO's state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FifoState {
    /// The board keeps time ([`Vdp::set_master_clock`] was called).
    pub timed: bool,
    /// The master clock of the instruction running now, plus any hold so far.
    pub now: u64,
    /// When each waiting entry is written, oldest first.
    pub done_at: [u64; FIFO_ENTRIES],
    /// Entries in `done_at`.
    pub len: usize,
    /// Master clocks the 68000 was held since the last [`Vdp::take_fifo_wait`].
    pub wait: u64,
}

impl FifoState {
    fn drain(&mut self, t: u64) {
        let done = self.done_at[..self.len]
            .iter()
            .take_while(|&&d| d <= t)
            .count();
        self.done_at.copy_within(done..self.len, 0);
        self.len -= done;
    }
}

impl Vdp {
    /// The master clock (since boot) at the start of the 68000 instruction about to run;
    /// turns the FIFO's timing on.
    pub fn set_master_clock(&mut self, now: u64) {
        self.fifo.timed = true;
        self.fifo.now = now;
    }

    /// Turns the FIFO's timing off (a caller that keeps no time): writes complete at once
    /// and the FIFO reads empty.
    pub fn clear_master_clock(&mut self) {
        self.fifo = FifoState::default();
    }

    /// Master clocks the 68000 was held by a full FIFO since the last call; clears them.
    pub fn take_fifo_wait(&mut self) -> u64 {
        std::mem::take(&mut self.fifo.wait)
    }

    /// Master clocks between the FIFO's slots now (GPGX `fifo_latency`), doubled for a
    /// VRAM word.
    fn fifo_latency(&self, vram: bool) -> u64 {
        let slot = match self.registers.h_mode() {
            HMode::H32 => 214,
            HMode::H40 => 190,
        };
        if vram { 2 * slot } else { slot }
    }

    /// A data-port write enters the FIFO (called by the port).
    pub(crate) fn fifo_write(&mut self, vram: bool) {
        if !self.fifo.timed || !self.in_active_display() {
            return;
        }
        let latency = self.fifo_latency(vram);
        let f = &mut self.fifo;
        let mut t = f.now;
        f.drain(t);
        if f.len == FIFO_ENTRIES {
            let free = f.done_at[0];
            f.wait += free - t;
            f.now = free;
            t = free;
            f.drain(t);
        }
        let start = if f.len > 0 {
            f.done_at[f.len - 1].max(t)
        } else {
            t
        };
        f.done_at[f.len] = start + latency;
        f.len += 1;
    }

    /// Entries still waiting at the current time: (empty, full) for status bits 9 and 8.
    pub(crate) fn fifo_flags(&self) -> (bool, bool) {
        let f = &self.fifo;
        let waiting = f.done_at[..f.len].iter().filter(|&&d| d > f.now).count();
        (waiting == 0, waiting == FIFO_ENTRIES)
    }
}
