//! The MSX1 as a routine sees it (target-code.md): a Z80A at 3,579,545 Hz with the MSX's
//! one wait state per M1 cycle, the routine's image in a ROM page, RAM, and the TMS9918A
//! on I/O ports #98/#99.
//!
//! # The board
//! - **CPU**: the `cpu-z80` core. The MSX engine inserts one wait state in every M1 cycle
//!   (each opcode and prefix byte); the board supplies it through [`cpu_z80::Bus::m1_wait`],
//!   so `NOP` takes 5 T-states, `OUT (n),A` 12 and `LDIR` 23 per repeat (18 for the last).
//! - **Memory** for the contract: the image in the ROM page $4000-$7FFF (writes ignored, as
//!   on the machine; bytes past the image read #FF), RAM $C000-$FFFF. Everything else reads
//!   #FF and ignores writes: the BIOS and the other slots are not part of the board, and
//!   executing anything outside the image and RAM is a [`RoutineError::Fault`] naming the PC.
//! - **I/O**: the TMS9918A model ([`tms9918::Vdp`]) at #98 (data: VRAM through the
//!   read-ahead buffer) and #99 (control writes; reading returns S#0 and clears F, 5S and C as
//!   the chip does). Only the low 8 bits of the port address are decoded. Every other port
//!   reads #FF and ignores writes. The chip's INT output (F with R1 IE) drives the Z80's
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
//! The call starts at the start of vertical blanking: line 192, the first line after the
//! active display, where the chip has just set F. Lines 192-261 (70 lines, 15,960 T-states)
//! are the vertical border, then lines 0-191 are displayed, and so on while the routine runs.
//! Each VRAM access through the ports (a data-port read or write at #98, and the second
//! control byte of a read set-up, which makes the chip prefetch) is checked at the T-state
//! the core reports for its I/O cycle:
//! - in the vertical border, or with the display blanked (R1 BL = 0), or in text mode, there
//!   is no limit: the chip offers a CPU slot every 4 VDP cycles in the border (6 in text
//!   mode), closer than the fastest MSX I/O instruction (12 T-states) can follow;
//! - during the active display in Graphics I/II and multicolor modes, an access less than
//!   [`VRAM_GAP_ACTIVE`] = 29 T-states after the previous one is counted as too fast (the
//!   data may be lost on a real machine); the run goes on.
//!
//! The 29 follows the TMS9918 application manual's worst case of 8 us between accesses
//! (6 us + 2 us, 28.6 T-states), as Wouter Vermaelen's "VDP VRAM timings, part II" (openMSX
//! team, 2014, section "MSX1 CPU-VRAM access") derives it from the chip's access slots: in
//! Graphics I/II a CPU slot comes every 16 memory cycles, in the vertical border every 4 VDP
//! cycles. openMSX itself does not delay MSX1 VRAM accesses; the count is this model's.

use cpu_z80::{Bus, Cpu};
use tms9918::Vdp;

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
/// The least T-states between two VRAM accesses during the active display (Graphics I/II,
/// multicolor).
pub const VRAM_GAP_ACTIVE: u64 = 29;

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

/// The MSX's CPU and memory, kept between calls. Borrow the machine's chip for a call with
/// [`MsxTarget::board`].
#[derive(Clone)]
pub struct MsxTarget {
    cpu: Cpu,
    rom: Box<[u8; ROM_SIZE]>,
    ram: Box<[u8; RAM_SIZE]>,
    image_len: usize,
}

impl std::fmt::Debug for MsxTarget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MsxTarget")
            .field("pc", &Addr(u32::from(self.cpu.pc)))
            .field("t", &self.cpu.t)
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
            cpu: Cpu::new(),
            rom: Box::new([0xFF; ROM_SIZE]),
            ram: Box::new([0; RAM_SIZE]),
            image_len: 0,
        }
    }

    /// The board with the machine's chip on its ports, for the calls of one frame.
    pub fn board<'a>(&'a mut self, vdp: &'a mut Vdp) -> MsxBoard<'a> {
        MsxBoard { target: self, vdp }
    }

    /// The CPU, as the last call left it.
    #[must_use]
    pub const fn cpu(&self) -> &Cpu {
        &self.cpu
    }

    /// A byte as the CPU would read it (no side effects: there are none in memory).
    #[must_use]
    pub fn read(&self, addr: u16) -> u8 {
        read_map(&self.rom, &self.ram, addr)
    }

    fn executable(&self, pc: u16) -> bool {
        pc >= RAM || (pc >= ROM && usize::from(pc - ROM) < self.image_len)
    }
}

