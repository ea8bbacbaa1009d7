//! Video RAM: 64 KiB, byte addressed, with the SAT cache snooping every write.
//!
//! Every write goes through [`Vram::write_byte`], whichever API it came from (data port or
//! direct), so the SAT cache sees exactly what a CPU-driven chip would (specs/genesis-vdp.md,
//! "Memory and registers": loading a VRAM dump counts as writing every byte).

pub mod sat_cache;

use sat_cache::SatCache;

/// VRAM size in bytes.
pub const VRAM_BYTES: usize = 0x1_0000;

/// The 64 KiB of VRAM and the SAT cache that follows its writes.
#[derive(Clone, PartialEq, Eq)]
pub struct Vram {
    bytes: Box<[u8; VRAM_BYTES]>,
    sat_cache: SatCache,
}

impl std::fmt::Debug for Vram {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Vram")
            .field("bytes", &format_args!("[u8; {VRAM_BYTES}]"))
            .field("sat_cache", &self.sat_cache)
            .finish()
    }
}

impl Default for Vram {
    fn default() -> Self {
        Self {
            bytes: Box::new([0; VRAM_BYTES]),
            sat_cache: SatCache::default(),
        }
    }
}

impl Vram {
    /// Writes one byte and lets the SAT cache snoop it against the current SAT base.
    pub fn write_byte(&mut self, addr: u16, value: u8, sat_base: u16) {
        self.bytes[usize::from(addr)] = value;
        self.sat_cache.snoop(addr, value, sat_base);
    }

    /// Writes `bytes` from `addr` upwards, wrapping at 64 KiB.
    pub fn write(&mut self, addr: u16, bytes: &[u8], sat_base: u16) {
        let mut a = addr;
        for &b in bytes {
            self.write_byte(a, b, sat_base);
            a = a.wrapping_add(1);
        }
    }

    /// One byte.
    #[must_use]
    pub fn byte(&self, addr: u16) -> u8 {
        self.bytes[usize::from(addr)]
    }

    /// The big-endian word at `addr` and `addr + 1` (wrapping).
    #[must_use]
    pub fn word(&self, addr: u16) -> u16 {
        u16::from_be_bytes([self.byte(addr), self.byte(addr.wrapping_add(1))])
    }

    /// The four bytes of one 8-pixel row of a 4bpp cell. `cell` is the 11-bit pattern
    /// index (reduced here), `row` 0-7.
    #[must_use]
    pub fn cell_row(&self, cell: u16, row: u8) -> [u8; 4] {
        let a = usize::from(cell & 0x7FF) * 32 + usize::from(row & 7) * 4;
        [
            self.bytes[a],
            self.bytes[a + 1],
            self.bytes[a + 2],
            self.bytes[a + 3],
        ]
    }

    /// All 64 KiB.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8; VRAM_BYTES] {
        &self.bytes
    }

    /// The SAT cache.
    #[must_use]
    pub fn sat_cache(&self) -> &SatCache {
        &self.sat_cache
    }
}
