//! Loops that wait while they count, skipped in closed form: the shapes the generic idle
//! detector ([`crate::idle`]) cannot take because the CPU's state differs on every turn.
//!
//! - **Counting polls**: a loop that polls S#0 or memory and counts its turns in a
//!   register pair (`in a,(99h) / inc de / ... / jr z,poll`). The pairs that change are
//!   touched by nothing in the loop but their own `INC`/`DEC`, so no branch, address or
//!   other register depends on them: every turn runs the same path, and `k` turns add `k`
//!   times the change of one.
//! - **Count-downs**: a delay with no memory writes and no I/O that counts a register to
//!   zero: `DJNZ`, `DEC r / JR NZ` (or `JP NZ`), `DEC rr / LD A,hi / OR lo / JR NZ`. The
//!   turns before the one that reaches zero take the branch; after `k` of them the counter
//!   is `k` less. A and F (the count-down's scratch, written before they are read in every
//!   turn) are left as an earlier turn set them, and the turn after a skip is always
//!   stepped, so they are exact again before anything can see them: before the loop ends
//!   and before the frame ends (the harness reads registers only there).
//!
//! # How a loop is recognised
//! From its code and one recorded turn, never from a list of programs: the board records
//! one turn from a backward branch's target (`head`) to the next arrival there, on the
//! watching bus of [`super::idle`] (memory reads and quiet reads of S#0 noted, anything
//! else spoils the recording), with the address and start time of every instruction.
//! Each instruction of the path is decoded to the registers it touches (a table of the
//! unprefixed and CB opcodes the shapes above use; any other instruction touches
//! everything). The turn is a loop when the CPU is back in its state but for the clock, R
//! (which must have counted exactly the turn's M1 cycles, Zilog Z80 CPU User Manual,
//! "Memory Refresh Register") and the registers of the shape.
//!
//! # How far a skip goes
//! On this board nothing but the CPU writes memory, and /INT changes only when the frame
//! ends (F, [`tms9918::Vdp::end_frame`]) or the CPU reads S#0. S#0 changes only at the
//! chip's line steps. So a loop that reads only memory runs the same way to the frame's
//! end, across the line steps (which do not look at the CPU); a poll of S#0 runs the same
//! way as long as every skipped read comes before the next line step: a skip may end
//! after that step (a turn whose `IN` started before it), and at the next call the board
//! checks S#0 again before it skips on. A skip never passes the frame's end: there the
//! remaining instructions are stepped, so the frame ends on the same instruction as
//! stepping.
//!
//! # Beside the generic detector
//! The board runs both: at a backward branch this one is asked first, and while it records
//! a turn the generic one ([`crate::idle::IdleSkip`]) records none. A loop only the generic
//! one takes (a turn longer than 16 instructions, an inner loop, an IX/IY or ED
//! instruction) fails here once; this detector's cooldown then passes the next 2, 4, ...
//! arrivals at that head to the generic one, which records and skips it. One recording
//! for both would save little: sampled on release `hitlab compare` runs of 3,600
//! frames, the two detectors' own work (arrivals, resumes, recorded steps)
//! is 3-5% of the user time of fifth, mover and hunt_edge, the generic one's part of it
//! 0.1% or less; on s0poll, whose poll is skipped a few turns at a time between the chip's
//! line steps, 18%, nearly all of it this detector's resumes, which one recording would
//! not remove.

use cpu_z80::Cpu;

use crate::idle::{Cooldown, MAX_BODY_BYTES, ReadLog};

/// Instructions a recorded turn may take.
const MAX_PATH: usize = 16;
/// Heads whose failures are remembered. A BIOS's interrupt handler and a game's frame
/// hook pass many busy loops' heads every frame: two heads sharing a slot reset each
/// other's failures, and each then records a turn every other arrival, so the table is
/// large enough for a frame's loops to sit apart.
const COOL_SLOTS: usize = 64;

/// Register bits of [`touches`].
const A: u16 = 1;
const F: u16 = 1 << 1;
const B: u16 = 1 << 2;
const C: u16 = 1 << 3;
const D: u16 = 1 << 4;
const E: u16 = 1 << 5;
const H: u16 = 1 << 6;
const L: u16 = 1 << 7;
const SP: u16 = 1 << 8;
/// An instruction outside the table: it may touch anything.
const ALL: u16 = u16::MAX;

