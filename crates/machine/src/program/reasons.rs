//! Why the chip's collision flag differs from pixel truth among a program's objects, said
//! per frame (specs/programs.md, "What the user gets"): the machine's own reasons through
//! [`Machine::hardware_check`] (the TMS9918's fifth sprite on a line dropped, a Genesis
//! sprite masked by an X = 0 sprite or cut by the dot limit, VERA's line budget), and the
//! reasons that come from the program file's objects: the chip sees every sprite, truth
//! only objects that are not Art, and not two sprites of one merged object.
//!
//! Box truth can differ from the chip where pixel truth does not: two objects whose boxes
//! overlap while only transparent pixels of their patterns meet there. The chip compares
//! opaque pixels only (TMS9918 data book, "sprite coincidence"; Genesis Plus GX
//! `render_obj`; VERA's collision masks are ORed for opaque pixels alone), so
//! [`transparent_overlaps`] names those pairs.
//!
//! All of it runs only for a frame where the chip and truth differ: a frame where they
//! agree costs nothing here.
//!
//! A frame before judging starts ([`super::JudgeFrom`]) has truth pairs but no misses:
//! [`before_judging`] says so per pair, with the lines the pair meets on and when judging
//! starts, so a pair that meets only before then is not taken for one the program got
//! right. It runs only for unjudged frames of a program with watches that have pairs.

use collide::{Group, Pair};

use super::objects::FrameObjects;
use crate::contract::{Machine, Verdict};
use crate::view::SpriteView;

/// What sprite `n` is in the frame's objects, when that keeps it out of truth.
fn outside_truth(objects: &FrameObjects, n: u32) -> Option<String> {
    match objects.object_of_sprite(n) {
        None => Some(format!(
            "sprite {n} is in no object (no rule names it, or `others: None`)"
        )),
        Some(i) if objects.objects[i].group == Group::Art => {
            Some(format!("sprite {n} is Art, which takes no part in truth"))
        }
        Some(_) => None,
    }
}

/// The reasons the chip's flag (`verdict.collided`) differs from the pixel pairs among
/// `objects`: called only in a frame where it does.
#[must_use]
pub fn chip_reasons(
    machine: &dyn Machine,
    sprites: &[SpriteView],
    objects: &FrameObjects,
    verdict: &Verdict,
) -> Vec<String> {
    let check = machine.hardware_check(sprites, verdict);
    let mut out = Vec::new();
    if verdict.collided {
        // The chip saw a pair truth among the objects lacks: say why each is left out.
        for &(a, b) in &check.sprite_pairs {
            let mut why: Vec<String> = [a, b]
                .into_iter()
                .filter_map(|n| outside_truth(objects, n))
                .collect();
            if why.is_empty()
                && objects.object_of_sprite(a).is_some()
                && objects.object_of_sprite(a) == objects.object_of_sprite(b)
            {
                why.push("both are parts of one object (`merge: true`)".into());
            }
            if !why.is_empty() {
                out.push(format!(
                    "chip saw sprites {a} and {b} meet: {}",
                    why.join("; ")
                ));
            }
        }
        if out.is_empty() {
            out.extend(check.reasons);
        }
    } else if check.reasons.is_empty() && check.expected_mask == Some(0) {
        // VERA: the chip's own form of truth is no collision.
        out.push("the meeting sprites' collision masks share no bit".into());
    } else {
        out.extend(check.reasons);
    }
    if out.is_empty() {
        out.push("no reason known from the sprite view".into());
    }
    out
}

/// Lines `first`-`last` as a report says them.
fn on_lines(first: i32, last: i32) -> String {
    if first == last {
        format!("on line {first}")
    } else {
        format!("on lines {first}-{last}")
    }
}

/// Why the box-truth pairs of a frame before judging starts count for no miss or false
/// alarm: each pair, where it meets, and `start`, the sentence saying when judging starts
/// ("judging starts at frame 240").
#[must_use]
pub fn before_judging(objects: &FrameObjects, box_pairs: &[Pair], start: &str) -> Vec<String> {
    box_pairs
        .iter()
        .map(|p| {
            let (a, b) = (
                &objects.objects[p.a as usize],
                &objects.objects[p.b as usize],
            );
            let on = a.bbox.intersection(&b.bbox).map_or_else(String::new, |c| {
                format!(" {}", on_lines(c.y, c.y + i32::from(c.h) - 1))
            });
            format!(
                "objects {} and {} meet{on} before judging starts ({start}): no miss or false \
                 alarm is counted for them",
                a.id, b.id
            )
        })
        .collect()
}

/// Why box truth has pairs the chip did not flag, in a frame where no opaque pixels of any
/// two objects meet (the chip clear, agreeing with pixel truth): each pair's boxes overlap
/// in transparent pixels only.
#[must_use]
pub fn transparent_overlaps(objects: &FrameObjects, box_pairs: &[Pair]) -> Vec<String> {
    box_pairs
        .iter()
        .map(|p| {
            let (a, b) = (
                &objects.objects[p.a as usize],
                &objects.objects[p.b as usize],
            );
            let on = a.bbox.intersection(&b.bbox).map_or_else(String::new, |c| {
                format!(" {}", on_lines(c.y, c.y + i32::from(c.h) - 1))
            });
            format!(
                "objects {} and {}: their boxes overlap{on} but only transparent pixels of \
                 their patterns meet there (box truth counts the pair; the chip and pixel \
                 truth do not)",
                a.id, b.id
            )
        })
        .collect()
}
