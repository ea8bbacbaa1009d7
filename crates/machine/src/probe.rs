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
    /// Why nothing shows with these register writes (the display or the sprites off), with
    /// the write that would turn it on; `None` when the display is on.
    fn display_off(&self, regs: &[(u8, u8)]) -> Option<String>;
}

/// The last value written to register `n`, if any.
#[must_use]
pub fn last_write(regs: &[(u8, u8)], n: u8) -> Option<u8> {
    regs.iter().rev().find(|(r, _)| *r == n).map(|&(_, v)| v)
}

/// A rendered frame: palette indices and the palette they index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProbeFrame {
    /// Width in pixels.
    pub w: usize,
    /// Height in pixels.
    pub h: usize,
    /// Row-major palette indices.
    pub indices: Vec<u8>,
    /// `0x00RRGGBB` per index.
    pub palette: Vec<u32>,
}

/// What the probe saw.
#[derive(Clone, Debug)]
pub struct Probed {
    /// The status a vblank read would see.
    pub verdict: Verdict,
    /// The chip's sprites.
    pub sprites: Vec<SpriteView>,
    /// The frame the chip rendered.
    pub frame: ProbeFrame,
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
