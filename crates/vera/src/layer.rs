//! The two tile/bitmap layers: their registers at $9F2D-$9F33 (layer 0) and $9F34-$9F3A
//! (layer 1), and one layer pixel at a time for the composer (VERA Programmer's
//! Reference, "Layers", "Tile mode 1 bpp", "Tile mode 2/4/8 bpp", "Bitmap mode";
//! x16-emulator `video.c` `render_layer_line_text`, `render_layer_line_tile`,
//! `render_layer_line_bitmap`).
//!
//! Registers, per layer (offset from the layer's first register):
//! - 0 CONFIG: map height 7-6 and map width 5-4 (32, 64, 128, 256 tiles), T256C 3,
//!   bitmap mode 2, colour depth 1-0 (1, 2, 4, 8 bpp);
//! - 1 MAPBASE: map base address bits 16-9;
//! - 2 TILEBASE: tile (or bitmap) base address bits 16-11 in 7-2, tile height 1 and
//!   tile width 0 (8 or 16 px; in bitmap mode bit 0 is the bitmap width, 320 or 640);
//! - 3/4 HSCROLL (12 bits; in bitmap mode HSCROLL_H 3-0 is the palette offset);
//! - 5/6 VSCROLL (12 bits; not used in bitmap mode).
//!
//! A map entry is two bytes. In 1 bpp tile mode byte 0 is the tile and byte 1 the
//! foreground (3-0) and background (7-4) colours, or with T256C the 8-bit foreground and
//! background 0. In 2/4/8 bpp byte 0 is tile bits 7-0, byte 1 the palette offset 7-4,
//! V-flip 3, H-flip 2 and tile bits 9-8 in 1-0. Pixels are packed most significant
//! first. A colour index of 1-15 is moved up by 16 x the palette offset, as for sprites;
//! index 0 is transparent and shows what lies behind.
//!
//! The layer coordinates of an output pixel come from the composer's scaling (see
//! `compose`): the same fractional steps as the sprites, plus the scroll, wrapped at the
//! map's size. A bitmap is addressed from its base, `width` pixels a line, with no
//! wrapping vertically (lines past 128 KiB wrap through VRAM as addresses do).

use crate::vram::{VRAM_ADDR_MASK, Vram};

/// Registers per layer.
pub const LAYER_REGS: u8 = 7;
/// Offset (from $9F20) of layer 0's CONFIG.
pub const L0_CONFIG: u8 = 0x0D;
/// Offset (from $9F20) of layer 1's CONFIG.
pub const L1_CONFIG: u8 = 0x14;

/// One layer's registers as written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Layer {
    /// CONFIG.
    pub config: u8,
    /// MAPBASE.
    pub mapbase: u8,
    /// TILEBASE.
    pub tilebase: u8,
    /// HSCROLL, 12 bits (bits 11-8 are HSCROLL_H 3-0).
    pub hscroll: u16,
    /// VSCROLL, 12 bits.
    pub vscroll: u16,
}

/// What a layer's registers mean, derived once per line.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LayerMode {
    bpp_shift: u8,
    bitmap: bool,
    t256c: bool,
    map_w_log2: u32,
    map_h_log2: u32,
    map_base: u32,
    tile_base: u32,
    tile_w_log2: u32,
    tile_h_log2: u32,
    bitmap_w_px: u32,
    hscroll: u32,
    vscroll: u32,
    bitmap_palette_offset: u8,
}

impl Layer {
    /// A write to register `reg` (0..7) of the layer.
    pub fn write(&mut self, reg: u8, value: u8) {
        match reg {
            0 => self.config = value,
            1 => self.mapbase = value,
            2 => self.tilebase = value,
            3 => self.hscroll = (self.hscroll & 0xF00) | u16::from(value),
            4 => self.hscroll = (self.hscroll & 0xFF) | (u16::from(value & 0x0F) << 8),
            5 => self.vscroll = (self.vscroll & 0xF00) | u16::from(value),
            6 => self.vscroll = (self.vscroll & 0xFF) | (u16::from(value & 0x0F) << 8),
            _ => {}
        }
    }