/// The 3-bit register field (B, C, D, E, H, L, (HL), A) as register bits.
const REG: [u16; 8] = [B, C, D, E, H, L, H | L, A];
/// The 2-bit pair field (BC, DE, HL, SP) as register bits.
const PAIR: [u16; 4] = [B | C, D | E, H | L, SP];

/// What an instruction is to the shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Other,
    IncPair(u8),
    DecPair(u8),
    DecReg(Reg8),
    Djnz,
    /// `JR NZ` or `JP NZ`.
    BranchNz,
    /// `LD A,r` (r a register, not (HL) or A).
    LdA(u8),
    /// `OR r` (r a register, not (HL) or A).
    Or(u8),
    /// `IN A,(n)`.
    In,
}

/// The registers an instruction (its first bytes in `code`) reads or writes, and its kind.
/// Writes to memory and port writes never get here: they spoil the recording.
fn decode(code: [u8; 2]) -> (u16, Kind) {
    let [op, next] = code;
    let r = (op >> 3) & 7;
    let p = (op >> 4) & 3;
    match op {
        0x00 | 0x18 | 0xC3 => (0, Kind::Other),
        0x01 | 0x11 | 0x21 | 0x31 => (PAIR[p as usize], Kind::Other),
        0x03 | 0x13 | 0x23 | 0x33 => (PAIR[p as usize], Kind::IncPair(p)),
        0x0B | 0x1B | 0x2B | 0x3B => (PAIR[p as usize], Kind::DecPair(p)),
        // INC r: the carry is kept, so F is read as well.
        _ if op & 0xC7 == 0x04 && r != 6 => (REG[r as usize] | F, Kind::Other),
        _ if op & 0xC7 == 0x05 && r != 6 => (
            REG[r as usize] | F,
            Reg8::new(r).map_or(Kind::Other, Kind::DecReg),
        ),
        _ if op & 0xC7 == 0x06 && r != 6 => (REG[r as usize], Kind::Other),
        0x07 | 0x0F | 0x17 | 0x1F | 0x27 | 0x2F => (A | F, Kind::Other),
        0x0A | 0x1A => (A | PAIR[p as usize], Kind::Other),
        0x10 => (B, Kind::Djnz),
        0x20 => (F, Kind::BranchNz),
        0x28 | 0x30 | 0x38 => (F, Kind::Other),
        0x3A => (A, Kind::Other),
        // IN A,(n): A is the port's high byte (MEMPTR takes it), then the value read.
        0xDB => (A, Kind::In),
        0x76 => (ALL, Kind::Other),
        0x40..=0x7F => {
            let src = op & 7;
            let bits = REG[r as usize] | REG[src as usize];
            if r == 7 && src < 6 {
                (bits, Kind::LdA(src))
            } else {
                (bits, Kind::Other)
            }
        }
        0x80..=0xBF => {
            let src = op & 7;
            let bits = A | F | REG[src as usize];
            if r == 6 && src < 6 {
                (bits, Kind::Or(src))
            } else {
                (bits, Kind::Other)
            }
        }
        0xC2 => (F, Kind::BranchNz),
        _ if op & 0xC7 == 0xC2 => (F, Kind::Other),
        _ if op & 0xC7 == 0xC6 => (A | F, Kind::Other),
        // CB page: rotates, BIT, RES, SET on a register or (HL); F counted for all.
        0xCB => (REG[usize::from(next & 7)] | F, Kind::Other),
        _ => (ALL, Kind::Other),
    }
}

/// An 8-bit register by the 3-bit field the opcodes name it with (0 B, 1 C, 2 D, 3 E,
/// 4 H, 5 L, 7 A; Zilog Z80 CPU User Manual, "r"). Field 6 names the memory operand
/// (HL), which no count-down here counts in (`DEC (HL)` writes memory, which spoils a
/// recording): it makes no `Reg8`, so a counter is always a register to read and move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Reg8(u8);

impl Reg8 {
    /// B, `DJNZ`'s counter.
    const B: Self = Self(0);

    /// The register `field` names; `None` for 6, (HL), and for fields past 7.
    pub(super) const fn new(field: u8) -> Option<Self> {
        if field < 8 && field != 6 {
            Some(Self(field))
        } else {
            None
        }
    }

