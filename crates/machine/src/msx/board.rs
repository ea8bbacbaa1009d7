//! The MSX1 board running a whole cartridge under its BIOS (specs/programs.md). The
//! routine runner ([`super::target`]) drives the same board and bus in a layout without
//! the BIOS: one board, two ways to drive it.
//!
//! - **CPU**: the `cpu-z80` core with the MSX's one wait state per M1 cycle, from reset at
//!   $0000 in slot 0: the BIOS (C-BIOS by default, [`super::bios`]) initialises the
//!   machine, finds the cartridge's "AB" header in slot 1 and calls its INIT itself.
//! - **I/O** (low 8 bits of the port decoded): the TMS9918A on #98/#99, the PSG on
//!   #A0-#A2 ([`super::psg`]), the PPI on #A8-#AB ([`super::slots`]); other ports read #FF.
//! - **Interleave** (openMSX `VDP` and `SpriteChecker`, commit 632d46cc): the CPU runs a
//!   line's 228 T-states; 24 T-states in, the chip takes R1's display enable and mode bits
//!   ([`tms9918::Vdp::latch_line_mode`], openMSX `syncAtNextLine`); at the line's end it
//!   draws the line and runs the sprite check of the next line
//!   ([`tms9918::Vdp::check_line`]: openMSX checks a line at the end of the line before the
//!   one that shows it), with the attribute table, patterns and registers as the CPU left
//!   them, and sets that line's 5S and C. A program polling S#0 mid-frame sees the flags
//!   from the line they happen, and sprites it moves during the display show from the next
//!   line checked. After line 192's check (at the end of line 191) the chip sets F; with R1
//!   IE its INT output holds the Z80's /INT low until S#0 is read (openMSX
//!   `VDP::setIRQ`/`readStatusReg`).
//! - **Frame**: 262 lines of 228 T-states (NTSC). [`ProgramBoard::run_frame`] runs the 70
//!   lines of vertical border and blanking (192-261), then the 192 active lines, and stops
//!   as F is set: the start of vblank. [`BoardEvent::DisplayStart`] is told as line 0
//!   begins. A Z80 in HALT with no interrupt it can take (a program waiting for the next
//!   frame) cannot wake before F: from the line it halts on, the chip's lines run alone
//!   ([`tms9918::Vdp::run_lines_alone`]) and the CPU's M1 cycles are counted up to the
//!   frame's end at once.
//! - **Bursts**: between the chip's steps the Z80 runs instruction after instruction with
//!   no per-instruction checks while INT is inactive, as openMSX runs its CPU to the next
//!   sync point; a control-port write that raises INT, a HALT, a branch back (a loop the
//!   idle detectors may take), the return from an interrupt or a breakpoint ends a burst
//!   ([`MsxProgram::burst`]). A branch back to a head both detectors are cooling down
//!   (busy code's loops, whose recordings failed) is counted off its wait inside the
//!   burst, exactly as the detectors would count it, and the burst goes on.
//!
//! Line numbers are the chip's display lines; openMSX raises F (its VSCAN) and begins the
//! display 202 VDP ticks (34 T-states) into lines 192 and 0; here both happen at the
//! line's start.

use cpu_z80::{Bus, Cpu};
use tms9918::Vdp;

use super::access::VramTiming;
use super::cart::Cartridge;
use super::counted::CountedLoops;
use super::idle::{Watching, still};
use super::psg::Psg;
use super::slots::Slots;
use super::target::{ACTIVE_LINES, LINES_PER_FRAME, T_PER_FRAME, T_PER_LINE};
use crate::idle::{IdleSkip, LoopCpu, backward, iterations};
use crate::program::{BoardEvent, Breakpoints, CpuView, FrameRun, Input, Probe, ProgramError};

/// The chip's control port (#99), decoded on the port's low 8 bits.
const VDP_CONTROL_PORT: u8 = 0x99;

/// T-states into a line at which the chip takes R1's display enable and mode bits: openMSX
/// `VDP::syncAtNextLine`, 144 VDP ticks (6 per T-state) after the line's start.
const MODE_LATCH_T: u64 = 24;

