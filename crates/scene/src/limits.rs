//! Values the chip cannot take, refused with their place instead of being clamped or
//! written where the chip never reads: each machine's settings say what their chip cannot
//! take (table addresses off its alignment, sprite sizes it has no code for, VERA depths
//! past 3); walkers starting outside their labyrinth are refused here.

use machine::vectrex::maze::Labyrinth;

use crate::format::{Motion, Scene};

/// The first out-of-spec value of `scene`: its field path and what is wrong.
#[must_use]
pub fn check(scene: &Scene, labyrinth: Option<&Labyrinth>) -> Option<(String, String)> {
    // The settings' own fields were checked before the labyrinth was read (loaded.rs).
    let settings = scene.target.settings();
    for (i, o) in scene.objects.iter().enumerate() {
        for (j, part) in o.sprites.iter().enumerate() {
            if let Err((field, message)) = settings.check_sprite(part.w, part.h, part.z) {
                return Some((format!("objects[{i}].sprites[{j}].{field}"), message));
            }
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
