//! The MSX1 as a routine sees it (target-code.md): a Z80A at 3,579,545 Hz with the MSX's
//! one wait state per M1 cycle, the routine's image in a ROM page, RAM, and the TMS9918A
//! on I/O ports #98/#99.
//!
//! # The board
//! - **CPU**: the `cpu-z80` core. The MSX engine inserts one wait state in every M1 cycle
//!   (each opcode and prefix byte); the board supplies it through [`cpu_z80::Bus::m1_wait`],
//!   so `NOP` takes 5 T-states, `OUT (n),A` 12 and `LDIR` 23 per repeat (18 for the last).
//! - **The board** is the one a booted cartridge runs on ([`super::board::MsxProgram`]:
//!   the same CPU, slots, PSG and bus), in its routine layout: no BIOS (slot 0 reads #FF),
//!   the image in slot 1's ROM page $4000-$7FFF (writes ignored, as on the machine; bytes
//!   past the image read #FF), slot 2 empty, RAM in slot 3, page n on slot n (PPI port A
//!   E4h). So $0000-$3FFF and $8000-$BFFF read #FF and ignore writes and $C000-$FFFF is
//!   RAM; executing anything outside the image and RAM is a [`RoutineError::Fault`]
//!   naming the PC.
//! - **I/O**: the TMS9918A model ([`tms9918::Vdp`]) at #98 (data: VRAM through the
//!   read-ahead buffer) and #99 (control writes; reading returns S#0 and clears F, 5S and C as
//!   the chip does), the PSG on #A0-#A2 and the PPI on #A8-#AB as the board has them
//!   (a routine has no use for them). Only the low 8 bits of the port address are decoded;
//!   every other port reads #FF and ignores writes. The chip's INT output (F with R1 IE) drives the Z80's
//!   /INT, so a routine that enables interrupts takes them (to $0038, which is not on the
//!   board: a fault).
//! - **Frame**: 228 T-states per line x 262 lines = 59,736 T-states per frame. The
//!   TMS9918A draws a line in 342 pixel clocks of 5,369,318 Hz (3/2 of the CPU clock, both
//!   from the same 21.477 MHz crystal: /4 for the VDP, /6 for the Z80), so a line is
//!   342 / 1.5 = 228 Z80 T-states; an NTSC frame is 262 lines.
//!
//! # The call
//! The harness writes the stub `CALL entry` at [`STUB`] ($F380, just above the stack, which
//! grows down from $F380), sets SP to $F380, clears IFF1/IFF2 and HALT, and runs from the
//! stub until the PC reaches [`TRAP`] ($F383, the byte after the stub). Cycles are counted
//! from the first T-state of the `CALL` (18 with its wait states) to the last of the
//! routine's `RET`. The Z80 has no undefined opcodes (every byte does something), so the
//! stops are: a `HALT` with interrupts masked ([`RoutineError::Halted`] with the `HALT`'s
//! address), execution outside the image and RAM ([`RoutineError::Fault`]) and the budget
//! ([`RoutineError::Runaway`]).
//!
//! # VRAM access timing
//! The model follows openMSX (`src/video/VDP.cc`, `scheduleCpuVramAccess`, and
//! `src/video/VDPAccessSlots.cc`, the MSX1 tables). The TMS9918A lets the CPU at VRAM only in
//! fixed access slots of each line; openMSX lists them in VDP ticks (1,368 per line, 6 per
//! Z80 T-state), one table per mode: `slotsMsx1ScreenOff` (display blanked, and every line
//! of the vertical border), `slotsMsx1Gfx12` (Graphics I and II), `slotsMsx1Gfx3`
//! (multicolor) and `slotsMsx1Text`. A CPU access at tick T (a data-port read or write at
//! #98, or the second control byte of a read set-up, which makes the chip prefetch) is
//! carried out at the first slot at or after T + 28 ticks (openMSX's `Delta::D28` for MSX1
//! VDPs, tuned on real machines and on *Chase HQ*). An access that arrives while the
//! previous one is still waiting for its slot is **too fast**: on the chip the new request
//! replaces the old one (a write is lost, a read returns stale data). A routine call counts
//! those accesses ([`crate::routine::CallOutcome::chip_too_fast`]) and lets them land; a
//! program's frames lose them as the chip does ([`super::board`]).
//!
//! The call starts at the start of vertical blanking: tick 0 of line 192, the first line
//! after the active display, where the chip has just set F. Lines 192-261 (70 lines,
//! 15,960 T-states) are the vertical border, then lines 0-191 are displayed, and so on while
//! the routine runs. In the border any Z80 access pattern is fine (slots at most 16 ticks
//! apart: an access waits at most 43 ticks, 7.2 T-states, less than the 12 T-states of the
//! fastest MSX `OUT`); in Graphics I/II during the active display an access can wait up to
//! 155 ticks (25.9 T-states), which is why MSX programmers keep 29 T-states between
//! accesses (Wouter Vermaelen, "VDP VRAM timings, part II", openMSX team, 2014, section
//! "MSX1 CPU-VRAM access", from the TMS9918 application manual's 8 us worst case).

