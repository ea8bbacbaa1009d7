//! Where the x16-emulator (`src/video.c`) and the VERA FPGA (vera-module v48,
//! `fpga/source/graphics/sprite_renderer.v`, `fpga/source/top.v`) disagree about sprite
//! collisions, and which of the two a [`crate::Vera`] follows.
//!
//! Facts and line references: `specs/sources/vera.md` section 2.

/// The behaviour profile of a [`crate::Vera`].
///
/// The default is the real hardware. [`Quirks::X16Emu`] reproduces the three
/// collision-relevant differences of the x16-emulator, so a program can be run under both
/// to see where it would behave differently on the emulator and on a real X16.
/// Everything else (attribute decoding, z order, the line budget accounting and its
/// drop-the-rest consequence, the vblank commit) is the same in both profiles; in
/// particular the emulator's budget overrun bug (x16-emulator issue #310, a `uint16_t`
/// budget that wraps and lets later sprites render unlimited) is not reproduced.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Quirks {
    /// The FPGA (vera-module v48):
    /// - a pixel that loses on z ("hidden") writes nothing to the line buffer, so it adds
    ///   no collision mask for later sprites (`sprite_renderer.v` 319-323);
    /// - ISR bits 7-4 are read-only: an ISR write clears only bits 2-0 (`top.v` 439-444);
    /// - the sprite renderer runs whatever DC_VIDEO says; the sprite-enable bit only hides
    ///   sprites in the composer, so disabled sprites still collide (`composer.v` 195-199);
    /// - the sprite line shown next is rendered during the line before, the finder reading
    ///   each slot's attributes as it reaches it: an attribute write lands on the lines
    ///   rendered after the line it was made on (`sprite_renderer.v`, `composer.v`'s
    ///   `render_start_r` one line ahead of the displayed `y_counter_rr`).
    #[default]
    Hardware,
    /// The x16-emulator (`video.c` @49b1fbd):
    /// - every opaque pixel ORs its mask into the line buffer, hidden or not (730);
    /// - an ISR write clears every bit written as 1, bits 7-4 included (2209-2210);
    /// - no sprite line is rendered while sprites are disabled, so no collision is
    ///   detected (1127-1129);
    /// - a line is rendered when the beam leaves it (`video_step`), with the attributes
    ///   as they are then: a write lands on the line it was made on.
    X16Emu,
}

impl Quirks {
    /// True when a pixel that loses on z still ORs its mask into the line buffer.
    #[must_use]
    pub const fn hidden_pixels_add_mask(self) -> bool {
        matches!(self, Self::X16Emu)
    }

    /// True when an ISR write can clear the collision nibble (bits 7-4).
    #[must_use]
    pub const fn isr_write_clears_collisions(self) -> bool {
        matches!(self, Self::X16Emu)
    }

    /// True when a line takes the attribute writes made up to its end (the emulator),
    /// false when up to its start (the FPGA's one-line render pipeline).
    #[must_use]
    pub const fn reads_attributes_at_line_end(self) -> bool {
        matches!(self, Self::X16Emu)
    }

    /// True when sprites disabled in DC_VIDEO are still rendered into the line buffer
    /// (and so still collide).
    #[must_use]
    pub const fn renders_disabled_sprites(self) -> bool {
        matches!(self, Self::Hardware)
    }
}
