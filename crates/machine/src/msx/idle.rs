//! The Z80's bus while an iteration of a possible idle loop is recorded
//! ([`crate::idle`]): memory reads are noted (the slots answer them without side
//! effects), M1 cycles counted for R; a write, any port access, or `LD A,R` (the loop
//! would read the refresh count, which differs on every turn) spoils the recording.

use cpu_z80::Bus;

use super::board::MsxBus;
use super::slots::Slots;
use crate::idle::{Read, ReadLog};

/// [`MsxBus`] with the recording's log beside it.
pub(super) struct Watching<'b, 'a> {
    pub bus: &'b mut MsxBus<'a>,
    pub log: &'b mut ReadLog,
    /// The last byte read and its address: an `ED` fetched just before.
    pub last: Option<(u16, u8)>,
}

/// `LD A,R`: ED 5F.
const LD_A_R: [u8; 2] = [0xED, 0x5F];

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
        self.log.spoil();
        self.bus.input(port, t)
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

/// Whether the slots still answer what a recorded iteration read.
pub(super) fn still(slots: &Slots, r: &Read) -> bool {
    u16::from(slots.read(r.addr as u16)) == r.value
}
