//! Composing one output row: border, backdrop, the two layers and the sprites by their
//! z-depth (VERA Programmer's Reference, "Display composer" and "Sprite attributes",
//! Z-depth; x16-emulator `video.c` `render_line`, which composes the same way).
//!
//! From back to front: the backdrop (palette index 0), sprites with z 1, layer 0,
//! sprites with z 2, layer 1, sprites with z 3. A layer pixel of colour index 0 is
//! transparent. Output columns outside DC_HSTART..DC_HSTOP show DC_BORDER; inside, the
//! column `k` from DC_HSTART shows line-buffer column and layer column
//! `column_map(DC_HSCALE)[k]` (`compose`).

use std::ops::Range;

use crate::layer::LayerMode;
use crate::line_buffer::{LINE_PX, LineBuffer};
use crate::vram::Vram;

/// What a row is composed from.
pub(crate) struct RowInputs<'a> {
    pub vram: &'a Vram,
    /// The sprite line buffer when sprites are shown.
    pub sprites: Option<&'a LineBuffer>,
    /// Layer 0 and layer 1 when enabled.
    pub layers: [Option<LayerMode>; 2],
    /// The layer line (the composer's scaled line).
    pub layer_line: u32,
    /// The column map when DC_HSCALE is not 1:1.
    pub columns: Option<&'a [u16; LINE_PX]>,
    /// The active columns.
    pub active_h: Range<usize>,
    /// DC_BORDER.
    pub border: u8,
}

/// Writes the 640 palette indices of one output row.
pub(crate) fn compose_row(row: &mut [u8], inputs: &RowInputs<'_>) {
    let start = inputs.active_h.start.min(LINE_PX);
    let end = inputs.active_h.end.clamp(start, LINE_PX);
    row[..start].fill(inputs.border);
    row[end..].fill(inputs.border);
    let count = end - start;
    let columns = inputs.columns.map(|map| &map[..count]);
    let mut layer_px = [[0u8; LINE_PX]; 2];
    for (mode, out) in inputs.layers.iter().zip(&mut layer_px) {
        if let Some(mode) = mode {
            mode.row(inputs.vram, inputs.layer_line, columns, &mut out[..count]);
        }
    }
    let sprites = inputs.sprites.filter(|line| line.dirty_chunks() != 0);
    if sprites.is_none() {
        // Layers alone: layer 1 in front of layer 0.
        for ((out, &l0), &l1) in row[start..end]
            .iter_mut()
            .zip(&layer_px[0])
            .zip(&layer_px[1])
        {
            *out = if l1 != 0 { l1 } else { l0 };
        }
        return;
    }
    for (k, out) in row[start..end].iter_mut().enumerate() {
        let x = columns.map_or(k, |map| usize::from(map[k]));
        let (sprite, z) = sprites.map_or((0, 0), |line| {
            let colour = line.colour(x);
            (colour, if colour == 0 { 0 } else { line.z(x) })
        });
        let (l0, l1) = (layer_px[0][k], layer_px[1][k]);
        *out = if z == 3 || (z == 2 && l1 == 0) || (z == 1 && l1 == 0 && l0 == 0) {
            sprite
        } else if l1 != 0 {
            l1
        } else {
            l0
        };
    }
}
