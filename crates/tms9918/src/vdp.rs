//! The chip: memory, registers, the CPU ports, S#0, and one frame at a time.
//!
//! A frame ([`Vdp::run_frame`]) does what the chip does between two frame interrupts,
//! seen from the CPU: it checks the sprites of lines 0..=192 against the memory and
//! registers as they are, merges the result into S#0, draws lines 0-191 (the picture of
//! [`crate::picture`] with the sprites over it), and finally sets F (after the last
//! active line; openMSX sets F at VSCAN, after its end-of-display sprite check). The
//! frame, the sprite view and S#0 are then what a program would find at the start of
//! vertical blanking.
//!
//! A board that runs the CPU between lines drives the frame in pieces, each at the moment
//! the chip does it (openMSX `VDP` and `SpriteChecker`, commit 632d46cc):
//! - [`Vdp::check_line`]`(0)` at the end of the last line of the top border (it starts
//!   the frame's sprite history over), and [`Vdp::check_line`]`(d)` at the end of
//!   display line `d - 1`: the sprite check of a line runs one line before the line
//!   shows it (`SpriteChecker::getSprites`,
//!   "sprites are checked one line earlier than they are displayed"), with the tables and
//!   registers as they are then, and sets that line's flags;
//! - [`Vdp::latch_line_mode`] early in every line: R1's display enable (BL) and text-mode
//!   bit (M1) take effect at the start of the line after the write (openMSX
//!   `VDP::syncAtNextLine` for `syncSetBlank` and `syncSetMode`, 144 VDP ticks, 24 Z80
//!   T-states, into the line), while R1's size and magnification, R5, R6 and VRAM count
//!   from the moment they are written (`SpriteChecker::updateSpriteSizeMag`, `updateVRAM`);
//! - [`Vdp::draw_line`] after each display line: the picture from the registers and VRAM as
//!   they are, with the sprites its check kept;
//! - [`Vdp::end_frame`] after the check of line 192: F is set.
//!
//! [`Vdp::run_line`] does a line's check and drawing at once, for callers that step the
//! frame without a CPU (a line's flags are then set by the time it returns).
//!
//! Only a line whose check reads something that changed since the last read is read
//! again ([`crate::check`]): a frame whose tables and registers stay put during the display
//! costs one read of the tables, at line 0.
//!
//! S#0 is not cleared between frames: as on the chip, only a status read clears it. The
//! MSX BIOS reads S#0 in every frame interrupt (msx.md §3, STATFL); a caller that wants
//! each frame's own flags reads the status after each frame. Without a read, F stays set
//! and the next frame cannot store a fifth sprite (the F rule of [`crate::check`]).
//!
//! Two ways to drive it, with the same effect on memory and registers:
//! - the ports, as a Z80 does ([`Vdp::write_control`], [`Vdp::write_data`],
//!   [`Vdp::read_data`], [`Vdp::read_status`]);
//! - direct calls ([`Vdp::write_register`], [`Vdp::write_vram`]), which leave the port
//!   state (pointer, latch, read buffer) alone so both can be mixed.

use crate::check::{self, DroppedLines, LineBuffer};
use crate::draw::{self, FRAME_PIXELS};
use crate::error::VramImageError;
use crate::palette;
use crate::picture;
use crate::ports::CpuPort;
use crate::registers::Registers;
use crate::registers::{R1_BL, R1_M1, R1_MAG, R1_SI, SpriteLayout};
use crate::sat::SatScan;
use crate::status::{self, Status};
use crate::view::{self, SpriteHistory, SpriteView};
use crate::vram::{VRAM_SIZE, Vram};

pub use crate::check::CHECKED_LINES;
pub use crate::draw::{HEIGHT_PX, WIDTH_PX};

/// A line of [`Vdp::collides`] not compared yet (0 and 1 are no and yes).
const COLLIDES_UNKNOWN: u8 = 2;

