//! The scene format (version 1): a machine, the roms it loads, and the objects that move
//! on it, each made of one or more hardware sprites.
//!
//! Units: positions and sizes in screen pixels; velocities in 1/256 px per frame (8.8
//! fixed point), so motion is integer and replays are identical everywhere.

use machine::{Region, Target};
use serde::Deserialize;

use super::common::{GroupDef, MethodName};

/// A scene: what runs on one machine.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scene {
    /// Format version (1).
    pub version: u32,
    /// Shown in reports and the window title.
    pub name: String,
    /// Which seed document the scene reproduces, and what to look for.
    #[serde(default)]
    pub description: String,
    /// The machine and its chip settings.
    pub target: Target,
    /// Native-format images written into chip memory before the first frame.
    #[serde(default)]
    pub roms: Vec<RomLoad>,
    /// Position tables for `Path` motion, loaded from rom files.
    #[serde(default)]
    pub paths: Vec<PathTable>,
    /// What moves.
    pub objects: Vec<ObjectDef>,
    /// Frames `hitlab run` and `compare` play by default.
    #[serde(
        default = "default_frames",
        deserialize_with = "crate::format::common::frame_count"
    )]
    pub frames: u32,
    /// Methods `run` and `compare` show by default (all that apply when empty).
    #[serde(default)]
    pub methods: Vec<MethodName>,
    /// `columns` method: 8-px column slots, 32, 40 or 80; by default one per 8 px of the
    /// machine's display (32 on the MSX and in H32, 40 in H40, 80 on the X16).
    #[serde(default)]
    pub columns: Option<u8>,
}

fn default_frames() -> u32 {
    300
}

/// A rom image and where it goes.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RomLoad {
    /// The image, relative to the scene file.
    pub file: String,
    /// Where it is written.
    pub to: Region,
}

/// A named table of positions for `Path` motion.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PathTable {
    /// Name used by `Path { table: ... }`.
    pub name: String,
    /// Binary file of little-endian `u16` x, `u16` y pairs, relative to the scene.
    pub file: String,
}

/// An object, or `count` objects made alike.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectDef {
    /// Shown in reports; an array's objects are `name[i]`.
    pub name: String,
    /// Seed 002's group.
    pub group: GroupDef,
    /// How many objects this definition makes.
    #[serde(default = "one")]
    pub count: u32,
    /// Added to the starting position once per index of an array, in pixels.
    #[serde(default)]
    pub spread: (i32, i32),
    /// The hardware sprites the object is made of, placed relative to its position.
    pub sprites: Vec<SpritePart>,
    /// How it moves.
    pub motion: Motion,
    /// What it does when its opaque pixels meet an object of the other group.
    #[serde(default)]
    pub on_hit: Vec<Reaction>,
}

/// One hardware sprite of an object.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpritePart {
    /// Offset from the object's position, in pixels.
    #[serde(default)]
    pub offset: (i32, i32),
    /// Width in pixels (Genesis 8-32 in cells, MSX 8/16/32 per R1, VERA 8/16/32/64).
    pub w: u16,
    /// Height in pixels.
    pub h: u16,
    /// Pattern: Genesis tile index, MSX pattern number, VERA bitmap address in VRAM.
    pub pattern: u32,
    /// Genesis palette line 0-3, MSX colour 0-15, VERA palette offset 0-15. `color` is
    /// accepted too.
    #[serde(default, alias = "color")]
    pub colour: u8,
    /// Mirror left-right (Genesis, VERA).
    #[serde(default)]
    pub hflip: bool,
    /// Mirror top-bottom (Genesis, VERA).
    #[serde(default)]
    pub vflip: bool,
    /// VERA: 8 bits per pixel when true, 4 when false.
    #[serde(default)]
    pub bpp8: bool,
    /// VERA z-depth 1-3 (0 disables the sprite).
    #[serde(default = "vera_z")]
    pub z: u8,
    /// VERA collision mask (byte 6 bits 7-4).
    #[serde(default)]
    pub collision_mask: CollisionMaskDef,
}

