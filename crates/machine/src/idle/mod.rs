//! Idle skipping: a loop that only waits is fast-forwarded by whole iterations to the
//! next point where what it reads can change, with exactly the cycles, the CPU state and
//! the side effects stepping it would have had.
//!
//! # How a loop is recognised
//! From its own execution, never from a list of programs. When a backward branch lands
//! on an address `head` (the CPU's PC went down by at most [`MAX_BODY_BYTES`]), the
//! board starts a recording there: a copy of the CPU, its clock, and from then on each
//! instruction runs on a watching bus ([`ReadLog`]) that notes every read (opcode
//! fetches included) and spoils the recording on anything else: a write that changes
//! memory, a port or chip access, a read with an effect. A write of the value memory
//! already holds (a subroutine call's return address pushed where the last turn pushed
//! it, a bank register set to the bank it holds) changes nothing and is noted as a read
//! of that value ([`ReadLog::write_same`]): the iteration never changes memory, so each
//! of its reads sees what memory held at the head. When a backward branch lands on `head` again
//! the recording is a loop that only waits if the CPU is in the very state it started
//! in but for its clock ([`LoopCpu::repeats`]; on the Z80 also R, which must have
//! counted exactly the M1 cycles seen). The iteration is then a pure function of the
//! CPU's state and the bytes it read; changing no memory of its own, it runs again the same
//! way, reading the same bytes, for as long as nobody else writes them and no
//! interrupt is taken. Every instruction between two arrivals at `head` ran (a branch
//! inside the body is followed as the CPU took it, a backward one too: a subroutine's
//! return to just before it, an inner loop's turns), so a loop with a conditional exit
//! repeats until its condition changes, which needs one of the reads to change.
//!
//! The confirmed loop is kept ([`Loop`]) with its reads; at a later arrival at `head`
//! with the same CPU state and every read byte still what it was (the board peeks them
//! without side effects: a write by the CPU, an interrupt handler, another CPU or a DMA
//! since then shows there) it is skipped again without a new recording. Code rewritten
//! in RAM shows the same way: its fetches are among the reads.
//!
//! The X16 board goes further for cc65's code, whose calls push on a C stack in RAM and
//! pop again: a turn may write RAM that holds at the turn's end what it held at its
//! start, and an I/O access that changes nothing (the open bus, a VIA output register
//! written with what it holds) counts as a read (`x16::idle`).
//!
//! # Where it stops
//! The board knows when anything outside the CPU can change what the loop reads: its
//! line events (interrupt requests, the other CPU's turn, a DMA's progress) happen
//! between the calls that run the CPU to a cycle `until`. Within one such call nothing
//! but the CPU writes memory, so the board skips `(until - now) / period` whole
//! iterations and steps the rest, exactly as stepping would reach `until`.
//!
//! A loop that is not idle (a counter, a copy) fails its recording; each failure at a
//! head doubles the arrivals there that start no recording (up to [`MAX_COOLDOWN`]), so
//! busy loops cost a recorded iteration now and then.
//!
//! # Loops that only count
//! A delay loop (`dex / bne`, `dbra d0,*`, `addq.w #1,d7 / bra.s`) changes a register
//! every turn, so it never repeats a state. The Genesis and X16 boards recognise the few
//! such loops whose turns are a fixed change to registers, from their opcodes (ADDQ,
//! SUBQ, BRA, DBRA on the 68000: `genesis::idle::Counting`; DEX, DEY, INX, INY, BNE on
//! the 65C02: `x16::idle::Counting`), and move them on by whole turns to the same `until`,
//! stopping before the turn that falls through and stepping the last turn, whose
//! instructions set the flags as stepping would.
//!
//! # Turning it off
//! [`IdleSkip::set_enabled`] per board, or for every board a process starts, the
//! environment variable `HITLAB_IDLE_SKIP=off` (also `0` or `false`): every instruction
//! is then stepped. The outcome is the same either way; only the time taken differs.

mod cpus;

