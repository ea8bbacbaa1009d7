//! The Commander X16 as a routine sees it (target-code.md): a WDC 65C02 at 8 MHz on the
//! X16's memory map, with the VERA at $9F20-$9F3F driven through its real registers.
//!
//! # The board
//! - **CPU**: the `cpu-65c02` core. It issues the CMOS part's bus accesses and no dummy
//!   read of a wrong address, so `LDA $9F23` steps the VERA's port 0 address exactly once
//!   (a read-modify-write such as `INC $9F23` reads twice, as the CMOS part does).
//! - **Memory**: the board's one memory map ([`super::bus`]), shared with whole programs:
//!   RAM $0002-$9EFF, $0000 and $0001 the RAM and ROM bank registers (they read back what
//!   was written), 256 banks of RAM in the window, one 16 KB ROM bank.
//! - **I/O** $9F00-$9FFF:
//!   - $9F20-$9F3F: the machine's [`vera::Vera`], through [`Vera::read_reg`] and
//!     [`Vera::write_reg`]: ADDRx_L/M/H with auto-increment, DATA0/DATA1, CTRL, IEN, ISR
//!     at $9F27 (the collision nibble in bits 7-4), DC_VIDEO and the rest, following the
//!     quirk profile the chip was built with ([`vera::Quirks::Hardware`], the FPGA, or
//!     [`vera::Quirks::X16Emu`], the emulator: an ISR write then also clears bits 7-4);
//!   - the rest is the board's one I/O page ([`super::io`], shared with whole programs):
//!     the two VIAs at $9F00-$9F1F (timers and interrupts included: an IRQ they raise
//!     while I is clear is taken, and faults as below), the YM2151's status at $9F41;
//!     elsewhere reads return $9F, the byte an absolute-mode read leaves on the open data
//!     bus (the operand's high byte fetched just before), and writes are ignored.
//! - **ROM** $C000-$FFFF: the harness's own 16 KB. It holds the call stub and the vectors;
//!   every other byte is STP ($DB). Writes to it are ignored, as on the machine.
//!
//! The image is loaded in RAM at $0810 (where a PRG's `SYS 2064` code lands) and may run
//! up to the object table at $6000 ([`ABI`]`.code_max` = $57F0 bytes). The object table
//! is at $6000 (up to 255 records: the pair list's indices are bytes), the pair list at
//! $7000 (a count and 2,048 pairs, up to $8001). RAM from $8002 to $9EFF, the banked
//! window and the zero page are the routine's scratch; nothing is cleared between calls.
//!
//! # The call
//! The harness writes `JSR entry` at [`STUB`] ($FF00, in ROM), sets S = $FF (the stack is
//! page 1), PC = [`STUB`], A = X = Y = 0, P with I set (interrupts masked) and D clear, and
//! runs until the PC reaches [`TRAP`] ($FF03, the byte after the stub). Cycles are counted
//! from the first cycle of the `JSR` (6) to the last of the routine's `RTS` (6), both
//! included. The core runs in bursts ([`Cpu::run_to`]) between the instructions the call
//! must look at (see `CallBurst`): the same accesses and cycles as stepping each one.
//!
//! The 65C02 has no undefined opcodes (they are NOPs), so the call stops with an error on:
//! - STP: [`RoutineError::Halted`] with the STP's address;
//! - WAI while no interrupt input is asserted: [`RoutineError::Fault`] with the WAI's
//!   address (during the call the VERA stands at the start of vblank and raises no new
//!   interrupt, so nothing would ever wake the CPU). With VERA's IRQ output asserted
//!   (ISR & IEN != 0) WAI resumes, as the chip does;
//! - execution anywhere but RAM, the banked window and the stub (the I/O page, the ROM):
//!   [`RoutineError::Fault`] naming the PC. An interrupt or BRK goes through the ROM's
//!   vectors to [`IRQ_HANDLER`] or [`NMI_HANDLER`], where no KERNAL handler exists: a
//!   fault that says which (BRK is told apart by the B bit of the pushed status and named
//!   by its own address);
//! - the budget ([`RoutineError::Runaway`] with the PC).
//!
//! The VERA accepts accesses at the 65C02's full speed, so [`CallOutcome::chip_too_fast`]
//! is always 0 on this board.
//!
//! # The frame
//! The X16 drives a VGA 640x480 picture: 525 lines of 800 pixel clocks at 25.175 MHz, so a
//! frame lasts 800 x 525 / 25,175,000 s = 16.683 ms (59.94 Hz). The 65C02 runs at
//! 8,000,000 Hz, so a frame is 8,000,000 x 800 x 525 / 25,175,000 = 3.36e12 / 25,175,000
//! = 133,465.74 CPU cycles, rounded to the nearest whole cycle: [`CYCLES_PER_FRAME`] =
//! 133,466 (0.26 of a cycle, 33 ns, more than the exact frame). Computed in integers as
//! (8,000,000 x 800 x 525 + 25,175,000 / 2) / 25,175,000.

