//! `maze-tiles`: the seed's tile test (seed 003, `goRightAllowed`).
//!
//! With the player on a horizontal grid line `gy`, the only walls its box (half-size
//! <= 7) can touch are the vertical ones crossing that line at tile centres: tile
//! (`c`, `gy - 1`)'s bottom wall and tile (`c`, `gy`)'s top wall. After a step the box
//! reaches the centre of its own tile column `c` exactly when `|fine| <= half`, and no
//! other column is within reach, so one fine check decides whether a tile test is due at
//! all ("you only have to test when the coarse position changes"), and the test reads
//! the two tile bytes as the seed's routine does. Vertical moves read tile
//! (`gx - 1`, `c`)'s right wall and tile (`gx`, `c`)'s left wall.
//!
//! # Cycle table (6809, per decision)
//!
//! 1. The on-track check, [`super::ON_TRACK_CYCLES`] = 10 (the movement rule).
//! 2. The fine check, an estimate of the game's code: `LDA fine` 5, `INCA`/`DECA` 2,
//!    `BPL` 3, `NEGA` 2 (negative offsets only), `CMPA size` 5, `BHI` 3: 18 or 20 cycles.
//! 3. When due, the seed's routine with `JSR` 8 and `RTS` 5. `goRightAllowed`, counted
//!    from the seed: `LDX #lab` 3, `LDA PlayerPositionY` 5 (extended: DP is $D0 while
//!    drawing), `LDB #W` 2, `MUL` 11, `LEAX D,X` 8, `LDA PlayerPositionX` 5, `INCA` 2,
//!    `LEAX A,X` 5; first tile `LDB ,X` 4, `ANDB #2` 2, `BNE` 3; second tile
//!    `LEAX W,X` 5, `LDB ,X` 4, `ANDB #1` 2, `BNE` 3. The other directions are the same
//!    routine with the index changed (derived here; the seed shows only right):
//!
//! | direction | tiles (from the node up-left tile (PX, PY)) | index | blocked by 1st | full |
//! |---|---|---|---|---|
//! | right | (PX+1, PY) bottom, (PX+1, PY+1) top | `INCA` on x, `LEAX W,X` | 63 | 77 |
//! | left | (PX, PY) bottom, (PX, PY+1) top | `LEAX W,X` | 61 | 75 |
//! | down | (PX, PY+1) right, (PX+1, PY+1) left | `INCA` on y, `LDB 1,X` 5 | 63 | 73 |
//! | up | (PX, PY) right, (PX+1, PY) left | `LDB 1,X` 5 | 61 | 71 |
//!
//! "Full" is the allowed path and the path blocked by the second tile (`BNE` costs 3
//! either way). [`TileTrust::One`] stops after the first tile: the "blocked by 1st"
//! figure whatever the answer.

use super::labyrinth::{Labyrinth, WALL_BOTTOM, WALL_LEFT, WALL_RIGHT, WALL_TOP};
use super::position::{Dir, Player};
use super::{WallCost, WallMethod, on_track_charged};

/// Which tiles the test believes when two neighbours disagree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TileTrust {
    /// The seed's routine: both tiles beside the edge; a wall in either blocks.
    #[default]
    Both,
    /// The reduction the seed plans for consistent labyrinths: the upper tile for
    /// horizontal moves, the left tile for vertical ones (the lower / right tile when the
    /// upper / left one is off the labyrinth).
    One,
}

/// `maze-tiles`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MazeTiles {
    /// Which tiles to believe.
    pub trust: TileTrust,
}

/// `JSR` + `RTS` around the routine.
const CALL: u32 = 8 + 5;

/// (blocked by the first tile, full) routine cycles per direction, call included.
const fn routine_cycles(dir: Dir) -> (u32, u32) {
    match dir {
        Dir::Right => (50 + CALL, 64 + CALL),
        Dir::Left => (48 + CALL, 62 + CALL),
        Dir::Down => (50 + CALL, 60 + CALL),
        Dir::Up => (48 + CALL, 58 + CALL),
    }
}

impl MazeTiles {
    /// The seed's routine, reading both tiles.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The one-tile reduction.
    #[must_use]
    pub fn one_tile() -> Self {
        Self {
            trust: TileTrust::One,
        }
    }
}

impl WallMethod for MazeTiles {
    fn id(&self) -> &'static str {
        "maze-tiles"
    }

    fn may_move(
        &mut self,
        lab: &Labyrinth,
        player: &Player,
        dir: Dir,
        cost: &mut WallCost,
    ) -> bool {
        let pos = player.pos;
        if !on_track_charged(player, dir, cost) {
            return false;
        }
        let next = pos.stepped(dir);
        let (along, line) = if dir.horizontal() {
            (next.x, pos.y)
        } else {
            (next.y, pos.x)
        };
        let fine = i32::from(along.fine());
        cost.cycles_6809 += if fine < 0 { 20 } else { 18 };
        cost.comparisons += 1;
        if fine.abs() > i32::from(player.half()) {
            return true;
        }
        // Tile column (row) of the centre reached, and the tiles either side of the line.
        let c = i32::from(along.coarse());
        let g = i32::from(line.coarse());
        let (first, first_bit, second, second_bit) = if dir.horizontal() {
            ((c, g - 1), WALL_BOTTOM, (c, g), WALL_TOP)
        } else {
            ((g - 1, c), WALL_RIGHT, (g, c), WALL_LEFT)
        };
        let (blocked_first, full) = routine_cycles(dir);
        match self.trust {
            TileTrust::Both => {
                cost.tile_reads += 1;
                cost.comparisons += 1;
                if lab.walls(first.0, first.1) & first_bit != 0 {
                    cost.cycles_6809 += u64::from(blocked_first);
                    return false;
                }
                cost.tile_reads += 1;
                cost.comparisons += 1;
                cost.cycles_6809 += u64::from(full);
                lab.walls(second.0, second.1) & second_bit == 0
            }
            TileTrust::One => {
                cost.tile_reads += 1;
                cost.comparisons += 1;
                cost.cycles_6809 += u64::from(blocked_first);
                let (tile, bit) = if lab.contains(first.0, first.1) {
                    (first, first_bit)
                } else {
                    (second, second_bit)
                };
                lab.walls(tile.0, tile.1) & bit == 0
            }
        }
    }
}
