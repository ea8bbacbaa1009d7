//! Whole programs on the machine (specs/programs.md): the contract between a machine's
//! board, booted with a program image, and the machine-agnostic program harness.
//!
//! A board runs the program as the machine would: the CPU on its memory and I/O map, the
//! chip behind its ports, interleaved at least line by line, interrupts raised by the chip
//! at their lines. The harness observes it through [`Probe`] (breakpoints on the PC,
//! interrupt entries and returns, the CPU's wait instruction) and through side-effect-free
//! reads ([`CpuView`], [`ProgramBoard::peek_vram`]); after each frame it asks the machine's
//! [`Machine`](crate::Machine) contract for the sprite view, the verdict as the chip set it
//! and the picture, exactly as it does for a scene.
//!
//! # The frame
//! [`ProgramBoard::run_frame`] runs from where the last call stopped to the start of the
//! next vblank: the chip has just finished the active display of the frame, the vblank
//! interrupt is raised (not yet taken), and `Machine::peek_verdict` and `Machine::sprites`
//! tell what the chip saw and flagged during that display. The vblank handler that reads
//! those flags runs at the start of the following call.

use thiserror::Error;

use crate::routine::Addr;

/// A program as the user gave it, the file already read by the frontend.
#[derive(Clone, Copy, Debug, Default)]
pub struct ProgramImage<'a> {
    /// The file's bytes (`.PRG`, cartridge ROM, Genesis ROM).
    pub bytes: &'a [u8],
    /// Where to start instead of the machine's own boot (X16 `--start`).
    pub start: Option<u32>,
    /// A system ROM the user gives instead of the project's own (X16 `--rom`, MSX `--bios`).
    pub system_rom: Option<&'a [u8]>,
    /// A cartridge mapper named by the user instead of the detected one (MSX `--mapper`).
    pub mapper: Option<&'a str>,
    /// The RAM's power-on content, a pattern repeated over it, instead of the machine's own
    /// fill (a program file's `ram: (fill: ...)`; MSX).
    pub ram_fill: Option<&'a [u8]>,
}

/// A folder of the host's that the machine's disk drive reads and writes (the X16's
/// `--fsroot`). The frontend provides it; the machine crate touches no files. Names come
/// checked by the board: a plain file name, no folder part. It is the host's, not the
/// machine's: a saved state shares it with the machine it was taken from.
pub trait HostFs: std::fmt::Debug + Send {
    /// The bytes of file `name`.
    ///
    /// # Errors
    /// [`HostFsError::NotFound`], or the folder refuses the name or cannot be read.
    fn read(&mut self, name: &str) -> Result<Vec<u8>, HostFsError>;
    /// Writes `bytes` as file `name`, replacing one there.
    ///
    /// # Errors
    /// The folder refuses the name or cannot be written.
    fn write(&mut self, name: &str, bytes: &[u8]) -> Result<(), HostFsError>;
}

/// Why a host folder did not give or take a file.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum HostFsError {
    /// No such file.
    #[error("no such file")]
    NotFound,
    /// The name is not one of the folder's files (a folder part, a pattern).
    #[error("refused: {0}")]
    Refused(String),
    /// Reading or writing failed.
    #[error("{0}")]
    Io(String),
}

/// What a machine's program board takes and spans, known before a boot, so the frontend
/// can refuse a setting the machine lacks and bound the addresses, registers and lengths a
/// program file names (a watch on a register the CPU lacks would decide nothing; an address
/// beyond the CPU's space would cost a breakpoint bit per byte up to it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProgramLimits {
    /// The CPU as its maker names it (`65C02`, `Z80`, `68000`).
    pub cpu: &'static str,
    /// Every register name [`CpuView::register`] answers, as the CPU's documentation writes
    /// them.
    pub registers: &'static [&'static str],
    /// Bytes of the CPU's address space (the PC and [`CpuView::peek`] stay below).
    pub cpu_space: u64,
    /// Bytes of video memory [`ProgramBoard::peek_vram`] reads.
    pub vram_bytes: u64,
    /// Whether the program may start elsewhere than the machine's own boot
    /// ([`ProgramImage::start`]).
    pub start: bool,
    /// Whether the user may give a system ROM or BIOS ([`ProgramImage::system_rom`]).
    pub system_rom: bool,
    /// The cartridge mappers the board knows by name ([`ProgramImage::mapper`]); empty
    /// where the machine has none.
    pub mappers: &'static [&'static str],
}