use cpu_65c02::{Boundary, Cpu, State, flags};
use vera::Vera;

use super::burst::BurstBus;
pub use super::bus::{BANK_WINDOW, IO, OPEN_BUS, ROM, VERA_BASE, VERA_LAST};
use super::bus::{Memory, ROM_BANK_BYTES, X16Bus, peek};
use super::io::Io;
use super::saved::saved_by_fields;

use crate::routine::{Abi, Addr, ByteOrder, CallOutcome, RoutineError, Target, check_image};

/// The 65C02's clock on the X16: 8 MHz.
pub const CLOCK_HZ: u64 = 8_000_000;
/// VGA 640x480 pixel clock.
pub const PIXEL_CLOCK_HZ: u64 = 25_175_000;
/// Pixel clocks per VGA line (640 visible).
pub const PIXELS_PER_LINE: u64 = 800;
/// Lines per VGA frame (480 visible).
pub const LINES_PER_FRAME: u64 = 525;
/// CPU cycles per frame: 8e6 x 800 x 525 / 25.175e6 = 133,465.74, rounded to the nearest
/// cycle: 133,466.
pub const CYCLES_PER_FRAME: u64 =
    (CLOCK_HZ * PIXELS_PER_LINE * LINES_PER_FRAME + PIXEL_CLOCK_HZ / 2) / PIXEL_CLOCK_HZ;

/// Where the image is loaded.
pub const CODE: u16 = 0x0810;
/// The object table.
pub const OBJ: u16 = 0x6000;
/// The pair list.
pub const OUT: u16 = 0x7000;
/// Where the harness writes its `JSR entry` stub (in ROM).
pub const STUB: u16 = 0xFF00;
/// Where the routine's `RTS` lands: the byte after the stub.
pub const TRAP: u16 = STUB + 3;
/// Where the IRQ/BRK vector points (no handler there: a fault).
pub const IRQ_HANDLER: u16 = 0xFF10;
/// Where the NMI vector points (no handler there: a fault).
pub const NMI_HANDLER: u16 = 0xFF20;
/// Where the RESET vector points.
pub const RESET_HANDLER: u16 = 0xFF30;

const STP: u8 = 0xDB;

/// The X16 side of the routine contract.
pub const ABI: Abi = Abi {
    machine: "x16",
    code: CODE as u32,
    code_max: (OBJ - CODE) as u32,
    obj: OBJ as u32,
    obj_capacity: 255,
    out: OUT as u32,
    out_capacity: 2048,
    stack: 0x01FF,
    byte_order: ByteOrder::Little,
    cycles_per_frame: CYCLES_PER_FRAME,
};

/// The X16's CPU and memory, kept between calls. Borrow the machine's chip for a call with
/// [`X16Target::board`].
#[derive(Clone)]
pub struct X16Target {
    cpu: Cpu,
    /// RAM and the harness's ROM (the board's one memory map, [`super::bus`]).
    mem: Memory,
    /// The VIAs and the I2C bus.
    io: Io,
    image_len: usize,
}

saved_by_fields!(X16Target {
    saved: [mem],
    cloned: [cpu, io, image_len],
});

impl std::fmt::Debug for X16Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("X16Target")
            .field("pc", &Addr(u32::from(self.cpu.pc)))
            .field("cycles", &self.cpu.cycles)
            .field("image_len", &self.image_len)
            .finish_non_exhaustive()
    }
}

impl Default for X16Target {
    fn default() -> Self {
        Self::new()
    }
}

/// True where the CPU writes to memory: RAM and the banked window.
#[inline]
const fn writable(addr: u16) -> bool {
    addr < IO || (addr >= BANK_WINDOW && addr < ROM)
}

impl X16Target {
    /// A board at power-on: RAM zero, no image, the harness's ROM (stub, vectors, STP
    /// elsewhere).
    #[must_use]
    pub fn new() -> Self {
        let mut mem = Memory::new(vec![STP; ROM_BANK_BYTES].into_boxed_slice());
        let vector = |mem: &mut Memory, at: u16, to: u16| {
            let [lo, hi] = to.to_le_bytes();
            mem.write_rom(at, lo);
            mem.write_rom(at + 1, hi);
        };
        vector(&mut mem, 0xFFFA, NMI_HANDLER);
        vector(&mut mem, 0xFFFC, RESET_HANDLER);
        vector(&mut mem, 0xFFFE, IRQ_HANDLER);
        Self {
            cpu: Cpu::new(),
            mem,
            io: Io::new(),
            image_len: 0,
        }
    }

