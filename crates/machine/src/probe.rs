//! The dump probe behind `hitlab frame` (specs/harness.md, CLI contract): a raw memory
//! dump as an emulator saves it, registers applied first, then the dump written through
//! the chip's own write path (so state that follows writes, such as the Genesis SAT cache,
//! reflects the dumped tables), one frame from a fresh status, and the state a status read
//! would see at the start of vblank, read without side effects.
//!
//! Each machine with video memory offers a [`Probe`]; the registry finds it by key.

use collide::truth::{Scope, pixel_pairs};
use collide::{Group, Object};

use crate::contract::Verdict;
use crate::view::SpriteView;

/// A machine's dump probe.
pub trait Probe: Sync {
    /// The VRAM dump's size in bytes.
    fn vram_bytes(&self) -> usize;
    /// The colour RAM dump's size, where the chip keeps its palette apart.
    fn cram_bytes(&self) -> Option<usize> {
        None
    }
    /// What `--reg NAME=V` accepts, for messages ("a register number 0-23").
    fn registers(&self) -> &'static str;
    /// The register `name` names, as an index the probe understands.
    fn register(&self, name: &str) -> Option<u8>;
    /// Registers written (index, value), then the dumps, then one frame.
    fn run(&self, vram: &[u8], cram: Option<&[u8]>, regs: &[(u8, u8)]) -> Probed;
}

/// What the probe saw.
#[derive(Clone, Debug)]
pub struct Probed {
    /// The status a vblank read would see.
    pub verdict: Verdict,
    /// The chip's sprites.
    pub sprites: Vec<SpriteView>,
}

impl Probed {
    /// Sprite numbers the chip drew at least one opaque pixel of.
    #[must_use]
    pub fn drawn(&self) -> Vec<u32> {
        self.sprites
            .iter()
            .filter(|s| s.drawn)
            .map(|s| s.number)
            .collect()
    }

    /// Pixel truth among the chip's sprites, as sprite-number pairs.
    #[must_use]
    pub fn pairs(&self) -> Vec<(u32, u32)> {
        let objects: Vec<Object> = self
            .sprites
            .iter()
            .map(|s| Object::new(s.number, s.bbox, Group::Good).with_mask(s.mask.clone()))
            .collect();
        pixel_pairs(&objects, Scope::AllSprites)
            .into_iter()
            .map(|p| {
                let n = |i: u32| self.sprites[i as usize].number;
                let (a, b) = (n(p.a), n(p.b));
                (a.min(b), a.max(b))
            })
            .collect()
    }
}

/// A register number `0..=max` in decimal.
#[must_use]
pub fn numbered(name: &str, max: u8) -> Option<u8> {
    name.trim().parse::<u8>().ok().filter(|&n| n <= max)
}