/// PPI port A for a routine: page n on slot n.
const ROUTINE_PAGES: u8 = 0b11_10_01_00;

/// An interrupt taken and not yet returned from: where and with which stack.
#[derive(Clone, Copy, Debug)]
struct Frame {
    pc: u16,
    sp: u16,
}

/// The CPU, memory and I/O chips other than the VDP: the one MSX board, driven frame by
/// frame for a program ([`MsxProgram::run_frame`]) or call by call for a routine
/// ([`super::target`]).
#[derive(Clone, Debug)]
pub struct MsxProgram {
    pub(super) cpu: Cpu,
    pub(super) slots: Slots,
    pub(super) psg: Psg,
    /// Interrupts taken, innermost last.
    nested: Vec<Frame>,
    /// The chip's access slots, as a program's VRAM accesses meet them.
    timing: VramTiming,
    /// Loops that only wait, fast-forwarded ([`crate::idle`]).
    skip: IdleSkip<Cpu>,
    /// Loops that wait while they count, skipped in closed form ([`super::counted`]).
    counted: CountedLoops,
}

/// The Z80's view of the board: memory through the slots, the chips on their ports, each
/// VRAM access checked against the chip's access slots (`timing`). A program's access that
/// comes too fast replaces the one still waiting (`lose_too_fast`, openMSX's default
/// `too_fast_vram_access real`); a routine call counts it and lets it land (the routine
/// contract reports the count).
pub(super) struct MsxBus<'a> {
    pub(super) slots: &'a mut Slots,
    pub(super) psg: &'a mut Psg,
    pub(super) vdp: &'a mut Vdp,
    pub(super) timing: Option<&'a mut VramTiming>,
    pub(super) lose_too_fast: bool,
}

impl MsxBus<'_> {
    /// Whether a VRAM access at `t` comes too fast and is to replace the waiting one.
    #[inline]
    fn replaces(&mut self, t: u64) -> bool {
        match self.timing.as_deref_mut() {
            Some(timing) => timing.access(t, self.vdp) && self.lose_too_fast,
            None => false,
        }
    }
}

impl Bus for MsxBus<'_> {
    #[inline]
    fn read(&mut self, addr: u16) -> u8 {
        self.slots.read(addr)
    }

    #[inline]
    fn write(&mut self, addr: u16, value: u8) {
        self.slots.write(addr, value);
    }

    fn input(&mut self, port: u16, t: u64) -> u8 {
        match port as u8 {
            0x98 => {
                if self.replaces(t) {
                    self.vdp.read_data_replacing()
                } else {
                    self.vdp.read_data()
                }
            }
            0x99 => self.vdp.read_status(),
            0xA2 => self.psg.read_data(),
            p @ 0xA8..=0xAB => self.slots.read_ppi(p),
            _ => 0xFF,
        }
    }

    fn output(&mut self, port: u16, value: u8, t: u64) {
        match port as u8 {
            0x98 => {
                if self.replaces(t) {
                    self.vdp.write_data_replacing(value);
                } else {
                    self.vdp.write_data(value);
                }
            }
            0x99 => {
                // The second byte of a read set-up makes the chip prefetch from VRAM: a
                // write still waiting for its slot is lost to it.
                if self.vdp.port().latched() && value & 0xC0 == 0 && self.replaces(t) {
                    self.vdp.lose_waiting_write();
                }
                self.vdp.write_control(value);
            }
            0xA0 => self.psg.write_address(value),
            0xA1 => self.psg.write_data(value),
            p @ 0xA8..=0xAB => self.slots.write_ppi(p, value),
            _ => {}
        }
    }

    #[inline]
    fn m1_wait(&mut self) -> u32 {
        1
    }
}

impl MsxProgram {
    /// The board at power-on with `bios` in slot 0 and `cart` in slot 1.
    #[must_use]
    pub fn new(bios: &[u8], cart: Cartridge) -> Self {
        Self {
            cpu: Cpu::new(),
            slots: Slots::new(bios, cart),
            psg: Psg::default(),
            nested: Vec::new(),
            timing: VramTiming::new(0),
            skip: IdleSkip::default(),
            counted: CountedLoops::default(),
        }
    }