    /// The board with the machine's chip on its I/O page, for the calls of one frame.
    pub fn board<'a>(&'a mut self, vera: &'a mut Vera) -> X16Board<'a> {
        X16Board {
            target: self,
            vera,
            bursts: true,
        }
    }

    /// The CPU, as the last call left it.
    #[must_use]
    pub const fn cpu(&self) -> &Cpu {
        &self.cpu
    }

    /// The length of the loaded image.
    #[must_use]
    pub const fn image_len(&self) -> usize {
        self.image_len
    }

    /// A byte of memory (RAM, banked window, ROM) as the CPU would read it; the I/O page
    /// is not memory: use [`X16Board::peek`](Target::peek) for the chip's registers.
    #[must_use]
    pub fn memory(&self, addr: u16) -> u8 {
        self.mem.read(addr)
    }

    /// Whether the CPU may execute at `pc`: RAM, the banked window, the stub.
    #[must_use]
    pub const fn may_execute(pc: u16) -> bool {
        pc < IO || (pc >= BANK_WINDOW && pc < ROM) || (pc >= STUB && pc < TRAP)
    }
}

/// The X16 board for one call: the CPU and memory of an [`X16Target`] with the machine's
/// [`Vera`] on the I/O page. Implements [`Target`].
#[derive(Debug)]
pub struct X16Board<'a> {
    target: &'a mut X16Target,
    vera: &'a mut Vera,
    /// A call runs the core in bursts between the instructions its loop must look at
    /// (off in the tests that hold the bursts to stepping).
    bursts: bool,
}

impl X16Board<'_> {
    /// The chip on the I/O page.
    #[must_use]
    pub fn vera(&self) -> &Vera {
        self.vera
    }

    /// The CPU, as the last call left it.
    #[must_use]
    pub fn cpu(&self) -> &Cpu {
        &self.target.cpu
    }

    fn interrupt_fault(&self, pc: u16) -> RoutineError {
        let cpu = &self.target.cpu;
        let mem = &self.target.mem;
        let stacked = |k: u8| mem.read(0x0100 | u16::from(cpu.s.wrapping_add(k)));
        let p = stacked(1);
        let ret = u16::from_le_bytes([stacked(2), stacked(3)]);
        if pc == IRQ_HANDLER && p & flags::B != 0 {
            RoutineError::Fault {
                pc: Addr(u32::from(ret.wrapping_sub(2))),
                what: "BRK: the board has no KERNAL handler behind the IRQ/BRK vector".to_owned(),
            }
        } else {
            let which = if pc == NMI_HANDLER { "NMI" } else { "IRQ" };
            RoutineError::Fault {
                pc: Addr(u32::from(ret)),
                what: format!(
                    "{which} taken (return address {}): the board has no KERNAL handler \
                     behind the vector; keep interrupts masked",
                    Addr(u32::from(ret))
                ),
            }
        }
    }
}

