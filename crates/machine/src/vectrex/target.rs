//! The Vectrex as a routine sees it (target-code.md): a 6809 at 1.5 MHz on the Vectrex
//! memory map, with the BIOS collision routines answered by the project's byte-exact model.
//!
//! # The board
//! The one a cartridge runs on ([`VectrexBoard`], [`super::board`]: the same CPU, bus, VIA
//! and analog board, stepped the same way), in its routine layout
//! ([`VectrexBoard::for_routines`]); a routine call and a program's frame are two ways to
//! drive it.
//! - **CPU**: the `cpu-6809` core, cycle-counted from the data sheet.
//! - **Cartridge ROM** $0000-$7FFF: the routine's image at $1000 ([`CODE`]); writes are
//!   ignored, as on the machine; bytes outside the image read $FF.
//! - **RAM** $C800-$CBFF (1 KB), mirrored at $CC00-$CFFF.
//! - **VIA** (6522) at $D000-$D7FF, its 16 registers repeated every 16 bytes, and the
//!   $D800-$DFFF window that selects RAM and VIA together, as [`super::board`] describes
//!   them: the timers count the routine's cycles and the flags rise; the VIA's /IRQ drives
//!   the CPU's IRQ line. The harness sets I and F, so a routine takes an interrupt only if
//!   it clears I itself; the vector leads into the empty BIOS socket, a
//!   [`RoutineError::Fault`] naming the address.
//! - **Unmapped** $8000-$C7FF reads $FF and ignores writes.
//! - **BIOS** $E000-$FFFF is not shipped: it reads $FF. When the PC reaches `Obj_Hit`
//!   ($F8FF), `Obj_Will_Hit` ($F8F3) or `Obj_Will_Hit_u` ($F8E5), by a `JSR` (or a `JMP`
//!   as a tail call), the board runs the model of [`vectrex::bios`] and returns as the
//!   routine's own `PULS Y,PC` would, to the address on top of the stack (see
//!   [below](#the-bios-collision-routines)). Reaching any other BIOS address is a
//!   [`RoutineError::Fault`] naming it.
//!
//! Execution is allowed in the image and in RAM; anywhere else is a
//! [`RoutineError::Fault`] naming the PC. `SWI`, `SWI2` and `SWI3` (their vectors lead
//! into the BIOS) are faults naming the PC; an undefined opcode is
//! [`RoutineError::UndefinedInstruction`], an undefined indexed or TFR/EXG postbyte a
//! [`RoutineError::Fault`]; `SYNC` and `CWAI` wait for an interrupt, which the call's
//! masks keep out: [`RoutineError::Halted`].
//!
//! # The call
//! Contract addresses ([`ABI`]): code $1000, object table $C900 (30 records), pair list
//! $CA00 (120 pairs), S = $CBEA, DP = $C8, big-endian. The harness writes the stub
//! `JSR entry` (extended) at [`STUB`] = $CBEA, the stack's top (the stack grows down from
//! there, the BIOS's own stack top), sets S, DP = $C8, sets I and F in CC, and runs until
//! the PC reaches [`TRAP`], the byte after the stub. Cycles run from the first of the
//! `JSR` (8) to the last of the routine's `RTS` (5), both included.
//!
//! **Frame**: 30,000 cycles ([`CYCLES_PER_FRAME`]): the BIOS's `Wait_Recal` restarts VIA
//! timer 2 with $7530 = 30,000 every frame, at 1.5 MHz a frame of 20 ms (50 Hz).
//!
//! # The BIOS collision routines
//! The model ([`vectrex::bios::obj_hit`] and friends, from the annotated BIOS) gives the
//! carry and the cycles of the path taken, counted from the caller's extended `JSR`
//! (8 cycles) to the last cycle of its closing `PULS Y,PC`. The core has already counted
//! the instruction that got there (`JSR` extended 8, direct or `,X` 7, a tail-call `JMP`
//! 3 or 4), so the board adds the model's cycles minus its 8 and the total is exactly
//! what the BIOS code costs after that instruction: `JSR $F8FF` + `Obj_Hit` = 80 to 164
//! cycles, as on the core running the ROM's bytes (a test runs those bytes and compares).
//!
//! Register effects, as the ROM code leaves them: A, B, X, Y, U, S (after the return)
//! and DP unchanged; PC the return address popped from the stack; in CC, E, F and I
//! unchanged, C the result (set = hit), N, Z and V from the routine's last compare
//! (`CMPA 2,X` on a miss, `CMPB #$02` with B = 2 on a hit) and H from its last
//! `ADDA ,X` (centre + half-size of the last axis tested). The routine's pushes are
//! written below the return address as the ROM's `PSHS Y` / `PSHS D,X,Y` leave them (with
//! the moved centre in the pushed Y for the `Will_Hit` forms).
//!
//! # Wall routines
//! The second entry kind ([`VectrexTarget::call_wall`]), called once per labyrinth
//! decision: A = row, B = column (the player's coarse tile position, unsigned), X =
//! direction (0 up, 1 down, 2 right, 3 left); the routine returns with the carry clear
//! when the step is allowed, set when blocked, `Obj_Hit`'s convention. The player's fine
//! offsets (-8..=7 from the tile centre, signed) and half-size are in RAM at
//! [`WALL_FINE_Y`], [`WALL_FINE_X`] and [`WALL_HALF`] (direct page $C8: `<$80`, `<$81`,
//! `<$82`); [`WallQuery`] writes them from a [`Player`].

