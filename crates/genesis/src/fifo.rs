//! The write FIFO between the 68000 and VRAM/CRAM/VSRAM, and the VDP's external access
//! slots it drains through (sources/genesis.md section 4; Genesis Plus GX
//! `vdp_68k_data_w_m5`, `vdp_68k_ctrl_r`, `vdp_bus_w` and its `fifo_timing_h32` /
//! `fifo_timing_h40` slot tables, commit 8ae4ef7; the FIFO's size and wait states as
//! Nemesis measured them for his VDP FIFO test ROM, which Exodus and GPGX follow).
//!
//! - **Four entries**, a ring of the last four words written (the write buffer). Every
//!   data-port write and every word of a 68000 DMA enters it. The read side has its own
//!   buffer (the word a data-port read returns), so a read never disturbs these words;
//!   but the bits a CRAM, VSRAM or 8-bit VRAM read does not drive come from the entry the
//!   next write will take, the oldest ([`Vdp::fifo_next_word`]; GPGX
//!   `vdp_68k_data_r_m5`), and a CRAM or VSRAM fill takes its data from there too.
//! - **Slots.** In the active display the VDP has 16 (H32) or 18 (H40) access slots a
//!   line for the 68000 side, at fixed points of the line ([`ACCESS_SLOTS_H32`],
//!   [`ACCESS_SLOTS_H40`]: GPGX's tables, whose line starts at the end of the active
//!   display, moved to this model's line, which starts at H counter 0: +2,660 master
//!   clocks in H32 (H counter $85), +2,640 in H40 ($A5)). A write is read out of the FIFO
//!   at the first slot after the later of its arrival and the previous entry's; a word
//!   for VRAM, or for an invalid target (codes 0000, 1000, 1001: no memory takes it,
//!   but the VDP still spends two byte slots on it), takes the slot after that one too.
//!   In vertical blank or with the display off every write is read out at once.
//! - **Wait states.** A write while four entries wait holds the 68000 until the oldest
//!   is read out (GPGX rounds the wait up to the 68000's clock; the board does the
//!   same). Status bit 9 (empty) and 8 (full) follow the entries still waiting.
//!
//! The board tells the chip the time of each port access, the bus cycle's own clock as
//! the 68000 reports it ([`Vdp::set_access_clock`]), and where the line began
//! ([`Vdp::set_line_start`]); the hold is handed back as master clocks
//! ([`Vdp::take_fifo_wait`]). Without a clock (routine calls, the direct API) writes are
//! read out at once.

use crate::Vdp;
use crate::line::MASTER_PER_LINE;
use crate::registers::HMode;

/// Entries in the FIFO.
pub const FIFO_ENTRIES: usize = 4;

/// The H32 external access slots, master clocks from H counter 0, in order: GPGX
/// `fifo_timing_h32` + 2,660 (mod 3,420).
pub const ACCESS_SLOTS_H32: [u32; 16] = [
    50, 210, 370, 690, 850, 1010, 1330, 1490, 1650, 1970, 2130, 2290, 2590, 2610, 2890, 3170,
];
/// The H40 external access slots: GPGX `fifo_timing_h40` + 2,640 (mod 3,420).
pub const ACCESS_SLOTS_H40: [u32; 18] = [
    40, 168, 296, 552, 680, 808, 1064, 1192, 1320, 1576, 1704, 1832, 2088, 2216, 2344, 2584, 2600,
    2992,
];

/// The FIFO's state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FifoState {
    /// The board keeps time ([`Vdp::set_master_clock`] was called).
    pub timed: bool,
    /// The master clock of the instruction running now, plus any hold so far.
    pub now: u64,
    /// The master clock at which the line being run began.
    pub line_start: u64,
    /// When each waiting entry is read out, oldest first.
    pub done_at: [u64; FIFO_ENTRIES],
    /// Entries in `done_at`.
    pub len: usize,
    /// Master clocks the 68000 was held since the last [`Vdp::take_fifo_wait`].
    pub wait: u64,
}

/// The words in the FIFO: the last four written, in a ring (kept when the timing is
/// turned off: they are the chip's, not the board's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FifoWords {
    /// The ring.
    pub words: [u16; FIFO_ENTRIES],
    /// The entry the next write takes (the oldest word).
    pub next: usize,
}

impl FifoState {
    /// When the last word now in the FIFO is written (0: empty).
    pub(crate) fn drained_at(&self) -> u64 {
        self.done_at[..self.len].last().copied().unwrap_or(0)
    }

    /// When each entry still waiting at master clock `t` is read out, oldest first: how
    /// many wait (status bits 9 and 8), which comes out next.
    pub(crate) fn waiting_at(&self, t: u64) -> impl Iterator<Item = u64> + '_ {
        self.done_at[..self.len]
            .iter()
            .copied()
            .filter(move |&d| d > t)
    }

    pub(crate) fn drain(&mut self, t: u64) {
        let done = self.done_at[..self.len]
            .iter()
            .take_while(|&&d| d <= t)
            .count();
        self.done_at.copy_within(done..self.len, 0);
        self.len -= done;
    }
}

