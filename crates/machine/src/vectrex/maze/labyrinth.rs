//! The tile labyrinth of seed 003 ("Menschenjagd"): one byte per tile, the low four bits
//! walls from the tile centre to the middle of an edge (specs/vectrex.md, "The labyrinth").

use std::fmt;

/// Bit 0: a wall from the tile centre up to the top edge.
pub const WALL_TOP: u8 = 0b0001;
/// Bit 1: a wall from the centre down to the bottom edge.
pub const WALL_BOTTOM: u8 = 0b0010;
/// Bit 2: a wall from the centre to the right edge.
pub const WALL_RIGHT: u8 = 0b0100;
/// Bit 3: a wall from the centre to the left edge.
pub const WALL_LEFT: u8 = 0b1000;

/// The largest labyrinth side, in tiles. At 16 fine units per tile, 15 tiles keep every
/// wall and every player box that can touch one inside `Obj_Hit`'s signed-byte
/// coordinates (walls within +-120, players of half-size <= 7 within +-127), so the
/// `obj-hit-walls` baseline can run on any labyrinth this type holds.
pub const MAX_SIDE_TILES: u8 = 15;

/// Why a labyrinth or a player could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LabyrinthError {
    /// Width or height is 0 or above [`MAX_SIDE_TILES`].
    BadSize {
        /// Tiles across.
        width: usize,
        /// Tiles down.
        height: usize,
    },
    /// The tile bytes do not fill width x height.
    TileCount {
        /// Tiles across.
        width: usize,
        /// Tiles down.
        height: usize,
        /// Bytes given.
        got: usize,
    },
    /// A row string is not `width` groups of four binary digits.
    BadRow {
        /// The row index, 0 = top.
        row: usize,
        /// What is wrong.
        reason: String,
    },
    /// A player's half-size is above 7 fine units (it would touch walls of the next row).
    PlayerSize(u8),
}

impl fmt::Display for LabyrinthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BadSize { width, height } => write!(
                f,
                "a labyrinth is 1..={MAX_SIDE_TILES} tiles a side, not {width}x{height}"
            ),
            Self::TileCount { width, height, got } => write!(
                f,
                "{width}x{height} tiles need {} bytes, got {got}",
                width * height
            ),
            Self::BadRow { row, reason } => write!(f, "row {row}: {reason}"),
            Self::PlayerSize(s) => {
                write!(f, "a player's half-size is 0..=7 fine units, not {s}")
            }
        }
    }
}

impl std::error::Error for LabyrinthError {}

/// A tile position, column `x` from the left, row `y` from the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TilePos {
    /// Column, 0 = leftmost.
    pub x: u8,
    /// Row, 0 = top.
    pub y: u8,
}

impl fmt::Display for TilePos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// Which shared edge two tiles disagree about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SharedEdge {
    /// `first` is the left tile, `second` the right one: left.right != right.left.
    LeftRight,
    /// `first` is the upper tile, `second` the lower one: upper.bottom != lower.top.
    UpperLower,
}

/// Two neighbouring tiles whose walls do not meet across their shared edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Contradiction {
    /// The left or upper tile.
    pub first: TilePos,
    /// The right or lower tile.
    pub second: TilePos,
    /// Which edge they share.
    pub edge: SharedEdge,
    /// Whether `first` has its wall to the shared edge (then `second` lacks its own).
    pub first_has_wall: bool,
}

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a_side, b_side) = match self.edge {
            SharedEdge::LeftRight => ("right", "left"),
            SharedEdge::UpperLower => ("bottom", "top"),
        };
        let (has, lacks, has_side, lacks_side) = if self.first_has_wall {
            (self.first, self.second, a_side, b_side)
        } else {
            (self.second, self.first, b_side, a_side)
        };
        write!(
            f,
            "tile {has} has a {has_side} wall but tile {lacks} has no {lacks_side} wall"
        )
    }
}

/// A grid of tile bytes, row-major from the top-left tile (the seed's memory layout:
/// `tile = base + y * width + x`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Labyrinth {
    width: u8,
    height: u8,
    tiles: Vec<u8>,
}