    /// What a read of register `reg` (0..7) returns.
    #[must_use]
    pub const fn read(&self, reg: u8) -> u8 {
        match reg {
            0 => self.config,
            1 => self.mapbase,
            2 => self.tilebase,
            3 => (self.hscroll & 0xFF) as u8,
            4 => (self.hscroll >> 8) as u8,
            5 => (self.vscroll & 0xFF) as u8,
            6 => (self.vscroll >> 8) as u8,
            _ => 0,
        }
    }

    pub(crate) const fn mode(&self) -> LayerMode {
        let c = self.config;
        LayerMode {
            bpp_shift: c & 3,
            bitmap: c & 0x04 != 0,
            t256c: c & 0x08 != 0,
            map_w_log2: 5 + ((c >> 4) & 3) as u32,
            map_h_log2: 5 + ((c >> 6) & 3) as u32,
            map_base: (self.mapbase as u32) << 9,
            tile_base: ((self.tilebase & 0xFC) as u32) << 9,
            tile_w_log2: 3 + (self.tilebase & 1) as u32,
            tile_h_log2: 3 + ((self.tilebase >> 1) & 1) as u32,
            bitmap_w_px: if self.tilebase & 1 != 0 { 640 } else { 320 },
            hscroll: self.hscroll as u32,
            vscroll: self.vscroll as u32,
            bitmap_palette_offset: ((self.hscroll >> 8) & 0x0F) as u8,
        }
    }
}

/// Bits per pixel `1 << shift`; the pixel at `index` of a packed run from `base`.
#[inline]
fn packed_pixel(vram: &Vram, base: u32, index: u32, bpp_shift: u8) -> u8 {
    let bit = index << bpp_shift;
    let byte = vram.read(base + (bit >> 3));
    let bpp = 1u32 << bpp_shift;
    // Most significant pixel first.
    let shift = 8 - bpp - (bit & 7);
    (byte >> shift) & ((1u16 << bpp) - 1) as u8
}

/// A colour index 1-15 moved by the palette offset; 0 stays transparent.
#[inline]
const fn offset_colour(raw: u8, palette_offset: u8) -> u8 {
    if raw != 0 && raw < 16 {
        (palette_offset << 4) | raw
    } else {
        raw
    }
}

/// A tile map entry as the renderer uses it, for the tile under the current column.
#[derive(Clone, Copy)]
struct TileEntry {
    tile_x: u32,
    base: u32,
    hflip: bool,
    vflip: bool,
    palette_offset: u8,
    fg: u8,
    bg: u8,
}

impl LayerMode {
    /// Writes the palette indices (0 transparent) of layer line `y_px` into `out`: entry
    /// `k` is layer column `columns[k]`, or `k` at 1:1.
    pub(crate) fn row(&self, vram: &Vram, y_px: u32, columns: Option<&[u16]>, out: &mut [u8]) {
        let column = |k: usize| columns.map_or(k as u32, |map| u32::from(map[k]));
        if self.bitmap {
            let w = self.bitmap_w_px;
            let line_start = y_px * w;
            if self.bpp_shift == 3 && columns.is_none() {
                self.bitmap_row_8bpp(vram, line_start, out);
                return;
            }
            for (k, slot) in out.iter_mut().enumerate() {
                let mut x = column(k);
                if x >= w {
                    x %= w;
                }
                let raw = packed_pixel(vram, self.tile_base, line_start + x, self.bpp_shift);
                *slot = offset_colour(raw, self.bitmap_palette_offset);
            }
            return;
        }
        let map_w_px_mask = (1u32 << (self.map_w_log2 + self.tile_w_log2)) - 1;
        let map_h_px_mask = (1u32 << (self.map_h_log2 + self.tile_h_log2)) - 1;
        let y = (y_px + self.vscroll) & map_h_px_mask;
        let tile_y = y >> self.tile_h_log2;
        let tile_w = 1u32 << self.tile_w_log2;
        let tile_h = 1u32 << self.tile_h_log2;
        let row_in_tile = y & (tile_h - 1);
        let tile_px_log2 = self.tile_w_log2 + self.tile_h_log2;
        let mut entry: Option<TileEntry> = None;
        for (k, slot) in out.iter_mut().enumerate() {
            let x = (column(k) + self.hscroll) & map_w_px_mask;
            let tile_x = x >> self.tile_w_log2;
            let e = match entry {
                Some(e) if e.tile_x == tile_x => e,
                _ => {
                    let e = self.entry(vram, tile_x, tile_y, tile_px_log2);
                    entry = Some(e);
                    e
                }
            };
            let mut col = x & (tile_w - 1);
            let mut row = row_in_tile;
            if e.hflip {
                col = tile_w - 1 - col;
            }
            if e.vflip {
                row = tile_h - 1 - row;
            }
            let raw = packed_pixel(
                vram,
                e.base,
                (row << self.tile_w_log2) + col,
                self.bpp_shift,
            );
            *slot = if self.bpp_shift == 0 {
                if raw != 0 { e.fg } else { e.bg }
            } else {
                offset_colour(raw, e.palette_offset)
            };
        }
    }

