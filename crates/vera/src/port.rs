//! One of the two VRAM data ports (DATA0 / DATA1) with its address register
//! (VERA Programmer's Reference, "Video RAM access"; FPGA `addr_data.v` 173-260, 466-560,
//! 947-965).
//!
//! The 65C02 sets a 17-bit address through ADDRx_L/M/H, then reads or writes DATAx. Each
//! DATAx access moves the address by the increment selected in ADDRx_H bits 7-4 (up, or
//! down with DECR = bit 3), wrapping modulo 128 KiB. The port keeps a read latch: every
//! address change (a write to ADDRx_L/M/H, or the step after a DATAx access) fetches the
//! byte at the new address into it, and a DATAx read returns the latch, i.e. the byte
//! fetched before the access, then steps. The latch is not refreshed by writes through
//! the other port, as on the hardware.
//!
//! ADDRx_H bits 2-1 (nibble increment, nibble address) only act in the FX 4-bit mode,
//! which is outside this model: they are stored and read back but never move the address.

use crate::vram::{VRAM_ADDR_MASK, Vram};

/// Increment amounts selected by ADDRx_H bits 7-4.
pub const INCREMENTS: [u32; 16] = [
    0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 40, 80, 160, 320, 640,
];

/// A data port and its address register.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DataPort {
    addr: u32,
    incr_index: u8,
    decr: bool,
    nibble_incr: bool,
    nibble_addr: bool,
    latch: u8,
    /// The signed step of the increment and DECR above, worked out when ADDRx_H is
    /// written rather than at every DATAx access.
    step: i32,
}

impl DataPort {
    /// The read latch (what the next DATAx read returns).
    #[must_use]
    pub const fn latch(&self) -> u8 {
        self.latch
    }

    /// ADDRx_L as read back.
    #[must_use]
    pub const fn addr_l(&self) -> u8 {
        (self.addr & 0xFF) as u8
    }

    /// ADDRx_M as read back.
    #[must_use]
    pub const fn addr_m(&self) -> u8 {
        ((self.addr >> 8) & 0xFF) as u8
    }

    /// ADDRx_H as read back: increment 7-4, DECR 3, nibble increment 2, nibble address 1,
    /// address bit 16 in bit 0.
    #[must_use]
    pub const fn addr_h(&self) -> u8 {
        (self.incr_index << 4)
            | ((self.decr as u8) << 3)
            | ((self.nibble_incr as u8) << 2)
            | ((self.nibble_addr as u8) << 1)
            | ((self.addr >> 16) & 1) as u8
    }

    /// The signed step applied after each DATAx access.
    #[must_use]
    pub const fn step(&self) -> i32 {
        self.step
    }

    /// Writes ADDRx_L and fetches the byte at the new address into the latch.
    pub fn write_addr_l(&mut self, value: u8, vram: &Vram) {
        self.addr = (self.addr & !0xFF) | u32::from(value);
        self.fetch(vram);
    }

    /// Writes ADDRx_M and fetches the byte at the new address into the latch.
    pub fn write_addr_m(&mut self, value: u8, vram: &Vram) {
        self.addr = (self.addr & !0xFF00) | (u32::from(value) << 8);
        self.fetch(vram);
    }

    /// Writes ADDRx_H and fetches the byte at the new address into the latch.
    pub fn write_addr_h(&mut self, value: u8, vram: &Vram) {
        self.addr = (self.addr & 0xFFFF) | (u32::from(value & 1) << 16);
        self.nibble_addr = value & 0x02 != 0;
        self.nibble_incr = value & 0x04 != 0;
        self.decr = value & 0x08 != 0;
        self.incr_index = value >> 4;
        let amount = INCREMENTS[usize::from(self.incr_index & 0x0F)] as i32;
        self.step = if self.decr { -amount } else { amount };
        self.fetch(vram);
    }

    /// A DATAx read: returns the latch, steps the address and fetches the next byte.
    pub fn read_data(&mut self, vram: &Vram) -> u8 {
        let value = self.latch;
        self.advance(vram);
        value
    }

    /// A DATAx write: stores `value` at the address, steps and fetches the next byte.
    pub fn write_data(&mut self, value: u8, vram: &mut Vram) {
        vram.write(self.addr, value);
        self.advance(vram);
    }

    fn advance(&mut self, vram: &Vram) {
        self.addr = self.addr.wrapping_add_signed(self.step()) & VRAM_ADDR_MASK;
        self.fetch(vram);
    }

    fn fetch(&mut self, vram: &Vram) {
        self.latch = vram.read(self.addr);
    }
}
