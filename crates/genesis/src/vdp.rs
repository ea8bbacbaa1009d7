//! The chip: memories, registers, port state, status, and the last frame's outputs; and
//! the direct write API, which has the same effect as the data port.

use crate::cram::{CRAM_BYTES, Cram};
use crate::error::ImageSizeError;
use crate::port::{PortState, VSRAM_ENTRIES};
use crate::registers::{HMode, Registers, VMode};
use crate::render::LineBuffer;
use crate::sprites::fetch::{LineFetch, SpriteState};
use crate::sprites::link::LinkList;
use crate::sprites::scan::LineIndex;
use crate::status::Status;
use crate::view::{SpriteView, SpriteViews};
use crate::vram::{VRAM_BYTES, Vram};

/// The 315-5313 VDP's sprite plane.
///
/// Drive it as a 68000 would, through [`Vdp::write_control`], [`Vdp::write_data`],
/// [`Vdp::read_data`] and [`Vdp::read_status`] (see [`crate::port`]), or through the
/// direct API ([`Vdp::write_register`], [`Vdp::write_vram`], [`Vdp::write_cram`]), which
/// has the same effect, the SAT cache included. Then [`Vdp::run_frame`] renders the
/// active lines and enters vertical blank.
#[derive(Clone)]
pub struct Vdp {
    pub(crate) registers: Registers,
    pub(crate) vram: Vram,
    pub(crate) cram: Cram,
    pub(crate) vsram: [u16; VSRAM_ENTRIES],
    pub(crate) port: PortState,
    pub(crate) status: Status,
    pub(crate) sprite_state: SpriteState,
    pub(crate) frame_output: bool,
    /// Planes drawn in the picture ([`Vdp::set_planes`]).
    pub(crate) planes: bool,
    pub(crate) timing: crate::line::LineState,
    pub(crate) dma: crate::dma::DmaState,
    pub(crate) fifo: crate::fifo::FifoState,
    pub(crate) fifo_words: crate::fifo::FifoWords,
    pub(crate) read_ahead: crate::prefetch::ReadAhead,
    // Per-frame work areas and outputs.
    pub(crate) links: LinkList,
    pub(crate) line_index: LineIndex,
    pub(crate) line_fetch: LineFetch,
    pub(crate) line_buffer: LineBuffer,
    pub(crate) views: SpriteViews,
    pub(crate) frame: Vec<u8>,
    pub(crate) frame_mode: (HMode, VMode),
    pub(crate) first_collision_line: Option<u16>,
    pub(crate) first_overflow_line: Option<u16>,
}

impl std::fmt::Debug for Vdp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Vdp")
            .field("registers", &self.registers)
            .field("port", &self.port)
            .field("status", &self.status)
            .field("sprite_state", &self.sprite_state)
            .field("frame_mode", &self.frame_mode)
            .field("first_collision_line", &self.first_collision_line)
            .field("first_overflow_line", &self.first_overflow_line)
            .finish_non_exhaustive()
    }
}

impl Default for Vdp {
    fn default() -> Self {
        Self::new()
    }
}

impl Vdp {
    /// A chip at power-on: all memories and registers zero (so the display is disabled,
    /// H32 V28), in vertical blank, no flags, no masking state carried from a previous
    /// line, frame output on. The frame holds backdrop index 0.
    #[must_use]
    pub fn new() -> Self {
        let mode = (HMode::H32, VMode::V28);
        Self {
            registers: Registers::default(),
            vram: Vram::default(),
            cram: Cram::default(),
            vsram: [0; VSRAM_ENTRIES],
            port: PortState::default(),
            status: Status {
                vblank: true,
                ..Status::default()
            },
            sprite_state: SpriteState::default(),
            frame_output: true,
            planes: false,
            timing: crate::line::LineState::default(),
            dma: crate::dma::DmaState::default(),
            fifo: crate::fifo::FifoState::default(),
            fifo_words: crate::fifo::FifoWords::default(),
            read_ahead: crate::prefetch::ReadAhead::default(),
            links: LinkList::default(),
            line_index: LineIndex::default(),
            line_fetch: LineFetch::default(),
            line_buffer: LineBuffer::default(),
            views: SpriteViews::default(),
            frame: vec![0; frame_len(mode)],
            frame_mode: mode,
            first_collision_line: None,
            first_overflow_line: None,
        }
    }

    /// Writes register `n` (0-23; higher numbers are ignored, as by the chip). Same as the
    /// control-port word `0x8000 | n << 8 | value`, except that it leaves the port's
    /// address and code alone.
    pub fn write_register(&mut self, n: u8, value: u8) {
        self.registers.write(n, value);
    }

    /// Writes `bytes` into VRAM from `addr` up, wrapping at 64 KiB; every byte passes the
    /// SAT cache, as through the data port.
    pub fn write_vram(&mut self, addr: u16, bytes: &[u8]) {
        let sat_base = self.registers.sat_base();
        self.vram.write(addr, bytes, sat_base);
    }

    /// Writes `bytes` into the 128-byte big-endian CRAM image from byte `addr` up,
    /// wrapping at 128 (entry n = bytes 2n, 2n + 1; `----BBB-` `GGG-RRR-`).
    pub fn write_cram(&mut self, addr: u8, bytes: &[u8]) {
        let mut a = addr;
        for &b in bytes {
            self.cram.write_byte(a, b);
            a = ((usize::from(a) + 1) % CRAM_BYTES) as u8;
        }
    }