    /// The board as a routine call finds it (target-code.md): no BIOS (slot 0 reads #FF),
    /// the routine's ROM in slot 1 (see [`MsxProgram::load_routine`]), slot 2 empty, RAM in
    /// slot 3; pages 0-3 on slots 0, 1, 2, 3 (PPI port A = E4h), so $4000-$7FFF is the ROM
    /// page, $8000-$BFFF reads #FF and $C000-$FFFF is RAM.
    #[must_use]
    pub fn for_routines() -> Self {
        let mut board = Self::new(&[], Cartridge::rom_page(&[]));
        board.slots.write_ppi(0, ROUTINE_PAGES);
        board
    }

    /// Puts a routine's image in slot 1's ROM page and the routine layout's slots back in
    /// pages 0-3.
    pub fn load_routine(&mut self, image: &[u8]) {
        self.slots.set_cartridge(Cartridge::rom_page(image));
        self.slots.write_ppi(0, ROUTINE_PAGES);
    }

    /// Sets the pad on joystick port A.
    pub fn set_input(&mut self, input: Input) {
        self.psg.set_input(input);
    }

    /// Runs one frame with `vdp` on the ports (see the module docs).
    pub fn run_frame(&mut self, vdp: &mut Vdp, probe: &mut dyn Probe) -> FrameRun {
        let start = self.cpu.t;
        let frame_end = start + T_PER_FRAME;
        self.timing.rebase(start);
        let mut idle = 0;
        let mut line_start = start;
        for line in (ACTIVE_LINES..LINES_PER_FRAME).chain(0..ACTIVE_LINES) {
            if line == 0 {
                probe.on_event(BoardEvent::DisplayStart {
                    cycle: line_start,
                    line_cycles_256: (T_PER_LINE * 256) as u32,
                });
            }
            if self.parked(vdp) {
                // The Z80 stays halted to the frame's end: the chip's lines run alone,
                // and the CPU catches up after the last one.
                Self::lines_alone(vdp, probe, line, line_start);
                break;
            }
            // A halted Z80 with no interrupt to take stays halted to the line's end (INT
            // changes only at the chip's steps): R1 cannot change before the chip takes it,
            // so the line runs in one piece.
            if !self.cpu.halted || (vdp.interrupt() && self.cpu.iff1) {
                idle += self.run_until(line_start + MODE_LATCH_T, frame_end, vdp, probe);
            }
            vdp.latch_line_mode();
            line_start += T_PER_LINE;
            idle += self.run_until(line_start, frame_end, vdp, probe);
            Self::end_line(vdp, line);
        }
        // A CPU parked in HALT: the M1 cycles to the frame's end, as stepping runs them.
        idle += self.run_until(frame_end, frame_end, vdp, probe);
        // Line 192 has been checked (never drawn): F set, vertical blanking begins.
        vdp.end_frame();
        probe.on_event(BoardEvent::Vblank { cycle: self.cpu.t });
        debug_assert!(self.cpu.t - start >= T_PER_FRAME);
        FrameRun {
            cycles: self.cpu.t - start,
            idle_cycles: idle,
        }
    }

    /// The chip's lines from `line` (begun at `line_start`) to the frame's end with the
    /// CPU parked ([`MsxProgram::parked`]): what [`MsxProgram::end_line`] does line by
    /// line, with the registers as they are for all of them (no CPU writes them).
    fn lines_alone(vdp: &mut Vdp, probe: &mut dyn Probe, line: u64, line_start: u64) {
        let mut first = line;
        if line >= ACTIVE_LINES {
            // The border and blanking: R1 taken, and line 0 checked at the last one's end.
            vdp.latch_line_mode();
            vdp.check_line(0);
            probe.on_event(BoardEvent::DisplayStart {
                cycle: line_start + (LINES_PER_FRAME - line) * T_PER_LINE,
                line_cycles_256: (T_PER_LINE * 256) as u32,
            });
            first = 0;
        }
        vdp.run_lines_alone(first as u16);
    }

