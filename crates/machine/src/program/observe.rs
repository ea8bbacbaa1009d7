//! What the harness watches while a program runs (specs/programs.md, "What the harness
//! observes"): the program's decisions at labels and in memory, the cycles of interrupt
//! handlers and of named spans, and the events that make a lag frame. Addresses here are
//! resolved already; the symbol files that turn labels into them belong to the scene layer.

use std::collections::BTreeMap;
use std::ops::Range;

use super::judging::Overrun;
use super::{BoardEvent, Breakpoints, CpuView, Probe};

/// Where a watch finds the sprite number the program decided about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WatchObject {
    /// A CPU register by its name in the CPU's terms (`X`, `HL`, `D0`).
    Reg(String),
    /// A byte of memory.
    Mem(u32),
    /// Two sprites: a pair the program decided collide.
    Pair(Box<WatchObject>, Box<WatchObject>),
}

/// When a byte of a [`Watch::Memory`] range marks its sprite as hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemoryHit {
    /// The byte equals this value.
    Equals(u8),
    /// The byte is not zero.
    NonZero,
    /// Bit `n` (0-7) of the byte is set.
    BitSet(u8),
}

impl MemoryHit {
    /// Whether `byte` marks a hit.
    #[must_use]
    pub const fn hit(self, byte: u8) -> bool {
        match self {
            Self::Equals(v) => byte == v,
            Self::NonZero => byte != 0,
            Self::BitSet(n) => n < 8 && byte & (1 << n) != 0,
        }
    }
}

/// Which memory a [`Watch::Memory`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    /// The CPU's address space ([`CpuView::peek`]).
    Cpu,
    /// The chip's video memory ([`ProgramBoard::peek_vram`](super::ProgramBoard::peek_vram)).
    Vram,
}

/// One of the program's decisions, as the user names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Watch {
    /// The PC reached `pc`: the program decided `object` was hit.
    OnPc {
        /// The user's name for it (the label).
        name: String,
        /// The address.
        pc: u32,
        /// Where the sprite number is.
        object: WatchObject,
    },
    /// Bytes read at vblank: byte `i` (every `stride` bytes) is sprite `i`'s mark.
    Memory {
        /// The user's name for it.
        name: String,
        /// Which memory.
        space: Space,
        /// First byte.
        at: u32,
        /// How many sprites.
        len: u32,
        /// Bytes from one sprite's mark to the next (1 for a table of bytes, 8 for a
        /// VERA sprite attribute field; 0 for one byte marking all `len` sprites, a
        /// program that keeps a single "collided" flag).
        stride: u32,
        /// When a byte marks a hit.
        hit: MemoryHit,
    },
}

/// A range of memory the trace holds each frame, read at the start of the frame's vblank
/// (with the sprite view), without side effects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dump {
    /// Its name in the trace.
    pub name: String,
    /// Which memory.
    pub space: Space,
    /// First byte.
    pub at: u32,
    /// Bytes.
    pub len: u32,
}

/// Cycles between two PCs, counted each time the first is reached and then the second.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Span {
    /// The user's name for it.
    pub name: String,
    /// Where it starts.
    pub from: u32,
    /// Where it ends.
    pub to: u32,
}

/// Cycles spent in one kind of code during one frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cycles {
    /// Times entered.
    pub count: u32,
    /// Cycles in total (an interrupt handler: from the acknowledge's first cycle to the
    /// cycle after its return; a nested handler's cycles also count in the outer one).
    pub cycles: u64,
    /// The largest single run.
    pub max: u64,
}

impl Cycles {
    fn add(&mut self, cycles: u64) {
        self.count += 1;
        self.cycles += cycles;
        self.max = self.max.max(cycles);
    }
}

/// A decision caught at a label: the watch's index and where the sprite numbers read there
/// are in [`Observer::caught_sprites`] (one list for the call, so a catch allocates nothing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caught {
    /// Index of the watch.
    pub watch: usize,
    /// One sprite, or two for a pair: indices into [`Observer::caught_sprites`].
    pub sprites: Range<usize>,
}