impl ProgramLimits {
    /// Whether `name` names a register of the CPU (case-insensitive, as
    /// [`CpuView::register`] reads it).
    #[must_use]
    pub fn has_register(&self, name: &str) -> bool {
        self.registers.iter().any(|r| r.eq_ignore_ascii_case(name))
    }
}

/// Pad input for one frame, for programs that read it. Bits: [`Input::UP`] and the rest;
/// each board maps them to its own ports (Genesis pad 1, MSX joystick port A, X16 pad 1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Input {
    /// Buttons held, player 1.
    pub pad1: u16,
}

impl Input {
    /// Up.
    pub const UP: u16 = 1 << 0;
    /// Down.
    pub const DOWN: u16 = 1 << 1;
    /// Left.
    pub const LEFT: u16 = 1 << 2;
    /// Right.
    pub const RIGHT: u16 = 1 << 3;
    /// Button A (MSX trigger A, Genesis A, SNES B).
    pub const A: u16 = 1 << 4;
    /// Button B.
    pub const B: u16 = 1 << 5;
    /// Button C.
    pub const C: u16 = 1 << 6;
    /// Start.
    pub const START: u16 = 1 << 7;
}

/// Why a program could not be booted or run on.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ProgramError {
    /// The machine has no program board.
    #[error("the {machine} cannot run whole programs")]
    Unsupported {
        /// The machine's key.
        machine: &'static str,
    },
    /// The program image cannot be loaded (too large, loads over I/O, no header, no `SYS`).
    #[error("{what}")]
    Image {
        /// What is wrong, in the file's own terms.
        what: String,
    },
    /// The system ROM or BIOS the user gave cannot be used (wrong size, no vectors).
    #[error("system ROM: {what}")]
    SystemRom {
        /// What is wrong.
        what: String,
    },
    /// The CPU cannot go on: an unmodelled system call, `BRK`/`STP`/an illegal opcode, an
    /// address error, a byte write the console locks up on, a DMA the chip cannot do.
    #[error("at PC {pc}: {what}")]
    Fault {
        /// The PC of the instruction (or of the caller, for a system call).
        pc: Addr,
        /// What happened.
        what: String,
    },
}

/// The CPU and its memory as the harness reads them: no cycle, no side effect.
pub trait CpuView {
    /// A register by its name in the CPU's own terms (`A`, `X`, `Y`, `S`, `P` on the 65C02;
    /// `A`, `F`, `B`, `C`, `D`, `E`, `H`, `L`, `BC`, `DE`, `HL`, `IX`, `IY`, `SP` on the
    /// Z80; `D0`-`D7`, `A0`-`A7`, `SR` on the 68000). `None` for a name the CPU lacks.
    fn register(&self, name: &str) -> Option<u32>;
    /// The PC.
    fn pc(&self) -> u32;
    /// A byte as the CPU would read it now from memory (RAM, ROM, the mapped bank), with
    /// no side effect on any chip; I/O addresses read as the chip's registers would be
    /// peeked.
    fn peek(&self, addr: u32) -> u8;
    /// The instruction at `pc` as the CPU would decode it from memory now, and its length
    /// in bytes (for fault messages). A CPU without a disassembler gives its first byte.
    fn disasm(&self, pc: u32) -> (String, usize) {
        (format!("DB ${:02X}", self.peek(pc)), 1)
    }
}

/// The set of PCs at which the board stops to tell the probe, checked before each
/// instruction. A bit per address of the CPU's address space.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Breakpoints {
    bits: Vec<u64>,
    any: bool,
}

impl Breakpoints {
    /// No breakpoint.
    #[must_use]
    pub fn none() -> Self {
        Self::default()
    }

    /// Adds `pc`.
    pub fn insert(&mut self, pc: u32) {
        let word = (pc >> 6) as usize;
        if self.bits.len() <= word {
            self.bits.resize(word + 1, 0);
        }
        self.bits[word] |= 1 << (pc & 63);
        self.any = true;
    }

