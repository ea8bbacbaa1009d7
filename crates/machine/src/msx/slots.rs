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

/// Bytes in one region of the page table: 8 KB, the smallest bank of the mappers
/// (ASCII8, Konami), so a 16 KB page is two regions.
const REGION_BYTES: usize = 0x2000;
/// Where each part sits in [`Slots`]'s storage, the offsets of the page table: a region of
/// #FF (empty slot, ROM past the image), the BIOS, the RAM, then a copy of the
/// cartridge's image.
///
/// The copy makes every read one index into one buffer. Reading the image where the
/// cartridge holds it (shared by the board's copies, so a save state does not clone it)
/// needs a compare per read to pick the buffer: measured side by side (release `hitlab
/// compare`, 3,600 frames, medians of 9 interleaved runs, user time), the shared image
/// made lag, s0poll, hunt_edge, mover, fifth and mega 3-7% slower, so the copy stays.
const OPEN_AT: usize = 0;
const BIOS_AT: usize = OPEN_AT + REGION_BYTES;
const RAM_AT: usize = BIOS_AT + BIOS_BYTES;
const CART_AT: usize = RAM_AT + 0x1_0000;
/// A region CPU writes do not store into (ROM, an empty slot, the cartridge's mapper).
const NO_STORE: usize = usize::MAX;

/// The slots and the PPI.
///
/// Reads and RAM writes go through a page table of eight 8 KB regions, rebuilt when what
/// the CPU sees changes: port A (#A8) written, a mapper register written, a cartridge put
/// in. A read is then one lookup whatever slot, mapper and bank it lands in; a write
/// outside RAM goes to the cartridge only when its page shows slot 1.
#[derive(Clone, Debug)]
pub struct Slots {
    /// PPI port A: the primary slot of each page.
    primary: u8,
    /// PPI port C.
    pub port_c: u8,
    /// The cartridge: its mapper's banks; its image is copied to `CART_AT` in `mem`.
    cart: Cartridge,
    /// #FF region, BIOS, RAM and the cartridge's image (offsets `*_AT`).
    mem: Vec<u8>,
    /// The offset in `mem` of each region's first byte as the CPU reads it.
    read_at: [usize; 8],
    /// The offset in `mem` of each region's first byte for a write, or [`NO_STORE`].
    store_at: [usize; 8],
}

impl Slots {
    /// RAM at power-on as openMSX's `C-BIOS_MSX1` machines have it: their RAM has no
    /// `initialContent`, so `Ram::clear` fills it with FFh (openMSX `src/memory/Ram.cc`,
    /// `MSXRam::powerUp`, commit 632d46cc).
    pub const RAM_FILL: u8 = 0xFF;

    /// The slots at reset: every page on slot 0 (the BIOS), RAM zero.
    #[must_use]
    pub fn new(bios: &[u8], cart: Cartridge) -> Self {
        let mut mem = vec![0xFF; CART_AT];
        let n = bios.len().min(BIOS_BYTES);
        mem[BIOS_AT..BIOS_AT + n].copy_from_slice(&bios[..n]);
        mem[RAM_AT..CART_AT].fill(0);
        let mut slots = Self {
            primary: 0,
            port_c: 0,
            cart: Cartridge::rom_page(&[]),
            mem,
            read_at: [OPEN_AT; 8],
            store_at: [NO_STORE; 8],
        };
        slots.set_cartridge(cart);
        slots
    }

    /// Fills the RAM with `pattern` repeated from $0000 (an empty pattern leaves it as it
    /// is), as openMSX repeats a machine's `initialContent` over its RAM.
    pub fn fill_ram(&mut self, pattern: &[u8]) {
        if pattern.is_empty() {
            return;
        }
        for (byte, &p) in self.mem[RAM_AT..CART_AT]
            .iter_mut()
            .zip(pattern.iter().cycle())
        {
            *byte = p;
        }
    }

    /// Puts another cartridge in slot 1.
    pub fn set_cartridge(&mut self, cart: Cartridge) {
        self.mem.truncate(CART_AT);
        self.mem.extend_from_slice(cart.image());
        self.cart = cart;
        self.map_pages();
    }

    /// PPI port A: the primary slot of each page, page 0 in bits 1-0.
    #[must_use]
    pub const fn primary(&self) -> u8 {
        self.primary
    }

    /// The slot page `addr` is in shows.
    #[inline]
    const fn slot(&self, addr: u16) -> u8 {
        (self.primary >> ((addr >> 14) * 2)) & 3
    }

    /// Rebuilds the page table from port A and the cartridge's banks.
    fn map_pages(&mut self) {
        for region in 0..8 {
            let start = region * REGION_BYTES;
            let (read, store) = match (self.primary >> (region / 2 * 2)) & 3 {
                0 if start < BIOS_BYTES => (BIOS_AT + start, NO_STORE),
                1 => match self.cart.region_offset(region) {
                    Some(at) => (CART_AT + at, NO_STORE),
                    None => (OPEN_AT, NO_STORE),
                },
                3 => (RAM_AT + start, RAM_AT + start),
                _ => (OPEN_AT, NO_STORE),
            };
            self.read_at[region] = read;
            self.store_at[region] = store;
        }
    }

