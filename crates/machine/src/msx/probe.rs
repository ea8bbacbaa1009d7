//! The MSX dump probe: VRAM 16,384 bytes, registers 0-7.

use tms9918::Vdp;

use super::machine::{chip_sprites, verdict};
use crate::probe::{Probe, Probed, numbered};

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
        }
    }
}
