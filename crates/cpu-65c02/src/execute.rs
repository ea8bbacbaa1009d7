//! The per-instruction loop: interrupt polling, opcode fetch, base cycle count and
//! dispatch ([`crate::opcodes`]), and the run states of WAI and STP.
//!
//! [`Cpu::run`] is the hot path, written as an interpreter for the host: the registers
//! are copied into a local for the run (so they live in host registers, not behind a
//! reference reloaded after every bus access), each opcode is one arm of one `match`
//! (a jump table) with its addressing mode inlined and its base cycles a constant, and
//! each arm ends by checking the budget and trap and fetching the next opcode itself
//! ([`Then`]), so nothing is shared between one arm and the next dispatch. The bus
//! accesses, their order and the cycle count are those of [`Cpu::step`], which runs
//! the same arms for one instruction.
//!
//! Interrupt inputs are sampled once between instructions. That stands for the poll
//! the W65C02S makes in the last cycle of each instruction: a line asserted between
//! two steps is taken before the next instruction. CLI, SEI and PLP change `I` after
//! their poll, so the instruction after them still sees the old mask.

use crate::registers::NMI_PENDING;
use crate::{Bus, Cpu, State, flags};

impl Cpu {
    /// Runs one instruction, or one interrupt entry if an NMI is pending or an unmasked
    /// IRQ is asserted, and returns the cycles it took (also added to [`Cpu::cycles`]).
    ///
    /// After STP nothing runs and 0 is returned until [`Cpu::reset`]. After WAI, each
    /// call without an interrupt input idles one cycle and returns 1; see
    /// [`Cpu::state`].
    #[inline]
    pub fn step<B: Bus>(&mut self, bus: &mut B) -> u32 {
        self.step_inline(bus)
    }

    /// [`Cpu::step`], inlined into [`Cpu::step`] only.
    #[inline(always)]
    fn step_inline<B: Bus>(&mut self, bus: &mut B) -> u32 {
        let start = self.cycles;
        match self.state {
            State::Running => {}
            State::Stopped { .. } => return 0,
            State::Waiting { .. } => {
                if self.lines != 0 {
                    self.state = State::Running;
                } else {
                    self.cycles += 1;
                    return 1;
                }
            }
        }
        self.step_running(bus);
        (self.cycles - start) as u32
    }

    /// One instruction or interrupt entry of a running core.
    #[inline(always)]
    fn step_running<B: Bus>(&mut self, bus: &mut B) {
        if self.lines != 0 && self.poll_interrupts(bus) {
            return;
        }
        let op = self.fetch(bus);
        self.execute(bus, op, &mut Once);
    }

    /// Runs instructions until at least `budget` cycles have elapsed, the core stops
    /// or waits, or PC equals `trap` before an instruction; returns the cycles run.
    pub fn run<B: Bus>(&mut self, bus: &mut B, budget: u64, trap: Option<u16>) -> u64 {
        let start = self.cycles;
        let end = start.saturating_add(budget);
        if self.state != State::Running {
            return 0;
        }
        // The loop runs on a copy in locals: `self` is behind a reference the bus's
        // memory could alias as far as the compiler knows, so every register would be
        // stored and reloaded around each bus access; a local copy nobody else can see
        // stays in host registers for the whole run.
        let mut cpu = self.clone();
        // Interrupt inputs change only between calls (the board drives them) or by the
        // entry that clears a pending NMI: with none asserted at the start, the loop
        // needs no interrupt poll before each instruction. Without a trap it needs no
        // PC compare either.
        match (cpu.lines != 0, trap) {
            (false, None) => cpu.run_loop::<B, false, false>(bus, end, 0),
            (false, Some(trap)) => cpu.run_loop::<B, false, true>(bus, end, trap),
            (true, None) => cpu.run_loop::<B, true, false>(bus, end, 0),
            (true, Some(trap)) => cpu.run_loop::<B, true, true>(bus, end, trap),
        }
        *self = cpu;
        self.cycles - start
    }

    /// [`Cpu::run`]'s loop, on the running core; `TRAP` stops it at `trap`.
    #[inline(always)]
    fn run_loop<B: Bus, const POLL: bool, const TRAP: bool>(
        &mut self,
        bus: &mut B,
        end: u64,
        trap: u16,
    ) {
        let mut until = Until::<TRAP> { end, trap };
        if POLL {
            // An interrupt can be due before any instruction: poll before each.
            while self.cycles < end && !(TRAP && self.pc == trap) {
                if self.lines != 0 && self.poll_interrupts(bus) {
                    continue;
                }
                let op = self.fetch(bus);
                self.execute(bus, op, &mut Once);
                if self.state != State::Running {
                    break;
                }
            }
        } else {
            // Each opcode's arm fetches the next opcode itself, so the jump to the next
            // arm is taken from the end of each arm (the host's branch predictor sees
            // which arm follows which) rather than from one shared place.
            let mut next = until.next(self, bus);
            while let Some(op) = next {
                next = self.execute(bus, op, &mut until);
            }
        }
    }

