//! Link-list traversal: from sprite 0 along the links, stopping on link 0, on a link at
//! or beyond the table size (64 in H32, 80 in H40), or after as many entries as the table
//! holds have been visited, so a cycle always ends (GPGX R 4476, 4535; jgenesis
//! sprites.rs 161-186; specs/genesis-vdp.md "traversal").
//!
//! A cycle visits its sprites again: they are scanned, drawn and can collide once per
//! visit, as in GPGX and jgenesis, whose per-line lists hold repeated entries.

use super::Visit;
use crate::registers::HMode;
use crate::vram::Vram;
use crate::vram::sat_cache::SAT_ENTRY_BYTES;

/// Most entries a walk can visit (the H40 table size).
pub const MAX_VISITS: usize = 80;

/// The entries of one walk, in link order.
#[derive(Clone, Debug)]
pub struct LinkList {
    visits: [Visit; MAX_VISITS],
    len: usize,
}

impl Default for LinkList {
    fn default() -> Self {
        Self {
            visits: [Visit::default(); MAX_VISITS],
            len: 0,
        }
    }
}

impl LinkList {
    /// Walks the list: Y, size and link from the SAT cache, X and the attribute word from
    /// the SAT in VRAM at `sat_base`.
    pub fn walk(&mut self, vram: &Vram, sat_base: u16, mode: HMode) {
        let table = mode.sprites_per_frame();
        self.len = 0;
        let mut n: u8 = 0;
        for slot in self.visits.iter_mut().take(table) {
            let cached = vram.sat_cache().entry(n);
            let entry = sat_base.wrapping_add(u16::from(n) * SAT_ENTRY_BYTES);
            *slot = Visit::decode(
                n,
                cached,
                vram.word(entry.wrapping_add(4)),
                vram.word(entry.wrapping_add(6)),
            );
            self.len += 1;
            if cached.link == 0 || usize::from(cached.link) >= table {
                break;
            }
            n = cached.link;
        }
    }

    /// The visited entries in link order.
    #[must_use]
    pub fn visits(&self) -> &[Visit] {
        &self.visits[..self.len]
    }
}
