//! The search space of `hitlab hunt`: frames of single-sprite objects on one machine, each
//! sprite a solid box of a size the chip can show, and the scene that plays such a frame.
//!
//! Every sprite draws a solid pattern the hunt writes itself (every pixel opaque), so an
//! object's pixels are its box and a missed pair is plain to see. The patterns go into two
//! small rom files beside the scene (`hunt-<target>.sprites`, `hunt-<target>.palette`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use collide::Screen;
use collide::rng::SplitMix64;
use machine::kit::SolidKit;
use scene::format::{CollisionMaskDef, GroupDef, Motion, ObjectDef, Region, Scene, SpritePart};
use scene::loaded::{LoadedRom, LoadedScene};

/// The machines the hunt plays frames on: the ones whose module offers a solid-sprite kit.
#[must_use]
pub fn targets() -> Vec<&'static str> {
    machine::registry::kit_keys()
}

/// One object of a frame: one hardware sprite.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Obj {
    /// Left edge, screen px.
    pub x: i32,
    /// Top edge, screen px.
    pub y: i32,
    /// Width, px.
    pub w: u16,
    /// Height, px.
    pub h: u16,
    /// Good (true) or Bad.
    pub good: bool,
}

/// A candidate frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The objects, in sprite order.
    pub objs: Vec<Obj>,
}

/// One machine as the hunt drives it.
#[derive(Clone, Debug)]
pub struct Space {
    /// Registry key.
    pub key: &'static str,
    /// The active area.
    pub screen: Screen,
    /// Hardware sprites.
    pub slots: u32,
    /// Widths a sprite can have.
    pub widths: &'static [u16],
    /// Heights a sprite can have.
    pub heights: &'static [u16],
    /// Every sprite of a frame has one size, square (the TMS9918A's R1 sets it for all).
    pub uniform: bool,
    /// The scene without objects, per sprite side for uniform machines (index as `widths`).
    templates: Vec<Scene>,
    /// The solid patterns and the palette, as loaded.
    roms: Vec<LoadedRom>,
    /// The solid pattern, the groups' colours, the automatic mask.
    pattern: u32,
    colours: [u8; 2],
    auto_mask: bool,
    /// The methods the machine cannot run, and why.
    needs: Vec<(collide::MethodId, &'static str)>,
}

/// The machine's kit for sprites of `side` px.
fn kit(key: &str, side: u16) -> SolidKit {
    machine::registry::kit(key, side).expect("a machine with a kit")
}

/// The `target:` of the scene for a machine (and a uniform side), as RON.
fn target_ron(key: &str, side: u16) -> String {
    ron::to_string(&kit(key, side).target).unwrap_or_default()
}

fn region_ron(r: Region) -> String {
    match r {
        Region::Vram(a) => format!("Vram(0x{a:X})"),
        Region::Cram(a) => format!("Cram(0x{a:X})"),
        Region::Cartridge(a) => format!("Cartridge(0x{a:X})"),
    }
}

impl Space {
    /// The machine `key`, or `None` when the hunt has no frames for it.
    #[must_use]
    pub fn of(key: &str) -> Option<Self> {
        let key = *targets().iter().find(|k| **k == key)?;
        let base = kit(key, 8);
        let (widths, heights, uniform) = (base.widths, base.heights, base.uniform);
        let roms: Vec<LoadedRom> = base
            .roms
            .iter()
            .map(|r| LoadedRom {
                path: PathBuf::from(format!("hunt-{key}.{}", r.ext)),
                region: r.region,
                bytes: r.bytes.clone(),
            })
            .collect();
        let sides: Vec<u16> = if uniform { widths.to_vec() } else { vec![0] };
        let templates = sides
            .iter()
            .map(|&side| {
                let text = scene_head(key, side, "hunt", &roms, None) + "    objects: [],\n)\n";
                scene::load::parse::<Scene>(Path::new("hunt.ron"), &text)
                    .expect("the hunt's scene template parses")
            })
            .collect();
        let mut space = Self {
            key,
            screen: Screen::new(1, 1),
            slots: 0,
            widths,
            heights,
            uniform,
            templates,
            roms,
            pattern: base.pattern,
            colours: base.colours,
            auto_mask: base.auto_mask,
            needs: Vec::new(),
        };
        let probe = space.loaded(&Frame { objs: Vec::new() });
        let machine = scene::session::machine_for(&probe).ok()?;
        space.screen = machine.screen();
        space.slots = machine.sprite_slots();
        space.needs = collide::MethodId::ALL
            .iter()
            .filter_map(|&m| machine.method_needs(m).map(|why| (m, why)))
            .collect();
        Some(space)
    }