    /// The end of `line`: its picture, and the sprite check of the next one.
    #[inline]
    fn end_line(vdp: &mut Vdp, line: u64) {
        if line < ACTIVE_LINES {
            vdp.draw_line(line as u16);
            vdp.check_line(line as u16 + 1);
        } else if line == LINES_PER_FRAME - 1 {
            vdp.check_line(0);
        }
    }

    /// Whether the Z80 stays halted to the frame's end: halted with no interrupt it can
    /// take. The INT line rises only as the frame ends (F, [`Vdp::end_frame`]) and R1's
    /// IE and IFF1 change only by the CPU's own instructions, so nothing before then wakes
    /// it; a halted CPU touches neither memory nor ports, so the chip's line steps do not
    /// depend on where it is. Stepping it line by line or at once to the frame's end
    /// gives the same clock and R ([`MsxProgram::skip_halted`]). With idle skipping off
    /// the lines run as before, which the property tests compare with.
    #[inline]
    fn parked(&self, vdp: &Vdp) -> bool {
        self.cpu.halted
            && !self.cpu.nmi_pending
            && !(vdp.interrupt() && self.cpu.iff1)
            && self.skip.enabled()
    }

    /// Runs instructions until the CPU's clock reaches `end` (the chip's next step; the
    /// frame ends at `frame_end`); returns the T-states spent halted.
    ///
    /// Stretches where nothing but the CPU can matter run as bursts ([`MsxProgram::burst`]);
    /// the instruction that ends one (one that raised INT, a HALT, a branch back, the return from
    /// an interrupt) is followed up here as a single step would be
    /// ([`MsxProgram::after_step`]), and the rest (an interrupt to take, a breakpoint, a
    /// HALT, a loop being recorded) is stepped one instruction at a time.
    fn run_until(&mut self, end: u64, frame_end: u64, vdp: &mut Vdp, probe: &mut dyn Probe) -> u64 {
        let mut idle = 0;
        let watch = probe.breakpoints().any();
        // A counting loop skipped past the chip's last step goes on from its head.
        if self.skip.enabled() && self.cpu.t < end && !self.cpu.halted {
            self.resume_counted(end, frame_end, vdp, watch.then(|| probe.breakpoints()));
        }
        while self.cpu.t < end {
            let int = vdp.interrupt();
            self.cpu.set_int(int);
            if !int
                && !self.cpu.halted
                && !self.cpu.nmi_pending
                && !self.skip.recording()
                && !self.counted.recording()
            {
                match self.burst(end, vdp, watch.then(|| probe.breakpoints())) {
                    Stop::End => continue,
                    Stop::After { pc, before } => {
                        let step = Step {
                            pc,
                            before,
                            was_halted: false,
                            taking: false,
                            recorded: false,
                        };
                        idle += self.after_step(step, end, frame_end, vdp, probe, watch);
                        continue;
                    }
                    // Stepped below, with the probe told first.
                    Stop::Breakpoint => {}
                }
            }
            let taking = int && self.cpu.iff1 && !self.cpu.ei;
            if watch
                && !taking
                && !self.cpu.halted
                && probe.breakpoints().contains(u32::from(self.cpu.pc))
            {
                let view = View {
                    cpu: &self.cpu,
                    slots: &self.slots,
                };
                probe.on_pc(u32::from(self.cpu.pc), self.cpu.t, &view);
            }
            if self.cpu.halted && !taking {
                idle += self.skip_halted(end);
            }
            let before = self.cpu.t;
            let was_halted = self.cpu.halted;
            if taking {
                probe.on_event(BoardEvent::Interrupt {
                    source: "int",
                    cycle: before,
                    pc: u32::from(self.cpu.pc),
                });
                self.nested.push(Frame {
                    pc: self.cpu.pc,
                    sp: self.cpu.sp,
                });
            }
            let pc = self.cpu.pc;
            let recording = self.skip.recording();
            let counting = self.counted.recording();
            let mut bus = MsxBus {
                slots: &mut self.slots,
                psg: &mut self.psg,
                vdp,
                timing: Some(&mut self.timing),
                lose_too_fast: true,
            };
            if recording {
                step_recorded(&mut self.cpu, &mut bus, self.skip.log(), pc);
            } else if counting {
                self.counted.note(pc, self.cpu.t);
                step_recorded(&mut self.cpu, &mut bus, self.counted.log(), pc);
            } else {
                self.cpu.step(&mut bus);
            }
            let step = Step {
                pc,
                before,
                was_halted,
                taking,
                recorded: recording || counting,
            };
            idle += self.after_step(step, end, frame_end, vdp, probe, watch);
        }
        idle
    }

