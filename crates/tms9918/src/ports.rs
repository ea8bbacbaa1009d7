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
//! Access timing (the 2 us minimum between accesses) is not modelled: every access
//! lands.

use crate::registers::Registers;
use crate::status;
use crate::vram::{ADDRESS_MASK, Vram};

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
        }
    }

    /// The address the next data access will use.
    #[must_use]
    pub const fn pointer(&self) -> u16 {
        self.pointer
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

    /// A read of the control port: S#0, which the read then clears (see [`crate::status`]).
    pub fn read_status(&mut self, s0: &mut u8) -> u8 {
        self.latched = false;
        let value = *s0;
        *s0 = status::after_read(value);
        value
    }

    fn prefetch(&mut self, vram: &Vram) {
        self.buffer = vram.read(self.pointer);
        self.advance();
    }

    fn advance(&mut self) {
        self.pointer = self.pointer.wrapping_add(1) & ADDRESS_MASK;
    }
}
