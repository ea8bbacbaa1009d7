//! The sprite line buffer and its per-pixel rule (FPGA `sprite_renderer.v` 318-328,
//! 364-370; x16-emulator `video.c` 727-735).
//!
//! Each entry holds, as on the FPGA, a collision mask, a z-depth and a colour (colour 0 =
//! nothing drawn yet). Sprites arrive in index order; for each
//! opaque pixel at a column below 640:
//! 1. the collision is `stored mask & own mask`, tested before anything is written, so a
//!    pixel that then loses on z still detects it;
//! 2. the pixel is drawn, writing `stored mask | own mask`, its z and its colour, if its
//!    z is above the stored one or nothing is drawn there yet. Higher z wins whatever the
//!    index; among equal z the lower index (drawn first) stays in front.
//!
//! On the FPGA a pixel that loses (hidden) writes nothing, so its mask is not added for
//! later sprites. The emulator ORs the mask in regardless ([`crate::Quirks::X16Emu`]).
//!
//! Only columns 0..639 are kept. The FPGA's buffer has 1024 entries; pixels at 640..1023
//! are written but never collide and are never erased, and are only ever shown at the
//! right edge when DC_HSCALE shrinks the picture: the model reads them as transparent.

/// Visible width in pixels; also the line-buffer width kept by the model.
pub const LINE_PX: usize = 640;

/// Columns per dirty-tracking chunk.
pub const CHUNK_PX: usize = 16;
/// Chunks per line (40; they fit a u64 bit set).
pub const CHUNKS: usize = LINE_PX / CHUNK_PX;
/// Every chunk of a line.
pub const ALL_CHUNKS: u64 = (1 << CHUNKS) - 1;

const Z_BITS: u8 = 0x03;
const MASK_SHIFT: u8 = 4;

/// One line of sprite pixels: the FPGA's 16-bit entry split into a colour plane and a
/// plane of mask (7-4) and z (1-0), with the 16-px chunks written since the last clear.
#[derive(Clone, Debug)]
pub struct LineBuffer {
    colour: [u8; LINE_PX],
    mask_z: [u8; LINE_PX],
    dirty: u64,
}

impl Default for LineBuffer {
    fn default() -> Self {
        Self::new()
    }
}

impl LineBuffer {
    /// An empty line.
    #[must_use]
    pub const fn new() -> Self {
        Self {
            colour: [0; LINE_PX],
            mask_z: [0; LINE_PX],
            dirty: 0,
        }
    }

    /// The chunks holding columns `start..end`.
    #[inline]
    #[must_use]
    pub const fn chunks_of(start: usize, end: usize) -> u64 {
        let end = if end > LINE_PX { LINE_PX } else { end };
        if start >= end {
            return 0;
        }
        let (first, last) = (start / CHUNK_PX, (end - 1) / CHUNK_PX);
        let upto_last = if last >= 63 {
            u64::MAX
        } else {
            (2u64 << last) - 1
        };
        upto_last & !((1u64 << first) - 1)
    }

    /// Marks columns `start..end` as about to be written (so clearing and composing can
    /// stay local).
    #[inline]
    pub fn touch(&mut self, start: usize, end: usize) {
        self.dirty |= Self::chunks_of(start, end);
    }

    /// Marks whole chunks (from [`Self::chunks_of`]) as about to be written.
    #[inline]
    pub fn touch_chunks(&mut self, chunks: u64) {
        self.dirty |= chunks;
    }

    /// The chunks written since the last clear.
    #[must_use]
    pub const fn dirty_chunks(&self) -> u64 {
        self.dirty
    }

    /// Plots one opaque pixel (`colour != 0`, `x < 640`, inside a touched range) and
    /// returns the collision bits it detects.
    #[inline]
    pub fn plot(&mut self, x: usize, colour: u8, z: u8, mask: u8, hidden_adds_mask: bool) -> u8 {
        let (Some(stored_colour), Some(stored)) = (self.colour.get_mut(x), self.mask_z.get_mut(x))
        else {
            return 0;
        };
        let stored_mask = *stored >> MASK_SHIFT;
        let collision = stored_mask & mask;
        if z > *stored & Z_BITS || *stored_colour == 0 {
            *stored = ((stored_mask | mask) << MASK_SHIFT) | (z & Z_BITS);
            *stored_colour = colour;
        } else if hidden_adds_mask {
            *stored |= mask << MASK_SHIFT;
        }
        collision
    }