    /// Its value in `cpu`.
    pub(super) fn get(self, cpu: &Cpu) -> u8 {
        match self.0 {
            0 => cpu.b,
            1 => cpu.c,
            2 => cpu.d,
            3 => cpu.e,
            4 => cpu.h,
            5 => cpu.l,
            _ => cpu.a,
        }
    }

    /// Sets it in `cpu`.
    pub(super) fn set(self, cpu: &mut Cpu, v: u8) {
        let r = match self.0 {
            0 => &mut cpu.b,
            1 => &mut cpu.c,
            2 => &mut cpu.d,
            3 => &mut cpu.e,
            4 => &mut cpu.h,
            5 => &mut cpu.l,
            _ => &mut cpu.a,
        };
        *r = v;
    }

    /// Its bit in the register masks of [`decode`].
    const fn bits(self) -> u16 {
        REG[self.0 as usize]
    }
}

/// A count-down's counter: an 8-bit register, or a pair by its field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Counter {
    Reg(Reg8),
    Pair(u8),
}

/// The shape of a confirmed loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shape {
    /// Pairs (by field) that change by a constant each turn and nothing else reads.
    Counts { pairs: [(u8, u16); 3], n: u8 },
    /// A count-down to zero that ends the loop.
    CountDown(Counter),
}

/// One turn under way, or none (`on` clear). Held in place and reset for each turn, not
/// made anew: a recording starts many times a frame in busy code, and its read log is
/// larger than the rest of the board's state.
#[derive(Clone, Debug, Default)]
struct Recording {
    on: bool,
    head: u16,
    state: Cpu,
    /// Each instruction's address and start, in T-states from the head.
    path: [(u16, u32); MAX_PATH],
    len: usize,
    log: ReadLog,
}

/// A confirmed loop.
#[derive(Clone, Debug)]
struct Known {
    head: u16,
    state: Cpu,
    period: u64,
    m1: u32,
    shape: Shape,
    /// Registers not compared at the head (see [`same_except`]).
    ignore: u16,
    /// The start of the turn's last read of S#0, in T-states from the head, if it reads it.
    status_at: Option<u64>,
    /// The lowest and highest instruction address of the turn.
    pcs: (u16, u16),
    log: ReadLog,
}

/// A skip: the loop's turns to pass and how the CPU changes.
#[derive(Clone, Copy, Debug)]
pub(super) struct Turns {
    pub turns: u64,
    pub period: u64,
    pub m1: u32,
    shape: Shape,
}

impl Turns {
    /// Moves `cpu` on by the turns: the clock and R as [`crate::idle::LoopCpu::skip`],
    /// the counting pairs, or the counter.
    pub fn apply(&self, cpu: &mut Cpu) {
        crate::idle::LoopCpu::skip(cpu, self.turns, self.period, self.m1);
        let k = self.turns;
        match self.shape {
            Shape::Counts { pairs, n } => {
                for &(p, delta) in &pairs[..usize::from(n)] {
                    let step = (u64::from(delta) * k) as u16;
                    cpu.set_pair_field(p, cpu.pair_field(p).wrapping_add(step));
                }
            }
            Shape::CountDown(Counter::Reg(r)) => r.set(cpu, r.get(cpu).wrapping_sub(k as u8)),
            Shape::CountDown(Counter::Pair(p)) => {
                cpu.set_pair_field(p, cpu.pair_field(p).wrapping_sub(k as u16));
            }
        }
    }
}

/// The board's detector of counting loops (see the module docs).
#[derive(Clone, Debug, Default)]
pub(super) struct CountedLoops {
    recording: Recording,
    known: Option<Known>,
    /// Heads whose recordings failed ([`Cooldown`]).
    cool: Cooldown<COOL_SLOTS>,
}

