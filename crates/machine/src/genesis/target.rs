//! The Genesis / Mega Drive as a routine sees it (target-code.md): a 68000 at
//! 53,693,175 / 7 Hz on the console's memory map, the routine's image in cartridge ROM,
//! 64 KB of work RAM and the VDP ([`genesis::Vdp`]) on its ports.
//!
//! # The board
//! - **CPU**: the `cpu-m68k` core (68000 clocks, cycle-exact per instruction).
//! - **Cartridge ROM**, $000000-$3FFFFF: the harness writes the vector table (initial SSP
//!   [`STACK`] = $FFFE00, reset PC [`CODE`] = $000200; every other vector also points at
//!   $000200, and is never followed: the board stops at any exception) and the system
//!   name `SEGA MEGA DRIVE ` at $000100 (the rest of $000104-$0001FF is spaces); the image
//!   goes at [`CODE`]. Writes to ROM are ignored, as on the console. Bytes past the image
//!   read $FF.
//! - **Work RAM**: 64 KB at $FF0000, mirrored through $E00000-$FFFFFF as on the console
//!   (only A15-A0 are decoded there).
//! - **VDP** at $C00000-$C0001F, mirrored wherever A18-A16 and A7-A5 are zero in
//!   $C00000-$DFFFFF (the console's decode, `address & $E700E0 == $C00000`):
//!
//!   | offset | read | write |
//!   |---|---|---|
//!   | $00, $02 | data port word ([`Vdp::read_data`]); a byte read returns its half | data port word ([`Vdp::write_data`]) |
//!   | $04, $06 | status word ([`Vdp::read_status`]: clears bits 5 and 6, abandons a half-written command); a byte read returns its half, with the same effect | control port word ([`Vdp::write_control`]: a register write or one half of the two-word command) |
//!   | $08-$0E | HV counter (below) | the console locks up: an error |
//!   | $10-$17 | the console locks up (the PSG is write-only): an error | PSG: ignored (not modelled) |
//!   | $18-$1F | $FFFF (unused, test register) | ignored |
//!
//!   A **byte write** to $00-$07 is a [`RoutineError::Fault`] naming the PC and the address:
//!   the console would write the byte to both halves of the port, which is never what a
//!   routine means. A long-word access is two word accesses, high word first, so
//!   `move.l #$40000003,$C00004` writes the two command words in order.
//! - **HV counter** ($C00008): the call starts at the start of vertical blanking, the
//!   first line after the active display (line 224 in V28, V counter $E0) at H counter
//!   $00. The counter then follows the routine's elapsed cycles (sampled at the start of
//!   the instruction that reads it): 3,420 master clocks (488.57 68000 cycles) per line,
//!   262 lines, with the NTSC V28 V-counter sequence $00-$EA, $E5-$FF; the H byte runs
//!   linearly over the line through the H32 ($00-$93, $E9-$FF) or H40 ($00-$B6, $E4-$FF)
//!   sequence. A plausible counter for polling a line, not the chip's exact H timing.
//! - **Lock-ups**: every access the console would freeze on is a [`RoutineError::Fault`]
//!   naming the instruction's PC and the address: $800000-$9FFFFF (the 32X's space, no 32X),
//!   $A20000-$BFFFFF, a VDP-area address with A18-A16 or A7-A5 set, a read of the PSG and a
//!   write to the HV counter.
//! - **Unmapped** (not on this board, no lock-up on the console): $400000-$7FFFFF (the
//!   expansion port, no Mega-CD). A word read returns $FFFF, a byte read $FF, writes are
//!   ignored (the console would return the 68000's open bus; nothing here models it).
//! - **One map**: the routine runs on the same memory map as a whole program
//!   ([`super::bus`]: Z80 space, I/O, TMSS, DMA); the Z80 does not run during a call.
//! - **Interrupts**: none during the call. The routine is the body of a vertical-blank
//!   handler whose interrupt was already taken; no further frame runs while it does.
//! - **VDP access timing**: not checked ([`CallOutcome::chip_too_fast`] is always 0). In
//!   vertical blanking the VDP's FIFO takes writes as fast as the 68000 issues them.
//!
//! # Frame
//! The master clock is 53,693,175 Hz (NTSC); the 68000 runs at master / 7 and a line lasts
//! 3,420 master clocks, so an NTSC frame of 262 lines is 262 x 3,420 / 7 = 896,040 / 7 =
//! 128,005.714... 68000 cycles. [`CYCLES_PER_FRAME`] rounds it to the nearest, 128,006
//! (seven frames are exactly 896,040 cycles: five of 128,006 and two of 128,005).
//!
//! # The call
//! The harness writes the stub `JSR entry.L` at [`STUB`] ($FFFE00, just above the stack,
//! which grows down from $FFFE00), sets SSP to $FFFE00 and SR to $2700 (supervisor,
//! interrupts masked), and runs from the stub with its first two words already in the
//! prefetch queue, as after any instruction, until the PC reaches [`TRAP`] ($FFFE06, the
//! word after the stub). Cycles are counted from the first cycle of the `JSR` (20) to the
//! last of the routine's `RTS` (16): a routine that is a bare `RTS` costs 36.
//!
//! Stops, each a [`RoutineError`] naming the PC: an illegal instruction or a line-A/line-F
//! opcode ([`RoutineError::UndefinedInstruction`] with the opcode word); an address error
//! (a word or long access, or a jump, at an odd address), a division by zero, `TRAP`,
//! `CHK`, a privilege violation or any other exception ([`RoutineError::Fault`]: the board
//! has no handlers); `STOP`, which waits for an interrupt that never comes, and a double
//! fault ([`RoutineError::Halted`]); execution outside the image and RAM
//! ([`RoutineError::Fault`]); a lock-up or a byte write to a VDP port (above); and the
//! budget ([`RoutineError::Runaway`]).