pub mod asm;

use super::board::{Devices, VectrexBoard};
use crate::vectrex::maze::{Dir, Player};
use cpu_6809::{Bus, Cpu, Fault, State, cc};
use vectrex::Memory;
use vectrex::bios::{HalfSize, ObjHit, YX, obj_hit, obj_will_hit, obj_will_hit_u};

use crate::routine::{Abi, Addr, ByteOrder, CallOutcome, RoutineError, Target, check_image};

/// The 6809's clock on a Vectrex: 1.5 MHz (the 6 MHz crystal / 4).
pub const CLOCK_HZ: u64 = 1_500_000;
/// Cycles per frame: the BIOS frame timer (VIA T2 = $7530).
pub const CYCLES_PER_FRAME: u64 = 30_000;

/// Cartridge ROM size ($0000-$7FFF).
pub const CART_SIZE: usize = 0x8000;
/// Where the image is loaded.
pub const CODE: u16 = 0x1000;
/// The first RAM address.
pub const RAM: u16 = 0xC800;
/// RAM size; it repeats once up to $CFFF.
pub const RAM_SIZE: usize = 0x400;
/// The VIA's first address.
pub const VIA: u16 = 0xD000;
/// The first BIOS ROM address.
pub const BIOS: u16 = 0xE000;
/// `Obj_Hit`.
pub const OBJ_HIT: u16 = 0xF8FF;
/// `Obj_Will_Hit`.
pub const OBJ_WILL_HIT: u16 = 0xF8F3;
/// `Obj_Will_Hit_u`.
pub const OBJ_WILL_HIT_U: u16 = 0xF8E5;
/// Where the harness writes its `JSR entry` stub: the stack's top.
pub const STUB: u16 = 0xCBEA;
/// Where the routine's `RTS` lands: the byte after the stub.
pub const TRAP: u16 = STUB + 3;
/// The direct page during a call.
pub const DP: u8 = 0xC8;

/// A wall routine's input: the player's fine y offset (signed, -8..=7).
pub const WALL_FINE_Y: u16 = 0xC880;
/// The player's fine x offset.
pub const WALL_FINE_X: u16 = 0xC881;
/// The player's half-size in fine units (0..=7).
pub const WALL_HALF: u16 = 0xC882;

/// The caller's extended `JSR` that the model's cycle figures include.
const MODEL_JSR_CYCLES: u32 = 8;

