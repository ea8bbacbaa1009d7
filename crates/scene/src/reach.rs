//! Where a motion carries its sprites after the frame it starts on, checked against the
//! position fields of the chip (the machine's `Settings::check_position`), for every
//! frame the motion can play, not only the scene's `frames` (the command line may play
//! longer).
//!
//! Chips whose position fields wrap (the TMS9918's Y modulo 256, VERA's 10-bit X and Y,
//! tms9918.md and vera.md) refuse no position: their drivers write what the fields can
//! hold and park the rest off-screen. The Genesis VDP's X and Y are 9-bit fields holding
//! screen + 128 (genesis-vdp.md, "Sprite attribute table"), so -128 to 383 px, and a
//! position outside cannot be written at all: a motion that reaches one is refused at its
//! field, naming the frame it first gets there.
//!
//! What each motion can reach, for all frames:
//! - `Linear`: its box stays inside its `area` after the first step (wrapped, bounced or
//!   stopped at the edges, `motion.rs`), whatever reactions turn its velocity round: on an
//!   axis it moves along, the area's edges bound it; on one it does not, it stays where
//!   the first step put it.
//! - `Path`: the table entries its index visits, `start + i * spacing + k * step` modulo
//!   the table's length, one period of which is walked.
//! - `Waypoints`: the segments between its start and its points; each axis moves towards
//!   the next point by at most `speed` a frame, so the extremes are the points themselves.
//! - `Input` and `Follow` are kept on the screen, `Still` stays where it starts: the start
//!   check covers them (`limits.rs`).

use std::collections::BTreeMap;
use std::sync::Arc;

use machine::registry::Settings;

use crate::format::{Edges, Motion, ObjectDef};

/// A sprite of the object at a position the chip's fields cannot hold.
struct Refusal {
    /// Which of the object's sprites.
    sprite: usize,
    /// Its position, px.
    at: (i64, i64),
    /// The machine's reason.
    why: String,
}

/// Whether an object at a position has a sprite refused.
type Refused<'a> = dyn Fn((i64, i64)) -> Option<Refusal> + 'a;

/// The message for instance `k`'s refusal, with when it happens in words.
type Say<'a> = dyn Fn(u32, &Refusal, &str) -> String + 'a;

/// Steps (frames times instances) a `Waypoints` or `Linear` motion is followed to find the
/// frame it first leaves the range; past this the position is still refused, without its
/// frame.
const FOLLOW_FRAMES: u64 = 1 << 20;

/// The first place object `i`'s motion carries a sprite outside the chip's position
/// fields: the field path and the message.
pub fn check(
    settings: &dyn Settings,
    i: usize,
    o: &ObjectDef,
    tables: &BTreeMap<String, Arc<[(i32, i32)]>>,
) -> Option<(String, String)> {
    // Sprite `j` of the object at `pos` (its position), as an error if refused.
    let refused = |pos: (i64, i64)| -> Option<Refusal> {
        o.sprites.iter().enumerate().find_map(|(j, part)| {
            let at = (
                pos.0 + i64::from(part.offset.0),
                pos.1 + i64::from(part.offset.1),
            );
            settings
                .check_position(at.0, at.1)
                .err()
                .map(|why| Refusal { sprite: j, at, why })
        })
    };
    let name = |k: u32| {
        if o.count > 1 {
            format!("{}[{k}]", o.name)
        } else {
            o.name.clone()
        }
    };
    let say = |k: u32, r: &Refusal, when: &str| {
        format!(
            "{}'s sprite {} moves to ({}, {}) {when}, outside the chip's position fields: {}",
            name(k),
            r.sprite,
            r.at.0,
            r.at.1,
            reason(&r.why)
        )
    };
    match &o.motion {
        Motion::Path {
            table,
            start,
            spacing,
            step,
        } => {
            let points = tables.get(table)?;
            let len = points.len() as u64;
            // The index repeats after len / g frames (g = gcd(step, len)), and visits the
            // entries congruent to its first modulo g: instances whose first entries agree
            // modulo g visit the same ones, so each class is walked once, by its first
            // instance.
            let g = gcd(u64::from(*step) % len, len);
            let period = len / g;
            let mut walked = std::collections::BTreeSet::new();
            for k in 0..o.count {
                let first = u64::from(*start) + u64::from(k) * u64::from(*spacing);
                if !walked.insert(first % g) {
                    continue;
                }
                for frame in 0..period {
                    let index = (first + frame * u64::from(*step)) % len;
                    let (x, y) = points[index as usize];
                    if let Some(r) = refused((i64::from(x), i64::from(y))) {
                        let when = format!("at frame {frame} (entry {index} of `{table}`)");
                        return Some((format!("objects[{i}].motion.table"), say(k, &r, &when)));
                    }
                }
            }
            None
        }
        Motion::Waypoints { points, speed, .. } => {
            // Its start (the first point, spread per index) for the first and the last
            // of an array, then the points, which it reaches unless it never moves.
            let last = o.count.max(1) - 1;
            let starts = [0, last].map(|k| {
                let first = points.first().copied().unwrap_or_default();
                (
                    k,
                    (
                        i64::from(first.0) + i64::from(k) * i64::from(o.spread.0),
                        i64::from(first.1) + i64::from(k) * i64::from(o.spread.1),
                    ),
                )
            });
            let visited = points
                .iter()
                .skip(1)
                .filter(|_| *speed > 0)
                .map(|&(x, y)| (0, (i64::from(x), i64::from(y))));
            let (k, at) = starts
                .into_iter()
                .chain(visited)
                .find(|&(_, at)| refused(at).is_some())?;
            let field = format!("objects[{i}].motion.points");
            Some((field, located(o, k, at, tables, &refused, &say)))
        }
        Motion::Linear {
            area: Some((ax, ay, aw, ah)),
            edges,
            velocity,
            velocity_spread,
            ..
        } => {
            let (w, h) = size_of(o);
            let far = |a0: i32, len: u32, side: u16| -> i64 {
                let a0 = i64::from(a0);
                let len = i64::from(len);
                match edges {
                    // Wrapped into [a0, a0 + len): the last whole pixel.
                    Edges::Wrap => a0 + (len - 1).max(0),
                    Edges::Bounce | Edges::Stop => (a0 + len - i64::from(side)).max(a0),
                }
            };
            // An axis moves when some instance has a velocity on it (reactions only turn
            // a velocity round); one that does not stays where its first step puts it.
            let last = o.count.max(1) - 1;
            let moves = |v: i32, dv: i32| v != 0 || (dv != 0 && last > 0);
            let rest: Vec<(i64, i64)> = [0, last]
                .into_iter()
                .filter_map(|k| {
                    let mut m = mover(o, k, tables)?;
                    m.step((w, h), None);
                    let (x, y) = m.position();
                    Some((i64::from(x), i64::from(y)))
                })
                .collect();
            let xs: Vec<i64> = if moves(velocity.0, velocity_spread.0) {
                vec![i64::from(*ax), far(*ax, *aw, w)]
            } else {
                rest.iter().map(|r| r.0).collect()
            };
            let ys: Vec<i64> = if moves(velocity.1, velocity_spread.1) {
                vec![i64::from(*ay), far(*ay, *ah, h)]
            } else {
                rest.iter().map(|r| r.1).collect()
            };
            let at = xs
                .iter()
                .flat_map(|&x| ys.iter().map(move |&y| (x, y)))
                .find(|&c| refused(c).is_some())?;
            let field = format!("objects[{i}].motion.area");
            Some((field, located(o, 0, at, tables, &refused, &say)))
        }
        _ => None,
    }
}