/// The largest backward branch (in bytes of code) that starts a recording.
pub const MAX_BODY_BYTES: u32 = 64;
/// Instructions a recorded iteration may take before it is given up.
const MAX_STEPS: u32 = 128;
/// Reads a recorded iteration may make (opcode fetches included).
const MAX_READS: usize = 256;
/// The most arrivals at a failed head that start no recording.
pub const MAX_COOLDOWN: u32 = 1024;
/// Heads whose failures are remembered (direct-mapped by address): enough for the busy
/// loops of a frame's interrupt handler and game code to sit apart (two heads sharing a
/// slot reset each other's failures and record a turn every other arrival).
const COOL_SLOTS: usize = 64;

/// Whether skipping is on for boards created from now on: the environment's
/// `HITLAB_IDLE_SKIP` (off for `off`, `0`, `false`), on when unset.
#[must_use]
pub fn enabled_by_env() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| {
        !matches!(
            std::env::var("HITLAB_IDLE_SKIP").as_deref().map(str::trim),
            Ok("off" | "0" | "false" | "OFF" | "no")
        )
    })
}

/// A CPU whose loops can be skipped: its clock, its state compared but for the clock,
/// and the clock (and what counts with it) moved on by whole iterations.
pub trait LoopCpu: Clone {
    /// The clock, in the CPU's cycles.
    fn clock(&self) -> u64;
    /// Whether `self`, arriving at a loop's head again, is `then` (the state the
    /// iteration began in) but for the clock, an iteration of `m1` M1 cycles (the Z80's;
    /// 0 for the others) having passed.
    fn repeats(&self, then: &Self, m1: u32) -> bool;
    /// Whether `self` at a loop's head is `then` but for the clock and what counts with
    /// it (the Z80's R).
    fn same_at_head(&self, then: &Self) -> bool;
    /// Moves the clock on by `iterations` of `period` cycles and `m1` M1 cycles each.
    fn skip(&mut self, iterations: u64, period: u64, m1: u32);
}

/// One read an iteration made: its address, the value read and whether a word was read
/// (the 68000's word accesses; bytes elsewhere).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Read {
    /// The address read.
    pub addr: u32,
    /// The byte or word read.
    pub value: u16,
    /// A 16-bit read.
    pub word: bool,
}

/// What the watching bus saw during a recorded iteration.
#[derive(Clone, Debug)]
pub struct ReadLog {
    reads: [Read; MAX_READS],
    len: u16,
    spoiled: bool,
    m1: u32,
    /// The lowest and highest address an instruction of the iteration started at.
    pcs: Option<(u32, u32)>,
}

impl Default for ReadLog {
    fn default() -> Self {
        Self {
            reads: [Read::default(); MAX_READS],
            len: 0,
            spoiled: false,
            m1: 0,
            pcs: None,
        }
    }
}

impl ReadLog {
    /// Notes a read without side effects.
    #[inline]
    pub fn read(&mut self, addr: u32, value: u16, word: bool) {
        match self.reads.get_mut(usize::from(self.len)) {
            Some(r) => {
                *r = Read { addr, value, word };
                self.len += 1;
            }
            None => self.spoiled = true,
        }
    }

    /// Notes a write to plain memory of `new` where `old` was: one that leaves the byte
    /// or word as it was (a push of the return address the last turn pushed, a bank
    /// register set to the bank it holds) changes nothing, so the iteration stays a pure
    /// function of what it read; it is then kept as a read, so a later arrival checks
    /// that memory still holds the value (else the write would change it). Any other
    /// write spoils the recording.
    #[inline]
    pub fn write_same(&mut self, addr: u32, old: u16, new: u16, word: bool) {
        if old == new {
            self.read(addr, new, word);
        } else {
            self.spoiled = true;
        }
    }

