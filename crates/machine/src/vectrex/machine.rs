//! The Vectrex "machine": no sprite hardware. Each frame draws the labyrinth's walls with
//! `Draw_VL_mode` and every object as a `Draw_VLc` square, through the display model's
//! BIOS routines reading a cartridge image, and tests every pair of objects with the BIOS
//! `Obj_Hit`, whose carry is the machine's own collision answer (specs/vectrex.md).
//!
//! Coordinates: objects live in the labyrinth's fine units (16 per tile, origin at the
//! labyrinth's top-left, y down), the same units the wall list is drawn in, so one list
//! unit is one fine unit; on screen the origin is the labyrinth's centre and y is up.

use std::sync::Arc;

use ::vectrex::Memory;
use ::vectrex::bios::{YX, half_size_for_pair, obj_hit};
use ::vectrex::display::{Display, Frame, Point};
use collide::{MethodId, OpaqueMask, PxBox, Screen};

use super::VectrexSettings;
use super::board::VectrexBoard;
use super::maze::{Labyrinth, wall_list_draw_vl_mode};
use super::target::{CYCLES_PER_FRAME, VectrexTarget};
use crate::contract::{Display as Picture, Machine, Region, Stroke, TargetCode, Verdict};
use crate::program::{
    CpuView, FrameRun, Input, Probe, ProgramBoard, ProgramError, ProgramImage, ProgramLimits,
};
use crate::view::{HwSprite, SpriteView};

/// Scale the lists are drawn at: one list unit = 127 beam units, about a pixel.
const SCALE: u8 = 0x7F;
/// Brightness of everything drawn.
const BRIGHTNESS: u8 = 0x5F;
/// The tube's visible area in integrator units, x by y (vecx, `ALG_MAX_X`, `ALG_MAX_Y`).
const TUBE_BEAM_UNITS: (u32, u32) = (33_000, 41_000);

/// The Vectrex with its labyrinth.
#[derive(Clone, Debug)]
pub struct VectrexMachine {
    display: Display,
    check_every: u32,
    /// The board: the 6809 and its memory, driven by a user's object routine's calls or
    /// by a booted program's frames.
    target: VectrexTarget,
    lab: Arc<Labyrinth>,
    /// Cartridge image: the wall list, then one square list per object size.
    rom: Vec<u8>,
    walls_at: u16,
    squares: Vec<(u16, u16)>,
    sprites: Vec<HwSprite>,
    verdict: Verdict,
    last: Frame,
    image: Vec<u8>,
    /// A whole program was booted on the board ([`Machine::boot`]).
    booted: bool,
    frame_output: bool,
}

impl VectrexMachine {
    /// A Vectrex showing `lab`: its walls drawn from the cartridge list at `walls_at`
    /// (loaded with [`Machine::load`]), or, when `None`, from a list built here.
    #[must_use]
    pub fn new(lab: Arc<Labyrinth>, settings: &VectrexSettings) -> Self {
        let walls_at = settings.walls.map(|a| a as u16);
        let rom = if walls_at.is_some() {
            Vec::new()
        } else {
            wall_list_draw_vl_mode(&lab)
        };
        let mut display = Display::new();
        // Start the first frame as a game's main loop does.
        let _ = display.wait_recal();
        Self {
            display,
            check_every: settings.check_every,
            target: VectrexTarget::new(),
            lab,
            rom,
            walls_at: walls_at.unwrap_or(0),
            squares: Vec::new(),
            sprites: Vec::new(),
            verdict: Verdict::default(),
            last: Frame::default(),
            image: Vec::new(),
            booted: false,
            frame_output: true,
        }
    }

    /// The picture's size in pixels (one pixel per 127 beam units): the labyrinth for a
    /// scene, the whole tube for a program.
    fn area_px(&self) -> (u16, u16) {
        if self.booted {
            let unit = f64::from(SCALE);
            (
                (f64::from(TUBE_BEAM_UNITS.0) / unit).round() as u16,
                (f64::from(TUBE_BEAM_UNITS.1) / unit).round() as u16,
            )
        } else {
            (
                u16::from(self.lab.width()) * 16,
                u16::from(self.lab.height()) * 16,
            )
        }
    }

    /// The 6809 side, for running a routine.
    pub(super) fn target_mut(&mut self) -> &mut VectrexTarget {
        &mut self.target
    }

    /// The last frame's segments and cycles.
    #[must_use]
    pub fn last_frame(&self) -> &Frame {
        &self.last
    }

