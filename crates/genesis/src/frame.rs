//! One frame: the active lines, then the start of vertical blank.
//!
//! Registers are taken as they stand when the frame starts (nothing can write them during
//! [`Vdp::run_frame`]). With the display enabled each active line runs the three sprite
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
        let h_mode = self.registers.h_mode();
        let v_mode = self.registers.v_mode();
        let width = h_mode.width_px();
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
        // Active display starts; with the display disabled bit 3 stays set.
        self.status.vblank = !display;

        self.links
            .walk(&self.vram, self.registers.sat_base(), h_mode);
        self.views.begin(&self.links, &self.vram, height, display);

        if display {
            self.line_index.build(&self.links, height);
            let limit = h_mode.sprites_per_line();
            for line in 0..height {
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
                    if let Some(out) = self.frame.get_mut(start..start + usize::from(width)) {
                        self.line_buffer.emit(out, backdrop);
                    }
                }
            }
        } else {
            // No sprite fetches, so no line ran out of budget.
            self.sprite_state.prev_line_overrun = false;
            if self.frame_output {
                self.frame.fill(backdrop);
            }
        }
        self.views.finish(height, display);

        self.status.vblank = true;
        self.status.vint_pending = true;
    }
}