fn vera_z() -> u8 {
    3
}

/// How a VERA sprite's collision mask is chosen each frame.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum CollisionMaskDef {
    /// No collision mask.
    #[default]
    None,
    /// A fixed nibble, written as it sits in byte 6 (0x10..0xF0).
    Fixed(u8),
    /// Seed 004's quadrant bits: $10 left, $20 right, $40 top, $80 bottom, ORed over the
    /// sprite's four corners.
    Quadrants,
}

/// How an object moves, one step per frame.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Motion {
    /// Stays at `at`.
    Still {
        /// Position in pixels.
        at: (i32, i32),
    },
    /// Constant velocity in 1/256 px per frame.
    Linear {
        /// Start position in pixels.
        at: (i32, i32),
        /// Velocity, 1/256 px per frame.
        velocity: (i32, i32),
        /// What happens at the edge of `area`.
        #[serde(default)]
        edges: Edges,
        /// The area the object's box stays in (x, y, w, h); the screen when absent.
        #[serde(default)]
        area: Option<(i32, i32, u32, u32)>,
        /// Added to the velocity once per index of an array.
        #[serde(default)]
        velocity_spread: (i32, i32),
    },
    /// Follows a position table, `step` entries per frame, array index `i` starting at
    /// `start + i * spacing`.
    Path {
        /// A table named in the scene's `paths`.
        table: String,
        /// First entry.
        #[serde(default)]
        start: u32,
        /// Entries between consecutive objects of an array.
        #[serde(default)]
        spacing: u32,
        /// Entries advanced per frame.
        #[serde(default = "one")]
        step: u32,
    },
    /// Visits points in turn at a fixed speed.
    Waypoints {
        /// The points, in pixels.
        points: Vec<(i32, i32)>,
        /// Pixels per frame along each axis.
        speed: u32,
        /// Start over after the last point (otherwise stop there).
        #[serde(default = "yes")]
        cycle: bool,
    },
    /// A player driven by recorded input: `keys` is a list of `frames:dirs` tokens such as
    /// `"30:R 10:RU 20:."` (`U D L R` held, `.` nothing).
    Input {
        /// Start position in pixels.
        at: (i32, i32),
        /// Pixels per frame.
        speed: u32,
        /// The recording.
        keys: String,
    },
    /// Pong's paddles: keeps `at` on one axis and moves along the other towards the centre
    /// of the object named `target`, at most `speed` pixels per frame.
    Follow {
        /// Start position in pixels.
        at: (i32, i32),
        /// The object to follow (its first instance, by definition name).
        target: String,
        /// Pixels per frame at most.
        speed: u32,
        /// Move vertically (true) or horizontally (false).
        #[serde(default = "yes")]
        vertical: bool,
    },
    /// A labyrinth walker (Vectrex): moves along the lines between tiles and picks a new
    /// direction at each node with a seeded generator.
    Walker {
        /// Start node (column, row).
        node: (u8, u8),
        /// Generator seed.
        seed: u64,
        /// Fine units (1/16 tile) per frame.
        #[serde(default = "one")]
        speed: u32,
        /// Player size in fine units.
        #[serde(default)]
        size: u8,
    },
}

/// Edge behaviour of `Linear` motion.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub enum Edges {
    /// Leave one side, come back on the other.
    #[default]
    Wrap,
    /// Reverse the velocity component that hit the edge.
    Bounce,
    /// Stop at the edge.
    Stop,
}

/// What an object does when its opaque pixels meet an object of the other group.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub enum Reaction {
    /// Seed 004: switch every sprite to this pattern and clear its collision mask; it stays
    /// visible and never collides again.
    ShowHit {
        /// The hit pattern.
        pattern: u32,
    },
    /// Seed 002's Pong answer: the ball becomes Good after hitting a Bad paddle and Bad
    /// after hitting a Good one.
    SwapGroup,
    /// Reverse the horizontal velocity.
    BounceX,
    /// Reverse the vertical velocity.
    BounceY,
}

fn one() -> u32 {
    1
}

fn yes() -> bool {
    true
}
