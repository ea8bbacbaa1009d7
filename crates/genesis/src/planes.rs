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

    /// One line of a name table into `out` (CRAM index | [`SPRITE_PRIORITY`] for a
    /// high-priority pixel, 0 transparent), a cell at a time: `hscroll` subtracted from X,
    /// `vscroll(x)` added to the line (constant over each 16-pixel column).
    fn plane_line(&self, p: &Plane, vscroll: impl Fn(usize) -> usize, line: usize, out: &mut [u8]) {
        let vram = self.vram.as_bytes();
        let w_px = p.w_cells * 8;
        let h_px = p.h_cells * 8;
        let mut x = 0;
        while x < out.len() {
            let py = (line + vscroll(x)) % h_px;
            let px = (x + w_px * 4 - p.hscroll % w_px) % w_px;
            let at = (p.base + 2 * ((py / 8) * p.w_cells + px / 8)) & 0xFFFF;
            let entry = u16::from_be_bytes([vram[at], vram[(at + 1) & 0xFFFF]]);
            let row = if entry & 0x1000 != 0 {
                7 - py % 8
            } else {
                py % 8
            };
            let row_at = (usize::from(entry & 0x7FF) * 32 + row * 4) & 0xFFFF;
            let attr = (((entry >> 13) & 3) as u8 * 16)
                | if entry & 0x8000 != 0 {
                    SPRITE_PRIORITY
                } else {
                    0
                };
            let hflip = entry & 0x0800 != 0;
            // To the cell's end, the line's end, or the next 16-pixel column.
            let run = (8 - px % 8).min(out.len() - x).min(16 - x % 16);
            for k in 0..run {
                let c = px % 8 + k;
                let col = if hflip { 7 - c } else { c };
                let byte = vram[(row_at + col / 2) & 0xFFFF];
                let nibble = if col % 2 == 0 { byte >> 4 } else { byte & 0xF };
                out[x + k] = if nibble == 0 { 0 } else { attr | nibble };
            }
            x += run;
        }
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
        let vsram = &self.vsram;
        let vs = |k: usize| {
            move |x: usize| {
                let col = if column_scroll { (x / 16).min(19) } else { 0 };
                usize::from(vsram[2 * col + k] & 0x3FF)
            }
        };
        let width = out.len();
        let mut a_line = [0u8; 320];
        let mut b_line = [0u8; 320];
        let mut w_line = [0u8; 320];
        self.plane_line(&a, vs(0), line, &mut a_line[..width]);
        self.plane_line(&b, vs(1), line, &mut b_line[..width]);
        let window = Plane {
            base: window_base,
            w_cells: window_w,
            h_cells: 32,
            hscroll: 0,
        };
        let any_window = v_in || (if r17 & 0x80 != 0 { hp < width } else { hp > 0 });
        if any_window {
            self.plane_line(&window, |_| 0, line, &mut w_line[..width]);
        }
        for (x, o) in out.iter_mut().enumerate() {
            let h_in = if r17 & 0x80 != 0 { x >= hp } else { x < hp };
            let a = if v_in || h_in { w_line[x] } else { a_line[x] };
            let b = b_line[x];
            let s = sprites.get(x).copied().unwrap_or(0);
            let high = |p: u8| p != 0 && p & SPRITE_PRIORITY != 0;
            let shown = if high(s) {
                s
            } else if high(a) {
                a
            } else if high(b) {
                b
            } else if s != 0 {
                s
            } else if a != 0 {
                a
            } else if b != 0 {
                b
            } else {
                backdrop
            };
            *o = shown & 0x3F;
        }
    }
}