    /// A byte as the CPU reads it (no memory in this map has read side effects).
    #[inline]
    #[must_use]
    pub fn read(&self, addr: u16) -> u8 {
        let a = usize::from(addr);
        self.mem[self.read_at[a >> 13] + (a & (REGION_BYTES - 1))]
    }

    /// A CPU write: RAM, or the cartridge's mapper registers.
    #[inline]
    pub fn write(&mut self, addr: u16, value: u8) {
        let a = usize::from(addr);
        let at = self.store_at[a >> 13];
        if at != NO_STORE {
            self.mem[at + (a & (REGION_BYTES - 1))] = value;
        } else if self.slot(addr) == 1 {
            self.write_cartridge(addr, value);
        }
    }

    /// A write to slot 1: a mapper register may switch a bank.
    #[cold]
    fn write_cartridge(&mut self, addr: u16, value: u8) {
        if self.cart.write(addr, value) {
            self.map_pages();
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
            0 => {
                self.primary = v;
                self.map_pages();
            }
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

    /// A 128 KB ASCII8 MegaROM whose 8 KB bank `b` holds `b` in every byte.
    fn numbered_megarom(mapper: &str) -> Cartridge {
        let mut rom = vec![0u8; 0x20000];
        for (b, bank) in rom.chunks_mut(0x2000).enumerate() {
            bank.fill(b as u8);
        }
        rom[..2].copy_from_slice(b"AB");
        Cartridge::new(&rom, Some(mapper)).unwrap()
    }

    #[test]
    fn a_slot_switch_shows_on_the_next_access() {
        // Port A selects each page's slot from the next bus cycle on (MSX Technical
        // Handbook, "PPI"): RAM written in slot 3 is hidden behind the BIOS when page 3
        // goes to slot 0 ($C000 up is past the BIOS: #FF), back when it returns.
        let mut bios = vec![0x11u8; BIOS_BYTES];
        bios[0x7FFF] = 0x33;
        let mut s = Slots::new(&bios, numbered_megarom("ascii8"));
        s.write_ppi(0, 0b11_11_11_11);
        s.write(0x0000, 0xA5);
        s.write(0xFFFF, 0x5A);
        assert_eq!((s.read(0x0000), s.read(0xFFFF)), (0xA5, 0x5A));
        s.write_ppi(0, 0b00_11_11_00);
        assert_eq!(s.read(0x0000), 0x11, "page 0 on the BIOS");
        assert_eq!(s.read(0xFFFF), 0xFF, "page 3 on slot 0: no BIOS there");
        s.write(0xFFFF, 0x00);
        s.write_ppi(0, 0b11_11_11_11);
        assert_eq!(
            s.read(0xFFFF),
            0x5A,
            "the write to slot 0 did not reach RAM"
        );
        assert_eq!(s.read(0x0000), 0xA5);
        // Slot 2 is empty; pages 1 and 2 on slot 1 show the cartridge's banks 0 and 0.
        s.write_ppi(0, 0b10_01_01_00);
        assert_eq!((s.read(0x4000), s.read(0x4002)), (b'A', 0x00));
        assert_eq!(s.read(0xC000), 0xFF);
        assert_eq!(s.read(0x7FFF), 0x00);
    }

    #[test]
    fn a_bank_switch_shows_on_the_next_access() {
        // ASCII8: $6800 selects the bank at $6000, $7800 the one at $A000 (openMSX
        // `RomAscii8kB::writeMem`); a write to a page not on slot 1 reaches no mapper.
        let mut s = Slots::new(&[0; BIOS_BYTES], numbered_megarom("ascii8"));
        s.write_ppi(0, 0b11_01_01_00);
        assert_eq!(s.read(0x6002), 0);
        s.write(0x6800, 5);
        assert_eq!(s.read(0x6000), 5);
        assert_eq!(s.read(0x7FFF), 5);
        assert_eq!(s.read(0x4000), b'A', "the other regions keep their banks");
        s.write(0x7800, 15 + 16);
        assert_eq!(
            s.read(0xA123),
            15,
            "bank numbers wrap at the ROM's 16 banks"
        );
        s.write_ppi(0, 0b11_01_00_00);
        s.write(0x6800, 7);
        s.write_ppi(0, 0b11_01_01_00);
        assert_eq!(
            s.read(0x6000),
            5,
            "page 1 on slot 0: the mapper saw no write"
        );
        // Konami: $8000-$9FFF selects the bank at $8000.
        let mut s = Slots::new(&[0; BIOS_BYTES], numbered_megarom("konami"));
        s.write_ppi(0, 0b11_01_01_00);
        assert_eq!(s.read(0x8000), 2);
        s.write(0x9FFF, 9);
        assert_eq!(s.read(0x8000), 9);
        // A cartridge put in is mapped at once.
        s.set_cartridge(numbered_megarom("ascii16"));
        assert_eq!((s.read(0x8002), s.read(0xA000)), (0, 1));
    }
}
