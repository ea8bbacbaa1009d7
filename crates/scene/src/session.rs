//! One scene playing on one chip: motion, the driver's sprite writes, the chip's frame,
//! the truth, every selected method, and the comparison, frame after frame.

use std::sync::Arc;

use collide::truth::{self, Scope};
use collide::{
    Found, Frame, Group, Hardware, Method, MethodConfig, MethodId, Object, OpaqueMask, Pair, PxBox,
    Screen,
};

use crate::compare::Tally;
use crate::format::{CollisionMaskDef, Reaction, SpritePart, Target};
use crate::loaded::LoadedScene;
use crate::machine::{ChipSprite, HwSprite, Machine, NotDrawn, Verdict};
use crate::motion::{Dirs, Mover, MoverContext};
use crate::walkers::{Walker, WallFrame, Walls};

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
    mover: Option<Mover>,
    /// For `Walker` motion: the walker, in labyrinth fine units.
    walker: Option<Walker>,
    /// For `Follow` motion: the instance followed.
    follows: Option<usize>,
    /// Size of the union of its parts, in pixels.
    pub size: (u16, u16),
    /// Offset of that union from the object's position.
    pub origin: (i32, i32),
    /// Seed 004: switched to the hit pattern, collision mask cleared.
    pub shows_hit: Option<u32>,
}

/// How the chip's verdict compares with the truth projected to its form.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HardwareCheck {
    /// Sprite pairs (by sprite number) whose opaque pixels meet, ignoring chip limits.
    pub sprite_pairs: Vec<(u32, u32)>,
    /// The truth in the chip's form: any pair (Genesis, MSX) / the OR of mask ANDs (VERA).
    pub expected_collided: bool,
    /// VERA: OR over pairs of the two masks ANDed, bits 7-4 shifted down.
    pub expected_mask: Option<u8>,
    /// Why the chip disagrees, where it can be told.
    pub reasons: Vec<String>,
}

impl HardwareCheck {
    /// True when the chip's verdict equals the projected truth.
    #[must_use]
    pub fn agrees(&self, v: &Verdict) -> bool {
        match (self.expected_mask, v.collision_mask) {
            (Some(e), Some(got)) => e == got,
            _ => self.expected_collided == v.collided,
        }
    }
}

/// One method's result on one frame.
#[derive(Clone, Debug)]
pub struct MethodFrame {
    /// The method.
    pub id: MethodId,
    /// Its pairs and cost.
    pub found: Found,
    /// Against box truth.
    pub vs_box: Tally,
    /// Against pixel truth.
    pub vs_pixel: Tally,
    /// Against the Good x Bad pairs of box truth: the pairs seed 002's game cares about.
    pub vs_good_bad: Tally,
}

/// Everything known about one frame.
#[derive(Clone, Debug)]
pub struct FrameReport {
    /// Frame number, from 0.
    pub frame: u32,
    /// The objects as the software layer saw them (index = pair index).
    pub objects: Vec<Object>,
    /// The chip's sprites.
    pub sprites: Vec<ChipSprite>,
    /// The chip's verdict.
    pub verdict: Verdict,
    /// The chip against the truth.
    pub hardware: HardwareCheck,
    /// Box truth among objects (Art excluded).
    pub box_truth: Vec<Pair>,
    /// Pixel truth among objects (Art excluded).
    pub pixel_truth: Vec<Pair>,
    /// Every selected method.
    pub methods: Vec<MethodFrame>,
    /// blake3 of the palette-indexed frame, hex.
    pub frame_hash: String,
    /// The wall methods' frame (Vectrex labyrinth scenes).
    pub walls: Option<WallFrame>,
    /// CPU cycles the frame used, where the machine counts them.
    pub frame_cycles: Option<u64>,
}

/// A scene playing.
pub struct Session {
    loaded: LoadedScene,
    machine: Box<dyn Machine>,
    instances: Vec<Instance>,
    methods: Vec<Box<dyn Method>>,
    frame: u32,
    pending_hits: Vec<bool>,
    walls: Option<Walls>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("scene", &self.loaded.scene.name)
            .field("frame", &self.frame)
            .finish_non_exhaustive()
    }
}

/// Why a session cannot start.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// More sprites than the chip has.
    #[error("{path}: the scene uses {used} hardware sprites; the chip has {slots}")]
    TooManySprites {
        /// The scene.
        path: String,
        /// Sprites the objects need.
        used: u32,
        /// Sprites the chip has.
        slots: u32,
    },
    /// A rom does not fit the chip.
    #[error("{path}: {message}")]
    Rom {
        /// The rom file.
        path: String,
        /// What went wrong.
        message: String,
    },
}

