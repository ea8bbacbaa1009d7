//! One module per method; [`build`] makes any of them from its id.

mod all_pairs_4case;
mod all_pairs_reject;
mod bands;
pub mod columns;
mod good_vs_bad;
mod grid;
mod half_pairs;
mod hw_flag;
mod hw_gated;
pub mod mask16;
pub mod mask16_filled;
pub mod mask8;
pub mod pixel_table;
pub mod quadrants;
mod sort_sweep;
pub mod spatial16;

pub use all_pairs_4case::{AllPairs4Case, seed_four_cases_hit};
pub use all_pairs_reject::AllPairsReject;
pub use columns::Columns;
pub use good_vs_bad::GoodVsBad;
pub use grid::Grid;
#[cfg(feature = "parallel")]
pub use grid::GridPar;
pub use half_pairs::HalfPairs;
pub use hw_flag::HwFlag;
pub use hw_gated::HwGated;
pub use mask8::Mask8;
pub use mask16::Mask16;
pub use mask16_filled::Mask16Filled;
pub use pixel_table::{HitBitmaps, PixelTable};
pub use quadrants::Quadrants;
pub use sort_sweep::SortSweep;
pub use spatial16::Spatial16;

use crate::method::{Method, MethodId};

/// Settings some methods need; every field has the seeds' default.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct MethodConfig {
    /// `columns`: 8-px column slots across the screen, 32 (H32) or 40 (H40).
    pub columns: u8,
    /// `pixel-table`: where its two 16x16 bitmaps come from. The default takes them from
    /// the first Good and first Bad object of each frame, which on seed 004's scene is the
    /// seed's diamond.
    pub hit_bitmaps: HitBitmaps,
}

impl Default for MethodConfig {
    fn default() -> Self {
        Self {
            columns: 32,
            hit_bitmaps: HitBitmaps::FirstInFrame,
        }
    }
}

impl MethodConfig {
    /// The default settings with `columns` 8-px columns (32 or 40).
    #[must_use]
    pub fn with_columns(mut self, columns: u8) -> Self {
        self.columns = columns;
        self
    }

    /// The default settings with `pixel-table` bitmaps from `hit_bitmaps`.
    #[must_use]
    pub fn with_hit_bitmaps(mut self, hit_bitmaps: HitBitmaps) -> Self {
        self.hit_bitmaps = hit_bitmaps;
        self
    }
}

/// A fresh instance of the method `id`.
#[must_use]
pub fn build(id: MethodId, config: &MethodConfig) -> Box<dyn Method> {
    match id {
        MethodId::HwFlag => Box::new(HwFlag),
        MethodId::AllPairs4Case => Box::new(AllPairs4Case),
        MethodId::AllPairsReject => Box::new(AllPairsReject),
        MethodId::HalfPairs => Box::new(HalfPairs),
        MethodId::HwGated => Box::new(HwGated::default()),
        MethodId::GoodVsBad => Box::new(GoodVsBad::default()),
        MethodId::Columns => Box::new(Columns::new(config.columns)),
        MethodId::Mask16 => Box::new(Mask16::default()),
        MethodId::Mask8 => Box::new(Mask8::default()),
        MethodId::Mask16Filled => Box::new(Mask16Filled::default()),
        MethodId::Quadrants => Box::new(Quadrants::default()),
        MethodId::Spatial16 => Box::new(Spatial16::default()),
        MethodId::PixelTable => Box::new(PixelTable::new(config.hit_bitmaps.clone())),
        MethodId::SortSweep => Box::new(SortSweep::new()),
        MethodId::Grid => Box::new(Grid::new()),
    }
}