/// An interrupt handler being run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Active {
    /// Which interrupt.
    pub source: &'static str,
    /// Its acknowledge cycle.
    pub cycle: u64,
    /// The interrupted PC.
    pub pc: u32,
    /// The `run_frame` call it was taken in.
    pub call: u32,
}

/// The harness's probe: set up once from the watches and spans, emptied after each
/// [`ProgramBoard::run_frame`](super::ProgramBoard::run_frame) call.
#[derive(Clone, Debug, Default)]
pub struct Observer {
    breakpoints: Breakpoints,
    on_pc: BTreeMap<u32, Vec<usize>>,
    watches: Vec<Watch>,
    spans: Vec<Span>,
    span_open: Vec<Option<u64>>,
    /// The `run_frame` call being run (set by the harness).
    pub call: u32,
    /// Handlers running now, innermost last (kept across calls).
    pub active: Vec<Active>,
    /// Decisions caught at labels in this call.
    pub caught: Vec<Caught>,
    /// The sprite numbers of every decision caught in this call, in order.
    pub caught_sprites: Vec<u32>,
    /// Cycles per interrupt source of the handlers that returned in this call, by source
    /// name (a list kept in order, emptied each call without giving its storage back).
    pub handlers: Vec<(&'static str, Cycles)>,
    /// Cycles per span (by index) in this call.
    pub span_cycles: Vec<Cycles>,
    /// Interrupts taken in this call.
    pub interrupts: u32,
    /// Wait instructions reached in this call.
    pub waits: u32,
    /// The main loop's wait label, for programs that poll instead of a wait instruction.
    wait_pc: Option<u32>,
    /// Times the PC reached the wait label in this call.
    pub wait_label_hits: u32,
    /// Vblanks in this call and whether a handler was running at the first.
    pub vblanks: u32,
    /// A handler was running when the chip began vblank.
    pub busy_at_vblank: bool,
    /// Returns with no interrupt taken (a return the board reported for an interrupt taken
    /// before the observation began).
    pub stray_returns: u32,
    /// A handler still running when the display of this call began: kept open (its cycles
    /// and lines growing) until every handler has returned or the call's vblank.
    pub overrun: Option<Overrun>,
    /// CPU cycles in one line, in 1/256 cycle, from the last display start.
    line_cycles_256: u32,
    /// The PC judging starts from ([`super::JudgeFrom::Pc`]).
    judge_pc: Option<u32>,
    /// Whether the PC reached `judge_pc` in this call.
    pub judge_pc_reached: bool,
}

impl Observer {
    /// An observer for `watches` (only [`Watch::OnPc`] ones set breakpoints) and `spans`.
    #[must_use]
    pub fn new(watches: &[Watch], spans: &[Span], wait_pc: Option<u32>) -> Self {
        let mut o = Self {
            watches: watches.to_vec(),
            spans: spans.to_vec(),
            span_open: vec![None; spans.len()],
            span_cycles: vec![Cycles::default(); spans.len()],
            ..Self::default()
        };
        for (i, w) in watches.iter().enumerate() {
            if let Watch::OnPc { pc, .. } = w {
                o.breakpoints.insert(*pc);
                o.on_pc.entry(*pc).or_default().push(i);
            }
        }
        for s in spans {
            o.breakpoints.insert(s.from);
            o.breakpoints.insert(s.to);
        }
        if let Some(pc) = wait_pc {
            o.breakpoints.insert(pc);
        }
        o.wait_pc = wait_pc;
        o
    }

    /// Also stops at `pc` to tell when judging starts ([`super::JudgeFrom::Pc`]).
    pub fn judge_from_pc(&mut self, pc: u32) {
        self.breakpoints.insert(pc);
        self.judge_pc = Some(pc);
    }

    /// Judging has started: the judging PC no longer matters.
    pub fn judging_started(&mut self) {
        self.judge_pc = None;
    }

    /// Closes an open overrun at `cycle`, when every handler has returned (`returned`) or
    /// at vblank.
    fn close_overrun(&mut self, cycle: u64, returned: bool) {
        let line = self.line_cycles_256;
        if let Some(o) = self.overrun.as_mut()
            && o.lines == 0
        {
            o.cycles = cycle.saturating_sub(o.display_cycle);
            o.to_vblank = !returned;
            o.lines = if returned {
                Overrun::lines_in(o.cycles, line)
            } else {
                // Through the whole display: the lines it has, not one begun after it.
                Overrun::lines_in(o.cycles.saturating_sub(1), line)
            };
        }
    }

