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
//! replaces the old one (a write is lost, a read returns stale data). The board counts those
//! accesses ([`crate::routine::CallOutcome::chip_too_fast`]); the data effect is not
//! modelled, every access lands.
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

/// VDP ticks per line (openMSX's `TICKS_PER_LINE`): 342 TMS9918 cycles x 4.
const TICKS_PER_LINE: u64 = 1368;
/// VDP ticks per Z80 T-state.
const TICKS_PER_T: u64 = TICKS_PER_LINE / T_PER_LINE;
/// openMSX's `Delta::D28`: an MSX1 VDP's CPU access needs a slot at least this many ticks on.
const ACCESS_DELAY_TICKS: u64 = 28;

/// openMSX `slotsMsx1ScreenOff`: the CPU slots of a line with the display blanked or in
/// the vertical border, in ticks, with the next line's first slots after 1368.
const SLOTS_SCREEN_OFF: &[u16] = &[
    4, 12, 20, 28, 36, 44, 52, 60, 68, 76, 84, 92, 100, 108, 116, 124, 132, 140, 148, 156, 164,
    172, 180, 188, 196, 204, 220, 236, 252, 268, 284, 300, 316, 332, 348, 364, 380, 396, 412, 428,
    444, 460, 476, 492, 508, 524, 540, 556, 572, 588, 604, 620, 636, 652, 668, 684, 700, 716, 732,
    748, 764, 780, 796, 812, 828, 844, 860, 876, 892, 908, 924, 940, 956, 972, 988, 1004, 1020,
    1036, 1052, 1068, 1084, 1100, 1116, 1132, 1148, 1164, 1180, 1196, 1212, 1228, 1236, 1244, 1252,
    1260, 1268, 1276, 1284, 1292, 1300, 1308, 1316, 1324, 1332, 1340, 1348, 1356, 1364, 1372, 1380,
    1388, 1396, 1404, 1412, 1420, 1428, 1436, 1444, 1452, 1460, 1468, 1476, 1484, 1492, 1500, 1508,
];

/// openMSX `slotsMsx1Gfx12`: Graphics I and II, active display.
const SLOTS_GFX12: &[u16] = &[
    4, 12, 20, 28, 116, 124, 132, 140, 220, 348, 476, 604, 732, 860, 988, 1116, 1236, 1244, 1364,
    1372, 1380, 1388, 1396, 1484, 1492, 1500, 1508,
];

/// openMSX `slotsMsx1Gfx3`: multicolor, active display.
const SLOTS_GFX3: &[u16] = &[
    4, 12, 20, 28, 116, 124, 132, 140, 220, 228, 260, 292, 324, 348, 356, 388, 420, 452, 476, 484,
    516, 548, 580, 604, 612, 644, 676, 708, 732, 740, 772, 804, 836, 860, 868, 900, 932, 964, 988,
    996, 1028, 1060, 1092, 1116, 1124, 1156, 1188, 1220, 1236, 1244, 1364, 1372, 1380, 1388, 1396,
    1484, 1492, 1500, 1508,
];

/// openMSX `slotsMsx1Text`: text mode, active display.
const SLOTS_TEXT: &[u16] = &[
    4, 12, 20, 28, 36, 44, 52, 60, 68, 76, 84, 92, 100, 108, 116, 124, 132, 140, 148, 156, 164,
    172, 180, 188, 196, 204, 212, 220, 228, 244, 268, 292, 316, 340, 364, 388, 412, 436, 460, 484,
    508, 532, 556, 580, 604, 628, 652, 676, 700, 724, 748, 772, 796, 820, 844, 868, 892, 916, 940,
    964, 988, 1012, 1036, 1060, 1084, 1108, 1132, 1156, 1180, 1196, 1204, 1212, 1220, 1228, 1236,
    1244, 1252, 1260, 1268, 1276, 1284, 1292, 1300, 1308, 1316, 1324, 1332, 1340, 1348, 1356, 1364,
    1372, 1380, 1388, 1396, 1404, 1412, 1420, 1428, 1436, 1444, 1452, 1460, 1468, 1476, 1484, 1492,
    1500, 1508,
];