use cpu_m68k::{Cpu, ExceptionKind};
use genesis::{HMode, Vdp};

use super::bus::{GenesisBus, Memory};
pub use super::bus::{RAM_SIZE, ROM_SPACE};
use super::dma::run_dma_now;

use crate::routine::{Abi, Addr, ByteOrder, CallOutcome, RoutineError, Target, check_image};

/// The NTSC master clock, Hz.
pub const MASTER_HZ: u64 = 53_693_175;
/// Master clocks per 68000 cycle.
pub const MASTER_PER_CYCLE: u64 = 7;
/// The 68000's clock: 53,693,175 / 7 = 7,670,453 Hz (rounded down).
pub const CLOCK_HZ: u64 = MASTER_HZ / MASTER_PER_CYCLE;
/// Master clocks per line.
pub const MASTER_PER_LINE: u64 = 3_420;
/// Lines per NTSC frame.
pub const LINES_PER_FRAME: u64 = 262;
/// 68000 cycles per frame: 262 x 3,420 / 7 = 128,005.714..., rounded to the nearest.
pub const CYCLES_PER_FRAME: u64 =
    (LINES_PER_FRAME * MASTER_PER_LINE + MASTER_PER_CYCLE / 2) / MASTER_PER_CYCLE;

/// Where the image is loaded (after the 512 bytes of vectors and header).
pub const CODE: u32 = 0x00_0200;
/// The largest image: the cartridge space after the vectors and header.
pub const CODE_MAX: u32 = ROM_SPACE - CODE;
/// Work RAM's address (mirrored through $E00000-$FFFFFF).
pub const RAM: u32 = 0xFF_0000;
/// The object table.
pub const OBJ: u32 = 0xFF_0000;
/// The pair list.
pub const OUT: u32 = 0xFF_1000;
/// The supervisor stack pointer at the call (the stack grows down from here).
pub const STACK: u32 = 0xFF_FE00;
/// Where the harness writes its `JSR entry.L` stub.
pub const STUB: u32 = STACK;
/// Where the routine's `RTS` lands: the word after the stub.
pub const TRAP: u32 = STUB + 6;
/// The status register at the call: supervisor mode, interrupt mask 7.
pub const SR: u16 = 0x2700;

/// The VDP's ports, as the routines address them.
pub const VDP_DATA: u32 = 0xC0_0000;
/// The control port (writes) and status word (reads).
pub const VDP_CTRL: u32 = 0xC0_0004;
/// The HV counter.
pub const VDP_HV: u32 = 0xC0_0008;

/// The Genesis side of the routine contract.
pub const ABI: Abi = Abi {
    machine: "genesis",
    code: CODE,
    code_max: CODE_MAX,
    obj: OBJ,
    obj_capacity: 255,
    out: OUT,
    out_capacity: 2048,
    stack: STACK,
    byte_order: ByteOrder::Big,
    cycles_per_frame: CYCLES_PER_FRAME,
};

