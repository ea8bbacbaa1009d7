//! The chip: VRAM, the register file as the 65C02 drives it, and the frame loop
//! (render 480 lines, each composed with the layers and the border, then the vblank
//! commit).
//!
//! Time model: the CPU runs between frames, or between lines. [`Vera::run_frame`] renders
//! a whole frame and stops at the start of vblank (scan line 480), where the VSYNC
//! interrupt fires and an interrupt handler reads ISR; register reads between frames see
//! that moment. Stepped line by line ([`Vera::start_line`], [`Vera::draw_line`]), the
//! attribute entries written during a line are decoded again for the lines after it and
//! DC_VIDEO is read at each line (see [`Vera::start_line`]).

use crate::audio::{AUDIO_CTRL, Audio, SPI_CTRL};
use crate::compose::{FRAME_LINES, SPRITE_LINES, column_map, line_plan};
use crate::isr::{Interrupts, LINE};
use crate::layer::{L0_CONFIG, L1_CONFIG, LAYER_REGS, Layer};
use crate::line_buffer::{ALL_CHUNKS, LINE_PX};
use crate::port::DataPort;
use crate::quirks::Quirks;
use crate::registers::{
    ADDR_H, ADDR_L, ADDR_M, CTRL, DATA0, DATA1, DC_BORDER, DC_VIDEO, Display, IEN, IRQLINE_L, ISR,
    SCALE_1_TO_1,
};
use crate::render::SpriteRenderer;
use crate::view::SpriteView;
use crate::vram::{PALETTE_ADDR, PALETTE_BYTES, Vram};
use crate::{palette, picture};

/// One past layer 1's last register.
const LAYERS_END: u8 = L1_CONFIG + LAYER_REGS;

/// Scan line at which the model stops after a frame (the first line of vblank).
const VBLANK_LINE: u16 = 480;

/// The VERA sprite layer.
#[derive(Debug)]
pub struct Vera {
    quirks: Quirks,
    vram: Vram,
    ports: [DataPort; 2],
    display: Display,
    interrupts: Interrupts,
    scanline: u16,
    renderer: SpriteRenderer,
    frame: Vec<u8>,
    palette_rgb: [u32; 256],
    /// Per output line, the 16-px chunks of the frame row that may be non-zero.
    row_chunks: [u64; FRAME_LINES],
    frames: u64,
    /// What the frame being drawn line by line fixed at its line 0.
    drawing: Drawing,
    /// Layer 0 and layer 1 registers.
    layers: [Layer; 2],
    /// Whether lines are written into the frame.
    frame_output: bool,
    /// The last frame's collisions from lines rendered with sprites disabled.
    unseen: UnseenCollisions,
    /// The PCM FIFO's and the SPI controller's registers ($9F3B-$9F3F).
    audio: Audio,
}

clone_by_fields!(Vera {
    quirks,
    vram,
    ports,
    display,
    interrupts,
    scanline,
    renderer,
    frame,
    palette_rgb,
    row_chunks,
    frames,
    drawing,
    layers,
    frame_output,
    unseen,
    audio
});

/// Collisions the sprite renderer found on lines drawn with sprites disabled in DC_VIDEO:
/// the FPGA renders the sprite line whatever bit 6 says and ORs its collisions into the
/// frame's ([`Quirks::renders_disabled_sprites`]), while the composer shows none of it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UnseenCollisions {
    /// The collision bits (ISR 7-4, shifted down) those lines gave.
    pub mask: u8,
    /// The first and last sprite line on which they were found.
    pub lines: Option<(u16, u16)>,
}

/// Sprite lines as a bit set (bit `l % 64` of word `l / 64`).
type LineSet = [u64; SPRITE_LINES / 64];