/// The Vectrex side of the routine contract.
pub const ABI: Abi = Abi {
    machine: "vectrex",
    code: CODE as u32,
    code_max: (CART_SIZE - CODE as usize) as u32,
    obj: 0xC900,
    obj_capacity: 30,
    out: 0xCA00,
    out_capacity: 120,
    stack: STUB as u32,
    byte_order: ByteOrder::Big,
    cycles_per_frame: CYCLES_PER_FRAME,
};

/// What one wall decision returned and cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WallCall {
    /// The carry on return: the step is blocked.
    pub blocked: bool,
    /// Cycles from the stub's `JSR` to the routine's `RTS`, both included.
    pub cycles: u64,
}

/// One wall decision in the routine's terms: registers and the RAM bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WallQuery {
    /// A: coarse row.
    pub row: u8,
    /// B: coarse column.
    pub col: u8,
    /// X: 0 up, 1 down, 2 right, 3 left.
    pub dir: u8,
    /// At [`WALL_FINE_Y`].
    pub fine_y: i8,
    /// At [`WALL_FINE_X`].
    pub fine_x: i8,
    /// At [`WALL_HALF`].
    pub half: u8,
}

impl WallQuery {
    /// The decision "may `player` step in `dir`"; `None` when its coarse position does
    /// not fit the routine's unsigned bytes. (The seed 003 image in `roms/vectrex/code`
    /// answers for positions within the labyrinth's outer grid lines; beyond them its
    /// table reads leave the labyrinth's ring of open tiles.)
    #[must_use]
    pub fn new(player: &Player, dir: Dir) -> Option<Self> {
        let pos = player.pos;
        Some(Self {
            row: u8::try_from(pos.y.coarse()).ok()?,
            col: u8::try_from(pos.x.coarse()).ok()?,
            dir: dir_code(dir),
            fine_y: pos.y.fine(),
            fine_x: pos.x.fine(),
            half: player.half(),
        })
    }
}

/// The routine's direction code: 0 up, 1 down, 2 right, 3 left (the seed's bit order).
#[must_use]
pub const fn dir_code(dir: Dir) -> u8 {
    match dir {
        Dir::Up => 0,
        Dir::Down => 1,
        Dir::Right => 2,
        Dir::Left => 3,
    }
}

/// The Vectrex board ([`VectrexBoard`], the same one a cartridge runs on) in its routine
/// layout, kept between calls. Implements [`Target`].
#[derive(Clone)]
pub struct VectrexTarget {
    board: VectrexBoard,
    image_len: usize,
}

impl std::fmt::Debug for VectrexTarget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let cpu = self.board.cpu_6809();
        f.debug_struct("VectrexTarget")
            .field("pc", &Addr(u32::from(cpu.pc)))
            .field("cycles", &cpu.cycles)
            .field("image_len", &self.image_len)
            .finish_non_exhaustive()
    }
}

impl Default for VectrexTarget {
    fn default() -> Self {
        Self::new()
    }
}

impl VectrexTarget {
    /// A board at power-on: no image (the cartridge reads $FF), RAM zero, the VIA after
    /// RESET.
    #[must_use]
    pub fn new() -> Self {
        Self::from_board(VectrexBoard::for_routines())
    }

    /// The board a cartridge runs on, for routine calls and program frames alike.
    #[must_use]
    pub const fn from_board(board: VectrexBoard) -> Self {
        Self {
            board,
            image_len: 0,
        }
    }

    /// The board itself.
    #[must_use]
    pub const fn program(&self) -> &VectrexBoard {
        &self.board
    }

    /// The board, to run a frame of a booted program.
    pub const fn program_mut(&mut self) -> &mut VectrexBoard {
        &mut self.board
    }

    /// The CPU as the last call left it.
    #[must_use]
    pub const fn cpu(&self) -> &Cpu {
        self.board.cpu_6809()
    }

