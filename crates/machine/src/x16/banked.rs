//! The X16's banked RAM (256 banks of 8 KB, [`super::bus`]) and how a save state keeps it.
//!
//! A program touches a few banks of the 2 MB (the KERNAL's variables in bank 0, the banks
//! it loads data into), yet a hunt saves and restores the machine every few frames
//! ([`crate::state`]). So a state holds the banks as shared blocks, one per bank, and the
//! RAM remembers the blocks it last equalled (`base`) and which banks were written since
//! (`dirty`, marked on the write path: one store beside the byte's):
//! - saving copies only the banks written since the RAM last equalled `base`; every other
//!   bank is `base`'s block, shared with the states before it;
//! - restoring copies into the RAM's own buffer only the banks written since, or whose
//!   block in the state differs from `base`'s (states saved on one line of play share the
//!   blocks of the banks nobody wrote between them).
//!
//! A machine at power-on is all zeros: its `base` is one zero block shared by every bank.

use std::sync::Arc;

use super::bus::{RAM_BANK_BYTES, RAM_BANKS};

/// Every bank's block, bank 0 first.
type Blocks = Arc<[Arc<[u8]>]>;

/// Bytes of banked RAM.
const RAM_BYTES: usize = RAM_BANKS * RAM_BANK_BYTES;

/// Banked RAM, with what a save state needs to copy only the banks written.
#[derive(Clone)]
pub(super) struct BankedRam {
    /// The 2 MB the CPU reads and writes, bank after bank; empty in a saved copy
    /// ([`Self::saved`]), whose banks are `base`.
    bytes: Box<[u8]>,
    /// Per bank, written since `bytes` last equalled `base`.
    dirty: [bool; RAM_BANKS],
    /// The blocks `bytes` equals, the dirty banks excepted.
    base: Blocks,
}

impl BankedRam {
    /// All zeros.
    pub fn new() -> Self {
        let zero: Arc<[u8]> = Arc::from(vec![0u8; RAM_BANK_BYTES]);
        Self {
            bytes: vec![0; RAM_BYTES].into_boxed_slice(),
            dirty: [false; RAM_BANKS],
            base: (0..RAM_BANKS).map(|_| Arc::clone(&zero)).collect(),
        }
    }

    /// The byte at `at` (bank times 8 KB plus the offset in the bank).
    #[inline]
    pub fn read(&self, at: usize) -> u8 {
        self.bytes[at]
    }

    /// Writes the byte at `at` and marks its bank written.
    #[inline]
    pub fn write(&mut self, at: usize, value: u8) {
        self.bytes[at] = value;
        // `at` is inside `bytes`, so its bank is below RAM_BANKS; the mask spares a check.
        self.dirty[(at / RAM_BANK_BYTES) & (RAM_BANKS - 1)] = true;
    }

    /// A copy for a save state: the banks as blocks, the unwritten ones shared with
    /// `base`; no 2 MB buffer of its own (restore it with [`Self::restore`]).
    pub fn saved(&self) -> Self {
        if self.bytes.len() != RAM_BYTES {
            // Already a saved copy.
            return self.clone();
        }
        let blocks: Blocks = self
            .base
            .iter()
            .zip(self.bytes.chunks_exact(RAM_BANK_BYTES))
            .zip(&self.dirty)
            .map(|((block, bytes), &dirty)| {
                if dirty {
                    Arc::from(bytes)
                } else {
                    Arc::clone(block)
                }
            })
            .collect();
        Self {
            bytes: Box::default(),
            dirty: [false; RAM_BANKS],
            base: blocks,
        }
    }