/// The vector table and header the harness writes in front of every image.
fn header() -> Vec<u8> {
    let mut h = vec![0x20; CODE as usize];
    for v in 0..64 {
        let value = if v == 0 { STACK } else { CODE };
        h[4 * v..4 * v + 4].copy_from_slice(&value.to_be_bytes());
    }
    h[0x100..0x110].copy_from_slice(b"SEGA MEGA DRIVE ");
    h
}

/// The Genesis's CPU and memory, kept between calls. Borrow the machine's chip for a call
/// with [`GenesisTarget::board`].
#[derive(Clone)]
pub struct GenesisTarget {
    pub(super) cpu: Cpu,
    pub(super) mem: Memory,
    pub(super) program: Option<super::board::ProgramState>,
}

impl std::fmt::Debug for GenesisTarget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GenesisTarget")
            .field("pc", &Addr(self.cpu.pc()))
            .field("cycles", &self.cpu.cycles())
            .field("image_len", &self.image_len())
            .finish_non_exhaustive()
    }
}

impl Default for GenesisTarget {
    fn default() -> Self {
        Self::new()
    }
}

impl GenesisTarget {
    /// A board at power-on: vectors and header but no image, RAM zero.
    #[must_use]
    pub fn new() -> Self {
        Self {
            cpu: Cpu::new(),
            mem: Memory::new(header()),
            program: None,
        }
    }

    /// The board with the machine's chip on its ports, for the calls of one frame.
    pub fn board<'a>(&'a mut self, vdp: &'a mut Vdp) -> GenesisBoard<'a> {
        GenesisBoard { target: self, vdp }
    }

    /// The CPU, as the last call left it.
    #[must_use]
    pub const fn cpu(&self) -> &Cpu {
        &self.cpu
    }

    /// The loaded image's length in bytes.
    #[must_use]
    pub fn image_len(&self) -> usize {
        self.mem.rom.len().saturating_sub(CODE as usize)
    }

    /// A byte of ROM or RAM as the CPU would read it; $FF anywhere else (the harness's
    /// view: no side effects, so the VDP's ports read $FF here).
    #[must_use]
    pub fn read(&self, addr: u32) -> u8 {
        self.mem.peek(addr)
    }

    /// Whether the CPU may execute at `pc`: the image or RAM.
    #[must_use]
    pub fn may_execute(&self, pc: u32) -> bool {
        executable(pc, self.mem.rom.len())
    }
}

#[inline]
fn executable(pc: u32, rom_len: usize) -> bool {
    let pc = pc & 0xFF_FFFF;
    pc >= 0xE0_0000 || (pc >= CODE && (pc as usize) < rom_len)
}

/// The Genesis board for one call: the CPU and memory of a [`GenesisTarget`] with the
/// machine's [`Vdp`] on its ports. Implements [`Target`].
#[derive(Debug)]
pub struct GenesisBoard<'a> {
    target: &'a mut GenesisTarget,
    vdp: &'a mut Vdp,
}

impl GenesisBoard<'_> {
    /// The chip on the ports.
    #[must_use]
    pub fn vdp(&self) -> &Vdp {
        self.vdp
    }
}

/// The HV counter `elapsed` 68000 cycles after the start of vertical blanking.
#[must_use]
pub fn hv_counter(elapsed: u64, h_mode: HMode, active_lines: u16) -> u16 {
    let master = elapsed * MASTER_PER_CYCLE;
    let line = (u64::from(active_lines) + master / MASTER_PER_LINE) % LINES_PER_FRAME;
    // NTSC V28: $00-$EA, then $E5-$FF.
    let v = if line <= 0xEA { line } else { line - 6 };
    let in_line = (master % MASTER_PER_LINE) as u32;
    ((v as u16) << 8) | u16::from(genesis::line::h_counter(in_line, h_mode))
}

