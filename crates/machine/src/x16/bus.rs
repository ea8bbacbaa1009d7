//! The X16's memory map as the 65C02 sees it, one implementation for the routine call and
//! for whole programs (specs/programs.md, "one board per machine").
//!
//! From the Commander X16 Programmer's Reference ("Memory map"):
//! - $0000: the RAM bank register, $0001: the ROM bank register; both read back what was
//!   written (the RAM underneath is not reachable from the CPU).
//! - $0002-$9EFF: fixed RAM.
//! - $9F00-$9FFF: I/O. $9F20-$9F3F is the [`Vera`]; the rest is [`Io`] (the VIAs and what
//!   hangs on them, see [`super::io`]); where nothing answers, reads return $9F (the open
//!   data bus after an absolute-mode operand fetch, whose high byte was $9F) and writes
//!   are ignored.
//! - $A000-$BFFF: banked RAM, 256 banks of 8 KB (2 MB, the fully populated machine),
//!   selected by $0000.
//! - $C000-$FFFF: ROM, banks of 16 KB selected by $0001. A bank number past the last
//!   bank present wraps (bank modulo the bank count); writes to ROM are ignored.

use cpu_65c02::Bus;
use vera::Vera;

use super::io::Io;

/// The RAM bank register.
pub const RAM_BANK: u16 = 0x0000;
/// The ROM bank register.
pub const ROM_BANK: u16 = 0x0001;
/// The first address of the I/O page (fixed RAM runs below it).
pub const IO: u16 = 0x9F00;
/// The VERA's first register.
pub const VERA_BASE: u16 = 0x9F20;
/// The VERA's last register.
pub const VERA_LAST: u16 = 0x9F3F;
/// The banked RAM window.
pub const BANK_WINDOW: u16 = 0xA000;
/// The first ROM address (ROM runs to $FFFF).
pub const ROM: u16 = 0xC000;
/// Bytes in one RAM bank.
pub const RAM_BANK_BYTES: usize = 0x2000;
/// RAM banks on the board.
pub const RAM_BANKS: usize = 256;
/// Bytes in one ROM bank.
pub const ROM_BANK_BYTES: usize = 0x4000;
/// What an unmapped I/O read returns.
pub const OPEN_BUS: u8 = 0x9F;

/// RAM, banked RAM, ROM banks and the two bank registers.
#[derive(Clone)]
pub struct Memory {
    /// $0000-$9EFF; $0000 and $0001 hold the two bank registers.
    low: Box<[u8; IO as usize]>,
    banked: Box<[u8]>,
    rom: Box<[u8]>,
    /// ROM banks in `rom`.
    rom_banks: usize,
}

impl std::fmt::Debug for Memory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Memory")
            .field("ram_bank", &self.ram_bank())
            .field("rom_bank", &self.rom_bank())
            .field("rom_banks", &self.rom_banks)
            .finish_non_exhaustive()
    }
}

impl Memory {
    /// RAM zero, both bank registers 0, the given ROM (a non-zero multiple of 16 KB).
    #[must_use]
    pub fn new(rom: Box<[u8]>) -> Self {
        debug_assert!(!rom.is_empty() && rom.len().is_multiple_of(ROM_BANK_BYTES));
        Self {
            low: Box::new([0; IO as usize]),
            banked: vec![0; RAM_BANKS * RAM_BANK_BYTES].into_boxed_slice(),
            rom_banks: (rom.len() / ROM_BANK_BYTES).max(1),
            rom,
        }
    }

    /// Where `addr` in the ROM window lands in the ROM image.
    #[inline]
    fn rom_index(&self, addr: u16) -> usize {
        (usize::from(self.rom_bank()) % self.rom_banks) * ROM_BANK_BYTES + usize::from(addr - ROM)
    }

    /// A byte as the CPU reads it, the I/O page excepted (the caller routes it).
    #[inline]
    #[must_use]
    pub fn read(&self, addr: u16) -> u8 {
        match addr {
            // The bank registers included: they are kept at $0000 and $0001.
            a if a < IO => self.low[usize::from(a)],
            a if a < BANK_WINDOW => OPEN_BUS,
            a if a < ROM => self.banked[self.banked_index(a)],
            a => self.rom[self.rom_index(a)],
        }
    }