/// The methods that apply to a target when a scene or scenario names none.
#[must_use]
pub fn default_methods(target: &Target) -> Vec<MethodId> {
    let vera = matches!(target, Target::Vera(_));
    MethodId::ALL
        .iter()
        .copied()
        .filter(|m| vera || !matches!(m, MethodId::Quadrants | MethodId::PixelTable))
        .collect()
}

impl Session {
    /// Starts `loaded` on `machine`, loading its roms, with `methods` (the scene's own
    /// list, or every method that applies, when empty).
    ///
    /// # Errors
    /// Too many sprites for the chip, or a rom the chip cannot take.
    pub fn new(
        loaded: LoadedScene,
        mut machine: Box<dyn Machine>,
        methods: &[MethodId],
    ) -> Result<Self, SessionError> {
        for rom in &loaded.roms {
            machine
                .load(rom.region, &rom.bytes)
                .map_err(|message| SessionError::Rom {
                    path: rom.path.display().to_string(),
                    message,
                })?;
        }
        // Counted before any object is built, so a scene asking for millions of sprites
        // costs nothing.
        let used: u64 = loaded
            .scene
            .objects
            .iter()
            .map(|d| u64::from(d.count) * d.sprites.len() as u64)
            .sum();
        if used > u64::from(machine.sprite_slots()) {
            return Err(SessionError::TooManySprites {
                path: loaded.path.display().to_string(),
                used: u32::try_from(used).unwrap_or(u32::MAX),
                slots: machine.sprite_slots(),
            });
        }
        let screen = machine.screen();
        let mut instances = Vec::new();
        let mut slot = 0u32;
        for (d, def) in loaded.scene.objects.iter().enumerate() {
            let (origin, size) = union_of(&def.sprites);
            for i in 0..def.count {
                let ctx = MoverContext {
                    screen,
                    index: i,
                    spread: def.spread,
                    table: match &def.motion {
                        crate::format::Motion::Path { table, .. } => loaded.tables.get(table),
                        _ => None,
                    },
                    keys: loaded.keys[d].as_ref(),
                };
                instances.push(Instance {
                    name: if def.count == 1 {
                        def.name.clone()
                    } else {
                        format!("{}[{i}]", def.name)
                    },
                    group: def.group.into(),
                    parts: def.sprites.clone(),
                    first_slot: slot,
                    on_hit: def.on_hit.clone(),
                    mover: Mover::new(&def.motion, ctx),
                    walker: match &def.motion {
                        crate::format::Motion::Walker {
                            node,
                            seed,
                            speed,
                            size,
                        } => Walker::new(*node, *size, *speed, seed.wrapping_add(u64::from(i))),
                        _ => None,
                    },
                    follows: match &def.motion {
                        crate::format::Motion::Follow { target, .. } => {
                            first_instance_of(&loaded.scene.objects, target)
                        }
                        _ => None,
                    },
                    size,
                    origin,
                    shows_hit: None,
                });
                slot += def.sprites.len() as u32;
            }
        }
        let chosen: Vec<MethodId> = if !methods.is_empty() {
            methods.to_vec()
        } else if !loaded.scene.methods.is_empty() {
            loaded.scene.methods.iter().map(|m| m.0).collect()
        } else {
            default_methods(&loaded.scene.target)
        };
        let mut config = MethodConfig::default();
        config.columns = loaded
            .scene
            .columns
            .unwrap_or_else(|| collide::methods::columns::for_screen(screen));
        let methods = chosen
            .iter()
            .map(|&id| collide::build(id, &config))
            .collect();
        let pending_hits = vec![false; instances.len()];
        let walls = match (&loaded.scene.target, &loaded.labyrinth) {
            (Target::Vectrex(v), Some(lab)) => Some(Walls::new(lab.clone(), v.check_every)),
            _ => None,
        };
        Ok(Self {
            loaded,
            machine,
            instances,
            methods,
            frame: 0,
            pending_hits,
            walls,
        })
    }

    /// The scene.
    #[must_use]
    pub fn loaded(&self) -> &LoadedScene {
        &self.loaded
    }

    /// The chip.
    #[must_use]
    pub fn machine(&self) -> &dyn Machine {
        self.machine.as_ref()
    }

    /// The chip, for timing it or changing its settings between frames.
    pub fn machine_mut(&mut self) -> &mut dyn Machine {
        self.machine.as_mut()
    }