impl Target for GenesisBoard<'_> {
    fn abi(&self) -> Abi {
        ABI
    }

    fn load(&mut self, image: &[u8]) -> Result<(), RoutineError> {
        check_image(&ABI, image)?;
        self.target.program = None;
        let rom = &mut self.target.mem.rom;
        *rom = header();
        rom.extend_from_slice(image);
        Ok(())
    }

    fn poke(&mut self, addr: u32, bytes: &[u8]) {
        for (k, &b) in bytes.iter().enumerate() {
            let a = (addr as usize + k) & 0xFF_FFFF;
            if a >= 0xE0_0000 {
                self.target.mem.ram[a & 0xFFFF] = b;
            }
        }
    }

    fn peek(&mut self, addr: u32, out: &mut [u8]) {
        for (k, b) in out.iter_mut().enumerate() {
            *b = self.target.read(addr.wrapping_add(k as u32));
        }
    }

    fn call(&mut self, entry: u32, budget: u64) -> Result<CallOutcome, RoutineError> {
        let target = &mut *self.target;
        let stub = (STUB & 0xFFFF) as usize;
        let [e0, e1, e2, e3] = entry.to_be_bytes();
        target.mem.ram[stub..stub + 6].copy_from_slice(&[0x4E, 0xB9, e0, e1, e2, e3]);
        if target.cpu.is_halted() || target.cpu.is_stopped() {
            target.cpu = Cpu::new();
        }
        let cpu = &mut target.cpu;
        cpu.set_irq(0);
        cpu.set_sr(SR);
        cpu.set_ssp(STACK);
        cpu.set_a(7, STACK);
        cpu.set_pc(STUB);
        cpu.set_prefetch([0x4EB9, u16::from_be_bytes([e0, e1])]);
        let start = cpu.cycles();
        let rom_len = target.mem.rom.len();
        // A routine call keeps no line time: no FIFO waits.
        self.vdp.clear_master_clock();
        let mut bus = GenesisBus::routine(&mut target.mem, self.vdp, start);
        loop {
            let pc = cpu.pc();
            let used = cpu.cycles() - start;
            if pc == TRAP && used > 0 {
                return Ok(CallOutcome {
                    cycles: used,
                    chip_too_fast: 0,
                });
            }
            if used >= budget {
                return Err(RoutineError::Runaway {
                    pc: Addr(pc),
                    cycles: used,
                    budget,
                });
            }
            if !executable(pc, rom_len) {
                return Err(RoutineError::Fault {
                    pc: Addr(pc),
                    what: "execution outside the routine's image and RAM (the vector table, \
                           unloaded ROM and the I/O areas hold no code)"
                        .to_owned(),
                });
            }
            bus.begin_instruction(start + used);
            cpu.step(&mut bus);
            if !bus.touched
                && cpu.last_exception().is_none()
                && !cpu.is_stopped()
                && !cpu.is_halted()
            {
                // ROM and work RAM only: no fault, no DMA started (the usual instruction).
                continue;
            }
            if let Some(f) = bus.fault.take() {
                return Err(RoutineError::Fault {
                    pc: Addr(pc),
                    what: format!("access at {}: {}", Addr(f.addr), f.what),
                });
            }
            if let Err(src) = run_dma_now(bus.mem, bus.vdp) {
                return Err(RoutineError::Fault {
                    pc: Addr(pc),
                    what: format!(
                        "DMA source {}: the VDP can only read ROM and work RAM",
                        Addr(src)
                    ),
                });
            }
            if let Some(e) = cpu.last_exception() {
                let at = Addr(e.pc);
                return Err(match e.kind {
                    ExceptionKind::IllegalInstruction
                    | ExceptionKind::LineA
                    | ExceptionKind::LineF => {
                        let [hi, lo] = [e.pc, e.pc + 1].map(|a| match a & 0xFF_FFFF {
                            a @ 0..ROM_SPACE => bus.mem.peek(a),
                            a => bus.mem.ram[(a & 0xFFFF) as usize],
                        });
                        let opcode = u32::from(u16::from_be_bytes([hi, lo]));
                        RoutineError::UndefinedInstruction { pc: at, opcode }
                    }
                    ExceptionKind::AddressError => RoutineError::Fault {
                        pc: at,
                        what: "address error: a word or long access, or a jump, at an odd \
                               address"
                            .to_owned(),
                    },
                    ExceptionKind::ZeroDivide => RoutineError::Fault {
                        pc: at,
                        what: "division by zero (vector 5): the board has no handler".to_owned(),
                    },
                    kind => RoutineError::Fault {
                        pc: at,
                        what: format!(
                            "{kind:?} exception (vector {}): the board has no handler",
                            e.vector
                        ),
                    },
                });
            }
            if cpu.is_halted() {
                return Err(RoutineError::Halted { pc: Addr(pc) });
            }
            if cpu.is_stopped() {
                return Err(RoutineError::Halted { pc: Addr(pc) });
            }
        }
    }
}

