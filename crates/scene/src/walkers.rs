//! Labyrinth walkers (seed 003): players and enemies that run on the lines between tiles,
//! choose a new direction at each node with a seeded generator, and ask the wall methods
//! before every one-unit step.
//!
//! The game's own method, `maze-tiles`, decides; `obj-hit-walls`, the seed's first try,
//! answers the same question on the same step so the two can be compared decision by
//! decision, each paying its own 6809 cycles. With `check_every` above 1 the walls are
//! checked only every N frames (the blog's "check only sometimes"): in between, a walker
//! moves unchecked and every step the baseline would have blocked is counted as a step
//! through a wall.

use std::sync::Arc;

use collide::rng::SplitMix64;
use machine::vectrex::code::{WallAnswers, WallCode};
use machine::vectrex::maze::{
    Dir, Labyrinth, MazeTiles, ObjHitWalls, Player, Pos, WallCost, WallMethod,
};

/// One walker.
#[derive(Clone, Debug)]
pub struct Walker {
    /// Position and size.
    pub player: Player,
    dir: Dir,
    rng: SplitMix64,
    speed: u32,
}

impl Walker {
    /// A walker at node (`gx`, `gy`) with half-size `size`, `speed` units per frame.
    #[must_use]
    pub fn new(node: (u8, u8), size: u8, speed: u32, seed: u64) -> Option<Self> {
        Some(Self {
            player: Player::new(Pos::node(i16::from(node.0), i16::from(node.1)), size).ok()?,
            dir: Dir::Right,
            // Never zero, so the generator never sticks.
            rng: SplitMix64(seed ^ 0x9E37_79B9_7F4A_7C15),
            speed: speed.min(64),
        })
    }

    /// Top-left of its box in fine units.
    #[must_use]
    pub fn top_left(&self) -> (i32, i32) {
        let h = i32::from(self.player.half());
        (self.player.pos.x.units() - h, self.player.pos.y.units() - h)
    }

    fn next(&mut self) -> u64 {
        self.rng.next_u64()
    }
}

/// The wall decisions as the 6809 took them: both routines of `roms/vectrex/code` run on
/// the core for every checked decision, their cycles measured from `JSR` to `RTS`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MeasuredWalls {
    /// Decisions both routines answered.
    pub decisions: u64,
    /// Decisions on which both gave the Rust methods' answer.
    pub agreements: u64,
    /// `maze_tiles`' cycles, summed.
    pub maze_tiles_cycles: u64,
    /// `obj_hit_walls`' cycles, summed.
    pub obj_hit_walls_cycles: u64,
    /// The dearest single `maze_tiles` decision.
    pub maze_tiles_max: u64,
    /// The dearest single `obj_hit_walls` decision.
    pub obj_hit_walls_max: u64,
    /// Decisions the routines cannot be asked: a position beyond the labyrinth's outer
    /// grid lines, where the image's tables end.
    pub outside: u64,
    /// Decisions on which a routine failed (runaway, fault).
    pub errors: u64,
}

impl std::ops::AddAssign for MeasuredWalls {
    fn add_assign(&mut self, o: Self) {
        self.decisions += o.decisions;
        self.agreements += o.agreements;
        self.maze_tiles_cycles += o.maze_tiles_cycles;
        self.obj_hit_walls_cycles += o.obj_hit_walls_cycles;
        self.maze_tiles_max = self.maze_tiles_max.max(o.maze_tiles_max);
        self.obj_hit_walls_max = self.obj_hit_walls_max.max(o.obj_hit_walls_max);
        self.outside += o.outside;
        self.errors += o.errors;
    }
}

impl MeasuredWalls {
    fn record(&mut self, answers: Option<WallAnswers>, rust_allows: bool) {
        let Some(a) = answers else {
            self.outside += 1;
            return;
        };
        match (a.maze_tiles, a.obj_hit_walls) {
            (Ok(t), Ok(o)) => {
                self.decisions += 1;
                self.agreements += u64::from(t.blocked != rust_allows && o.blocked != rust_allows);
                self.maze_tiles_cycles += t.cycles;
                self.obj_hit_walls_cycles += o.cycles;
                self.maze_tiles_max = self.maze_tiles_max.max(t.cycles);
                self.obj_hit_walls_max = self.obj_hit_walls_max.max(o.cycles);
            }
            _ => self.errors += 1,
        }
    }
}

