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
//! A board that runs the CPU between lines calls [`Vdp::begin_frame`] and
//! [`Vdp::run_line`] itself: each line's picture then shows the registers and VRAM as
//! they are when that line is run, as a raster effect on the chip would.
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
use crate::sat::SatScan;
use crate::status::{self, Status};
use crate::view::{self, SpriteView};
use crate::vram::{VRAM_SIZE, Vram};

pub use crate::check::CHECKED_LINES;
pub use crate::draw::{HEIGHT_PX, WIDTH_PX};

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
    dropped: Box<DroppedLines>,
    views: Vec<SpriteView>,
    frames: u64,
    pending: Pending,
    frame_output: bool,
}

/// What the sprite check of the frame in progress will flag, and on which line.
#[derive(Clone, Copy, Debug, Default)]
struct Pending {
    /// The earliest line with a fifth sprite, and its number.
    fifth: Option<(u16, u8)>,
    /// The first line two shown sprites overlap on.
    collision_line: Option<u16>,
    /// Index of the `Y = 208` entry, or 32.
    end_index: u8,
    /// Sprites are checked this frame (display on, not text mode).
    checked: bool,
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
            dropped: Box::new(DroppedLines::default()),
            views: Vec::with_capacity(crate::sat::SAT_ENTRIES),
            frames: 0,
            pending: Pending::default(),
            frame_output: true,
        }
    }

    // ---- Direct API -------------------------------------------------------------------

    /// Writes register `n & 7` as the control-port pair `v, 0x80 | n` would.
    pub fn write_register(&mut self, n: u8, v: u8) {
        self.registers.write(n, v);
    }

    /// Writes `bytes` from `addr` (modulo 16 KiB) on, wrapping at 16 KiB, as a write
    /// set-up at `addr` followed by data-port writes would.
    pub fn write_vram(&mut self, addr: u16, bytes: &[u8]) {
        self.vram.write_wrapping(addr, bytes);
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
        self.port.write_control(v, &self.vram, &mut self.registers);
    }

    /// A byte to the data port (0x98).
    pub fn write_data(&mut self, v: u8) {
        self.port.write_data(v, &mut self.vram);
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

    /// Renders one full frame and sets F: [`Vdp::begin_frame`] then every checked line.
    pub fn run_frame(&mut self) {
        self.begin_frame();
        for line in 0..CHECKED_LINES as u16 {
            self.run_line(line);
        }
    }

    /// Starts a frame's active display: reads the attribute and pattern tables as they
    /// are now and works out which sprites each line shows. Nothing in S#0 changes yet;
    /// [`Vdp::run_line`] sets each flag on the line the chip sets it.
    ///
    /// The tables are read once, at the top of the display (line 0): a program that moves
    /// sprites in the middle of the active display is seen from the next frame on. Games
    /// write the attribute table in vertical blanking, which this covers.
    pub fn begin_frame(&mut self) {
        match self.registers.sprite_layout() {
            Some(layout) => {
                self.scan.scan(&self.vram, layout);
                let outcome = check::check_frame(&self.scan, 0, &mut self.lines, &mut self.dropped);
                self.pending = Pending {
                    fifth: outcome.fifth,
                    collision_line: check::first_collision_line(&self.lines),
                    end_index: outcome.end_index,
                    checked: true,
                };
                view::update_views(&mut self.views, &self.scan, &self.dropped);
            }
            None => {
                self.lines.clear();
                self.dropped.clear();
                self.views.clear();
                self.pending = Pending::default();
            }
        }
    }

    /// Runs display line `line` (0-192) of the frame [`Vdp::begin_frame`] started:
    /// - lines 0-191 are drawn: the picture from the registers and VRAM as they are now,
    ///   and over it the sprites the check at [`Vdp::begin_frame`] kept for the line, if
    ///   the display is on and the mode has sprites now;
    /// - the fifth sprite is stored with 5S on the earliest line that has one, if F and
    ///   5S are both clear at that moment (openMSX `SpriteChecker::checkSprites1`);
    /// - C is set on each line two shown sprites overlap (so a program reading S#0 in the
    ///   middle of the overlap sees it again on the next such line);
    /// - after line 192 (checked, never drawn, msx.md cross-check note) FS4-0 take the
    ///   scan end when 5S is clear and F is set: vertical blanking begins, and with R1 IE
    ///   the INT line goes low.
    ///
    /// Lines past 192 do nothing.
    pub fn run_line(&mut self, line: u16) {
        if self.frame_output && usize::from(line) < HEIGHT_PX {
            self.draw_line(line);
        }
        let p = self.pending;
        if p.checked {
            if let Some((l, number)) = p.fifth
                && l == line
                && self.s0 & (status::F | status::FIFTH_SPRITE) == 0
            {
                self.s0 = (self.s0 & status::COLLISION) | status::FIFTH_SPRITE | (number & 0x1F);
            }
            // Every line is checked as the chip shows it: a line with overlapping sprites
            // sets C again after a status read cleared it (openMSX
            // `SpriteChecker::checkSprites1`, which checks line by line up to the moment of
            // the read).
            if p.collision_line.is_some_and(|first| line >= first)
                && check::line_collides(self.lines.line(usize::from(line)))
            {
                self.s0 |= status::COLLISION;
            }
        }
        if usize::from(line) + 1 == CHECKED_LINES {
            self.end_frame();
        }
    }

    /// Draws display line `line` (0-191) into the frame.
    fn draw_line(&mut self, line: u16) {
        let y = usize::from(line);
        let Some(row) = self
            .frame
            .get_mut(y * WIDTH_PX..(y + 1) * WIDTH_PX)
            .and_then(|r| <&mut [u8; WIDTH_PX]>::try_from(r).ok())
        else {
            return;
        };
        picture::draw_line(row, line, &self.registers, &self.vram);
        // A blanked line or a mode without sprites shows none, whatever the check at the
        // top of the frame found (the check itself is not redone: its flags stand).
        if self.registers.sprite_layout().is_some() {
            draw::draw_sprites(row, self.lines.line(y));
        }
    }

    fn end_frame(&mut self) {
        if self.pending.checked && self.s0 & status::FIFTH_SPRITE == 0 {
            self.s0 = (self.s0 & (status::F | status::COLLISION)) | self.pending.end_index.min(31);
        }
        self.s0 |= status::F;
        self.frames = self.frames.wrapping_add(1);
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