/// The settings a frame is drawn with, fixed at its first line, and what its lines have
/// collected so far.
#[derive(Debug)]
struct Drawing {
    plan: Box<[Option<u16>; FRAME_LINES]>,
    /// The DC_VSCALE `plan` was made for.
    plan_vscale: u8,
    columns: Option<Box<[u16; LINE_PX]>>,
    /// The DC_HSCALE `columns` was made for (when there are columns).
    columns_hscale: u8,
    hidden_adds_mask: bool,
    collisions: u8,
    /// The collisions of lines rendered with sprites disabled, so far.
    unseen: UnseenCollisions,
    last_line: Option<u16>,
    /// The last sprite line drawn (rendered or not): writes taken now land after it.
    last_planned: Option<u16>,
    /// The sprite lines drawn so far, and those drawn with sprites shown (DC_VIDEO bit 6).
    drawn_lines: LineSet,
    shown_lines: LineSet,
}

clone_by_fields!(Drawing {
    plan,
    plan_vscale,
    columns,
    columns_hscale,
    hidden_adds_mask,
    collisions,
    unseen,
    last_line,
    last_planned,
    drawn_lines,
    shown_lines
});

impl Default for Drawing {
    fn default() -> Self {
        Self {
            plan: Box::new(line_plan(SCALE_1_TO_1)),
            plan_vscale: SCALE_1_TO_1,
            columns: None,
            columns_hscale: SCALE_1_TO_1,
            hidden_adds_mask: false,
            collisions: 0,
            unseen: UnseenCollisions::default(),
            last_line: None,
            last_planned: None,
            drawn_lines: [0; SPRITE_LINES / 64],
            shown_lines: [0; SPRITE_LINES / 64],
        }
    }
}

impl Default for Vera {
    fn default() -> Self {
        Self::new(Quirks::default())
    }
}

impl Vera {
    /// A chip in its power-on state with all-zero VRAM (so all sprites disabled and an
    /// all-black palette; [`Self::write_default_palette`] gives the X16's default
    /// colours), following `quirks`.
    #[must_use]
    pub fn new(quirks: Quirks) -> Self {
        Self {
            quirks,
            vram: Vram::new(),
            ports: [DataPort::default(); 2],
            display: Display::default(),
            interrupts: Interrupts::default(),
            scanline: 0,
            renderer: SpriteRenderer::new(),
            frame: vec![0; LINE_PX * FRAME_LINES],
            palette_rgb: [0; 256],
            row_chunks: [0; FRAME_LINES],
            frames: 0,
            drawing: Drawing::default(),
            layers: [Layer::default(); 2],
            frame_output: true,
            unseen: UnseenCollisions::default(),
            audio: Audio::default(),
        }
    }

    /// The behaviour profile.
    #[must_use]
    pub const fn quirks(&self) -> Quirks {
        self.quirks
    }

    /// Switches the behaviour profile (takes effect from the next access or frame).
    pub fn set_quirks(&mut self, quirks: Quirks) {
        self.quirks = quirks;
    }

    // ----- The register file, as the CPU sees it at $9F20 + offset. -----

    /// A CPU write to register `offset` (0x00..0x1F from $9F20; higher bits ignored, as
    /// the chip decodes 5 address lines).
    pub fn write_reg(&mut self, offset: u8, value: u8) {
        let offset = offset & 0x1F;
        let port = usize::from(self.display.addrsel);
        match offset {
            ADDR_L => self.ports[port].write_addr_l(value, &self.vram),
            ADDR_M => self.ports[port].write_addr_m(value, &self.vram),
            ADDR_H => self.ports[port].write_addr_h(value, &self.vram),
            DATA0 => self.ports[0].write_data(value, &mut self.vram),
            DATA1 => self.ports[1].write_data(value, &mut self.vram),
            CTRL => {
                if value & 0x80 != 0 {
                    self.reset_registers();
                } else {
                    self.display.dcsel = (value >> 1) & 0x3F;
                    self.display.addrsel = value & 1 != 0;
                }
            }
            IEN => self.set_ien(value),
            ISR => self.write_isr(value),
            IRQLINE_L => {
                self.display.irq_line = (self.display.irq_line & 0x100) | u16::from(value);
            }
            DC_VIDEO..=DC_BORDER => self.display.write_dc(offset, value),
            L0_CONFIG..L1_CONFIG => self.layers[0].write(offset - L0_CONFIG, value),
            L1_CONFIG..LAYERS_END => self.layers[1].write(offset - L1_CONFIG, value),
            AUDIO_CTRL..=SPI_CTRL => self.audio.write(offset, value),
            _ => {}
        }
    }