    /// Empties the log for a new recording. The reads' storage is left as it is: only the
    /// first `len` count, and rewriting the whole array for every turn recorded would cost
    /// more than the turn.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
        self.spoiled = false;
        self.m1 = 0;
        self.pcs = None;
    }

    /// Notes an access the loop may not make (a write that changes memory, a port, a
    /// read with an effect).
    #[inline]
    pub fn spoil(&mut self) {
        self.spoiled = true;
    }

    /// Notes that an instruction of the iteration starts at `pc`.
    #[inline]
    pub fn at(&mut self, pc: u32) {
        self.pcs = Some(match self.pcs {
            Some((lo, hi)) => (lo.min(pc), hi.max(pc)),
            None => (pc, pc),
        });
    }

    /// Notes an M1 cycle (the Z80's).
    #[inline]
    pub fn m1(&mut self) {
        self.m1 += 1;
    }

    /// The reads so far.
    #[must_use]
    pub fn reads(&self) -> &[Read] {
        &self.reads[..usize::from(self.len)]
    }

    /// Whether the recording was spoiled.
    #[must_use]
    pub fn spoiled(&self) -> bool {
        self.spoiled
    }
}

/// A recording: from `head` with the CPU as it was there. Its storage outlives it (see
/// [`IdleSkip`]): `on` alone says whether it is under way.
#[derive(Clone, Debug)]
struct Recording<C> {
    on: bool,
    head: u32,
    state: C,
    steps: u32,
    log: ReadLog,
}

/// A confirmed loop: its head, the CPU at the head, an iteration's cycles and M1 cycles,
/// and the reads it makes.
#[derive(Clone, Debug)]
struct Loop<C> {
    head: u32,
    state: C,
    period: u64,
    log: ReadLog,
}

/// A head whose recordings failed: arrivals there still to pass over, and how many
/// failures in a row.
#[derive(Clone, Copy, Debug, Default)]
struct Cool {
    head: u32,
    wait: u32,
    fails: u8,
}

/// The heads whose recordings failed, `SLOTS` of them direct-mapped by address: each
/// failure in a row at a head doubles the arrivals there that start no recording (up to
/// [`MAX_COOLDOWN`]), so a busy loop costs a recorded turn now and then; a confirmed loop
/// clears its head. Shared by [`IdleSkip`] and the MSX board's counting loops.
#[derive(Clone, Copy, Debug)]
pub struct Cooldown<const SLOTS: usize> {
    cool: [Cool; SLOTS],
}

impl<const SLOTS: usize> Default for Cooldown<SLOTS> {
    fn default() -> Self {
        Self {
            cool: [Cool::default(); SLOTS],
        }
    }
}

impl<const SLOTS: usize> Cooldown<SLOTS> {
    #[inline]
    fn slot(head: u32) -> usize {
        // Code is at least byte-aligned and loops sit apart: the low bits spread them.
        (head as usize ^ (head >> 4) as usize) % SLOTS
    }

    /// Whether an arrival at `head` may start a recording; if not, the arrival is counted
    /// off its wait.
    #[inline]
    pub fn cooled(&mut self, head: u32) -> bool {
        let c = &mut self.cool[Self::slot(head)];
        if c.head == head && c.wait > 0 {
            c.wait -= 1;
            false
        } else {
            true
        }
    }

    /// Whether arrivals at `head` are waiting (the next [`Cooldown::cooled`] there would
    /// count one off and say no), without counting it.
    #[inline]
    #[must_use]
    pub fn waiting(&self, head: u32) -> bool {
        let c = &self.cool[Self::slot(head)];
        c.head == head && c.wait > 0
    }

    /// A recording from `head` failed: its wait doubles.
    pub fn fail(&mut self, head: u32) {
        let c = &mut self.cool[Self::slot(head)];
        if c.head != head {
            *c = Cool {
                head,
                ..Cool::default()
            };
        }
        c.fails = c.fails.saturating_add(1);
        c.wait = (1u32 << c.fails.min(31)).min(MAX_COOLDOWN);
    }

    /// A loop was confirmed at `head`: its failures are forgotten.
    pub fn forgive(&mut self, head: u32) {
        let c = &mut self.cool[Self::slot(head)];
        if c.head == head {
            *c = Cool::default();
        }
    }
}

/// Iterations to skip and the cycles they take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skip {
    /// Cycles of one iteration.
    pub period: u64,
    /// M1 cycles of one iteration (the Z80's; 0 elsewhere).
    pub m1: u32,
    /// The lowest and highest address an instruction of the iteration starts at: a
    /// breakpoint between them may be one the loop reaches, and the probe is to be told
    /// of every arrival there, so the board steps such a loop.
    pub pcs: (u32, u32),
}

