//! Node movement: coarse (tile) plus fine coordinates, directions, players with a size.
//!
//! Seed 003: a coordinate is a tile index plus a fine offset from the tile centre; "when a
//! fine position's absolute value reaches eight it resets to the negative and the coarse
//! position is updated". Here the fine part is -8..=7: -8 is the tile's left (top) edge,
//! the grid line the players run on, and +8 is the same point as -8 of the next tile.
//! 16 fine units make a tile. Players move on the grid lines between tiles and turn only
//! on nodes (tile corners, fine -8 on both axes). Grid line `g` runs along the left (top)
//! edge of tile column (row) `g`; the seed's `PlayerPosition` of a node, which names the
//! tile up-left of it, is (`g - 1`) on each axis.

use super::labyrinth::LabyrinthError;

/// Fine units per tile.
pub const FINE_PER_TILE: i32 = 16;

/// One axis of a position: a tile index and a fine offset -8..=7 from its centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Coord {
    coarse: i16,
    fine: i8,
}

impl Coord {
    const MIN_UNITS: i32 = i16::MIN as i32 * FINE_PER_TILE;
    const MAX_UNITS: i32 = i16::MAX as i32 * FINE_PER_TILE + FINE_PER_TILE - 1;

    /// Tile `coarse`, `fine` units from its centre; a fine offset outside -8..=7 carries
    /// into the coarse part (+8 is -8 of the next tile). Saturates at the `i16` tile range.
    #[must_use]
    pub fn new(coarse: i16, fine: i32) -> Self {
        let units = i32::from(coarse) * FINE_PER_TILE + FINE_PER_TILE / 2;
        Self::from_units(units.saturating_add(fine))
    }

    /// Grid line `line`: the left (top) edge of tile `line`.
    #[must_use]
    pub fn line(line: i16) -> Self {
        Self {
            coarse: line,
            fine: -8,
        }
    }

    /// The coordinate `units` fine units from the labyrinth's left (top) edge, saturating
    /// at the `i16` tile range.
    #[must_use]
    pub fn from_units(units: i32) -> Self {
        let units = units.clamp(Self::MIN_UNITS, Self::MAX_UNITS);
        Self {
            coarse: units.div_euclid(FINE_PER_TILE) as i16,
            fine: (units.rem_euclid(FINE_PER_TILE) - FINE_PER_TILE / 2) as i8,
        }
    }

    /// Fine units from the labyrinth's left (top) edge.
    #[must_use]
    pub fn units(self) -> i32 {
        i32::from(self.coarse) * FINE_PER_TILE + FINE_PER_TILE / 2 + i32::from(self.fine)
    }

    /// The tile index.
    #[must_use]
    pub fn coarse(self) -> i16 {
        self.coarse
    }

    /// The offset from the tile centre, -8..=7.
    #[must_use]
    pub fn fine(self) -> i8 {
        self.fine
    }

    /// True on a grid line (fine -8).
    #[must_use]
    pub fn on_line(self) -> bool {
        self.fine == -8
    }

    /// One fine unit forward (`+1`) or back (`-1`), carrying into the coarse part.
    #[must_use]
    pub fn stepped(self, delta: i32) -> Self {
        Self::from_units(self.units().saturating_add(delta))
    }
}

/// A direction of movement; rows grow downwards as in the seed's tile memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Towards row 0.
    Up,
    /// Towards higher rows.
    Down,
    /// Towards column 0.
    Left,
    /// Towards higher columns.
    Right,
}

impl Dir {
    /// All four, in a fixed order.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// True for left and right.
    #[must_use]
    pub fn horizontal(self) -> bool {
        matches!(self, Dir::Left | Dir::Right)
    }

    /// The unit step along the movement axis.
    #[must_use]
    pub fn delta(self) -> i32 {
        match self {
            Dir::Up | Dir::Left => -1,
            Dir::Down | Dir::Right => 1,
        }
    }

    /// The opposite direction.
    #[must_use]
    pub fn reverse(self) -> Self {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }
}

/// A position: x (columns) and y (rows).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pos {
    /// Horizontal, from the left edge.
    pub x: Coord,
    /// Vertical, from the top edge.
    pub y: Coord,
}

impl Pos {
    /// The node where grid lines `gx` and `gy` cross (the top-left corner of tile
    /// (`gx`, `gy`)).
    #[must_use]
    pub fn node(gx: i16, gy: i16) -> Self {
        Self {
            x: Coord::line(gx),
            y: Coord::line(gy),
        }
    }

    /// The position `x`, `y` fine units from the labyrinth's top-left corner.
    #[must_use]
    pub fn from_units(x: i32, y: i32) -> Self {
        Self {
            x: Coord::from_units(x),
            y: Coord::from_units(y),
        }
    }

    /// True on a node, where a player may turn.
    #[must_use]
    pub fn is_node(self) -> bool {
        self.x.on_line() && self.y.on_line()
    }

    /// True when a step in `dir` keeps the player on its line: moving left or right
    /// needs a horizontal grid line (y fine -8), up or down a vertical one. Off the lines
    /// there is no move; this is also what stops turns between nodes.
    #[must_use]
    pub fn on_track(self, dir: Dir) -> bool {
        if dir.horizontal() {
            self.y.on_line()
        } else {
            self.x.on_line()
        }
    }

    /// One fine unit in `dir`.
    #[must_use]
    pub fn stepped(self, dir: Dir) -> Self {
        if dir.horizontal() {
            Self {
                x: self.x.stepped(dir.delta()),
                y: self.y,
            }
        } else {
            Self {
                x: self.x,
                y: self.y.stepped(dir.delta()),
            }
        }
    }
}

/// The largest player half-size in fine units: at 8 a player on one line would touch the
/// walls along the tile centres beside it.
pub const MAX_PLAYER_HALF: u8 = 7;

/// A player (or enemy, or shot): a square box of `half` fine units around its position,
/// so that it fits between the walls on either side of its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Player {
    /// Where its centre is.
    pub pos: Pos,
    half: u8,
}

impl Player {
    /// A player of half-size `half` (0..=7) at `pos`.
    pub fn new(pos: Pos, half: u8) -> Result<Self, LabyrinthError> {
        if half > MAX_PLAYER_HALF {
            return Err(LabyrinthError::PlayerSize(half));
        }
        Ok(Self { pos, half })
    }

    /// The half-size in fine units; the box is `2 * half + 1` units across, inclusive.
    #[must_use]
    pub fn half(self) -> u8 {
        self.half
    }
}
