//! Object motion, one step per frame, all in integers so every replay is identical.
//!
//! Positions are kept in 1/256 px (8.8 fixed point, as 8-bit games keep a fractional byte).

use std::sync::Arc;

use collide::Screen;

use crate::format::{Edges, Motion};

/// Joypad directions held in a frame, as a bit set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dirs(pub u8);

impl Dirs {
    /// Up.
    pub const UP: u8 = 1;
    /// Down.
    pub const DOWN: u8 = 2;
    /// Left.
    pub const LEFT: u8 = 4;
    /// Right.
    pub const RIGHT: u8 = 8;

    /// (dx, dy) in -1..=1.
    #[must_use]
    pub fn delta(self) -> (i32, i32) {
        let h = i32::from(self.0 & Self::RIGHT != 0) - i32::from(self.0 & Self::LEFT != 0);
        let v = i32::from(self.0 & Self::DOWN != 0) - i32::from(self.0 & Self::UP != 0);
        (h, v)
    }
}

/// Parses a recording such as `"30:R 10:RU 20:."`: per token, a frame count and the
/// directions held (`U D L R`, `.` for none). Returns the problem token on error.
pub fn parse_keys(keys: &str) -> Result<Vec<Dirs>, String> {
    let mut out = Vec::new();
    for token in keys.split_whitespace() {
        let bad = || format!("bad key token `{token}`: want FRAMES:DIRS, such as 30:RU or 10:.");
        let (count, dirs) = token.split_once(':').ok_or_else(bad)?;
        let count: u32 = count.parse().map_err(|_| bad())?;
        let mut d = 0u8;
        for c in dirs.chars() {
            d |= match c {
                'U' => Dirs::UP,
                'D' => Dirs::DOWN,
                'L' => Dirs::LEFT,
                'R' => Dirs::RIGHT,
                '.' => 0,
                _ => return Err(bad()),
            };
        }
        if out.len() + count as usize > 1 << 20 {
            return Err(format!(
                "recording too long at `{token}` (over 2^20 frames)"
            ));
        }
        out.extend(std::iter::repeat_n(Dirs(d), count as usize));
    }
    Ok(out)
}

/// The moving state of one object.
#[derive(Clone, Debug)]
pub struct Mover {
    /// Position in 1/256 px.
    x_sub: i64,
    y_sub: i64,
    kind: Kind,
}

#[derive(Clone, Debug)]
enum Kind {
    Still,
    Linear {
        vx: i64,
        vy: i64,
        edges: Edges,
        area: (i64, i64, i64, i64),
    },
    Path {
        table: Arc<[(i32, i32)]>,
        index: u64,
        step: u64,
    },
    Waypoints {
        points: Vec<(i32, i32)>,
        next: usize,
        speed: i64,
        cycle: bool,
    },
    Input {
        keys: Arc<[Dirs]>,
        frame: usize,
        speed: i64,
        area: (i64, i64, i64, i64),
    },
    Follow {
        speed: i64,
        vertical: bool,
        area: (i64, i64, i64, i64),
    },
}

/// What a mover needs to know besides its definition.
/// For `Follow` motion: the index of the first instance made by the definition named
/// `name` (instances are numbered in definition order, `count` per definition).
#[must_use]
pub fn followed_instance(defs: &[crate::format::ObjectDef], name: &str) -> Option<usize> {
    let mut index = 0usize;
    for d in defs {
        if d.name == name {
            return Some(index);
        }
        index += d.count as usize;
    }
    None
}

#[derive(Clone, Copy, Debug)]
pub struct MoverContext<'a> {
    /// The machine's screen (default area of `Linear` and `Input`).
    pub screen: Screen,
    /// Array index of the object.
    pub index: u32,
    /// The object's `spread` (added to the start position once per index).
    pub spread: (i32, i32),
    /// The path table, for `Path` motion (resolved by the caller).
    pub table: Option<&'a Arc<[(i32, i32)]>>,
    /// The recording, for `Input` motion (parsed by the caller).
    pub keys: Option<&'a Arc<[Dirs]>>,
}