/// The message for a position `at` of instance `k` the motion reaches: at the first frame
/// any instance's own motion gets a sprite outside the range, when one does within
/// [`FOLLOW_FRAMES`] steps of all instances together (a reaction may turn a `Linear`
/// motion earlier), else at `at`.
fn located(
    o: &ObjectDef,
    k: u32,
    at: (i64, i64),
    tables: &BTreeMap<String, Arc<[(i32, i32)]>>,
    refused: &Refused<'_>,
    say: &Say<'_>,
) -> String {
    match first_frame(o, tables, refused) {
        Some((k, frame, r)) => say(k, &r, &format!("at frame {frame}")),
        None => {
            let r = refused(at).unwrap_or(Refusal {
                sprite: 0,
                at,
                why: String::new(),
            });
            say(k, &r, "(at one of its extremes)")
        }
    }
}

/// The first frame at which an instance of `o`, moved by its own motion alone, has a
/// sprite `refused`: the instance (the lowest of those that frame), the frame and the
/// refusal. All instances move in step, [`FOLLOW_FRAMES`] steps in all.
fn first_frame(
    o: &ObjectDef,
    tables: &BTreeMap<String, Arc<[(i32, i32)]>>,
    refused: &Refused<'_>,
) -> Option<(u32, u64, Refusal)> {
    let mut movers: Vec<(u32, crate::motion::Mover)> = (0..o.count)
        .filter_map(|k| mover(o, k, tables).map(|m| (k, m)))
        .collect();
    let size = size_of(o);
    let frames = FOLLOW_FRAMES / (movers.len().max(1) as u64);
    for frame in 0..frames {
        for (k, m) in &mut movers {
            let (x, y) = m.position();
            if let Some(r) = refused((i64::from(x), i64::from(y))) {
                return Some((*k, frame, r));
            }
            m.step(size, None);
        }
    }
    None
}

/// Instance `k`'s mover.
fn mover(
    o: &ObjectDef,
    k: u32,
    tables: &BTreeMap<String, Arc<[(i32, i32)]>>,
) -> Option<crate::motion::Mover> {
    let ctx = crate::motion::MoverContext {
        // Only `Waypoints` and `Linear` with its own area are followed: neither reads
        // the screen.
        screen: collide::Screen::new(1, 1),
        index: k,
        spread: o.spread,
        table: match &o.motion {
            Motion::Path { table, .. } => tables.get(table),
            _ => None,
        },
        keys: None,
    };
    crate::motion::Mover::new(&o.motion, ctx)
}

/// The object's box size: the union of its parts (as `session::instances` makes it).
fn size_of(o: &ObjectDef) -> (u16, u16) {
    let span = |lo: i32, hi: i32| (hi - lo).clamp(0, i32::from(u16::MAX)) as u16;
    let x0 = o.sprites.iter().map(|p| p.offset.0).min().unwrap_or(0);
    let y0 = o.sprites.iter().map(|p| p.offset.1).min().unwrap_or(0);
    let x1 = o
        .sprites
        .iter()
        .map(|p| p.offset.0 + i32::from(p.w))
        .max()
        .unwrap_or(0);
    let y1 = o
        .sprites
        .iter()
        .map(|p| p.offset.1 + i32::from(p.h))
        .max()
        .unwrap_or(0);
    (span(x0, x1), span(y0, y1))
}

/// The chip's reason without the machine's own opening words about where a sprite
/// starts (`check_position` speaks of starting positions): what follows its first `; `.
fn reason(why: &str) -> &str {
    why.split_once("; ").map_or(why, |(_, r)| r)
}

fn gcd(a: u64, b: u64) -> u64 {
    if a == 0 { b } else { gcd(b % a, a) }
}