    /// Address of a `Draw_VLc` square of `side` units, added to the cartridge on first use.
    fn square(&mut self, side: u16) -> u16 {
        if let Some(&(_, at)) = self.squares.iter().find(|(s, _)| *s == side) {
            return at;
        }
        let at = self.rom.len() as u16;
        let s = side.min(127) as i8 as u8;
        let neg = (-(i16::from(side.min(127) as u8))) as i8 as u8;
        // Count = vectors - 1, then (dy, dx): down, right, up, left (y up on screen).
        self.rom.extend_from_slice(&[3, neg, 0, 0, s, s, 0, 0, neg]);
        self.squares.push((side, at));
        at
    }

    /// Screen coordinates (y up, origin at the centre) of a fine-unit point.
    fn to_screen(&self, ux: i32, uy: i32) -> (i32, i32) {
        (
            8 * i32::from(self.lab.height()) - uy,
            ux - 8 * i32::from(self.lab.width()),
        )
    }

    /// Draws the frame's segments into the picture, one pixel per fine unit over the
    /// labyrinth (the part of the tube the game uses), brightest segment winning.
    fn rasterise(&mut self) {
        let (w, h) = self.area_px();
        let (w, h) = (i64::from(w), i64::from(h));
        let (image_w, image_h) = (w as usize, h as usize);
        self.image.clear();
        self.image.resize(image_w * image_h, 0);
        let unit = i64::from(SCALE);
        let to_px = |p: Point| (i64::from(p.x) / unit + w / 2, h / 2 - i64::from(p.y) / unit);
        for seg in &self.last.segments {
            let (x0, y0) = to_px(seg.from);
            let (x1, y1) = to_px(seg.to);
            let steps = (x1 - x0).abs().max((y1 - y0).abs()).max(1);
            for i in 0..=steps {
                let x = x0 + (x1 - x0) * i / steps;
                let y = y0 + (y1 - y0) * i / steps;
                if (0..w).contains(&x) && (0..h).contains(&y) {
                    let px = &mut self.image[y as usize * image_w + x as usize];
                    *px = (*px).max(seg.intensity);
                }
            }
        }
    }
}

fn byte(v: i32) -> i8 {
    v.clamp(-128, 127) as i8
}