    /// Writes one 9-bit colour (`----BBB-GGG-RRR-`) to CRAM entry `index` (0-63), as a
    /// data-port CRAM write does.
    pub fn write_cram_colour(&mut self, index: u8, colour: u16) {
        self.cram.write_colour(index, colour);
    }

    /// Loads a whole 64 KiB VRAM image, as writing every byte from address 0 (the SAT
    /// cache follows, for the SAT base set now).
    ///
    /// # Errors
    /// [`ImageSizeError`] unless `image` is exactly 65,536 bytes.
    pub fn load_vram(&mut self, image: &[u8]) -> Result<(), ImageSizeError> {
        if image.len() != VRAM_BYTES {
            return Err(ImageSizeError {
                memory: "VRAM",
                expected: VRAM_BYTES,
                got: image.len(),
            });
        }
        self.write_vram(0, image);
        Ok(())
    }

    /// Loads a whole 128-byte CRAM image (64 big-endian colour words).
    ///
    /// # Errors
    /// [`ImageSizeError`] unless `image` is exactly 128 bytes.
    pub fn load_cram(&mut self, image: &[u8]) -> Result<(), ImageSizeError> {
        if image.len() != CRAM_BYTES {
            return Err(ImageSizeError {
                memory: "CRAM",
                expected: CRAM_BYTES,
                got: image.len(),
            });
        }
        self.write_cram(0, image);
        Ok(())
    }

    /// Sets status bit 0 (PAL console). It changes nothing else: V30 renders either way.
    pub fn set_pal(&mut self, pal: bool) {
        self.status.pal = pal;
    }

    /// Turns writing the frame buffer on or off. Off is the collision-only mode: flags,
    /// first lines and the sprite view are computed as usual, [`Vdp::frame_indexed`]
    /// keeps the last frame rendered with output on.
    pub fn set_frame_output(&mut self, on: bool) {
        self.frame_output = on;
    }

    /// The registers.
    #[must_use]
    pub fn registers(&self) -> &Registers {
        &self.registers
    }

    /// The byte last written to register `n`.
    #[must_use]
    pub fn register(&self, n: u8) -> u8 {
        self.registers.read(n)
    }

    /// All of VRAM.
    #[must_use]
    pub fn vram(&self) -> &[u8; VRAM_BYTES] {
        self.vram.as_bytes()
    }

    /// The SAT cache: bytes 0-3 of each of the 80 entries, as the sprite scan sees them.
    #[must_use]
    pub fn sat_cache(&self) -> &[u8; 320] {
        self.vram.sat_cache().as_bytes()
    }

    /// The 64 CRAM colour words.
    #[must_use]
    pub fn cram(&self) -> &[u16; 64] {
        self.cram.colours()
    }

    /// The 40 VSRAM words (kept for the port; unused by the sprite plane).
    #[must_use]
    pub fn vsram(&self) -> &[u16; VSRAM_ENTRIES] {
        &self.vsram
    }

    /// The last frame: one CRAM index (palette * 16 + colour, 0-63) per pixel, row-major,
    /// [`Vdp::width_px`] x [`Vdp::height_px`]; the backdrop index (register 7) where no
    /// sprite pixel is opaque.
    #[must_use]
    pub fn frame_indexed(&self) -> &[u8] {
        &self.frame
    }

    /// Width of the last frame (256 in H32, 320 in H40; the power-on mode before any).
    #[must_use]
    pub fn width_px(&self) -> u16 {
        self.frame_mode.0.width_px()
    }

    /// Height of the last frame (224 in V28, 240 in V30).
    #[must_use]
    pub fn height_px(&self) -> u16 {
        self.frame_mode.1.height_px()
    }

    /// The last frame as `0x00RRGGBB`, through the current CRAM (each 3-bit channel
    /// expanded by bit replication, [`crate::colour_to_rgb`]). `out` is cleared and
    /// refilled, so its allocation can be reused frame after frame.
    pub fn frame_rgb(&self, out: &mut Vec<u32>) {
        let mut palette = [0u32; 64];
        for (i, p) in palette.iter_mut().enumerate() {
            *p = self.cram.rgb(i as u8);
        }
        out.clear();
        out.extend(self.frame.iter().map(|&i| palette[usize::from(i & 0x3F)]));
    }

    /// Every entry of the link list the last frame walked, in link order (an entry a
    /// link cycle visits again appears again), with its box, mask and what was not drawn.
    #[must_use]
    pub fn sprites(&self) -> &[SpriteView] {
        self.views.as_slice()
    }

    /// The first active line of the last frame on which a sprite collision was found
    /// (whether or not bit 5 was already set from an earlier frame).
    #[must_use]
    pub fn first_collision_line(&self) -> Option<u16> {
        self.first_collision_line
    }

    /// The first active line of the last frame on which the sprite-count limit was
    /// exceeded.
    #[must_use]
    pub fn first_overflow_line(&self) -> Option<u16> {
        self.first_overflow_line
    }

    /// Whether the last active line of the last frame used its whole pixel budget: the
    /// state line 0 of the next frame inherits for the X = 0 masking rule.
    #[must_use]
    pub fn last_line_overran(&self) -> bool {
        self.sprite_state.prev_line_overrun
    }
}

pub(crate) fn frame_len(mode: (HMode, VMode)) -> usize {
    usize::from(mode.0.width_px()) * usize::from(mode.1.height_px())
}
