//! The 68000's bus while an iteration of a possible idle loop is recorded
//! ([`crate::idle`]): every read is noted, any write spoils the recording. Accesses to
//! the VDP, the I/O chip or the Z80's space already take the board off the path where
//! loops are recorded (the bus marks them `touched`).

use cpu_m68k::Bus;

use super::bus::{GenesisBus, Memory};
use crate::idle::{Read, ReadLog};

/// [`GenesisBus`] with the recording's log beside it.
pub(super) struct Watching<'b, 'a> {
    pub bus: &'b mut GenesisBus<'a>,
    pub log: &'b mut ReadLog,
}

impl Bus for Watching<'_, '_> {
    #[inline(always)]
    fn access_cycle(&mut self, clocks: u32) {
        // The VDP samples its ports at the access's own clock, recorded or not.
        self.bus.access_cycle(clocks);
    }

    #[inline]
    fn read_byte(&mut self, addr: u32) -> u8 {
        let value = self.bus.read_byte(addr);
        self.log.read(addr, u16::from(value), false);
        value
    }

    #[inline]
    fn read_word(&mut self, addr: u32) -> u16 {
        let value = self.bus.read_word(addr);
        self.log.read(addr, value, true);
        value
    }

    #[inline]
    fn write_byte(&mut self, addr: u32, value: u8) {
        self.log.spoil();
        self.bus.write_byte(addr, value);
    }

    #[inline]
    fn write_word(&mut self, addr: u32, value: u16) {
        self.log.spoil();
        self.bus.write_word(addr, value);
    }
}

/// Whether ROM or work RAM still holds what a recorded iteration read.
pub(super) fn still(mem: &Memory, r: &Read) -> bool {
    if r.word {
        u16::from_be_bytes([mem.peek(r.addr), mem.peek(r.addr.wrapping_add(1))]) == r.value
    } else {
        u16::from(mem.peek(r.addr)) == r.value
    }
}
