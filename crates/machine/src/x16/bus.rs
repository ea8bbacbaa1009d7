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
//!
//! - When the 65C02 fetches an interrupt vector (its VPB pin low: RESET, NMI, IRQ, BRK),
//!   the board sets the ROM bank register to 0, so the KERNAL's handler runs whatever
//!   bank was showing (x16emu `vp6502`, X16Community/x16-emulator commit 49b1fbd, "hardware
//!   VPB behavior"). The X16 ROM relies on it: only the KERNAL's bank holds vectors (the
//!   r49 BASIC bank's $FFFA-$FFFF are fill).
//!
//! The banks are resolved when $0000 or $0001 is written, so a read of banked RAM or ROM
//! is one offset added to the address.
//!
//! Save states: the ROM is shared by every copy of the memory (it is never written once
//! built); banked RAM keeps per-bank write marks so a state copies only the banks a program
//! wrote ([`super::banked`]).

use std::sync::Arc;

use cpu_65c02::Bus;
use vera::Vera;

use super::banked::BankedRam;
use super::io::Io;
use super::saved::Saved;

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
    banked: BankedRam,
    /// Shared by every copy (a save state's included): built once, then only read.
    rom: Arc<[u8]>,
    /// ROM banks in `rom`.
    rom_banks: usize,
    /// Where the banked window starts in `banked` with the bank register's value: the
    /// bank is resolved when $0000 is written, not on each access.
    banked_base: usize,
    /// Where the ROM window starts in `rom` with the ROM bank register's value (the bank
    /// modulo the bank count), resolved when $0001 is written.
    rom_base: usize,
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
    pub fn new(rom: impl Into<Arc<[u8]>>) -> Self {
        let rom = rom.into();
        debug_assert!(!rom.is_empty() && rom.len().is_multiple_of(ROM_BANK_BYTES));
        Self {
            low: Box::new([0; IO as usize]),
            banked: BankedRam::new(),
            rom_banks: (rom.len() / ROM_BANK_BYTES).max(1),
            rom,
            banked_base: 0,
            rom_base: 0,
        }
    }

    /// A read below the I/O page (the bank registers included).
    #[inline(always)]
    pub(super) fn read_low(&self, addr: u16) -> u8 {
        self.low[usize::from(addr)]
    }

    /// A write to fixed RAM, the bank registers included: a bank register written selects
    /// the bank for the next access.
    #[inline]
    pub(super) fn write_low(&mut self, addr: u16, value: u8) {
        self.low[usize::from(addr)] = value;
        if addr <= ROM_BANK {
            self.banked_base = usize::from(self.ram_bank()) * RAM_BANK_BYTES;
            self.rom_base = (usize::from(self.rom_bank()) % self.rom_banks) * ROM_BANK_BYTES;
        }
    }

    /// Where `addr` in the ROM window lands in the ROM image.
    #[inline]
    fn rom_index(&self, addr: u16) -> usize {
        self.rom_base + usize::from(addr - ROM)
    }

    /// A byte as the CPU reads it, the I/O page excepted (the caller routes it).
    #[inline]
    #[must_use]
    pub fn read(&self, addr: u16) -> u8 {
        match addr {
            // The bank registers included: they are kept at $0000 and $0001.
            a if a < IO => self.low[usize::from(a)],
            a if a < BANK_WINDOW => OPEN_BUS,
            a if a < ROM => self.banked.read(self.banked_index(a)),
            a => self.rom[self.rom_index(a)],
        }
    }

    /// Where `addr` in the banked window lands in banked RAM.
    #[inline]
    fn banked_index(&self, addr: u16) -> usize {
        self.banked_base + usize::from(addr - BANK_WINDOW)
    }

    /// A CPU write, the I/O page excepted; ROM ignores it.
    #[inline]
    pub fn write(&mut self, addr: u16, value: u8) {
        match addr {
            // The bank registers included, at $0000 and $0001.
            a if a < IO => self.write_low(a, value),
            a if a < BANK_WINDOW => {}
            a if a < ROM => {
                let at = self.banked_index(a);
                self.banked.write(at, value);
            }
            _ => {}
        }
    }

    /// Writes a byte of ROM bank 0 (building the ROM image).
    pub fn write_rom(&mut self, addr: u16, value: u8) {
        let index = usize::from(addr.wrapping_sub(ROM));
        if addr >= ROM {
            // Copied only if a saved copy shares it already (the ROM is built before).
            Arc::make_mut(&mut self.rom)[index] = value;
        }
    }

    /// Writes a byte of RAM bank 0's window ($A000-$BFFF) whatever bank is selected (the
    /// KERNAL's own variables).
    pub fn write_bank0(&mut self, addr: u16, value: u8) {
        if (BANK_WINDOW..ROM).contains(&addr) {
            self.banked.write(usize::from(addr - BANK_WINDOW), value);
        }
    }

    /// A byte of RAM bank 0's window ($A000-$BFFF) whatever bank is selected; $FF
    /// elsewhere.
    #[must_use]
    pub fn read_bank0(&self, addr: u16) -> u8 {
        if (BANK_WINDOW..ROM).contains(&addr) {
            self.banked.read(usize::from(addr - BANK_WINDOW))
        } else {
            0xFF
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

impl Saved for Memory {
    /// Fixed RAM copied, the ROM shared, banked RAM as shared per-bank blocks
    /// ([`BankedRam::saved`]).
    fn saved(&self) -> Self {
        Self {
            low: self.low.clone(),
            banked: self.banked.saved(),
            rom: Arc::clone(&self.rom),
            rom_banks: self.rom_banks,
            banked_base: self.banked_base,
            rom_base: self.rom_base,
        }
    }

    fn restore(&mut self, saved: &Self) {
        let Self {
            low,
            banked,
            rom,
            rom_banks,
            banked_base,
            rom_base,
        } = saved;
        self.low.copy_from_slice(&low[..]);
        self.banked.restore(banked);
        if !Arc::ptr_eq(&self.rom, rom) {
            self.rom = Arc::clone(rom);
        }
        self.rom_banks = *rom_banks;
        self.banked_base = *banked_base;
        self.rom_base = *rom_base;
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
            self.mem.write_low(addr, value);
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

    /// VPB: the vector comes from ROM bank 0 (see the module docs).
    #[inline]
    fn vector_pull(&mut self) {
        self.mem.write_low(ROM_BANK, 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Four ROM banks, each byte holding its bank's number; RAM bank `b` written with `b`
    /// at $A000 through the bus, bank by bank.
    fn bus_parts() -> (Memory, Vera) {
        let mut rom = vec![0u8; 4 * ROM_BANK_BYTES];
        for (b, bank) in rom.chunks_mut(ROM_BANK_BYTES).enumerate() {
            bank.fill(b as u8);
        }
        (
            Memory::new(rom.into_boxed_slice()),
            Vera::new(vera::Quirks::Hardware),
        )
    }

    #[test]
    fn a_bank_register_write_selects_the_bank_for_the_next_access() {
        // Programmer's Reference, "Memory map": $0000 selects the 8 KB RAM bank at $A000,
        // $0001 the 16 KB ROM bank at $C000; a ROM bank past the last present wraps.
        let (mut mem, mut vera) = bus_parts();
        let mut io = Io::new();
        let mut bus = X16Bus {
            mem: &mut mem,
            vera: &mut vera,
            io: &mut io,
            now: 0,
        };
        for bank in [0u8, 1, 255] {
            bus.write(RAM_BANK, bank);
            bus.write(0xA000, bank ^ 0x5A);
            bus.write(0xBFFF, bank);
        }
        for bank in [0u8, 1, 255] {
            bus.write(RAM_BANK, bank);
            assert_eq!(bus.read(0xA000), bank ^ 0x5A, "RAM bank {bank}");
            assert_eq!(bus.read(0xBFFF), bank, "RAM bank {bank}");
            assert_eq!(bus.read(RAM_BANK), bank, "the register reads back");
        }
        for (bank, shows) in [(0u8, 0u8), (3, 3), (1, 1), (6, 2), (255, 3)] {
            bus.write(ROM_BANK, bank);
            assert_eq!(bus.read(0xC000), shows, "ROM bank {bank}");
            assert_eq!(bus.read(0xFFFF), shows, "ROM bank {bank}");
        }
        bus.write(0xC000, 0x77);
        assert_eq!(bus.read(0xC000), 3, "ROM ignores writes");
        // An interrupt's vector fetch selects bank 0 (VPB); the vector is read from it.
        bus.write(ROM_BANK, 3);
        bus.vector_pull();
        assert_eq!((bus.read(ROM_BANK), bus.read(0xFFFE)), (0, 0));
        // Memory's own write path resolves the banks too.
        mem.write(RAM_BANK, 1);
        mem.write(ROM_BANK, 2);
        assert_eq!((mem.read(0xA000), mem.read(0xC000)), (1 ^ 0x5A, 2));
    }
}