#[inline]
fn read_map(rom: &[u8; ROM_SIZE], ram: &[u8; RAM_SIZE], addr: u16) -> u8 {
    match addr {
        0x4000..=0x7FFF => rom[usize::from(addr - ROM)],
        0xC000..=0xFFFF => ram[usize::from(addr - RAM)],
        _ => 0xFF,
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

/// The VRAM access check of one call (see the module docs).
#[derive(Clone, Copy, Debug)]
struct VramTiming {
    start: u64,
    last: Option<u64>,
    too_fast: u64,
}

impl VramTiming {
    fn access(&mut self, t: u64, vdp: &Vdp) {
        let line = ((t.saturating_sub(self.start) / T_PER_LINE) + ACTIVE_LINES) % LINES_PER_FRAME;
        let regs = vdp.registers();
        let limited = line < ACTIVE_LINES && regs.display_enabled() && !regs.text_mode();
        if limited && self.last.is_some_and(|last| t - last < VRAM_GAP_ACTIVE) {
            self.too_fast += 1;
        }
        self.last = Some(t);
    }
}

/// The Z80's view of the board during a call.
struct MsxBus<'a> {
    rom: &'a [u8; ROM_SIZE],
    ram: &'a mut [u8; RAM_SIZE],
    vdp: &'a mut Vdp,
    timing: VramTiming,
}

impl Bus for MsxBus<'_> {
    #[inline]
    fn read(&mut self, addr: u16) -> u8 {
        read_map(self.rom, self.ram, addr)
    }

    #[inline]
    fn write(&mut self, addr: u16, value: u8) {
        if addr >= RAM {
            self.ram[usize::from(addr - RAM)] = value;
        }
    }

    fn input(&mut self, port: u16, t: u64) -> u8 {
        match port as u8 {
            0x98 => {
                self.timing.access(t, self.vdp);
                self.vdp.read_data()
            }
            0x99 => self.vdp.read_status(),
            _ => 0xFF,
        }
    }

    fn output(&mut self, port: u16, value: u8, t: u64) {
        match port as u8 {
            0x98 => {
                self.timing.access(t, self.vdp);
                self.vdp.write_data(value);
            }
            0x99 => {
                // The second byte of a read set-up makes the chip prefetch from VRAM.
                if self.vdp.port().latched() && value & 0xC0 == 0 {
                    self.timing.access(t, self.vdp);
                }
                self.vdp.write_control(value);
            }
            _ => {}
        }
    }

    #[inline]
    fn m1_wait(&mut self) -> u32 {
        1
    }
}

impl Target for MsxBoard<'_> {
    fn abi(&self) -> Abi {
        ABI
    }

    fn load(&mut self, image: &[u8]) -> Result<(), RoutineError> {
        check_image(&ABI, image)?;
        let rom = &mut self.target.rom;
        rom[..image.len()].copy_from_slice(image);
        rom[image.len()..].fill(0xFF);
        self.target.image_len = image.len();
        Ok(())
    }

    fn poke(&mut self, addr: u32, bytes: &[u8]) {
        for (k, &b) in bytes.iter().enumerate() {
            let a = addr as usize + k;
            if (usize::from(RAM)..=0xFFFF).contains(&a) {
                self.target.ram[a - usize::from(RAM)] = b;
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
        let stub = usize::from(STUB - RAM);
        self.target.ram[stub..stub + 3].copy_from_slice(&[0xCD, lo, hi]);
        let target = &mut *self.target;
        let cpu = &mut target.cpu;
        cpu.sp = ABI.stack as u16;
        cpu.pc = STUB;
        cpu.iff1 = false;
        cpu.iff2 = false;
        cpu.halted = false;
        cpu.ei = false;
        let start = cpu.t;
        let image_len = target.image_len;
        let executable = |pc: u16| pc >= RAM || (pc >= ROM && usize::from(pc - ROM) < image_len);
        let mut bus = MsxBus {
            rom: &target.rom,
            ram: &mut target.ram,
            vdp: self.vdp,
            timing: VramTiming {
                start,
                last: None,
                too_fast: 0,
            },
        };
        loop {
            let used = cpu.t - start;
            if cpu.pc == TRAP && used > 0 {
                return Ok(CallOutcome {
                    cycles: used,
                    chip_too_fast: bus.timing.too_fast,
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

impl MsxTarget {
    /// Whether the CPU may execute at `pc` (the image or RAM).
    #[must_use]
    pub fn may_execute(&self, pc: u16) -> bool {
        self.executable(pc)
    }
}
