//! The Genesis board for whole programs (specs/programs.md): a cartridge ROM booted
//! through its vector table, on the same memory map as a routine call ([`super::bus`]),
//! with the 68000, the VDP and the Z80 interleaved line by line.
//!
//! # Power-on
//! The VDP is not at the top of a frame when the 68000 leaves reset: it is on line 159,
//! 1,001 master clocks in, in a frame whose vertical blank (and the program's first
//! possible VINT) comes after line 191 ([`genesis::Vdp::power_on`]; the reference is a
//! console's first HV read, $9F21, and Genesis Plus GX `gen_reset`, which starts its
//! 68000 there). So the board's first frame ends 33 lines after reset, where GPGX's
//! first frame after reset ends.
//!
//! # The ROM
//! At least the 512 bytes of vector table and header, at most 4 MB; "SEGA" at $000100
//! (the header's system name, which the TMSS console also checks); the reset vector (long
//! word at 4) even and inside the ROM (below $000200 too: the 68000 runs the header if
//! told to), the initial SSP (long word at 0) even. Anything else is
//! [`ProgramError::Image`], saying which: an odd reset PC, one into work RAM (empty at
//! power-on), one past the ROM's end. Boot is the 68000's reset: SSP and PC from the
//! vectors, SR $2700; the VDP at power-on (its picture with planes A/B and the window,
//! [`genesis::planes`]), the Z80 held in reset.
//!
//! # A line
//! An NTSC line is 3,420 master clocks; the 68000 runs at master / 7, so line `n` (since
//! boot) ends at 68000 cycle `(n + 1) x 3,420 / 7` (rounded down), and the CPU runs its
//! instructions while its clock is below that (an instruction that crosses the end
//! finishes, and the next line starts later by as much). The line begins with the VDP's
//! [`genesis::Vdp::start_line`] (the line's sprites drawn: a status read in the line sees
//! the flags it set; at line 0 the board reports [`BoardEvent::DisplayStart`]; at the
//! first blank line, vertical blank and VINT, where [`ProgramBoard::run_frame`] returns); the 68000 runs to the end of the active display
//! ([`genesis::Vdp::hblank_master`]), the VDP's [`genesis::Vdp::hblank`] runs the HINT
//! counter, and the 68000 runs to the end of the line. Before each instruction the
//! interrupt level the VDP requests is presented on the 68000's IPL pins (VINT 6, HINT 4,
//! autovectored); taking one acknowledges it at the VDP. Then the Z80 runs the line's
//! 228 T-states (master / 15) when it runs; a 68000 write to its bus request or reset
//! first brings the Z80 up to the 68000's time, so it stops and starts where the 68000
//! says. A `STOP` idles the 68000 to the next of those
//! points unless an interrupt is requested.
//!
//! The interrupt level, a DMA's hold and the FIFO change only through the VDP's ports or
//! at those line points, so after an instruction that touched only ROM and work RAM (or
//! read the status word or the HV counter, which changes none of them) the board checks
//! nothing of the VDP's before the next one (`run_cpu`'s short way); the outcome is the
//! same as checking before every instruction.
//!
//! # DMA
//! A 68000-to-VDP DMA is checked when the command starts it (a source that is neither
//! ROM nor work RAM is a fault); then the 68000 is held off the bus (idle cycles) while
//! the VDP takes its words, one per access slot at the rate of each line (genesis `dma`
//! module), so a line that starts mid-transfer draws the sprite table as far as it has
//! been written. A fill or copy progresses the same way beside the running 68000.
//! In the active display a data-port write into a full write FIFO, and a data-port read
//! before the read-ahead buffer is filled, hold the 68000 until a slot frees (genesis
//! `fifo` and `prefetch` modules).
//!
//! # The VDP's time
//! The VDP sees each port access at the clock of its own bus cycle, not at the
//! instruction's start: the 68000 core reports, before every data access, how many
//! clocks into the instruction that bus cycle begins ([`cpu_m68k::Bus::access_cycle`]),
//! and the bus hands the VDP the instruction's start plus those clocks
//! ([`genesis::Vdp::set_access_clock`]) with the line's start. So a status or HV counter
//! read, a FIFO write and a DMA command each fall where the hardware's bus cycle does
//! (the third bus cycle of a `MOVE.W abs.L`, 8 clocks in; a long write's two halves 4
//! clocks apart). A hold the VDP imposes delays the instruction's later accesses (the
//! chip adds it to their clocks), and after the instruction the board adds it to the
//! 68000's idle cycles, where a running fill or copy advances by it too. Instructions
//! that touch only ROM and work RAM tell the VDP nothing.
//!
//! # Faults
//! [`ProgramError::Fault`] naming the PC: a lock-up or a byte write to a VDP port (the
//! bus), an illegal or line-A/line-F opcode, an address error, a double fault (halt),
//! execution outside the ROM and work RAM; an exception whose vector is odd or points
//! outside the ROM and work RAM names the vector (a handler in work RAM runs, as on the
//! console). Other exceptions (TRAP, CHK, division by zero,
//! privilege) go through the program's own vectors, as on the console.