const SUB: i64 = 256;

impl Mover {
    /// The mover for `motion`; `Walker` motion is driven by the labyrinth instead and
    /// gets `None`.
    #[must_use]
    pub fn new(motion: &Motion, ctx: MoverContext<'_>) -> Option<Self> {
        let i = i64::from(ctx.index);
        let spread = |at: (i32, i32)| {
            (
                (i64::from(at.0) + i * i64::from(ctx.spread.0)) * SUB,
                (i64::from(at.1) + i * i64::from(ctx.spread.1)) * SUB,
            )
        };
        let screen_area = (0, 0, i64::from(ctx.screen.w_px), i64::from(ctx.screen.h_px));
        let (pos, kind) = match motion {
            Motion::Still { at } => (spread(*at), Kind::Still),
            Motion::Linear {
                at,
                velocity,
                edges,
                area,
                velocity_spread,
            } => (
                spread(*at),
                Kind::Linear {
                    vx: i64::from(velocity.0) + i * i64::from(velocity_spread.0),
                    vy: i64::from(velocity.1) + i * i64::from(velocity_spread.1),
                    edges: *edges,
                    area: area.map_or(screen_area, |(x, y, w, h)| {
                        (i64::from(x), i64::from(y), i64::from(w), i64::from(h))
                    }),
                },
            ),
            Motion::Path {
                start,
                spacing,
                step,
                ..
            } => {
                let table = ctx.table?.clone();
                let index = u64::from(*start) + u64::from(ctx.index) * u64::from(*spacing);
                let (x, y) = table[(index % table.len() as u64) as usize];
                (
                    (i64::from(x) * SUB, i64::from(y) * SUB),
                    Kind::Path {
                        table,
                        index,
                        step: u64::from(*step),
                    },
                )
            }
            Motion::Waypoints {
                points,
                speed,
                cycle,
            } => {
                let first = *points.first()?;
                (
                    spread(first),
                    Kind::Waypoints {
                        points: points.clone(),
                        next: 1 % points.len(),
                        speed: i64::from(*speed),
                        cycle: *cycle,
                    },
                )
            }
            Motion::Input { at, speed, .. } => (
                spread(*at),
                Kind::Input {
                    keys: ctx.keys?.clone(),
                    frame: 0,
                    speed: i64::from(*speed),
                    area: screen_area,
                },
            ),
            Motion::Follow {
                at,
                speed,
                vertical,
                ..
            } => (
                spread(*at),
                Kind::Follow {
                    speed: i64::from(*speed),
                    vertical: *vertical,
                    area: screen_area,
                },
            ),
            Motion::Walker { .. } => return None,
        };
        Some(Self {
            x_sub: pos.0,
            y_sub: pos.1,
            kind,
        })
    }

    /// Position in whole pixels (rounded towards minus infinity).
    #[must_use]
    pub fn position(&self) -> (i32, i32) {
        (
            clamp_i32(self.x_sub.div_euclid(SUB)),
            clamp_i32(self.y_sub.div_euclid(SUB)),
        )
    }

