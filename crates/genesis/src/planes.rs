//! Planes A and B, the window plane, scrolling and priority, drawn into the picture with
//! the sprites (CMD genvdp.txt on registers 2-4, 11, 13 and 16-18; Genesis Plus GX
//! `render_bg_m5` and `merge`, whose layer order is followed).
//!
//! Only the picture: the planes take no part in bits 5 and 6. Drawn when a board turns
//! them on ([`Vdp::set_planes`]); a scene's frame stays sprites over the backdrop.
//!
//! - **Name tables**: plane A at register 2 bits 5-3 x $2000, plane B at register 4 bits
//!   2-0 x $2000, the window at register 3 bits 5-1 x $800 (bit 1 ignored in H40). Entry:
//!   bit 15 priority, 14-13 palette, 12 V-flip, 11 H-flip, 10-0 pattern.
//! - **Size** (register 16): bits 1-0 width, 5-4 height: 0 = 32 cells, 1 = 64, 3 = 128
//!   (2 taken as 32). The window is 32 cells wide in H32, 64 in H40, and never scrolls.
//! - **Horizontal scroll** (register 13 bits 5-0 x $400; register 11 bits 1-0): whole
//!   screen (00), per 8-line cell (10), per line (11); 01 repeats the first 8 lines. Each
//!   entry is two words, A then B, 10 bits, subtracted from X.
//! - **Vertical scroll** (VSRAM; register 11 bit 2): whole screen (words 0 and 1 for A and
//!   B) or per 16-pixel column (words 2n, 2n + 1), 10 bits, added to the line.
//! - **Window** (registers 17 and 18): replaces plane A on lines above (DOWN = 0) or from
//!   (DOWN = 1) register 18 bits 4-0 x 8, and on columns left of (RIGT = 0) or from (RIGT
//!   = 1) register 17 bits 4-0 x 16.
//! - **Priority**, front to back: high-priority sprite, high-priority A (or window),
//!   high-priority B, low-priority sprite, low-priority A, low-priority B, the backdrop.
//!   Transparent (colour 0) pixels let the next layer through.

use crate::Vdp;
use crate::registers::HMode;

/// The sprite pixel bit that carries the sprite's priority in the line buffer.
pub(crate) const SPRITE_PRIORITY: u8 = 0x40;

/// One plane's geometry for a line.
struct Plane {
    base: usize,
    w_cells: usize,
    h_cells: usize,
    hscroll: usize,
}

fn cells(code: u8) -> usize {
    match code & 3 {
        1 => 64,
        3 => 128,
        _ => 32,
    }
}

impl Vdp {
    /// Draws planes A and B and the window under and over the sprites (see the module
    /// docs) when `on`; off (the default) draws the sprites over the backdrop only.
    pub fn set_planes(&mut self, on: bool) {
        self.planes = on;
    }

    /// The pixel (CRAM index or 0, and its priority) of a name table at cell-space pixel
    /// (`x`, `y`).
    fn cell_pixel(&self, base: usize, w_cells: usize, x: usize, y: usize) -> (u8, bool) {
        let vram = self.vram.as_bytes();
        let at = (base + 2 * ((y / 8) * w_cells + x / 8)) & 0xFFFF;
        let entry = u16::from_be_bytes([vram[at], vram[(at + 1) & 0xFFFF]]);
        let row = if entry & 0x1000 != 0 {
            7 - y % 8
        } else {
            y % 8
        };
        let col = if entry & 0x0800 != 0 {
            7 - x % 8
        } else {
            x % 8
        };
        let addr = (usize::from(entry & 0x7FF) * 32 + row * 4 + col / 2) & 0xFFFF;
        let byte = vram[addr];
        let nibble = if col % 2 == 0 { byte >> 4 } else { byte & 0xF };
        if nibble == 0 {
            (0, false)
        } else {
            (((entry >> 13) & 3) as u8 * 16 + nibble, entry & 0x8000 != 0)
        }
    }

    fn plane_pixel(&self, p: &Plane, vscroll: usize, x: usize, line: usize) -> (u8, bool) {
        let w_px = p.w_cells * 8;
        let h_px = p.h_cells * 8;
        let px = (x + w_px * 4 - p.hscroll % w_px) % w_px;
        let py = (line + vscroll) % h_px;
        self.cell_pixel(p.base, p.w_cells, px, py)
    }

    /// Composes active line `line` into `out` from the sprite line `sprites` (CRAM index
    /// with [`SPRITE_PRIORITY`], 0 transparent) and the planes.
    pub(crate) fn compose_line(&self, line: u16, sprites: &[u8], out: &mut [u8], backdrop: u8) {
        let r = &self.registers;
        let h40 = r.h_mode() == HMode::H40;
        let line = usize::from(line);
        let size = r.read(16);
        let (w_cells, h_cells) = (cells(size), cells(size >> 4));
        let hs_base = usize::from(r.read(13) & 0x3F) << 10;
        let hs_line = match r.read(11) & 3 {
            0 => 0,
            1 => line & 7,
            2 => line & !7,
            _ => line,
        };
        let vram = self.vram.as_bytes();
        let hword = |k: usize| {
            let at = (hs_base + 4 * hs_line + 2 * k) & 0xFFFF;
            usize::from(u16::from_be_bytes([vram[at], vram[(at + 1) & 0xFFFF]]) & 0x3FF)
        };
        let a = Plane {
            base: usize::from(r.read(2) & 0x38) << 10,
            w_cells,
            h_cells,
            hscroll: hword(0),
        };
        let b = Plane {
            base: usize::from(r.read(4) & 7) << 13,
            w_cells,
            h_cells,
            hscroll: hword(1),
        };
        let window_base = usize::from(r.read(3) & if h40 { 0x3C } else { 0x3E }) << 10;
        let window_w = if h40 { 64 } else { 32 };
        let (r17, r18) = (r.read(17), r.read(18));
        let vp = usize::from(r18 & 0x1F) * 8;
        let v_in = if r18 & 0x80 != 0 {
            line >= vp
        } else {
            line < vp
        };
        let hp = usize::from(r17 & 0x1F) * 16;
        let column_scroll = r.read(11) & 4 != 0;
        for (x, o) in out.iter_mut().enumerate() {
            let (va, vb) = if column_scroll {
                let col = (x / 16).min(19);
                (self.vsram[2 * col], self.vsram[2 * col + 1])
            } else {
                (self.vsram[0], self.vsram[1])
            };
            let h_in = if r17 & 0x80 != 0 { x >= hp } else { x < hp };
            let (ap_px, ap) = if v_in || h_in {
                self.cell_pixel(window_base, window_w, x, line)
            } else {
                self.plane_pixel(&a, usize::from(va & 0x3FF), x, line)
            };
            let (bp_px, bp) = self.plane_pixel(&b, usize::from(vb & 0x3FF), x, line);
            let s = sprites.get(x).copied().unwrap_or(0);
            let sp = s & SPRITE_PRIORITY != 0;
            let s = s & 0x3F;
            *o = if s != 0 && sp {
                s
            } else if ap_px != 0 && ap {
                ap_px
            } else if bp_px != 0 && bp {
                bp_px
            } else if s != 0 {
                s
            } else if ap_px != 0 {
                ap_px
            } else if bp_px != 0 {
                bp_px
            } else {
                backdrop
            };
        }
    }
}