    /// The objects as they play.
    #[must_use]
    pub fn instances(&self) -> &[Instance] {
        &self.instances
    }

    /// The next frame's number.
    #[must_use]
    pub fn frame(&self) -> u32 {
        self.frame
    }

    /// Plays one frame. `live` steers every `Input` object (a player at the keyboard).
    pub fn step(&mut self, live: Option<Dirs>) -> FrameReport {
        let walls = self.walls.as_mut().map(|w| {
            w.step(
                self.frame,
                self.instances.iter_mut().filter_map(|i| i.walker.as_mut()),
            )
        });
        if self.frame > 0 {
            self.react();
            for inst in &mut self.instances {
                if let Some(m) = &mut inst.mover {
                    m.step(inst.size, live);
                }
            }
            for i in 0..self.instances.len() {
                if let Some(t) = self.instances[i].follows {
                    let target = self.instances[t].centre();
                    let inst = &mut self.instances[i];
                    if let Some(m) = &mut inst.mover {
                        m.follow(target, inst.size);
                    }
                }
            }
        }
        let screen = self.machine.screen();
        let sprites = self.hw_sprites(screen);
        self.machine.write_sprites(&sprites);
        self.machine.run_frame();
        let verdict = self.machine.read_verdict();
        let chip_sprites = self.machine.sprites();
        let objects = self.objects(&chip_sprites);
        let hardware = hardware_check(
            &chip_sprites,
            screen,
            &verdict,
            self.machine.disagreement_note(),
        );

        let box_truth = truth::box_pairs(&objects, Scope::Game);
        let good_bad_truth: Vec<Pair> = box_truth
            .iter()
            .copied()
            .filter(|p| objects[p.a as usize].group != objects[p.b as usize].group)
            .collect();
        let pixel_truth = truth::pixel_pairs(&objects, Scope::Game);
        let frame_in = Frame {
            objects: &objects,
            screen,
            hardware: Hardware {
                flag: Some(verdict.collided),
                isr: verdict.collision_mask.map(|_| verdict.status as u8),
            },
        };
        let mut methods = Vec::with_capacity(self.methods.len());
        for m in &mut self.methods {
            let mut found = Found::default();
            m.find(&frame_in, &mut found);
            methods.push(MethodFrame {
                id: m.id(),
                vs_box: Tally::of(&found.pairs, &box_truth),
                vs_pixel: Tally::of(&found.pairs, &pixel_truth),
                vs_good_bad: Tally::of(&found.pairs, &good_bad_truth),
                found,
            });
        }
        for p in &pixel_truth {
            let (a, b) = (&objects[p.a as usize], &objects[p.b as usize]);
            if matches!(
                (a.group, b.group),
                (Group::Good, Group::Bad) | (Group::Bad, Group::Good)
            ) {
                self.pending_hits[p.a as usize] = true;
                self.pending_hits[p.b as usize] = true;
            }
        }
        let frame_hash = blake3::hash(self.machine.frame_indexed())
            .to_hex()
            .to_string();
        let report = FrameReport {
            frame: self.frame,
            objects,
            sprites: chip_sprites,
            verdict,
            hardware,
            box_truth,
            pixel_truth,
            methods,
            frame_hash,
            walls,
            frame_cycles: self.machine.frame_cycles(),
        };
        self.frame += 1;
        report
    }

    fn react(&mut self) {
        for (inst, hit) in self.instances.iter_mut().zip(&mut self.pending_hits) {
            if !std::mem::take(hit) {
                continue;
            }
            for r in &inst.on_hit {
                match *r {
                    Reaction::ShowHit { pattern } => {
                        inst.shows_hit = Some(pattern);
                        // The seed's hit targets are never tested again.
                        inst.group = Group::Art;
                    }
                    Reaction::SwapGroup => {
                        inst.group = match inst.group {
                            Group::Good => Group::Bad,
                            Group::Bad => Group::Good,
                            Group::Art => Group::Art,
                        };
                    }
                    Reaction::BounceX => {
                        if let Some(m) = &mut inst.mover {
                            m.bounce_x();
                        }
                    }
                    Reaction::BounceY => {
                        if let Some(m) = &mut inst.mover {
                            m.bounce_y();
                        }
                    }
                }
            }
        }
    }