    /// The CPU, to set registers before [`VectrexTarget::call_with`].
    pub fn cpu_mut(&mut self) -> &mut Cpu {
        self.board.cpu_and_bus().0
    }

    /// A byte as the CPU would read it, without the VIA's read side effects.
    #[must_use]
    pub fn read(&self, addr: u16) -> u8 {
        self.board.read(addr)
    }

    /// Whether the CPU may execute at `pc`: the loaded image or RAM.
    #[must_use]
    pub fn may_execute(&self, pc: u16) -> bool {
        executable(pc, self.image_len)
    }

    /// One wall decision: writes `q`'s fine offsets and half-size to RAM, then
    /// [`VectrexTarget::call_wall`].
    ///
    /// # Errors
    /// As [`VectrexTarget::call_wall`].
    pub fn wall(&mut self, entry: u32, q: &WallQuery) -> Result<WallCall, RoutineError> {
        self.poke(
            u32::from(WALL_FINE_Y),
            &[q.fine_y as u8, q.fine_x as u8, q.half],
        );
        self.call_wall(entry, q.row, q.col, u16::from(q.dir))
    }

    /// Calls the wall routine at `entry` with A = `row`, B = `col`, X = `dir`, the way
    /// [`Target::call`] calls a routine, with the budget of [`Abi::runaway_limit`];
    /// returns the carry (blocked) and the cycles.
    ///
    /// # Errors
    /// As [`Target::call`].
    pub fn call_wall(
        &mut self,
        entry: u32,
        row: u8,
        col: u8,
        dir: u16,
    ) -> Result<WallCall, RoutineError> {
        let cpu = self.cpu_mut();
        cpu.a = row;
        cpu.b = col;
        cpu.x = dir;
        let out = self.call_with(entry, ABI.runaway_limit())?;
        Ok(WallCall {
            blocked: self.cpu().cc & cc::C != 0,
            cycles: out.cycles,
        })
    }

    /// [`Target::call`] keeping the registers A, B, D, X, Y and U as they are (set them
    /// with [`VectrexTarget::cpu_mut`]): the harness sets only S, DP, the I and F masks
    /// and the PC.
    ///
    /// # Errors
    /// As [`Target::call`].
    pub fn call_with(&mut self, entry: u32, budget: u64) -> Result<CallOutcome, RoutineError> {
        let Ok(entry16) = u16::try_from(entry) else {
            return Err(RoutineError::Fault {
                pc: Addr(u32::from(STUB)),
                what: format!("JSR {}: beyond the 6809's 64 KB", Addr(entry)),
            });
        };
        let [hi, lo] = entry16.to_be_bytes();
        for (k, b) in [0xBD, hi, lo].into_iter().enumerate() {
            self.board.poke_ram(STUB + k as u16, b);
        }
        let image_len = self.image_len;
        let board = &mut self.board;
        board.drop_segments();
        let cpu = board.cpu_and_bus().0;
        cpu.s = STUB;
        cpu.dp = DP;
        cpu.cc |= cc::I | cc::F;
        cpu.pc = STUB;
        cpu.state = State::Running;
        let start = cpu.cycles;
        loop {
            let (cpu, bus) = board.cpu_and_bus();
            let used = cpu.cycles - start;
            let pc = cpu.pc;
            if pc == TRAP && used > 0 {
                return Ok(CallOutcome {
                    cycles: used,
                    chip_too_fast: 0,
                });
            }
            if used >= budget {
                return Err(RoutineError::Runaway {
                    pc: Addr(u32::from(pc)),
                    cycles: used,
                    budget,
                });
            }
            if !executable(pc, image_len) {
                if pc >= BIOS {
                    bios_call(cpu, bus)?;
                    continue;
                }
                return Err(fault(
                    pc,
                    "execution outside the routine's image and RAM (nothing else is on the \
                     board: no cartridge code beyond the image, no BIOS ROM)",
                ));
            }
            let op = bus.peek(pc);
            if op == 0x3F || (matches!(op, 0x10 | 0x11) && bus.peek(pc.wrapping_add(1)) == 0x3F) {
                return Err(fault(
                    pc,
                    "software interrupt (SWI/SWI2/SWI3): its vector leads into the BIOS, \
                     which is not on the board",
                ));
            }
            match board.step_routine() {
                Ok(_) => {}
                Err(Fault::IllegalOpcode { pc, opcode }) => {
                    return Err(RoutineError::UndefinedInstruction {
                        pc: Addr(u32::from(pc)),
                        opcode: u32::from(opcode),
                    });
                }
                Err(Fault::IllegalPostbyte { pc, postbyte }) => {
                    return Err(fault(pc, &format!("undefined postbyte ${postbyte:02X}")));
                }
            }
            let cpu = board.cpu_6809();
            if cpu.state != State::Running {
                return Err(RoutineError::Halted {
                    pc: Addr(u32::from(cpu.last_pc)),
                });
            }
        }
    }
}