    /// The colour at `x` (0 = transparent; columns from 640 on read as transparent).
    #[inline]
    #[must_use]
    pub fn colour(&self, x: usize) -> u8 {
        self.colour.get(x).copied().unwrap_or(0)
    }

    /// The z-depth at `x` (0 = nothing drawn).
    #[must_use]
    pub fn z(&self, x: usize) -> u8 {
        self.mask_z.get(x).map_or(0, |e| e & Z_BITS)
    }

    /// The collision mask stored at `x`.
    #[cfg(test)]
    #[must_use]
    pub fn mask(&self, x: usize) -> u8 {
        self.mask_z.get(x).map_or(0, |e| e >> MASK_SHIFT)
    }

    /// Shows the line at 1:1 in `row` (640 bytes), which holds what was composed into
    /// it before, with `stale` the chunks of it that may be non-zero. Only chunks that
    /// are stale or written now are copied; returns the chunks now non-zero.
    pub fn compose_into(&self, row: &mut [u8], stale: u64) -> u64 {
        let mut chunks = (stale | self.dirty) & ALL_CHUNKS;
        while chunks != 0 {
            let chunk = chunks.trailing_zeros() as usize;
            chunks &= chunks - 1;
            let at = chunk * CHUNK_PX;
            if let (Some(out), Some(src)) = (
                row.get_mut(at..at + CHUNK_PX),
                self.colour.get(at..at + CHUNK_PX),
            ) {
                out.copy_from_slice(src);
            }
        }
        self.dirty
    }

    /// Erases the line (only the touched chunks).
    #[inline]
    pub fn clear(&mut self) {
        if self.dirty != 0 {
            self.clear_dirty();
        }
    }

    fn clear_dirty(&mut self) {
        let mut chunks = self.dirty & ALL_CHUNKS;
        while chunks != 0 {
            let chunk = chunks.trailing_zeros() as usize;
            chunks &= chunks - 1;
            let at = chunk * CHUNK_PX;
            self.colour[at..at + CHUNK_PX].fill(0);
            self.mask_z[at..at + CHUNK_PX].fill(0);
        }
        self.dirty = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_pixel_adds_no_mask_on_hardware_and_adds_it_on_the_emulator() {
        for (hidden_adds, expected, stored) in [(false, 0, 1), (true, 2, 3)] {
            let mut line = LineBuffer::new();
            line.touch(0, 1);
            assert_eq!(line.plot(0, 5, 3, 1, hidden_adds), 0); // A
            assert_eq!(line.plot(0, 6, 3, 2, hidden_adds), 0); // B, hidden
            assert_eq!(line.plot(0, 7, 3, 2, hidden_adds), expected); // C
            assert_eq!(line.colour(0), 5);
            assert_eq!(line.mask(0), stored);
        }
    }

    #[test]
    fn composing_copies_stale_and_written_chunks_only() {
        let mut line = LineBuffer::new();
        let mut row = [0xEEu8; LINE_PX];
        line.touch(20, 21);
        line.plot(20, 4, 1, 0, false);
        // Chunk 0 is stale (0xEE left over), chunk 1 written, chunk 2 neither.
        let now = line.compose_into(&mut row, 0b01);
        assert_eq!(now, 0b10);
        assert!(row[..16].iter().all(|&c| c == 0));
        assert_eq!(row[20], 4);
        assert_eq!(row[19], 0);
        assert_eq!(row[32], 0xEE);
        line.clear();
        assert_eq!(
            (line.colour(20), line.z(20), line.dirty_chunks()),
            (0, 0, 0)
        );
        line.touch(0, LINE_PX);
        assert_eq!(line.dirty_chunks(), ALL_CHUNKS);
    }

    #[test]
    fn higher_z_wins_over_a_lower_index() {
        let mut line = LineBuffer::new();
        line.plot(3, 9, 1, 0, false);
        line.plot(3, 8, 2, 0, false);
        assert_eq!((line.colour(3), line.z(3)), (8, 2));
        line.plot(3, 7, 2, 0, false);
        assert_eq!(line.colour(3), 8);
    }
}
