//! The on-chip copy of bytes 0-3 (Y, size, link) of every SAT entry.
//!
//! The sprite scan reads Y, size and link from this copy, never from VRAM. It is updated
//! only by VRAM writes that land inside the SAT window current at the time of the write;
//! changing register 5 does not reload it (BE 354-367 `vdp_check_update_sat`; GPGX C
//! 2220-2225; MAME `vdp_vram_write`, Castlevania Bloodlines 6-3; jgenesis vdp.rs 1769-1791).
//!
//! Window size: 80 entries (640 bytes) from the SAT base in both H32 and H40, as BlastEm
//! has it (`SAT_CACHE_SIZE * 2`). GPGX uses the mode's table size (512 / 1024 bytes); the
//! two differ only for entries 64-79 written in H32, which H32 never reads.

/// Entries held by the cache: the H40 table size.
pub const SAT_CACHE_ENTRIES: usize = 80;
/// Bytes of one SAT entry in VRAM.
pub const SAT_ENTRY_BYTES: u16 = 8;
/// Bytes of the SAT window the cache snoops.
pub(crate) const WINDOW_BYTES: u16 = SAT_CACHE_ENTRIES as u16 * SAT_ENTRY_BYTES;

/// Y, size and link of one entry as the scan sees them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CachedEntry {
    /// Raw Y, 9 bits (screen line = Y - 128).
    pub y_raw: u16,
    /// Width in cells, 1-4.
    pub w_cells: u8,
    /// Height in cells, 1-4.
    pub h_cells: u8,
    /// Link to the next entry, 7 bits.
    pub link: u8,
}

/// The cache: four bytes per entry, in the order they sit in VRAM.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SatCache {
    bytes: [u8; SAT_CACHE_ENTRIES * 4],
}

impl Default for SatCache {
    fn default() -> Self {
        Self {
            bytes: [0; SAT_CACHE_ENTRIES * 4],
        }
    }
}

impl SatCache {
    /// Snoops one VRAM byte write: copies it when it lands on bytes 0-3 of an entry inside
    /// the window starting at `sat_base`.
    pub fn snoop(&mut self, addr: u16, value: u8, sat_base: u16) {
        // The window does not wrap past 0xFFFF (BE compares full addresses).
        let Some(offset) = addr.checked_sub(sat_base) else {
            return;
        };
        if offset < WINDOW_BYTES && offset & 4 == 0 {
            let entry = usize::from(offset / SAT_ENTRY_BYTES);
            let byte = usize::from(offset & 3);
            self.bytes[entry * 4 + byte] = value;
        }
    }

    /// The cached fields of entry `n` (`n` is reduced modulo the cache size, so any link
    /// value is safe to pass).
    #[must_use]
    pub fn entry(&self, n: u8) -> CachedEntry {
        let i = (usize::from(n) % SAT_CACHE_ENTRIES) * 4;
        let b = &self.bytes[i..i + 4];
        CachedEntry {
            y_raw: u16::from_be_bytes([b[0], b[1]]) & 0x1FF,
            w_cells: ((b[2] >> 2) & 3) + 1,
            h_cells: (b[2] & 3) + 1,
            link: b[3] & 0x7F,
        }
    }

    /// The raw cached bytes, four per entry.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8; SAT_CACHE_ENTRIES * 4] {
        &self.bytes
    }
}
