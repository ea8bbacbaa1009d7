//! Values the chip cannot take, refused with their place instead of being clamped or
//! written where the chip never reads: table addresses off the chip's alignment, sprite
//! sizes it has no code for, VERA depths past 3, walkers starting outside their labyrinth.

use collide::maze::Labyrinth;

use crate::format::{Motion, Scene, SpritePart, Target};

/// The first out-of-spec value of `scene`: its field path and what is wrong.
#[must_use]
pub fn check(scene: &Scene, labyrinth: Option<&Labyrinth>) -> Option<(String, String)> {
    if let Some(bad) = check_target(&scene.target) {
        return Some(bad);
    }
    for (i, o) in scene.objects.iter().enumerate() {
        for (j, part) in o.sprites.iter().enumerate() {
            if let Some((field, message)) = check_part(&scene.target, part) {
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

fn check_target(target: &Target) -> Option<(String, String)> {
    match target {
        Target::Genesis(g) => {
            // Register 5 holds A15-A9, and H40 forces A9 to 0: the chip reads the table
            // from the aligned address, wherever the driver wrote it.
            let align: u16 = if g.h40 { 0x400 } else { 0x200 };
            (g.sat % align != 0).then(|| {
                (
                    "target.sat".to_owned(),
                    format!(
                        "0x{:04X} is not a multiple of 0x{align:X}; in {} the VDP reads the table at 0x{:04X}",
                        g.sat,
                        if g.h40 { "H40" } else { "H32" },
                        g.sat & !(align - 1)
                    ),
                )
            })
        }
        Target::Msx(m) => {
            if m.sat % 0x80 != 0 || m.sat >= 0x4000 {
                Some((
                    "target.sat".to_owned(),
                    format!(
                        "0x{:04X}: the attribute table starts at a multiple of 0x80 below 0x4000 (R5 x 0x80)",
                        m.sat
                    ),
                ))
            } else if m.patterns % 0x800 != 0 || m.patterns >= 0x4000 {
                Some((
                    "target.patterns".to_owned(),
                    format!(
                        "0x{:04X}: the pattern table starts at a multiple of 0x800 below 0x4000 (R6 x 0x800)",
                        m.patterns
                    ),
                ))
            } else {
                None
            }
        }
        Target::Vera(_) | Target::Vectrex(_) => None,
    }
}

fn check_part(target: &Target, part: &SpritePart) -> Option<(&'static str, String)> {
    let size = |field: &'static str, v: u16, allowed: &[u16], chip: &str| {
        (!allowed.contains(&v)).then(|| {
            let list: Vec<String> = allowed.iter().map(ToString::to_string).collect();
            (
                field,
                format!("{field} is {v}; {chip} sprites are {} px", list.join(", ")),
            )
        })
    };
    match target {
        Target::Genesis(_) => {
            let cells = [8, 16, 24, 32];
            size("w", part.w, &cells, "Genesis").or_else(|| size("h", part.h, &cells, "Genesis"))
        }
        Target::Msx(m) => {
            let px = if m.size16 { 16 } else { 8 } * if m.mag { 2 } else { 1 };
            let chip = format!(
                "with size16: {} and mag: {} the TMS9918A's",
                m.size16, m.mag
            );
            size("w", part.w, &[px], &chip).or_else(|| size("h", part.h, &[px], &chip))
        }
        Target::Vera(_) => {
            let sizes = [8, 16, 32, 64];
            size("w", part.w, &sizes, "VERA")
                .or_else(|| size("h", part.h, &sizes, "VERA"))
                .or_else(|| {
                    (part.z > 3).then(|| {
                        (
                            "z",
                            format!("z is {}; VERA's depth is 0 (off) to 3, two bits", part.z),
                        )
                    })
                })
        }
        Target::Vectrex(_) => None,
    }
}