impl Target for X16Board<'_> {
    fn abi(&self) -> Abi {
        ABI
    }

    fn load(&mut self, image: &[u8]) -> Result<(), RoutineError> {
        check_image(&ABI, image)?;
        let mem = &mut self.target.mem;
        for (a, &b) in (CODE..).zip(image) {
            mem.write(a, b);
        }
        for a in CODE + image.len() as u16..OBJ {
            mem.write(a, 0);
        }
        self.target.image_len = image.len();
        Ok(())
    }

    fn poke(&mut self, addr: u32, bytes: &[u8]) {
        for (k, &b) in bytes.iter().enumerate() {
            match u16::try_from(addr as usize + k) {
                Ok(a) if writable(a) => self.target.mem.write(a, b),
                _ => {}
            }
        }
    }

    fn peek(&mut self, addr: u32, out: &mut [u8]) {
        for (k, b) in out.iter_mut().enumerate() {
            let a = ((addr as usize + k) & 0xFFFF) as u16;
            *b = peek(&self.target.mem, self.vera, &self.target.io, a);
        }
    }

    fn call(&mut self, entry: u32, budget: u64) -> Result<CallOutcome, RoutineError> {
        let Ok(entry16) = u16::try_from(entry) else {
            return Err(RoutineError::Fault {
                pc: Addr(u32::from(STUB)),
                what: format!("JSR {}: beyond the 65C02's 64 KB", Addr(entry)),
            });
        };
        let [lo, hi] = entry16.to_le_bytes();
        for (a, b) in (STUB..).zip([0x20, lo, hi]) {
            self.target.mem.write_rom(a, b);
        }
        // A fresh core: running, A = X = Y = 0, I set, D clear, no pending NMI.
        let mut cpu = Cpu::new();
        cpu.s = 0xFF;
        cpu.pc = STUB;
        cpu.cycles = self.target.cpu.cycles;
        let start = cpu.cycles;
        let mut bus = X16Bus {
            mem: &mut self.target.mem,
            vera: self.vera,
            io: &mut self.target.io,
            now: cpu.cycles,
        };
        let result = loop {
            let used = cpu.cycles - start;
            if cpu.pc == TRAP && used > 0 {
                break Ok(CallOutcome {
                    cycles: used,
                    chip_too_fast: 0,
                });
            }
            if used >= budget {
                break Err(RoutineError::Runaway {
                    pc: Addr(u32::from(cpu.pc)),
                    cycles: used,
                    budget,
                });
            }
            if cpu.cycles >= bus.io.next_event() {
                bus.io.sync(cpu.cycles);
            }
            let irq = bus.vera.irq() || bus.io.irq();
            match cpu.state() {
                State::Running => {}
                State::Stopped { pc } => {
                    break Err(RoutineError::Halted {
                        pc: Addr(u32::from(pc)),
                    });
                }
                State::Waiting { pc } => {
                    if !irq {
                        break Err(RoutineError::Fault {
                            pc: Addr(u32::from(pc)),
                            what: "WAI with no interrupt input asserted: nothing on the board \
                                   raises one during the call, the CPU would wait forever"
                                .to_owned(),
                        });
                    }
                }
            }
            if !X16Target::may_execute(cpu.pc) {
                break Err(RoutineError::Fault {
                    pc: Addr(u32::from(cpu.pc)),
                    what: "execution outside RAM and the banked window (the I/O page or the \
                           harness's ROM: there is no KERNAL on the board)"
                        .to_owned(),
                });
            }
            cpu.set_irq(irq);
            bus.now = cpu.cycles;
            cpu.step(&mut bus);
            if !self.bursts {
                continue;
            }
            // Then on in a burst, up to the first instruction the checks above would act
            // on: the same instructions, accesses and cycles as stepping each.
            let end = bus.io.next_event().min(start.saturating_add(budget));
            let mut burst = BurstBus {
                bus: &mut bus,
                irq,
                end,
                now: cpu.cycles,
            };
            cpu.run_to(&mut burst, &mut CallBurst);
        };
        self.target.cpu = cpu;
        match result {
            Err(RoutineError::Fault { pc, .. })
                if pc.0 == u32::from(IRQ_HANDLER) || pc.0 == u32::from(NMI_HANDLER) =>
            {
                Err(self.interrupt_fault(pc.0 as u16))
            }
            other => other,
        }
    }
}

/// Where a burst of [`X16Board::call`] ends: before an instruction at which the call's
/// loop would do more than step. That is the trap, a PC the core may not execute at, the
/// budget spent or a VIA's next event (the burst's end cycle), or an access that moved
/// the IRQ input ([`BurstBus`] sets the end cycle to 0); the core waiting, stopped or
/// entering an interrupt ends the burst by itself.
struct CallBurst;

impl<'b, 'a> Boundary<BurstBus<'b, 'a>> for CallBurst {
    #[inline(always)]
    fn reached(&mut self, pc: u16, _s: u8, cycles: u64, bus: &mut BurstBus<'b, 'a>) -> bool {
        if cycles >= bus.end || pc == TRAP || !X16Target::may_execute(pc) {
            return true;
        }
        bus.now = cycles;
        false
    }
}

/// What `hitlab routine --abi` adds to the contract's addresses for the X16: the chip as
/// the routine reaches it, the BIOS entries, and the RAM left for the routine's own use
/// (from this module's description of the board).
pub const ROUTINE_NOTES: &[&str] = &[
    "chip      the VERA at $9F20-$9F3F: ADDRx_L/M/H and DATA0/DATA1 for VRAM, ISR at $9F27",
    "          (the collision nibble in bits 7-4); the VIAs at $9F00-$9F1F, the YM2151",
    "BIOS      no KERNAL: $C000-$FFFF is the harness's ROM (STP bytes); a BRK, an interrupt,",
    "          STP or a WAI nothing wakes is an error naming the PC",
    "scratch   the zero page, RAM $8002-$9EFF and the banked window $A000-$BFFF (one bank);",
    "          nothing is cleared between calls",
];

