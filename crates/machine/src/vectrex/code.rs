//! Seed 003's wall tests as 6809 code (`roms/vectrex/code/walls.bin`, built by the project's
//! assembler from `walls.asm`; see its README): the labyrinth walkers' decisions run on the
//! 6809, so the compare reports measured cycles beside the wall methods' own counts.

use collide::Object;

use super::machine::VectrexMachine;
use super::maze::{Dir, FINE_PER_TILE, Labyrinth, Player};
use super::target::{ABI, VectrexTarget, WallCall, WallQuery};
use crate::contract::{Builtin, TargetCode};
use crate::routine::{Abi, Routine, RoutineError, RoutineOutcome, Target, run_routine};

/// The cartridge image with both wall routines and the labyrinth they read.
pub const WALLS: &[u8] = include_bytes!("../../../../roms/vectrex/code/walls.bin");
/// `maze_tiles`: the seed's tile test, the fine-position check before it.
pub const MAZE_TILES_ENTRY: u32 = 0x1000;
/// `obj_hit_walls`: every wall segment an object, `JSR Obj_Hit` per wall.
pub const OBJ_HIT_WALLS_ENTRY: u32 = 0x1100;

/// Where tile (0, 0) lies in the image (`lab` in `walls.asm`: $1200 plus the open ring's
/// first row and column), and the row stride with the ring.
const LAB_OFFSET: usize = 0x200 + 12 + 1;
const LAB_STRIDE: usize = 12;
const LAB_W: usize = 10;
const LAB_H: usize = 6;

/// The two wall routines on a Vectrex board.
#[derive(Clone, Debug)]
pub struct WallCode {
    target: VectrexTarget,
}

/// Both routines' answers to one decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WallAnswers {
    /// `maze_tiles` on the 6809.
    pub maze_tiles: Result<WallCall, RoutineError>,
    /// `obj_hit_walls` on the 6809.
    pub obj_hit_walls: Result<WallCall, RoutineError>,
}

impl WallCode {
    /// The routines, when `lab` is the labyrinth the image carries; `None` for any other
    /// (the image's tables would answer for the wrong walls).
    #[must_use]
    pub fn for_labyrinth(lab: &Labyrinth) -> Option<Self> {
        if usize::from(lab.width()) != LAB_W || usize::from(lab.height()) != LAB_H {
            return None;
        }
        let same = (0..LAB_H).all(|y| {
            let at = LAB_OFFSET + y * LAB_STRIDE;
            WALLS.get(at..at + LAB_W) == Some(&lab.tiles()[y * LAB_W..(y + 1) * LAB_W])
        });
        if !same {
            return None;
        }
        let mut target = VectrexTarget::new();
        target.load(WALLS).ok()?;
        Some(Self { target })
    }

    /// Both routines on "may `player` step in `dir`"; `None` where the routines cannot be
    /// asked: a position beyond the labyrinth's outer grid lines. `walls.asm` answers for
    /// positions within them only: its tile table has one ring of open tiles around the
    /// labyrinth, enough for the reads of a player on an outer line, and beyond that ring
    /// `maze_tiles` would read the wall table as tile bytes (a walker gets there by going
    /// through a wall on a frame the walls are not checked).
    pub fn decide(&mut self, player: &Player, dir: Dir) -> Option<WallAnswers> {
        if !within_outer_lines(player) {
            return None;
        }
        let q = WallQuery::new(player, dir)?;
        Some(WallAnswers {
            maze_tiles: self.target.wall(MAZE_TILES_ENTRY, &q),
            obj_hit_walls: self.target.wall(OBJ_HIT_WALLS_ENTRY, &q),
        })
    }
}

/// True when `player`'s centre lies on or inside the labyrinth's outer grid lines (0 to
/// 16 x width fine units across, 0 to 16 x height down), the positions the image answers.
fn within_outer_lines(player: &Player) -> bool {
    const W_UNITS: i32 = LAB_W as i32 * FINE_PER_TILE;
    const H_UNITS: i32 = LAB_H as i32 * FINE_PER_TILE;
    (0..=W_UNITS).contains(&player.pos.x.units()) && (0..=H_UNITS).contains(&player.pos.y.units())
}