    /// A CPU read of register `offset`. DATA0 / DATA1 reads step their port's address,
    /// hence `&mut self`; [`Self::peek_reg`] reads without side effects.
    pub fn read_reg(&mut self, offset: u8) -> u8 {
        match offset & 0x1F {
            DATA0 => self.ports[0].read_data(&self.vram),
            DATA1 => self.ports[1].read_data(&self.vram),
            other => self.peek_reg(other),
        }
    }

    /// What a read of register `offset` would return, without stepping a data port.
    #[must_use]
    pub fn peek_reg(&self, offset: u8) -> u8 {
        let port = &self.ports[usize::from(self.display.addrsel)];
        match offset & 0x1F {
            ADDR_L => port.addr_l(),
            ADDR_M => port.addr_m(),
            ADDR_H => port.addr_h(),
            DATA0 => self.ports[0].latch(),
            DATA1 => self.ports[1].latch(),
            CTRL => self.display.ctrl(),
            IEN => {
                (((self.display.irq_line >> 8) as u8) << 7)
                    | ((((self.scanline >> 8) & 1) as u8) << 6)
                    | self.interrupts.enable()
            }
            ISR => self.interrupts.isr(),
            IRQLINE_L => (self.scanline & 0xFF) as u8,
            offset @ DC_VIDEO..=DC_BORDER => self.display.read_dc(offset),
            offset @ L0_CONFIG..L1_CONFIG => self.layers[0].read(offset - L0_CONFIG),
            offset @ L1_CONFIG..LAYERS_END => self.layers[1].read(offset - L1_CONFIG),
            offset @ AUDIO_CTRL..=SPI_CTRL => self.audio.read(offset),
            _ => 0,
        }
    }

    /// CTRL bit 7: the FPGA reconfigures and every register returns to its power-on
    /// value. VRAM (with the palette and the attribute table) is kept; the FPGA's reload
    /// of its default palette into palette RAM is not modelled.
    fn reset_registers(&mut self) {
        self.ports = [DataPort::default(); 2];
        self.display = Display::default();
        self.interrupts = Interrupts::default();
        self.layers = [Layer::default(); 2];
        self.audio = Audio::default();
    }

    // ----- Direct API: the same effects without going through the data ports. -----

    /// Writes the X16's default palette at 0x1FA00 (256 entries, 512 bytes), as the
    /// KERNAL's screen set-up uploads it through DATA0 (see [`palette::DEFAULT_RGB12`]).
    pub fn write_default_palette(&mut self) {
        palette::write_default(&mut self.vram);
    }

    /// Writes `bytes` into VRAM from `addr` on (wrapping at 128 KiB), as a run of DATA0
    /// writes with increment 1 would; the data ports' latches are not refreshed (use the
    /// ports to observe a port's read-ahead).
    pub fn write_vram(&mut self, addr: u32, bytes: &[u8]) {
        self.vram.write_slice(addr, bytes);
    }

    /// The byte at VRAM `addr` (modulo 128 KiB).
    #[must_use]
    pub fn read_vram(&self, addr: u32) -> u8 {
        self.vram.read(addr)
    }

    /// All 128 KiB of VRAM.
    #[must_use]
    pub fn vram(&self) -> &[u8] {
        self.vram.as_slice()
    }

    /// An IEN write: bits 3-0 enable AFLOW, SPRCOL, LINE, VSYNC; bit 7 is bit 8 of the
    /// LINE interrupt's line.
    pub fn set_ien(&mut self, value: u8) {
        self.interrupts.set_enable(value);
        self.display.irq_line = (self.display.irq_line & 0xFF) | (u16::from(value >> 7) << 8);
    }

    /// The interrupt enable bits (IEN 3-0; bits 7-6 of the register are not enables).
    #[must_use]
    pub const fn ien(&self) -> u8 {
        self.interrupts.enable()
    }

    /// An ISR write: clears the bits of 2-0 written as 1 (and, under
    /// [`Quirks::X16Emu`], of 7-4).
    pub fn write_isr(&mut self, value: u8) {
        self.interrupts.write_isr(value, self.quirks);
    }