    /// Advances one frame. `size` is the object's box size in pixels (for edges); `live`
    /// replaces the recording of an `Input` mover (a player at the keyboard).
    pub fn step(&mut self, size: (u16, u16), live: Option<Dirs>) {
        let (w, h) = (i64::from(size.0) * SUB, i64::from(size.1) * SUB);
        match &mut self.kind {
            Kind::Still => {}
            Kind::Linear {
                vx,
                vy,
                edges,
                area,
            } => {
                let (ax, ay, aw, ah) = (area.0 * SUB, area.1 * SUB, area.2 * SUB, area.3 * SUB);
                self.x_sub += *vx;
                self.y_sub += *vy;
                edge(&mut self.x_sub, vx, ax, aw, w, *edges);
                edge(&mut self.y_sub, vy, ay, ah, h, *edges);
            }
            Kind::Path { table, index, step } => {
                *index = index.wrapping_add(*step);
                let (x, y) = table[(*index % table.len() as u64) as usize];
                self.x_sub = i64::from(x) * SUB;
                self.y_sub = i64::from(y) * SUB;
            }
            Kind::Waypoints {
                points,
                next,
                speed,
                cycle,
            } => {
                let (tx, ty) = points[*next];
                let (tx, ty) = (i64::from(tx) * SUB, i64::from(ty) * SUB);
                let s = *speed * SUB;
                self.x_sub += (tx - self.x_sub).clamp(-s, s);
                self.y_sub += (ty - self.y_sub).clamp(-s, s);
                if (self.x_sub, self.y_sub) == (tx, ty) && (*cycle || *next + 1 < points.len()) {
                    *next = (*next + 1) % points.len();
                }
            }
            Kind::Follow { .. } => {}
            Kind::Input {
                keys,
                frame,
                speed,
                area,
            } => {
                let dirs = live.unwrap_or_else(|| keys.get(*frame).copied().unwrap_or_default());
                *frame += 1;
                let (dx, dy) = dirs.delta();
                let (dx, dy) = (i64::from(dx), i64::from(dy));
                let (ax, ay, aw, ah) = (area.0 * SUB, area.1 * SUB, area.2 * SUB, area.3 * SUB);
                self.x_sub = (self.x_sub + dx * *speed * SUB).clamp(ax, (ax + aw - w).max(ax));
                self.y_sub = (self.y_sub + dy * *speed * SUB).clamp(ay, (ay + ah - h).max(ay));
            }
        }
    }

    /// For `Follow` motion: moves towards `target` (a centre, in pixels) along its axis,
    /// keeping its own box of `size` on the screen. Other motions ignore it.
    pub fn follow(&mut self, target: (i32, i32), size: (u16, u16)) {
        let Kind::Follow {
            speed,
            vertical,
            area,
        } = self.kind
        else {
            return;
        };
        let s = speed * SUB;
        let (pos, want, lo, len, side) = if vertical {
            (
                &mut self.y_sub,
                i64::from(target.1),
                area.1,
                area.3,
                i64::from(size.1),
            )
        } else {
            (
                &mut self.x_sub,
                i64::from(target.0),
                area.0,
                area.2,
                i64::from(size.0),
            )
        };
        let goal = (want - side / 2) * SUB;
        *pos += (goal - *pos).clamp(-s, s);
        *pos = (*pos).clamp(lo * SUB, ((lo + len - side) * SUB).max(lo * SUB));
    }

    /// Reverses the horizontal velocity (a bounce reaction); other motions ignore it.
    pub fn bounce_x(&mut self) {
        if let Kind::Linear { vx, .. } = &mut self.kind {
            *vx = -*vx;
        }
    }

    /// Reverses the vertical velocity.
    pub fn bounce_y(&mut self) {
        if let Kind::Linear { vy, .. } = &mut self.kind {
            *vy = -*vy;
        }
    }
}

