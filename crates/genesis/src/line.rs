//! The chip line by line: the V counter, the end of each line's evaluation, vertical
//! blank, and the two interrupts the 68000 sees (sources/genesis.md section 4; Genesis Plus
//! GX `system_frame_gen` and `vdp_hvc_r`; CMD genvdp.txt on registers 0, 1 and 10).
//!
//! A board runs a line's CPU cycles, then calls [`Vdp::end_line`], which evaluates the
//! line (sprites drawn, bits 5 and 6 set when the line sets them) and moves on to the next.
//! An NTSC frame is 262 lines of 3,420 master clocks: the active lines (224 in V28, 240 in
//! V30), then vertical blank.
//!
//! - **VINT** (level 6): when the last active line ends, status bits 3 (vblank) and 7 (F)
//!   are set; the interrupt is requested while bit 7 is set and register 1 bit 5 (IE0) is
//!   on. The 68000's acknowledge clears bit 7 ([`Vdp::acknowledge_interrupt`]).
//! - **HINT** (level 4): the line counter is loaded from register 10 on every line of
//!   vertical blank after the first, and decremented at the end of each active line and of
//!   the first blank line; when it goes below zero it is reloaded and a horizontal
//!   interrupt is pending, requested while register 0 bit 4 (IE1) is on. With register 10
//!   = N the first HINT comes at the end of line N, then every N + 1 lines (GPGX: the
//!   counter runs over lines 0 to the first blank line inclusive).
//! - **V counter**: the line number, with the NTSC V28 jump $EA -> $E5 (lines 235-261
//!   read $E5-$FF), and NTSC V30 ($00-$FF, then $00-$05: the counter wraps).

use crate::Vdp;

/// Master clocks per line (both H32 and H40).
pub const MASTER_PER_LINE: u32 = 3_420;
/// Lines per NTSC frame.
pub const LINES_PER_FRAME_NTSC: u16 = 262;

/// Register 0 bit 4: horizontal interrupt enable.
const REG0_IE1: u8 = 0x10;
/// Register 1 bit 5: vertical interrupt enable.
const REG1_IE0: u8 = 0x20;

/// The line position and the HINT counter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineState {
    /// The line being run, 0 = the first active line.
    pub line: u16,
    /// Register 10's counter.
    pub hint_counter: i16,
    /// A horizontal interrupt is pending.
    pub hint_pending: bool,
}

/// What the end of a line did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineEnd {
    /// Vertical blank began (the last active line ended; bit 7 set).
    pub vblank: bool,
    /// The HINT counter went below zero.
    pub hint: bool,
}

impl Vdp {
    /// The line being run (0 = first active line, up to 261).
    #[must_use]
    pub fn line(&self) -> u16 {
        self.timing.line
    }

    /// Whether the line being run is one of the frame's active lines with the display on
    /// (the VDP's access slots are few; DMA is slow).
    #[must_use]
    pub fn in_active_display(&self) -> bool {
        self.registers.display_enabled() && self.timing.line < self.registers.v_mode().height_px()
    }

    /// Evaluates the line being run and moves to the next: at line 0 the frame begins
    /// (link walk, sprite view); an active line is drawn; the HINT counter runs; after the
    /// last active line vertical blank begins.
    pub fn end_line(&mut self) -> LineEnd {
        let line = self.timing.line;
        if line == 0 {
            self.begin_frame();
        }
        let height = self.frame_mode.1.height_px();
        let mut out = LineEnd::default();
        if line < height {
            self.active_line(line);
        }
        if line <= height {
            self.timing.hint_counter -= 1;
            if self.timing.hint_counter < 0 {
                self.timing.hint_counter = i16::from(self.registers.read(10));
                self.timing.hint_pending = true;
                out.hint = true;
            }
        } else {
            self.timing.hint_counter = i16::from(self.registers.read(10));
        }
        if line + 1 == height {
            self.enter_vblank();
            out.vblank = true;
        }
        self.timing.line = (line + 1) % LINES_PER_FRAME_NTSC;
        if self.timing.line == 0 {
            // The next frame's active display starts (with the display off bit 3 stays).
            self.status.vblank = !self.registers.display_enabled();
        }
        out
    }

    /// The interrupt level the chip requests of the 68000 now: 6 for VINT, 4 for HINT,
    /// 0 for none.
    #[must_use]
    pub fn irq_level(&self) -> u8 {
        if self.status.vint_pending && self.registers.read(1) & REG1_IE0 != 0 {
            6
        } else if self.timing.hint_pending && self.registers.read(0) & REG0_IE1 != 0 {
            4
        } else {
            0
        }
    }

    /// The 68000 acknowledged an interrupt of `level`: 6 clears bit 7, 4 the pending HINT.
    pub fn acknowledge_interrupt(&mut self, level: u8) {
        match level {
            6 => self.status.vint_pending = false,
            4 => self.timing.hint_pending = false,
            _ => {}
        }
    }

    /// The V counter byte of the line being run.
    #[must_use]
    pub fn v_counter(&self) -> u8 {
        let line = self.timing.line;
        let v = match self.registers.v_mode() {
            crate::VMode::V28 if line > 0xEA => line - 6,
            _ => line,
        };
        (v & 0xFF) as u8
    }

    /// The HV counter word ($C00008) `master_in_line` master clocks into the line being
    /// run: V counter high, H counter low. The H byte runs linearly over the line through
    /// the H32 ($00-$93, $E9-$FF) or H40 ($00-$B6, $E4-$FF) sequence: a counter good for
    /// polling a line, not the chip's exact dot timing.
    #[must_use]
    pub fn hv_counter(&self, master_in_line: u32) -> u16 {
        (u16::from(self.v_counter()) << 8)
            | u16::from(h_counter(master_in_line, self.registers.h_mode()))
    }
}

/// The H counter byte `master_in_line` master clocks into a line.
#[must_use]
pub fn h_counter(master_in_line: u32, h_mode: crate::HMode) -> u8 {
    // H32: 171 counter values a line ($00-$93, $E9-$FF); H40: 211 ($00-$B6, $E4-$FF).
    let (values, last, jump_to) = match h_mode {
        crate::HMode::H32 => (171, 0x93, 0xE9),
        crate::HMode::H40 => (211, 0xB6, 0xE4),
    };
    let k = (master_in_line % MASTER_PER_LINE) * values / MASTER_PER_LINE;
    let h = if k <= last {
        k
    } else {
        jump_to + (k - last - 1)
    };
    (h & 0xFF) as u8
}