/// A TMS9918A.
#[derive(Clone)]
pub struct Vdp {
    vram: Vram,
    registers: Registers,
    port: CpuPort,
    s0: u8,
    frame: Box<[u8; FRAME_PIXELS]>,
    scan: Box<SatScan>,
    lines: Box<LineBuffer>,
    /// Whether two of a line's shown sprites overlap, as far as worked out since the lines
    /// were last read ([`COLLIDES_UNKNOWN`] where not yet): the lines stay as they are
    /// until the next read, so each is compared once, not once a frame.
    collides: Box<[u8; CHECKED_LINES]>,
    dropped: Box<DroppedLines>,
    history: Box<SpriteHistory>,
    views: Vec<SpriteView>,
    frames: u64,
    frame_output: bool,
    /// R1's BL and M1 as the current line took them ([`Vdp::latch_line_mode`]).
    line_r1: u8,
    /// Something the sprite check reads has changed since the last read of the tables.
    dirty: bool,
    /// The last read of the tables was line 0's: the lines, drops and history it left
    /// are the whole frame's, and a frame whose tables did not change since gets the same
    /// from them ([`Vdp::check_line`]).
    read_at_line_0: bool,
    /// The sprite views are made from the history and drops as they are now.
    views_current: bool,
    /// The index of the `Y = 208` entry at the last read, or 32.
    end_index: u8,
    /// The display line whose check set C in this frame.
    collision_line: Option<u16>,
    /// The display line whose check stored the fifth sprite (set 5S) in this frame.
    fifth_line: Option<u16>,
}

impl std::fmt::Debug for Vdp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Vdp")
            .field("registers", &self.registers)
            .field("s0", &format_args!("{:#04x}", self.s0))
            .field("port", &self.port)
            .field("vram", &self.vram)
            .field("sprites", &self.views.len())
            .field("frames", &self.frames)
            .finish_non_exhaustive()
    }
}

impl Default for Vdp {
    fn default() -> Self {
        Self::new()
    }
}

impl Vdp {
    /// Power-on state as openMSX resets it: VRAM, registers and S#0 zero (display
    /// blanked), the frame all colour 0, no sprites.
    #[must_use]
    pub fn new() -> Self {
        Self {
            vram: Vram::new(),
            registers: Registers::new(),
            port: CpuPort::new(),
            s0: 0,
            frame: Box::new([0; FRAME_PIXELS]),
            scan: Box::new(SatScan::new()),
            lines: Box::new(LineBuffer::new()),
            collides: Box::new([COLLIDES_UNKNOWN; CHECKED_LINES]),
            dropped: Box::new(DroppedLines::default()),
            history: Box::new(SpriteHistory::new()),
            views: Vec::with_capacity(crate::sat::SAT_ENTRIES),
            frames: 0,
            frame_output: true,
            line_r1: 0,
            dirty: true,
            read_at_line_0: false,
            views_current: false,
            end_index: 0,
            collision_line: None,
            fifth_line: None,
        }
    }

    // ---- Direct API -------------------------------------------------------------------

    /// Writes register `n & 7` as the control-port pair `v, 0x80 | n` would.
    pub fn write_register(&mut self, n: u8, v: u8) {
        let before = self.registers;
        self.registers.write(n, v);
        self.note_registers(&before);
    }

    /// Writes `bytes` from `addr` (modulo 16 KiB) on, wrapping at 16 KiB, as a write
    /// set-up at `addr` followed by data-port writes would.
    pub fn write_vram(&mut self, addr: u16, bytes: &[u8]) {
        self.vram.write_wrapping(addr, bytes);
        self.dirty = true;
    }

    /// Replaces the whole VRAM with a 16 KiB image, as an emulator dump holds it.
    ///
    /// # Errors
    /// [`VramImageError`] when `image` is not exactly 16,384 bytes; VRAM is unchanged.
    pub fn load_vram(&mut self, image: &[u8]) -> Result<(), VramImageError> {
        if image.len() != VRAM_SIZE {
            return Err(VramImageError::new(image.len()));
        }
        self.vram.write_wrapping(0, image);
        self.dirty = true;
        Ok(())
    }

    /// The byte at `addr` (modulo 16 KiB), without touching the read buffer.
    #[must_use]
    pub fn peek_vram(&self, addr: u16) -> u8 {
        self.vram.read(addr)
    }

    /// The whole VRAM.
    #[must_use]
    pub fn vram(&self) -> &[u8; VRAM_SIZE] {
        self.vram.as_bytes()
    }

    /// The registers.
    #[must_use]
    pub const fn registers(&self) -> &Registers {
        &self.registers
    }

    // ---- Ports ------------------------------------------------------------------------

    /// A byte to the control port (0x99).
    pub fn write_control(&mut self, v: u8) {
        let before = self.registers;
        self.port.write_control(v, &self.vram, &mut self.registers);
        if self.registers != before {
            self.note_registers(&before);
        }
    }

    /// A byte to the data port (0x98).
    pub fn write_data(&mut self, v: u8) {
        let addr = self.port.pointer();
        self.port.write_data(v, &mut self.vram);
        self.note_vram_write(addr);
    }

