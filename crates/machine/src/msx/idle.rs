//! The Z80's bus while an iteration of a possible idle loop is recorded
//! ([`crate::idle`], and [`super::counted`]): memory reads are noted (the slots answer
//! them without side effects), M1 cycles counted for R; a write, a port access other than
//! a status read that changes nothing, or `LD A,R` (the loop would read the refresh count,
//! which differs on every turn) spoils the recording.
//!
//! A read of S#0 (port #99) changes nothing when no flag is up and no control byte is
//! half written: the read clears F, 5S and C and the control port's latch (openMSX
//! `VDP::readStatusReg`, TMS9918A data sheet section 2.3), all already clear, and the chip
//! sets them again only at its own steps (a line's end, the frame's end), never between.
//! Such a read is noted as a read of [`STATUS_READ`] with the value it gave, and a loop
//! that made it is only taken again while S#0 still holds that value with nothing up.

use cpu_z80::Bus;
use tms9918::Vdp;

use super::board::MsxBus;
use super::slots::Slots;
use crate::idle::{Read, ReadLog};

/// The address a recorded read of S#0 is noted at: above the Z80's 64 KB, so it is never
/// a memory address.
pub(super) const STATUS_READ: u32 = 0x1_0099;

/// The VDP's status port, decoded on its low 8 bits as the MSX does.
const STATUS_PORT: u8 = 0x99;

/// [`MsxBus`] with the recording's log beside it.
pub(super) struct Watching<'b, 'a> {
    pub bus: &'b mut MsxBus<'a>,
    pub log: &'b mut ReadLog,
    /// The last byte read and its address: an `ED` fetched just before.
    pub last: Option<(u16, u8)>,
}

/// `LD A,R`: ED 5F.
const LD_A_R: [u8; 2] = [0xED, 0x5F];

/// Whether a read of S#0 now leaves the chip as it finds it (see the module docs).
#[inline]
pub(super) fn status_read_is_quiet(vdp: &Vdp) -> bool {
    let s0 = vdp.peek_status();
    s0 == tms9918::status::after_read(s0) && !vdp.port().latched()
}

impl Bus for Watching<'_, '_> {
    #[inline]
    fn read(&mut self, addr: u16) -> u8 {
        let value = self.bus.read(addr);
        if value == LD_A_R[1] && self.last == Some((addr.wrapping_sub(1), LD_A_R[0])) {
            self.log.spoil();
        }
        self.last = Some((addr, value));
        self.log.read(u32::from(addr), u16::from(value), false);
        value
    }

    #[inline]
    fn write(&mut self, addr: u16, value: u8) {
        self.log.spoil();
        self.bus.write(addr, value);
    }

    fn input(&mut self, port: u16, t: u64) -> u8 {
        let quiet = port as u8 == STATUS_PORT && status_read_is_quiet(self.bus.vdp);
        let value = self.bus.input(port, t);
        if quiet {
            self.log.read(STATUS_READ, u16::from(value), false);
        } else {
            self.log.spoil();
        }
        value
    }

    fn output(&mut self, port: u16, value: u8, t: u64) {
        self.log.spoil();
        self.bus.output(port, value, t);
    }

    #[inline]
    fn m1_wait(&mut self) -> u32 {
        self.log.m1();
        self.bus.m1_wait()
    }

    fn int_ack(&mut self) -> u8 {
        self.log.spoil();
        self.bus.int_ack()
    }
}

/// Whether the slots (and, for [`STATUS_READ`], the VDP) still answer what a recorded
/// iteration read.
#[inline]
pub(super) fn still(slots: &Slots, vdp: &Vdp, r: &Read) -> bool {
    if r.addr == STATUS_READ {
        status_read_is_quiet(vdp) && u16::from(vdp.peek_status()) == r.value
    } else {
        u16::from(slots.read(r.addr as u16)) == r.value
    }
}