impl Machine for VectrexMachine {
    fn key(&self) -> &'static str {
        "vectrex"
    }

    fn title(&self) -> String {
        "Vectrex".into()
    }

    fn flag_name(&self) -> &'static str {
        "Obj_Hit"
    }

    fn panel_lines(&self, v: &Verdict) -> [String; 2] {
        [
            "Vectrex".into(),
            format!(" Obj_Hit {}", if v.collided { "hit" } else { "no hit" }),
        ]
    }

    fn has_sprite_chip(&self) -> bool {
        false
    }

    fn default_methods(&self) -> Vec<MethodId> {
        MethodId::ALL
            .iter()
            .copied()
            .filter(|&m| self.method_needs(m).is_none())
            .collect()
    }

    fn method_needs(&self, method: MethodId) -> Option<&'static str> {
        // The methods below read or mirror a sprite chip; the Vectrex draws vectors and
        // its game tests pairs with Obj_Hit itself (specs/vectrex.md).
        match method {
            MethodId::HwGated => Some(
                "hw-gated runs only on frames a sprite chip flags; the Vectrex has no sprite \
                 chip (its Obj_Hit already tests every pair)",
            ),
            MethodId::Columns => Some(
                "columns keeps one slot per 8-px column of a sprite display; the Vectrex \
                 draws vectors, it has no sprite columns",
            ),
            MethodId::Quadrants => {
                Some("quadrants reads the VERA's collision ISR; the Vectrex has no sprite chip")
            }
            MethodId::PixelTable => {
                Some("pixel-table reads a sprite chip's bitmaps; the Vectrex draws vectors")
            }
            _ => None,
        }
    }

    fn display(&self) -> Picture {
        // vectrex.md: the phosphor keeps 5/8 of its brightness from one frame to the next.
        // The tube: vecx's beam area (`ALG_MAX_X` 33000 by `ALG_MAX_Y` 41000 integrator
        // units, portrait, centred on the beam's zero) at this scale's 127 units per pixel.
        let unit = f64::from(SCALE);
        Picture::Vector {
            keep_num: 5,
            keep_den: 8,
            tube_w_px: (f64::from(TUBE_BEAM_UNITS.0) / unit).round() as u16,
            tube_h_px: (f64::from(TUBE_BEAM_UNITS.1) / unit).round() as u16,
        }
    }

    fn strokes(&self) -> Vec<Stroke> {
        let unit = f32::from(SCALE);
        let (w, h) = self.area_px();
        let (w, h) = (f32::from(w), f32::from(h));
        // Beam units (y up, zero at the centre) to screen pixels (y down, from the corner).
        let px = |p: Point| (p.x as f32 / unit + w / 2.0, h / 2.0 - p.y as f32 / unit);
        self.last
            .segments
            .iter()
            .map(|s| Stroke {
                from_px: px(s.from),
                to_px: px(s.to),
                intensity: s.intensity,
            })
            .collect()
    }

    fn target_code(&mut self) -> Option<&mut dyn TargetCode> {
        Some(self)
    }

    fn cycles_per_frame(&self) -> Option<u64> {
        Some(CYCLES_PER_FRAME)
    }

    fn wall_check_every(&self) -> Option<u32> {
        Some(self.check_every)
    }

    fn screen(&self) -> Screen {
        let (w, h) = self.area_px();
        Screen::new(w, h)
    }

    fn frame_rate_hz(&self) -> u32 {
        50
    }

    fn sprite_slots(&self) -> u32 {
        64
    }

    fn load(&mut self, region: Region, bytes: &[u8]) -> Result<(), String> {
        match region {
            Region::Cartridge(addr) if addr as usize + bytes.len() <= 0x8000 => {
                let at = addr as usize;
                if self.rom.len() < at + bytes.len() {
                    self.rom.resize(at + bytes.len(), 0);
                }
                self.rom[at..at + bytes.len()].copy_from_slice(bytes);
                Ok(())
            }
            Region::Cartridge(addr) => Err(format!(
                "{} bytes at 0x{addr:04X} do not fit the 32 KiB cartridge space",
                bytes.len()
            )),
            _ => Err("the Vectrex has no video memory; load vector lists as Cartridge".into()),
        }
    }

    fn write_sprites(&mut self, sprites: &[HwSprite]) {
        self.sprites = sprites.to_vec();
    }

    fn run_frame(&mut self) {
        let d = &mut self.display;
        d.intensity_a(BRIGHTNESS);
        d.set_scale(SCALE);
        d.reset0ref();
        let sprites = self.sprites.clone();
        let squares: Vec<u16> = sprites
            .iter()
            .map(|s| self.square(s.w_px.max(1) - 1))
            .collect();
        let rom = std::mem::take(&mut self.rom);
        if let Ok(mem) = Memory::new(&rom, 0) {
            // A list without its end marker stops at the image's end with an error; the
            // segments drawn before it stay, as a runaway list would on the machine.
            let _ = self.display.draw_vl_mode(&mem, self.walls_at);
            for (s, &at) in sprites.iter().zip(&squares) {
                let (y, x) = self.to_screen(s.x_px, s.y_px);
                self.display.reset0ref();
                self.display.moveto_d(byte(y), byte(x));
                let _ = self.display.draw_vlc(&mem, at);
            }
        }
        self.rom = rom;
        // The game's collision pass: every pair, centre against centre, with Obj_Hit.
        let mut hits = 0u16;
        let mut cycles = 0u32;
        for (i, a) in sprites.iter().enumerate() {
            for b in &sprites[i + 1..] {
                let centre = |s: &HwSprite| {
                    let (y, x) = self.to_screen(
                        s.x_px + i32::from(s.w_px) / 2,
                        s.y_px + i32::from(s.h_px) / 2,
                    );
                    YX::new(byte(y), byte(x))
                };
                let half = half_size_for_pair(
                    (a.h_px.min(255) as u8, a.w_px.min(255) as u8),
                    (b.h_px.min(255) as u8, b.w_px.min(255) as u8),
                );
                let r = obj_hit(centre(a), centre(b), half);
                cycles += r.cycles;
                hits += u16::from(r.carry);
            }
        }
        self.display.charge(cycles);
        self.last = self.display.wait_recal();
        self.verdict = Verdict {
            collided: hits > 0,
            status: hits,
            // No sprite chip, no overflow bit: a frame over the 30,000-cycle budget is
            // reported with the frame's cycles (`frame_cycles`), not as a chip flag.
            overflow: None,
            fifth_sprite: None,
            collision_mask: None,
            first_collision_line: None,
        };
        self.rasterise();
    }

    fn read_verdict(&mut self) -> Verdict {
        self.verdict
    }

    fn peek_verdict(&self) -> Verdict {
        self.verdict
    }

    fn sprites(&self) -> Vec<SpriteView> {
        if self.booted {
            // No sprite hardware: a program's objects live in its own RAM.
            return Vec::new();
        }
        self.sprites
            .iter()
            .enumerate()
            .map(|(i, s)| SpriteView {
                number: i as u32,
                bbox: PxBox::new(s.x_px, s.y_px, s.w_px, s.h_px),
                mask: Arc::new(OpaqueMask::from_fn(s.w_px, s.h_px, |_, _| true)),
                collision_mask: 0,
                z: 0,
                not_drawn: Vec::new(),
                drawn: true,
                lines: None,
                fields: crate::view::SpriteFields::default(),
            })
            .collect()
    }

    fn frame_indexed(&self) -> &[u8] {
        &self.image
    }

    fn palette_rgb(&self) -> Vec<u32> {
        // Intensity 0-127 as the phosphor's green-white, brighter with the index.
        (0..256u32)
            .map(|i| {
                let v = (i.min(127) * 2).min(255);
                (v * 3 / 4) << 16 | v << 8 | (v * 7 / 8)
            })
            .collect()
    }

    fn frame_cycles(&self) -> Option<u64> {
        Some(self.last.cycles)
    }

    fn disagreement_note(&self) -> Option<&'static str> {
        Some("Obj_Hit's bounds are closed: objects that only touch count as a hit")
    }

    fn set_frame_output(&mut self, on: bool) -> bool {
        std::mem::replace(&mut self.frame_output, on)
    }

    /// Inserts the cartridge and powers on: with the user's BIOS (`--rom`) the 6809 starts
    /// at its reset vector; without, at the first byte after the cartridge's header.
    fn boot(&mut self, image: &ProgramImage<'_>) -> Result<(), ProgramError> {
        if image.start.is_some() {
            return Err(ProgramError::Image {
                what: "--start: a Vectrex cartridge starts after its header".into(),
            });
        }
        if image.mapper.is_some() {
            return Err(ProgramError::Image {
                what: "--mapper: a Vectrex cartridge has no mapper (64 KB images bank on PB6)"
                    .into(),
            });
        }
        self.target = VectrexTarget::from_board(VectrexBoard::new(image.bytes, image.system_rom)?);
        self.booted = true;
        self.last = Frame::default();
        self.sprites.clear();
        Ok(())
    }

    fn program_limits(&self) -> Option<ProgramLimits> {
        Some(ProgramLimits {
            cpu: "6809",
            registers: &["A", "B", "D", "X", "Y", "U", "S", "DP", "CC", "PC"],
            cpu_space: 1 << 16,
            // No video memory: `peek_vram` reads the CPU's map.
            vram_bytes: 1 << 16,
            // The cartridge starts after its header; the BIOS may be the user's.
            start: false,
            system_rom: true,
            mappers: &[],
        })
    }

    fn program_ram(&self) -> &'static [(u32, u32)] {
        // $C800-$CBFF and its mirror; the $D800 window reaches the VIA as well.
        &[(0xC800, 0xCFFF)]
    }

    fn program(&mut self) -> Option<&mut dyn ProgramBoard> {
        if self.booted { Some(self) } else { None }
    }
    crate::state::whole_machine_states!();
}