    /// Runs instructions while nothing but the CPU can matter: INT is inactive (it rises
    /// only at the chip's steps, outside a run, or by a control-port write), no loop is
    /// being recorded, and the CPU is not halted. Stops before an instruction at one of the
    /// `breakpoints`, at `end`, or after an instruction that needs more than the step:
    /// one that raised INT ([`Quiet`]), a HALT, a branch back of a loop's
    /// size (with skipping on, [`crate::idle`]) to a head the detectors would look at
    /// (one they only count off its wait is counted here), or the return from the innermost
    /// interrupt (PC and SP as they were when it was taken). openMSX runs its Z80 the same
    /// way, in stretches to the next scheduled sync point (`CPUCore::execute`).
    #[inline]
    fn burst(&mut self, end: u64, vdp: &mut Vdp, breakpoints: Option<&Breakpoints>) -> Stop {
        let ret = self.nested.last().map(|f| (f.pc, f.sp));
        let skip = self.skip.enabled();
        let mut bus = Quiet {
            bus: MsxBus {
                slots: &mut self.slots,
                psg: &mut self.psg,
                vdp,
                timing: Some(&mut self.timing),
                lose_too_fast: true,
            },
            int: false,
        };
        let cpu = &mut self.cpu;
        let (generic, counted) = (&mut self.skip, &mut self.counted);
        loop {
            let pc = cpu.pc;
            if breakpoints.is_some_and(|b| b.contains(u32::from(pc))) {
                return Stop::Breakpoint;
            }
            let before = cpu.t;
            cpu.step(&mut bus);
            if bus.int || cpu.halted || ret == Some((cpu.pc, cpu.sp)) {
                return Stop::After { pc, before };
            }
            if skip && backward(u32::from(pc), u32::from(cpu.pc)) {
                // A head both detectors would only count off its wait (busy code's loops,
                // failed before) is counted here, as they would, and the burst goes on.
                let head = cpu.pc;
                if !(counted.passes(head) && generic.passes(u32::from(head))) {
                    return Stop::After { pc, before };
                }
                counted.pass(head);
                generic.pass(u32::from(head));
            }
            if cpu.t >= end {
                return Stop::End;
            }
        }
    }

    /// What follows an instruction `step` ran: a HALT entered, the return from the
    /// innermost interrupt, and the idle detectors' turn at a recorded step or a branch
    /// back. Returns the T-states it spent halted.
    fn after_step(
        &mut self,
        step: Step,
        end: u64,
        frame_end: u64,
        vdp: &Vdp,
        probe: &mut dyn Probe,
        watch: bool,
    ) -> u64 {
        let mut idle = 0;
        if step.was_halted && self.cpu.halted {
            idle = self.cpu.t - step.before;
        } else if self.cpu.halted {
            probe.on_event(BoardEvent::Wait {
                cycle: step.before,
                pc: u32::from(self.cpu.pc.wrapping_sub(1)),
            });
        }
        if let Some(f) = self.nested.last()
            && !step.taking
            && self.cpu.pc == f.pc
            && self.cpu.sp == f.sp
        {
            self.nested.pop();
            probe.on_event(BoardEvent::Return { cycle: self.cpu.t });
        }
        // Only a recorded step or a backward branch concerns the detector: the busy
        // code's other steps pay these two tests.
        if self.skip.enabled()
            && (step.recorded || backward(u32::from(step.pc), u32::from(self.cpu.pc)))
        {
            if step.taking || self.cpu.halted {
                self.skip.abort();
                self.counted.abort();
            } else {
                self.skip_idle(
                    step.pc,
                    end,
                    frame_end,
                    vdp,
                    watch.then(|| probe.breakpoints()),
                );
            }
        }
        idle
    }