    /// Puts back the banks of `saved` (a [`Self::saved`] copy), copying into this RAM's
    /// buffer only the banks that may differ.
    pub fn restore(&mut self, saved: &Self) {
        // A machine made from a saved copy has no buffer yet: every bank is copied.
        let fresh = self.bytes.len() != RAM_BYTES;
        if fresh {
            self.bytes = vec![0; RAM_BYTES].into_boxed_slice();
        }
        let same_base = Arc::ptr_eq(&self.base, &saved.base);
        for (bank, ((bytes, ours), theirs)) in self
            .bytes
            .chunks_exact_mut(RAM_BANK_BYTES)
            .zip(self.base.iter())
            .zip(saved.base.iter())
            .enumerate()
        {
            if fresh || self.dirty[bank] || !(same_base || Arc::ptr_eq(ours, theirs)) {
                bytes.copy_from_slice(theirs);
            }
        }
        self.dirty = [false; RAM_BANKS];
        if !same_base {
            self.base = Arc::clone(&saved.base);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::bus::{BANK_WINDOW, Memory, RAM_BANK, ROM_BANK_BYTES};
    use super::super::saved::Saved;
    use super::*;

    /// Writes `value` at `offset` of each bank in `banks` through the bank register and
    /// the $A000 window, as the CPU does.
    fn fill(mem: &mut Memory, banks: impl IntoIterator<Item = u8>, offset: u16, value: u8) {
        for bank in banks {
            mem.write(RAM_BANK, bank);
            mem.write(BANK_WINDOW + offset, value ^ bank);
        }
    }

    /// Every byte of every bank, read through the window.
    fn banks_of(mem: &mut Memory) -> Vec<u8> {
        let mut all = Vec::with_capacity(RAM_BYTES);
        for bank in 0..=255u8 {
            mem.write(RAM_BANK, bank);
            all.extend((0..RAM_BANK_BYTES as u16).map(|o| mem.read(BANK_WINDOW + o)));
        }
        all
    }

    fn memory() -> Memory {
        Memory::new(vec![0xEA; ROM_BANK_BYTES].into_boxed_slice())
    }

    #[test]
    fn a_restore_after_writes_to_many_banks_gives_the_memory_saved() {
        let mut mem = memory();
        // Every other bank written, then a state; the bank register left at 7.
        fill(&mut mem, (0..=255).step_by(2), 0x0123, 0xA5);
        mem.write(RAM_BANK, 7);
        let before = banks_of(&mut mem.clone());
        let state = mem.saved();
        // Every bank written afterwards, some bytes twice, and another bank selected.
        fill(&mut mem, 0..=255, 0x0123, 0x3C);
        fill(&mut mem, 0..=255, 0x1FFF, 0x11);
        mem.write(RAM_BANK, 200);
        mem.restore(&state);
        assert_eq!(mem.ram_bank(), 7, "the bank register comes back");
        let after = banks_of(&mut mem);
        assert!(before == after, "every byte of the 256 banks comes back");
        // By hand: bank b holds 0xA5 ^ b at $0123 when b is even, 0 elsewhere.
        for bank in 0..=255u8 {
            let at = usize::from(bank) * RAM_BANK_BYTES + 0x0123;
            let want = if bank % 2 == 0 { 0xA5 ^ bank } else { 0 };
            assert_eq!(after[at], want, "bank {bank}");
            assert_eq!(after[at + 0x1FFF - 0x0123], 0, "bank {bank} at $BFFF");
        }
    }

    #[test]
    fn states_on_two_lines_of_play_restore_each_other_and_into_a_new_memory() {
        let mut mem = memory();
        fill(&mut mem, [0, 1, 2], 0, 0x10);
        let first = mem.saved();
        let first_bytes = banks_of(&mut mem.clone());
        // One line of play writes banks 2 and 90, saved; then back to the first state.
        fill(&mut mem, [2, 90], 5, 0x20);
        let second = mem.saved();
        let second_bytes = banks_of(&mut mem.clone());
        mem.restore(&first);
        assert!(banks_of(&mut mem) == first_bytes, "the first state");
        // The other line writes bank 3, then the second state is restored over it.
        fill(&mut mem, [3], 9, 0x30);
        mem.restore(&second);
        assert!(banks_of(&mut mem) == second_bytes, "the second state");
        mem.restore(&first);
        assert!(banks_of(&mut mem) == first_bytes, "the first state again");
        // A memory that never ran takes the state whole.
        let mut fresh = memory();
        fresh.restore(&second);
        assert!(banks_of(&mut fresh) == second_bytes, "a new memory");
        // Saved twice without a restore between, the second copy holds the later writes.
        fill(&mut fresh, [90], 5, 0x77);
        let third = fresh.saved();
        fresh.restore(&first);
        fresh.restore(&third);
        fresh.write(RAM_BANK, 90);
        assert_eq!(fresh.read(BANK_WINDOW + 5), 0x77 ^ 90);
    }

    #[test]
    fn a_state_shares_the_banks_nobody_wrote() {
        let mut ram = BankedRam::new();
        ram.write(4 * RAM_BANK_BYTES + 3, 1);
        let state = ram.saved();
        // Bank 4's block is the state's own; the other 255 are the power-on zero block.
        let base = &state.base;
        assert!(!Arc::ptr_eq(&base[4], &base[0]));
        assert!(
            (0..RAM_BANKS)
                .filter(|&b| b != 4)
                .all(|b| Arc::ptr_eq(&base[b], &base[0]))
        );
        assert!(state.bytes.is_empty(), "no 2 MB buffer in a state");
        // Restored, then saved with nothing written: every block is the first state's.
        ram.restore(&state);
        let again = ram.saved();
        assert!((0..RAM_BANKS).all(|b| Arc::ptr_eq(&again.base[b], &base[b])));
    }
}
