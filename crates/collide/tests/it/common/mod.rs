//! Shared by the integration tests: seeded random frames (proptest strategies) and small
//! functions to run a method on a frame.

#![allow(dead_code)]

use std::sync::Arc;

use collide::{
    Found, Frame, Group, Hardware, MethodConfig, MethodId, Object, OpaqueMask, PxBox, Screen,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

/// The screens frames are drawn on: the seeds' machines and two odd sizes whose sides do
/// not divide into bands evenly.
pub const SCREENS: [Screen; 7] = [
    Screen::new(256, 192), // MSX
    Screen::new(256, 224), // Genesis H32
    Screen::new(320, 224), // Genesis H40
    Screen::new(640, 480), // X16 VERA
    Screen::new(250, 190),
    Screen::new(100, 300),
    Screen::new(16, 16),
];

/// Proptest settings: `cases` frames from a fixed seed, nothing written to disk.
pub fn config(cases: u32) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(0x4849_544C_4142),
        failure_persistence: None,
        ..Config::default()
    }
}

/// One generated frame.
#[derive(Clone, Debug)]
pub struct TestFrame {
    pub screen: Screen,
    pub objects: Vec<Object>,
}

impl TestFrame {
    pub fn frame(&self, hardware: Hardware) -> Frame<'_> {
        Frame {
            objects: &self.objects,
            screen: self.screen,
            hardware,
        }
    }
}

/// What the generator draws from.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    /// Largest ordinary side, in pixels (sides are 1..=max, some zero, some 8/16/32).
    pub max_px: u16,
    /// Whether a few objects are wider or taller than 64 px (up to 400).
    pub big: bool,
    /// Whether some coordinates are far from the screen (thousands of pixels, the ends of
    /// `i32`).
    pub far: bool,
    /// Most objects per frame.
    pub max_objects: usize,
    /// Whether frames may use screens wider or taller than 256 px.
    pub wide_screens: bool,
}

/// The default mix: 0-300 objects, sides 1..=64 plus zero-size, grid-aligned and large ones,
/// negative coordinates and coordinates beyond the screen.
pub const MIXED: Shape = Shape {
    max_px: 64,
    big: true,
    far: true,
    max_objects: 300,
    wide_screens: true,
};

/// A small seeded stream of numbers drawn from one `u64`, so an object costs proptest one
/// value (generation stays fast at 300 objects x 10,000 frames, and shrinking still removes
/// objects).
struct Draw(u64);

impl Draw {
    fn next(&mut self) -> u64 {
        let mut r = collide::rng::SplitMix64(self.0);
        let v = r.next_u64();
        self.0 = r.0;
        v
    }

    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }

    /// True `percent` % of the time.
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

fn coordinate(d: &mut Draw, extent: u16, far: bool) -> i32 {
    let e = i64::from(extent);
    let roll = d.next() % 100;
    let c = if far && roll >= 97 {
        let anchor = [
            i64::from(i32::MIN),
            -100_000,
            100_000,
            i64::from(i32::MAX) - 500,
        ];
        anchor[(d.next() % 4) as usize] + d.range(0, 63)
    } else if far && roll >= 90 {
        d.range(-3_000, e + 3_000)
    } else if roll < 27 {
        // On an 8-px grid, so edges coincide and boxes touch.
        d.range(-10, e / 8 + 10) * 8
    } else {
        d.range(-80, e + 80)
    };
    c as i32
}

fn side(d: &mut Draw, shape: Shape) -> u16 {
    let roll = d.next() % 100;
    let max = i64::from(shape.max_px);
    if roll < 5 {
        0
    } else if shape.big && roll >= 95 {
        d.range(65, 400) as u16
    } else if roll < 35 && max >= 8 {
        let grid: Vec<i64> = [8, 16, 32].into_iter().filter(|&s| s <= max).collect();
        grid[(d.next() % grid.len() as u64) as usize] as u16
    } else {
        d.range(1, max) as u16
    }
}

fn group(d: &mut Draw) -> Group {
    match d.next() % 100 {
        0..45 => Group::Good,
        45..90 => Group::Bad,
        _ => Group::Art,
    }
}