#[inline]
fn executable(pc: u16, image_len: usize) -> bool {
    (RAM..=0xCFFF).contains(&pc) || (pc >= CODE && usize::from(pc - CODE) < image_len)
}

fn fault(pc: u16, what: &str) -> RoutineError {
    RoutineError::Fault {
        pc: Addr(u32::from(pc)),
        what: what.to_owned(),
    }
}

/// The PC is in the BIOS: run the modelled routine there and return as its `PULS Y,PC`
/// does, or name the address.
fn bios_call(cpu: &mut Cpu, bus: &mut Devices) -> Result<(), RoutineError> {
    let pc = cpu.pc;
    if !matches!(pc, OBJ_HIT | OBJ_WILL_HIT | OBJ_WILL_HIT_U) {
        return Err(fault(
            pc,
            "BIOS address reached: the BIOS is not shipped; only Obj_Hit ($F8FF), \
             Obj_Will_Hit ($F8F3) and Obj_Will_Hit_u ($F8E5) are modelled",
        ));
    }
    let centre = YX::from_reg(cpu.y);
    let point = YX::from_reg(cpu.x);
    let half = HalfSize::new(cpu.a as i8, cpu.b as i8);
    let (moved, result): (YX, ObjHit) = match pc {
        OBJ_HIT => (centre, obj_hit(centre, point, half)),
        OBJ_WILL_HIT => {
            let off = YX::from_reg(cpu.u);
            (
                moved_by(centre, off),
                obj_will_hit(centre, point, half, off),
            )
        }
        _ => {
            let bytes = [bus.peek(cpu.u), bus.peek(cpu.u.wrapping_add(1))];
            // The two bytes at U, wherever U points (the model reads them from a Memory).
            let r = Memory::new(&bytes, 0)
                .and_then(|mem| obj_will_hit_u(centre, point, half, &mem, 0))
                .map_err(|e| fault(pc, &format!("Obj_Will_Hit_u: {e}")))?;
            let off = YX::new(bytes[0] as i8, bytes[1] as i8);
            (moved_by(centre, off), r)
        }
    };
    // The ROM's pushes below the return address: PSHS Y, then PSHS D,X,Y (A lowest), the
    // pushed Y holding the (moved) centre the test read.
    let s0 = cpu.s;
    let [yh, yl] = cpu.y.to_be_bytes();
    let [xh, xl] = cpu.x.to_be_bytes();
    let [mh, ml] = moved.to_reg().to_be_bytes();
    for (k, b) in [cpu.a, cpu.b, xh, xl, mh, ml, yh, yl]
        .into_iter()
        .enumerate()
    {
        bus.write(s0.wrapping_sub(8).wrapping_add(k as u16), b);
    }
    let ret = u16::from_be_bytes([bus.peek(s0), bus.peek(s0.wrapping_add(1))]);
    cpu.s = s0.wrapping_add(2);
    cpu.pc = ret;
    cpu.cc = (cpu.cc & (cc::E | cc::F | cc::I)) | obj_hit_flags(moved, point, half);
    if result.carry {
        cpu.cc |= cc::C;
    }
    cpu.cycles += u64::from(result.cycles - MODEL_JSR_CYCLES);
    Ok(())
}

