//! The 65C02's bus while an iteration of a possible idle loop is recorded
//! ([`crate::idle`]): reads of RAM and ROM are noted; a write, or any access to the I/O
//! page (VERA's data ports move their address on a read), spoils the recording.

use cpu_65c02::Bus;

use super::bus::{BANK_WINDOW, IO, Memory, X16Bus};
use crate::idle::{Read, ReadLog};

/// [`X16Bus`] with the recording's log beside it.
pub(super) struct Watching<'b, 'a> {
    pub bus: &'b mut X16Bus<'a>,
    pub log: &'b mut ReadLog,
}

impl Bus for Watching<'_, '_> {
    #[inline]
    fn read(&mut self, addr: u16) -> u8 {
        if (IO..BANK_WINDOW).contains(&addr) {
            self.log.spoil();
        }
        let value = self.bus.read(addr);
        self.log.read(u32::from(addr), u16::from(value), false);
        value
    }

    #[inline]
    fn write(&mut self, addr: u16, value: u8) {
        self.log.spoil();
        self.bus.write(addr, value);
    }
}

/// Whether RAM and ROM (in the banks selected now) still hold what a recorded iteration
/// read.
pub(super) fn still(mem: &Memory, r: &Read) -> bool {
    let addr = r.addr as u16;
    !(IO..BANK_WINDOW).contains(&addr) && u16::from(mem.read(addr)) == r.value
}