/// Whether `now` is `then` but for the clock, R, the `ignore` registers and, with
/// `ignore_q`, the flags' copy Q keeps from the instruction before (read only by `SCF` and
/// `CCF`, which no loop here has; exact again after a stepped turn).
///
/// Asked at every arrival at a known loop's head and at every run's start (a poll of S#0
/// resumes at each of the chip's line steps): the registers are compared in place, the
/// ones a count may differ in under their mask, with no copy of the CPU. In builds with
/// debug assertions the answer is checked against the whole CPU's comparison
/// ([`same_except_by_copy`]), which a register added to the core could not escape.
#[inline]
fn same_except(now: &Cpu, then: &Cpu, ignore: u16, ignore_q: bool) -> bool {
    let reg = |bit: u16, x: u8, y: u8| ignore & bit != 0 || x == y;
    let same = reg(A, now.a, then.a)
        && reg(F, now.f, then.f)
        && reg(B, now.b, then.b)
        && reg(C, now.c, then.c)
        && reg(D, now.d, then.d)
        && reg(E, now.e, then.e)
        && reg(H, now.h, then.h)
        && reg(L, now.l, then.l)
        && (ignore & SP != 0 || now.sp == then.sp)
        && now.pc == then.pc
        && now.ix == then.ix
        && now.iy == then.iy
        && now.af_ == then.af_
        && now.bc_ == then.bc_
        && now.de_ == then.de_
        && now.hl_ == then.hl_
        && now.wz == then.wz
        && now.q == then.q
        && (ignore_q || now.q_before() == then.q_before())
        && now.i == then.i
        && now.iff1 == then.iff1
        && now.iff2 == then.iff2
        && now.im == then.im
        && now.halted == then.halted
        && now.ei == then.ei
        && now.p == then.p
        && now.int_line == then.int_line
        && now.nmi_pending == then.nmi_pending;
    #[cfg(debug_assertions)]
    debug_assert_eq!(same, same_except_by_copy(now, then, ignore, ignore_q));
    same
}

/// [`same_except`] on a copy of the whole CPU, the ignored parts set to `then`'s.
#[cfg(debug_assertions)]
fn same_except_by_copy(now: &Cpu, then: &Cpu, ignore: u16, ignore_q: bool) -> bool {
    let mut a = now.clone();
    a.t = then.t;
    a.r = then.r;
    if ignore_q {
        a.set_q_before(then.q_before());
    }
    if ignore & A != 0 {
        a.a = then.a;
    }
    if ignore & F != 0 {
        a.f = then.f;
    }
    for (bit, r) in [(B, 0), (C, 1), (D, 2), (E, 3), (H, 4), (L, 5)] {
        if ignore & bit != 0
            && let Some(v) = then.reg_field(r)
        {
            a.set_reg_field(r, v);
        }
    }
    if ignore & SP != 0 {
        a.sp = then.sp;
    }
    a == *then
}

/// The turn `rec` recorded, now back at its head in `cpu`, as a loop, if it is one; `peek`
/// reads code without side effects.
fn analyse(rec: &Recording, cpu: &Cpu, peek: impl Fn(u16) -> u8) -> Option<Known> {
    let then = &rec.state;
    let period = cpu.t.checked_sub(then.t).filter(|&p| p > 0)?;
    if rec.log.spoiled() || rec.len == 0 || cpu.r & 0x80 != then.r & 0x80 {
        return None;
    }
    let m1 = u32::from(cpu.r.wrapping_sub(then.r) & 0x7F);
    let path = &rec.path[..rec.len];
    let mut insns = [(0u16, Kind::Other); MAX_PATH];
    for (slot, &(pc, _)) in insns.iter_mut().zip(path) {
        *slot = decode([peek(pc), peek(pc.wrapping_add(1))]);
    }
    let insns = &insns[..rec.len];
    // Every instruction but the prefix CB is one M1 cycle: R counted exactly those.
    let m1_seen = insns.len() + path.iter().filter(|&&(pc, _)| peek(pc) == 0xCB).count();
    if m1 as usize != m1_seen {
        return None;
    }
    let status_at = path
        .iter()
        .zip(insns)
        .rev()
        .find(|(_, i)| i.1 == Kind::In)
        .map(|(&(_, t), _)| u64::from(t));
    let pcs = path
        .iter()
        .fold((u16::MAX, 0), |(lo, hi), &(pc, _)| (lo.min(pc), hi.max(pc)));
    if u32::from(pcs.1.wrapping_sub(pcs.0)) > MAX_BODY_BYTES * 4 {
        return None;
    }
    let (shape, ignore) = match count_down(insns) {
        Some((counter, ignore)) => {
            let (now, was) = match counter {
                Counter::Reg(r) => (u16::from(r.get(cpu)), u16::from(r.get(then))),
                Counter::Pair(p) => (cpu.pair_field(p), then.pair_field(p)),
            };
            let width_mask = if matches!(counter, Counter::Reg(_)) {
                0xFF
            } else {
                0xFFFF
            };
            if status_at.is_some()
                || now != was.wrapping_sub(1) & width_mask
                || !same_except(cpu, then, ignore, true)
            {
                return None;
            }
            (Shape::CountDown(counter), ignore)
        }
        None => {
            let mut pairs = [(0u8, 0u16); 3];
            let mut n = 0;
            let mut ignore = 0;
            for p in 0..3u8 {
                let delta = cpu.pair_field(p).wrapping_sub(then.pair_field(p));
                if delta == 0 {
                    continue;
                }
                let own = |k: Kind| k == Kind::IncPair(p) || k == Kind::DecPair(p);
                if insns
                    .iter()
                    .any(|&(bits, k)| bits & PAIR[p as usize] != 0 && !own(k))
                {
                    return None;
                }
                pairs[n] = (p, delta);
                n += 1;
                ignore |= PAIR[p as usize];
            }
            if !same_except(cpu, then, ignore, false) {
                return None;
            }
            (Shape::Counts { pairs, n: n as u8 }, ignore)
        }
    };
    Some(Known {
        head: rec.head,
        state: then.clone(),
        period,
        m1,
        shape,
        ignore,
        status_at,
        pcs,
        log: rec.log.clone(),
    })
}

