//! What a new machine implements: a skeleton to copy (after tetanes' `mapper.template.rs`).
//!
//! Adding a machine touches three places:
//! 1. its chip crate under `crates/` (pure: registers, memory, the per-line rules, status);
//! 2. a module here, `src/<machine>/`, with `settings.rs` (the scene's serde settings and
//!    `impl Settings`) and `machine.rs` (`impl Machine`: the driver writing attribute bytes
//!    through the chip's ports, the status read at vblank, the sprite view, panel lines);
//! 3. one line in `registry.rs`'s `registry!` list.
//!
//! Scenes and scenarios for it go under `scenes/` and `tests/`. This file is compiled in
//! tests, so it stays a machine that builds and plays (see the test below).

use collide::{PxBox, Screen};
use serde::Deserialize;

use crate::contract::{Machine, Region, Verdict, bit};
use crate::registry::{Resources, Settings};
use crate::view::{HwSprite, SpriteView, mask_from_rows};

/// The scene's settings for the machine: every field with a default, unknown fields refused.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TemplateSettings {
    /// Example: how many hardware sprites the chip offers.
    #[serde(default = "eight")]
    pub slots: u32,
}

fn eight() -> u32 {
    8
}

impl Settings for TemplateSettings {
    fn key(&self) -> &'static str {
        "template"
    }

    fn build(&self, _: &Resources) -> Result<Box<dyn Machine>, String> {
        Ok(Box::new(TemplateMachine {
            slots: self.slots,
            sprites: Vec::new(),
            status: 0,
            frame: vec![0; 64 * 48],
        }))
    }
}

/// The machine: in a real one, the chip (and CPU) the driver writes through.
#[derive(Debug)]
pub struct TemplateMachine {
    slots: u32,
    sprites: Vec<HwSprite>,
    /// The chip's status register as the CPU would read it.
    status: u8,
    frame: Vec<u8>,
}

impl Machine for TemplateMachine {
    fn key(&self) -> &'static str {
        "template"
    }
    fn title(&self) -> String {
        "Template chip".into()
    }
    fn flag_name(&self) -> &'static str {
        "status bit 0"
    }
    fn screen(&self) -> Screen {
        Screen::new(64, 48)
    }
    fn frame_rate_hz(&self) -> u32 {
        60
    }
    fn sprite_slots(&self) -> u32 {
        self.slots
    }
    fn load(&mut self, _: Region, _: &[u8]) -> Result<(), String> {
        Err("the template chip has no memory to load".into())
    }
    fn write_sprites(&mut self, sprites: &[HwSprite]) {
        // A real driver encodes the chip's attribute bytes and writes them through its ports.
        self.sprites = sprites.to_vec();
    }
    fn run_frame(&mut self) {
        // A real chip runs its per-line rules; this one sets bit 0 when two boxes overlap.
        let boxes: Vec<PxBox> = self.view().iter().map(|s| s.bbox).collect();
        let hit = boxes
            .iter()
            .enumerate()
            .any(|(i, a)| boxes[i + 1..].iter().any(|b| a.intersection(b).is_some()));
        self.status = u8::from(hit);
    }
    fn read_verdict(&mut self) -> Verdict {
        let s = std::mem::take(&mut self.status);
        Verdict {
            collided: s & 1 != 0,
            status: u16::from(s),
            ..Verdict::default()
        }
    }
    fn peek_verdict(&self) -> Verdict {
        Verdict {
            collided: self.status & 1 != 0,
            status: u16::from(self.status),
            ..Verdict::default()
        }
    }
    fn sprites(&self) -> Vec<SpriteView> {
        self.view()
    }
    fn panel_lines(&self, v: &Verdict) -> [String; 2] {
        [
            format!("Template  status 0x{:02X}", v.status),
            format!(" HIT={}", bit(v.collided)),
        ]
    }
    fn frame_indexed(&self) -> &[u8] {
        &self.frame
    }
    fn palette_rgb(&self) -> Vec<u32> {
        vec![0, 0xFF_FF_FF]
    }
}

impl TemplateMachine {
    fn view(&self) -> Vec<SpriteView> {
        self.sprites
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let rows = vec![u64::MAX; usize::from(s.h_px)];
                SpriteView {
                    number: i as u32,
                    bbox: PxBox::new(s.x_px, s.y_px, s.w_px, s.h_px),
                    mask: std::sync::Arc::new(mask_from_rows(s.w_px, s.h_px, &rows)),
                    collision_mask: 0,
                    z: 0,
                    not_drawn: Vec::new(),
                    drawn: true,
                    lines: None,
                    fields: crate::view::SpriteFields::default(),
                }
            })
            .collect()
    }
}

#[test]
fn the_template_builds_plays_and_agrees_with_pixel_truth() {
    let mut m = TemplateSettings::default()
        .build(&Resources::default())
        .expect("builds");
    let s = |x| HwSprite {
        x_px: x,
        y_px: 4,
        w_px: 8,
        h_px: 8,
        ..HwSprite::default()
    };
    m.write_sprites(&[s(0), s(4)]);
    m.run_frame();
    let v = m.read_verdict();
    assert!(v.collided);
    let check = m.hardware_check(&m.sprites(), &v);
    assert!(check.agrees(&v), "{check:?}");
    m.write_sprites(&[s(0), s(8)]);
    m.run_frame();
    let v = m.read_verdict();
    assert!(!v.collided, "touching boxes do not overlap");
    assert!(m.hardware_check(&m.sprites(), &v).agrees(&v));
}