use cpu_m68k::{Bus, Cpu, ExceptionKind};
use genesis::Vdp;

use super::Genesis;
use super::bus::HvClock;
use super::bus::{GenesisBus, Memory, ROM_SPACE};
use super::dma::{check_dma_68k, supply_dma_68k};
use super::idle::{CountingCache, Watching, still};
use super::poll::PollSkip;
use super::target::{CYCLES_PER_FRAME, GenesisTarget, MASTER_PER_CYCLE, MASTER_PER_LINE};
use super::z80::Z80_T_PER_LINE;
use crate::idle::{IdleSkip, LoopCpu, backward, iterations};
use crate::program::{
    BoardEvent, Breakpoints, CpuView, FrameRun, Input, Probe, ProgramBoard, ProgramError,
    ProgramImage,
};
use crate::routine::Addr;

/// 68000 cycles in a line, in 1/256 cycles: 3,420 master clocks / 7 x 256.
const LINE_CYCLES_256: u32 = (MASTER_PER_LINE * 256 / MASTER_PER_CYCLE) as u32;

/// The largest cartridge: the 4 MB ROM space.
pub const ROM_MAX: usize = ROM_SPACE as usize;

/// A booted program's run state.
#[derive(Clone, Debug, Default)]
pub struct ProgramState {
    /// Lines run since boot.
    lines: u64,
    /// 68000 cycles spent held (DMA), stopped, or in reset since the start of the VDP
    /// line the console powered on in.
    idle: u64,
    /// The interrupts taken and not yet returned from: (resume PC, SSP before the entry).
    interrupted: Vec<(u32, u32)>,
    /// The Z80's /INT is held for the line after vblank begins.
    z80_int: bool,
    /// The VDP has started the current line ([`genesis::Vdp::start_line`]).
    line_started: bool,
    /// Loops that only wait, fast-forwarded ([`crate::idle`]).
    skip: IdleSkip<Cpu>,
    /// Loops that poll the status word or the HV counter ([`super::poll`]).
    poll: PollSkip,
    /// The counting loop last found in the ROM ([`super::idle::Counting`]).
    counting: CountingCache,
}

fn image_error(what: String) -> ProgramError {
    ProgramError::Image { what }
}