    /// Every address of a space of `bytes` (the whole CPU space, for the fault's
    /// instruction history: see [`fault`]).
    #[must_use]
    pub fn every(bytes: u64) -> Self {
        Self {
            bits: vec![u64::MAX; bytes.div_ceil(64) as usize],
            any: true,
        }
    }

    /// Whether any breakpoint is set (the board's fast path skips the lookup when not).
    #[inline]
    #[must_use]
    pub const fn any(&self) -> bool {
        self.any
    }

    /// Whether `pc` is a breakpoint.
    #[inline]
    #[must_use]
    pub fn contains(&self, pc: u32) -> bool {
        self.bits
            .get((pc >> 6) as usize)
            .is_some_and(|w| w & (1 << (pc & 63)) != 0)
    }

    /// Whether a breakpoint lies in `lo..=hi`, 64 addresses a step.
    #[must_use]
    pub fn any_between(&self, lo: u32, hi: u32) -> bool {
        let (first, last) = ((lo >> 6) as usize, (hi >> 6) as usize);
        (first..=last).any(|w| {
            let mut mask = u64::MAX;
            if w == first {
                mask &= u64::MAX << (lo & 63);
            }
            if w == last {
                mask &= u64::MAX >> (63 - (hi & 63));
            }
            self.bits.get(w).is_some_and(|bits| bits & mask != 0)
        })
    }
}

/// The CPU view of a machine not yet booted with a program: nothing to see.
#[derive(Debug)]
pub(crate) struct NoProgram;

/// The one [`NoProgram`], for [`ProgramBoard::cpu`] before a boot.
pub(crate) const NO_PROGRAM: NoProgram = NoProgram;

impl CpuView for NoProgram {
    fn register(&self, _name: &str) -> Option<u32> {
        None
    }
    fn pc(&self) -> u32 {
        0
    }
    fn peek(&self, _addr: u32) -> u8 {
        0xFF
    }
}

/// What a board tells the harness while it runs. `cycle` counts CPU cycles since boot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardEvent {
    /// The CPU took an interrupt: `source` in the machine's terms (`"irq"`, `"nmi"`,
    /// `"vint"`, `"hint"`), `pc` the interrupted instruction's address. The cycle is the
    /// first cycle of the acknowledge.
    Interrupt {
        /// Which interrupt.
        source: &'static str,
        /// The CPU cycle the acknowledge began on.
        cycle: u64,
        /// The address execution resumes at when the handler returns.
        pc: u32,
    },
    /// The CPU came back from the innermost interrupt taken (RTI/RTE/RETI, or a return that
    /// brings the PC and stack back to where the interrupt found them). The cycle is the one
    /// after the return's last.
    Return {
        /// The CPU cycle after the return.
        cycle: u64,
    },
    /// The CPU began waiting for an interrupt (`WAI`, `HALT`, `STOP`).
    Wait {
        /// The CPU cycle the wait began on.
        cycle: u64,
        /// The wait instruction's address.
        pc: u32,
    },
    /// The chip began vblank (the frame's active display is over).
    Vblank {
        /// The CPU cycle.
        cycle: u64,
    },
    /// The chip began the frame's active display: its first visible line. A handler still
    /// running then has overrun the blanking time.
    DisplayStart {
        /// The CPU cycle.
        cycle: u64,
        /// CPU cycles in one line, in 1/256 cycles (the Genesis's 68000 runs 488 4/7 a
        /// line), so the harness can say by how many lines a handler overran.
        line_cycles_256: u32,
    },
}

/// The harness's side of a running board.
pub trait Probe {
    /// The PCs the board must report through [`Probe::on_pc`].
    fn breakpoints(&self) -> &Breakpoints;
    /// The CPU is about to execute the instruction at `pc`, a breakpoint.
    fn on_pc(&mut self, pc: u32, cycle: u64, cpu: &dyn CpuView);
    /// Something the board did.
    fn on_event(&mut self, event: BoardEvent);
}

/// A probe that watches nothing.
#[derive(Debug, Default)]
pub struct NoProbe(Breakpoints);

