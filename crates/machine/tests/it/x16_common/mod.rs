//! Shared by the X16 routine tests and the X16 benchmark: the committed images, VERA frames
//! written the way a program writes them (sprite attributes in VRAM, then the chip's frame),
//! the seed's rings, and the Rust side of seed 004's chain.

#![allow(dead_code)]

use std::sync::Arc;

use collide::methods::pixel_table::{HitBitmaps, seed_diamond};
use collide::methods::quadrants::{kept_by_isr, quadrant_mask};
use collide::methods::spatial16::spatial_maps;
use collide::{Found, Frame, Group, Hardware, MethodConfig, MethodId, Object, Pair, PxBox, Screen};
use vera::{SPRITE_ATTR_ADDR, SPRITE_COUNT, Vera};

/// The X16's screen as the routines see it.
pub const SCREEN: Screen = Screen::new(640, 480);

/// Seed 004's chain: VERA quadrant masks, spatial maps, the pixel hit table.
pub const CHAIN: &[u8] = include_bytes!("../../../../../roms/vera/code/chain.bin");
/// Seed 002's half-pairs.
pub const HALF_PAIRS: &[u8] = include_bytes!("../../../../../roms/vera/code/half-pairs.bin");

/// The seed's three 16x16 8bpp bitmaps (target, hit, projectile), as the scene loads them.
pub const BITMAPS: &[u8] = include_bytes!("../../../../../roms/vera/bitmaps.bin");
/// Where the scene loads them.
pub const BITMAPS_ADDR: u32 = 0x1_2300;
/// The target bitmap.
pub const TARGET_PATTERN: u32 = 0x1_2300;
/// The projectile bitmap.
pub const PROJECTILE_PATTERN: u32 = 0x1_2500;
/// A solid 64x64 8bpp pattern (colour 1 everywhere).
pub const SOLID_PATTERN: u32 = 0x0_0000;

/// One hardware sprite as a program writes it.
#[derive(Clone, Copy, Debug)]
pub struct Sprite {
    /// Sprite number, 0..127.
    pub number: u8,
    /// Left edge (written as 10 bits: the chip wraps it).
    pub x: i32,
    /// Top edge.
    pub y: i32,
    /// 8, 16, 32 or 64.
    pub w: u8,
    /// 8, 16, 32 or 64.
    pub h: u8,
    /// Attribute byte 6: collision mask 7-4, z 3-2.
    pub byte6: u8,
    /// 8bpp pattern address.
    pub pattern: u32,
}

fn size_code(px: u8) -> u8 {
    match px {
        8 => 0,
        16 => 1,
        32 => 2,
        _ => 3,
    }
}

impl Sprite {
    /// The 8 attribute bytes.
    #[must_use]
    pub fn attributes(&self) -> [u8; 8] {
        let x = (self.x & 0x3FF) as u16;
        let y = (self.y & 0x3FF) as u16;
        [
            ((self.pattern >> 5) & 0xFF) as u8,
            0x80 | ((self.pattern >> 13) & 0x0F) as u8,
            x as u8,
            (x >> 8) as u8,
            y as u8,
            (y >> 8) as u8,
            self.byte6,
            (size_code(self.h) << 6) | (size_code(self.w) << 4),
        ]
    }
}

/// A chip with the patterns loaded and sprites shown.
#[must_use]
pub fn new_vera(quirks: vera::Quirks) -> Vera {
    let mut vera = Vera::new(quirks);
    vera.write_vram(SOLID_PATTERN, &[1; 64 * 64]);
    vera.write_vram(BITMAPS_ADDR, BITMAPS);
    vera.set_dc_video(0x40);
    vera
}

/// Writes every sprite's attributes (the others disabled, z = 0) and runs the chip's frame:
/// after it, ISR holds the frame's collision nibble and VRAM the byte 6 the routine reads.
pub fn render(vera: &mut Vera, sprites: &[Sprite]) {
    let mut table = [0u8; SPRITE_COUNT * 8];
    for s in sprites {
        let at = usize::from(s.number) * 8;
        table[at..at + 8].copy_from_slice(&s.attributes());
    }
    vera.write_vram(SPRITE_ATTR_ADDR, &table);
    vera.run_frame();
}

/// The object of a sprite: its box, its group, its collision mask as in byte 6.
#[must_use]
pub fn object_of(s: &Sprite, group: Group) -> Object {
    let mut o = Object::new(
        u32::from(s.number),
        PxBox::new(s.x, s.y, u16::from(s.w), u16::from(s.h)),
        group,
    );
    o.collision_mask = s.byte6 & 0xF0;
    o
}