fn clamp_i32(v: i64) -> i32 {
    v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

/// One axis of `Linear` motion against its area `[a0, a0 + len)`, for a box of `size`.
fn edge(pos: &mut i64, v: &mut i64, a0: i64, len: i64, size: i64, edges: Edges) {
    match edges {
        Edges::Wrap => {
            if len > 0 {
                *pos = a0 + (*pos - a0).rem_euclid(len);
            }
        }
        Edges::Bounce | Edges::Stop => {
            let hi = (a0 + len - size).max(a0);
            let out = if *pos < a0 {
                Some(a0)
            } else if *pos > hi {
                Some(hi)
            } else {
                None
            };
            if let Some(wall) = out {
                if edges == Edges::Bounce {
                    *pos = (2 * wall - *pos).clamp(a0, hi);
                    *v = -*v;
                } else {
                    *pos = wall;
                    *v = 0;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx() -> MoverContext<'static> {
        MoverContext {
            screen: Screen::new(256, 192),
            index: 0,
            spread: (0, 0),
            table: None,
            keys: None,
        }
    }

    #[test]
    fn linear_fixed_point_wrap_and_bounce() {
        let m = Motion::Linear {
            at: (250, 0),
            velocity: (384, 0), // 1.5 px per frame
            edges: Edges::Wrap,
            area: None,
            velocity_spread: (0, 0),
        };
        let mut mv = Mover::new(&m, ctx()).unwrap();
        let xs: Vec<i32> = (0..5)
            .map(|_| {
                mv.step((8, 8), None);
                mv.position().0
            })
            .collect();
        assert_eq!(xs, vec![251, 253, 254, 0, 1]);

        let b = Motion::Linear {
            at: (246, 0),
            velocity: (1024, 0),
            edges: Edges::Bounce,
            area: None,
            velocity_spread: (0, 0),
        };
        let mut mv = Mover::new(&b, ctx()).unwrap();
        mv.step((8, 8), None); // 250 > 248 = 256 - 8: reflect to 246
        assert_eq!(mv.position().0, 246);
        mv.step((8, 8), None);
        assert_eq!(mv.position().0, 242);
    }

    #[test]
    fn keys_parse_and_drive() {
        let keys: Arc<[Dirs]> = parse_keys("2:R 1:UL 1:.").unwrap().into();
        assert_eq!(keys.len(), 4);
        assert!(parse_keys("2:X").is_err());
        assert!(parse_keys("R").is_err());
        let m = Motion::Input {
            at: (10, 10),
            speed: 2,
            keys: String::new(),
        };
        let mut mv = Mover::new(
            &m,
            MoverContext {
                keys: Some(&keys),
                ..ctx()
            },
        )
        .unwrap();
        let mut trail = Vec::new();
        for _ in 0..5 {
            mv.step((8, 8), None);
            trail.push(mv.position());
        }
        assert_eq!(trail, vec![(12, 10), (14, 10), (12, 8), (12, 8), (12, 8)]);
    }

    #[test]
    fn path_and_waypoints() {
        let table: Arc<[(i32, i32)]> = vec![(0, 0), (1, 1), (2, 2), (3, 3)].into();
        let m = Motion::Path {
            table: "t".into(),
            start: 1,
            spacing: 2,
            step: 3,
        };
        let mut mv = Mover::new(
            &m,
            MoverContext {
                index: 1,
                table: Some(&table),
                ..ctx()
            },
        )
        .unwrap();
        assert_eq!(mv.position(), (3, 3)); // 1 + 1 * 2
        mv.step((8, 8), None);
        assert_eq!(mv.position(), (2, 2)); // (3 + 3) % 4
        let w = Motion::Waypoints {
            points: vec![(0, 0), (4, 2)],
            speed: 3,
            cycle: true,
        };
        let mut mv = Mover::new(&w, ctx()).unwrap();
        let mut trail = Vec::new();
        for _ in 0..4 {
            mv.step((8, 8), None);
            trail.push(mv.position());
        }
        assert_eq!(trail, vec![(3, 2), (4, 2), (1, 0), (0, 0)]);
    }

    #[test]
    fn follow_moves_at_most_its_speed_and_stays_on_screen() {
        let m = Motion::Follow {
            at: (16, 100),
            target: "ball".into(),
            speed: 2,
            vertical: true,
        };
        let mut mv = Mover::new(&m, ctx()).unwrap();
        // Centre a 64-px paddle on y = 95: its top goes to 63, two pixels a frame.
        mv.follow((120, 95), (8, 64));
        assert_eq!(mv.position(), (16, 98));
        for _ in 0..40 {
            mv.follow((120, 95), (8, 64));
        }
        assert_eq!(mv.position(), (16, 63));
        // A target below the screen pins the paddle's bottom to the last line.
        for _ in 0..100 {
            mv.follow((0, 1000), (8, 64));
        }
        assert_eq!(mv.position(), (16, 192 - 64));
        // x never moves.
        mv.step((8, 64), None);
        assert_eq!(mv.position().0, 16);
    }
}
