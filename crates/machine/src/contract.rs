//! The contract every machine implements once (specs/harness.md; the target-code page for
//! the CPU side). The frontend, the session, the compare and the probe hold a
//! `Box<dyn Machine>` and ask it; none of them matches on which machine it is.
//!
//! The shape follows rustzx's `Host` and jgenesis' `EmulatorTrait`: the machine owns its
//! chip (and, where it has one, its CPU on its own memory and I/O map), the driver that
//! writes a frame's sprites through the chip's ports, the reading of its status at vblank,
//! and the words a report uses for all of it.

use collide::{Hardware, MethodId, Object, Screen};
use serde::Deserialize;

use crate::check::{HardwareCheck, pixel_check};
use crate::program::{ProgramBoard, ProgramError, ProgramImage};
use crate::routine::{Abi, Routine, RoutineError, RoutineOutcome};
use crate::state::{MachineState, StateError};
use crate::view::{HwSprite, SpriteView};

/// Chip memory a rom is written into, through the chip's own write path.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum Region {
    /// Video RAM at a byte address.
    Vram(u32),
    /// Genesis colour RAM at a byte address.
    Cram(u32),
    /// Vectrex cartridge ROM at an address (vector lists the BIOS routines read).
    Cartridge(u32),
}

/// What the chip reports after a frame, read the way the CPU reads it at vblank.
///
/// `collided` and `status` exist on every machine; the other facets are the chip's own
/// and `None` where the chip has no such bit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Verdict {
    /// The chip says sprites collided (Genesis bit 5, MSX C, VERA ISR bits 7-4 != 0).
    pub collided: bool,
    /// The status as read: Genesis status word bits 7-0, MSX S#0, VERA ISR.
    pub status: u16,
    /// Genesis bit 6 / MSX 5S.
    pub overflow: Option<bool>,
    /// MSX fifth-sprite number (S#0 bits 4-0).
    pub fifth_sprite: Option<u8>,
    /// VERA ISR bits 7-4, shifted down (0-15).
    pub collision_mask: Option<u8>,
    /// The first line on which the collision flag was set, where the chip records it.
    pub first_collision_line: Option<u16>,
}

/// The chip's registers and flags at the end of a frame's display (the start of its
/// vblank), read without side effects: what a trace records to set beside an emulator's
/// debugger.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChipState {
    /// The register file in the chip's own numbering, as the program left it: the
    /// TMS9918's R#0-R#7, the Genesis VDP's registers 0-23, VERA's 32 registers at
    /// $9F20-$9F3F as the CPU would read them (the DC registers of the DCSEL the program
    /// left). Empty where the machine has no such chip.
    pub registers: Vec<u8>,
    /// The whole status register, unmasked: the Genesis status word (16 bits, FIFO and
    /// blanking bits included), MSX S#0, VERA ISR.
    pub status: u16,
    /// The display line the collision flag was set on in this frame (Genesis bit 5, MSX
    /// C); `None` when the chip did not set it in this frame or does not say.
    pub collision_line: Option<u16>,
    /// The display line the overflow flag was set on in this frame (Genesis bit 6, MSX 5S).
    pub overflow_line: Option<u16>,
}

/// How the machine's picture is made, for the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Display {
    /// A raster chip: the indexed frame is the screen.
    Raster,
    /// A vector tube: the beam's strokes ([`Machine::strokes`]) on a tube of `tube_w_px` x
    /// `tube_h_px` screen pixels with the screen centred on it; the picture fades, keeping
    /// `keep_num / keep_den` of its brightness per frame (phosphor afterglow).
    Vector {
        /// Numerator of the brightness kept per frame.
        keep_num: u8,
        /// Denominator of the brightness kept per frame.
        keep_den: u8,
        /// The tube's visible width, in screen pixels.
        tube_w_px: u16,
        /// The tube's visible height, in screen pixels.
        tube_h_px: u16,
    },
}

/// One line the beam of a vector display drew in the last frame, in the screen's pixels
/// (x right, y down, from the screen's top-left; it may run off the screen onto the rest
/// of the tube).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    /// Where the beam started, `(x, y)`.
    pub from_px: (f32, f32),
    /// Where it stopped.
    pub to_px: (f32, f32),
    /// Beam intensity, 0 (dark) to 127 (brightest), as the machine's intensity DAC sets it.
    pub intensity: u8,
}

/// A target-code routine a machine ships: one of the seeds' methods as code for its CPU.
#[derive(Clone, Copy, Debug)]
pub struct Builtin {
    /// Its name in reports: the method id and how the image was made ("mask16 z80-c").
    pub name: &'static str,
    /// The Rust method it must agree with, frame for frame.
    pub method: MethodId,
    /// The image, loaded at the contract's code address and entered at its first byte.
    pub image: &'static [u8],
}