    /// An 8 bpp bitmap line at 1:1: bytes straight from VRAM, wrapping at the bitmap's
    /// width and at the end of VRAM.
    fn bitmap_row_8bpp(&self, vram: &Vram, line_start: u32, out: &mut [u8]) {
        let bytes = vram.as_slice();
        let w = self.bitmap_w_px as usize;
        let line_addr = (self.tile_base + line_start) as usize;
        for chunk in out.chunks_mut(w) {
            for (k, slot) in chunk.iter_mut().enumerate() {
                *slot = offset_colour(
                    bytes[(line_addr + k) & VRAM_ADDR_MASK as usize],
                    self.bitmap_palette_offset,
                );
            }
        }
    }

    /// Decodes the map entry of tile (`tile_x`, `tile_y`).
    fn entry(&self, vram: &Vram, tile_x: u32, tile_y: u32, tile_px_log2: u32) -> TileEntry {
        let entry_addr = self.map_base + (((tile_y << self.map_w_log2) + tile_x) << 1);
        let (b0, b1) = (vram.read(entry_addr), vram.read(entry_addr + 1));
        if self.bpp_shift == 0 {
            let (fg, bg) = if self.t256c {
                (b1, 0)
            } else {
                (b1 & 0x0F, b1 >> 4)
            };
            return TileEntry {
                tile_x,
                base: self.tile_base + ((u32::from(b0) << tile_px_log2) >> 3),
                hflip: false,
                vflip: false,
                palette_offset: 0,
                fg,
                bg,
            };
        }
        let tile = u32::from(b0) | (u32::from(b1 & 3) << 8);
        TileEntry {
            tile_x,
            base: self.tile_base + (((tile << tile_px_log2) << self.bpp_shift) >> 3),
            hflip: b1 & 0x04 != 0,
            vflip: b1 & 0x08 != 0,
            palette_offset: b1 >> 4,
            fg: 0,
            bg: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registers_keep_twelve_scroll_bits() {
        let mut layer = Layer::default();
        layer.write(3, 0x34);
        layer.write(4, 0xF2);
        assert_eq!(layer.hscroll, 0x234);
        assert_eq!(layer.read(4), 0x02);
        layer.write(6, 0x01);
        layer.write(5, 0x80);
        assert_eq!(layer.vscroll, 0x180);
    }

    #[test]
    fn packed_pixels_are_most_significant_first() {
        let mut vram = Vram::new();
        vram.write(0x100, 0b1011_0010);
        assert_eq!(packed_pixel(&vram, 0x100, 0, 0), 1);
        assert_eq!(packed_pixel(&vram, 0x100, 1, 0), 0);
        assert_eq!(packed_pixel(&vram, 0x100, 0, 1), 0b10);
        assert_eq!(packed_pixel(&vram, 0x100, 3, 1), 0b10);
        assert_eq!(packed_pixel(&vram, 0x100, 0, 2), 0xB);
        assert_eq!(packed_pixel(&vram, 0x100, 1, 2), 0x2);
        assert_eq!(packed_pixel(&vram, 0x100, 0, 3), 0xB2);
    }
}
