//! Helpers shared by the integration tests: a 65C02's view of the register file and the
//! native attribute format, written independently of the crate's decoder.
#![allow(dead_code)]

use vera::Vera;
use vera::registers::{ADDR_H, ADDR_L, ADDR_M, CTRL, DATA0, DC_VIDEO};

/// DC_VIDEO value for VGA output with sprites shown.
pub const VGA_SPRITES: u8 = 0x41;
/// DC_VIDEO value for VGA output with sprites hidden.
pub const VGA_NO_SPRITES: u8 = 0x01;

/// Points port 0 at `addr` with increment index `incr` (as `LDA #..; STA $9F2x` would).
pub fn set_addr0(vera: &mut Vera, addr: u32, incr: u8) {
    vera.write_reg(CTRL, 0);
    vera.write_reg(ADDR_L, (addr & 0xFF) as u8);
    vera.write_reg(ADDR_M, ((addr >> 8) & 0xFF) as u8);
    vera.write_reg(ADDR_H, (incr << 4) | ((addr >> 16) & 1) as u8);
}

/// Copies `bytes` to VRAM through DATA0 with increment 1.
pub fn poke(vera: &mut Vera, addr: u32, bytes: &[u8]) {
    set_addr0(vera, addr, 1);
    for &b in bytes {
        vera.write_reg(DATA0, b);
    }
}

/// Shows sprites (DCSEL = 0, DC_VIDEO = VGA + sprites).
pub fn enable_sprites(vera: &mut Vera) {
    vera.write_reg(CTRL, 0);
    vera.write_reg(DC_VIDEO, VGA_SPRITES);
}

/// A sprite attribute entry in the terms of the Programmer's Reference.
#[derive(Clone, Copy, Debug)]
pub struct Attr {
    pub pattern_addr: u32,
    pub bpp8: bool,
    pub x: u16,
    pub y: u16,
    pub mask: u8,
    pub z: u8,
    pub vflip: bool,
    pub hflip: bool,
    /// Size code 0..3 = 8, 16, 32, 64 px.
    pub w_code: u8,
    pub h_code: u8,
    pub palette_offset: u8,
}

impl Attr {
    /// An 8x8 8bpp sprite at (x, y), z = 3, mask `mask`, pattern at `pattern_addr`.
    pub fn new8(pattern_addr: u32, x: u16, y: u16, mask: u8) -> Self {
        Self {
            pattern_addr,
            bpp8: true,
            x,
            y,
            mask,
            z: 3,
            vflip: false,
            hflip: false,
            w_code: 0,
            h_code: 0,
            palette_offset: 0,
        }
    }

    pub fn bytes(&self) -> [u8; 8] {
        [
            ((self.pattern_addr >> 5) & 0xFF) as u8,
            (u8::from(self.bpp8) << 7) | ((self.pattern_addr >> 13) & 0x0F) as u8,
            (self.x & 0xFF) as u8,
            ((self.x >> 8) & 3) as u8,
            (self.y & 0xFF) as u8,
            ((self.y >> 8) & 3) as u8,
            (self.mask << 4)
                | ((self.z & 3) << 2)
                | (u8::from(self.vflip) << 1)
                | u8::from(self.hflip),
            (self.h_code << 6) | ((self.w_code & 3) << 4) | (self.palette_offset & 0x0F),
        ]
    }

    pub fn w(&self) -> usize {
        8 << self.w_code
    }

    pub fn h(&self) -> usize {
        8 << self.h_code
    }
}

/// Writes sprite `number`'s attributes through DATA0.
pub fn write_sprite(vera: &mut Vera, number: u8, attr: &Attr) {
    poke(vera, 0x1FC00 + u32::from(number) * 8, &attr.bytes());
}

/// Writes a `w` x `h` 8bpp pattern filled with `colour`.
pub fn solid8(vera: &mut Vera, addr: u32, w: usize, h: usize, colour: u8) {
    poke(vera, addr, &vec![colour; w * h]);
}

/// Writes an 8x8 8bpp pattern with a single opaque pixel at (col, row).
pub fn single_pixel8(vera: &mut Vera, addr: u32, col: usize, row: usize, colour: u8) {
    let mut bytes = [0u8; 64];
    bytes[row * 8 + col] = colour;
    poke(vera, addr, &bytes);
}

/// The collision nibble of ISR.
pub fn nibble(vera: &Vera) -> u8 {
    vera.isr() >> 4
}

/// Palette index of the frame at (x, y).
pub fn pixel(vera: &Vera, x: usize, y: usize) -> u8 {
    vera.frame_indexed()[y * vera.width_px() + x]
}
