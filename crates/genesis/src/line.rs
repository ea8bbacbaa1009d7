//! The chip line by line: the V counter, the end of each line's evaluation, vertical
//! blank, and the two interrupts the 68000 sees (sources/genesis.md section 4; Genesis Plus
//! GX `system_frame_gen` and `vdp_hvc_r`; CMD genvdp.txt on registers 0, 1 and 10).
//!
//! A board calls [`Vdp::start_line`] as a line begins (its sprites drawn, bits 5 and 6
//! set when the line sets them), runs the CPU to the end of the active display, calls
//! [`Vdp::hblank`] (HINT), runs the CPU to the end of the line and calls
//! [`Vdp::next_line`].
//! An NTSC frame is 262 lines of 3,420 master clocks: the active lines (224 in V28, 240 in
//! V30), then vertical blank.
//!
//! - **VINT** (level 6): when the first line after the active display starts, status bits 3 (vblank) and 7 (F)
//!   are set; the interrupt is requested while bit 7 is set and register 1 bit 5 (IE0) is
//!   on. The 68000's acknowledge clears bit 7 ([`Vdp::acknowledge_interrupt`]).
//! - **HINT** (level 4): the line counter is loaded from register 10 on every line of
//!   vertical blank after the first, and decremented at the end of the active display of
//!   each active line and of the first blank line; when it goes below zero it is reloaded
//!   and a horizontal interrupt is pending, requested while register 0 bit 4 (IE1) is on.
//!   With register 10 = N the first HINT comes in line N's hblank, then every N + 1 lines,
//!   and the handler reads line N's V counter (GPGX: the counter runs over lines 0 to the
//!   first blank line inclusive; the cross-check in tests/crosscheck agrees on the V).
//! - **Power-on**: [`Vdp::power_on`] puts the chip where a console's VDP is when the
//!   68000 leaves reset: line 159 ([`POWER_ON_LINE`]), [`POWER_ON_MASTER_IN_LINE`] master
//!   clocks in (a VA4 NTSC console's first HV read after `move.w #$8104,$C00004` is $9F21
//!   on every power-on, as reported in Genesis Plus GX `gen_reset`, which starts its 68000
//!   there), in a frame of 192 active lines (the power-on mode 4's height; GPGX applies a
//!   height change from the next frame, `vdp_reg_w` register 1). That frame's vertical
//!   blank therefore begins after line 191, with VINT, and the V counter goes on from the
//!   first blank line of the mode then set (224 in V28), as in GPGX, whose first frame
//!   after reset ends there: a program's first VINT comes about 16,000 68000 cycles after
//!   reset, not a whole frame later.
//! - **V counter**: the line number, with the NTSC V28 jump $EA -> $E5 (lines 235-261
//!   read $E5-$FF), and NTSC V30 ($00-$FF, then $00-$05: the counter wraps).

use crate::Vdp;

/// Master clocks per line (both H32 and H40).
pub const MASTER_PER_LINE: u32 = 3_420;
/// Lines per NTSC frame.
pub const LINES_PER_FRAME_NTSC: u16 = 262;

/// The line the VDP is on when the 68000 leaves reset at power-on.
pub const POWER_ON_LINE: u16 = 159;
/// Master clocks into [`POWER_ON_LINE`] at that moment: GPGX `gen_reset`'s 1,004 rounded
/// down to whole 68000 cycles (7 master clocks each).
pub const POWER_ON_MASTER_IN_LINE: u32 = 1_001;
/// Active lines of the frame the VDP is in at power-on (mode 4's 192).
pub const POWER_ON_ACTIVE_LINES: u16 = 192;

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
    /// The active lines of the power-on frame, until its vertical blank begins.
    pub power_on_active: Option<u16>,
}