use cpu_z80::Cpu;
use tms9918::Vdp;

use super::access::VramTiming;
use super::board::{MsxBus, MsxProgram};

use crate::routine::{Abi, Addr, ByteOrder, CallOutcome, RoutineError, Target, check_image};

/// The Z80's clock on an MSX: 3,579,545 Hz (the NTSC colour burst, 21.477 MHz / 6).
pub const CLOCK_HZ: u64 = 3_579_545;
/// Z80 T-states per video line: 342 VDP pixel clocks / 1.5.
pub const T_PER_LINE: u64 = 228;
/// Lines per NTSC frame.
pub const LINES_PER_FRAME: u64 = 262;
/// Z80 T-states per frame: 228 x 262.
pub const T_PER_FRAME: u64 = T_PER_LINE * LINES_PER_FRAME;
/// Active display lines.
pub const ACTIVE_LINES: u64 = 192;

/// The ROM page holding the image.
pub const ROM: u16 = 0x4000;
/// Its size.
pub const ROM_SIZE: usize = 0x4000;
/// The first RAM address (RAM runs to $FFFF).
pub const RAM: u16 = 0xC000;
/// RAM size.
pub const RAM_SIZE: usize = 0x4000;
/// Where the harness writes its `CALL entry` stub.
pub const STUB: u16 = 0xF380;
/// Where the routine's `RET` lands: the byte after the stub.
pub const TRAP: u16 = STUB + 3;

/// The MSX side of the routine contract.
pub const ABI: Abi = Abi {
    machine: "msx",
    code: ROM as u32,
    code_max: ROM_SIZE as u32,
    obj: 0xC000,
    obj_capacity: 255,
    out: 0xC800,
    out_capacity: 2048,
    stack: 0xF380,
    byte_order: ByteOrder::Little,
    cycles_per_frame: T_PER_FRAME,
};

/// The MSX board ([`MsxProgram`], the same one a booted cartridge runs on) in its routine
/// layout, kept between calls. Borrow the machine's chip for a call with
/// [`MsxTarget::board`].
#[derive(Clone)]
pub struct MsxTarget {
    board: MsxProgram,
    image_len: usize,
}

impl std::fmt::Debug for MsxTarget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MsxTarget")
            .field("pc", &Addr(u32::from(self.board.cpu.pc)))
            .field("t", &self.board.cpu.t)
            .field("image_len", &self.image_len)
            .finish_non_exhaustive()
    }
}

impl Default for MsxTarget {
    fn default() -> Self {
        Self::new()
    }
}

impl MsxTarget {
    /// A board at power-on: no image (the ROM page reads #FF), RAM zero.
    #[must_use]
    pub fn new() -> Self {
        Self {
            board: MsxProgram::for_routines(),
            image_len: 0,
        }
    }

    /// The board a booted cartridge runs on, for routine calls and program frames alike.
    #[must_use]
    pub fn from_board(board: MsxProgram) -> Self {
        Self {
            board,
            image_len: 0,
        }
    }

    /// The board itself (CPU, slots, PSG).
    #[must_use]
    pub const fn program(&self) -> &MsxProgram {
        &self.board
    }

    /// The board, to run a frame of a booted program.
    pub const fn program_mut(&mut self) -> &mut MsxProgram {
        &mut self.board
    }

    /// The board with the machine's chip on its ports, for the calls of one frame.
    pub fn board<'a>(&'a mut self, vdp: &'a mut Vdp) -> MsxBoard<'a> {
        MsxBoard { target: self, vdp }
    }

    /// The CPU, as the last call left it.
    #[must_use]
    pub const fn cpu(&self) -> &Cpu {
        &self.board.cpu
    }

    /// A byte as the CPU would read it (no side effects: there are none in memory).
    #[must_use]
    pub fn read(&self, addr: u16) -> u8 {
        self.board.slots.read(addr)
    }

    /// Whether the CPU may execute at `pc` (the image or RAM).
    #[must_use]
    pub fn may_execute(&self, pc: u16) -> bool {
        pc >= RAM || (pc >= ROM && usize::from(pc - ROM) < self.image_len)
    }
}

