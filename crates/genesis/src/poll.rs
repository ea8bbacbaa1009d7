//! When a read of the status word or the HV counter can next return something else: for
//! a board that fast-forwards a loop polling them (a loop that reads a port and branches
//! on some of its bits). Every value here is the one [`Vdp::read_status`] and the HV
//! counter ([`Vdp::hv_counter`], [`Vdp::hv_latched`]) give, as a function of time while no
//! port is accessed and no line event comes ([`Vdp::start_line`], [`Vdp::hblank`],
//! [`Vdp::next_line`]): the rules are those of [`crate::status`] (which bits are live),
//! [`crate::fifo`] (the FIFO's entries read out at their slots) and [`crate::line`] (the
//! V counter is the line's; the H counter follows the dot clock).

use crate::Vdp;
use crate::line::{MASTER_PER_LINE, h_counter};
use crate::status::{STATUS_DMA_BUSY, STATUS_FIFO_EMPTY, STATUS_FIFO_FULL, STATUS_HBLANK};

/// A port a poll reads without changing the chip's state (once bits 5 and 6 are clear).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PolledPort {
    /// The control port's status word ($C00004).
    Status,
    /// The HV counter ($C00008).
    Hv,
}

impl Vdp {
    /// What a read of `port` at master clock `at` returns, the line being run having begun
    /// at `line_start`, without the read's side effects: [`Vdp::read_status`]'s word or
    /// the HV counter, at that time rather than at the last port access's.
    #[must_use]
    pub fn poll_value(&self, port: PolledPort, at: u64, line_start: u64) -> u16 {
        let in_line = crate::fifo::in_line(at, line_start);
        match port {
            PolledPort::Hv => self
                .port
                .hv_latch
                .unwrap_or_else(|| self.hv_counter(in_line)),
            PolledPort::Status => self.status_at(at, line_start),
        }
    }

    /// The first master clock after `at` at which a read of `port` can differ, in the bits
    /// of `mask`, from a read at `at`, the line being run having begun at master clock
    /// `line_start`, provided no port is accessed and no line event comes in between (the
    /// caller stops at the line's start; [`Vdp::hblank`] moves only the HINT counter,
    /// which neither word shows). `at` itself when a read at `at` would change the
    /// chip (a status read clears bits 5 and 6 and a half-written command) or when it
    /// cannot say (a DMA running); `u64::MAX` when nothing but a line event changes it.
    #[must_use]
    pub fn poll_changes_at(&self, port: PolledPort, mask: u16, at: u64, line_start: u64) -> u64 {
        let in_line = at
            .saturating_sub(line_start)
            .min(u64::from(MASTER_PER_LINE)) as u32;
        match port {
            PolledPort::Hv => {
                if self.port.hv_latch.is_some() || mask & 0xFF == 0 {
                    // Latched, or the V counter alone: the line's.
                    return u64::MAX;
                }
                let h_mode = self.registers.h_mode();
                let h = h_counter(in_line, h_mode) & mask as u8;
                // The H counter steps at most every 8 clocks; scanning clock by clock
                // keeps to the dot clock's own table.
                let next = (in_line + 1..MASTER_PER_LINE)
                    .find(|&m| h_counter(m, h_mode) & mask as u8 != h)
                    .unwrap_or(MASTER_PER_LINE);
                line_start + u64::from(next)
            }
            PolledPort::Status => {
                if self.port.pending || self.status.collision || self.status.overflow {
                    return at;
                }
                if mask & STATUS_DMA_BUSY != 0 && self.dma_busy() {
                    return at;
                }
                let mut next = u64::MAX;
                if mask & (STATUS_FIFO_EMPTY | STATUS_FIFO_FULL) != 0 {
                    // Bits 8 and 9 change only as an entry is read out.
                    if let Some(out) = self.fifo.waiting_at(at).next() {
                        next = out;
                    }
                }
                if mask & STATUS_HBLANK != 0 && self.fifo.timed {
                    let (start, end) = crate::status::hblank_edges(self.registers.h_mode());
                    let edge = if in_line < end {
                        end
                    } else if in_line < start {
                        start
                    } else {
                        MASTER_PER_LINE
                    };
                    next = next.min(line_start + u64::from(edge));
                }
                next
            }
        }
    }
}
