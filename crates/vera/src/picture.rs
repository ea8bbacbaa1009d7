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
    let layer_pixel = |n: usize, x: u16| {
        inputs.layers[n].map_or(0, |mode| {
            mode.pixel(inputs.vram, u32::from(x), inputs.layer_line)
        })
    };
    for (c, out) in row.iter_mut().enumerate() {
        if !inputs.active_h.contains(&c) {
            *out = inputs.border;
            continue;
        }
        let k = c - inputs.active_h.start;
        let x = inputs
            .columns
            .map_or(k as u16, |map| map.get(k).copied().unwrap_or(u16::MAX));
        let (sprite, z) = inputs.sprites.map_or((0, 0), |line| {
            let colour = line.colour(usize::from(x));
            (
                colour,
                if colour == 0 {
                    0
                } else {
                    line.z(usize::from(x))
                },
            )
        });
        *out = if z == 3 {
            sprite
        } else {
            match layer_pixel(1, x) {
                0 if z == 2 => sprite,
                0 => match layer_pixel(0, x) {
                    0 if z == 1 => sprite,
                    l0 => l0,
                },
                l1 => l1,
            }
        };
    }
}
