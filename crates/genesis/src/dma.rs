//! DMA (sources/genesis.md section 4; CMD genvdp.txt "DMA"; Genesis Plus GX
//! `vdp_68k_ctrl_w`, `vdp_dma_68k_ext`, `vdp_dma_68k_ram`, `vdp_dma_68k_io`,
//! `vdp_dma_fill`, `vdp_dma_copy` and `vdp_dma_update` with its `dma_timing` table,
//! commit 8ae4ef7; the cases Nemesis' VDP FIFO test ROM checks on hardware).
//!
//! A DMA starts when the second word of a command has C5 set and register 1 bit 4 (M1,
//! DMA enable) is on; register 23 bits 7-6 choose the kind. The length is register
//! 20 : 19, 0 meaning 65,536 (the counter is decremented before it is tested).
//! - `0x`: **68000 to VRAM/CRAM/VSRAM**. Source = register 23 bits 6-0 : 22 : 21, a word
//!   address (A23-A1). The chip takes words from the 68000's bus, so it cannot fetch them
//!   itself: the board validates the request ([`Vdp::take_dma_68k`]), then, as time passes
//!   ([`Vdp::advance_dma`]), reads each word the chip is due ([`Vdp::dma_68k_due`]) from
//!   its bus and hands it to [`Vdp::dma_write`], holding the 68000 off the bus until the
//!   last one. Each word goes through the FIFO like a data-port write. The source
//!   increments within its 128 KB window (A16-A1 wrap, A23-A17 fixed); the destination
//!   address wraps at 64 KiB.
//! - `10`: **fill**. Armed by the command (status bit 1 reads set from then); the next
//!   data-port write writes its word as usual, then the fill writes `length` units, the
//!   address advancing by register 15 each time (increment 0 writes the same unit over
//!   again). To VRAM a unit is one byte at `address ^ 1`: the high byte of the word
//!   written last (so a data-port write during the fill writes its word where the fill
//!   has got to, and the fill goes on with the new word's high byte). To CRAM and VSRAM
//!   a unit is a whole word, taken from the FIFO's next entry (the word written four
//!   writes ago, not the fill's own: GPGX `vdp_dma_fill`). The target is code bits
//!   C3-C0: C4 set changes nothing. To an invalid target nothing is written and the
//!   address still advances.
//! - `11`: **copy**: `length` bytes of VRAM, byte addressed: the byte at `source ^ 1`
//!   to `address ^ 1`, the source (register 22 : 21) advancing by 1, the address by
//!   register 15. Only with C4 set (any C3-C0): without it nothing is copied (the
//!   console's VDP stops answering; GPGX copies nothing and so does the model), though
//!   the transfer's time, status bit 1 and the registers run as for a copy.
//!
//! After every kind registers 19-20 hold 0 and 21-22 the source plus the length (a fill
//! too; 16 bits, no carry into register 23), counted unit by unit (a 68000 transfer's
//! words as they enter the FIFO).
//!
//! # Progress
//! A transfer moves its units (words, or bytes for fill and copy) as the VDP's access
//! slots come. In the active display those are the 16 (H32) or 18 (H40) external slots
//! at their positions in the line ([`crate::fifo::ACCESS_SLOTS_H32`] /
//! [`crate::fifo::ACCESS_SLOTS_H40`]); in blank or with the display off 167 or 205 a
//! line, spread evenly over the line's 3,420 master clocks (the manual's table, as GPGX
//! `dma_timing`). A 68000 word to VRAM takes 2 slots (two byte accesses), to CRAM or
//! VSRAM 1; a filled byte 1; a copied byte 2 (read and write), as GPGX
//! `vdp_dma_update` halves the rate for VRAM and copy. So a program that reads VRAM or
//! polls status bit 1 (DMA busy) during a fill or copy sees the units done so far, and a
//! line drawn while a 68000 transfer to the sprite table runs sees the entries already
//! written. The transfer's clock starts at the port access that starts it (the FIFO's
//! time, [`crate::fifo`]), and its first slot comes only after the write FIFO has
//! drained: words written before a 68000 transfer's command (a full FIFO's four
//! included) are read out first, and a fill starts after its own data word, and any
//! written before it, are out: the words queued ahead of the transfer's own go first
//! (ares `VDP::FIFO::run` and `VDP::DMA::run`, commit 02180ba, where a transfer's word
//! enters the FIFO behind those waiting).
//!
//! A 68000 transfer holds the 68000 until its last word has *entered* the FIFO, not
//! until it is written (ares `VDP::DMA::run`, which loads a word whenever the FIFO is
//! not full, and `VDP::DMA::load`, whose last word calls `VDP::DMA::synchronize` to
//! release the 68000's bus; commit fc83454): the 68000 goes once the words still to be
//! written, the FIFO's earlier entries among them, are four or fewer. Those last words
//! are read from the 68000's bus then (they are in the FIFO, with the address and code
//! they go to) and written as their slots come, while the 68000 runs; status bit 1
//! reads clear (ares: the transfer is over for the 68000). The FIFO holds their
//! write-out times, so a status read right after the transfer finds the FIFO not empty
//! and a data-port write waits behind them ([`Vdp::dma_clocks_to_release`]). A
//! data-port access, or a new transfer, before they are written stores them first (this
//! model stores a data-port word as it enters the FIFO, so the words keep their order;
//! they land up to those slots early then). [`Vdp::finish_dma`]
//! completes a transfer at once (for callers without a clock).

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