impl Labyrinth {
    /// A labyrinth of `width` x `height` tiles from its bytes, row-major. Only the low
    /// four bits of a byte are walls; the high bits are kept and ignored.
    pub fn new(width: usize, height: usize, tiles: Vec<u8>) -> Result<Self, LabyrinthError> {
        let max = usize::from(MAX_SIDE_TILES);
        if !(1..=max).contains(&width) || !(1..=max).contains(&height) {
            return Err(LabyrinthError::BadSize { width, height });
        }
        if tiles.len() != width * height {
            return Err(LabyrinthError::TileCount {
                width,
                height,
                got: tiles.len(),
            });
        }
        Ok(Self {
            width: width as u8,
            height: height as u8,
            tiles,
        })
    }

    /// A labyrinth from row strings as the seed writes its `db 0b0110` lines: each row is
    /// `width` groups of four binary digits (bit 3 left, 2 right, 1 bottom, 0 top),
    /// separated by whitespace, e.g. `"0110 1100 1010"`.
    pub fn from_rows<S: AsRef<str>>(
        width: usize,
        height: usize,
        rows: &[S],
    ) -> Result<Self, LabyrinthError> {
        if rows.len() != height {
            return Err(LabyrinthError::BadRow {
                row: rows.len().min(height),
                reason: format!("{} rows given for a height of {height}", rows.len()),
            });
        }
        let mut tiles = Vec::with_capacity(width * height);
        for (row, text) in rows.iter().enumerate() {
            let groups: Vec<&str> = text.as_ref().split_whitespace().collect();
            if groups.len() != width {
                return Err(LabyrinthError::BadRow {
                    row,
                    reason: format!("{} tiles for a width of {width}", groups.len()),
                });
            }
            for group in groups {
                let bad = || LabyrinthError::BadRow {
                    row,
                    reason: format!("`{group}` is not four binary digits"),
                };
                if group.len() != 4 {
                    return Err(bad());
                }
                tiles.push(u8::from_str_radix(group, 2).map_err(|_| bad())?);
            }
        }
        Self::new(width, height, tiles)
    }

    /// Tiles across.
    #[must_use]
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Tiles down.
    #[must_use]
    pub fn height(&self) -> u8 {
        self.height
    }

    /// The tile bytes, row-major.
    #[must_use]
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The wall bits of tile (`x`, `y`); a position outside the labyrinth reads as no
    /// walls (nothing is there to stop a player).
    #[inline]
    #[must_use]
    pub fn walls(&self, x: i32, y: i32) -> u8 {
        if x < 0 || y < 0 || x >= i32::from(self.width) || y >= i32::from(self.height) {
            return 0;
        }
        self.tiles[y as usize * usize::from(self.width) + x as usize] & 0x0F
    }

    /// True when (`x`, `y`) is a tile of the labyrinth.
    #[must_use]
    pub fn contains(&self, x: i32, y: i32) -> bool {
        (0..i32::from(self.width)).contains(&x) && (0..i32::from(self.height)).contains(&y)
    }

    /// Every pair of neighbours whose walls do not meet across their shared edge, row by
    /// row: first the left/right pairs of a row, then its upper/lower pairs. Empty for a
    /// consistent labyrinth, where one tile suffices to answer for an edge.
    #[must_use]
    pub fn check_consistency(&self) -> Vec<Contradiction> {
        let mut found = Vec::new();
        for y in 0..self.height {
            for x in 0..self.width {
                let here = self.walls(i32::from(x), i32::from(y));
                if x + 1 < self.width {
                    let right = self.walls(i32::from(x) + 1, i32::from(y));
                    let a = here & WALL_RIGHT != 0;
                    if a != (right & WALL_LEFT != 0) {
                        found.push(Contradiction {
                            first: TilePos { x, y },
                            second: TilePos { x: x + 1, y },
                            edge: SharedEdge::LeftRight,
                            first_has_wall: a,
                        });
                    }
                }
            }
            for x in 0..self.width {
                if y + 1 < self.height {
                    let here = self.walls(i32::from(x), i32::from(y));
                    let below = self.walls(i32::from(x), i32::from(y) + 1);
                    let a = here & WALL_BOTTOM != 0;
                    if a != (below & WALL_TOP != 0) {
                        found.push(Contradiction {
                            first: TilePos { x, y },
                            second: TilePos { x, y: y + 1 },
                            edge: SharedEdge::UpperLower,
                            first_has_wall: a,
                        });
                    }
                }
            }
        }
        found
    }
}
