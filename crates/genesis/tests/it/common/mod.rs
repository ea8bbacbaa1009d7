//! Test helpers: encode SAT entries and 4bpp cells in the chip's native byte format and
//! write them the way a CPU would.
#![allow(dead_code)]

use genesis::{SpriteView, Vdp};

/// SAT base used by the tests: 0xF800 (register 5 = 0x7C), valid in H32 and H40.
pub const SAT: u16 = 0xF800;
pub const REG5_SAT: u8 = 0x7C;

/// One SAT entry, in the fields a programmer writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spr {
    pub x_raw: u16,
    pub y_raw: u16,
    pub w_cells: u8,
    pub h_cells: u8,
    pub link: u8,
    pub pattern: u16,
    pub palette: u8,
    pub priority: bool,
    pub hflip: bool,
    pub vflip: bool,
}

impl Spr {
    /// A sprite at screen position (x_px, y_px), i.e. raw X/Y = position + 128.
    pub fn at(x_px: i32, y_px: i32, w_cells: u8, h_cells: u8, pattern: u16) -> Self {
        Self {
            x_raw: (x_px + 128) as u16,
            y_raw: (y_px + 128) as u16,
            w_cells,
            h_cells,
            link: 0,
            pattern,
            palette: 0,
            priority: false,
            hflip: false,
            vflip: false,
        }
    }

    pub fn raw_x(mut self, x_raw: u16) -> Self {
        self.x_raw = x_raw;
        self
    }

    pub fn palette(mut self, p: u8) -> Self {
        self.palette = p;
        self
    }

    pub fn flips(mut self, h: bool, v: bool) -> Self {
        self.hflip = h;
        self.vflip = v;
        self
    }

    /// The 8 bytes of the SAT entry: Y, size/link, attribute word, X (big-endian words).
    pub fn encode(&self) -> [u8; 8] {
        let y = self.y_raw & 0x1FF;
        let size_link = (u16::from(self.w_cells - 1) << 10)
            | (u16::from(self.h_cells - 1) << 8)
            | u16::from(self.link & 0x7F);
        let attr = (u16::from(self.priority) << 15)
            | (u16::from(self.palette & 3) << 13)
            | (u16::from(self.vflip) << 12)
            | (u16::from(self.hflip) << 11)
            | (self.pattern & 0x7FF);
        let x = self.x_raw & 0x1FF;
        let mut out = [0u8; 8];
        out[0..2].copy_from_slice(&y.to_be_bytes());
        out[2..4].copy_from_slice(&size_link.to_be_bytes());
        out[4..6].copy_from_slice(&attr.to_be_bytes());
        out[6..8].copy_from_slice(&x.to_be_bytes());
        out
    }
}

/// A 4bpp cell from a colour function f(x, y) -> 0..15; high nibble = left pixel.
pub fn cell(mut f: impl FnMut(usize, usize) -> u8) -> [u8; 32] {
    let mut out = [0u8; 32];
    for y in 0..8 {
        for x in 0..8 {
            let c = f(x, y) & 0xF;
            let b = &mut out[y * 4 + x / 2];
            if x % 2 == 0 {
                *b |= c << 4;
            } else {
                *b |= c;
            }
        }
    }
    out
}

/// A cell filled with one colour.
pub fn solid(c: u8) -> [u8; 32] {
    cell(|_, _| c)
}

/// A cell with a single opaque pixel of colour `c` at (x, y).
pub fn dot(x: usize, y: usize, c: u8) -> [u8; 32] {
    cell(|px, py| if px == x && py == y { c } else { 0 })
}

/// A chip with the display on, SAT at [`SAT`], auto-increment 2, backdrop index 0,
/// configured through register writes.
pub fn chip(h40: bool, v30: bool) -> Vdp {
    let mut v = Vdp::new();
    v.write_register(1, 0x44 | if v30 { 0x08 } else { 0 });
    v.write_register(12, if h40 { 0x81 } else { 0 });
    v.write_register(5, REG5_SAT);
    v.write_register(15, 2);
    v
}

/// Writes `sprites` as a chain: entry i links to i + 1, the last to 0.
pub fn write_chain(vdp: &mut Vdp, sprites: &[Spr]) {
    for (i, s) in sprites.iter().enumerate() {
        let mut s = *s;
        s.link = if i + 1 < sprites.len() {
            (i + 1) as u8
        } else {
            0
        };
        vdp.write_vram(SAT + 8 * i as u16, &s.encode());
    }
}

/// Writes one SAT entry as it is (its own link).
pub fn write_entry(vdp: &mut Vdp, n: u8, s: &Spr) {
    vdp.write_vram(SAT + 8 * u16::from(n), &s.encode());
}

/// Writes cells from pattern index `first` up.
pub fn write_cells(vdp: &mut Vdp, first: u16, cells: &[[u8; 32]]) {
    for (i, c) in cells.iter().enumerate() {
        vdp.write_vram((first + i as u16) * 32, c);
    }
}

/// Writes bytes through the ports, as a 68000 would: a VRAM write command, then words.
pub fn port_write_vram(vdp: &mut Vdp, addr: u16, bytes: &[u8]) {
    vdp.write_register(15, 2);
    vdp.write_control(0x4000 | (addr & 0x3FFF));
    vdp.write_control(addr >> 14);
    for w in bytes.chunks(2) {
        let word = u16::from_be_bytes([w[0], *w.get(1).unwrap_or(&0)]);
        vdp.write_data(word);
    }
}

/// The pixel at (x, y) of the last frame.
pub fn px(vdp: &Vdp, x: usize, y: usize) -> u8 {
    vdp.frame_indexed()[y * usize::from(vdp.width_px()) + x]
}

/// The opaque pixels the chip drew for one view, on screen, computed from the view's
/// fields alone: the mask minus the listed not-drawn ranges, kept inside the active area.
pub fn drawn_from_view(v: &SpriteView, width: i32, height: i32) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for (r, &mask) in v.mask_rows.iter().enumerate() {
        let line = v.y_px + r as i32;
        let mut row = mask;
        for n in v.not_drawn.iter().filter(|n| n.line == line) {
            for c in n.first_col_px..n.end_col_px {
                row &= !(1u64 << c);
            }
        }
        for c in 0..i32::from(v.w_px) {
            if row >> c & 1 == 1 {
                let x = v.x_px + c;
                if (0..width).contains(&x) && (0..height).contains(&line) {
                    out.push((x, line));
                }
            }
        }
    }
    out
}

/// Whether the view lists column `col` of its row on `line` as not drawn for `reason`.
pub fn listed(v: &SpriteView, line: i32, col: u16, reason: genesis::Reason) -> bool {
    v.not_drawn.iter().any(|n| {
        n.line == line && n.reason == reason && (n.first_col_px..n.end_col_px).contains(&col)
    })
}
