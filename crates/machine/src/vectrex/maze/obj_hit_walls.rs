//! `obj-hit-walls`: the first try seed 003 describes, "each wall segment was treated as
//! an object and each player as another object; if a collision was imminent the move was
//! not allowed", with the BIOS routine `Obj_Hit` ([`vectrex::bios::obj_hit`]).
//!
//! Every set wall bit of every tile is one segment (a shared wall of a consistent
//! labyrinth is two, one per tile, as the tile data has them). Labyrinth fine units map to
//! `Obj_Hit`'s signed bytes with the labyrinth centre at 0: `x = units - 8 * width`,
//! `y = units - 8 * height` (rows grow downwards; the test is symmetric). A segment is a
//! box of full size 8 x 0 (vertical) or 0 x 8 (horizontal) units, the player 2h x 2h,
//! so the routine gets the pair helper's A = (8 + 2h) / 2, B = (0 + 2h) / 2 (or swapped)
//! and the player's centre after the step as the point. With [`MAX_SIDE_TILES`] <= 15 no
//! compare saturates and the answer equals the closed-box overlap. A player whose centre
//! is off the byte range is farther than 7 units from every wall: no call is made.
//!
//! # Cycle table (6809, per decision)
//!
//! - on-track check [`super::ON_TRACK_CYCLES`] = 10 (the movement rule);
//! - setup, estimate: `LDX player` 6 (the point stays in X: `Obj_Hit` keeps registers),
//!   `LDU #walls` 3 = 9;
//! - per wall, estimate of the loop around the call: `LDY ,U++` 9, `LDD ,U++` 8,
//!   `BCS blocked` 3, `CMPU #end` 5, `BNE loop` 3 = 28;
//! - per wall, `Obj_Hit` itself as [`vectrex::bios`] counts it: 80 (miss at the first
//!   y test) to 160 (hit), `JSR` included.
//!
//! The loop stops at the first hit.
//!
//! [`MAX_SIDE_TILES`]: super::MAX_SIDE_TILES

use vectrex::bios::{HalfSize, YX, half_size_for_pair, obj_hit};

use super::labyrinth::{Labyrinth, WALL_BOTTOM, WALL_LEFT, WALL_RIGHT, WALL_TOP};
use super::position::{Dir, FINE_PER_TILE, Player};
use super::{WallCost, WallMethod, on_track_charged};

/// `LDX player`, `LDU #walls`.
const SETUP_CYCLES: u32 = 6 + 3;
/// `LDY ,U++`, `LDD ,U++`, `BCS`, `CMPU #end`, `BNE`.
const PER_WALL_LOOP_CYCLES: u32 = 9 + 8 + 3 + 5 + 3;

/// One wall segment as the `Obj_Hit` object table holds it: centre and full size in
/// `Obj_Hit` byte units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WallBox {
    /// The segment's centre (Y register).
    pub centre: YX,
    /// Full height and width (8, 0) or (0, 8).
    pub full: (u8, u8),
}

/// `obj-hit-walls`. Keeps the wall table of the last labyrinth it saw.
#[derive(Clone, Debug, Default)]
pub struct ObjHitWalls {
    tiles: Vec<u8>,
    width: u8,
    height: u8,
    walls: Vec<WallBox>,
}

impl ObjHitWalls {
    /// An empty table, built on first use.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The wall table of `lab`: tiles row-major, bits top, bottom, right, left.
    #[must_use]
    pub fn wall_table(lab: &Labyrinth) -> Vec<WallBox> {
        let ox = 8 * i32::from(lab.width());
        let oy = 8 * i32::from(lab.height());
        let mut walls = Vec::new();
        for ty in 0..i32::from(lab.height()) {
            for tx in 0..i32::from(lab.width()) {
                let w = lab.walls(tx, ty);
                let cx = tx * FINE_PER_TILE + 8 - ox;
                let cy = ty * FINE_PER_TILE + 8 - oy;
                // (bit, centre offset y, x, full size)
                for (bit, dy, dx, full) in [
                    (WALL_TOP, -4, 0, (8, 0)),
                    (WALL_BOTTOM, 4, 0, (8, 0)),
                    (WALL_RIGHT, 0, 4, (0, 8)),
                    (WALL_LEFT, 0, -4, (0, 8)),
                ] {
                    if w & bit != 0 {
                        // MAX_SIDE_TILES keeps every centre within +-124.
                        walls.push(WallBox {
                            centre: YX::new((cy + dy) as i8, (cx + dx) as i8),
                            full,
                        });
                    }
                }
            }
        }
        walls
    }

    fn refresh(&mut self, lab: &Labyrinth) {
        if self.width != lab.width() || self.height != lab.height() || self.tiles != lab.tiles() {
            self.width = lab.width();
            self.height = lab.height();
            self.tiles = lab.tiles().to_vec();
            self.walls = Self::wall_table(lab);
        }
    }
}

impl WallMethod for ObjHitWalls {
    fn id(&self) -> &'static str {
        "obj-hit-walls"
    }

    fn may_move(
        &mut self,
        lab: &Labyrinth,
        player: &Player,
        dir: Dir,
        cost: &mut WallCost,
    ) -> bool {
        if !on_track_charged(player, dir, cost) {
            return false;
        }
        self.refresh(lab);
        let next = player.pos.stepped(dir);
        let px = next.x.units() - 8 * i32::from(lab.width());
        let py = next.y.units() - 8 * i32::from(lab.height());
        let (Ok(px), Ok(py)) = (i8::try_from(px), i8::try_from(py)) else {
            return true;
        };
        let point = YX::new(py, px);
        let size = 2 * player.half();
        cost.cycles_6809 += u64::from(SETUP_CYCLES);
        for wall in &self.walls {
            let half: HalfSize = half_size_for_pair(wall.full, (size, size));
            let r = obj_hit(wall.centre, point, half);
            cost.obj_hit_calls += 1;
            cost.comparisons += match r.exit {
                vectrex::bios::ObjHitExit::YUpper => 1,
                vectrex::bios::ObjHitExit::YLower => 2,
                vectrex::bios::ObjHitExit::XUpper => 3,
                vectrex::bios::ObjHitExit::XLower | vectrex::bios::ObjHitExit::Hit => 4,
            };
            cost.cycles_6809 += u64::from(r.cycles + PER_WALL_LOOP_CYCLES);
            if r.carry {
                return false;
            }
        }
        true
    }
}