    /// ISR: collision nibble of the last frame in 7-4, SPRCOL 2, LINE 1, VSYNC 0.
    #[must_use]
    pub const fn isr(&self) -> u8 {
        self.interrupts.isr()
    }

    /// The IRQ output: (ISR & IEN) != 0.
    #[must_use]
    pub const fn irq(&self) -> bool {
        self.interrupts.irq()
    }

    /// Writes DC_VIDEO whatever DCSEL is (bit 6 enables sprites; bit 7 is read-only).
    pub fn set_dc_video(&mut self, value: u8) {
        self.display.dc_video = value & 0x7F;
    }

    /// DC_VIDEO bits 6-0.
    #[must_use]
    pub const fn dc_video(&self) -> u8 {
        self.display.dc_video
    }

    /// Writes DC_HSCALE whatever DCSEL is.
    pub fn set_hscale(&mut self, value: u8) {
        self.display.hscale = value;
    }

    /// DC_HSCALE.
    #[must_use]
    pub const fn hscale(&self) -> u8 {
        self.display.hscale
    }

    /// Writes DC_VSCALE whatever DCSEL is.
    pub fn set_vscale(&mut self, value: u8) {
        self.display.vscale = value;
    }

    /// DC_VSCALE.
    #[must_use]
    pub const fn vscale(&self) -> u8 {
        self.display.vscale
    }

    // ----- The frame. -----

    /// Renders one frame (the sprite lines the vertical scale selects, 0..479 at 1:1)
    /// and performs the vblank commit: ISR 7-4 takes the frame's collisions, SPRCOL is
    /// set if they are non-zero, VSYNC is set. The same steps as [`Self::start_line`]
    /// and [`Self::draw_line`] over lines 0..480, with no LINE interrupt.
    pub fn run_frame(&mut self) {
        self.begin_frame();
        for out_line in 0..FRAME_LINES {
            self.draw_line(out_line as u16);
        }
        self.end_frame();
        self.scanline = VBLANK_LINE;
    }

    /// The last frame's collisions from lines rendered with sprites disabled in DC_VIDEO
    /// (none unless [`Quirks::renders_disabled_sprites`]).
    #[must_use]
    pub const fn unseen_collisions(&self) -> UnseenCollisions {
        self.unseen
    }

    /// The vblank commit and the frame's sprite view as its lines drew it.
    fn end_frame(&mut self) {
        self.interrupts.commit_vblank(self.drawing.collisions);
        self.drawing.collisions = 0;
        self.unseen = std::mem::take(&mut self.drawing.unseen);
        self.frames += 1;
        let d = &self.drawing;
        let last_line = d.last_planned.unwrap_or(0);
        self.renderer.finish(last_line);
        let mixed = d.shown_lines.iter().any(|&w| w != 0) && d.shown_lines != d.drawn_lines;
        if mixed {
            self.renderer.clip_to_lines(&d.shown_lines, last_line);
        }
    }

    /// The beam reaches the start of scan line `line` (0..525 of the VGA frame; 480 is the
    /// first line of vblank). SCANLINE reads `line` from now on. At line 0 the frame's
    /// attribute table, palette and scale are taken; the palette and scale hold for the
    /// whole frame. The attribute table is read again, entry by entry where it was
    /// written, for each line of the active display: on the FPGA the sprite line shown
    /// next is rendered while the beam is on this one, its finder reading each slot's
    /// attributes as it reaches it, so a write lands on the lines rendered after the line
    /// it was made on; the model takes the writes made up to the start of a line for that
    /// line (under [`Quirks::X16Emu`] up to its end, as x16-emulator's `video_step`
    /// renders a line when the beam leaves it). A write early in a line to a slot the
    /// finder has not reached yet is drawn on that line by the FPGA and on the next by the
    /// model. At line 480 the vblank commit: ISR 7-4 take the collisions of lines 0..479, SPRCOL is set if
    /// any, VSYNC is set (Programmer's Reference, "Sprite collisions": the collision
    /// interrupt is raised once per frame, at the end of the rendering; x16-emulator
    /// `video_step` commits them with VSYNC). At the line IRQLINE (9 bits) LINE is set if IEN enables it.
    pub fn start_line(&mut self, line: u16) {
        self.scanline = line;
        if line == 0 {
            self.begin_frame();
        } else if line < VBLANK_LINE && !self.quirks.reads_attributes_at_line_end() {
            self.take_attribute_writes();
        }
        if line == VBLANK_LINE {
            self.end_frame();
        }
        // LINE is raised only while enabled, as x16-emulator `video_step` does; so enabling
        // it later does not deliver a line passed before.
        if line == self.display.irq_line && self.interrupts.enable() & LINE != 0 {
            self.interrupts.raise(LINE);
        }
    }