    /// Where `addr` in the banked window lands in banked RAM.
    #[inline]
    fn banked_index(&self, addr: u16) -> usize {
        usize::from(self.ram_bank()) * RAM_BANK_BYTES + usize::from(addr - BANK_WINDOW)
    }

    /// A CPU write, the I/O page excepted; ROM ignores it.
    #[inline]
    pub fn write(&mut self, addr: u16, value: u8) {
        match addr {
            // The bank registers included, at $0000 and $0001.
            a if a < IO => self.low[usize::from(a)] = value,
            a if a < BANK_WINDOW => {}
            a if a < ROM => {
                let at = self.banked_index(a);
                self.banked[at] = value;
            }
            _ => {}
        }
    }

    /// Writes a byte of ROM bank 0 (building the ROM image).
    pub fn write_rom(&mut self, addr: u16, value: u8) {
        let index = usize::from(addr.wrapping_sub(ROM));
        if addr >= ROM {
            self.rom[index] = value;
        }
    }

    /// Writes a byte of RAM bank 0's window ($A000-$BFFF) whatever bank is selected (the
    /// KERNAL's own variables).
    pub fn write_bank0(&mut self, addr: u16, value: u8) {
        if (BANK_WINDOW..ROM).contains(&addr) {
            self.banked[usize::from(addr - BANK_WINDOW)] = value;
        }
    }

    /// The RAM bank register.
    #[must_use]
    pub fn ram_bank(&self) -> u8 {
        self.low[usize::from(RAM_BANK)]
    }

    /// The ROM bank register.
    #[must_use]
    pub fn rom_bank(&self) -> u8 {
        self.low[usize::from(ROM_BANK)]
    }
}

/// The 65C02's bus: memory and the VERA on the I/O page.
#[derive(Debug)]
pub struct X16Bus<'a> {
    /// RAM and ROM.
    pub mem: &'a mut Memory,
    /// The chip at $9F20.
    pub vera: &'a mut Vera,
    /// The rest of the I/O page.
    pub io: &'a mut Io,
    /// The CPU cycle the instruction began on (the VIAs are run to it).
    pub now: u64,
}

impl X16Bus<'_> {
    /// A byte as the CPU would read it, with no side effect on the chip.
    #[must_use]
    pub fn peek(&self, addr: u16) -> u8 {
        peek(self.mem, self.vera, self.io, addr)
    }
}

/// A byte as the CPU would read it from `mem`, `vera` and `io`, with no side effect.
#[must_use]
pub fn peek(mem: &Memory, vera: &Vera, io: &Io, addr: u16) -> u8 {
    if addr & 0xFF00 == IO {
        if (VERA_BASE..=VERA_LAST).contains(&addr) {
            vera.peek_reg((addr - VERA_BASE) as u8)
        } else {
            io.peek(addr)
        }
    } else {
        mem.read(addr)
    }
}

impl Bus for X16Bus<'_> {
    #[inline(always)]
    fn read(&mut self, addr: u16) -> u8 {
        if addr < IO {
            // Fixed RAM, the most frequent case, first.
            self.mem.low[usize::from(addr)]
        } else if addr & 0xFF00 == IO {
            if (VERA_BASE..=VERA_LAST).contains(&addr) {
                self.vera.read_reg((addr - VERA_BASE) as u8)
            } else {
                self.io.read(addr, self.now)
            }
        } else {
            self.mem.read(addr)
        }
    }

    #[inline(always)]
    fn write(&mut self, addr: u16, value: u8) {
        if addr < IO {
            self.mem.low[usize::from(addr)] = value;
        } else if addr & 0xFF00 == IO {
            if (VERA_BASE..=VERA_LAST).contains(&addr) {
                self.vera.write_reg((addr - VERA_BASE) as u8, value);
            } else {
                self.io.write(addr, value, self.now);
            }
        } else {
            self.mem.write(addr, value);
        }
    }
}