/// The MSX board for one call: the CPU and memory of an [`MsxTarget`] with the machine's
/// [`Vdp`] on ports #98/#99. Implements [`Target`].
#[derive(Debug)]
pub struct MsxBoard<'a> {
    target: &'a mut MsxTarget,
    vdp: &'a mut Vdp,
}

impl MsxBoard<'_> {
    /// The chip on the ports.
    #[must_use]
    pub fn vdp(&self) -> &Vdp {
        self.vdp
    }
}

impl Target for MsxBoard<'_> {
    fn abi(&self) -> Abi {
        ABI
    }

    fn load(&mut self, image: &[u8]) -> Result<(), RoutineError> {
        check_image(&ABI, image)?;
        self.target.board.load_routine(image);
        self.target.image_len = image.len();
        Ok(())
    }

    fn poke(&mut self, addr: u32, bytes: &[u8]) {
        for (k, &b) in bytes.iter().enumerate() {
            let a = addr as usize + k;
            if (usize::from(RAM)..=0xFFFF).contains(&a) {
                self.target.board.slots.write(a as u16, b);
            }
        }
    }

    fn peek(&mut self, addr: u32, out: &mut [u8]) {
        for (k, b) in out.iter_mut().enumerate() {
            *b = self.target.read(((addr as usize + k) & 0xFFFF) as u16);
        }
    }

    fn call(&mut self, entry: u32, budget: u64) -> Result<CallOutcome, RoutineError> {
        let Ok(entry16) = u16::try_from(entry) else {
            return Err(RoutineError::Fault {
                pc: Addr(u32::from(STUB)),
                what: format!("CALL {}: beyond the Z80's 64 KB", Addr(entry)),
            });
        };
        let [lo, hi] = entry16.to_le_bytes();
        for (k, b) in [0xCD, lo, hi].into_iter().enumerate() {
            self.target.board.slots.write(STUB + k as u16, b);
        }
        let target = &mut *self.target;
        let board = &mut target.board;
        let cpu = &mut board.cpu;
        cpu.sp = ABI.stack as u16;
        cpu.pc = STUB;
        cpu.iff1 = false;
        cpu.iff2 = false;
        cpu.halted = false;
        cpu.ei = false;
        let start = cpu.t;
        let image_len = target.image_len;
        let executable = |pc: u16| pc >= RAM || (pc >= ROM && usize::from(pc - ROM) < image_len);
        let mut timing = VramTiming::new(start);
        let mut bus = MsxBus {
            slots: &mut board.slots,
            psg: &mut board.psg,
            vdp: self.vdp,
            timing: Some(&mut timing),
            lose_too_fast: false,
        };
        loop {
            let used = cpu.t - start;
            if cpu.pc == TRAP && used > 0 {
                return Ok(CallOutcome {
                    cycles: used,
                    chip_too_fast: timing.too_fast,
                });
            }
            if used >= budget {
                return Err(RoutineError::Runaway {
                    pc: Addr(u32::from(cpu.pc)),
                    cycles: used,
                    budget,
                });
            }
            if cpu.halted && !cpu.iff1 {
                return Err(RoutineError::Halted {
                    pc: Addr(u32::from(cpu.pc.wrapping_sub(1))),
                });
            }
            if !cpu.halted && !executable(cpu.pc) {
                return Err(RoutineError::Fault {
                    pc: Addr(u32::from(cpu.pc)),
                    what: "execution outside the routine's image and RAM (nothing else is \
                           on the board: no BIOS, no other slot)"
                        .to_owned(),
                });
            }
            cpu.set_int(bus.vdp.interrupt());
            cpu.step(&mut bus);
        }
    }
}

/// What `hitlab routine --abi` adds to the contract's addresses for the MSX: the chip as
/// the routine reaches it, the BIOS entries, and the RAM left for the routine's own use
/// (from this module's description of the board).
pub const ROUTINE_NOTES: &[&str] = &[
    "chip      the TMS9918A on ports #98 (VRAM data, through the read-ahead buffer) and #99",
    "          (control writes; a read returns S#0 and clears F, 5S and C); a VRAM access",
    "          faster than the chip's access slots allow is counted (openMSX's MSX1 slots)",
    "BIOS      none on the board: $0000-$3FFF reads #FF and a CALL there is a fault naming",
    "          the PC; HALT with interrupts masked is an error",
    "scratch   RAM $D802-$F2FF (above the pair list, below the stack, which grows down",
    "          from $F380); nothing is cleared between calls",
];

/// The shipped scene `hitlab routine` runs a routine against when it is given none, from
/// the project folder: fixed, so that a scene of the user's own never changes it.
pub const ROUTINE_SCENE: &str = "scenes/msx/bands.ron";
