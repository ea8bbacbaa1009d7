//! The CPU side: the Z80 talks to the chip through two I/O ports (0x98 data, 0x99 control
//! on an MSX).
//!
//! Control port, written as two bytes:
//! - first byte: the low 8 bits of an address, or the value of a register;
//! - second byte `00aaaaaa`: set up a read from address `aaaaaa:low` (the chip prefetches
//!   that byte into its read buffer and increments the pointer); `01aaaaaa`: set up a
//!   write to that address; `1xxxxrrr`: write the first byte to register `rrr`.
//!
//! Data port: a write stores the byte at the pointer, a read returns the read buffer and
//! refills it from the pointer; both increment the 14-bit pointer, which wraps from 0x3FFF
//! to 0x0000. The buffer is shared: a read after a write returns the byte just written
//! (openMSX `scheduleCpuVramAccess`, "tested on real V9938").
//!
//! Any data-port access and any status read reset the control latch to "first byte"
//! (openMSX `VDP::readIO`: "Abort any port #1 writes in progress"; `writeIO` case 0).
//!
//! Two TMS99x8 details follow openMSX `VDP::writeIO` (MSX1 branch), found on real machines:
//! - the first control byte goes straight into the low 8 bits of the pointer ("on MSX1
//!   there seems to be no latch used ... thanks to hap");
//! - a register write also loads the pointer's high bits from the second byte ("without
//!   this some demos won't run as on real MSX1 ... thanks to dvik").
//!
//! Neither changes the result of the usual two-byte sequences; both are visible only to
//! code that writes a lone control byte or reads data right after a register write.
//!
//! Access timing is the board's: the chip carries out a CPU access at its next access slot
//! (openMSX `VDP::scheduleCpuVramAccess`). Each access lands here at once, and the port
//! remembers the last one ([`LastAccess`]) so that a board that finds a new access came
//! while the last was still waiting for its slot can have the new one *replace* it, as on
//! the chip ([`CpuPort::write_data_replacing`], [`CpuPort::read_data_replacing`]): the
//! chip keeps one request, overwritten by the newer one, carried out once at the address
//! the first would have used (openMSX: "The old request has been overwritten by the new
//! request!", `too_fast_vram_access real`, commit 632d46cc).

use crate::registers::Registers;
use crate::status;
use crate::vram::{ADDRESS_MASK, Vram};

/// The last VRAM access the CPU asked for: what undoing it takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LastAccess {
    /// The address it used.
    pub addr: u16,
    /// For a write: the byte the address held before it.
    pub old: u8,
    /// For a read: the byte the read returned (the buffer before its prefetch).
    pub returned: u8,
    /// It was a write.
    pub write: bool,
}

/// The CPU interface state: control latch, address pointer and read buffer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CpuPort {
    /// The 14-bit VRAM address pointer.
    pointer: u16,
    /// The first control byte, waiting for its partner.
    latch: u8,
    /// True after the first control byte.
    latched: bool,
    /// The read-ahead buffer (also loaded by data writes).
    buffer: u8,
    /// The last access.
    last: LastAccess,
}

impl CpuPort {
    /// Power-on state: pointer 0, latch empty, buffer 0.
    #[must_use]
    pub const fn new() -> Self {
        Self {
            pointer: 0,
            latch: 0,
            latched: false,
            buffer: 0,
            last: LastAccess {
                addr: 0,
                old: 0,
                returned: 0,
                write: false,
            },
        }
    }

    /// The address the next data access will use.
    #[must_use]
    pub const fn pointer(&self) -> u16 {
        self.pointer
    }

    /// The address of the last data access or prefetch.
    #[must_use]
    pub const fn last_addr(&self) -> u16 {
        self.last.addr
    }

    /// True when the next control byte completes a pair.
    #[must_use]
    pub const fn latched(&self) -> bool {
        self.latched
    }

    /// A byte written to the control port.
    pub fn write_control(&mut self, value: u8, vram: &Vram, registers: &mut Registers) {
        if !self.latched {
            self.pointer = (self.pointer & 0x3F00) | u16::from(value);
            self.latch = value;
            self.latched = true;
            return;
        }
        self.latched = false;
        if value & 0x80 != 0 {
            registers.write(value, self.latch);
            self.pointer = ((u16::from(value) << 8) | (self.pointer & 0xFF)) & ADDRESS_MASK;
        } else {
            self.pointer = ((u16::from(value) << 8) | u16::from(self.latch)) & ADDRESS_MASK;
            if value & 0x40 == 0 {
                self.prefetch(vram);
            }
        }
    }

    /// A byte written to the data port.
    pub fn write_data(&mut self, value: u8, vram: &mut Vram) {
        self.latched = false;
        self.last = LastAccess {
            addr: self.pointer,
            old: vram.read(self.pointer),
            returned: 0,
            write: true,
        };
        vram.write(self.pointer, value);
        self.buffer = value;
        self.advance();
    }

    /// A byte read from the data port.
    pub fn read_data(&mut self, vram: &Vram) -> u8 {
        self.latched = false;
        let value = self.buffer;
        self.prefetch(vram);
        value
    }

    /// A data-port write that came while the last access still waited for its slot: it
    /// replaces that access. A write lost is as if never made (its address gets this
    /// value); a read becomes this write at the read's address. The pointer moves once.
    /// Returns the address written.
    pub fn write_data_replacing(&mut self, value: u8, vram: &mut Vram) -> u16 {
        self.latched = false;
        let addr = self.last.addr;
        let old = if self.last.write {
            self.last.old
        } else {
            vram.read(addr)
        };
        vram.write(addr, value);
        self.buffer = value;
        self.pointer = addr.wrapping_add(1) & ADDRESS_MASK;
        self.last = LastAccess {
            addr,
            old,
            returned: 0,
            write: true,
        };
        addr
    }

    /// A data-port read that came while the last access still waited for its slot: it
    /// returns what the chip holds then (the byte a waiting write carries, or the stale
    /// buffer a waiting read has not refilled yet) and replaces that access with a read at
    /// its address: a waiting write is lost. The pointer moves once.
    pub fn read_data_replacing(&mut self, vram: &mut Vram) -> u8 {
        self.latched = false;
        let addr = self.last.addr;
        let value = if self.last.write {
            vram.write(addr, self.last.old);
            self.buffer
        } else {
            self.last.returned
        };
        self.buffer = vram.read(addr);
        self.pointer = addr.wrapping_add(1) & ADDRESS_MASK;
        self.last = LastAccess {
            addr,
            old: 0,
            returned: value,
            write: false,
        };
        value
    }

    /// A read set-up's prefetch came while a write still waited for its slot: the write
    /// is lost (the chip carries out the newer request, the prefetch). Returns the address
    /// restored, if a write was undone.
    pub fn lose_waiting_write(&mut self, vram: &mut Vram) -> Option<u16> {
        if !self.last.write {
            return None;
        }
        vram.write(self.last.addr, self.last.old);
        self.last.write = false;
        Some(self.last.addr)
    }

    /// A read of the control port: S#0, which the read then clears (see [`crate::status`]).
    pub fn read_status(&mut self, s0: &mut u8) -> u8 {
        self.latched = false;
        let value = *s0;
        *s0 = status::after_read(value);
        value
    }

    fn prefetch(&mut self, vram: &Vram) {
        self.last = LastAccess {
            addr: self.pointer,
            old: 0,
            returned: self.buffer,
            write: false,
        };
        self.buffer = vram.read(self.pointer);
        self.advance();
    }

    fn advance(&mut self) {
        self.pointer = self.pointer.wrapping_add(1) & ADDRESS_MASK;
    }
}