    /// The scan line the beam is on (what SCANLINE reads).
    #[must_use]
    pub const fn scanline(&self) -> u16 {
        self.scanline
    }

    /// The attribute entries written since they were last read take effect from the next
    /// sprite line rendered.
    fn take_attribute_writes(&mut self) {
        let written = self.vram.take_attr_written();
        if written != 0 {
            let next = self.drawing.last_planned.map_or(0, |l| l + 1);
            self.renderer.update(&self.vram, written, next);
        }
    }

    /// Takes the frame's settings at its first line.
    fn begin_frame(&mut self) {
        // The patterns the renderer took since the last line 0 hold unless a byte of
        // them was written since.
        let patterns_written = self.renderer.patterns_written(&self.vram);
        // The last line 0's palette holds unless a byte of it was written since.
        let palette_written = self
            .vram
            .written_within(PALETTE_ADDR, PALETTE_ADDR + PALETTE_BYTES - 1);
        // What line 0 takes; the lines after it tell from here whether it changed.
        self.vram.mark();
        self.vram.take_attr_written();
        if palette_written {
            self.palette_rgb = palette::snapshot(&self.vram);
        }
        self.renderer.prepare(&self.vram, patterns_written);
        let d = &mut self.drawing;
        d.drawn_lines = [0; SPRITE_LINES / 64];
        d.shown_lines = [0; SPRITE_LINES / 64];
        d.hidden_adds_mask = self.quirks.hidden_pixels_add_mask();
        // The scales' maps are worked out again only when the scale changed.
        if d.plan_vscale != self.display.vscale {
            d.plan_vscale = self.display.vscale;
            *d.plan = line_plan(d.plan_vscale);
        }
        let hscale = self.display.hscale;
        if hscale == SCALE_1_TO_1 {
            d.columns = None;
        } else if d.columns.is_none() || d.columns_hscale != hscale {
            d.columns_hscale = hscale;
            d.columns = Some(Box::new(column_map(hscale)));
        }
        d.collisions = 0;
        d.last_line = None;
        d.last_planned = None;
    }

    /// Draws output line `out_line` (0..480) of the frame begun at line 0: the sprite line
    /// the vertical scale selects, its collisions added to the frame's, composed with the
    /// layers and the border (see `picture`). Lines at or past 480 draw nothing. With
    /// frame output off ([`Self::set_frame_output`]) the sprites are rendered and collide
    /// as usual but the frame is not written.
    pub fn draw_line(&mut self, out_line: u16) {
        let out_line = usize::from(out_line);
        if out_line >= FRAME_LINES {
            return;
        }
        let active_v = usize::from(self.display.vstart_px)..usize::from(self.display.vstop_px);
        let plan_line = if active_v.contains(&out_line) {
            self.drawing.plan[out_line - active_v.start]
        } else {
            None
        };
        if self.quirks.reads_attributes_at_line_end() {
            self.take_attribute_writes();
        }
        // DC_VIDEO's sprite enable as the line is drawn (the composer reads it as it shows
        // the line, `composer.v`; x16-emulator's `render_line` reads it per line).
        let shown = self.display.sprites_enabled();
        let rendered = shown || self.quirks.renders_disabled_sprites();
        if let Some(line) = plan_line {
            self.drawing.last_planned = Some(line);
            let (word, bit) = (usize::from(line) / 64 % (SPRITE_LINES / 64), line % 64);
            self.drawing.drawn_lines[word] |= 1 << bit;
            if shown {
                self.drawing.shown_lines[word] |= 1 << bit;
            }
        }
        let sprite_line = plan_line.filter(|_| rendered);
        let repeat = sprite_line.is_some() && self.drawing.last_line == sprite_line && out_line > 0;
        if let Some(line) = sprite_line
            && !repeat
        {
            let found = self.renderer.render_line(
                &self.vram,
                line,
                self.drawing.hidden_adds_mask,
                self.frame_output,
            );
            self.drawing.collisions |= found;
            if !shown && found != 0 {
                let unseen = &mut self.drawing.unseen;
                unseen.mask |= found & 0x0F;
                unseen.lines = Some(
                    unseen
                        .lines
                        .map_or((line, line), |(first, _)| (first, line)),
                );
            }
        }
        if self.frame_output {
            if repeat && active_v.start < out_line {
                // The same sprite line again (DC_VSCALE < 128): same pixels, same
                // collisions, same budget; show the row already composed.
                let row_start = out_line * LINE_PX;
                self.frame
                    .copy_within(row_start - LINE_PX..row_start, row_start);
                self.row_chunks[out_line] = ALL_CHUNKS;
            } else {
                self.compose_row(
                    out_line,
                    plan_line,
                    shown && sprite_line.is_some() && !repeat,
                );
            }
        }
        if sprite_line.is_some() && !repeat {
            self.renderer.clear_line();
        }
        if sprite_line.is_some() {
            self.drawing.last_line = sprite_line;
        }
    }