fn moved_by(centre: YX, off: YX) -> YX {
    YX::new(centre.y.wrapping_add(off.y), centre.x.wrapping_add(off.x))
}

/// H, N, Z and V as the ROM code leaves them (C is the result): H from the last
/// `ADDA ,X` (centre + half-size), N Z V from the last compare.
fn obj_hit_flags(centre: YX, point: YX, half: HalfSize) -> u8 {
    let cmp = |a: i8, b: i8| -> u8 {
        let (a, b) = (a as u8, b as u8);
        let r = a.wrapping_sub(b);
        let mut f = 0;
        if r & 0x80 != 0 {
            f |= cc::N;
        }
        if r == 0 {
            f |= cc::Z;
        }
        if (a ^ b) & (a ^ r) & 0x80 != 0 {
            f |= cc::V;
        }
        f
    };
    let mut h = 0;
    for (c, p, size) in [(centre.y, point.y, half.h), (centre.x, point.x, half.w)] {
        h = if (c as u8 & 0x0F) + (size as u8 & 0x0F) > 0x0F {
            cc::H
        } else {
            0
        };
        let upper = c.checked_add(size).unwrap_or(i8::MAX);
        if upper < p {
            return h | cmp(upper, p);
        }
        let lower = c.checked_sub(size).unwrap_or(i8::MIN);
        if lower > p {
            return h | cmp(lower, p);
        }
    }
    // INCB to 2, CMPB #$02: Z.
    h | cc::Z
}

impl Target for VectrexTarget {
    fn abi(&self) -> Abi {
        ABI
    }

    fn load(&mut self, image: &[u8]) -> Result<(), RoutineError> {
        check_image(&ABI, image)?;
        self.board.load_routine(image, CODE);
        self.image_len = image.len();
        Ok(())
    }

    fn poke(&mut self, addr: u32, bytes: &[u8]) {
        for (k, &b) in bytes.iter().enumerate() {
            if let Ok(a) = u16::try_from(addr as usize + k) {
                self.board.poke_ram(a, b);
            }
        }
    }

    fn peek(&mut self, addr: u32, out: &mut [u8]) {
        for (k, b) in out.iter_mut().enumerate() {
            *b = self.read(((addr as usize + k) & 0xFFFF) as u16);
        }
    }

    fn call(&mut self, entry: u32, budget: u64) -> Result<CallOutcome, RoutineError> {
        self.call_with(entry, budget)
    }
}

/// What `hitlab routine --abi` adds to the contract's addresses for the Vectrex: the chip as
/// the routine reaches it, the BIOS entries, and the RAM left for the routine's own use
/// (from this module's description of the board).
pub const ROUTINE_NOTES: &[&str] = &[
    "chip      no sprite chip: the VIA at $D000 is the program board's (its timers count",
    "          the routine's cycles); collisions are the BIOS's box tests",
    "BIOS      JSR $F8FF (Obj_Hit), $F8F3 (Obj_Will_Hit) and $F8E5 (Obj_Will_Hit_u) run the",
    "          project's byte-exact model with its cycles; any other BIOS address, SWI,",
    "          SYNC or CWAI is an error naming the PC",
    "scratch   RAM $C800-$C8FF (the direct page; $C880-$C882 hold a wall call's inputs) and",
    "          $CAF2 up to the stack, which grows down from $CBEA",
];

/// The shipped scene `hitlab routine` runs a routine against when it is given none, from
/// the project folder: fixed, so that a scene of the user's own never changes it.
pub const ROUTINE_SCENE: &str = "scenes/vectrex/labyrinth.ron";