/// The ring paths of seed 004 (roms/vera/ring*.path: x, y as little-endian i16 per point).
pub const RINGS: [&[u8]; 8] = [
    include_bytes!("../../../../../roms/vera/ring0.path"),
    include_bytes!("../../../../../roms/vera/ring1.path"),
    include_bytes!("../../../../../roms/vera/ring2.path"),
    include_bytes!("../../../../../roms/vera/ring3.path"),
    include_bytes!("../../../../../roms/vera/ring4.path"),
    include_bytes!("../../../../../roms/vera/ring5.path"),
    include_bytes!("../../../../../roms/vera/ring6.path"),
    include_bytes!("../../../../../roms/vera/ring7.path"),
];
/// Sprites per ring: 10 projectiles, then 118 targets.
pub const RING_COUNTS: [u32; 8] = [10, 16, 12, 14, 16, 18, 20, 22];

/// Frame `f` of the rings (scenes/vera/rings.ron without the hit state: every target keeps
/// its bitmap and mask): 128 sprites of 16x16 8bpp, z = 3, quadrant masks; ring 0's ten
/// projectiles 27 points apart (Good), rings 1-7's targets 9 points apart (Bad); every
/// ring advances one point per frame. Object `i` is sprite `i`.
#[must_use]
pub fn rings_frame(f: u32) -> (Vec<Sprite>, Vec<Object>) {
    let mut sprites = Vec::new();
    let mut objects = Vec::new();
    for (ring, (&path, &count)) in RINGS.iter().zip(RING_COUNTS.iter()).enumerate() {
        let points = (path.len() / 4) as u32;
        let (spacing, group, pattern) = if ring == 0 {
            (27, Group::Good, PROJECTILE_PATTERN)
        } else {
            (9, Group::Bad, TARGET_PATTERN)
        };
        for i in 0..count {
            let k = ((i * spacing + f) % points) as usize * 4;
            let x = i16::from_le_bytes([path[k], path[k + 1]]);
            let y = i16::from_le_bytes([path[k + 2], path[k + 3]]);
            let bbox = PxBox::new(i32::from(x), i32::from(y), 16, 16);
            let s = Sprite {
                number: sprites.len() as u8,
                x: i32::from(x),
                y: i32::from(y),
                w: 16,
                h: 16,
                byte6: quadrant_mask(&bbox, SCREEN) | (3 << 2),
                pattern,
            };
            objects.push(object_of(&s, group));
            sprites.push(s);
        }
    }
    (sprites, objects)
}

/// Runs a Rust method on a frame with VERA's ISR.
#[must_use]
pub fn rust_method(id: MethodId, config: &MethodConfig, objects: &[Object], isr: u8) -> Found {
    let mut method = collide::build(id, config);
    let frame = Frame {
        objects,
        screen: SCREEN,
        hardware: Hardware {
            flag: None,
            isr: Some(isr),
        },
    };
    let mut found = Found::default();
    method.find(&frame, &mut found);
    found
}

/// `pixel-table` with the seed's bitmaps (the table in the image).
#[must_use]
pub fn seed_table_config() -> MethodConfig {
    let diamond = Arc::new(seed_diamond());
    MethodConfig::default().with_hit_bitmaps(HitBitmaps::Given {
        good: diamond.clone(),
        bad: diamond,
    })
}

/// Whether the quadrant filter keeps an object under `isr` (the seed's formula on its
/// collision mask).
#[must_use]
pub fn kept(o: &Object, isr: u8) -> bool {
    kept_by_isr(o.collision_mask, isr).0
}

/// Whether two objects' 16-bit spatial maps meet on both axes.
#[must_use]
pub fn maps_meet(a: &Object, b: &Object) -> bool {
    let (ax, ay) = spatial_maps(&a.bbox, SCREEN);
    let (bx, by) = spatial_maps(&b.bbox, SCREEN);
    ax & bx != 0 && ay & by != 0
}

/// Seed 004's chain in Rust: `pixel-table`'s pairs (seed bitmaps) whose two objects the
/// quadrant filter keeps and whose spatial maps meet.
#[must_use]
pub fn rust_chain(objects: &[Object], isr: u8) -> Vec<Pair> {
    let table = rust_method(MethodId::PixelTable, &seed_table_config(), objects, isr);
    table
        .pairs
        .into_iter()
        .filter(|p| {
            let (a, b) = (&objects[p.a as usize], &objects[p.b as usize]);
            kept(a, isr) && kept(b, isr) && maps_meet(a, b)
        })
        .collect()
}