    /// A data-port write that came while the last CPU access still waited for its access
    /// slot: it replaces that access ([`CpuPort::write_data_replacing`]).
    pub fn write_data_replacing(&mut self, v: u8) {
        let addr = self.port.write_data_replacing(v, &mut self.vram);
        self.note_vram_write(addr);
    }

    /// A data-port read that came while the last CPU access still waited for its access
    /// slot: it replaces that access ([`CpuPort::read_data_replacing`]).
    pub fn read_data_replacing(&mut self) -> u8 {
        let addr = self.port.last_addr();
        let value = self.port.read_data_replacing(&mut self.vram);
        self.note_vram_write(addr);
        value
    }

    /// A read set-up about to prefetch while a write still waits for its slot: the write
    /// is lost ([`CpuPort::lose_waiting_write`]).
    pub fn lose_waiting_write(&mut self) {
        if let Some(addr) = self.port.lose_waiting_write(&mut self.vram) {
            self.note_vram_write(addr);
        }
    }

    /// A register changed: the sprite check reads R1's size and magnification and the two
    /// table bases from the moment they are written (BL and M1 wait for the next line, see
    /// [`Vdp::latch_line_mode`]).
    fn note_registers(&mut self, before: &Registers) {
        let now = &self.registers;
        if (now.get(1) ^ before.get(1)) & (R1_SI | R1_MAG) != 0
            || now.get(5) != before.get(5)
            || now.get(6) != before.get(6)
        {
            self.dirty = true;
        }
    }

    /// A CPU write to `addr`: the attribute table and the sprite patterns are what the
    /// check reads (openMSX observes the same two windows, `SpriteChecker::updateVRAM`).
    #[inline]
    fn note_vram_write(&mut self, addr: u16) {
        let sat = u16::from(self.registers.get(5) & 0x7F) * 0x80;
        let patterns = u16::from(self.registers.get(6) & 0x07) * 0x800;
        if addr.wrapping_sub(sat) < 0x80 || addr.wrapping_sub(patterns) < 0x800 {
            self.dirty = true;
        }
    }

    /// A byte from the data port (0x98).
    pub fn read_data(&mut self) -> u8 {
        self.port.read_data(&self.vram)
    }

    /// S#0 from the control port (0x99): clears F, 5S and C and resets the control latch.
    pub fn read_status(&mut self) -> u8 {
        self.port.read_status(&mut self.s0)
    }

    /// S#0 without the side effects of a read.
    #[must_use]
    pub const fn peek_status(&self) -> u8 {
        self.s0
    }

    /// S#0 decoded, without the side effects of a read.
    #[must_use]
    pub const fn status(&self) -> Status {
        Status(self.s0)
    }

    /// The display line (0-192) whose sprite check set C in the current or last frame;
    /// `None` when no check of that frame set it (it may stand from an earlier frame that
    /// no status read followed).
    #[must_use]
    pub const fn collision_line(&self) -> Option<u16> {
        self.collision_line
    }

    /// The display line (0-192) whose sprite check stored the fifth sprite and set 5S in
    /// the current or last frame; `None` when none did (5S standing from an earlier frame,
    /// or no line with a fifth sprite).
    #[must_use]
    pub const fn fifth_line(&self) -> Option<u16> {
        self.fifth_line
    }

    /// The CPU port state (pointer, latch).
    #[must_use]
    pub const fn port(&self) -> &CpuPort {
        &self.port
    }

    /// The INT line: F is set and R1 IE enables the frame interrupt.
    #[must_use]
    pub const fn interrupt(&self) -> bool {
        self.s0 & status::F != 0 && self.registers.interrupt_enabled()
    }

    // ---- Frames -----------------------------------------------------------------------

    /// Renders one full frame and sets F: every checked line, from line 0.
    pub fn run_frame(&mut self) {
        for line in 0..CHECKED_LINES as u16 {
            self.run_line(line);
        }
    }

    /// R1's display enable (BL) and text-mode bit (M1) as the line now starting takes them:
    /// a write takes effect at the start of the next line (openMSX `syncAtNextLine`). A
    /// caller without a CPU between lines need not call it: [`Vdp::run_line`] does.
    pub fn latch_line_mode(&mut self) {
        let r1 = self.registers.get(1) & (R1_BL | R1_M1);
        if r1 != self.line_r1 {
            self.line_r1 = r1;
            self.dirty = true;
        }
    }

    /// The sprite layout of the line in progress, `None` when its sprite plane is off.
    fn line_layout(&self) -> Option<SpriteLayout> {
        if self.line_r1 != R1_BL {
            return None;
        }
        let mut r = self.registers;
        r.write(1, (r.get(1) & !(R1_BL | R1_M1)) | self.line_r1);
        r.sprite_layout()
    }