/// R1 bit 3, M2: multicolor mode.
const R1_M2: u8 = 0x08;

/// The slot table for an access on `line` (0-261, 0-191 displayed) with the chip's current
/// registers, as openMSX's `getTab` picks it.
fn slots_for(line: u64, vdp: &Vdp) -> &'static [u16] {
    let regs = vdp.registers();
    if line >= ACTIVE_LINES || !regs.display_enabled() {
        return SLOTS_SCREEN_OFF;
    }
    if regs.text_mode() {
        SLOTS_TEXT
    } else if regs.get(1) & R1_M2 != 0 {
        SLOTS_GFX3
    } else {
        SLOTS_GFX12
    }
}

/// The VRAM access check of one call (see the module docs).
#[derive(Clone, Copy, Debug)]
struct VramTiming {
    /// The call's first T-state.
    start: u64,
    /// When the pending access gets its slot, in ticks since the call's start.
    pending_until: u64,
    too_fast: u64,
}

impl VramTiming {
    fn new(start: u64) -> Self {
        Self {
            start,
            pending_until: 0,
            too_fast: 0,
        }
    }

    /// A CPU access to VRAM at T-state `t`.
    fn access(&mut self, t: u64, vdp: &Vdp) {
        let ticks = t.saturating_sub(self.start) * TICKS_PER_T;
        if ticks < self.pending_until {
            self.too_fast += 1;
            return;
        }
        let line = (ticks / TICKS_PER_LINE + ACTIVE_LINES) % LINES_PER_FRAME;
        let pos = ticks % TICKS_PER_LINE;
        let want = pos + ACCESS_DELAY_TICKS;
        let slot = slots_for(line, vdp)
            .iter()
            .map(|&s| u64::from(s))
            .find(|&s| s >= want)
            .unwrap_or(want);
        self.pending_until = ticks - pos + slot;
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
            timing: VramTiming::new(start),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Accesses `gap` T-states apart from `first` on, `n` of them: how many were too fast.
    fn burst(vdp: &Vdp, first: u64, gap: u64, n: u64) -> u64 {
        let mut timing = VramTiming::new(1000);
        for k in 0..n {
            timing.access(1000 + first + k * gap, vdp);
        }
        timing.too_fast
    }

    fn screen(r1: u8) -> Vdp {
        let mut vdp = Vdp::new();
        vdp.write_register(1, r1);
        vdp
    }

    const BORDER_T: u64 = (LINES_PER_FRAME - ACTIVE_LINES) * T_PER_LINE;

    #[test]
    fn the_border_and_a_blanked_display_take_any_pace() {
        for phase in 0..T_PER_LINE {
            assert_eq!(
                burst(&screen(0x40), phase, 12, 40),
                0,
                "border, phase {phase}"
            );
            assert_eq!(burst(&screen(0x00), BORDER_T + phase, 12, 40), 0, "blanked");
        }
    }

    #[test]
    fn graphics_mode_needs_29_t_states_in_the_active_display() {
        let vdp = screen(0x40);
        let mut fast = 0;
        for phase in 0..T_PER_LINE {
            assert_eq!(burst(&vdp, BORDER_T + phase, 29, 40), 0, "phase {phase}");
            fast += u64::from(burst(&vdp, BORDER_T + phase, 12, 4) > 0);
            assert!(burst(&vdp, BORDER_T + phase, 12, 40) > 0, "phase {phase}");
        }
        assert!(fast > T_PER_LINE / 2, "{fast}");
    }

    #[test]
    fn an_access_waits_for_its_slot() {
        // Line 0 of the display, tick 0: the first slot at or after tick 28 is 28, so an
        // access 5 T-states (30 ticks) later is fine; Graphics II then has no slot between
        // 140 and 220: accesses at ticks 120 (slot 220) and 198 collide.
        let vdp = screen(0x40);
        let mut t = VramTiming::new(0);
        t.access(BORDER_T, &vdp);
        t.access(BORDER_T + 5, &vdp);
        assert_eq!(t.too_fast, 0);
        t.access(BORDER_T + 20, &vdp);
        t.access(BORDER_T + 33, &vdp);
        assert_eq!(t.too_fast, 1);
    }
}