/// Checks a ROM's size, vectors and header.
fn check_rom(bytes: &[u8]) -> Result<(), ProgramError> {
    if bytes.len() < 0x200 {
        return Err(image_error(format!(
            "a Genesis ROM starts with a 512-byte vector table and header; this one is {} bytes",
            bytes.len()
        )));
    }
    if bytes.len() > ROM_MAX {
        return Err(image_error(format!(
            "{} bytes do not fit the 4 MB cartridge space",
            bytes.len()
        )));
    }
    let long =
        |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    if &bytes[0x100..0x104] != b"SEGA" && &bytes[0x101..0x105] != b"SEGA" {
        return Err(image_error(
            "no \"SEGA\" at $000100: not a Genesis ROM header (the system name)".to_owned(),
        ));
    }
    let (ssp, pc) = (long(0), long(4));
    if ssp & 1 != 0 {
        return Err(image_error(format!(
            "the initial stack pointer (vector 0) is odd: {}",
            Addr(ssp)
        )));
    }
    // The 68000 runs from any even address the reset vector gives: the vector table
    // and header are code like any other if the vector points there.
    if pc & 1 != 0 {
        return Err(image_error(format!(
            "the reset vector (vector 1, at $000004) is odd ({}): the 68000 halts at reset \
             (an address error fetching the first instruction)",
            Addr(pc)
        )));
    }
    let last = Addr(bytes.len() as u32 - 1);
    if pc & 0xFF_FFFF >= 0xE0_0000 {
        return Err(image_error(format!(
            "the reset vector (vector 1, at $000004) points into work RAM ({}), which holds \
             nothing at power-on: a cartridge starts in its ROM ($000000-{last})",
            Addr(pc)
        )));
    }
    if pc & 0xFF_FFFF >= bytes.len() as u32 {
        return Err(image_error(format!(
            "the reset vector (vector 1, at $000004) points at {}, past the end of the ROM \
             ($000000-{last})",
            Addr(pc)
        )));
    }
    Ok(())
}

impl Genesis {
    pub(super) fn boot_rom(&mut self, image: &ProgramImage<'_>) -> Result<(), ProgramError> {
        check_rom(image.bytes)?;
        let vdp = self.vdp_mut();
        *vdp = Vdp::new();
        vdp.set_planes(true);
        vdp.power_on();
        let target = self.target_mut();
        target.mem = Memory::new(image.bytes.to_vec());
        target.cpu = Cpu::new();
        target.program = Some(ProgramState {
            // The 68000 leaves reset this far into the VDP's power-on line.
            idle: u64::from(genesis::POWER_ON_MASTER_IN_LINE) / MASTER_PER_CYCLE,
            ..ProgramState::default()
        });
        let (target, vdp) = self.parts_mut();
        let mut bus = GenesisBus::program(&mut target.mem, vdp, 0);
        target.cpu.reset(&mut bus);
        if let Some(pc) = image.start {
            target.cpu.set_pc(pc);
            let hi = bus.read_word(pc & 0xFF_FFFE);
            let lo = bus.read_word((pc + 2) & 0xFF_FFFE);
            target.cpu.set_prefetch([hi, lo]);
        }
        Ok(())
    }

    pub(super) fn booted(&self) -> bool {
        self.target().program.is_some()
    }
}

fn fault(pc: u32, what: impl Into<String>) -> ProgramError {
    ProgramError::Fault {
        pc: Addr(pc),
        what: what.into(),
    }
}

fn dma_fault(pc: u32, src: u32) -> ProgramError {
    fault(
        pc,
        format!(
            "DMA source {}: nothing documented answers a DMA there (the expansion space or \
             the Z80's; the VDP reads ROM, work RAM and the I/O chip)",
            Addr(src)
        ),
    )
}

#[inline]
fn executable(pc: u32, rom_len: usize) -> bool {
    let pc = pc & 0xFF_FFFF;
    pc >= 0xE0_0000 || (pc as usize) < rom_len
}

