//! The MSX dump probe: VRAM 16,384 bytes, registers 0-7.

use tms9918::Vdp;

use super::machine::{chip_sprites, verdict};
use crate::probe::{Probe, ProbeFrame, Probed, last_write, numbered};

/// The TMS9918A probe.
#[derive(Debug)]
pub struct MsxProbe;

impl Probe for MsxProbe {
    fn vram_bytes(&self) -> usize {
        tms9918::VRAM_SIZE
    }
    fn registers(&self) -> &'static str {
        "a register number 0-7"
    }
    fn register(&self, name: &str) -> Option<u8> {
        numbered(name, 7)
    }
    fn run(&self, vram: &[u8], _: Option<&[u8]>, regs: &[(u8, u8)]) -> Probed {
        let mut vdp = Vdp::new();
        for &(n, v) in regs {
            vdp.write_register(n, v);
        }
        vdp.write_vram(0, vram);
        vdp.run_frame();
        Probed {
            verdict: verdict(vdp.peek_status()),
            sprites: chip_sprites(&vdp),
            frame: ProbeFrame {
                w: usize::from(vdp.width_px()),
                h: usize::from(vdp.height_px()),
                indices: vdp.frame_indexed().to_vec(),
                palette: tms9918::PALETTE_RGB.to_vec(),
            },
        }
    }
    fn display_off(&self, regs: &[(u8, u8)]) -> Option<String> {
        // Registers start at 0: R1 BL (bit 6) blanks the display.
        let r1 = last_write(regs, 1).unwrap_or(0);
        (r1 & 0x40 == 0).then(|| {
            format!(
                "off: register 1 bit 6 is 0 (registers start at 0; add --reg 1=0x{:02X})",
                r1 | 0x40
            )
        })
    }
}
