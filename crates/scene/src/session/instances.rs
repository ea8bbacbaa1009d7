//! The scene's objects as they play: one [`Instance`] per object (an array definition makes
//! `count` of them), each owning its hardware sprite slots and its motion.

use collide::{Group, Screen};

use crate::format::{Motion, ObjectDef, Reaction, SpritePart};
use crate::loaded::LoadedScene;
use crate::motion::{Dirs, Mover, MoverContext, followed_instance};
use crate::walkers::Walker;

/// An object of the scene as it plays.
#[derive(Clone, Debug)]
pub struct Instance {
    /// `name` or `name[i]`.
    pub name: String,
    /// Current group (reactions may change it).
    pub group: Group,
    /// Its sprites.
    pub parts: Vec<SpritePart>,
    /// First hardware sprite slot.
    pub first_slot: u32,
    /// Reactions.
    pub on_hit: Vec<Reaction>,
    pub(super) mover: Option<Mover>,
    /// For `Walker` motion: the walker, in labyrinth fine units.
    pub(super) walker: Option<Walker>,
    /// For `Follow` motion: the instance followed.
    pub(super) follows: Option<usize>,
    /// Size of the union of its parts, in pixels.
    pub size: (u16, u16),
    /// Offset of that union from the object's position.
    pub origin: (i32, i32),
    /// Seed 004: switched to the hit pattern, collision mask cleared.
    pub shows_hit: Option<u32>,
}

impl Instance {
    /// The object's position (its parts' offsets are from here), in pixels or, for a
    /// labyrinth walker, the top-left of its box in fine units.
    #[must_use]
    pub fn position(&self) -> (i32, i32) {
        match (&self.mover, &self.walker) {
            (Some(m), _) => m.position(),
            (None, Some(w)) => w.top_left(),
            (None, None) => (0, 0),
        }
    }

    /// Centre of the object's box, in pixels.
    #[must_use]
    pub fn centre(&self) -> (i32, i32) {
        let (x, y) = self.position();
        (
            x + self.origin.0 + i32::from(self.size.0) / 2,
            y + self.origin.1 + i32::from(self.size.1) / 2,
        )
    }
}

/// Every object of `loaded` on a screen of `screen`, in definition order, with its slots;
/// returns the instances and the number of hardware slots they use.
#[must_use]
pub fn build(loaded: &LoadedScene, screen: Screen) -> (Vec<Instance>, u32) {
    let mut instances = Vec::new();
    let mut slot = 0u32;
    for (d, def) in loaded.scene.objects.iter().enumerate() {
        let (origin, size) = union_of(&def.sprites);
        for i in 0..def.count {
            instances.push(instance(loaded, d, def, i, screen, slot, origin, size));
            slot += def.sprites.len() as u32;
        }
    }
    (instances, slot)
}

#[allow(clippy::too_many_arguments)]
fn instance(
    loaded: &LoadedScene,
    d: usize,
    def: &ObjectDef,
    i: u32,
    screen: Screen,
    first_slot: u32,
    origin: (i32, i32),
    size: (u16, u16),
) -> Instance {
    let ctx = MoverContext {
        screen,
        index: i,
        spread: def.spread,
        table: match &def.motion {
            Motion::Path { table, .. } => loaded.tables.get(table),
            _ => None,
        },
        keys: loaded.keys[d].as_ref(),
    };
    Instance {
        name: if def.count == 1 {
            def.name.clone()
        } else {
            format!("{}[{i}]", def.name)
        },
        group: def.group.into(),
        parts: def.sprites.clone(),
        first_slot,
        on_hit: def.on_hit.clone(),
        mover: Mover::new(&def.motion, ctx),
        walker: match &def.motion {
            Motion::Walker {
                node,
                seed,
                speed,
                size,
            } => Walker::new(*node, *size, *speed, seed.wrapping_add(u64::from(i))),
            _ => None,
        },
        follows: match &def.motion {
            Motion::Follow { target, .. } => followed_instance(&loaded.scene.objects, target),
            _ => None,
        },
        size,
        origin,
        shows_hit: None,
    }
}

/// Moves every object one frame: its own motion first, then `Follow` objects towards the
/// centre of the object they follow, as it stands after that.
pub fn move_all(instances: &mut [Instance], live: Option<Dirs>) {
    for inst in instances.iter_mut() {
        if let Some(m) = &mut inst.mover {
            m.step(inst.size, live);
        }
    }
    for i in 0..instances.len() {
        if let Some(t) = instances[i].follows {
            let target = instances[t].centre();
            let inst = &mut instances[i];
            if let Some(m) = &mut inst.mover {
                m.follow(target, inst.size);
            }
        }
    }
}

/// Union box of the parts relative to the object position: (offset, size).
fn union_of(parts: &[SpritePart]) -> ((i32, i32), (u16, u16)) {
    let x0 = parts.iter().map(|p| p.offset.0).min().unwrap_or(0);
    let y0 = parts.iter().map(|p| p.offset.1).min().unwrap_or(0);
    let x1 = parts
        .iter()
        .map(|p| p.offset.0 + i32::from(p.w))
        .max()
        .unwrap_or(0);
    let y1 = parts
        .iter()
        .map(|p| p.offset.1 + i32::from(p.h))
        .max()
        .unwrap_or(0);
    let clamp = |v: i32| v.clamp(0, i32::from(u16::MAX)) as u16;
    ((x0, y0), (clamp(x1 - x0), clamp(y1 - y0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(offset: (i32, i32), w: u16, h: u16) -> SpritePart {
        ron::from_str::<SpritePart>(&format!(
            "(offset: ({}, {}), w: {w}, h: {h}, pattern: 0)",
            offset.0, offset.1
        ))
        .expect("a sprite part")
    }

    #[test]
    fn the_union_covers_every_part() {
        let parts = [part((0, 0), 16, 16), part((-8, 16), 8, 32)];
        assert_eq!(union_of(&parts), ((-8, 0), (24, 48)));
        assert_eq!(union_of(&[]), ((0, 0), (0, 0)));
    }
}