/// The fault of an exception whose vector the 68000 cannot follow: an odd handler
/// address (the 68000 halts entering it) or one where nothing holds code, named by the
/// vector (the VINT's is vector 30 at $000078).
fn vector_fault(cpu: &Cpu, e: &cpu_m68k::Exception, mem: &Memory) -> Option<ProgramError> {
    let at = u32::from(e.vector) * 4;
    let handler = u32::from_be_bytes([
        mem.peek(at),
        mem.peek(at + 1),
        mem.peek(at + 2),
        mem.peek(at + 3),
    ]);
    if handler & 1 == 0 && !cpu.is_halted() && executable(handler, mem.rom.len()) {
        // The usual case, every interrupt taken: nothing to name, nothing allocated.
        return None;
    }
    let name = match e.kind {
        ExceptionKind::Interrupt(6) => "VINT vector".to_owned(),
        ExceptionKind::Interrupt(4) => "HINT vector".to_owned(),
        ExceptionKind::Interrupt(2) => "external interrupt vector".to_owned(),
        kind => format!("{kind:?} vector"),
    };
    let what = if handler & 1 != 0 {
        format!(
            "the {name} (vector {}, at {}) is odd ({}): the 68000 halts taking it (a double fault)",
            e.vector,
            Addr(at),
            Addr(handler)
        )
    } else if cpu.is_halted() {
        format!(
            "the 68000 halted (a double fault) entering the exception of the {name} (vector {}, at {})",
            e.vector,
            Addr(at)
        )
    } else if !executable(handler, mem.rom.len()) {
        format!(
            "the {name} (vector {}, at {}) points at {}, outside the cartridge ROM ($000000-{}) \
             and work RAM ($E00000-$FFFFFF): nothing there holds code",
            e.vector,
            Addr(at),
            Addr(handler),
            Addr(mem.rom.len() as u32 - 1)
        )
    } else {
        return None;
    };
    Some(fault(e.pc, what))
}

/// The fault of an exception the program cannot have meant. For an address or bus error
/// the address accessed is the one the 68000 stacked in the group 0 frame (M68000
/// Programmer's Reference Manual, "Address Error": the access address at SSP + 2).
fn exception_fault(cpu: &Cpu, kind: ExceptionKind, pc: u32, mem: &Memory) -> Option<ProgramError> {
    let ssp = cpu.ssp();
    let stacked = u32::from_be_bytes([
        mem.peek(ssp.wrapping_add(2)),
        mem.peek(ssp.wrapping_add(3)),
        mem.peek(ssp.wrapping_add(4)),
        mem.peek(ssp.wrapping_add(5)),
    ]) & 0xFF_FFFF;
    match kind {
        ExceptionKind::IllegalInstruction | ExceptionKind::LineA | ExceptionKind::LineF => {
            let op = u16::from_be_bytes([mem.peek(pc), mem.peek(pc + 1)]);
            Some(fault(pc, format!("undefined instruction ${op:04X}")))
        }
        ExceptionKind::AddressError => Some(fault(
            pc,
            format!(
                "address error at {}: a word or long access, or a jump, at an odd address",
                Addr(stacked)
            ),
        )),
        ExceptionKind::BusError => Some(fault(pc, format!("bus error at {}", Addr(stacked)))),
        _ => None,
    }
}