    /// Why `method` cannot run on this machine, if it cannot.
    #[must_use]
    pub fn method_needs(&self, method: collide::MethodId) -> Option<&'static str> {
        self.needs
            .iter()
            .find(|(m, _)| *m == method)
            .map(|(_, why)| *why)
    }

    /// The rom files a written scene refers to: name and bytes.
    pub fn rom_files(&self) -> impl Iterator<Item = (&Path, &[u8])> {
        self.roms
            .iter()
            .map(|r| (r.path.as_path(), r.bytes.as_slice()))
    }

    fn side_index(&self, frame: &Frame) -> usize {
        if !self.uniform {
            return 0;
        }
        let side = frame.objs.first().map_or(self.widths[0], |o| o.w);
        self.widths.iter().position(|&w| w == side).unwrap_or(0)
    }

    fn part(&self, o: &Obj) -> SpritePart {
        SpritePart {
            offset: (0, 0),
            w: o.w,
            h: o.h,
            pattern: self.pattern,
            colour: self.colours[usize::from(!o.good)],
            hflip: false,
            vflip: false,
            bpp8: false,
            z: 3,
            collision_mask: if self.auto_mask {
                CollisionMaskDef::Quadrants
            } else {
                CollisionMaskDef::None
            },
        }
    }

    /// The frame as a scene with its roms, ready for a session.
    #[must_use]
    pub fn loaded(&self, frame: &Frame) -> LoadedScene {
        let mut scene = self.templates[self.side_index(frame)].clone();
        scene.objects = frame
            .objs
            .iter()
            .enumerate()
            .map(|(i, o)| ObjectDef {
                name: format!("o{i}"),
                group: if o.good {
                    GroupDef::Good
                } else {
                    GroupDef::Bad
                },
                count: 1,
                spread: (0, 0),
                sprites: vec![self.part(o)],
                motion: Motion::Still { at: (o.x, o.y) },
                on_hit: Vec::new(),
            })
            .collect();
        let n = scene.objects.len();
        LoadedScene {
            path: PathBuf::from("hunt.ron"),
            scene,
            roms: self.roms.clone(),
            tables: BTreeMap::new(),
            keys: vec![None; n],
            labyrinth: None,
            // A hunted frame is made in memory: errors at start have no text to point into.
            text: "".into(),
            prefix: String::new(),
        }
    }

    /// The frame as a scene file's text: `name`, the method the scene shows first.
    #[must_use]
    pub fn ron(&self, frame: &Frame, name: &str, method: Option<&str>, comment: &str) -> String {
        let side = frame.objs.first().map_or(self.widths[0], |o| o.w);
        let mut s = String::new();
        for line in comment.lines() {
            s.push_str("// ");
            s.push_str(line);
            s.push('\n');
        }
        s.push_str(&scene_head(self.key, side, name, &self.roms, method));
        s.push_str("    objects: [\n");
        for (i, o) in frame.objs.iter().enumerate() {
            let p = self.part(o);
            let mask = match p.collision_mask {
                CollisionMaskDef::Quadrants => ", collision_mask: Quadrants",
                _ => "",
            };
            let pattern = if p.pattern > 0xFF {
                format!("0x{:X}", p.pattern)
            } else {
                p.pattern.to_string()
            };
            s.push_str(&format!(
                "        (name: \"o{i}\", group: {}, sprites: [(w: {}, h: {}, pattern: {pattern}, colour: {}{mask})], motion: Still(at: ({}, {}))),\n",
                if o.good { "Good" } else { "Bad" },
                o.w,
                o.h,
                p.colour,
                o.x,
                o.y
            ));
        }
        s.push_str("    ],\n)\n");
        s
    }