impl Probe for NoProbe {
    fn breakpoints(&self) -> &Breakpoints {
        &self.0
    }
    fn on_pc(&mut self, _pc: u32, _cycle: u64, _cpu: &dyn CpuView) {}
    fn on_event(&mut self, _event: BoardEvent) {}
}

/// What one [`ProgramBoard::run_frame`] call did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrameRun {
    /// CPU cycles run in the call.
    pub cycles: u64,
    /// CPU cycles the CPU was held off the bus (DMA) or waiting, of `cycles`.
    pub idle_cycles: u64,
}

/// A machine booted with a program: what the harness drives.
pub trait ProgramBoard {
    /// Runs to the start of the next vblank (see the module docs), telling `probe` as it
    /// goes.
    ///
    /// # Errors
    /// [`ProgramError::Fault`] when the CPU cannot go on.
    fn run_frame(&mut self, probe: &mut dyn Probe) -> Result<FrameRun, ProgramError>;
    /// The CPU and its memory, read without side effects.
    fn cpu(&self) -> &dyn CpuView;
    /// A byte of video memory, read without side effects.
    fn peek_vram(&self, addr: u32) -> u8;
    /// Sets the pads for the frames to come.
    fn set_input(&mut self, input: Input) {
        let _ = input;
    }
    /// Types `text` on the machine's keyboard: each character's key pressed and released
    /// in turn (with Shift where the character needs it), sent as the machine's keyboard
    /// sends keys; `\n` is RETURN.
    ///
    /// # Errors
    /// The machine has no keyboard, or a character is on none of its keys.
    fn type_text(&mut self, text: &str) -> Result<(), String> {
        let _ = text;
        Err("the machine has no keyboard to type on".to_owned())
    }
    /// Puts a host folder behind the machine's disk drive (the X16's unit 8).
    ///
    /// # Errors
    /// The machine has no drive to put it behind.
    fn attach_host_fs(&mut self, fs: Box<dyn HostFs>) -> Result<(), String> {
        let _ = fs;
        Err("the machine has no disk drive for a host folder".to_owned())
    }
    /// CPU cycles in one frame of the real machine.
    fn cycles_per_frame(&self) -> u64;
    /// Why a program that has taken no interrupt for many frames took none, where the
    /// board can tell better than "it never enabled one" (an enabled source the chip only
    /// raises on an event that never happened).
    fn no_interrupt_note(&self) -> Option<String> {
        None
    }
    /// Where the machine's system software hands over to the program (the MSX BIOS calling
    /// the cartridge's INIT), for judging from that moment
    /// ([`JudgeFrom::Handover`]); `None` when the program runs from power-on.
    fn handover_pc(&self) -> Option<u32> {
        None
    }
    /// The machine's own collision answer about the frame before this call, for a machine
    /// whose answer is a routine the program calls after the frame is shown (the Vectrex
    /// BIOS's `Obj_Hit`), as its decisions are; `None` where the chip's flags describe the
    /// frame they were set in.
    fn late_verdict(&self) -> Option<crate::contract::Verdict> {
        None
    }
    /// Turns idle skipping on or off for this board ([`crate::idle`]; on by default
    /// unless `HITLAB_IDLE_SKIP=off`). Either way the frames, events and cycles are the
    /// same; off, every instruction is stepped.
    fn set_idle_skip(&mut self, on: bool) {
        let _ = on;
    }
    /// CPU cycles the board has fast-forwarded through loops that only wait since boot
    /// (0 where it skips none).
    fn idle_skipped_cycles(&self) -> u64 {
        0
    }
}

pub mod fault;
pub mod harness;
pub mod judging;
pub mod objects;
pub mod observe;
pub mod reasons;

pub use harness::{
    Decision, FrameRecord, Harness, HarnessConfig, HarnessError, HarnessState, NamedCycles,
};
pub use judging::{JudgeFrom, Judged, Overrun, PairRule};
pub use objects::{
    FrameObjects, ObjectRule, ObjectRules, ObjectTable, ObjectsError, TableCount, TableSize,
};
pub use observe::{Cycles, Dump, MemoryHit, Observer, Space, Span, Watch, WatchObject};
