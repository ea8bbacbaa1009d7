//! The driver's view of a chip: sprites in, frame and verdict out.
//!
//! Each adapter writes the scene's sprites into its chip the way game code would (the
//! chip's own attribute-table bytes through its own write path) and reads back what the
//! chip made of them: its sprite view, its status, its frame. Nothing here bypasses the
//! chip: the boxes and masks the software layer sees are the chip's own.

use std::sync::Arc;

use collide::{OpaqueMask, PxBox, Screen};

use crate::format::Region;

pub mod genesis;
pub mod msx;
pub mod vectrex;
pub mod vera;

/// A sprite as the scene wants it shown this frame, before any chip encoding.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HwSprite {
    /// Left edge in screen pixels.
    pub x_px: i32,
    /// Top edge in screen pixels.
    pub y_px: i32,
    /// Width in pixels.
    pub w_px: u16,
    /// Height in pixels.
    pub h_px: u16,
    /// Genesis tile index, MSX pattern number, VERA bitmap address.
    pub pattern: u32,
    /// Genesis palette line, MSX colour, VERA palette offset.
    pub colour: u8,
    /// Mirror left-right.
    pub hflip: bool,
    /// Mirror top-bottom.
    pub vflip: bool,
    /// VERA 8 bpp.
    pub bpp8: bool,
    /// VERA z-depth.
    pub z: u8,
    /// VERA collision mask, as in byte 6 (bits 7-4).
    pub collision_mask: u8,
}

/// Why a chip did not draw (some lines of) a sprite.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum NotDrawn {
    /// Over the per-line sprite count (Genesis 16/20, MSX 4).
    LineLimit,
    /// Over the Genesis per-line pixel budget.
    PixelBudget,
    /// Hidden by a Genesis X = 0 masking sprite.
    Masked,
    /// Outside the active area.
    OffScreen,
    /// Cut by VERA's per-line work budget.
    BudgetCut,
}

impl NotDrawn {
    /// A phrase for reports.
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Self::LineLimit => "dropped by the per-line sprite limit",
            Self::PixelBudget => "cut by the per-line pixel budget",
            Self::Masked => "masked by an X = 0 sprite",
            Self::OffScreen => "off the active area",
            Self::BudgetCut => "cut by the line work budget",
        }
    }
}

/// One sprite as the chip saw it in the last frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChipSprite {
    /// The chip's sprite number.
    pub number: u32,
    /// Screen box (half-open).
    pub bbox: PxBox,
    /// Opaque pixels over the box.
    pub mask: Arc<OpaqueMask>,
    /// VERA collision mask (byte 6 bits 7-4); 0 elsewhere.
    pub collision_mask: u8,
    /// VERA z-depth; 0 elsewhere.
    pub z: u8,
    /// Lines on which the chip did not draw it, by reason (reason, line count).
    pub not_drawn: Vec<(NotDrawn, u32)>,
    /// The chip drew at least one of its opaque pixels.
    pub drawn: bool,
}

/// Columns `0..w` of a row that fall on screen columns `0..screen_w` for a sprite at `x`.
#[must_use]
pub fn on_screen_cols(x: i32, w: u16, screen_w: u16) -> u64 {
    let first = (-x).clamp(0, 64) as u32;
    let end = (i32::from(screen_w) - x).clamp(0, i32::from(w.min(64))) as u32;
    if end <= first {
        return 0;
    }
    let ones = |n: u32| if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
    ones(end) & !ones(first)
}

/// What the chip reports after a frame, read the way the CPU reads it at vblank.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Verdict {
    /// The chip says sprites collided (Genesis bit 5, MSX C, VERA ISR bits 7-4 != 0).
    pub collided: bool,
    /// The status as read: Genesis status word bits 7-0, MSX S#0, VERA ISR.
    pub status: u16,
    /// Genesis bit 6 / MSX 5S.
    pub overflow: Option<bool>,
    /// MSX fifth-sprite number (S#0 bits 4-0).
    pub fifth_sprite: Option<u8>,
    /// VERA ISR bits 7-4, shifted down (0-15).
    pub collision_mask: Option<u8>,
    /// The first line on which the collision flag was set, where the chip records it.
    pub first_collision_line: Option<u16>,
}

/// A chip behind the driver.
pub trait Machine {
    /// The active area.
    fn screen(&self) -> Screen;
    /// Frames per second of the real machine.
    fn frame_rate_hz(&self) -> u32;
    /// Hardware sprites available.
    fn sprite_slots(&self) -> u32;
    /// Writes a rom image into chip memory through the chip's write path.
    ///
    /// # Errors
    /// A region the chip does not have, or an image that does not fit.
    fn load(&mut self, region: Region, bytes: &[u8]) -> Result<(), String>;
    /// Writes this frame's sprites (slot = index) into the attribute table, natively.
    fn write_sprites(&mut self, sprites: &[HwSprite]);
    /// Renders one frame.
    fn run_frame(&mut self);
    /// Reads the status the way a vblank handler would (clearing what a read clears).
    fn read_verdict(&mut self) -> Verdict;
    /// The chip's sprite view of the last frame, by sprite number.
    fn sprites(&self) -> Vec<ChipSprite>;
    /// The palette-indexed frame of the last frame, row-major, [`Machine::frame_size`].
    fn frame_indexed(&self) -> &[u8];
    /// Width and height of the picture in pixels: the screen, unless the machine draws
    /// its picture in other units (the Vectrex's vectors).
    fn frame_size(&self) -> (usize, usize) {
        let s = self.screen();
        (usize::from(s.w_px), usize::from(s.h_px))
    }
    /// CPU cycles the frame used, where the machine counts them (the Vectrex).
    fn frame_cycles(&self) -> Option<u64> {
        None
    }
    /// Turns writing the picture off (a collision-only mode) or back on; returns false
    /// when the model has no such mode.
    fn set_frame_output(&mut self, on: bool) -> bool {
        let _ = on;
        false
    }
    /// A known reason the chip's verdict can differ from the truth, for reports.
    fn disagreement_note(&self) -> Option<&'static str> {
        None
    }
    /// Colour of every palette index, 0x00RRGGBB.
    fn palette_rgb(&self) -> Vec<u32>;
}

/// An opaque mask from a chip's rows (one `u64` per row, bit i = column i from the left).
#[must_use]
pub fn mask_from_rows(w_px: u16, h_px: u16, rows: &[u64]) -> OpaqueMask {
    let mut mask = OpaqueMask::new(w_px, h_px);
    for (row, &bits) in rows.iter().enumerate().take(usize::from(h_px)) {
        let mut rest = bits;
        while rest != 0 {
            let col = rest.trailing_zeros() as u16;
            rest &= rest - 1;
            mask.set(col, row as u16);
        }
    }
    mask
}