/// A machine's CPU on its own memory and I/O map, running routines under the routine
/// contract (target-code.md) on the frame the chip has just rendered.
pub trait TargetCode {
    /// The contract's addresses, capacities, byte order and cycles per frame.
    fn abi(&self) -> Abi;
    /// The seeds' methods as code for this CPU.
    fn builtins(&self) -> &'static [Builtin];
    /// Runs `routine` on `objects` (object `i` is record `i`; its `id` is its first hardware
    /// sprite) at the start of vblank: the chip as the frame left it, its status not yet
    /// read. Each call sees that same state: a status read inside the routine clears flags
    /// only for that routine.
    ///
    /// # Errors
    /// Any [`RoutineError`]: the image, the objects, a runaway or faulting routine, a pair
    /// list out of bounds.
    fn run(
        &mut self,
        routine: &Routine<'_>,
        objects: &[Object],
    ) -> Result<RoutineOutcome, RoutineError>;
}

/// One machine: a chip behind its driver, and the words reports use for it.
pub trait Machine {
    /// The registry key (`genesis`, `msx`, `vera`, `vectrex`).
    fn key(&self) -> &'static str;
    /// The machine and its settings as a report header says them ("Genesis VDP H40 V28").
    fn title(&self) -> String;
    /// What the chip's collision verdict is called ("status bit 5", "S#0 bit 5 (C)").
    fn flag_name(&self) -> &'static str;
    /// The active area.
    fn screen(&self) -> Screen;
    /// Frames per second of the real machine.
    fn frame_rate_hz(&self) -> u32;
    /// Hardware sprites available.
    fn sprite_slots(&self) -> u32;
    /// Writes a rom image into chip memory through the chip's write path.
    ///
    /// # Errors
    /// A region the chip does not have, or an image that does not fit.
    fn load(&mut self, region: Region, bytes: &[u8]) -> Result<(), String>;
    /// The collision mask the driver gives a sprite at this position when the scene asks
    /// for the machine's automatic mask (VERA: seed 004's quadrants); 0 elsewhere.
    fn auto_collision_mask(&self, x_px: i32, y_px: i32, w_px: u16, h_px: u16) -> u8 {
        let _ = (x_px, y_px, w_px, h_px);
        0
    }
    /// Writes this frame's sprites (slot = index) into the attribute table, natively.
    fn write_sprites(&mut self, sprites: &[HwSprite]);
    /// Renders one frame.
    fn run_frame(&mut self);
    /// Reads the status the way a vblank handler would (clearing what a read clears).
    fn read_verdict(&mut self) -> Verdict;
    /// The status a read would return now, without its side effects: what the methods that
    /// read the chip see, and what target code finds when it runs before the handler.
    fn peek_verdict(&self) -> Verdict;
    /// The chip's sprite view of the last frame, by sprite number.
    fn sprites(&self) -> Vec<SpriteView>;
    /// [`Machine::sprites`] into `out`, replacing what it held. A machine that refills the
    /// entries in place (keeping a mask that shows the same rows, and the storage of the
    /// line lists) lets the program harness, which asks every frame, allocate nothing in
    /// a steady frame; the default builds a new list.
    fn sprites_into(&self, out: &mut Vec<SpriteView>) {
        *out = self.sprites();
    }
    /// What [`Machine::hardware_check`] reads besides the sprite view, the verdict and the
    /// screen, as a value equal in two frames only when that is the same (VERA's collisions
    /// from lines drawn with sprites disabled); 0 on a machine whose check reads nothing
    /// else. The program harness reuses a frame's reasons while the view, the verdict, the
    /// screen and this stay as they were.
    fn hardware_check_state(&self) -> u64 {
        0
    }
    /// The truth among the chip's sprites projected to the chip's form, with the reasons
    /// the chip disagrees where the sprite view tells them. The default is the flag form:
    /// any two sprites whose opaque pixels meet set it.
    fn hardware_check(&self, sprites: &[SpriteView], verdict: &Verdict) -> HardwareCheck {
        pixel_check(
            sprites,
            self.screen(),
            verdict,
            self.disagreement_note(),
            None,
        )
    }
    /// What the chip's verdict tells the methods that read it (`hw-flag`, `hw-gated`,
    /// `quadrants`).
    fn method_hardware(&self, verdict: &Verdict) -> Hardware {
        Hardware {
            flag: Some(verdict.collided),
            isr: None,
        }
    }
    /// Whether the machine has sprite hardware (a chip that draws sprites and flags their
    /// collisions); the Vectrex has none, its collision answer is the BIOS `Obj_Hit`.
    fn has_sprite_chip(&self) -> bool {
        true
    }
    /// The methods a scene gets when it names none.
    fn default_methods(&self) -> Vec<MethodId> {
        MethodId::ALL
            .iter()
            .copied()
            .filter(|m| !matches!(m, MethodId::Quadrants | MethodId::PixelTable))
            .collect()
    }
    /// Why `method` cannot run on this machine (it reads hardware the machine lacks).
    fn method_needs(&self, method: MethodId) -> Option<&'static str> {
        // Seed 004's two steps are the X16's: the quadrant masks are the VERA's ISR bits,
        // and the hit table is built for the 16x16 bitmaps of an X16 scene.
        match method {
            MethodId::Quadrants => Some("quadrants reads the VERA's collision ISR (an X16 scene)"),
            MethodId::PixelTable => Some(
                "pixel-table is seed 004's hit table for the X16's 16x16 bitmaps (an X16 scene)",
            ),
            _ => None,
        }
    }
    /// The `columns` method's column count on this display (seed 002: 32 or 40).
    fn columns(&self) -> u8 {
        collide::methods::columns::for_screen(self.screen())
    }
    /// Two panel lines: the chip and its status register as read, then its flags.
    fn panel_lines(&self, verdict: &Verdict) -> [String; 2];
    /// The palette-indexed frame of the last frame, row-major, [`Machine::frame_size`].
    fn frame_indexed(&self) -> &[u8];
    /// Width and height of the picture in pixels: the screen, unless the machine draws
    /// its picture in other units (the Vectrex's vectors).
    fn frame_size(&self) -> (usize, usize) {
        let s = self.screen();
        (usize::from(s.w_px), usize::from(s.h_px))
    }
    /// How the picture is made.
    fn display(&self) -> Display {
        Display::Raster
    }
    /// The lines the beam drew in the last frame, on a vector display; none on a raster.
    fn strokes(&self) -> Vec<Stroke> {
        Vec::new()
    }
    /// CPU cycles the frame used, where the machine counts them (the Vectrex).
    fn frame_cycles(&self) -> Option<u64> {
        None
    }
    /// CPU cycles in one frame of the real machine, where the machine has a CPU model.
    fn cycles_per_frame(&self) -> Option<u64> {
        None
    }
    /// Run the labyrinth's wall check every N frames, for machines whose scenes walk a
    /// labyrinth (the Vectrex); `None` elsewhere.
    fn wall_check_every(&self) -> Option<u32> {
        None
    }
    /// The machine's CPU side, where the machine has a CPU model.
    fn target_code(&mut self) -> Option<&mut dyn TargetCode> {
        None
    }
    /// Turns writing the picture off (a collision-only mode) or back on; returns false
    /// when the model has no such mode.
    fn set_frame_output(&mut self, on: bool) -> bool {
        let _ = on;
        false
    }
    /// The chip's registers and flags as the last frame's display left them
    /// ([`ChipState`]); empty where the machine has no chip registers to show.
    fn chip_state(&self) -> ChipState {
        ChipState {
            status: self.peek_verdict().status,
            ..ChipState::default()
        }
    }
    /// [`Machine::chip_state`] into `out`: a machine that refills the register list in place
    /// lets the program harness allocate nothing for it per frame; the default builds a
    /// new one.
    fn chip_state_into(&self, out: &mut ChipState) {
        *out = self.chip_state();
    }
    /// A known reason the chip's verdict can differ from the truth, for reports.
    fn disagreement_note(&self) -> Option<&'static str> {
        None
    }
    /// Colour of every palette index, 0x00RRGGBB.
    fn palette_rgb(&self) -> Vec<u32>;
    /// Boots a whole program on the machine's board (specs/programs.md): from here on
    /// [`Machine::program`] drives the board, and the sprite view, verdict and picture
    /// are the program's. The scene driver (`write_sprites`) is not used after a boot.
    ///
    /// # Errors
    /// [`ProgramError::Unsupported`] where the machine has no program board; the image's
    /// or the system ROM's fault otherwise.
    fn boot(&mut self, image: &ProgramImage<'_>) -> Result<(), ProgramError> {
        let _ = image;
        Err(ProgramError::Unsupported {
            machine: self.key(),
        })
    }
    /// What the machine's program board takes and spans (`None`: no program board).
    fn program_limits(&self) -> Option<crate::program::ProgramLimits> {
        None
    }
    /// The RAM a program's object table may be in, as inclusive (first, last) CPU
    /// addresses; empty when not stated (the table is then checked against the CPU's
    /// space alone).
    fn program_ram(&self) -> &'static [(u32, u32)] {
        &[]
    }
    /// The board running the booted program; `None` before [`Machine::boot`].
    fn program(&mut self) -> Option<&mut dyn ProgramBoard> {
        None
    }
    /// The whole machine as it is now, for [`Machine::restore_state`]
    /// ([`crate::state`]).
    ///
    /// # Errors
    /// [`StateError::Unsupported`] where the machine keeps no save states.
    fn save_state(&self) -> Result<MachineState, StateError> {
        Err(StateError::Unsupported(self.key()))
    }
    /// Puts the machine back as it was when `state` was saved: running on from here gives
    /// the frames, flags and cycles the saved machine would have given.
    ///
    /// # Errors
    /// A state of another machine, or a machine that keeps none.
    fn restore_state(&mut self, state: &MachineState) -> Result<(), StateError> {
        let _ = state;
        Err(StateError::Unsupported(self.key()))
    }
}

/// `0`/`1` for a flag in a panel line.
#[must_use]
pub fn bit(b: bool) -> u8 {
    u8::from(b)
}
