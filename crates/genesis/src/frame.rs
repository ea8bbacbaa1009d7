//! One frame: the active lines, then the start of vertical blank.
//!
//! Registers are taken as they stand when the frame starts (nothing can write them during
//! [`Vdp::run_frame`]). Driven line by line, a write to the sprite table between two
//! lines is seen from the next line on, as the chip scans the table line by line. With the display enabled each active line runs the three sprite
//! phases and draws into the frame; with it disabled there is no sprite processing and no
//! flag can be set (BE `vdp_inactive`; GPGX R 4859-4897; jgenesis render.rs 183-197), and
//! the frame shows the backdrop. Either way the frame ends at the start of vertical blank:
//! status bit 3 set and bit 7 (VINT pending) set.

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
        let display = self.registers.display_enabled();
        let backdrop = self.registers.backdrop_index();

        if self.frame_mode != (h_mode, v_mode) {
            self.frame_mode = (h_mode, v_mode);
            self.frame.clear();
            self.frame.resize(frame_len(self.frame_mode), backdrop);
        }
        self.first_collision_line = None;
        self.first_overflow_line = None;
        self.frame_display = display;
        // Active display starts; with the display disabled bit 3 still reads set (the
        // port adds it while register 1 bit 6 is off).
        self.status.vblank = false;

        self.links
            .walk(&self.vram, self.registers.sat_base(), h_mode);
        self.vram.take_sat_touched();
        self.views.begin(&self.links, &self.vram, height, display);
        if display {
            self.line_index.build(&self.links, height);
        } else {
            // No sprite fetches, so no line ran out of budget.
            self.sprite_state.prev_line_overrun = false;
        }
    }

    /// One active line: the sprite scan, fetch and drawing, with bits 5 and 6 set now
    /// when the line sets them. The display enable is the one the frame began with.
    pub(crate) fn active_line(&mut self, line: u16) {
        let (h_mode, _) = self.frame_mode;
        let width = h_mode.width_px();
        let backdrop = self.registers.backdrop_index();
        if !self.frame_display {
            if self.frame_output {
                let start = usize::from(line) * usize::from(width);
                if let Some(out) = self.frame.get_mut(start..start + usize::from(width)) {
                    out.fill(backdrop);
                }
            }
            return;
        }
        if line > 0 && self.vram.take_sat_touched() {
            self.rewalk(line);
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

    /// The sprite table changed during the frame (a CPU write or a DMA between two
    /// lines): the chip scans the SAT cache and fetches X and the attribute word from
    /// VRAM on every line, so from `line` on the sprites are the ones the table holds
    /// now. The link list, the line index and the sprite view are rebuilt; the view's
    /// rows on the lines already drawn are listed off-screen (the entry was not shown in
    /// this form there).
    fn rewalk(&mut self, line: u16) {
        let (h_mode, v_mode) = self.frame_mode;
        let height = v_mode.height_px();
        self.links
            .walk(&self.vram, self.registers.sat_base(), h_mode);
        self.views
            .begin(&self.links, &self.vram, height, self.frame_display);
        self.views.skip_lines_before(line);
        self.line_index.build(&self.links, height);
    }

    /// The end of the active display: status bit 3 and bit 7 (VINT pending) set.
    pub(crate) fn enter_vblank(&mut self) {
        let height = self.frame_mode.1.height_px();
        self.views.finish(height, self.frame_display);
        self.status.vblank = true;
        self.status.vint_pending = true;
    }
}