/// The count-down that ends the turn `insns`, if it has one: its counter, and the
/// registers not compared at the head (the counter and the count-down's scratch). Nothing
/// else in the turn may touch them.
fn count_down(insns: &[(u16, Kind)]) -> Option<(Counter, u16)> {
    let n = insns.len();
    let kind = |i: usize| insns[i].1;
    let (counter, scratch, own): (Counter, u16, [usize; 4]) = match kind(n - 1) {
        Kind::Djnz => (Counter::Reg(Reg8::B), 0, [n - 1; 4]),
        Kind::BranchNz if n >= 2 && matches!(kind(n - 2), Kind::DecReg(_)) => {
            let Kind::DecReg(r) = kind(n - 2) else {
                return None;
            };
            (Counter::Reg(r), F, [n - 2, n - 1, n - 1, n - 1])
        }
        Kind::BranchNz if n >= 4 => {
            let (Kind::LdA(hi), Kind::Or(lo)) = (kind(n - 3), kind(n - 2)) else {
                return None;
            };
            if hi / 2 != lo / 2 || hi == lo {
                return None;
            }
            let p = hi / 2;
            let mut decs = (0..n - 3).filter(|&i| kind(i) == Kind::DecPair(p));
            let dec = decs.next()?;
            if decs.next().is_some() {
                return None;
            }
            (Counter::Pair(p), A | F, [dec, n - 3, n - 2, n - 1])
        }
        _ => return None,
    };
    let bits = match counter {
        Counter::Reg(r) => r.bits(),
        Counter::Pair(p) => PAIR[usize::from(p)],
    } | scratch;
    let others_touch = insns
        .iter()
        .enumerate()
        .any(|(i, &(t, _))| !own.contains(&i) && t & bits != 0);
    (!others_touch).then_some((counter, bits))
}

impl CountedLoops {
    /// Whether a turn is being recorded: the next step is to run on the watching bus
    /// with [`CountedLoops::log`], after [`CountedLoops::note`].
    #[inline]
    pub fn recording(&self) -> bool {
        self.recording.on
    }

    /// The recording's log (only meaningful while [`CountedLoops::recording`]).
    pub fn log(&mut self) -> &mut ReadLog {
        debug_assert!(self.recording.on);
        &mut self.recording.log
    }

    /// Notes that the recorded turn's next instruction starts at `pc` at clock `t`.
    pub fn note(&mut self, pc: u16, t: u64) {
        let rec = &mut self.recording;
        if rec.on {
            match rec.path.get_mut(rec.len) {
                Some(slot) => {
                    *slot = (pc, u32::try_from(t - rec.state.t).unwrap_or(u32::MAX));
                    rec.len += 1;
                }
                None => rec.log.spoil(),
            }
        }
    }

    /// Gives the recording up (an interrupt taken, a HALT), counting a failure.
    pub fn abort(&mut self) {
        if self.recording.on {
            self.recording.on = false;
            self.cool.fail(u32::from(self.recording.head));
        }
    }

    /// After a recorded step that did not arrive at a head.
    pub fn recorded_step(&mut self) {
        if self.recording.on && self.recording.log.spoiled() {
            self.abort();
        }
    }

    /// Forgets every loop (skipping turned off or on).
    pub fn clear(&mut self) {
        *self = Self::default();
    }