/// What the wall methods did in one frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WallFrame {
    /// The walls were checked this frame.
    pub checked: bool,
    /// Decisions both methods took.
    pub decisions: u64,
    /// Decisions on which they agreed.
    pub agreements: u64,
    /// Unchecked steps the baseline would have blocked.
    pub through_walls: u64,
    /// `maze-tiles`' cost.
    pub maze_tiles: WallCost,
    /// `obj-hit-walls`' cost.
    pub obj_hit_walls: WallCost,
    /// The same decisions on the 6809, where the image carries this labyrinth.
    pub measured: Option<MeasuredWalls>,
}

/// The labyrinth and the two methods.
#[derive(Debug)]
pub struct Walls {
    lab: Arc<Labyrinth>,
    tiles: MazeTiles,
    obj_hit: ObjHitWalls,
    check_every: u32,
    code: Option<WallCode>,
}

impl Walls {
    /// Walls of `lab`, checked every `check_every` frames.
    #[must_use]
    pub fn new(lab: Arc<Labyrinth>, check_every: u32) -> Self {
        Self {
            code: WallCode::for_labyrinth(&lab),
            lab,
            tiles: MazeTiles::new(),
            obj_hit: ObjHitWalls::new(),
            check_every: check_every.max(1),
        }
    }

    /// Moves every walker for frame `frame`.
    pub fn step<'a>(
        &mut self,
        frame: u32,
        walkers: impl Iterator<Item = &'a mut Walker>,
    ) -> WallFrame {
        let mut wf = WallFrame {
            checked: frame.is_multiple_of(self.check_every),
            measured: self.code.as_ref().map(|_| MeasuredWalls::default()),
            ..WallFrame::default()
        };
        for w in walkers {
            for _ in 0..w.speed {
                if w.player.pos.is_node() {
                    w.dir = self.choose(w, &mut wf);
                }
                if self.decide(&w.player, w.dir, &mut wf) {
                    w.player.pos = w.player.pos.stepped(w.dir);
                } else if !w.player.pos.is_node() {
                    w.dir = w.dir.reverse();
                }
            }
        }
        wf
    }

    /// May the player step in `dir`? Both methods answer when the walls are checked.
    fn decide(&mut self, player: &Player, dir: Dir, wf: &mut WallFrame) -> bool {
        if wf.checked {
            let t = self
                .tiles
                .may_move(&self.lab, player, dir, &mut wf.maze_tiles);
            let o = self
                .obj_hit
                .may_move(&self.lab, player, dir, &mut wf.obj_hit_walls);
            wf.decisions += 1;
            wf.agreements += u64::from(t == o);
            if let (Some(code), Some(m)) = (&mut self.code, &mut wf.measured) {
                m.record(code.decide(player, dir), t);
            }
            t
        } else {
            let mut unpaid = WallCost::default();
            let blocked = !self.obj_hit.may_move(&self.lab, player, dir, &mut unpaid);
            let on_track = player.pos.on_track(dir);
            if on_track && blocked {
                wf.through_walls += 1;
            }
            on_track
        }
    }

    /// At a node: a random way on, not back unless it is the only one.
    fn choose(&mut self, w: &mut Walker, wf: &mut WallFrame) -> Dir {
        let back = w.dir.reverse();
        let mut order: Vec<Dir> = Dir::ALL.iter().copied().filter(|&d| d != back).collect();
        // Fisher-Yates with the walker's generator.
        for i in (1..order.len()).rev() {
            let j = (w.next() % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
        order.push(back);
        for d in order {
            if self.decide(&w.player, d, wf) {
                return d;
            }
        }
        w.dir
    }
}
