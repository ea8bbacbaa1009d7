//! The Genesis dump probe: VRAM 65,536 bytes, CRAM 128 bytes, registers 0-23.

use genesis::Vdp;

use super::machine::{chip_sprites, verdict};
use crate::probe::{Probe, ProbeFrame, Probed, last_write, numbered};

/// The Genesis VDP probe.
#[derive(Debug)]
pub struct GenesisProbe;

impl Probe for GenesisProbe {
    fn vram_bytes(&self) -> usize {
        genesis::VRAM_BYTES
    }
    fn cram_bytes(&self) -> Option<usize> {
        Some(genesis::CRAM_BYTES)
    }
    fn registers(&self) -> &'static str {
        "a register number 0-23"
    }
    fn register(&self, name: &str) -> Option<u8> {
        numbered(name, 23)
    }
    fn run(&self, vram: &[u8], cram: Option<&[u8]>, regs: &[(u8, u8)]) -> Probed {
        let mut vdp = Vdp::new();
        for &(n, v) in regs {
            vdp.write_register(n, v);
        }
        vdp.write_vram(0, vram);
        if let Some(c) = cram {
            vdp.write_cram(0, c);
        }
        vdp.run_frame();
        Probed {
            verdict: verdict(vdp.peek_status(), vdp.first_collision_line()),
            sprites: chip_sprites(&vdp),
            frame: ProbeFrame {
                w: usize::from(vdp.width_px()),
                h: usize::from(vdp.height_px()),
                indices: vdp.frame_indexed().to_vec(),
                palette: vdp
                    .cram()
                    .iter()
                    .map(|&c| genesis::colour_to_rgb(c))
                    .collect(),
            },
        }
    }
    fn display_off(&self, regs: &[(u8, u8)]) -> Option<String> {
        // Registers start at 0: register 1 bit 6 (DISP) off.
        let r1 = last_write(regs, 1).unwrap_or(0);
        (r1 & 0x40 == 0).then(|| {
            format!(
                "off: register 1 bit 6 is 0 (registers start at 0; add --reg 1=0x{:02X})",
                r1 | 0x44
            )
        })
    }
}
