//! The per-line sprite work budget.
//!
//! The FPGA gives the sprite renderer 798 clocks per line (`sprite_renderer.v` 42-58):
//! the finder spends one per attribute slot, each 32-bit pattern fetch waits a variable
//! time for the VRAM bus, and each pixel (on-screen or not) takes one. When the counter
//! trips, the finder and the renderer both stop for that line: the rest of the current
//! sprite and every later sprite are dropped (176-178, 395-397).
//!
//! This model counts the work the way the x16-emulator does (`video.c` 676-722), which
//! has no bus timing: 801 units, one per attribute slot visited in index order (disabled
//! and off-line sprites included), one per 32-bit fetch (every 4 on-screen pixels at
//! 8bpp, every 8 at 4bpp, charged at the columns that are multiples of 4 or 8), one per
//! on-screen pixel (transparent ones included); off-screen pixels cost nothing. The
//! charge that brings the count to 0 is not performed, so 800 charges succeed. The
//! consequence is the hardware's: the line stops there. (The emulator instead leaves
//! only the current sprite and, through a `uint16_t` wrap-around, renders every later
//! one unlimited: x16-emulator issue #310.) It is an approximation of the FPGA's
//! 798-clock budget: the true cut point also depends on VRAM bus contention and on
//! off-screen pixels.

/// Units available per line: 801 in the emulator's accounting; the charge reaching 0
/// stops the line, so [`LINE_BUDGET_UNITS`] - 1 charges succeed.
pub const LINE_BUDGET_UNITS: u32 = 801;

/// Charges that succeed on one line.
const SPENDABLE: u32 = LINE_BUDGET_UNITS - 1;

/// The budget of one line while its sprites are visited in index order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct LineBudget {
    pixel_units: u32,
    exhausted: bool,
}

/// How much of one sprite's row the budget lets through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Allowance {
    /// Every on-screen pixel is processed.
    All,
    /// Only the first `n` on-screen pixels (in screen order) are processed, then the line
    /// stops. `n` may be 0.
    First(u8),
}

/// Number of multiples of `step` in `0..n`.
#[inline]
const fn multiples_below(n: u32, step: u32) -> u32 {
    n.div_ceil(step)
}

impl LineBudget {
    /// A fresh line.
    #[must_use]
    pub const fn new() -> Self {
        Self {
            pixel_units: 0,
            exhausted: false,
        }
    }

    /// Units spent on fetches and pixels so far.
    #[cfg(test)]
    #[must_use]
    pub const fn pixel_units(&self) -> u32 {
        self.pixel_units
    }

    /// The units a row `first_col..end_col` costs when all of it is processed.
    #[must_use]
    pub const fn row_cost(first_col: u8, end_col: u8, per_fetch: u8) -> u32 {
        let (a, b, f) = (first_col as u32, end_col as u32, per_fetch as u32);
        (b - a) + multiples_below(b, f) - multiples_below(a, f)
    }

    /// Charges sprite `number` (whose slot is visited after slots 0..number-1) with the
    /// on-screen columns `first_col..end_col` of its row, fetched `per_fetch` pixels at a
    /// time, and says how many of those pixels are processed.
    pub fn charge_sprite(
        &mut self,
        number: u8,
        first_col: u8,
        end_col: u8,
        per_fetch: u8,
    ) -> Allowance {
        if self.exhausted {
            return Allowance::First(0);
        }
        // Slots 0..=number have been visited (one unit each) by the time this sprite's
        // pixels start, whatever lay between the sprites that are on the line.
        let spent = u32::from(number) + 1 + self.pixel_units;
        if spent > SPENDABLE {
            self.exhausted = true;
            return Allowance::First(0);
        }
        let remaining = SPENDABLE - spent;
        let (a, b, f) = (
            u32::from(first_col),
            u32::from(end_col),
            u32::from(per_fetch),
        );
        let cost = (b - a) + multiples_below(b, f) - multiples_below(a, f);
        if cost <= remaining {
            self.pixel_units += cost;
            return Allowance::All;
        }
        // Walk the row charge by charge: a fetch at each multiple of the fetch size, then
        // the pixel; the first charge that does not fit stops the line.
        let mut used = 0u32;
        let mut processed = 0u8;
        for col in a..b {
            if col % f == 0 {
                if used + 1 > remaining {
                    break;
                }
                used += 1;
            }
            if used + 1 > remaining {
                break;
            }
            used += 1;
            processed += 1;
        }
        self.pixel_units += used;
        self.exhausted = true;
        Allowance::First(processed)
    }

    /// Charges the slot visits of a sprite with no on-screen pixel on the line: it costs
    /// nothing beyond its slot, but the slot count can still exhaust the line.
    pub fn visit_only(&mut self, number: u8) {
        if u32::from(number) + 1 + self.pixel_units > SPENDABLE {
            self.exhausted = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The emulator's accounting, charge by charge, for sprites given as
    /// (number, first on-screen column, end column, pixels per fetch), returning how many
    /// pixels of each are processed.
    fn reference(sprites: &[(u8, u8, u8, u8)]) -> Vec<u8> {
        let mut budget: u32 = LINE_BUDGET_UNITS;
        let mut out = vec![0u8; sprites.len()];
        let mut next = 0usize;
        'slots: for slot in 0u8..128 {
            budget -= 1;
            if budget == 0 {
                break;
            }
            if next < sprites.len() && sprites[next].0 == slot {
                let (_, a, b, f) = sprites[next];
                for col in a..b {
                    if col % f == 0 {
                        budget -= 1;
                        if budget == 0 {
                            break 'slots;
                        }
                    }
                    budget -= 1;
                    if budget == 0 {
                        break 'slots;
                    }
                    out[next] += 1;
                }
                next += 1;
            }
        }
        out
    }

    fn model(sprites: &[(u8, u8, u8, u8)]) -> Vec<u8> {
        let mut line = LineBudget::new();
        sprites
            .iter()
            .map(|&(n, a, b, f)| match line.charge_sprite(n, a, b, f) {
                Allowance::All => b - a,
                Allowance::First(k) => k,
            })
            .collect()
    }

    #[test]
    fn closed_form_matches_the_charge_by_charge_accounting() {
        let cases: Vec<Vec<(u8, u8, u8, u8)>> = vec![
            (0..12).map(|i| (i, 0, 64, 4)).collect(),
            (0..12).map(|i| (i * 10, 3, 64, 4)).collect(),
            (0..20).map(|i| (i, 5, 61, 8)).collect(),
            (100..128).map(|i| (i, 0, 32, 4)).collect(),
            vec![(127, 0, 64, 4)],
            (0..80).map(|i| (i, 0, 8, 4)).collect(),
        ];
        for case in cases {
            assert_eq!(model(&case), reference(&case), "{case:?}");
        }
    }

    #[test]
    fn a_64_px_8bpp_sprite_costs_81_units() {
        let mut line = LineBudget::new();
        assert_eq!(line.charge_sprite(0, 0, 64, 4), Allowance::All);
        assert_eq!(line.pixel_units(), 80);
    }
}