    /// The CPU has arrived at `head` by a backward branch: the turns to skip when `head`
    /// starts a known loop in this state; else finishes the recording of a turn from
    /// there, or (with `may_record`) starts one. `still` tells whether a recorded read
    /// still gives its value, `peek` reads code; the skip ends by `frame_end`, its reads
    /// of S#0 before `end` (the chip's next step).
    #[allow(clippy::too_many_arguments)]
    pub fn arrive(
        &mut self,
        head: u16,
        cpu: &Cpu,
        still: impl Fn(&crate::idle::Read) -> bool,
        peek: impl Fn(u16) -> u8,
        end: u64,
        frame_end: u64,
        may_record: bool,
    ) -> Option<Turns> {
        if self.recording.on {
            self.recording.on = false;
            let rec = &self.recording;
            match (rec.head == head)
                .then(|| analyse(rec, cpu, peek))
                .flatten()
            {
                Some(known) => {
                    self.cool.forgive(u32::from(head));
                    self.known = Some(known);
                    return self.resume(cpu, still, end, frame_end);
                }
                None => {
                    self.cool.fail(u32::from(self.recording.head));
                    return None;
                }
            }
        }
        if let Some(turns) = self.resume(cpu, &still, end, frame_end) {
            return Some(turns);
        }
        if may_record && self.cool.cooled(u32::from(head)) {
            let rec = &mut self.recording;
            rec.on = true;
            rec.head = head;
            rec.state.clone_from(cpu);
            rec.len = 0;
            rec.log.clear();
        }
        None
    }

    /// Whether [`CountedLoops::arrive`] at `head`, with no recording under way, would only
    /// count the arrival off the head's wait: `head` is not the known loop's (so nothing
    /// is resumed) and is cooling down. [`CountedLoops::pass`] counts it.
    #[inline]
    pub fn passes(&self, head: u16) -> bool {
        !self.recording.on
            && self.known.as_ref().is_none_or(|k| k.head != head)
            && self.cool.waiting(u32::from(head))
    }

    /// [`CountedLoops::arrive`] at a head that [`CountedLoops::passes`]: the arrival is
    /// counted off the head's wait, as there.
    #[inline]
    pub fn pass(&mut self, head: u16) {
        let cooled = self.cool.cooled(u32::from(head));
        debug_assert!(!cooled, "a head that passes is cooling down");
    }

    /// The turns to skip when the CPU is at the head of the known loop in its state and
    /// the loop's reads still give what they gave (see [`CountedLoops::arrive`]).
    pub fn resume(
        &self,
        cpu: &Cpu,
        still: impl Fn(&crate::idle::Read) -> bool,
        end: u64,
        frame_end: u64,
    ) -> Option<Turns> {
        let k = self.known.as_ref()?;
        if k.head != cpu.pc
            || self.recording.on
            || !same_except(
                cpu,
                &k.state,
                k.ignore,
                matches!(k.shape, Shape::CountDown(_)),
            )
            || !k.log.reads().iter().all(still)
        {
            return None;
        }
        let t = cpu.t;
        // Whole turns that end by the frame's end.
        let whole = frame_end.checked_sub(t)? / k.period;
        let turns = match k.shape {
            Shape::Counts { .. } => match k.status_at {
                // Turns whose read of S#0 starts before the chip's next step.
                Some(at) => whole.min((end.saturating_sub(t + at)).div_ceil(k.period)),
                None => whole,
            },
            Shape::CountDown(counter) => {
                // Turns that take the branch back, less one: the turn after a skip is
                // stepped, so the scratch registers are exact again.
                let taken = match counter {
                    Counter::Reg(r) => u64::from(r.get(cpu).wrapping_sub(1)),
                    Counter::Pair(p) => u64::from(cpu.pair_field(p).wrapping_sub(1)),
                };
                taken.min(whole.saturating_sub(1))
            }
        };
        (turns > 0).then_some(Turns {
            turns,
            period: k.period,
            m1: k.m1,
            shape: k.shape,
        })
    }

    /// Whether a breakpoint lies among the known loop's instructions.
    pub fn meets(&self, breakpoints: &crate::program::Breakpoints) -> bool {
        self.known
            .as_ref()
            .is_some_and(|k| (k.pcs.0..=k.pcs.1).any(|pc| breakpoints.contains(u32::from(pc))))
    }
}

#[cfg(test)]
mod tests;