/// The access slots of a line in `h_mode`.
#[must_use]
pub fn access_slots(h_mode: HMode) -> &'static [u32] {
    match h_mode {
        HMode::H32 => &ACCESS_SLOTS_H32,
        HMode::H40 => &ACCESS_SLOTS_H40,
    }
}

/// The master clock's position in the line that started at `line_start`, held at the
/// line's last clock when `at` runs past it (a time read late in the line stays in it).
#[must_use]
pub(crate) fn in_line(at: u64, line_start: u64) -> u32 {
    at.saturating_sub(line_start)
        .min(u64::from(MASTER_PER_LINE - 1)) as u32
}

/// The first access slot strictly after master clock `t`, for lines of 3,420 clocks
/// starting at `line_start` (a clock before `line_start` counts from there).
#[must_use]
pub fn next_slot(t: u64, line_start: u64, h_mode: HMode) -> u64 {
    nth_slot_after(t, line_start, h_mode, 1)
}

/// The `n`-th access slot strictly after master clock `t` (`n` from 1: the first is
/// [`next_slot`]), for lines of 3,420 clocks starting at `line_start` (a clock before
/// `line_start` counts from there): the slots of a line are in order, so the `n`-th
/// after the first one past `t` is `n - 1` places on in the table, wrapping into the
/// lines after.
#[must_use]
pub fn nth_slot_after(t: u64, line_start: u64, h_mode: HMode, n: u32) -> u64 {
    let per_line = u64::from(MASTER_PER_LINE);
    let since = t.saturating_sub(line_start);
    let base = line_start + since / per_line * per_line;
    let pos = since % per_line;
    let slots = access_slots(h_mode);
    // Slots at or before `pos` in its line.
    let passed = slots.partition_point(|&s| u64::from(s) <= pos);
    let index = passed as u64 + u64::from(n.max(1)) - 1;
    let len = slots.len() as u64;
    base + index / len * per_line + u64::from(slots[(index % len) as usize])
}

impl Vdp {
    /// The master clock (since boot) at the 68000 instruction running now; turns the
    /// FIFO's timing on.
    pub fn set_master_clock(&mut self, now: u64) {
        self.fifo.timed = true;
        self.fifo.now = now;
    }

    /// The master clock (since boot) of a port access, before any hold of the instruction
    /// making it: the FIFO's, DMA's and read's timing, the status flags and the HV
    /// counter read it. Holds the instruction already had ([`Vdp::take_fifo_wait`] not
    /// yet called) are added, since they delayed this access. Turns the timing on.
    pub fn set_access_clock(&mut self, master: u64) {
        self.fifo.timed = true;
        self.fifo.now = master + self.fifo.wait;
    }

    /// The master clock (since boot) at which the line being run began: the access slots,
    /// the HBlank flag and the HV latch count from it.
    pub fn set_line_start(&mut self, master: u64) {
        self.fifo.line_start = master;
    }

    /// Master clocks into the line being run at the time last given (0 without a clock).
    #[must_use]
    pub fn master_in_line(&self) -> u32 {
        in_line(self.fifo.now, self.fifo.line_start)
    }

    /// Turns the FIFO's timing off (a caller that keeps no time): writes complete at once
    /// and the FIFO reads empty.
    pub fn clear_master_clock(&mut self) {
        self.fifo = FifoState::default();
        self.read_ahead = crate::prefetch::ReadAhead::default();
    }

    /// Master clocks the 68000 was held by a full FIFO since the last call; clears them.
    pub fn take_fifo_wait(&mut self) -> u64 {
        std::mem::take(&mut self.fifo.wait)
    }

    /// The word the next write will replace: where a CRAM, VSRAM or 8-bit VRAM read takes
    /// its undriven bits from, and a CRAM or VSRAM fill its data.
    #[must_use]
    pub fn fifo_next_word(&self) -> u16 {
        self.fifo_words.words[self.fifo_words.next]
    }

    /// The word written last: a VRAM fill's byte is its high half.
    #[must_use]
    pub fn fifo_last_word(&self) -> u16 {
        self.fifo_words.words[(self.fifo_words.next + FIFO_ENTRIES - 1) % FIFO_ENTRIES]
    }

    /// A word enters the FIFO's ring (a data-port write or a 68000 DMA word).
    pub(crate) fn fifo_push_word(&mut self, word: u16) {
        let f = &mut self.fifo_words;
        f.words[f.next] = word;
        f.next = (f.next + 1) % FIFO_ENTRIES;
    }

    /// A data-port write enters the FIFO (called by the port): its read-out slot, and the
    /// 68000's hold when four entries wait. `two_slots`: a VRAM or invalid-target word.
    pub(crate) fn fifo_write(&mut self, two_slots: bool) {
        if !self.fifo.timed || !self.in_active_display() {
            return;
        }
        let h_mode = self.registers.h_mode();
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
        let after = if f.len > 0 {
            f.done_at[f.len - 1].max(t)
        } else {
            t
        };
        let mut done = next_slot(after, f.line_start, h_mode);
        if two_slots {
            done = next_slot(done, f.line_start, h_mode);
        }
        f.done_at[f.len] = done;
        f.len += 1;
    }
}
