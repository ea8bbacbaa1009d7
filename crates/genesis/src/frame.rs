//! One frame: the active lines, then the start of vertical blank.
//!
//! The mode (H32/H40, V28/V30) is the one the frame starts with. Everything else is read
//! line by line, as the chip reads it:
//! - **The sprite table.** Each line's sprites come from a scan of the SAT cache (Y, size,
//!   link) and X and the attribute word fetched from VRAM for that line (GPGX
//!   `parse_satb_m5`, which reads both for every line; BlastEm `scan_sprite_table` and
//!   `read_sprite_x`; jgenesis `scan_sprites` and `fetch_sprite_attributes`), so a write
//!   to the table between two lines (a CPU write or a DMA) is seen from the next line on.
//!   The model scans a line as it begins; GPGX parses line L + 1 as line L begins, so a
//!   write during line L - 1 shows on line L here and on line L + 1 there (BlastEm scans
//!   during the line before, slot by slot, which puts the hardware between the two).
//! - **The display enable** (register 1 bit 6), read as each line begins (GPGX
//!   `render_line` tests it per line; `vdp_reg_w` redraws a line whose display was
//!   switched on in its first 860 master clocks, i.e. from that line on). A line with the
//!   display off has no sprite processing, no flags and shows the backdrop (BE
//!   `vdp_inactive`; GPGX `render_line`; jgenesis render.rs 183-197); no line ran out of
//!   pixels there, for the X = 0 masking rule of the next.
//!
//! The sprite view follows: a frame whose table nobody touched during the display lists
//! one view per visit; otherwise every state a sprite was shown in, with its lines
//! ([`crate::view::SpriteView::lines`]). Flags come from the lines as drawn. The frame
//! ends at the start of vertical blank: status bit 3 set and bit 7 (VINT pending) set.

use crate::Vdp;
use crate::sprites::fetch::{LineContext, LineRecorder, fetch_line};
use crate::vdp::frame_len;
use crate::view::Reason;

impl Vdp {
    /// Renders one frame (all active lines), then enters vertical blank.
    pub fn run_frame(&mut self) {
        self.begin_frame();
        for line in 0..self.frame_mode.1.height_px() {
            self.active_line(line);
        }
        self.enter_vblank();
    }

    /// The start of a frame's active display: the mode, the link walk and the sprite
    /// view are taken from the registers and VRAM as they stand now.
    pub(crate) fn begin_frame(&mut self) {
        let h_mode = self.registers.h_mode();
        let v_mode = self.registers.v_mode();
        let height = v_mode.height_px();
        let backdrop = self.registers.backdrop_index();

        if self.frame_mode != (h_mode, v_mode) {
            self.frame_mode = (h_mode, v_mode);
            self.frame.clear();
            self.frame.resize(frame_len(self.frame_mode), backdrop);
        }
        self.first_collision_line = None;
        self.first_overflow_line = None;
        // Active display starts; with the display disabled bit 3 still reads set (the
        // port adds it while register 1 bit 6 is off).
        self.status.vblank = false;

        self.links
            .walk(&self.vram, self.registers.sat_base(), h_mode);
        self.vram.take_sat_touched();
        self.views.begin(&self.links, &self.vram);
        self.line_index.build(&self.links, height);
    }

    /// One active line: the sprite scan, fetch and drawing, with bits 5 and 6 set now
    /// when the line sets them; with the display off, the backdrop.
    pub(crate) fn active_line(&mut self, line: u16) {
        let (h_mode, _) = self.frame_mode;
        let width = h_mode.width_px();
        let backdrop = self.registers.backdrop_index();
        if line > 0 && self.vram.take_sat_touched() {
            self.rewalk(line);
        }
        if !self.registers.display_enabled() {
            self.blank_line(line, width, backdrop);
            return;
        }
        let limit = h_mode.sprites_per_line();
        let scan = self.line_index.scan(line, limit);
        if scan.overflow() {
            self.status.overflow = true;
            self.first_overflow_line.get_or_insert(line);
            for &i in scan.dropped {
                let w = self.links.visits()[usize::from(i)].w_px;
                self.views
                    .not_drawn(usize::from(i), line, 0, w, Reason::LineLimit);
            }
        }
        let ctx = LineContext {
            line,
            width_px: width,
            cell_budget: h_mode.cell_budget(),
        };
        fetch_line(
            ctx,
            scan.listed,
            self.links.visits(),
            &self.vram,
            &mut self.sprite_state,
            &mut self.line_fetch,
            &mut self.views,
        );
        self.line_buffer.clear(width);
        if self.line_buffer.draw(self.line_fetch.cells()) {
            self.status.collision = true;
            self.first_collision_line.get_or_insert(line);
        }
        if self.frame_output {
            let start = usize::from(line) * usize::from(width);
            if self.planes {
                let mut composed = [0u8; 320];
                let out = &mut composed[..usize::from(width)];
                self.compose_line(line, self.line_buffer.pixels(), out, backdrop);
                if let Some(dst) = self.frame.get_mut(start..start + usize::from(width)) {
                    dst.copy_from_slice(out);
                }
            } else if let Some(out) = self.frame.get_mut(start..start + usize::from(width)) {
                self.line_buffer.emit(out, backdrop);
            }
        }
    }

    /// A line with the display disabled: the backdrop, no sprite fetches (so no line ran
    /// out of pixels), and the rows of the sprites in range listed as not drawn.
    fn blank_line(&mut self, line: u16, width: u16, backdrop: u8) {
        if self.frame_output {
            let start = usize::from(line) * usize::from(width);
            if let Some(out) = self.frame.get_mut(start..start + usize::from(width)) {
                out.fill(backdrop);
            }
        }
        self.sprite_state.prev_line_overrun = false;
        let scan = self.line_index.scan(line, usize::MAX);
        for &i in scan.listed {
            let w = self.links.visits()[usize::from(i)].w_px;
            self.views
                .not_drawn(usize::from(i), line, 0, w, Reason::DisplayDisabled);
        }
    }

    /// The sprite table changed during the frame (a CPU write or a DMA between two
    /// lines): the chip scans the SAT cache and fetches X and the attribute word from
    /// VRAM on every line, so from `line` on the sprites are the ones the table holds
    /// now. The link list and the line index are rebuilt; the sprite view keeps the
    /// states shown so far with their lines.
    fn rewalk(&mut self, line: u16) {
        let (h_mode, v_mode) = self.frame_mode;
        let height = v_mode.height_px();
        self.links
            .walk(&self.vram, self.registers.sat_base(), h_mode);
        self.views.rewalk(&self.links, &self.vram, line);
        self.line_index.build(&self.links, height);
    }

    /// The end of the active display: status bit 3 and bit 7 (VINT pending) set.
    pub(crate) fn enter_vblank(&mut self) {
        let height = self
            .timing
            .power_on_active
            .unwrap_or(self.frame_mode.1.height_px());
        self.views.finish(height);
        self.status.vblank = true;
        self.status.vint_pending = true;
    }
}