    /// After an instruction at `pc`: a backward branch that reaches the head of a loop
    /// that only waits ([`crate::idle`]) fast-forwards it by the whole iterations that
    /// end by `end`. The loop touches no port, so INT stays as it is until the chip's
    /// next step at `end`, and nothing else writes memory before then. A loop with one
    /// of the probe's `breakpoints` among its instructions is stepped.
    ///
    /// A counting loop ([`super::counted`]) is tried first, and may run on to `frame_end`.
    #[inline]
    fn skip_idle(
        &mut self,
        pc: u16,
        end: u64,
        frame_end: u64,
        vdp: &Vdp,
        breakpoints: Option<&Breakpoints>,
    ) {
        let head = self.cpu.pc;
        if !backward(u32::from(pc), u32::from(head)) {
            self.skip.recorded_step();
            self.counted.recorded_step();
            return;
        }
        let slots = &self.slots;
        let generic_recording = self.skip.recording();
        if let Some(turns) = self.counted.arrive(
            head,
            &self.cpu,
            |r| still(slots, vdp, r),
            |a| slots.read(a),
            end,
            frame_end,
            !generic_recording,
        ) && !breakpoints.is_some_and(|b| self.counted.meets(b))
        {
            turns.apply(&mut self.cpu);
            self.skip.count(turns.turns * turns.period);
            return;
        }
        if self.counted.recording() {
            return;
        }
        if let Some(skip) = self
            .skip
            .at_head(u32::from(head), &self.cpu, |r| still(slots, vdp, r))
            && !breakpoints.is_some_and(|b| skip.meets(b))
        {
            let n = iterations(self.cpu.t, end, skip.period);
            if n > 0 {
                self.cpu.skip(n, skip.period, skip.m1);
                self.skip.count(n * skip.period);
            }
        }
    }

    /// At the start of a run: the CPU at the head of a known counting loop, in its
    /// state, skips on ([`super::counted`]).
    fn resume_counted(
        &mut self,
        end: u64,
        frame_end: u64,
        vdp: &Vdp,
        breakpoints: Option<&Breakpoints>,
    ) {
        if (vdp.interrupt() && self.cpu.iff1) || breakpoints.is_some_and(|b| self.counted.meets(b))
        {
            return;
        }
        // As the first step would: INT as the chip holds it (it stays so through the
        // skip, which reads S#0 only where that changes nothing).
        self.cpu.set_int(vdp.interrupt());
        let slots = &self.slots;
        if let Some(turns) =
            self.counted
                .resume(&self.cpu, |r| still(slots, vdp, r), end, frame_end)
        {
            turns.apply(&mut self.cpu);
            self.skip.count(turns.turns * turns.period);
        }
    }

    /// Turns idle skipping on or off ([`crate::idle`], [`super::counted`]).
    pub fn set_idle_skip(&mut self, on: bool) {
        self.skip.set_enabled(on);
        self.counted.clear();
    }

    /// The cycles fast-forwarded through loops that only wait.
    #[must_use]
    pub fn idle_skipped_cycles(&self) -> u64 {
        self.skip.skipped_cycles()
    }
}

/// An instruction stepped: where it began, the clock then, and what it was.
#[derive(Clone, Copy)]
struct Step {
    pc: u16,
    before: u64,
    was_halted: bool,
    /// It took an interrupt.
    taking: bool,
    /// It ran on the watching bus of a recording.
    recorded: bool,
}

/// Why [`MsxProgram::burst`] stopped.
enum Stop {
    /// The clock reached the run's end.
    End,
    /// The next instruction is at a breakpoint: it is to be stepped with the probe told.
    Breakpoint,
    /// The instruction at `pc`, begun at `before`, needs the follow-up of a step.
    After { pc: u16, before: u64 },
}