    /// Clears what one call observed; running handlers and open spans carry over.
    pub fn next_call(&mut self) {
        self.caught.clear();
        self.caught_sprites.clear();
        self.handlers.clear();
        self.span_cycles
            .iter_mut()
            .for_each(|c| *c = Cycles::default());
        self.interrupts = 0;
        self.waits = 0;
        self.wait_label_hits = 0;
        self.vblanks = 0;
        self.busy_at_vblank = false;
        self.stray_returns = 0;
        self.overrun = None;
        self.judge_pc_reached = false;
    }
}

/// The sprite number(s) `object` names now.
fn read_object(object: &WatchObject, cpu: &dyn CpuView, out: &mut Vec<u32>) {
    match object {
        WatchObject::Reg(name) => {
            if let Some(v) = cpu.register(name) {
                out.push(v);
            }
        }
        WatchObject::Mem(at) => out.push(u32::from(cpu.peek(*at))),
        WatchObject::Pair(a, b) => {
            read_object(a, cpu, out);
            read_object(b, cpu, out);
        }
    }
}

impl Probe for Observer {
    fn breakpoints(&self) -> &Breakpoints {
        &self.breakpoints
    }

    fn on_pc(&mut self, pc: u32, cycle: u64, cpu: &dyn CpuView) {
        if self.wait_pc == Some(pc) {
            self.wait_label_hits += 1;
        }
        if self.judge_pc == Some(pc) {
            self.judge_pc_reached = true;
        }
        // A span ending and another starting at the same PC: close first, then open.
        for (i, s) in self.spans.iter().enumerate() {
            if s.to == pc
                && let Some(start) = self.span_open[i].take()
            {
                self.span_cycles[i].add(cycle - start);
            }
            if s.from == pc && self.span_open[i].is_none() {
                self.span_open[i] = Some(cycle);
            }
        }
        if let Some(watches) = self.on_pc.get(&pc) {
            for &watch in watches {
                if let Watch::OnPc { object, .. } = &self.watches[watch] {
                    let from = self.caught_sprites.len();
                    read_object(object, cpu, &mut self.caught_sprites);
                    self.caught.push(Caught {
                        watch,
                        sprites: from..self.caught_sprites.len(),
                    });
                }
            }
        }
    }

    fn on_event(&mut self, event: BoardEvent) {
        match event {
            BoardEvent::Interrupt { source, cycle, pc } => {
                self.interrupts += 1;
                self.active.push(Active {
                    source,
                    cycle,
                    pc,
                    call: self.call,
                });
            }
            BoardEvent::Return { cycle } => match self.active.pop() {
                // A handler that overran into the next call counts whole in the call it
                // returns in: the budget check sees its full length.
                Some(a) => {
                    let i = match self.handlers.binary_search_by(|(n, _)| n.cmp(&a.source)) {
                        Ok(i) => i,
                        Err(i) => {
                            self.handlers.insert(i, (a.source, Cycles::default()));
                            i
                        }
                    };
                    self.handlers[i].1.add(cycle.saturating_sub(a.cycle));
                    if self.active.is_empty() {
                        self.close_overrun(cycle, true);
                    }
                }
                None => self.stray_returns += 1,
            },
            BoardEvent::Wait { .. } => self.waits += 1,
            BoardEvent::Vblank { cycle } => {
                if self.vblanks == 0 && !self.active.is_empty() {
                    self.busy_at_vblank = true;
                }
                self.close_overrun(cycle, false);
                self.vblanks += 1;
            }
            BoardEvent::DisplayStart {
                cycle,
                line_cycles_256,
            } => {
                self.line_cycles_256 = line_cycles_256;
                // The outermost handler still running: nested ones return inside it.
                if self.overrun.is_none()
                    && let Some(outer) = self.active.first()
                {
                    self.overrun = Some(Overrun {
                        handler: outer.source,
                        display_cycle: cycle,
                        cycles: 0,
                        lines: 0,
                        to_vblank: false,
                    });
                }
            }
        }
    }
}