/// Runs the 68000 until its clock reaches `until` (an instruction that crosses it
/// finishes), in the line that started at cycle `line_start`. A loop that waits, counts
/// or polls the status word or the HV counter may be fast-forwarded up to `poll_until`
/// instead (the end of the line, when `until` is its [`Vdp::hblank`]; see [`skip_idle`]).
///
/// Each instruction is run in one of two ways with the same outcome. The full way
/// presents the VDP's interrupt level, lets a running DMA hold the 68000 or progress
/// beside it, and looks after the instruction for a FIFO hold, a DMA it started, an
/// exception and a bus fault. Once the VDP is idle (no DMA), the instructions after it
/// take the short way while they touch nothing but ROM, work RAM, the status word and
/// the HV counter (reads of which change none of it) and are not at a breakpoint: none
/// of that state can change then (the interrupt level, DMA and FIFO move only through
/// the VDP's other port accesses or at the line events between calls), so only the clock,
/// an exception, STOP and the return from an interrupt are checked. An instruction that
/// reaches anything else gets the full look after it, and the next one the full checks.
/// On the short way a loop that only waits is fast-forwarded ([`skip_idle`]).
fn run_cpu(
    cpu: &mut Cpu,
    bus: &mut GenesisBus<'_>,
    st: &mut ProgramState,
    probe: &mut dyn Probe,
    until: u64,
    poll_until: u64,
) -> Result<(), ProgramError> {
    let watch = probe.breakpoints().any();
    let rom_len = bus.mem.rom.len();
    // A turn of a polling loop stepped in another call met a line event since, and so
    // did an iteration being recorded.
    st.poll.disarm();
    st.skip.abort();
    // Whether the short way applies to the next instruction: already for the first when
    // the full checks would find nothing to do before it (the line events since the last
    // call may have changed the interrupt level; the 68000 is given it here): no DMA, no
    // interrupt it takes, not stopped or halted, its PC in the ROM or work RAM (a
    // breakpoint there takes the full way below).
    let mut settled = !bus.vdp.dma_active()
        && !cpu.is_stopped()
        && !cpu.is_halted()
        && executable(cpu.pc(), rom_len)
        && {
            let level = bus.vdp.irq_level();
            cpu.set_irq(level);
            u16::from(level) <= (cpu.sr() >> 8) & 7
        };
    loop {
        let now = cpu.cycles() + st.idle;
        if now >= until {
            return Ok(());
        }
        let pc = cpu.pc();
        if settled && watch && probe.breakpoints().contains(pc) {
            // The full way tells the probe.
            settled = false;
        }
        if settled {
            // The PC needs no check here: every word the 68000 fetched since the full
            // checks came from the ROM image or work RAM (a fetch anywhere else marks
            // the bus touched), so the next instruction is in one of them.
            let ssp = cpu.ssp();
            bus.begin_instruction(now);
            let recording = st.skip.recording();
            if recording {
                step_recorded(cpu, bus, st.skip.log(), pc);
            } else {
                cpu.step(bus);
            }
            if !bus.touched
                && cpu.last_exception().is_none()
                && !cpu.is_stopped()
                && !cpu.is_halted()
                && !returned(st, cpu)
            {
                if st.poll.armed() {
                    st.poll.stepped(pc);
                }
                if st.skip.enabled() && (recording || backward(pc, cpu.pc())) {
                    let breakpoints = watch.then(|| probe.breakpoints());
                    skip_idle(cpu, bus, st, breakpoints, pc, (until, poll_until));
                }
                continue;
            }
            st.skip.abort();
            st.poll.disarm();
            after_step(cpu, bus, st, probe, now, pc, ssp, false, false)?;
            // Off the short way: the full checks run before the next instruction.
            settled = false;
            continue;
        }
        if bus.vdp.dma_holds_68k() {
            let need = u64::from(bus.vdp.dma_clocks_to_release());
            let left = (until - now) * MASTER_PER_CYCLE;
            let held = need.min(left).div_ceil(MASTER_PER_CYCLE);
            st.idle += held;
            bus.vdp.advance_dma((held * MASTER_PER_CYCLE) as u32);
            if let Err(src) = supply_dma_68k(bus.mem, bus.vdp) {
                return Err(dma_fault(pc, src));
            }
            continue;
        }
        let level = bus.vdp.irq_level();
        cpu.set_irq(level);
        let mask = (cpu.sr() >> 8) & 7;
        let taking = level != 0 && u16::from(level) > mask;
        if cpu.is_halted() {
            return Err(fault(pc, "the 68000 halted (a double fault)"));
        }
        if cpu.is_stopped() && !taking {
            let rest = until - now;
            st.idle += rest;
            bus.vdp.advance_dma((rest * MASTER_PER_CYCLE) as u32);
            return Ok(());
        }
        if watch && probe.breakpoints().contains(pc) {
            probe.on_pc(pc, now, &CpuMem { cpu, mem: bus.mem });
        }
        if !taking && !executable(pc, rom_len) {
            return Err(fault(
                pc,
                "execution outside the cartridge ROM and work RAM (nothing there holds code)",
            ));
        }
        // The full way runs the instruction without the recording's watching bus: an
        // iteration recorded across it would miss what it read or wrote.
        st.skip.abort();
        st.poll.disarm();
        let was_stopped = cpu.is_stopped();
        let ssp = cpu.ssp();
        // A DMA the instruction starts runs from its last bus cycle, so the instruction's
        // own time is not charged to it.
        let busy_before = bus.vdp.dma_active();
        bus.begin_instruction(now);
        let cycles = cpu.step(bus);
        if busy_before {
            bus.vdp.advance_dma(cycles * MASTER_PER_CYCLE as u32);
        }
        after_step(cpu, bus, st, probe, now, pc, ssp, was_stopped, true)?;
        settled = !bus.touched && !bus.vdp.dma_active() && !cpu.is_stopped() && !cpu.is_halted();
    }
}

