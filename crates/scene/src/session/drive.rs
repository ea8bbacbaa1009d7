//! The driver step: the objects' sprites as the scene wants them this frame, handed to the
//! machine's driver; and back from the chip, each object as the union of its sprites as
//! the chip drew them (the boxes and masks the software layer sees are the chip's own).

use std::sync::Arc;

use collide::{Group, Object, OpaqueMask, PxBox, Screen};
use machine::{HwSprite, Machine, SpriteView};

use super::instances::Instance;
use crate::format::CollisionMaskDef;

/// This frame's hardware sprites, slot by slot, for the machine's driver.
#[must_use]
pub fn hw_sprites(instances: &[Instance], machine: &dyn Machine) -> Vec<HwSprite> {
    let mut out = Vec::new();
    for inst in instances {
        let (x, y) = inst.position();
        for part in &inst.parts {
            let (sx, sy) = (x + part.offset.0, y + part.offset.1);
            let collision_mask = if inst.shows_hit.is_some() {
                0
            } else {
                match part.collision_mask {
                    CollisionMaskDef::None => 0,
                    CollisionMaskDef::Fixed(m) => m & 0xF0,
                    CollisionMaskDef::Quadrants => {
                        machine.auto_collision_mask(sx, sy, part.w, part.h)
                    }
                }
            };
            out.push(HwSprite {
                x_px: sx,
                y_px: sy,
                w_px: part.w,
                h_px: part.h,
                pattern: inst.shows_hit.unwrap_or(part.pattern),
                colour: part.colour,
                hflip: part.hflip,
                vflip: part.vflip,
                bpp8: part.bpp8,
                z: part.z,
                collision_mask,
            });
        }
    }
    out
}

/// The software layer's objects: each the union of its sprites as the chip saw them, its
/// `id` its first hardware sprite (the routine contract's `sprite` field).
///
/// A sprite wholly outside the active area adds nothing: it shows nowhere, and where the
/// driver parked it (an MSX sprite the chip cannot place goes to line 210, a Genesis one
/// to raw Y 0) its box is the parking place, not the object's. An object none of whose
/// sprites reach the screen has an empty box.
#[must_use]
pub fn objects(
    instances: &[Instance],
    chip: &[SpriteView],
    slots: u32,
    screen: Screen,
) -> Vec<Object> {
    let mut by_slot: Vec<Option<&SpriteView>> = vec![None; slots as usize];
    for s in chip {
        if s.bbox.clamp_to(screen).is_none() {
            continue;
        }
        if let Some(slot) = by_slot.get_mut(s.number as usize) {
            *slot = Some(s);
        }
    }
    instances
        .iter()
        .map(|inst| {
            let parts: Vec<&SpriteView> = (0..inst.parts.len() as u32)
                .filter_map(|k| {
                    by_slot
                        .get((inst.first_slot + k) as usize)
                        .copied()
                        .flatten()
                })
                .collect();
            let mut obj = compose(inst.first_slot, inst.group, &parts);
            obj.collision_mask = parts.iter().fold(0, |m, s| m | s.collision_mask);
            obj
        })
        .collect()
}

/// One object from its sprites: box = union, mask = the sprites' opaque pixels laid over it.
fn compose(id: u32, group: Group, parts: &[&SpriteView]) -> Object {
    match parts {
        [] => Object::new(id, PxBox::default(), group),
        [one] => Object::new(id, one.bbox, group).with_mask(one.mask.clone()),
        many => {
            let x0 = many.iter().map(|s| s.bbox.x).min().unwrap_or(0);
            let y0 = many.iter().map(|s| s.bbox.y).min().unwrap_or(0);
            let x1 = many.iter().map(|s| s.bbox.x_end()).max().unwrap_or(0);
            let y1 = many.iter().map(|s| s.bbox.y_end()).max().unwrap_or(0);
            let w = (x1 - i64::from(x0)).clamp(0, i64::from(u16::MAX)) as u16;
            let h = (y1 - i64::from(y0)).clamp(0, i64::from(u16::MAX)) as u16;
            let mut mask = OpaqueMask::new(w, h);
            for s in many {
                let (dx, dy) = (i64::from(s.bbox.x - x0), i64::from(s.bbox.y - y0));
                for row in 0..i64::from(s.bbox.h) {
                    for col in 0..i64::from(s.bbox.w) {
                        if s.mask.get(col, row) {
                            mask.set((col + dx) as u16, (row + dy) as u16);
                        }
                    }
                }
            }
            Object::new(id, PxBox::new(x0, y0, w, h), group).with_mask(Arc::new(mask))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(number: u32, x: i32, y: i32, mask: u8) -> SpriteView {
        SpriteView {
            number,
            bbox: PxBox::new(x, y, 4, 4),
            mask: Arc::new(OpaqueMask::from_fn(4, 4, |c, r| c == r)),
            collision_mask: mask,
            z: 0,
            not_drawn: Vec::new(),
            drawn: true,
            lines: None,
            fields: machine::SpriteFields::default(),
        }
    }

    #[test]
    fn two_sprites_compose_one_object() {
        let (a, b) = (view(0, 10, 10, 0x10), view(1, 14, 12, 0x40));
        let o = compose(7, Group::Bad, &[&a, &b]);
        assert_eq!(o.bbox, PxBox::new(10, 10, 8, 6));
        let m = o.mask.as_deref().expect("a mask");
        assert!(m.get(0, 0) && m.get(3, 3), "the first sprite's diagonal");
        assert!(m.get(4, 2) && m.get(7, 5), "the second's, offset by (4, 2)");
        assert!(!m.get(4, 0));
        assert_eq!(o.group, Group::Bad);
    }

    #[test]
    fn an_object_without_sprites_is_empty() {
        let o = compose(0, Group::Good, &[]);
        assert!(o.bbox.is_empty());
        assert!(o.mask.is_none());
    }
}