/// [`MsxBus`] noting whether an instruction raised INT: a burst ends after it. Of the
/// ports, only a write to the chip's control port can (R1's IE set while F is up, openMSX
/// `VDP::changeRegister`); a status read only clears F, and the PPI, the PSG and VRAM do
/// not touch it.
struct Quiet<'a> {
    bus: MsxBus<'a>,
    int: bool,
}

impl Bus for Quiet<'_> {
    #[inline(always)]
    fn read(&mut self, addr: u16) -> u8 {
        self.bus.read(addr)
    }

    #[inline(always)]
    fn write(&mut self, addr: u16, value: u8) {
        self.bus.write(addr, value);
    }

    fn input(&mut self, port: u16, t: u64) -> u8 {
        self.bus.input(port, t)
    }

    fn output(&mut self, port: u16, value: u8, t: u64) {
        self.bus.output(port, value, t);
        if port as u8 == VDP_CONTROL_PORT {
            self.int = self.bus.vdp.interrupt();
        }
    }

    #[inline(always)]
    fn m1_wait(&mut self) -> u32 {
        self.bus.m1_wait()
    }

    fn int_ack(&mut self) -> u8 {
        self.bus.int_ack()
    }
}

/// One step on the watching bus of a recording ([`crate::idle`]), kept out of line so
/// the board's own step loop is compiled as it was.
#[inline(never)]
fn step_recorded(cpu: &mut Cpu, bus: &mut MsxBus<'_>, log: &mut crate::idle::ReadLog, pc: u16) {
    log.at(u32::from(pc));
    cpu.step(&mut Watching {
        bus,
        log,
        last: None,
    });
}

impl MsxProgram {
    /// The address of a `HALT` the Z80 can never leave: it halted with interrupts masked,
    /// and only an interrupt ends a HALT (Zilog Z80 CPU User Manual, "HALT").
    pub fn dead_halt(&self) -> Option<u16> {
        (self.cpu.halted && !self.cpu.iff1 && !self.cpu.ei).then(|| self.cpu.pc.wrapping_sub(1))
    }

    /// A halted Z80 with no interrupt to take runs M1 cycles of 4 T-states plus the MSX's
    /// wait, each counting R on, until the INT line changes, which on this board happens
    /// only at the chip's line steps: all but the last two of those up to `end` are
    /// counted at once (the last two run as steps, leaving the core's flags as stepping
    /// would). Returns the T-states skipped.
    fn skip_halted(&mut self, end: u64) -> u64 {
        const HALT_M1_T: u64 = 4 + 1;
        let cycles = end.saturating_sub(self.cpu.t).div_ceil(HALT_M1_T);
        let Some(bulk) = cycles.checked_sub(2).filter(|&n| n > 0) else {
            return 0;
        };
        self.cpu.t += bulk * HALT_M1_T;
        // R's low seven bits count M1 cycles; bit 7 stays.
        let r = u64::from(self.cpu.r & 0x7F) + bulk;
        self.cpu.r = (self.cpu.r & 0x80) | (r & 0x7F) as u8;
        bulk * HALT_M1_T
    }
}

impl CpuView for MsxProgram {
    fn disasm(&self, pc: u32) -> (String, usize) {
        crate::program::fault::disasm_z80(self, pc)
    }
    fn register(&self, name: &str) -> Option<u32> {
        View {
            cpu: &self.cpu,
            slots: &self.slots,
        }
        .register(name)
    }
    fn pc(&self) -> u32 {
        u32::from(self.cpu.pc)
    }
    fn peek(&self, addr: u32) -> u8 {
        self.slots.read((addr & 0xFFFF) as u16)
    }
}

/// The CPU and memory as the harness reads them.
struct View<'a> {
    cpu: &'a Cpu,
    slots: &'a Slots,
}