/// What a line's start or hblank did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineEnd {
    /// Vertical blank began (bit 7 set).
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

    /// The start of the line being run: at line 0 the frame begins (link walk, sprite
    /// view); an active line's sprites are scanned, fetched and drawn now, so bits 5 and 6
    /// read set from here on in the line that sets them (as GPGX, which renders a line as
    /// it begins); at the first line after the active display vertical blank begins
    /// (bits 3 and 7 set: [`LineEnd::vblank`]).
    pub fn start_line(&mut self) -> LineEnd {
        let line = self.timing.line;
        if line == 0 {
            self.begin_frame();
        }
        let height = self
            .timing
            .power_on_active
            .unwrap_or(self.frame_mode.1.height_px());
        let mut out = LineEnd::default();
        if line < height {
            self.active_line(line);
        } else if line == height {
            self.enter_vblank();
            out.vblank = true;
            if self.timing.power_on_active.take().is_some() {
                // The power-on frame's blank goes on from the current mode's first blank
                // line.
                self.timing.line = self.registers.v_mode().height_px();
            }
        }
        out
    }

    /// The chip as the 68000 finds it leaving reset at power-on: [`POWER_ON_LINE`] of a
    /// frame of [`POWER_ON_ACTIVE_LINES`] active lines (the line's start has passed: the
    /// board runs the CPU from [`POWER_ON_MASTER_IN_LINE`] into it). Call it on a chip
    /// fresh from [`Vdp::new`].
    pub fn power_on(&mut self) {
        self.begin_frame();
        self.views.not_shown_before(POWER_ON_LINE);
        self.timing.line = POWER_ON_LINE;
        self.timing.power_on_active = Some(POWER_ON_ACTIVE_LINES);
    }

    /// The end of the line's active display (the board calls it at
    /// [`Vdp::hblank_master`] into the line): the HINT counter runs, and a HINT is pending
    /// when it goes below zero ([`LineEnd::hint`]). The V counter still reads this line.
    pub fn hblank(&mut self) -> LineEnd {
        let line = self.timing.line;
        let height = self.frame_mode.1.height_px();
        let mut out = LineEnd::default();
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
        out
    }

    /// Master clocks from the start of a line to the end of its active display, where
    /// [`Vdp::hblank`] belongs: H counter $80 in H32 (pixel $100 at 10 clocks a pixel),
    /// $A0 in H40 (pixel $140 at 8): 2,560 clocks in both.
    #[must_use]
    pub fn hblank_master(&self) -> u32 {
        match self.registers.h_mode() {
            crate::HMode::H32 => 0x100 * 10,
            crate::HMode::H40 => 0x140 * 8,
        }
    }

    /// Moves to the next line (after the last, line 0 of the next frame, whose active
    /// display clears the vertical-blank part of bit 3).
    pub fn next_line(&mut self) {
        self.timing.line = (self.timing.line + 1) % LINES_PER_FRAME_NTSC;
        if self.timing.line == 0 {
            self.status.vblank = false;
        }
    }

    /// A whole line at once: [`Vdp::start_line`], [`Vdp::hblank`], [`Vdp::next_line`];
    /// what the start and the hblank did, together.
    pub fn step_line(&mut self) -> LineEnd {
        let start = self.start_line();
        let hblank = self.hblank();
        self.next_line();
        LineEnd {
            vblank: start.vblank,
            hint: hblank.hint,
        }
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

    /// Whether register 0 bit 4 (IE1) lets a pending HINT request level 4: without it the
    /// line's [`Vdp::hblank`] changes nothing a 68000 that only reads the status word or
    /// the HV counter can see.
    #[must_use]
    pub fn hint_enabled(&self) -> bool {
        self.registers.read(0) & REG0_IE1 != 0
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
    /// run: V counter high, H counter low ([`h_counter`]: the H32 $00-$93, $E9-$FF or H40
    /// $00-$B6, $E4-$FF sequence at the chip's dot clock; H counter 0 is taken as the
    /// line's start).
    #[must_use]
    pub fn hv_counter(&self, master_in_line: u32) -> u16 {
        (u16::from(self.v_counter()) << 8)
            | u16::from(h_counter(master_in_line, self.registers.h_mode()))
    }
}

/// H40's dot clock over a line, from H counter 0: (EDCLK ticks, master clocks per tick).
/// Two ticks make a pixel. The clock runs at master / 4 except during horizontal sync
/// (internal H $1CD-$1ED), where it switches to master / 5 in the pattern Nemesis measured
/// ("analog screen sections in relation to HCounter", as quoted by Exodus and
/// clownmdemu `GetHCounterValue`): 420 pixels in 3,420 clocks.
const H40_DOT_CLOCK: [(u32, u32); 10] = [
    (738, 4), // $000-$16C, then $1C9-$1CC: 369 pixels
    (15, 5),  // $1CD.0-$1D4.5
    (2, 4),
    (15, 5),
    (2, 4),
    (15, 5),
    (2, 4),
    (13, 5), // to $1EC
    (2, 5),  // $1ED
    (36, 4), // $1EE-$1FF
];

/// The internal 9-bit pixel position `master_in_line` master clocks into a line (H32: one
/// pixel every 10 clocks; H40: [`H40_DOT_CLOCK`]), with the jump in each mode.
fn h_position(master_in_line: u32, h_mode: crate::HMode) -> u32 {
    let m = master_in_line % MASTER_PER_LINE;
    let (pixel, last, jump_to) = match h_mode {
        crate::HMode::H32 => (m / 10, 0x127, 0x1D2),
        crate::HMode::H40 => {
            let (mut left, mut ticks) = (m, 0);
            for (n, per) in H40_DOT_CLOCK {
                if left < n * per {
                    ticks += left / per;
                    break;
                }
                left -= n * per;
                ticks += n;
            }
            (ticks / 2, 0x16C, 0x1C9)
        }
    };
    if pixel <= last {
        pixel
    } else {
        jump_to + (pixel - last - 1)
    }
}

/// The H counter byte `master_in_line` master clocks into a line: the internal pixel
/// position's bits 8-1, so H32 reads $00-$93 then $E9-$FF and H40 $00-$B6 then $E4-$FF,
/// H40's values during horizontal sync lasting longer.
#[must_use]
pub fn h_counter(master_in_line: u32, h_mode: crate::HMode) -> u8 {
    ((h_position(master_in_line, h_mode) >> 1) & 0xFF) as u8
}
