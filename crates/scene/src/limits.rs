//! Values the chip cannot take, refused with their place instead of being clamped or
//! written where the chip never reads: each machine's settings say what their chip cannot
//! take (table addresses off its alignment, sprite sizes it has no code for, VERA depths
//! past 3); walkers starting outside their labyrinth are refused here, and positions a
//! motion reaches later in `reach.rs`.

use std::collections::BTreeMap;
use std::sync::Arc;

use machine::vectrex::maze::Labyrinth;

use crate::format::{Motion, Scene};

/// The first out-of-spec value of `scene`: its field path and what is wrong.
#[must_use]
pub fn check(
    scene: &Scene,
    labyrinth: Option<&Labyrinth>,
    tables: &BTreeMap<String, Arc<[(i32, i32)]>>,
) -> Option<(String, String)> {
    // The settings' own fields were checked before the labyrinth was read (loaded.rs).
    let settings = scene.target.settings();
    for (i, o) in scene.objects.iter().enumerate() {
        for (j, part) in o.sprites.iter().enumerate() {
            if let Err((field, message)) = settings.check_sprite(part.w, part.h, part.z) {
                return Some((format!("objects[{i}].sprites[{j}].{field}"), message));
            }
            if let Err((field, message)) = settings.check_attributes(part.pattern, part.colour) {
                return Some((format!("objects[{i}].sprites[{j}].{field}"), message));
            }
        }
        // Starting positions: the first and the last of an array (the spread is linear).
        if let Some(at) = start_at(&o.motion) {
            let last = i64::from(o.count.max(1) - 1);
            for k in [0, last] {
                for part in &o.sprites {
                    let x = i64::from(at.0) + k * i64::from(o.spread.0) + i64::from(part.offset.0);
                    let y = i64::from(at.1) + k * i64::from(o.spread.1) + i64::from(part.offset.1);
                    if let Err(message) = settings.check_position(x, y) {
                        return Some((format!("objects[{i}].motion.at"), message));
                    }
                }
            }
        }
        // Where the motion carries them later.
        if let Some(found) = crate::reach::check(settings, i, o, tables) {
            return Some(found);
        }
        if let (Motion::Walker { node, .. }, Some(lab)) = (&o.motion, labyrinth)
            && (node.0 >= lab.width() || node.1 >= lab.height())
        {
            return Some((
                format!("objects[{i}].motion.node"),
                format!(
                    "node ({}, {}) is outside the {}x{} labyrinth (columns 0-{}, rows 0-{})",
                    node.0,
                    node.1,
                    lab.width(),
                    lab.height(),
                    lab.width().saturating_sub(1),
                    lab.height().saturating_sub(1)
                ),
            ));
        }
    }
    None
}

/// Where a motion starts, when it names a position.
fn start_at(m: &Motion) -> Option<(i32, i32)> {
    match m {
        Motion::Still { at }
        | Motion::Linear { at, .. }
        | Motion::Input { at, .. }
        | Motion::Follow { at, .. } => Some(*at),
        _ => None,
    }
}
