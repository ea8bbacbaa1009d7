//! The sprites as the software collision layer sees them after a frame: one entry per
//! enabled sprite (z != 0), in index order, decoded from the attribute table and the
//! patterns as they were when the frame was rendered; a sprite whose entry was rewritten
//! while the frame was drawn has one entry per state it was shown in, each with its
//! lines.

use crate::attributes::SpriteAttributes;

/// One enabled sprite of the last frame.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct SpriteView {
    /// Sprite number 0..127 (attribute entry and rendering order).
    pub number: u8,
    /// Left column on screen after the wrap at 1024 (may be negative).
    pub x_px: i32,
    /// Top line on screen after the wrap at 1024 (may be negative).
    pub y_px: i32,
    /// Width in pixels (8, 16, 32, 64).
    pub w_px: u16,
    /// Height in pixels (8, 16, 32, 64).
    pub h_px: u16,
    /// Collision mask as in byte 6 bits 7-4 (the byte & 0xF0).
    pub collision_mask: u8,
    /// Z-depth 1..3.
    pub z: u8,
    /// Opaque pixels, one word per row from the top as shown (after V-flip); bit i is
    /// column i from the left as shown (after H-flip).
    pub mask_rows: Vec<u64>,
    /// Sprite lines (in sprite space: 0 = top of the 640 x 480 sprite plane) on which the
    /// line budget dropped some or all of this sprite's on-screen pixels, ascending.
    pub budget_cut_lines: Vec<u16>,
    /// H-flip bit.
    pub hflip: bool,
    /// V-flip bit.
    pub vflip: bool,
    /// True for 8bpp, false for 4bpp.
    pub bpp8: bool,
    /// Pattern address in VRAM.
    pub pattern_addr: u32,
    /// Palette offset 0..15.
    pub palette_offset: u8,
    /// The sprite lines (first, last, inclusive) this state was read for, when the entry
    /// changed while the frame was drawn or sprites were shown on only some lines;
    /// `None`: the same on every line of the frame. Only the rows of the sprite on these
    /// lines were drawn with this state.
    pub lines: Option<(u16, u16)>,
}

clone_by_fields!(SpriteView {
    number,
    x_px,
    y_px,
    w_px,
    h_px,
    collision_mask,
    z,
    mask_rows,
    budget_cut_lines,
    hflip,
    vflip,
    bpp8,
    pattern_addr,
    palette_offset,
    lines,
});

impl SpriteView {
    /// Refills this view from decoded attributes, keeping the vectors' capacity.
    pub(crate) fn refill(&mut self, attr: &SpriteAttributes) {
        self.number = attr.number;
        self.x_px = i32::from(attr.x_px);
        self.y_px = i32::from(attr.y_px);
        self.w_px = u16::from(attr.w_px);
        self.h_px = u16::from(attr.h_px);
        self.collision_mask = attr.collision_mask << 4;
        self.z = attr.z;
        self.hflip = attr.hflip;
        self.vflip = attr.vflip;
        self.bpp8 = attr.bpp8;
        self.pattern_addr = attr.pattern_addr;
        self.palette_offset = attr.palette_offset;
        self.mask_rows.clear();
        self.budget_cut_lines.clear();
        self.lines = None;
    }

    /// True when the opaque pixel at screen (`x`, `y`) belongs to this sprite.
    #[must_use]
    pub fn opaque_at(&self, x: i32, y: i32) -> bool {
        let (col, row) = (x - self.x_px, y - self.y_px);
        if col < 0 || row < 0 || col >= i32::from(self.w_px) || row >= i32::from(self.h_px) {
            return false;
        }
        self.mask_rows
            .get(row as usize)
            .is_some_and(|bits| bits >> col & 1 != 0)
    }
}