    fn hw_sprites(&self, screen: Screen) -> Vec<HwSprite> {
        let mut out = Vec::new();
        for inst in &self.instances {
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
                            quadrant_mask(sx, sy, part.w, part.h, screen)
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

    /// The software layer's objects: each the union of its sprites as the chip saw them.
    fn objects(&self, chip: &[ChipSprite]) -> Vec<Object> {
        let mut by_slot: Vec<Option<&ChipSprite>> =
            vec![None; self.machine.sprite_slots() as usize];
        for s in chip {
            if let Some(slot) = by_slot.get_mut(s.number as usize) {
                *slot = Some(s);
            }
        }
        self.instances
            .iter()
            .enumerate()
            .map(|(i, inst)| {
                let parts: Vec<&ChipSprite> = (0..inst.parts.len() as u32)
                    .filter_map(|k| {
                        by_slot
                            .get((inst.first_slot + k) as usize)
                            .copied()
                            .flatten()
                    })
                    .collect();
                let mut obj = compose(i as u32, inst.group, &parts);
                obj.collision_mask = parts.iter().fold(0, |m, s| m | s.collision_mask);
                obj
            })
            .collect()
    }
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

/// The index of the first instance made by the definition named `name`.
fn first_instance_of(defs: &[crate::format::ObjectDef], name: &str) -> Option<usize> {
    let mut index = 0usize;
    for d in defs {
        if d.name == name {
            return Some(index);
        }
        index += d.count as usize;
    }
    None
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

/// One object from its sprites: box = union, mask = the sprites' opaque pixels laid over it.
fn compose(id: u32, group: Group, parts: &[&ChipSprite]) -> Object {
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

/// Seed 004's quadrant bits: the OR over the sprite's four corners of $10 left / $20
/// right and $40 top / $80 bottom of the screen's centre lines.
#[must_use]
pub fn quadrant_mask(x: i32, y: i32, w: u16, h: u16, screen: Screen) -> u8 {
    let (cx, cy) = (i32::from(screen.w_px / 2), i32::from(screen.h_px / 2));
    let mut m = 0;
    for (px, py) in [
        (x, y),
        (x + i32::from(w) - 1, y),
        (x, y + i32::from(h) - 1),
        (x + i32::from(w) - 1, y + i32::from(h) - 1),
    ] {
        m |= if px < cx { 0x10 } else { 0x20 };
        m |= if py < cy { 0x40 } else { 0x80 };
    }
    m
}

/// Pixel truth among the chip's sprites, projected to the chip's form, and the reasons
/// the chip disagrees where they can be told from its sprite view.
fn hardware_check(
    sprites: &[ChipSprite],
    screen: Screen,
    verdict: &Verdict,
    note: Option<&str>,
) -> HardwareCheck {
    let objs: Vec<Object> = sprites
        .iter()
        .map(|s| Object::new(s.number, s.bbox, Group::Good).with_mask(s.mask.clone()))
        .collect();
    let pairs = truth::pixel_pairs(&objs, Scope::AllSprites);
    let vera = verdict.collision_mask.is_some();
    let mut mask = 0u8;
    let mut check = HardwareCheck::default();
    for p in &pairs {
        let (a, b) = (&sprites[p.a as usize], &sprites[p.b as usize]);
        check.sprite_pairs.push((a.number, b.number));
        mask |= a.collision_mask & b.collision_mask;
    }
    check.expected_collided = if vera { mask != 0 } else { !pairs.is_empty() };
    check.expected_mask = vera.then_some(mask >> 4);
    if !check.agrees(verdict) {
        for p in &pairs {
            let (a, b) = (&sprites[p.a as usize], &sprites[p.b as usize]);
            let on_screen = a
                .bbox
                .intersection(&b.bbox)
                .and_then(|c| c.clamp_to(screen))
                .is_some();
            let mut why: Vec<String> = Vec::new();
            if !on_screen {
                why.push(NotDrawn::OffScreen.describe().into());
            }
            for s in [a, b] {
                for (reason, lines) in &s.not_drawn {
                    if *reason != NotDrawn::OffScreen {
                        why.push(format!(
                            "sprite {} {} on {lines} lines",
                            s.number,
                            reason.describe()
                        ));
                    }
                }
            }
            if vera && a.collision_mask & b.collision_mask == 0 {
                continue;
            }
            if why.is_empty() && vera {
                why.push("a hidden pixel adds no collision mask (FPGA line buffer)".into());
            }
            if why.is_empty() {
                why.push("no reason known from the sprite view".into());
            }
            check.reasons.push(format!(
                "sprites {} and {}: {}",
                a.number,
                b.number,
                why.join("; ")
            ));
        }
        if check.reasons.is_empty() && verdict.collided {
            check.reasons.push(note.map_or_else(
                || "the chip reports a collision pixel truth does not have".to_owned(),
                str::to_owned,
            ));
        }
    }
    check
}