/// After an instruction at `pc` on the short way: a backward branch that reaches the
/// head of a loop that only waits ([`crate::idle`]) fast-forwards it by the whole
/// iterations that end by `until` (`poll_until`, the line's end, when the line's hblank
/// event between them cannot reach the 68000: the HINT it may raise is masked or
/// disabled). Within one `run_cpu` nothing but the 68000 writes memory and the interrupt
/// level stays as it is (it moves at line events and VDP port accesses, which the short
/// way leaves), so the loop runs those iterations unchanged. A loop that only counts
/// (`genesis::idle::Counting`, recognised from its opcodes) is moved on by all but its
/// last whole turn before that point; a loop polling the status word or the HV counter
/// likewise, or before the chip says the bits it looks at can change ([`super::poll`]).
/// A loop with one of the probe's `breakpoints` among its instructions is stepped.
#[inline]
fn skip_idle(
    cpu: &mut Cpu,
    bus: &GenesisBus<'_>,
    st: &mut ProgramState,
    breakpoints: Option<&Breakpoints>,
    pc: u32,
    (until, poll_until): (u64, u64),
) {
    let head = cpu.pc();
    if !backward(pc, head) {
        st.skip.recorded_step();
        return;
    }
    let mem = &*bus.mem;
    // Past `until` when that is the line's hblank event and the event can change nothing
    // the loop sees: it sets the HINT pending (genesis `line`), which no port read the
    // loops make shows, and the 68000 takes no level 4 interrupt when IE1 is off or its
    // mask is 4 or more (neither changes while the loop runs: it writes no port and no
    // SR). Nothing else happens there: the Z80's turn and the VDP's next line come at
    // the line's end, after both calls.
    let reach = if until < poll_until && ((cpu.sr() >> 8) & 7 >= 4 || !bus.vdp.hint_enabled()) {
        poll_until
    } else {
        until
    };
    if let Some(skip) = st.skip.at_head(head, cpu, |r| still(mem, r)) {
        if !breakpoints.is_some_and(|b| skip.meets(b)) {
            let n = iterations(cpu.cycles() + st.idle, reach, skip.period);
            if n > 0 {
                cpu.skip(n, skip.period, skip.m1);
                st.skip.count(n * skip.period);
            }
        }
    } else if !st.poll.found_at(head, pc)
        && let Some(counting) = st.counting.find(mem, head, pc)
        && !breakpoints.is_some_and(|b| (head..=pc).any(|a| b.contains(a)))
    {
        // All but the last whole turn before `reach`, and none past the last that
        // branches back: the turns after are stepped, so their ADDQ or SUBQ leaves the
        // flags as stepping every turn would.
        let n = iterations(cpu.cycles() + st.idle, reach, counting.period);
        let m = n.saturating_sub(1).min(counting.turns_back(cpu));
        if m > 0 {
            // A recording under way would see the registers jump.
            st.skip.abort();
            counting.apply(cpu, m);
            cpu.add_cycles(m * counting.period);
            st.skip.count(m * counting.period);
        }
    } else if let HvClock::Line { line_start } = bus.hv {
        // A loop polling the status word or the HV counter.
        let now = cpu.cycles() + st.idle;
        let skip = st.poll.arrive(
            cpu,
            mem,
            bus.vdp,
            (head, pc),
            (now, reach, line_start * MASTER_PER_CYCLE),
            |a| breakpoints.is_some_and(|b| b.contains(a)),
        );
        if skip > 0 {
            st.skip.abort();
            cpu.add_cycles(skip);
            st.skip.count(skip);
        }
    }
}

