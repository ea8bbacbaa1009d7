//! Video RAM: 64 KiB, byte addressed, with the SAT cache snooping every write and the
//! decoded pattern rows kept in step.
//!
//! Every write goes through [`Vram::write_byte`] or [`Vram::write`], whichever API it
//! came from (data port or direct), so the SAT cache sees exactly what a CPU-driven chip
//! would (specs/genesis-vdp.md, "Memory and registers": loading a VRAM dump counts as
//! writing every byte). The pattern cache is the model's own, for speed; the chip reads
//! VRAM directly.

pub mod pattern_cache;
pub mod sat_cache;

use pattern_cache::PatternCache;
use sat_cache::SatCache;

/// VRAM size in bytes.
pub const VRAM_BYTES: usize = 0x1_0000;

/// The 64 KiB of VRAM and the SAT cache that follows its writes.
#[derive(Clone, PartialEq, Eq)]
pub struct Vram {
    bytes: Box<[u8; VRAM_BYTES]>,
    sat_cache: SatCache,
    patterns: PatternCache,
    /// A byte of the sprite table (the 80-entry window at the SAT base) was written since
    /// [`Vram::take_sat_touched`] last asked.
    sat_touched: bool,
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
            patterns: PatternCache::default(),
            sat_touched: false,
        }
    }
}

impl Vram {
    /// Writes one byte and lets the SAT cache snoop it against the current SAT base.
    pub fn write_byte(&mut self, addr: u16, value: u8, sat_base: u16) {
        self.bytes[usize::from(addr)] = value;
        self.sat_cache.snoop(addr, value, sat_base);
        self.patterns.refresh(addr, &self.bytes);
        self.note_sat(addr, sat_base);
    }

    fn note_sat(&mut self, addr: u16, sat_base: u16) {
        if addr
            .checked_sub(sat_base)
            .is_some_and(|o| o < sat_cache::WINDOW_BYTES)
        {
            self.sat_touched = true;
        }
    }

    /// Whether a byte of the sprite table was written since the last call; clears it.
    pub fn take_sat_touched(&mut self) -> bool {
        std::mem::take(&mut self.sat_touched)
    }

    /// Writes `bytes` from `addr` upwards, wrapping at 64 KiB: the same as writing them
    /// one by one.
    pub fn write(&mut self, addr: u16, bytes: &[u8], sat_base: u16) {
        let mut a = addr;
        for &b in bytes {
            self.bytes[usize::from(a)] = b;
            self.sat_cache.snoop(a, b, sat_base);
            self.note_sat(a, sat_base);
            // Decode each touched row once, after its last byte here.
            if a & 3 == 3 {
                self.patterns.refresh(a, &self.bytes);
            }
            a = a.wrapping_add(1);
        }
        if a & 3 != 0 && !bytes.is_empty() {
            self.patterns.refresh(a.wrapping_sub(1), &self.bytes);
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

    /// One 8-pixel row of a 4bpp cell, decoded (see [`PatternCache`]): `index` = cell *
    /// 8 + row, reduced to the 2048 cells of VRAM.
    #[must_use]
    pub fn cell_row(&self, index: u16) -> u64 {
        self.patterns.row(index)
    }

    /// The decoded pattern rows and their change stamps.
    #[must_use]
    pub fn patterns(&self) -> &PatternCache {
        &self.patterns
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::row_pixels;

    /// Every decoded row equals a fresh decode of the bytes now in VRAM.
    fn assert_cache_in_step(v: &Vram) {
        for row in 0..0x4000u16 {
            let a = usize::from(row) * 4;
            let b = &v.bytes;
            let word = u32::from_be_bytes([b[a], b[a + 1], b[a + 2], b[a + 3]]);
            assert_eq!(v.cell_row(row), row_pixels(word, false), "row {row}");
        }
    }

    #[test]
    fn decoded_rows_follow_byte_and_bulk_writes_at_any_alignment() {
        let mut v = Vram::default();
        let mut seed = 0x1234_5678u32;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed
        };
        for _ in 0..300 {
            let addr = next() as u16;
            let len = (next() % 70) as usize;
            let bytes: Vec<u8> = (0..len).map(|_| next() as u8).collect();
            if next() % 2 == 0 {
                v.write(addr, &bytes, 0xF800);
            } else {
                for (i, &b) in bytes.iter().enumerate() {
                    v.write_byte(addr.wrapping_add(i as u16), b, 0xF800);
                }
            }
        }
        // A write that wraps past 0xFFFF, starting and ending mid-row.
        v.write(0xFFFD, &[1, 2, 3, 4, 5, 6], 0xF800);
        assert_cache_in_step(&v);
    }

    #[test]
    fn change_stamps_advance_only_on_changes() {
        let mut v = Vram::default();
        let before = v.patterns().clock();
        v.write(0x40, &[0; 32], 0);
        assert_eq!(v.patterns().clock(), before, "same bytes, no change");
        v.write(0x40, &[0x10], 0);
        assert!(v.patterns().changed_since(2, before));
        assert!(!v.patterns().changed_since(3, before));
        assert!(!v.patterns().changed_since(2, v.patterns().clock()));
    }
}