    /// Runs instructions until `boundary` says the burst ends before one, the core
    /// stops or waits, or an interrupt entry has run (NMI pending, or IRQ asserted and
    /// unmasked); returns the cycles run. A core not running runs nothing.
    ///
    /// This is [`Cpu::run`] for a board with more than a cycle budget to stop at (the
    /// next chip event, a PC it must see): `boundary` is asked before each instruction,
    /// with the core as it is then, and may keep state of its own (where the last
    /// instruction began, say). An interrupt entry ends the burst so that the board sees
    /// where it went. The bus accesses, their order and the cycles are those of
    /// [`Cpu::step`] run as many times.
    pub fn run_to<B: Bus, E: Boundary<B>>(&mut self, bus: &mut B, boundary: &mut E) -> u64 {
        let start = self.cycles;
        if self.state != State::Running {
            return 0;
        }
        // In locals, as in `run`.
        let mut cpu = self.clone();
        // Only an IRQ masked by I asserted (no NMI pending): the chained loop runs while
        // the mask holds, as no poll can take it. Only CLI, PLP and RTI can lift it: the
        // chained loop ends after each of them, and while I is clear (the mask still
        // held for one instruction by a CLI or PLP's delay, or lifted) the polling loop
        // runs the instructions one by one.
        let mut at = AtBoundary {
            boundary,
            irq: cpu.lines != 0,
            reached: false,
        };
        loop {
            if cpu.lines & NMI_PENDING != 0
                || (cpu.lines != 0 && (cpu.p & flags::I == 0 || !cpu.irq_masked()))
            {
                // An interrupt due before the next instruction, or soon: poll before it.
                if at.boundary.reached(cpu.pc, cpu.s, cpu.cycles, bus) || cpu.poll_interrupts(bus) {
                    break;
                }
                let op = cpu.fetch(bus);
                cpu.execute(bus, op, &mut Once);
            } else {
                let mut next = at.next(&mut cpu, bus);
                while let Some(op) = next {
                    next = cpu.execute(bus, op, &mut at);
                }
                if at.reached {
                    break;
                }
            }
            if cpu.state != State::Running {
                break;
            }
        }
        *self = cpu;
        self.cycles - start
    }
}

/// Where a [`Cpu::run_to`] burst ends.
pub trait Boundary<B: Bus> {
    /// Whether the burst ends before the instruction at `pc`, on cycle `cycles`, with
    /// the stack pointer `s` (nothing of it fetched yet). Asked once before each
    /// instruction or interrupt entry, so an implementation may note the instruction
    /// about to run.
    ///
    /// The registers a boundary looks at come by value rather than as `&Cpu`, so that
    /// the burst's copy of the core is never lent out: what it holds may stay in host
    /// registers, as in [`Cpu::run`].
    fn reached(&mut self, pc: u16, s: u8, cycles: u64, bus: &mut B) -> bool;
}

/// What [`Cpu::execute`] does after an instruction that leaves the core running.
pub(crate) trait Then<B: Bus> {
    /// The next opcode, fetched, if the run goes on.
    fn next(&mut self, cpu: &mut Cpu, bus: &mut B) -> Option<u8>;

    /// [`Then::next`] after CLI, PLP or RTI, which may lift I's mask off an asserted IRQ.
    #[inline(always)]
    fn after_unmask(&mut self, cpu: &mut Cpu, bus: &mut B) -> Option<u8> {
        self.next(cpu, bus)
    }
}

/// [`Cpu::step`]: one instruction only.
struct Once;

impl<B: Bus> Then<B> for Once {
    #[inline(always)]
    fn next(&mut self, _cpu: &mut Cpu, _bus: &mut B) -> Option<u8> {
        None
    }
}

/// [`Cpu::run`]: until the cycle count reaches `end` or, with `TRAP`, PC reaches `trap`.
struct Until<const TRAP: bool> {
    end: u64,
    trap: u16,
}

impl<B: Bus, const TRAP: bool> Then<B> for Until<TRAP> {
    #[inline(always)]
    fn next(&mut self, cpu: &mut Cpu, bus: &mut B) -> Option<u8> {
        if cpu.cycles < self.end && !(TRAP && cpu.pc == self.trap) {
            Some(cpu.fetch(bus))
        } else {
            None
        }
    }
}

/// [`Cpu::run_to`]'s chained loop: until the boundary, or with an IRQ asserted until an
/// instruction that may lift I's mask.
struct AtBoundary<'a, E> {
    boundary: &'a mut E,
    /// The IRQ input is asserted (masked when the loop began).
    irq: bool,
    /// The boundary said the burst ends.
    reached: bool,
}

impl<B: Bus, E: Boundary<B>> Then<B> for AtBoundary<'_, E> {
    #[inline(always)]
    fn next(&mut self, cpu: &mut Cpu, bus: &mut B) -> Option<u8> {
        if self.boundary.reached(cpu.pc, cpu.s, cpu.cycles, bus) {
            self.reached = true;
            return None;
        }
        Some(cpu.fetch(bus))
    }

    #[inline(always)]
    fn after_unmask(&mut self, cpu: &mut Cpu, bus: &mut B) -> Option<u8> {
        // Back to `run_to`, which polls from here while I is clear; the boundary is
        // asked about the next instruction there.
        if self.irq {
            return None;
        }
        self.next(cpu, bus)
    }
}