/// The shipped scene `hitlab routine` runs a routine against when it is given none, from
/// the project folder: fixed, so that a scene of the user's own never changes it.
pub const ROUTINE_SCENE: &str = "scenes/vera/rings.ron";

#[cfg(test)]
mod tests {
    use vera::{Quirks, Vera};

    use super::*;
    use crate::routine::{RoutineOutcome, run_loaded};

    /// `image` called with no objects, in bursts and stepped, on boards set up alike by
    /// `setup`: the outcome and the core after it.
    fn both_ways(image: &[u8], setup: impl Fn(&mut Vera)) -> [(String, Cpu); 2] {
        [true, false].map(|bursts| {
            let mut vera = Vera::new(Quirks::Hardware);
            setup(&mut vera);
            let mut target = X16Target::new();
            let mut board = target.board(&mut vera);
            board.bursts = bursts;
            board.load(image).unwrap();
            let out: Result<RoutineOutcome, RoutineError> =
                run_loaded(&mut board, CODE.into(), &[]);
            (format!("{out:?}"), board.cpu().clone())
        })
    }

    /// Asserts the two ways agree, and returns the outcome.
    fn same_as_stepping(image: &[u8], setup: impl Fn(&mut Vera)) -> String {
        let [(burst, burst_cpu), (stepped, stepped_cpu)] = both_ways(image, setup);
        assert_eq!(burst, stepped);
        assert_eq!(format!("{burst_cpu:?}"), format!("{stepped_cpu:?}"));
        burst
    }

    #[test]
    fn a_via_timer_s_irq_is_taken_in_a_burst_where_stepping_takes_it() {
        // VIA 1: IER T1 on, T1 = $0037 (started by the high byte), CLI, then NOPs.
        let mut image = vec![
            0xA9, 0xC0, 0x8D, 0x0E, 0x9F, 0xA9, 0x37, 0x8D, 0x04, 0x9F, 0xA9, 0x00, 0x8D, 0x05,
            0x9F, 0x58,
        ];
        image.extend([0xEA; 64]);
        image.push(0x60);
        let out = same_as_stepping(&image, |_| {});
        assert!(out.contains("IRQ taken"), "{out}");
        // With I left set, the NOPs run out and the call returns.
        image[15] = 0xEA;
        let out = same_as_stepping(&image, |_| {});
        assert!(out.starts_with("Ok"), "{out}");
    }

    #[test]
    fn an_ien_write_that_raises_vera_s_irq_ends_the_burst_before_the_next_instruction() {
        // VSYNC pending: CLI, NOPs, then IEN = 1 raises the IRQ input mid-run.
        let mut image = vec![0x58];
        image.extend([0xEA; 9]);
        image.extend([0xA9, 0x01, 0x8D, 0x26, 0x9F, 0xEA, 0xEA, 0x60]);
        let out = same_as_stepping(&image, |vera| vera.start_line(480));
        assert!(out.contains("IRQ taken"), "{out}");
        // WAI with the input already high resumes, masked, and the call returns.
        let out = same_as_stepping(&[0xCB, 0xEA, 0x60], |vera| {
            vera.start_line(480);
            vera.set_ien(0x01);
        });
        assert!(out.starts_with("Ok"), "{out}");
    }

    #[test]
    fn a_runaway_stops_at_the_first_instruction_at_or_past_the_budget() {
        // NOP ; JMP $0811: a turn is 5 cycles, so the stop is less than 5 past the budget.
        let out = same_as_stepping(&[0xEA, 0x4C, 0x11, 0x08], |_| {});
        let budget = 8 * CYCLES_PER_FRAME;
        let cycles: u64 = out
            .split("cycles: ")
            .nth(1)
            .and_then(|rest| rest.split(',').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{out}"));
        assert!((budget..budget + 5).contains(&cycles), "{out}");
    }

    #[test]
    fn code_running_into_rom_or_the_io_page_faults_at_the_same_pc_both_ways() {
        // Copies RTS to the banked window and calls it, then falls through NOPs into
        // the I/O page's first byte ($9F00) by a JMP to $9EFD.
        let mut image = vec![0xA9, 0x60, 0x8D, 0x00, 0xA0, 0x20, 0x00, 0xA0];
        image.extend([
            0xA9, 0xEA, 0x8D, 0xFD, 0x9E, 0x8D, 0xFE, 0x9E, 0x8D, 0xFF, 0x9E,
        ]);
        image.extend([0x4C, 0xFD, 0x9E]);
        let out = same_as_stepping(&image, |_| {});
        assert!(out.contains("pc: Addr(40704)"), "{out}");
    }
}