impl Skip {
    /// Whether a breakpoint lies where the loop's instructions start (see
    /// [`Skip::pcs`]); the whole span counts, a call into ROM included.
    #[must_use]
    pub fn meets(&self, breakpoints: &crate::program::Breakpoints) -> bool {
        let (lo, hi) = self.pcs;
        breakpoints.any_between(lo, hi)
    }
}

/// A board's idle-loop detector for a CPU of type `C` (see the module docs).
#[derive(Clone, Debug)]
pub struct IdleSkip<C> {
    enabled: bool,
    skipped: u64,
    // Held in place, not boxed: a recording starts many times a frame in busy code, and
    // a frame's work allocates nothing. Once made it stays, reset for each new turn
    // (its `on` alone tells whether one is under way): its read log is kilobytes, which
    // moving in and out of an `Option` for every turn copied.
    recording: Option<Recording<C>>,
    confirmed: Option<Loop<C>>,
    cool: Cooldown<COOL_SLOTS>,
}

impl<C> Default for IdleSkip<C> {
    fn default() -> Self {
        Self {
            enabled: enabled_by_env(),
            skipped: 0,
            recording: None,
            confirmed: None,
            cool: Cooldown::default(),
        }
    }
}

/// Whether the CPU went from `from` to `to` by a branch back of at most
/// [`MAX_BODY_BYTES`] (or to itself).
#[inline]
#[must_use]
pub fn backward(from: u32, to: u32) -> bool {
    from.wrapping_sub(to) <= MAX_BODY_BYTES
}

impl<C: LoopCpu> IdleSkip<C> {
    /// Whether skipping is on.
    #[must_use]
    #[inline]
    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// The CPU cycles fast-forwarded so far (see [`IdleSkip::skipped_cycles`]).
    #[must_use]
    pub fn skipped_cycles(&self) -> u64 {
        self.skipped
    }

    /// Counts cycles the board fast-forwarded.
    #[inline]
    pub fn count(&mut self, cycles: u64) {
        self.skipped += cycles;
    }

    /// Turns skipping on or off (off: every instruction is stepped).
    pub fn set_enabled(&mut self, on: bool) {
        self.enabled = on;
        self.stop_recording();
        self.confirmed = None;
    }

    /// Ends the recording under way, if any, keeping its storage.
    #[inline]
    fn stop_recording(&mut self) {
        if let Some(rec) = self.recording.as_mut() {
            rec.on = false;
        }
    }

    /// Whether an iteration is being recorded: the next step is to run on the watching
    /// bus with [`IdleSkip::log`].
    #[must_use]
    #[inline]
    pub fn recording(&self) -> bool {
        self.under_way().is_some()
    }

    /// The recording under way, if one is.
    #[inline]
    fn under_way(&self) -> Option<&Recording<C>> {
        self.recording.as_ref().filter(|r| r.on)
    }

    /// Where the recording under way started, if one is.
    #[must_use]
    #[inline]
    pub fn recording_head(&self) -> Option<u32> {
        self.under_way().map(|r| r.head)
    }

    /// The log of the recording under way.
    ///
    /// # Panics
    /// Without a recording (check [`IdleSkip::recording`] first).
    #[inline]
    pub fn log(&mut self) -> &mut ReadLog {
        let rec = self.recording.as_mut().filter(|r| r.on);
        &mut rec.expect("a recording under way").log
    }

    /// Gives up the recording under way (the CPU left the path where loops are
    /// recorded: an exception, a chip access), counting it as a failure.
    #[inline]
    pub fn abort(&mut self) {
        if let Some(rec) = self.recording.as_mut().filter(|r| r.on) {
            rec.on = false;
            self.cool.fail(rec.head);
        }
    }