/// Seed 002's methods as 68000 code: the images in `roms/genesis/code/`, built from the
/// sources beside them as `roms/genesis/code/build.ron` records. Each returns exactly the
/// pairs of the Rust method of the same id on the same objects (for `columns`, on the
/// screen of the image's mode, 224 lines).
pub mod images {
    use collide::MethodId;
    use genesis::HMode;

    /// `all-pairs-4case`: seed 002 Method 1, first form, with its strict comparisons.
    pub const ALL_PAIRS_4CASE: &[u8] =
        include_bytes!("../../../../roms/genesis/code/all-pairs-4case.bin");
    /// `all-pairs-reject`: Method 1, second form.
    pub const ALL_PAIRS_REJECT: &[u8] =
        include_bytes!("../../../../roms/genesis/code/all-pairs-reject.bin");
    /// `half-pairs`: Method 1, third form.
    pub const HALF_PAIRS: &[u8] = include_bytes!("../../../../roms/genesis/code/half-pairs.bin");
    /// `hw-gated`: Method 1 behind Method 0, reading the status word at $C00004.
    pub const HW_GATED: &[u8] = include_bytes!("../../../../roms/genesis/code/hw-gated.bin");
    /// `good-vs-bad`: Method 2.
    pub const GOOD_VS_BAD: &[u8] = include_bytes!("../../../../roms/genesis/code/good-vs-bad.bin");
    /// `columns` over 32 columns (H32, 256 px).
    pub const COLUMNS_H32: &[u8] = include_bytes!("../../../../roms/genesis/code/columns-h32.bin");
    /// `columns` over 40 columns (H40, 320 px).
    pub const COLUMNS_H40: &[u8] = include_bytes!("../../../../roms/genesis/code/columns-h40.bin");

    /// The methods with an image.
    pub const METHODS: [MethodId; 6] = [
        MethodId::AllPairs4Case,
        MethodId::AllPairsReject,
        MethodId::HalfPairs,
        MethodId::HwGated,
        MethodId::GoodVsBad,
        MethodId::Columns,
    ];

    /// The image of method `id` for a chip in `h_mode` (only `columns` depends on it: one
    /// column per 8 px of the mode's width); `None` for a method without one.
    #[must_use]
    pub fn image(id: MethodId, h_mode: HMode) -> Option<&'static [u8]> {
        Some(match id {
            MethodId::AllPairs4Case => ALL_PAIRS_4CASE,
            MethodId::AllPairsReject => ALL_PAIRS_REJECT,
            MethodId::HalfPairs => HALF_PAIRS,
            MethodId::HwGated => HW_GATED,
            MethodId::GoodVsBad => GOOD_VS_BAD,
            MethodId::Columns => match h_mode {
                HMode::H32 => COLUMNS_H32,
                HMode::H40 => COLUMNS_H40,
            },
            _ => return None,
        })
    }

    /// The image of method `id` for the chip as it stands: `columns` by the display mode
    /// in register 12 (H32 or H40).
    #[must_use]
    pub fn for_chip(id: MethodId, vdp: &genesis::Vdp) -> Option<&'static [u8]> {
        image(id, vdp.registers().h_mode())
    }
}

/// What `hitlab routine --abi` adds to the contract's addresses for the Genesis: the chip as
/// the routine reaches it, the BIOS entries, and the RAM left for the routine's own use
/// (from this module's description of the board).
pub const ROUTINE_NOTES: &[&str] = &[
    "chip      the VDP at $C00000: data port $C00000, control and status word $C00004",
    "          (a read clears bits 5 and 6), HV counter $C00008; a byte write to $C00000-",
    "          $C00007 is an error naming the PC, as are the console's lock-up addresses",
    "BIOS      none: the vectors all point at the code and any exception (address error,",
    "          illegal instruction, TRAP) stops the call with its PC",
    "scratch   work RAM $FF2002-$FFFDFF (above the pair list, below the stack, which grows",
    "          down from $FFFE00); nothing is cleared between calls",
];

/// The shipped scene `hitlab routine` runs a routine against when it is given none, from
/// the project folder: fixed, so that a scene of the user's own never changes it.
pub const ROUTINE_SCENE: &str = "scenes/genesis/shmup.ron";
