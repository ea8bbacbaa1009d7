//! The labyrinth of seed 003 and its two wall methods (specs/vectrex.md, "The
//! labyrinth"; specs/methods.md, `maze-tiles` and `obj-hit-walls`).
//!
//! A [`Labyrinth`] is a grid of tile bytes whose low four bits are walls from the tile
//! centre to an edge (bit 0 top, 1 bottom, 2 right, 3 left). Players run on the grid lines
//! between tiles ([`Pos`], coarse + fine coordinates) with a size ([`Player`]). A
//! [`WallMethod`] decides whether a player may take its next one-unit step; both methods
//! apply the same rule and must agree:
//!
//! - the step must stay on the player's line ([`Pos::on_track`]: turns only on nodes);
//! - the player's box after the step (closed, `half` units around its centre) must not
//!   touch a wall segment (closed, from a tile centre to an edge midpoint).
//!
//! [`MazeTiles`] (`maze-tiles`) answers from the tile bytes with the seed's 6809 routine,
//! only when the box is about to reach a tile centre; [`ObjHitWalls`] (`obj-hit-walls`),
//! the first try the seed describes, tests the player against every wall segment with the
//! BIOS `Obj_Hit` rule. Both count their 6809 cycles in a [`WallCost`].
//!
//! Inconsistent labyrinths: `maze-tiles` as the seed writes it reads both tiles beside an
//! edge, so a wall in either blocks, the same union `obj-hit-walls` sees; the one-tile
//! variant ([`TileTrust::One`]) trusts the upper (left) tile only. Positions off the
//! labyrinth read as open tiles in every method: no walls are there.

mod labyrinth;
mod obj_hit_walls;
mod position;
mod render;
mod tiles;

#[cfg(test)]
mod tests;

pub use labyrinth::{
    Contradiction, Labyrinth, LabyrinthError, MAX_SIDE_TILES, SharedEdge, TilePos, WALL_BOTTOM,
    WALL_LEFT, WALL_RIGHT, WALL_TOP,
};
pub use obj_hit_walls::{ObjHitWalls, WallBox};
pub use position::{Coord, Dir, FINE_PER_TILE, MAX_PLAYER_HALF, Player, Pos};
pub use render::wall_list_draw_vl_mode;
pub use tiles::{MazeTiles, TileTrust};

use collide::Cost;

/// `LDA fine` 5, `CMPA #-8` 2, `BNE` 3: is the player on the line it wants to move along?
/// Charged by both methods (the movement rule, not a wall test).
pub const ON_TRACK_CYCLES: u32 = 5 + 2 + 3;

/// What a wall method spent, in the units of the seed's machine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WallCost {
    /// Decisions taken.
    pub decisions: u64,
    /// 6809 cycles, counted per instruction (see each method's cycle table).
    pub cycles_6809: u64,
    /// Tile bytes read.
    pub tile_reads: u64,
    /// `Obj_Hit` calls.
    pub obj_hit_calls: u64,
    /// Compares executed (tile bit tests, `Obj_Hit`'s signed compares, fine checks).
    pub comparisons: u64,
}

impl WallCost {
    /// The same figures in the collision layer's [`Cost`]: `Obj_Hit` calls are pair
    /// tests, tile reads are table reads, and the seed's own unit is the 6809 cycle.
    #[must_use]
    pub fn to_cost(&self) -> Cost {
        Cost {
            pair_tests: self.obj_hit_calls,
            comparisons: self.comparisons,
            seed_ops: self.cycles_6809,
            table_reads: self.tile_reads,
            ..Cost::default()
        }
    }
}

impl std::ops::AddAssign for WallCost {
    fn add_assign(&mut self, o: Self) {
        self.decisions += o.decisions;
        self.cycles_6809 += o.cycles_6809;
        self.tile_reads += o.tile_reads;
        self.obj_hit_calls += o.obj_hit_calls;
        self.comparisons += o.comparisons;
    }
}

/// A way of deciding whether walls let a player move.
pub trait WallMethod {
    /// The catalogue id (`maze-tiles`, `obj-hit-walls`).
    fn id(&self) -> &'static str;

    /// May `player` take one fine unit step in `dir`? Adds what the decision cost.
    fn may_move(&mut self, lab: &Labyrinth, player: &Player, dir: Dir, cost: &mut WallCost)
    -> bool;
}

/// The movement rule both wall methods apply first, charged as a decision: is the player
/// on the line it wants to move along? ([`Pos::on_track`], [`ON_TRACK_CYCLES`].)
pub(crate) fn on_track_charged(player: &Player, dir: Dir, cost: &mut WallCost) -> bool {
    cost.decisions += 1;
    cost.cycles_6809 += u64::from(ON_TRACK_CYCLES);
    cost.comparisons += 1;
    player.pos.on_track(dir)
}

/// Moves `player` one unit in `dir` if `method` allows it; returns whether it moved.
pub fn step(
    method: &mut dyn WallMethod,
    lab: &Labyrinth,
    player: &mut Player,
    dir: Dir,
    cost: &mut WallCost,
) -> bool {
    let allowed = method.may_move(lab, player, dir, cost);
    if allowed {
        player.pos = player.pos.stepped(dir);
    }
    allowed
}
