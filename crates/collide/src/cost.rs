//! What a method did, counted by the method itself as it runs (specs/methods.md, "Cost").

use std::ops::AddAssign;

/// Operation counts of one method run over one frame.
///
/// `seed_ops` is the figure in the seed documents' own unit, so a user can read seed 002's
/// table off the tool: pairs examined times the comparisons the seed charges per pair
/// (`80*79*4*4` for `all-pairs-4case`), or the seed's own formula where it gives one
/// (`columns`: writes plus tests). Seeds 000, 001 and 004 give no count; their methods
/// report the operations their loops executed (table reads, mask ANDs, comparisons and list
/// writes, as each method's docs say), and `hw-flag` one status read. `comparisons` is what
/// actually ran, with early exits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cost {
    /// Object pairs examined, by whatever test the method applies first (box comparisons, a
    /// band-mask AND, a table look-up).
    pub pair_tests: u64,
    /// Coordinate comparisons actually executed, early exits included.
    pub comparisons: u64,
    /// The seed's figure for this run, in the seed's unit (see the type docs).
    pub seed_ops: u64,
    /// Bit-mask ANDs: band masks, spatial maps, opaque-pixel words.
    pub mask_ands: u64,
    /// Reads of a precomputed table (the pixel hit table, a labyrinth tile).
    pub table_reads: u64,
    /// Writes into a list or grid (column lists, grid cells, sweep lists).
    pub list_writes: u64,
}

impl AddAssign for Cost {
    fn add_assign(&mut self, o: Self) {
        self.pair_tests += o.pair_tests;
        self.comparisons += o.comparisons;
        self.seed_ops += o.seed_ops;
        self.mask_ands += o.mask_ands;
        self.table_reads += o.table_reads;
        self.list_writes += o.list_writes;
    }
}
