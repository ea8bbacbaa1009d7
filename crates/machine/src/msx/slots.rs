//! The MSX1 memory map and the PPI 8255 (MSX Technical Handbook, chapter 5, "PPI";
//! openMSX `src/MSXPPI.cc`, `src/MSXCPUInterface.cc`), laid out as openMSX's
//! `C-BIOS_MSX1` machine has it:
//! - slot 0: the BIOS, main ROM at $0000-$7FFF, logo ROM at $8000-$BFFF;
//! - slot 1: the cartridge ([`Cartridge`]);
//! - slot 2: empty (reads #FF);
//! - slot 3: 64 KB RAM.
//!
//! No slot is expanded in this layout, so $FFFF is plain memory of whatever slot page 3
//! shows (as on that machine); the secondary slot register exists only in expanded slots.
//!
//! PPI: port A (#A8) is the primary slot register, two bits per 16 KB page (page 0 in
//! bits 1-0); port B (#A9) reads the keyboard row port C selects (no key is pressed: #FF);
//! port C (#AA) bits 3-0 select the row, the others drive the cassette, CAPS lamp and
//! click; #AB writes set or reset one bit of port C (bit 7 clear) or set the mode.

use super::cart::Cartridge;

/// The BIOS image: main ROM and logo ROM.
pub const BIOS_BYTES: usize = 0xC000;

/// The slots and the PPI.
#[derive(Clone, Debug)]
pub struct Slots {
    /// PPI port A: the primary slot of each page.
    pub primary: u8,
    /// PPI port C.
    pub port_c: u8,
    bios: Box<[u8; BIOS_BYTES]>,
    cart: Cartridge,
    ram: Box<[u8; 0x10000]>,
}

impl Slots {
    /// RAM at power-on as openMSX's `C-BIOS_MSX1` machines have it: their RAM has no
    /// `initialContent`, so `Ram::clear` fills it with FFh (openMSX `src/memory/Ram.cc`,
    /// `MSXRam::powerUp`, commit 632d46cc).
    pub const RAM_FILL: u8 = 0xFF;

    /// The slots at reset: every page on slot 0 (the BIOS), RAM zero.
    #[must_use]
    pub fn new(bios: &[u8], cart: Cartridge) -> Self {
        let mut b = Box::new([0xFF; BIOS_BYTES]);
        let n = bios.len().min(BIOS_BYTES);
        b[..n].copy_from_slice(&bios[..n]);
        Self {
            primary: 0,
            port_c: 0,
            bios: b,
            cart,
            ram: Box::new([0; 0x10000]),
        }
    }

    /// Fills the RAM with `pattern` repeated from $0000 (an empty pattern leaves it as it
    /// is), as openMSX repeats a machine's `initialContent` over its RAM.
    pub fn fill_ram(&mut self, pattern: &[u8]) {
        if pattern.is_empty() {
            return;
        }
        for (byte, &p) in self.ram.iter_mut().zip(pattern.iter().cycle()) {
            *byte = p;
        }
    }

    /// Puts another cartridge in slot 1.
    pub fn set_cartridge(&mut self, cart: Cartridge) {
        self.cart = cart;
    }

    /// The slot page `addr` is in shows.
    #[inline]
    const fn slot(&self, addr: u16) -> u8 {
        (self.primary >> ((addr >> 14) * 2)) & 3
    }

    /// A byte as the CPU reads it (no memory in this map has read side effects).
    #[inline]
    #[must_use]
    pub fn read(&self, addr: u16) -> u8 {
        match self.slot(addr) {
            0 => self.bios.get(usize::from(addr)).copied().unwrap_or(0xFF),
            1 => self.cart.read(addr),
            3 => self.ram[usize::from(addr)],
            _ => 0xFF,
        }
    }

    /// A CPU write: RAM, or the cartridge's mapper registers.
    #[inline]
    pub fn write(&mut self, addr: u16, value: u8) {
        match self.slot(addr) {
            1 => self.cart.write(addr, value),
            3 => self.ram[usize::from(addr)] = value,
            _ => {}
        }
    }

    /// #A8-#AB read.
    #[must_use]
    pub const fn read_ppi(&self, port: u8) -> u8 {
        match port & 3 {
            0 => self.primary,
            // No key pressed on any row.
            1 => 0xFF,
            2 => self.port_c,
            _ => 0xFF,
        }
    }

    /// #A8-#AB write.
    pub fn write_ppi(&mut self, port: u8, v: u8) {
        match port & 3 {
            0 => self.primary = v,
            2 => self.port_c = v,
            3 if v & 0x80 == 0 => {
                let bit = 1 << ((v >> 1) & 7);
                if v & 1 != 0 {
                    self.port_c |= bit;
                } else {
                    self.port_c &= !bit;
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_primary_slot_register_picks_each_page() {
        let mut rom = vec![0u8; 0x4000];
        rom[..2].copy_from_slice(b"AB");
        let cart = Cartridge::new(&rom, None).unwrap();
        let mut bios = vec![0x11u8; BIOS_BYTES];
        bios[0x8000] = 0x22;
        let mut s = Slots::new(&bios, cart);
        assert_eq!(s.read(0x4000), 0x11, "reset: all pages on slot 0");
        // Page 1 on slot 1, page 2 on slot 0 (logo), page 3 on slot 3.
        s.write_ppi(0, 0b11_00_01_00);
        assert_eq!(s.read(0x4000), b'A');
        assert_eq!(s.read(0x8000), 0x22);
        s.write(0xC000, 0x5A);
        assert_eq!(s.read(0xC000), 0x5A);
        s.write(0x0000, 0x77);
        assert_eq!(s.read(0x0000), 0x11, "ROM ignores writes");
        // #AB bit set/reset: set bit 6 (CAPS lamp), then reset it.
        s.write_ppi(3, 0x0D);
        assert_eq!(s.read_ppi(2), 0x40);
        s.write_ppi(3, 0x0C);
        assert_eq!(s.read_ppi(2), 0x00);
    }
}