impl CpuView for View<'_> {
    fn disasm(&self, pc: u32) -> (String, usize) {
        crate::program::fault::disasm_z80(self, pc)
    }
    fn register(&self, name: &str) -> Option<u32> {
        let c = self.cpu;
        let v = match name.to_ascii_uppercase().as_str() {
            "A" => u16::from(c.a),
            "F" => u16::from(c.f),
            "B" => u16::from(c.b),
            "C" => u16::from(c.c),
            "D" => u16::from(c.d),
            "E" => u16::from(c.e),
            "H" => u16::from(c.h),
            "L" => u16::from(c.l),
            "AF" => c.af(),
            "BC" => c.bc(),
            "DE" => c.de(),
            "HL" => c.hl(),
            "IX" => c.ix,
            "IY" => c.iy,
            "SP" => c.sp,
            "PC" => c.pc,
            "I" => u16::from(c.i),
            "R" => u16::from(c.r),
            "IM" => u16::from(c.im),
            "IFF1" => u16::from(c.iff1),
            _ => return None,
        };
        Some(u32::from(v))
    }

    fn pc(&self) -> u32 {
        u32::from(self.cpu.pc)
    }

    fn peek(&self, addr: u32) -> u8 {
        self.slots.read((addr & 0xFFFF) as u16)
    }
}

/// The user's BIOS, checked.
///
/// # Errors
/// [`ProgramError::SystemRom`] unless it is 32 KB (a main ROM) or 48 KB (main ROM and
/// C-BIOS's logo ROM in slot 0's page 2).
pub fn check_bios(bios: &[u8]) -> Result<(), ProgramError> {
    if bios.len() == 0x8000 || bios.len() == 0xC000 {
        Ok(())
    } else {
        Err(ProgramError::SystemRom {
            what: format!(
                "{} bytes: an MSX1 BIOS is 32,768 bytes (main ROM), or 49,152 with the C-BIOS logo ROM after it",
                bios.len()
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::NoProbe;

    fn halted_board() -> (MsxProgram, Vdp) {
        let mut rom = vec![0u8; 0x4000];
        rom[..2].copy_from_slice(b"AB");
        let mut board = MsxProgram::new(&[0x76; 0x8000], Cartridge::new(&rom, None).unwrap());
        board.cpu.halted = true;
        board.cpu.r = 0xFE;
        (board, Vdp::new())
    }

    #[test]
    fn a_cpu_parked_in_halt_ends_the_frame_where_stepped_lines_end() {
        // Halted with interrupts off and no INT (R1 IE clear): nothing wakes the Z80 this
        // frame. From T-state 7 the frame's 59,736 T-states take ceil(59,736 / 5) =
        // 11,948 M1 cycles of 5: the clock ends at 7 + 59,740, every one of them halted,
        // and R counts 11,948 = 93 x 128 + 44 on from FEh: low bits 7Eh + 44 = 2Ah, bit 7
        // kept: AAh. Parked (skipping on) or line by line (off), the same.
        for on in [false, true] {
            let (mut board, mut vdp) = halted_board();
            board.set_idle_skip(on);
            board.cpu.t = 7;
            let run = board.run_frame(&mut vdp, &mut NoProbe::default());
            assert_eq!(
                (run.cycles, run.idle_cycles, board.cpu.t, board.cpu.r),
                (59_740, 59_740, 7 + 59_740, 0xAA),
                "skipping {on}"
            );
            assert!(board.cpu.halted);
        }
    }

    #[test]
    fn a_skipped_halt_counts_t_states_and_r_as_stepping_does() {
        // 100 T-states of HALT are 20 M1 cycles of 5: R goes 7Eh + 20 = 92h, its low
        // seven bits wrapping and bit 7 kept: FEh -> 92h.
        let (mut stepped, mut vdp) = halted_board();
        {
            let mut bus = MsxBus {
                slots: &mut stepped.slots,
                psg: &mut stepped.psg,
                vdp: &mut vdp,
                timing: None,
                lose_too_fast: false,
            };
            while stepped.cpu.t < 100 {
                stepped.cpu.step(&mut bus);
            }
        }
        let (mut skipped, mut vdp2) = halted_board();
        let idle = skipped.run_until(100, 100, &mut vdp2, &mut NoProbe::default());
        assert_eq!((stepped.cpu.t, stepped.cpu.r), (100, 0x92));
        assert_eq!((skipped.cpu.t, skipped.cpu.r), (100, 0x92));
        assert_eq!(idle, 100);
        assert!(skipped.cpu.halted);
    }
}