/// A frame of objects with solid boxes; ids are indices; collision masks random (bits 7-4).
pub fn frames(shape: Shape) -> impl Strategy<Value = TestFrame> {
    let screens: Vec<Screen> = SCREENS
        .iter()
        .copied()
        .filter(|s| shape.wide_screens || (s.w_px <= 256 && s.h_px <= 256))
        .collect();
    (
        prop::sample::select(screens),
        prop::collection::vec(any::<u64>(), 0..=shape.max_objects),
    )
        .prop_map(move |(screen, raw)| TestFrame {
            screen,
            objects: raw
                .into_iter()
                .enumerate()
                .map(|(i, seed)| {
                    let d = &mut Draw(seed);
                    let x = coordinate(d, screen.w_px, shape.far);
                    let y = coordinate(d, screen.h_px, shape.far);
                    let (w, h) = (side(d, shape), side(d, shape));
                    let mut o = Object::new(i as u32, PxBox::new(x, y, w, h), group(d));
                    o.collision_mask = (d.next() as u8) & 0xF0;
                    o
                })
                .collect(),
        })
}

/// A random opaque mask of `w` x `h` with about `percent` % opaque pixels.
pub fn opaque_mask(w: u16, h: u16, percent: u32) -> impl Strategy<Value = Arc<OpaqueMask>> {
    prop::collection::vec(0u32..100, usize::from(w) * usize::from(h)).prop_map(move |cells| {
        Arc::new(OpaqueMask::from_fn(w, h, |c, r| {
            cells[usize::from(r) * usize::from(w) + usize::from(c)] < percent
        }))
    })
}

/// A frame of 0-60 objects on a 256x192 screen, most with random opaque masks (some
/// solid), sides 1..=40: for the pixel narrow phase.
pub fn masked_frames() -> impl Strategy<Value = TestFrame> {
    let group = prop_oneof![
        45 => Just(Group::Good),
        45 => Just(Group::Bad),
        10 => Just(Group::Art),
    ];
    let object = (
        -20i32..=200,
        -20i32..=150,
        1u16..=40,
        1u16..=40,
        group,
        0u32..4,
    )
        .prop_flat_map(|(x, y, w, h, g, kind)| {
            let percent = [0, 10, 40, 90][kind as usize];
            (
                Just((x, y, w, h, g, kind)),
                opaque_mask(w, h, percent.max(1)),
            )
        });
    prop::collection::vec(object, 0..=60).prop_map(|raw| TestFrame {
        screen: Screen::new(256, 192),
        objects: raw
            .into_iter()
            .enumerate()
            .map(|(i, ((x, y, w, h, g, kind), mask))| {
                let o = Object::new(i as u32, PxBox::new(x, y, w, h), g);
                // kind 0: solid box, no mask.
                if kind == 0 { o } else { o.with_mask(mask) }
            })
            .collect(),
    })
}

/// Runs method `id` (default settings) over one frame.
pub fn run(id: MethodId, frame: &Frame<'_>) -> Found {
    run_with(id, &MethodConfig::default(), frame)
}

/// Runs method `id` with `config` over one frame.
pub fn run_with(id: MethodId, config: &MethodConfig, frame: &Frame<'_>) -> Found {
    let mut method = collide::build(id, config);
    assert_eq!(method.id(), id);
    let mut found = Found::default();
    method.find(frame, &mut found);
    found
}

/// A solid object.
pub fn obj(i: u32, x: i32, y: i32, w: u16, h: u16, group: Group) -> Object {
    Object::new(i, PxBox::new(x, y, w, h), group)
}

/// A frame over `objects` with no hardware verdict.
pub fn frame_of(objects: &[Object], screen: Screen) -> Frame<'_> {
    Frame {
        objects,
        screen,
        hardware: Hardware::default(),
    }
}

/// Index pairs as `(a, b)` tuples, for readable assertions.
pub fn tuples(found: &Found) -> Vec<(u32, u32)> {
    found.pairs.iter().map(|p| (p.a, p.b)).collect()
}