/// One step on the watching bus of a recording ([`crate::idle`]), kept out of line so
/// the board's own step loop is compiled as it was.
#[inline(never)]
fn step_recorded(cpu: &mut Cpu, bus: &mut GenesisBus<'_>, log: &mut crate::idle::ReadLog, pc: u32) {
    log.at(pc);
    cpu.step(&mut Watching { bus, log });
}

/// Whether the last instruction returned from the innermost interrupt taken (the PC and
/// the stack pointer are back where its entry left them).
#[inline]
fn returned(st: &ProgramState, cpu: &Cpu) -> bool {
    st.interrupted
        .last()
        .is_some_and(|&(pc, sp)| cpu.pc() == pc && cpu.ssp() == sp)
}

/// What the board does after an instruction that started at `now` at `pc` with the
/// supervisor stack pointer at `ssp`: a bus fault, a FIFO hold, a DMA the instruction
/// started, an interrupt entry (acknowledged at the VDP) or another exception, the
/// return from an interrupt, and STOP.
#[allow(clippy::too_many_arguments)]
fn after_step(
    cpu: &mut Cpu,
    bus: &mut GenesisBus<'_>,
    st: &mut ProgramState,
    probe: &mut dyn Probe,
    now: u64,
    pc: u32,
    ssp: u32,
    was_stopped: bool,
    full: bool,
) -> Result<(), ProgramError> {
    if let Some(f) = bus.fault.take() {
        return Err(fault(pc, format!("access at {}: {}", Addr(f.addr), f.what)));
    }
    if full || bus.touched {
        // A data-port write into a full FIFO held the 68000 (genesis `fifo` module).
        let fifo_wait = bus.vdp.take_fifo_wait();
        if fifo_wait > 0 {
            let held = fifo_wait.div_ceil(MASTER_PER_CYCLE);
            st.idle += held;
            bus.vdp.advance_dma((held * MASTER_PER_CYCLE) as u32);
        }
        if let Err(src) = check_dma_68k(bus.mem, bus.vdp) {
            return Err(dma_fault(pc, src));
        }
    }
    if let Some(e) = cpu.last_exception() {
        if let ExceptionKind::Interrupt(l) = e.kind {
            if let Some(err) = vector_fault(cpu, &e, bus.mem) {
                return Err(err);
            }
            bus.vdp.acknowledge_interrupt(l);
            cpu.set_irq(bus.vdp.irq_level());
            // The return address is the one the 68000 stacked: after a STOP it is the
            // instruction past the STOP, not the STOP itself.
            st.interrupted.push((e.pc, ssp));
            probe.on_event(BoardEvent::Interrupt {
                source: if l == 6 { "vint" } else { "hint" },
                cycle: now,
                pc,
            });
        } else if let Some(err) =
            exception_fault(cpu, e.kind, e.pc, bus.mem).or_else(|| vector_fault(cpu, &e, bus.mem))
        {
            return Err(err);
        }
    } else if returned(st, cpu) {
        st.interrupted.pop();
        probe.on_event(BoardEvent::Return {
            cycle: cpu.cycles() + st.idle,
        });
    }
    if cpu.is_stopped() && !was_stopped {
        probe.on_event(BoardEvent::Wait { cycle: now, pc });
    }
    Ok(())
}