    /// After a step that ran on the watching bus without arriving at a head: gives the
    /// recording up if it was spoiled or ran too long.
    #[inline]
    pub fn recorded_step(&mut self) {
        if let Some(rec) = self.recording.as_mut().filter(|r| r.on) {
            rec.steps += 1;
            if rec.log.spoiled || rec.steps > MAX_STEPS {
                self.abort();
            }
        }
    }

    /// The CPU has just arrived at `head` by a backward branch (see [`backward`]);
    /// `still` tells whether memory still holds a read (peeked without side effects).
    /// Returns the loop to skip when `head` starts one that only waits; else may start a
    /// recording there.
    #[inline]
    pub fn at_head(&mut self, head: u32, cpu: &C, still: impl Fn(&Read) -> bool) -> Option<Skip> {
        // The common case in busy code: a counting loop's head, cooling down.
        if !self.recording() && !self.cool.cooled(head) {
            return None;
        }
        self.arrive(head, cpu, still)
    }

    /// Whether [`IdleSkip::at_head`] at `head` would only count an arrival off its wait
    /// (no recording under way, the head cooling down); [`IdleSkip::pass`] counts it.
    #[inline]
    #[must_use]
    pub fn passes(&self, head: u32) -> bool {
        !self.recording() && self.cool.waiting(head)
    }

    /// [`IdleSkip::at_head`] at a head that [`IdleSkip::passes`]: the arrival is counted
    /// off the head's wait, as there.
    #[inline]
    pub fn pass(&mut self, head: u32) {
        let cooled = self.cool.cooled(head);
        debug_assert!(!cooled, "a head that passes is cooling down");
    }

    /// [`IdleSkip::at_head`] past a head cooling down.
    fn arrive(&mut self, head: u32, cpu: &C, still: impl Fn(&Read) -> bool) -> Option<Skip> {
        if let Some(l) = self.confirmed.as_ref()
            && l.head == head
            && cpu.same_at_head(&l.state)
            && l.log.reads().iter().all(&still)
        {
            let skip = Skip {
                period: l.period,
                m1: l.log.m1,
                pcs: l.log.pcs.unwrap_or((head, head)),
            };
            // A recording under way would count the skipped time in its iteration.
            self.stop_recording();
            return Some(skip);
        }
        if let Some(rec) = self.under_way()
            && rec.head != head
        {
            // A backward branch inside the iteration (a subroutine's return to just
            // before it, an inner loop): the recording goes on.
            self.recorded_step();
            return None;
        }
        if let Some(rec) = self.under_way() {
            let period = cpu.clock().saturating_sub(rec.state.clock());
            let repeats = rec.head == head
                && !rec.log.spoiled
                && period > 0
                && cpu.repeats(&rec.state, rec.log.m1);
            let (failed, m1, pcs) = (rec.head, rec.log.m1, rec.log.pcs);
            self.stop_recording();
            if repeats {
                self.cool.forgive(head);
                // The confirmed loop takes the recording's storage; the old loop's is
                // reused by the next recording.
                let Recording { state, log, .. } =
                    self.recording.take().expect("the recording under way");
                let old = self.confirmed.replace(Loop {
                    head,
                    state,
                    period,
                    log,
                });
                self.recording = old.map(|l| Recording {
                    on: false,
                    head: l.head,
                    state: l.state,
                    steps: 0,
                    log: l.log,
                });
                return Some(Skip {
                    period,
                    m1,
                    pcs: pcs.unwrap_or((head, head)),
                });
            }
            self.cool.fail(failed);
        }
        if self.cool.cooled(head) {
            match self.recording.as_mut() {
                Some(rec) => {
                    rec.on = true;
                    rec.head = head;
                    rec.state.clone_from(cpu);
                    rec.steps = 0;
                    rec.log.clear();
                }
                None => {
                    self.recording = Some(Recording {
                        on: true,
                        head,
                        state: cpu.clone(),
                        steps: 0,
                        log: ReadLog::default(),
                    });
                }
            }
        }
        None
    }
}

/// How many whole iterations of `period` cycles fit from `now` to `until`.
#[inline]
#[must_use]
pub fn iterations(now: u64, until: u64, period: u64) -> u64 {
    until.saturating_sub(now) / period
}

#[cfg(test)]
mod tests;