    /// Bit 0: layer 0 shown, bit 1: layer 1 shown (DC_VIDEO bits 4 and 5).
    const fn layers_shown(&self) -> u8 {
        (self.display.dc_video >> 4) & 3
    }

    /// Writes output row `out_line` from the line buffer (holding `plan_line`, shown when
    /// `sprites`), the enabled layers at layer line `plan_line` and the border.
    fn compose_row(&mut self, out_line: usize, plan_line: Option<u16>, sprites: bool) {
        let layers = self.layers_shown();
        let row_start = out_line * LINE_PX;
        let stale = &mut self.row_chunks[out_line];
        let row = &mut self.frame[row_start..row_start + LINE_PX];
        let display = &self.display;
        let active_h = usize::from(display.hstart_px)..usize::from(display.hstop_px);
        let Some(layer_line) = plan_line else {
            // Outside the active lines the border; inside, past the last rendered line
            // (DC_VSCALE > 128), the backdrop.
            let active_v = usize::from(display.vstart_px)..usize::from(display.vstop_px);
            let fill = if active_v.contains(&out_line) {
                0
            } else {
                display.border
            };
            if *stale != 0 || fill != 0 {
                row.fill(fill);
                *stale = if fill == 0 { 0 } else { ALL_CHUNKS };
            }
            return;
        };
        let shown = sprites;
        if layers == 0 && active_h.start == 0 && active_h.end >= LINE_PX {
            // Sprites alone over the backdrop, across the whole width.
            let line = self.renderer.line();
            if !shown {
                if *stale != 0 {
                    row.fill(0);
                    *stale = 0;
                }
            } else if let Some(columns) = &self.drawing.columns {
                for (out, &col) in row.iter_mut().zip(columns.iter()) {
                    *out = line.colour(usize::from(col));
                }
                *stale = ALL_CHUNKS;
            } else {
                *stale = line.compose_into(row, *stale);
            }
            return;
        }
        let modes = [
            (layers & 1 != 0).then(|| self.layers[0].mode()),
            (layers & 2 != 0).then(|| self.layers[1].mode()),
        ];
        picture::compose_row(
            row,
            &picture::RowInputs {
                vram: &self.vram,
                sprites: shown.then(|| self.renderer.line()),
                layers: modes,
                layer_line: u32::from(layer_line),
                columns: self.drawing.columns.as_deref(),
                active_h,
                border: display.border,
            },
        );
        *stale = ALL_CHUNKS;
    }

    /// Turns writing the frame on or off. Off is the collision-only mode: sprites are
    /// rendered line by line and collide exactly as with it on, ISR and the sprite view
    /// are the same, and [`Self::frame_indexed`] keeps the last frame written.
    pub fn set_frame_output(&mut self, on: bool) {
        self.frame_output = on;
    }