    /// The sprite check of display line `line` (0-192), as the chip runs it at the end of
    /// the line before (see the module docs): the tables are read again if anything the
    /// check reads changed since the last read (always for line 0), then
    /// - with the sprite plane off (display blanked or text mode, as the line took R1) the
    ///   line shows no sprite and no flag changes (openMSX `updateSprites1`);
    /// - the line's fifth sprite is stored with 5S if F and 5S are both clear; with 5S
    ///   clear, FS4-0 take the scan end, the index of the `Y = 208` entry or 31 (openMSX
    ///   `SpriteChecker::checkSprites1`, "Update status register");
    /// - C is set if it is clear and two of the line's shown sprites overlap, so after a
    ///   status read cleared it, the next overlapping line sets it again.
    ///
    /// Lines past 192 do nothing.
    pub fn check_line(&mut self, line: u16) {
        let d = usize::from(line);
        if d >= CHECKED_LINES {
            return;
        }
        let layout = self.line_layout();
        if d == 0 {
            self.collision_line = None;
            self.fifth_line = None;
        }
        // Line 0 of a frame whose tables, registers and sprite plane are as the last
        // frame's line 0 read them, with no read since: the scan, every line's sprites,
        // the drops and the history (one state per entry, from line 0) would come out as
        // they are, so they stand (the common frame of a program that moves nothing).
        if self.dirty || (d == 0 && !self.read_at_line_0) {
            self.dirty = false;
            self.read_at_line_0 = d == 0;
            self.views_current = false;
            match layout {
                Some(layout) => self.scan.scan(&self.vram, layout),
                None => self.scan.clear(),
            }
            check::check_lines(&self.scan, d, &mut self.lines, &mut self.dropped);
            self.collides[d..].fill(COLLIDES_UNKNOWN);
            self.history.record(line, &self.scan);
            self.end_index = self.scan.end_index().min(crate::sat::SAT_ENTRIES) as u8;
        }
        if layout.is_none() {
            return;
        }
        self.s0 = self.merge_line(line, self.s0);
    }

    /// S#0 after display line `line`'s check with the sprite plane on, from `s0` before it
    /// (the rules of [`Vdp::check_line`]); notes the line that set 5S or C.
    #[inline(always)]
    fn merge_line(&mut self, line: u16, mut s0: u8) -> u8 {
        let d = usize::from(line);
        if let Some(number) = self.lines.fifth(d)
            && s0 & (status::F | status::FIFTH_SPRITE) == 0
        {
            s0 = (s0 & status::COLLISION) | status::FIFTH_SPRITE | (number & 0x1F);
            self.fifth_line = Some(line);
        }
        if s0 & status::FIFTH_SPRITE == 0 {
            s0 = (s0 & (status::F | status::COLLISION)) | self.end_index.min(31);
        }
        if s0 & status::COLLISION == 0 && self.line_collides(d) {
            s0 |= status::COLLISION;
            self.collision_line.get_or_insert(line);
        }
        s0
    }

    /// Whether two of the sprites line `d` shows overlap ([`check::line_collides`]),
    /// from the cache when this read of the lines worked it out before.
    #[inline(always)]
    fn line_collides(&mut self, d: usize) -> bool {
        match self.collides[d] {
            COLLIDES_UNKNOWN => self.compare_line(d),
            known => known != 0,
        }
    }

    /// [`Vdp::line_collides`] worked out and kept: once per line and read of the lines.
    #[cold]
    #[inline(never)]
    fn compare_line(&mut self, d: usize) -> bool {
        let shown = self.lines.line(d);
        let hit = shown.len() > 1 && check::line_collides(shown);
        self.collides[d] = u8::from(hit);
        hit
    }

    /// Display lines `from..=191` with no CPU in between, as a board runs them after its
    /// CPU halted for the rest of the frame: each line drawn ([`Vdp::draw_line`]) and the
    /// next one checked ([`Vdp::check_line`]), R1's mode as the first line took it
    /// ([`Vdp::latch_line_mode`], which no later line changes: nothing writes the
    /// registers). The same as those calls line by line: with nothing written between
    /// them, only the first check can read the tables again, and the others merge their
    /// lines' flags into S#0 under one sprite layout. F is not set ([`Vdp::end_frame`]).
    pub fn run_lines_alone(&mut self, from: u16) {
        let last = (CHECKED_LINES - 1) as u16;
        if from >= last {
            return;
        }
        if self.frame_output {
            for line in from..last {
                self.latch_line_mode();
                self.draw_line(line);
                self.check_line(line + 1);
            }
            return;
        }
        self.latch_line_mode();
        self.check_line(from + 1);
        if self.line_layout().is_none() {
            return;
        }
        let mut s0 = self.s0;
        for line in from + 2..=last {
            s0 = self.merge_line(line, s0);
        }
        self.s0 = s0;
    }