/// A transfer in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Running {
    /// Which kind.
    pub kind: DmaKind,
    /// Units (words or bytes) not yet given their access slots.
    pub units_left: u32,
    /// Access slots per unit.
    pub slots_per_unit: u32,
}

/// The DMA state behind the ports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DmaState {
    /// A 68000 transfer requested, not yet taken by the board for validation.
    pub pending_68k: Option<Dma68k>,
    /// A fill armed, waiting for its data-port write.
    pub fill_armed: bool,
    /// The transfer in progress.
    pub running: Option<Running>,
    /// 68000 words whose slots have come and that the board has not yet supplied.
    pub words_due: u32,
    /// The next 68000 source byte address.
    pub source_68k: u32,
    /// Slots granted and not yet used by a whole unit.
    pub slot_credit: u32,
    /// Master clocks before the transfer's first slot counts: the write FIFO drains
    /// first.
    pub delay: u32,
    /// Master clocks x slots of the current line already charged, as a remainder (in
    /// blank, where the slots are spread evenly).
    pub clock_remainder: u32,
    /// The transfer's master clock (since boot), for the slot positions of the active
    /// display.
    pub clock: u64,
    /// A 68000 transfer has let the 68000 go: its last words are in the FIFO.
    pub released: bool,
    /// Of `words_due`, those whose slots have come (stored as the board supplies them);
    /// the others entered the FIFO early and wait in `queue`.
    pub slotted: u32,
    /// 68000 words in the FIFO, oldest first: (code, address, word).
    pub queue: [(u8, u16, u16); crate::fifo::FIFO_ENTRIES],
    /// Entries in `queue`.
    pub queued: usize,
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
                self.dma.source_68k = source;
                // VRAM takes a word in two byte slots; CRAM and VSRAM in one.
                let slots_per_unit = if self.port.code & 0x0F == 0x1 { 2 } else { 1 };
                self.start(DmaKind::Bus68k, length, slots_per_unit);
            }
            2 => self.dma.fill_armed = true,
            _ => self.start(DmaKind::Copy, length, 2),
        }
    }

    fn start(&mut self, kind: DmaKind, units: u32, slots_per_unit: u32) {
        // The last transfer's words still in the FIFO go first.
        self.flush_dma_queue();
        self.dma.running = Some(Running {
            kind,
            units_left: units,
            slots_per_unit,
        });
        self.dma.words_due = 0;
        self.dma.slotted = 0;
        self.dma.released = false;
        self.dma.slot_credit = 0;
        self.dma.clock_remainder = 0;
        self.dma.clock = self.fifo.now;
        // The words waiting in the write FIFO (a fill's own data word among them) are
        // read out before the transfer takes a slot.
        let f = &self.fifo;
        let drained = f.drained_at();
        self.dma.delay = drained.saturating_sub(f.now).min(u64::from(u32::MAX)) as u32;
        // A short 68000 transfer fits the FIFO beside the words waiting: the 68000 goes
        // at once.
        self.release_68k();
    }

    /// Called by the data port after the word is written: starts an armed fill.
    pub(crate) fn after_data_write(&mut self) {
        if !self.dma.fill_armed {
            return;
        }
        self.dma.fill_armed = false;
        let length = self.dma_length();
        self.start(DmaKind::Fill, length, 1);
    }

    /// Registers 19-20 one less (the transfer's remaining length).
    fn count_down_length(&mut self) {
        let n = (u16::from(self.registers.read(20)) << 8 | u16::from(self.registers.read(19)))
            .wrapping_sub(1);
        self.registers.write(19, n as u8);
        self.registers.write(20, (n >> 8) as u8);
    }

    /// Registers 21-22 one more (the source, a word address for a 68000 transfer and a
    /// byte address for a copy; register 23 is not carried into).
    fn count_up_source(&mut self) {
        let s = (u16::from(self.registers.read(22)) << 8 | u16::from(self.registers.read(21)))
            .wrapping_add(1);
        self.registers.write(21, s as u8);
        self.registers.write(22, (s >> 8) as u8);
    }

    fn fill_unit(&mut self) {
        let a = self.port.address;
        match self.port.code & 0x0F {
            0x1 => {
                let sat_base = self.registers.sat_base();
                let byte = self.fifo_last_word().to_be_bytes()[0];
                self.vram.write_byte(a ^ 1, byte, sat_base);
            }
            0x3 | 0x5 => self.store_word(a, self.fifo_next_word()),
            _ => {}
        }
        self.advance_address();
        self.count_up_source();
        self.count_down_length();
    }

    fn copy_unit(&mut self) {
        if self.port.code & 0x10 != 0 {
            let source =
                u16::from(self.registers.read(22)) << 8 | u16::from(self.registers.read(21));
            let b = self.vram.byte(source ^ 1);
            let sat_base = self.registers.sat_base();
            self.vram.write_byte(self.port.address ^ 1, b, sat_base);
            self.advance_address();
        }
        self.count_up_source();
        self.count_down_length();
    }

    /// Gives `n` units of the running transfer their slots.
    fn run_units(&mut self, n: u32) {
        let Some(mut r) = self.dma.running else {
            return;
        };
        let n = n.min(r.units_left);
        match r.kind {
            DmaKind::Bus68k => (0..n).for_each(|_| self.slot_68k_word()),
            DmaKind::Fill => (0..n).for_each(|_| self.fill_unit()),
            DmaKind::Copy => (0..n).for_each(|_| self.copy_unit()),
        }
        r.units_left -= n;
        if r.units_left == 0 {
            self.dma.running = None;
            self.dma.released = false;
            self.dma.slot_credit = 0;
            self.dma.clock_remainder = 0;
        } else {
            self.dma.running = Some(r);
        }
    }

    /// The 68000 transfer the last command started, for the board to check its source;
    /// `None` when there is none. The words themselves come due as time passes
    /// ([`Vdp::dma_68k_due`]).
    pub fn take_dma_68k(&mut self) -> Option<Dma68k> {
        self.dma.pending_68k.take()
    }

    /// The source address of the next 68000 word whose slot has come, for the board to
    /// read from its bus and give to [`Vdp::dma_write`]; `None` when none is due.
    #[must_use]
    pub fn dma_68k_due(&self) -> Option<u32> {
        (self.dma.words_due > 0).then_some(self.dma.source_68k)
    }

    /// One word of a 68000 transfer, from the board: written at the address and code
    /// like a data-port write (without abandoning a half-written command) if its slots
    /// have come, else into the FIFO with them, to be written when they come; the address
    /// and the source advance, and registers 19-22 count it as it enters (ares
    /// `VDP::DMA::load`: a fill's length written right after the transfer is not counted
    /// down by the transfer's last words).
    pub fn dma_write(&mut self, word: u16) {
        self.fifo_push_word(word);
        self.count_up_source();
        self.count_down_length();
        let s = self.dma.source_68k;
        self.dma.source_68k = (s & 0xFE_0000) | (s.wrapping_add(2) & 0x1_FFFE);
        self.dma.words_due = self.dma.words_due.saturating_sub(1);
        let (code, address) = (self.port.code, self.port.address);
        self.advance_address();
        if self.dma.slotted > 0 {
            self.dma.slotted -= 1;
            self.store_word_as(code, address, word);
        } else if self.dma.queued < crate::fifo::FIFO_ENTRIES {
            self.dma.queue[self.dma.queued] = (code, address, word);
            self.dma.queued += 1;
        } else {
            // Not reached: a transfer lets the 68000 go with at most four words left.
            self.store_word_as(code, address, word);
        }
    }

    /// A 68000 word's slots have come: the oldest word in the FIFO is written, or the
    /// next the board supplies.
    fn slot_68k_word(&mut self) {
        if self.dma.queued > 0 {
            let (code, address, word) = self.dma.queue[0];
            self.dma.queue.copy_within(1..self.dma.queued, 0);
            self.dma.queued -= 1;
            self.store_word_as(code, address, word);
        } else {
            self.dma.slotted += 1;
            if !self.dma.released {
                self.dma.words_due += 1;
            }
        }
    }

    /// Writes the 68000 words waiting in the FIFO at once (a data-port access or a new
    /// transfer comes behind them; see the module docs), ending the transfer.
    pub(crate) fn flush_dma_queue(&mut self) {
        if self.dma.queued == 0 {
            return;
        }
        let n = self.dma.queued as u32;
        self.run_units(n);
    }

    /// Status bit 1: a fill or copy running or armed, or a 68000 transfer holding the
    /// 68000 (which so never reads it set); not the last words of a 68000 transfer that
    /// has let the 68000 go.
    #[must_use]
    pub fn dma_busy(&self) -> bool {
        self.dma.fill_armed
            || self.dma_holds_68k()
            || self.dma.running.is_some_and(|r| r.kind != DmaKind::Bus68k)
    }

    /// Whether any transfer is under way (for the board, which lets its time pass).
    #[must_use]
    pub fn dma_active(&self) -> bool {
        self.dma.running.is_some() || self.dma.words_due > 0 || self.dma.fill_armed
    }

    /// Whether a 68000 transfer holds the 68000 off the bus: until its last word has
    /// entered the FIFO and every word due has been supplied.
    #[must_use]
    pub fn dma_holds_68k(&self) -> bool {
        self.dma.words_due > 0
            || self
                .dma
                .running
                .is_some_and(|r| r.kind == DmaKind::Bus68k && !self.dma.released)
    }

    /// The VDP's access slots per line for DMA now (the manual's table, GPGX
    /// `dma_timing`).
    #[must_use]
    pub fn dma_slots_per_line(&self) -> u32 {
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
        self.dma
            .running
            .map_or(0, |r| self.clocks_to_units(r, r.units_left))
    }

    /// Master clocks until a 68000 transfer lets the 68000 go, at the current line's
    /// rate: until the words still to be written, those waiting in the FIFO ahead of the
    /// transfer's included, are [`crate::fifo::FIFO_ENTRIES`] or fewer, its last word
    /// then having entered the FIFO (0 when no 68000 transfer holds it).
    #[must_use]
    pub fn dma_clocks_to_release(&self) -> u32 {
        let Some(r) = self
            .dma
            .running
            .filter(|r| r.kind == DmaKind::Bus68k && !self.dma.released)
        else {
            return 0;
        };
        let now = self.dma.clock;
        let waiting = self.fifo.waiting_at(now).count() as u32;
        let excess = (r.units_left + waiting).saturating_sub(crate::fifo::FIFO_ENTRIES as u32);
        if excess == 0 {
            0
        } else if excess <= waiting {
            // The FIFO's own words make room before any of the transfer's is written.
            let out = self
                .fifo
                .waiting_at(now)
                .nth(excess as usize - 1)
                .unwrap_or(now);
            (out - now).min(u64::from(u32::MAX)) as u32
        } else {
            self.clocks_to_units(r, excess - waiting)
        }
    }

    /// Master clocks the running transfer `r` needs for its next `units` units at the
    /// current line's rate, the FIFO's wait first.
    fn clocks_to_units(&self, r: Running, units: u32) -> u32 {
        let slots = (units * r.slots_per_unit).saturating_sub(self.dma.slot_credit);
        let delay = self.dma.delay;
        if self.in_active_display() {
            return delay.saturating_add(self.clocks_to_slots_after(slots, delay));
        }
        let owed = u64::from(slots) * u64::from(crate::line::MASTER_PER_LINE);
        let clocks = owed.saturating_sub(u64::from(self.dma.clock_remainder));
        let clocks = clocks.div_ceil(u64::from(self.dma_slots_per_line()));
        (u64::from(delay) + clocks).min(u64::from(u32::MAX)) as u32
    }

    /// Lets the 68000 go once a 68000 transfer's last word can enter the FIFO
    /// ([`Vdp::dma_clocks_to_release`] is 0): its remaining words come due at once, for
    /// the board to read into the FIFO, and the FIFO takes their write-out times, each
    /// at its slots after the words ahead of it.
    fn release_68k(&mut self) {
        let Some(r) = self
            .dma
            .running
            .filter(|r| r.kind == DmaKind::Bus68k && !self.dma.released)
        else {
            return;
        };
        if self.dma_clocks_to_release() > 0 {
            return;
        }
        let now = self.dma.clock;
        if self.fifo.timed && self.in_active_display() {
            let out: [u64; crate::fifo::FIFO_ENTRIES] =
                std::array::from_fn(|k| now + u64::from(self.clocks_to_units(r, k as u32 + 1)));
            self.fifo.drain(now);
            for &t in &out[..r.units_left as usize] {
                self.fifo.done_at[self.fifo.len] = t;
                self.fifo.len += 1;
            }
        }
        self.dma.words_due += r.units_left;
        self.dma.released = true;
    }

    /// Master clocks from the transfer's clock plus `delay` to its `slots`-th access
    /// slot of the active display.
    fn clocks_to_slots_after(&self, slots: u32, delay: u32) -> u32 {
        if slots == 0 {
            return 0;
        }
        let h_mode = self.registers.h_mode();
        let per_line = crate::fifo::access_slots(h_mode).len() as u32;
        let from = self.dma.clock + u64::from(delay);
        // Whole lines first, then the slots left in one step.
        let lines = (slots - 1) / per_line;
        let t = from + u64::from(lines) * u64::from(crate::line::MASTER_PER_LINE);
        let t =
            crate::fifo::nth_slot_after(t, self.fifo.line_start, h_mode, slots - lines * per_line);
        (t - from).min(u64::from(u32::MAX)) as u32
    }

    /// Access slots of the active display in the transfer's next `master_clocks`.
    fn slots_in(&self, master_clocks: u32) -> u32 {
        let h_mode = self.registers.h_mode();
        let slots = crate::fifo::access_slots(h_mode);
        let per_line = u64::from(crate::line::MASTER_PER_LINE);
        let line_start = self.fifo.line_start;
        let (from, to) = (self.dma.clock, self.dma.clock + u64::from(master_clocks));
        // Slots at or before a time, counted from the line start.
        let upto = |t: u64| {
            let since = t.saturating_sub(line_start);
            let pos = since % per_line;
            // The line's slots are in order.
            since / per_line * slots.len() as u64
                + slots.partition_point(|&s| u64::from(s) <= pos) as u64
        };
        (upto(to) - upto(from)).min(u64::from(u32::MAX / 4)) as u32
    }

    /// Lets `master_clocks` pass for the running DMA at the current line's rate: the
    /// units whose slots come in that time are done (68000 words become due), and a 68000
    /// transfer whose last word can enter the FIFO lets the 68000 go.
    pub fn advance_dma(&mut self, master_clocks: u32) {
        self.advance_running(master_clocks);
        self.release_68k();
    }

    fn advance_running(&mut self, master_clocks: u32) {
        let Some(r) = self.dma.running else {
            return;
        };
        // The FIFO's words first: no slot of the transfer's before they are out.
        let skip = self.dma.delay.min(master_clocks);
        self.dma.delay -= skip;
        self.dma.clock += u64::from(skip);
        let master_clocks = master_clocks - skip;
        if master_clocks == 0 {
            return;
        }
        let slots = if self.in_active_display() {
            self.slots_in(master_clocks)
        } else {
            let rate = self.dma_slots_per_line();
            let total =
                u64::from(self.dma.clock_remainder) + u64::from(master_clocks) * u64::from(rate);
            let per_line = u64::from(crate::line::MASTER_PER_LINE);
            self.dma.clock_remainder = (total % per_line) as u32;
            (total / per_line).min(u64::from(u32::MAX / 4)) as u32
        };
        self.dma.clock += u64::from(master_clocks);
        let credit = self.dma.slot_credit + slots;
        let units = credit / r.slots_per_unit;
        self.dma.slot_credit = credit % r.slots_per_unit;
        if units > 0 {
            self.run_units(units);
        }
    }

    /// Completes the running DMA at once (its remaining 68000 words become due), for a
    /// caller that keeps no time (a routine call).
    pub fn finish_dma(&mut self) {
        if let Some(r) = self.dma.running {
            self.run_units(r.units_left);
        }
    }
}
