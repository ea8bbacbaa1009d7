//! The X16 dump probe: VRAM 131,072 bytes (sprite attributes at 0x1FC00, palette at
//! 0x1FA00); registers by name.

use vera::{Quirks, Vera};

use super::machine::{chip_sprites, verdict};
use crate::probe::{Probe, ProbeFrame, Probed, last_write};

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
        let vram = chip.vram();
        let palette = (0..256)
            .map(|i| {
                let at = vera::PALETTE_ADDR as usize + i * 2;
                vera::palette::rgb12_to_rgb24(u16::from_le_bytes([vram[at], vram[at + 1]]))
            })
            .collect();
        Probed {
            verdict: verdict(chip.isr()),
            sprites: chip_sprites(&chip),
            frame: ProbeFrame {
                w: chip.width_px(),
                h: chip.height_px(),
                indices: chip.frame_indexed().to_vec(),
                palette,
            },
        }
    }
    fn display_off(&self, regs: &[(u8, u8)]) -> Option<String> {
        // DC_VIDEO (index 1) resets to 0x08 on the probe's fresh chip: output mode 0.
        let dc = last_write(regs, 1).unwrap_or(0x08);
        if dc & 0x03 == 0 {
            Some(format!(
                "off: DC_VIDEO is 0x{dc:02X}, output mode 0 (add --reg DC_VIDEO=0x41)"
            ))
        } else if dc & 0x40 == 0 {
            Some(format!(
                "sprites off: DC_VIDEO is 0x{dc:02X}, bit 6 clear (add --reg DC_VIDEO=0x{:02X})",
                dc | 0x40
            ))
        } else {
            None
        }
    }
}