    /// Whether lines are written into the frame.
    #[must_use]
    pub const fn frame_output(&self) -> bool {
        self.frame_output
    }

    /// The registers of layer `n` (0 or 1).
    #[must_use]
    pub fn layer(&self, n: usize) -> Layer {
        self.layers[n & 1]
    }

    /// Frames rendered since power-on.
    #[must_use]
    pub const fn frames(&self) -> u64 {
        self.frames
    }

    /// The last frame as palette indices, row-major, [`Self::width_px`] x
    /// [`Self::height_px`]: backdrop (palette index 0), layers, sprites and border.
    #[must_use]
    pub fn frame_indexed(&self) -> &[u8] {
        &self.frame
    }

    /// Frame width: 640.
    #[must_use]
    pub const fn width_px(&self) -> usize {
        LINE_PX
    }

    /// Frame height: 480.
    #[must_use]
    pub const fn height_px(&self) -> usize {
        FRAME_LINES
    }

    /// The last frame as 0x00RRGGBB, through the palette as it was when the frame was
    /// rendered (12-bit colours, each nibble repeated). `out` is cleared and refilled.
    pub fn frame_rgb(&self, out: &mut Vec<u32>) {
        out.clear();
        out.extend(
            self.frame
                .iter()
                .map(|&index| self.palette_rgb[usize::from(index)]),
        );
    }

    /// The enabled sprites (z != 0) of the last frame, in index order, decoded from the
    /// attribute table and patterns as they were when it was rendered (empty before the
    /// first frame).
    #[must_use]
    pub fn sprites(&self) -> &[SpriteView] {
        self.renderer.views()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registers::DC_HSCALE;

    #[test]
    fn registers_read_back_as_the_fpga_formats_them() {
        let mut vera = Vera::default();
        assert_eq!(vera.peek_reg(DC_VIDEO), 0x08);
        assert_eq!(vera.peek_reg(DC_HSCALE), 128);
        vera.write_reg(CTRL, 1 << 1);
        assert_eq!(vera.peek_reg(DC_HSCALE), 160); // DC_HSTOP = 640 >> 2
        assert_eq!(vera.peek_reg(DC_BORDER), 240); // DC_VSTOP = 480 >> 1
        vera.write_reg(DC_HSCALE, 7);
        assert_eq!(vera.hscale(), 128, "DCSEL 1 addresses HSTOP, not HSCALE");
        vera.write_reg(CTRL, 0);
        vera.write_reg(DC_HSCALE, 64);
        assert_eq!(vera.hscale(), 64);
        vera.write_reg(CTRL, 0x80);
        assert_eq!(vera.hscale(), 128, "CTRL bit 7 resets the registers");
    }

    #[test]
    fn stepped_lines_raise_line_at_irqline_and_vsync_at_480() {
        let mut vera = Vera::default();
        // IRQLINE = 0x105 = 261: IRQLINE_L = $05, IEN bit 7 = 1; enable LINE and VSYNC.
        vera.write_reg(IRQLINE_L, 0x05);
        vera.write_reg(IEN, 0x80 | 0x03);
        for line in 0..261u16 {
            vera.start_line(line);
            vera.draw_line(line);
        }
        assert_eq!(vera.isr() & 0x03, 0, "nothing before line 261");
        vera.start_line(261);
        assert_eq!(vera.isr() & 0x03, 0x02, "LINE at line 261");
        assert!(vera.irq());
        // SCANLINE_L reads 261 & $FF = 5, IEN bit 6 is scan line bit 8.
        assert_eq!(vera.peek_reg(IRQLINE_L), 5);
        assert_eq!(vera.peek_reg(IEN) & 0x40, 0x40);
        vera.write_reg(ISR, 0x02);
        assert!(!vera.irq(), "writing 1 to LINE acknowledges it");
        for line in 262..480u16 {
            vera.start_line(line);
            vera.draw_line(line);
        }
        assert_eq!(vera.isr(), 0);
        vera.start_line(480);
        assert_eq!(vera.isr(), 0x01, "VSYNC at line 480, no collision");
        assert_eq!(vera.frames(), 1);
    }
}
