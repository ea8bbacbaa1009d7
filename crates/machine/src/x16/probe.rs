//! The X16 dump probe: VRAM 131,072 bytes (sprite attributes at 0x1FC00, palette at
//! 0x1FA00); registers by name.

use vera::{Quirks, Vera};

use super::machine::{chip_sprites, verdict};
use crate::probe::{Probe, Probed};

/// The registers the probe takes, by index.
const NAMES: [&str; 4] = ["IEN", "DC_VIDEO", "DC_HSCALE", "DC_VSCALE"];

/// The VERA probe (FPGA behaviour).
#[derive(Debug)]
pub struct VeraProbe;

impl Probe for VeraProbe {
    fn vram_bytes(&self) -> usize {
        vera::VRAM_BYTES
    }
    fn registers(&self) -> &'static str {
        "a register name: IEN, DC_VIDEO, DC_HSCALE or DC_VSCALE"
    }
    fn register(&self, name: &str) -> Option<u8> {
        let name = name.trim().to_ascii_uppercase();
        NAMES.iter().position(|n| *n == name).map(|i| i as u8)
    }
    fn run(&self, vram: &[u8], _: Option<&[u8]>, regs: &[(u8, u8)]) -> Probed {
        let mut chip = Vera::new(Quirks::Hardware);
        for &(n, v) in regs {
            match n {
                0 => chip.set_ien(v),
                1 => chip.set_dc_video(v),
                2 => chip.set_hscale(v),
                _ => chip.set_vscale(v),
            }
        }
        chip.write_vram(0, vram);
        chip.run_frame();
        Probed {
            verdict: verdict(chip.isr()),
            sprites: chip_sprites(&chip),
        }
    }
}
