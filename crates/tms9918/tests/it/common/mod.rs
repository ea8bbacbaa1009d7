//! Test helpers that drive the chip the way a Z80 program does: register writes and VRAM
//! writes through the two ports, tables in their native byte format.

#![allow(dead_code)]

use tms9918::Vdp;

/// SAT base used by the tests (R5 = 0x36, the MSX BIOS's SCREEN 2 table at 0x1B00).
pub const SAT: u16 = 0x1B00;
/// Sprite pattern base (R6 = 0x07: 0x3800).
pub const PATTERNS: u16 = 0x3800;

/// `OUT (0x99), v; OUT (0x99), 0x80 | n`.
pub fn out_register(vdp: &mut Vdp, n: u8, v: u8) {
    vdp.write_control(v);
    vdp.write_control(0x80 | n);
}

/// Write set-up at `addr`, then every byte through the data port.
pub fn out_vram(vdp: &mut Vdp, addr: u16, bytes: &[u8]) {
    vdp.write_control((addr & 0xFF) as u8);
    vdp.write_control(0x40 | ((addr >> 8) & 0x3F) as u8);
    for &b in bytes {
        vdp.write_data(b);
    }
}

/// A chip in Graphic 2 with the display on, SAT at 0x1B00, patterns at 0x3800,
/// backdrop `backdrop`, sprites 16x16 when `size16`, magnified when `mag`.
pub fn chip(size16: bool, mag: bool, backdrop: u8) -> Vdp {
    let mut vdp = Vdp::new();
    out_register(&mut vdp, 0, 0x02);
    out_register(
        &mut vdp,
        1,
        0xC0 | if size16 { 0x02 } else { 0 } | u8::from(mag),
    );
    out_register(&mut vdp, 5, (SAT / 0x80) as u8);
    out_register(&mut vdp, 6, (PATTERNS / 0x800) as u8);
    out_register(&mut vdp, 7, 0xF0 | (backdrop & 0x0F));
    vdp
}

/// One SAT entry: Y, X, pattern, EC|colour.
pub const fn entry(y: u8, x: u8, pattern: u8, colour: u8, early_clock: bool) -> [u8; 4] {
    [
        y,
        x,
        pattern,
        (colour & 0x0F) | if early_clock { 0x80 } else { 0 },
    ]
}

/// Writes the SAT entries from entry 0 on, then a `Y = 208` terminator when there are
/// fewer than 32.
pub fn write_sat(vdp: &mut Vdp, entries: &[[u8; 4]]) {
    let mut bytes: Vec<u8> = entries.iter().flatten().copied().collect();
    if entries.len() < 32 {
        bytes.push(208);
    }
    out_vram(vdp, SAT, &bytes);
}

/// Writes an 8-byte (8x8) or 32-byte (16x16) pattern as pattern number `name`.
pub fn write_pattern(vdp: &mut Vdp, name: u8, bytes: &[u8]) {
    out_vram(vdp, PATTERNS + u16::from(name) * 8, bytes);
}

/// A solid 8x8 pattern.
pub const SOLID8: [u8; 8] = [0xFF; 8];

/// Renders one frame from a freshly read status and returns S#0 as the frame left it.
pub fn frame_status(vdp: &mut Vdp) -> u8 {
    vdp.read_status();
    vdp.run_frame();
    vdp.peek_status()
}

/// The colour of pixel (x, y) of the last frame.
pub fn pixel(vdp: &Vdp, x: usize, y: usize) -> u8 {
    vdp.frame_indexed()[y * 256 + x]
}