    /// Runs display line `line` (0-192) with no CPU in between: R1's mode as the line takes
    /// it ([`Vdp::latch_line_mode`]), the line's sprite check ([`Vdp::check_line`]), then
    /// its picture ([`Vdp::draw_line`]); after line 192 (checked, never drawn, msx.md
    /// cross-check note) F is set ([`Vdp::end_frame`]). Lines past 192 do nothing.
    pub fn run_line(&mut self, line: u16) {
        if usize::from(line) >= CHECKED_LINES {
            return;
        }
        self.latch_line_mode();
        self.check_line(line);
        self.draw_line(line);
        if usize::from(line) + 1 == CHECKED_LINES {
            self.end_frame();
        }
    }

    /// Draws display line `line` (0-191) into the frame, when frame output is on: the
    /// picture from the registers and VRAM as they are now, and over it the sprites the
    /// line's check kept, if the display is on and the mode has sprites now.
    pub fn draw_line(&mut self, line: u16) {
        if !self.frame_output {
            return;
        }
        let y = usize::from(line);
        let Some(row) = self
            .frame
            .get_mut(y * WIDTH_PX..(y + 1) * WIDTH_PX)
            .and_then(|r| <&mut [u8; WIDTH_PX]>::try_from(r).ok())
        else {
            return;
        };
        picture::draw_line(row, line, &self.registers, &self.vram);
        // A line blanked after its check shows no sprites (its flags stand).
        if self.registers.sprite_layout().is_some() {
            draw::draw_sprites(row, self.lines.line(y));
        }
    }

    /// The end of the active display, after the check of line 192: F is set (openMSX
    /// `VDP::execVScan`) and the frame's sprite view is made from the lines as drawn.
    pub fn end_frame(&mut self) {
        self.s0 |= status::F;
        self.frames = self.frames.wrapping_add(1);
        // Views made from the same history and drops would be the same.
        if !self.views_current {
            view::update_views(&mut self.views, &self.history, &self.dropped);
            self.views_current = true;
        }
    }

    /// Whether some sprite changed during the last frame's display, so that its view is
    /// cut into the slices each state showed.
    #[must_use]
    pub fn sprites_changed_in_frame(&self) -> bool {
        self.history.changed()
    }

    /// Turns drawing the frame on or off. Off is the collision-only mode: S#0, the sprite
    /// view and the line sprites are computed as usual, and [`Vdp::frame_indexed`] keeps
    /// the lines last drawn with output on.
    pub fn set_frame_output(&mut self, on: bool) {
        self.frame_output = on;
    }

    /// Whether lines are drawn into the frame.
    #[must_use]
    pub const fn frame_output(&self) -> bool {
        self.frame_output
    }

    /// Frames rendered since power-on.
    #[must_use]
    pub const fn frame_count(&self) -> u64 {
        self.frames
    }

    /// The last frame: 256 x 192 palette indices (0-15), row by row.
    #[must_use]
    pub fn frame_indexed(&self) -> &[u8] {
        &self.frame[..]
    }

    /// Frame width: 256.
    #[must_use]
    pub const fn width_px(&self) -> u16 {
        WIDTH_PX as u16
    }

    /// Frame height: 192.
    #[must_use]
    pub const fn height_px(&self) -> u16 {
        HEIGHT_PX as u16
    }

    /// The last frame in RGB (0x00RRGGBB), with the TMS9918 palette of [`crate::palette`].
    /// `out` is cleared and refilled.
    pub fn frame_rgb(&self, out: &mut Vec<u32>) {
        out.clear();
        out.resize(FRAME_PIXELS, 0);
        for (rgb, &index) in out.iter_mut().zip(self.frame.iter()) {
            *rgb = palette::rgb(index);
        }
    }

    /// The sprites of the last frame, SAT entries before the terminator in table order;
    /// empty when sprites were off (display blanked or text mode).
    #[must_use]
    pub fn sprites(&self) -> &[SpriteView] {
        &self.views
    }

    /// The sprites the checker kept for `line` (0..=192) in the last frame, front first.
    #[must_use]
    pub fn line_sprites(&self, line: usize) -> &[check::LineSprite] {
        self.lines.line(line)
    }
}
