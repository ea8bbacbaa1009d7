//! The dump probe behind `hitlab frame` (specs/harness.md, CLI contract): a raw memory
//! dump as an emulator saves it, registers applied first, then the dump written through
//! the chip's own write path (so state that follows writes, such as the Genesis SAT cache,
//! reflects the dumped tables), one frame from a fresh status, and the state a status read
//! would see at the start of vblank.

use collide::truth::{Scope, pixel_pairs};
use collide::{Group, Object};

use crate::machine::ChipSprite;

/// The chips a dump can come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProbeTarget {
    /// Genesis VDP: VRAM 65,536 bytes, CRAM 128 bytes, registers 0-23.
    Genesis,
    /// TMS9918A: VRAM 16,384 bytes, registers 0-7.
    Msx,
    /// VERA: VRAM 131,072 bytes (sprite attributes at 0x1FC00, palette at 0x1FA00);
    /// registers by name.
    Vera,
}

impl ProbeTarget {
    /// The name used on the command line and in the output.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Genesis => "genesis",
            Self::Msx => "msx",
            Self::Vera => "vera",
        }
    }

    /// The VRAM dump's size in bytes.
    #[must_use]
    pub fn vram_bytes(self) -> usize {
        match self {
            Self::Genesis => 65_536,
            Self::Msx => 16_384,
            Self::Vera => 131_072,
        }
    }
}

/// A register write for the probe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProbeReg {
    /// Genesis or MSX register by number.
    Number(u8, u8),
    /// VERA IEN.
    Ien(u8),
    /// VERA DC_VIDEO.
    DcVideo(u8),
    /// VERA DC_HSCALE.
    DcHscale(u8),
    /// VERA DC_VSCALE.
    DcVscale(u8),
}

/// What a status read at the start of vblank would see, and the chip's sprites.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProbeResult {
    /// The target's name.
    pub target: &'static str,
    /// Genesis bit 5, MSX C, VERA ISR bits 7-4 non-zero.
    pub collision: bool,
    /// Genesis bit 6, MSX 5S; `None` on VERA.
    pub overflow: Option<bool>,
    /// MSX S#0 bits 4-0.
    pub fifth_sprite: Option<u8>,
    /// VERA ISR bits 7-4.
    pub collision_mask: Option<u8>,
    /// Genesis status bits 7-0, MSX S#0, VERA ISR.
    pub status: u16,
    /// Sprite numbers the chip drew at least one opaque pixel of.
    pub drawn: Vec<u32>,
    /// Pixel truth among the chip's sprites, as sprite numbers.
    pub pairs: Vec<(u32, u32)>,
    /// The frame the chip rendered.
    pub frame: ProbeFrame,
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

/// Runs the probe. `vram` and `cram` have been checked for size by the caller.
#[must_use]
pub fn probe(
    target: ProbeTarget,
    vram: &[u8],
    cram: Option<&[u8]>,
    regs: &[ProbeReg],
) -> ProbeResult {
    let (status, sprites, frame) = match target {
        ProbeTarget::Genesis => {
            let mut vdp = genesis::Vdp::new();
            for r in regs {
                if let ProbeReg::Number(n, v) = *r {
                    vdp.write_register(n, v);
                }
            }
            vdp.write_vram(0, vram);
            if let Some(c) = cram {
                vdp.write_cram(0, c);
            }
            vdp.run_frame();
            let frame = ProbeFrame {
                w: usize::from(vdp.width_px()),
                h: usize::from(vdp.height_px()),
                indices: vdp.frame_indexed().to_vec(),
                palette: vdp
                    .cram()
                    .iter()
                    .map(|&c| genesis::colour_to_rgb(c))
                    .collect(),
            };
            (
                vdp.peek_status() & 0xFF,
                crate::machine::genesis::chip_sprites(&vdp),
                frame,
            )
        }
        ProbeTarget::Msx => {
            let mut vdp = tms9918::Vdp::new();
            for r in regs {
                if let ProbeReg::Number(n, v) = *r {
                    vdp.write_register(n, v);
                }
            }
            vdp.write_vram(0, vram);
            vdp.run_frame();
            let frame = ProbeFrame {
                w: usize::from(vdp.width_px()),
                h: usize::from(vdp.height_px()),
                indices: vdp.frame_indexed().to_vec(),
                palette: tms9918::PALETTE_RGB.to_vec(),
            };
            (
                u16::from(vdp.peek_status()),
                crate::machine::msx::chip_sprites(&vdp),
                frame,
            )
        }
        ProbeTarget::Vera => {
            let mut chip = vera::Vera::new(vera::Quirks::Hardware);
            for r in regs {
                match *r {
                    ProbeReg::Ien(v) => chip.set_ien(v),
                    ProbeReg::DcVideo(v) => chip.set_dc_video(v),
                    ProbeReg::DcHscale(v) => chip.set_hscale(v),
                    ProbeReg::DcVscale(v) => chip.set_vscale(v),
                    ProbeReg::Number(..) => {}
                }
            }
            chip.write_vram(0, vram);
            chip.run_frame();
            let vram = chip.vram();
            let frame = ProbeFrame {
                w: chip.width_px(),
                h: chip.height_px(),
                indices: chip.frame_indexed().to_vec(),
                palette: (0..256)
                    .map(|i| {
                        let at = vera::PALETTE_ADDR as usize + i * 2;
                        vera::palette::rgb12_to_rgb24(u16::from_le_bytes([vram[at], vram[at + 1]]))
                    })
                    .collect(),
            };
            (
                u16::from(chip.isr()),
                crate::machine::vera::chip_sprites(&chip),
                frame,
            )
        }
    };
    let (collision, overflow, fifth_sprite, collision_mask) = match target {
        ProbeTarget::Genesis => (status & 0x20 != 0, Some(status & 0x40 != 0), None, None),
        ProbeTarget::Msx => (
            status & 0x20 != 0,
            Some(status & 0x40 != 0),
            Some((status & 0x1F) as u8),
            None,
        ),
        ProbeTarget::Vera => (status & 0xF0 != 0, None, None, Some((status >> 4) as u8)),
    };
    ProbeResult {
        target: target.name(),
        collision,
        overflow,
        fifth_sprite,
        collision_mask,
        status,
        drawn: sprites
            .iter()
            .filter(|s| s.drawn)
            .map(|s| s.number)
            .collect(),
        pairs: truth_pairs(&sprites),
        frame,
    }
}

fn truth_pairs(sprites: &[ChipSprite]) -> Vec<(u32, u32)> {
    let objects: Vec<Object> = sprites
        .iter()
        .map(|s| Object::new(s.number, s.bbox, Group::Good).with_mask(s.mask.clone()))
        .collect();
    pixel_pairs(&objects, Scope::AllSprites)
        .into_iter()
        .map(|p| {
            let (a, b) = (sprites[p.a as usize].number, sprites[p.b as usize].number);
            (a.min(b), a.max(b))
        })
        .collect()
}