impl ProgramBoard for VectrexMachine {
    fn run_frame(&mut self, probe: &mut dyn Probe) -> Result<FrameRun, ProgramError> {
        if !self.booted {
            return Err(ProgramError::Unsupported { machine: "vectrex" });
        }
        let board = self.target.program_mut();
        let run = board.run_frame(probe)?;
        self.last = Frame {
            segments: board.segments().to_vec(),
            cycles: run.cycles,
        };
        // The machine's own answer: the BIOS box tests the cartridge called this frame.
        let calls = board.obj_hit_calls();
        let hits = calls.iter().filter(|c| c.hit).count();
        self.verdict = Verdict {
            collided: hits > 0,
            status: u16::try_from(hits).unwrap_or(u16::MAX),
            overflow: None,
            fifth_sprite: None,
            collision_mask: None,
            first_collision_line: None,
        };
        if self.frame_output {
            self.rasterise();
        }
        Ok(run)
    }

    fn cpu(&self) -> &dyn CpuView {
        if self.booted {
            self.target.program()
        } else {
            &crate::program::NO_PROGRAM
        }
    }

    fn peek_vram(&self, addr: u32) -> u8 {
        // No video memory: the beam is driven from the CPU's own RAM and ROM.
        if self.booted {
            self.target.program().peek(addr)
        } else {
            0xFF
        }
    }

    fn set_input(&mut self, input: Input) {
        if self.booted {
            self.target.program_mut().set_input(input);
        }
    }

    fn cycles_per_frame(&self) -> u64 {
        CYCLES_PER_FRAME
    }

    fn set_idle_skip(&mut self, on: bool) {
        self.target.program_mut().set_idle_skip(on);
    }

    fn idle_skipped_cycles(&self) -> u64 {
        self.target.program().idle_skipped_cycles()
    }

    fn late_verdict(&self) -> Option<Verdict> {
        // A cartridge tests its objects with Obj_Hit after Wait_Recal, where the frame
        // before showed them (roms/vectrex/programs/objects.asm).
        Some(self.verdict)
    }

    fn handover_pc(&self) -> Option<u32> {
        if !self.booted {
            return None;
        }
        self.target.program().handover_pc().map(u32::from)
    }

    fn no_interrupt_note(&self) -> Option<String> {
        Some(
            "a Vectrex program polls Timer 2 for its frames (the BIOS's Wait_Recal) and need \
             take no interrupt: run it with --give-up-frames 0 (give_up_frames: 0)"
                .into(),
        )
    }
}