    /// A random frame of `n` objects: sizes the chip shows, Good or Bad, positions anywhere
    /// a sprite shows at least one pixel (partly off every edge included); a third of the
    /// frames crowded into a 96-px window so that objects meet often, a third in one row
    /// across the screen (16 lines), where chips meet their per-line limits.
    pub fn random(&self, rng: &mut SplitMix64, n: u32) -> Frame {
        let (sw, sh) = (i32::from(self.screen.w_px), i32::from(self.screen.h_px));
        let side = self.widths[rng.below(self.widths.len() as u32) as usize];
        let shape = rng.below(3);
        let (cx, cy) = (rng.below(sw as u32) as i32, rng.below(sh as u32) as i32);
        // A row's slots: one per object across the width, so that most of its sprites sit
        // side by side without meeting and the few that do meet past the line limit.
        let slot = (sw / n.max(1) as i32).max(1);
        let objs = (0..n)
            .map(|i| {
                let fits: Vec<u16> = self
                    .widths
                    .iter()
                    .copied()
                    .filter(|&w| i32::from(w) <= slot)
                    .collect();
                let (w, h) = if self.uniform {
                    (side, side)
                } else if shape == 1 && !fits.is_empty() {
                    (
                        fits[rng.below(fits.len() as u32) as usize],
                        self.heights[rng.below(self.heights.len() as u32) as usize],
                    )
                } else {
                    (
                        self.widths[rng.below(self.widths.len() as u32) as usize],
                        self.heights[rng.below(self.heights.len() as u32) as usize],
                    )
                };
                let good = rng.below(2) == 0;
                let (wi, hi) = (i32::from(w), i32::from(h));
                let (x, y) = if shape == 0 {
                    (
                        cx - wi / 2 + rng.below(97) as i32 - 48,
                        cy - hi / 2 + rng.below(97) as i32 - 48,
                    )
                } else if shape == 1 {
                    let free = rng.below(16) == 0 || wi > slot;
                    (
                        if free {
                            rng.below((sw + wi - 1) as u32) as i32 - (wi - 1)
                        } else {
                            i as i32 * slot + rng.below((slot - wi + 1) as u32) as i32
                        },
                        cy - hi / 2 + rng.below(17) as i32 - 8,
                    )
                } else {
                    (
                        rng.below((sw + wi - 1) as u32) as i32 - (wi - 1),
                        rng.below((sh + hi - 1) as u32) as i32 - (hi - 1),
                    )
                };
                Obj {
                    x: x.clamp(1 - wi, sw - 1),
                    y: y.clamp(1 - hi, sh - 1),
                    w,
                    h,
                    good,
                }
            })
            .collect();
        Frame { objs }
    }
}

/// The scene up to its objects.
fn scene_head(
    key: &str,
    side: u16,
    name: &str,
    roms: &[LoadedRom],
    method: Option<&str>,
) -> String {
    let roms: Vec<String> = roms
        .iter()
        .map(|r| {
            format!(
                "(file: {}, to: {})",
                ron_string(&r.path.display().to_string()),
                region_ron(r.region)
            )
        })
        .collect();
    let methods = method.map_or_else(String::new, |m| {
        format!("    methods: [{}],\n", ron_string(m))
    });
    format!(
        "Scene(\n    version: 1,\n    name: {},\n    target: {},\n    roms: [{}],\n    frames: 60,\n{methods}",
        ron_string(name),
        target_ron(key, side),
        roms.join(", ")
    )
}

/// `s` as a RON string literal, quotes, backslashes and control characters escaped the way
/// the RON parser reads them back (its own serializer writes them).
pub fn ron_string(s: &str) -> String {
    ron::to_string(s).unwrap_or_else(|_| "\"?\"".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_with_quotes_and_backslashes_read_back_as_written() {
        for name in ["q\"x", "a\\b", "tab\there", "line\nbreak", "\u{e9}"] {
            let lit = ron_string(name);
            let back: String = ron::from_str(&lit).expect("RON reads its own string");
            assert_eq!(back, name, "{lit}");
        }
        assert_eq!(ron_string("q\"x"), "\"q\\\"x\"");
    }

    #[test]
    fn every_machine_has_a_space_and_frames_stay_in_it() {
        for key in targets() {
            let s = Space::of(key).expect("a space");
            let mut rng = SplitMix64(7);
            for n in 0..20 {
                let f = s.random(&mut rng, n);
                assert_eq!(f.objs.len(), n as usize);
                for o in &f.objs {
                    assert!(s.widths.contains(&o.w) && s.heights.contains(&o.h));
                    assert!(o.x + i32::from(o.w) > 0 && o.x < i32::from(s.screen.w_px));
                    assert!(o.y + i32::from(o.h) > 0 && o.y < i32::from(s.screen.h_px));
                }
                if s.uniform {
                    assert!(f.objs.iter().all(|o| o.w == o.h && o.w == f.objs[0].w));
                }
            }
        }
        // A machine without hardware sprites has no kit, so no space.
        for key in machine::KEYS.iter().filter(|k| !targets().contains(k)) {
            assert!(Space::of(key).is_none());
        }
    }

    #[test]
    fn the_scene_text_parses_to_the_scene_in_memory() {
        for key in targets() {
            let s = Space::of(key).unwrap();
            let f = s.random(&mut SplitMix64(3), 5);
            let text = s.ron(&f, "t", Some("half-pairs"), "a comment");
            let parsed: Scene = scene::load::parse(Path::new("t.ron"), &text).unwrap();
            let mem = s.loaded(&f).scene;
            assert_eq!(parsed.objects.len(), 5);
            assert_eq!(format!("{:?}", parsed.target), format!("{:?}", mem.target));
            for (a, b) in parsed.objects.iter().zip(&mem.objects) {
                assert_eq!(format!("{a:?}"), format!("{b:?}"));
            }
        }
    }
}