/// The Vectrex ships no object routine (seed 003's are wall routines, run by the labyrinth
/// walkers); a user's routine runs on the 6809 with the BIOS `Obj_Hit` family modelled.
impl TargetCode for VectrexMachine {
    fn abi(&self) -> Abi {
        ABI
    }

    fn builtins(&self) -> &'static [Builtin] {
        &[]
    }

    fn run(
        &mut self,
        routine: &Routine<'_>,
        objects: &[Object],
    ) -> Result<RoutineOutcome, RoutineError> {
        run_routine(self.target_mut(), routine, objects)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vectrex::maze::Pos;

    #[test]
    fn only_the_images_labyrinth_is_answered() {
        let mut tiles = vec![0u8; LAB_W * LAB_H];
        for y in 0..LAB_H {
            let at = LAB_OFFSET + y * LAB_STRIDE;
            tiles[y * LAB_W..(y + 1) * LAB_W].copy_from_slice(&WALLS[at..at + LAB_W]);
        }
        let lab = Labyrinth::new(LAB_W, LAB_H, tiles.clone()).expect("the image's labyrinth");
        assert!(WallCode::for_labyrinth(&lab).is_some());
        tiles[0] ^= 0b0001;
        let other = Labyrinth::new(LAB_W, LAB_H, tiles).expect("another labyrinth");
        assert!(WallCode::for_labyrinth(&other).is_none());
    }

    fn image_labyrinth() -> Labyrinth {
        let mut tiles = vec![0u8; LAB_W * LAB_H];
        for y in 0..LAB_H {
            let at = LAB_OFFSET + y * LAB_STRIDE;
            tiles[y * LAB_W..(y + 1) * LAB_W].copy_from_slice(&WALLS[at..at + LAB_W]);
        }
        Labyrinth::new(LAB_W, LAB_H, tiles).expect("the image's labyrinth")
    }

    fn player(x_units: i32, y_units: i32) -> Player {
        Player::new(Pos::from_units(x_units, y_units), 3).expect("half-size 3")
    }

    /// The image's tables end one open tile beyond the labyrinth: a walker that has left
    /// it (through a wall, on a frame the walls were not checked) is beyond what the
    /// routines can answer. Tile column 16, row 11 fine -4 (x 256, y 180 units) moving
    /// down made `maze_tiles` read the wall table as tile bytes and say "blocked" where
    /// no wall is.
    #[test]
    fn positions_beyond_the_outer_grid_lines_are_not_asked() {
        let lab = image_labyrinth();
        let mut code = WallCode::for_labyrinth(&lab).expect("the image's labyrinth");
        assert!(code.decide(&player(256, 180), Dir::Down).is_none());
        // One unit beyond each outer line, on a line the walkers run on.
        assert!(code.decide(&player(161, 0), Dir::Right).is_none());
        assert!(code.decide(&player(160, 97), Dir::Down).is_none());
        // On the outer lines themselves, the corners included, both routines answer:
        // there is no wall to the outside, so both allow the step out.
        for (x, y, dir) in [
            (160, 96, Dir::Right),
            (160, 96, Dir::Down),
            (0, 0, Dir::Left),
            (0, 0, Dir::Up),
            (160, 32, Dir::Right),
            (80, 96, Dir::Down),
        ] {
            let a = code
                .decide(&player(x, y), dir)
                .expect("inside the outer lines");
            assert!(
                !a.maze_tiles.expect("maze_tiles").blocked,
                "({x}, {y}) {dir:?}"
            );
            assert!(
                !a.obj_hit_walls.expect("obj_hit_walls").blocked,
                "({x}, {y}) {dir:?}"
            );
        }
    }
}