fn run_frame(
    target: &mut GenesisTarget,
    vdp: &mut Vdp,
    probe: &mut dyn Probe,
) -> Result<FrameRun, ProgramError> {
    let GenesisTarget { cpu, mem, program } = target;
    let Some(st) = program.as_mut() else {
        return Err(ProgramError::Unsupported { machine: "genesis" });
    };
    let start = cpu.cycles() + st.idle;
    let start_idle = st.idle;
    loop {
        if !st.line_started {
            st.line_started = true;
            let line = vdp.line();
            let began = vdp.start_line();
            if line == 0 {
                probe.on_event(BoardEvent::DisplayStart {
                    cycle: cpu.cycles() + st.idle,
                    line_cycles_256: LINE_CYCLES_256,
                });
            }
            if began.vblank {
                st.z80_int = true;
                mem.z80.cpu.set_int(true);
                let cycle = cpu.cycles() + st.idle;
                probe.on_event(BoardEvent::Vblank { cycle });
                return Ok(FrameRun {
                    cycles: cycle - start,
                    idle_cycles: st.idle - start_idle,
                });
            }
        }
        let line_start = st.lines * MASTER_PER_LINE / MASTER_PER_CYCLE;
        let line_end = (st.lines + 1) * MASTER_PER_LINE / MASTER_PER_CYCLE;
        let hblank =
            (st.lines * MASTER_PER_LINE + u64::from(vdp.hblank_master())) / MASTER_PER_CYCLE;
        run_cpu(
            cpu,
            &mut GenesisBus::program(mem, vdp, line_start),
            st,
            probe,
            hblank,
            line_end,
        )?;
        vdp.hblank();
        run_cpu(
            cpu,
            &mut GenesisBus::program(mem, vdp, line_start),
            st,
            probe,
            line_end,
            line_end,
        )?;
        mem.z80
            .run_to((st.lines + 1) * Z80_T_PER_LINE, &mem.rom, &mut mem.ram[..]);
        if st.z80_int {
            st.z80_int = false;
            mem.z80.cpu.set_int(false);
        }
        vdp.next_line();
        st.lines += 1;
        st.line_started = false;
    }
}

/// The CPU and memory as the harness reads them.
struct CpuMem<'a> {
    cpu: &'a Cpu,
    mem: &'a Memory,
}

fn register(cpu: &Cpu, name: &str) -> Option<u32> {
    let upper = name.to_ascii_uppercase();
    let n = |s: &str| s[1..].parse::<usize>().ok().filter(|&n| n < 8);
    Some(match upper.as_str() {
        "SR" => u32::from(cpu.sr()),
        "PC" => cpu.pc(),
        "SP" => cpu.a(7),
        "SSP" => cpu.ssp(),
        "USP" => cpu.usp(),
        r if r.len() == 2 && r.starts_with('D') => cpu.d(n(r)?),
        r if r.len() == 2 && r.starts_with('A') => cpu.a(n(r)?),
        _ => return None,
    })
}

impl CpuView for CpuMem<'_> {
    fn disasm(&self, pc: u32) -> (String, usize) {
        crate::program::fault::disasm_m68k(self, pc)
    }
    fn register(&self, name: &str) -> Option<u32> {
        register(self.cpu, name)
    }
    fn pc(&self) -> u32 {
        self.cpu.pc()
    }
    fn peek(&self, addr: u32) -> u8 {
        self.mem.peek(addr)
    }
}

impl CpuView for GenesisTarget {
    fn disasm(&self, pc: u32) -> (String, usize) {
        crate::program::fault::disasm_m68k(self, pc)
    }
    fn register(&self, name: &str) -> Option<u32> {
        register(&self.cpu, name)
    }
    fn pc(&self) -> u32 {
        self.cpu.pc()
    }
    fn peek(&self, addr: u32) -> u8 {
        self.mem.peek(addr)
    }
}

impl ProgramBoard for Genesis {
    fn run_frame(&mut self, probe: &mut dyn Probe) -> Result<FrameRun, ProgramError> {
        let (target, vdp) = self.parts_mut();
        run_frame(target, vdp, probe)
    }

    fn cpu(&self) -> &dyn CpuView {
        self.target()
    }

    fn peek_vram(&self, addr: u32) -> u8 {
        self.vdp().vram()[(addr & 0xFFFF) as usize]
    }

    fn set_input(&mut self, input: Input) {
        self.target_mut().mem.io.pad1 = input.pad1;
    }

    fn cycles_per_frame(&self) -> u64 {
        CYCLES_PER_FRAME
    }

    fn set_idle_skip(&mut self, on: bool) {
        if let Some(st) = self.target_mut().program.as_mut() {
            st.skip.set_enabled(on);
        }
    }

    fn idle_skipped_cycles(&self) -> u64 {
        self.target()
            .program
            .as_ref()
            .map_or(0, |st| st.skip.skipped_cycles())
    }
}
