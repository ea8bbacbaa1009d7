//! The program harness (specs/programs.md): runs a booted machine frame by frame through
//! [`ProgramBoard::run_frame`] and records, per frame, what the chip saw, what was true,
//! what the program decided and what it cost. Machine-agnostic: it only speaks the
//! [`Machine`] and [`ProgramBoard`] contracts.
//!
//! # Which frame a decision belongs to
//! Call `k` of `run_frame` (counting from 0) ends at the start of frame `k`'s vblank: the
//! chip's sprite view and flags then describe frame `k`'s display. What the program does in
//! call `k + 1` (its vblank handler reading the flags of frame `k`, its main loop after it)
//! is its decision **about frame `k`**: the decisions caught at labels, the handler and span
//! cycles, and the lag of call `k + 1` all go to frame `k`, and memory watches are read at
//! the end of call `k + 1`. So `frames` frames take `frames + 1` calls.
//!
//! # Lag
//! Frame `k` lags when, in call `k + 1`, the chip began the next vblank while an interrupt
//! handler was still running, or when the program has been seen waiting (`WAI`, `HALT`,
//! `STOP`) and did not reach its wait in that call; for a program that polls a flag instead,
//! the user names the main loop's wait label ([`HarnessConfig::wait_pc`]) and the frame lags
//! when the PC did not reach it in that call.
//!
//! # A frame's work
//! Each call refills the buffers of the record completed two calls before (the caller is
//! done with it), so a steady frame allocates nothing: the sprite view comes in place
//! ([`Machine::sprites_into`]), the objects and pairs are built in storage the harness
//! keeps. What the judging reads is compared with the frame before: the same sprite view
//! makes the same objects, the same objects the same pairs, and with the same verdict,
//! screen and [`Machine::hardware_check_state`] the same reasons, which are then copied
//! instead of found again (a program whose sprites stand still costs a comparison).
//! [`Harness::set_frame_reuse`] turns those copies off, so that a test can check they are
//! what finding everything again gives.

use std::collections::BTreeSet;

use collide::truth::{Scope, Sweep, box_and_pixel_pairs_into};
use collide::{Pair, Screen};
use thiserror::Error;

use super::judging::{JudgeFrom, Judged, Overrun, PairRule};
use super::objects::{self, BuildScratch, FrameObjects, ObjectRules, ObjectTable, ObjectsError};
use super::observe::{Cycles, Dump, Observer, Space, Span, Watch};
use super::{Input, ProgramBoard, ProgramError};
use crate::contract::{ChipState, Machine, Verdict};
use crate::view::SpriteView;

mod state;
pub use state::HarnessState;

/// What the harness is told to watch, addresses resolved.
#[derive(Clone, Debug, Default)]
pub struct HarnessConfig {
    /// Frames to record.
    pub frames: u32,
    /// Which sprites make which objects.
    pub objects: ObjectRules,
    /// Objects from a table in the program's RAM instead of sprites (the Vectrex has none).
    pub object_table: Option<ObjectTable>,
    /// The program's decisions.
    pub watches: Vec<Watch>,
    /// Named spans.
    pub spans: Vec<Span>,
    /// The main loop's wait, for a program that polls a flag instead of a wait
    /// instruction: the frame lags when the PC does not reach it.
    pub wait_pc: Option<u32>,
    /// Pad input per frame (`input[k]` is set before call `k`; the last one holds on).
    pub input: Vec<Input>,
    /// Text typed on the keyboard: `(k, text)` is typed before call `k`.
    pub keys: Vec<(u32, String)>,
    /// Frames after which a program that has taken no interrupt, or is still inside one
    /// handler, is stopped with an error (0: never).
    pub give_up_frames: u32,
    /// Which pairs of objects make the truth decisions are judged against.
    pub pairs: PairRule,
    /// Whose decisions are judged.
    pub judged: Judged,
    /// From when frames are judged.
    pub judge_from: JudgeFrom,
    /// Memory the trace holds each frame.
    pub dumps: Vec<Dump>,
}

impl HarnessConfig {
    /// The pads set before call `call`: `input[call]`, the last entry holding on past the
    /// end; `None` without input (the board's pads are left as they are).
    #[must_use]
    pub fn input_at(&self, call: usize) -> Option<Input> {
        self.input.get(call).or(self.input.last()).copied()
    }

    /// What is set on the board before call `call`: the pads (`input[call]`, the last one
    /// holding on) and the text typed at that call. Every replay of a run goes through
    /// this, so it meets the run's own inputs.
    ///
    /// # Errors
    /// Text the machine's keyboard cannot type.
    pub fn prepare_call(
        &self,
        board: &mut dyn ProgramBoard,
        call: u32,
    ) -> Result<(), HarnessError> {
        if let Some(input) = self.input_at(call as usize) {
            board.set_input(input);
        }
        for (_, text) in self.keys.iter().filter(|(k, _)| *k == call) {
            board
                .type_text(text)
                .map_err(|what| HarnessError::Keys { frame: call, what })?;
        }
        Ok(())
    }
}

/// Why the harness stopped.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum HarnessError {
    /// The machine cannot run programs or has not been booted.
    #[error("the {0} has no program booted")]
    NotBooted(&'static str),
    /// The board could not go on.
    #[error("frame {frame}: {error}")]
    Program {
        /// The frame being run.
        frame: u32,
        /// What the board said.
        error: ProgramError,
    },
    /// No interrupt was taken in the first frames: the program never enabled one.
    #[error(
        "no interrupt was taken in the first {frames} frames (PC ${pc:04X}): the program never enables an interrupt the chip raises (a program that polls the chip instead runs with `give_up_frames: 0`, or `--give-up-frames 0`)"
    )]
    NoInterrupt {
        /// Frames run.
        frames: u32,
        /// Where the CPU was.
        pc: u32,
    },
    /// No interrupt was taken, and the board knows why (the sources the program enabled
    /// and why none of them was raised).
    #[error(
        "no interrupt was taken in the first {frames} frames (PC ${pc:04X}): {why} (a program that polls the chip instead runs with `give_up_frames: 0`, or `--give-up-frames 0`)"
    )]
    NoInterruptRaised {
        /// Frames run.
        frames: u32,
        /// Where the CPU was.
        pc: u32,
        /// The board's reason.
        why: String,
    },
    /// A handler was entered and has not returned for many frames.
    #[error(
        "the {interrupt} handler entered at cycle {cycle} (interrupting PC ${pc:04X}) has not returned after {frames} frames (now at PC ${now:04X})"
    )]
    NeverReturns {
        /// Which interrupt.
        interrupt: &'static str,
        /// Its acknowledge cycle.
        cycle: u64,
        /// The interrupted PC.
        pc: u32,
        /// Frames waited.
        frames: u32,
        /// The PC now.
        now: u32,
    },
    /// Text the program file types cannot be typed on the machine.
    #[error("frame {frame}: keys: {what}")]
    Keys {
        /// The frame the text is typed at.
        frame: u32,
        /// Why not.
        what: String,
    },
    /// The program file's object rules do not fit the machine's sprites.
    #[error("the {machine}: {error}")]
    Objects {
        /// The machine's key.
        machine: &'static str,
        /// Which rule and attribute.
        error: ObjectsError,
    },
}

/// A watch's decision in one frame.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Decision {
    /// The watch's name.
    pub name: String,
    /// Sprite numbers marked hit, sorted.
    pub sprites: Vec<u32>,
    /// Sprite pairs decided (pair watches), each lower number first, sorted.
    pub pairs: Vec<(u32, u32)>,
}

/// Cycles of one handler source or span in one frame.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NamedCycles {
    /// The interrupt source (`irq`, `vint`) or the span's name.
    pub name: String,
    /// The cycles.
    pub cycles: Cycles,
}

/// Everything recorded about one frame.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FrameRecord {
    /// Frame number, from 0.
    pub frame: u32,
    /// The chip's sprite view at the end of the frame's display.
    pub sprites: Vec<SpriteView>,
    /// The objects built from it.
    pub objects: FrameObjects,
    /// The chip's flags as set, read without side effects.
    pub verdict: Verdict,
    /// Pairs of objects (indices into `objects.objects`) whose boxes overlap, among the
    /// pairs that count ([`HarnessConfig::pairs`]).
    pub box_pairs: Vec<Pair>,
    /// Pairs of objects whose opaque pixels meet, among the pairs that count.
    pub pixel_pairs: Vec<Pair>,
    /// Pairs of objects whose opaque pixels meet, whatever the pair rule (Art still taking
    /// no part): what the chip's flag is compared with, since the chip sees every pair.
    pub chip_pairs: Vec<Pair>,
    /// Why the chip's flag differs from `chip_pairs`, when it does: the reasons the
    /// machine gives ([`Machine::hardware_check`]) and Art or left-out sprites the chip
    /// saw meet; or, with the chip clear and no pixel pair, why `box_pairs` has pairs (their
    /// boxes overlap in transparent pixels only).
    pub chip_reasons: Vec<String>,
    /// Why the frame's truth pairs count for no miss: the frame comes before judging starts
    /// (a program with watches, a frame before [`HarnessConfig::judge_from`]); empty
    /// otherwise.
    pub unjudged_reasons: Vec<String>,
    /// The chip's registers and flags at the end of the frame's display
    /// ([`Machine::chip_state`]).
    pub chip: ChipState,
    /// Whether the frame's decisions are judged: the program has watches, and the frame
    /// is at or after [`HarnessConfig::judge_from`].
    pub judged: bool,
    /// Whose decisions are judged.
    pub judged_objects: Judged,
    /// The program's decisions, one per watch.
    pub decisions: Vec<Decision>,
    /// Object indices any watch marked hit.
    pub decided_objects: Vec<usize>,
    /// Handler cycles per interrupt source.
    pub handlers: Vec<NamedCycles>,
    /// Cycles per span.
    pub spans: Vec<NamedCycles>,
    /// The frame lagged.
    pub lag: bool,
    /// CPU cycles of the call that ran the frame's display.
    pub cycles: u64,
    /// Of `cycles`, those the CPU did no work in: waiting for an interrupt (`WAI`, `HALT`,
    /// `STOP`) or held off the bus (Genesis DMA).
    pub idle_cycles: u64,
    /// A handler still running when the chip began this frame's display.
    pub overrun: Option<Overrun>,
    /// The bytes of each [`HarnessConfig::dumps`] range at the start of the frame's
    /// vblank.
    pub dumps: Vec<Vec<u8>>,
}

impl FrameRecord {
    /// CPU cycles of the call that ran the frame's display in which the CPU worked.
    #[must_use]
    pub const fn busy_cycles(&self) -> u64 {
        self.cycles.saturating_sub(self.idle_cycles)
    }

    /// Object indices in at least one of `pairs`, sorted.
    #[must_use]
    pub fn objects_in(pairs: &[Pair]) -> Vec<usize> {
        let set: BTreeSet<usize> = pairs
            .iter()
            .flat_map(|p| [p.a as usize, p.b as usize])
            .collect();
        set.into_iter().collect()
    }
}

/// The machine a harness drives: lent by the caller for one run, or its own (a harness that
/// lives as long as a window showing it).
enum Held<'m> {
    Lent(&'m mut dyn Machine),
    Own(Box<dyn Machine>),
}

impl Held<'_> {
    fn get(&self) -> &dyn Machine {
        match self {
            Held::Lent(m) => &**m,
            Held::Own(m) => m.as_ref(),
        }
    }

    fn get_mut(&mut self) -> &mut dyn Machine {
        match self {
            Held::Lent(m) => &mut **m,
            Held::Own(m) => m.as_mut(),
        }
    }
}

/// The harness over one booted machine.
pub struct Harness<'m> {
    machine: Held<'m>,
    config: HarnessConfig,
    observer: Observer,
    /// Whether the program has ever been seen waiting.
    waits_seen: bool,
    /// Whether any interrupt was taken.
    interrupted: bool,
    /// The frame whose display the last call ended, waiting for its decisions.
    pending: Option<FrameRecord>,
    /// The screen and [`Machine::hardware_check_state`] `pending`'s reasons were found
    /// with; `None` when not known (a restored state), so that they are found again.
    pending_key: Option<(Screen, u64)>,
    /// `pending` showed the same sprite view and objects as the frame completed before it.
    pending_same: bool,
    /// The late verdict ([`ProgramBoard::late_verdict`]), screen and check state the last
    /// frame completed had its reasons found with, and those reasons.
    late_key: Option<(Verdict, Screen, u64)>,
    late_reasons: Vec<String>,
    /// The last frame completed; its buffers take the next frame's observation.
    done: FrameRecord,
    /// Storage the objects and pairs are found in.
    scratch: BuildScratch,
    sweep: Sweep,
    calls: u32,
    /// The first frame judged, once known.
    judged_from: Option<u32>,
    /// Whether a frame copies what the frame before found from the same inputs.
    reuse: bool,
}

impl std::fmt::Debug for Harness<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Harness")
            .field("machine", &self.machine.get().key())
            .field("calls", &self.calls)
            .finish_non_exhaustive()
    }
}

impl Harness<'static> {
    /// A harness that owns `machine`, booted already: for a player that keeps it between
    /// frames (the window).
    ///
    /// # Errors
    /// [`HarnessError::NotBooted`] when the machine has no program board.
    pub fn owning(machine: Box<dyn Machine>, config: HarnessConfig) -> Result<Self, HarnessError> {
        Self::over(Held::Own(machine), config)
    }
}

impl<'m> Harness<'m> {
    /// A harness over `machine`, booted already.
    ///
    /// # Errors
    /// [`HarnessError::NotBooted`] when the machine has no program board.
    pub fn new(machine: &'m mut dyn Machine, config: HarnessConfig) -> Result<Self, HarnessError> {
        Self::over(Held::Lent(machine), config)
    }

    fn over(mut machine: Held<'m>, config: HarnessConfig) -> Result<Self, HarnessError> {
        let key = machine.get().key();
        if machine.get_mut().program().is_none() {
            return Err(HarnessError::NotBooted(key));
        }
        let mut observer = Observer::new(&config.watches, &config.spans, config.wait_pc);
        let handover = machine.get_mut().program().and_then(|b| b.handover_pc());
        let judged_from = match config.judge_from {
            JudgeFrom::PowerOn => Some(0),
            JudgeFrom::Frame(n) => Some(n),
            JudgeFrom::Pc(pc) => {
                observer.judge_from_pc(pc);
                None
            }
            JudgeFrom::Handover => match handover {
                Some(pc) => {
                    observer.judge_from_pc(pc);
                    None
                }
                None => Some(0),
            },
        };
        Ok(Self {
            machine,
            config,
            observer,
            waits_seen: false,
            interrupted: false,
            pending: None,
            pending_key: None,
            pending_same: false,
            late_key: None,
            late_reasons: Vec::new(),
            done: FrameRecord::default(),
            scratch: BuildScratch::default(),
            sweep: Sweep::default(),
            calls: 0,
            judged_from,
            reuse: true,
        })
    }

    /// The machine, for its picture and panel between frames.
    pub fn machine(&mut self) -> &mut dyn Machine {
        self.machine.get_mut()
    }

    /// The machine, read only.
    #[must_use]
    pub fn machine_ref(&self) -> &dyn Machine {
        self.machine.get()
    }

    /// Whether a frame copies the objects, pairs and reasons of the frame before when what
    /// they are found from is the same (on by default). Off, every frame finds them anew:
    /// the records are the same either way, only slower.
    pub fn set_frame_reuse(&mut self, on: bool) {
        self.reuse = on;
    }

    /// Frames to record.
    #[must_use]
    pub const fn frames(&self) -> u32 {
        self.config.frames
    }

    /// Runs until the next frame is complete (its display and the call deciding about it)
    /// and returns its record.
    ///
    /// # Errors
    /// The board's fault, or a program that never takes or never leaves an interrupt.
    pub fn next_frame(&mut self) -> Result<FrameRecord, HarnessError> {
        self.advance().cloned()
    }

    /// [`Harness::next_frame`] without a copy: the record lent until the next call, its
    /// buffers then reused (a run that only reads each record allocates nothing for it).
    ///
    /// # Errors
    /// As [`Harness::next_frame`].
    pub fn advance(&mut self) -> Result<&FrameRecord, HarnessError> {
        while !self.call_in_place()? {}
        Ok(&self.done)
    }

    /// The record [`Harness::advance`] last completed (empty before the first).
    #[must_use]
    pub const fn record(&self) -> &FrameRecord {
        &self.done
    }

    /// Runs every frame of the configuration, calling `each` with each record.
    ///
    /// # Errors
    /// As [`Harness::next_frame`].
    pub fn run(&mut self, mut each: impl FnMut(&FrameRecord)) -> Result<(), HarnessError> {
        for _ in 0..self.config.frames {
            each(self.advance()?);
        }
        Ok(())
    }

    /// `run_frame` calls made: the machine's picture and sprite view are frame
    /// `calls_run() - 1`'s.
    #[must_use]
    pub const fn calls_run(&self) -> u32 {
        self.calls
    }

    /// One `run_frame` call (to the next vblank); returns the frame it completed, if any.
    ///
    /// # Errors
    /// As [`Harness::next_frame`].
    pub fn call(&mut self) -> Result<Option<FrameRecord>, HarnessError> {
        Ok(self.call_in_place()?.then(|| self.done.clone()))
    }

    /// [`Harness::call`] without a copy: whether it completed a frame, then the record of
    /// [`Harness::advance`].
    fn call_in_place(&mut self) -> Result<bool, HarnessError> {
        let call = self.calls;
        let key = self.machine.get().key();
        let board: &mut dyn ProgramBoard = self
            .machine
            .get_mut()
            .program()
            .ok_or(HarnessError::NotBooted(key))?;
        self.config.prepare_call(board, call)?;
        self.observer.next_call();
        self.observer.call = call;
        let run = board
            .run_frame(&mut self.observer)
            .map_err(|error| HarnessError::Program {
                frame: call.saturating_sub(1),
                error,
            })?;
        self.calls += 1;
        if self.judged_from.is_none() && self.observer.judge_pc_reached {
            // Frames whose whole call runs after the PC reached it: from the next call's.
            self.judged_from = Some(call + 1);
            self.observer.judging_started();
        }
        let pc = board.cpu().pc();
        // The record completed two calls ago takes this frame: its caller is done with it.
        let mut rec = std::mem::take(&mut self.done);
        rec.dumps.truncate(self.config.dumps.len());
        rec.dumps.resize_with(self.config.dumps.len(), Vec::new);
        for (d, bytes) in self.config.dumps.iter().zip(&mut rec.dumps) {
            bytes.clear();
            bytes.extend((0..d.len).map(|i| read(board, d.space, d.at.wrapping_add(i))));
        }
        self.check_alive(pc)?;
        if self.observer.waits > 0 {
            self.waits_seen = true;
        }
        // Observed beside the frame before, still as it was observed.
        let prev_same = self.pending_same;
        self.observe(call, run.cycles, &mut rec)?;
        let completed = match self.pending.take() {
            Some(mut prev) => {
                let board = self
                    .machine
                    .get_mut()
                    .program()
                    .ok_or(HarnessError::NotBooted(key))?;
                decide(
                    &self.config,
                    &self.observer,
                    self.waits_seen,
                    &mut prev,
                    board,
                );
                self.late_verdict(&mut prev, prev_same);
                self.done = prev;
                true
            }
            None => false,
        };
        rec.idle_cycles = run.idle_cycles;
        rec.overrun = self.observer.overrun;
        rec.judged =
            !self.config.watches.is_empty() && self.judged_from.is_some_and(|first| call >= first);
        rec.judged_objects = self.config.judged;
        rec.unjudged_reasons.clear();
        if !rec.judged && !self.config.watches.is_empty() && !rec.box_pairs.is_empty() {
            let start = self.judging_start(call);
            rec.unjudged_reasons =
                super::reasons::before_judging(&rec.objects, &rec.box_pairs, &start);
        }
        self.pending = Some(rec);
        Ok(completed)
    }

    /// When judging starts, said for frame `call`, which comes before it.
    fn judging_start(&mut self, call: u32) -> String {
        let at = |what: &str, pc: u32| match self.judged_from {
            Some(first) => format!(
                "at frame {first}, the first after the PC reached {what}${pc:04X} in frame {}",
                first - 1
            ),
            None => format!("after the PC first reaches {what}${pc:04X}, not reached yet"),
        };
        match self.config.judge_from {
            JudgeFrom::Frame(n) => format!("at frame {n}"),
            JudgeFrom::Pc(pc) => at("", pc),
            JudgeFrom::Handover => match self
                .machine
                .get_mut()
                .program()
                .and_then(|b| b.handover_pc())
            {
                Some(pc) => at("the handover address ", pc),
                None => format!("at frame {call}"),
            },
            JudgeFrom::PowerOn => "at frame 0".to_owned(),
        }
    }

    /// The machine's answer about `rec`'s frame, where it comes in the call after it
    /// ([`ProgramBoard::late_verdict`]), with the reasons it differs from the chip pairs.
    /// `same` tells that `rec` shows the same sprite view and objects as the frame
    /// completed before it, whose reasons are reused when the rest is the same too.
    fn late_verdict(&mut self, rec: &mut FrameRecord, same: bool) {
        let Some(verdict) = self
            .machine
            .get_mut()
            .program()
            .and_then(|b| b.late_verdict())
        else {
            return;
        };
        rec.verdict = verdict;
        let machine = self.machine.get();
        let key = Some((verdict, machine.screen(), machine.hardware_check_state()));
        if same && self.late_key == key {
            rec.chip_reasons.clone_from(&self.late_reasons);
            return;
        }
        if verdict.collided == rec.chip_pairs.is_empty() {
            rec.chip_reasons =
                super::reasons::chip_reasons(machine, &rec.sprites, &rec.objects, &verdict);
        } else {
            rec.chip_reasons.clear();
        }
        self.late_key = key;
        self.late_reasons.clone_from(&rec.chip_reasons);
    }

    /// Errors for a program that never takes an interrupt or stays in a handler.
    fn check_alive(&mut self, now: u32) -> Result<(), HarnessError> {
        let k = self.config.give_up_frames;
        self.interrupted |= self.observer.interrupts > 0;
        if k == 0 || self.calls < k {
            return Ok(());
        }
        if !self.interrupted {
            let why = self
                .machine
                .get_mut()
                .program()
                .and_then(|b| b.no_interrupt_note());
            return Err(match why {
                Some(why) => HarnessError::NoInterruptRaised {
                    frames: self.calls,
                    pc: now,
                    why,
                },
                None => HarnessError::NoInterrupt {
                    frames: self.calls,
                    pc: now,
                },
            });
        }
        if let Some(outer) = self.observer.active.first() {
            let frames = self.calls - outer.call;
            if frames >= k {
                return Err(HarnessError::NeverReturns {
                    interrupt: outer.source,
                    cycle: outer.cycle,
                    pc: outer.pc,
                    frames,
                    now,
                });
            }
        }
        Ok(())
    }

    /// What the chip shows at the end of call `call`'s display, into `rec` (every field
    /// but those [`Harness::call`] sets after it): what the frame before (`pending`, as
    /// observed) found is copied where what it was found from is the same.
    fn observe(
        &mut self,
        call: u32,
        cycles: u64,
        rec: &mut FrameRecord,
    ) -> Result<(), HarnessError> {
        let machine = self.machine.get();
        machine.sprites_into(&mut rec.sprites);
        let prev = self.pending.as_ref();
        let same_view = self.reuse && prev.is_some_and(|p| p.sprites == rec.sprites);
        match (&self.config.object_table, prev) {
            (None, Some(p)) if same_view => rec.objects.clone_from(&p.objects),
            (None, _) => objects::build_into(
                &rec.sprites,
                &self.config.objects,
                &mut self.scratch,
                &mut rec.objects,
            )
            .map_err(|error| HarnessError::Objects {
                machine: machine.key(),
                error,
            })?,
            // Read where the frame ended, as the program left its table.
            (Some(table), _) => match self.machine.get_mut().program() {
                Some(board) => table.build_into(|a| board.cpu().peek(a), &mut rec.objects),
                None => rec.objects = FrameObjects::default(),
            },
        }
        let machine = self.machine.get();
        let prev = self.pending.as_ref();
        // Objects from sprites are the same with the view; a table's are compared.
        let from_view = same_view && self.config.object_table.is_none();
        let same_objects = prev.filter(|p| self.reuse && (from_view || p.objects == rec.objects));
        if let Some(p) = same_objects {
            rec.box_pairs.clone_from(&p.box_pairs);
            rec.pixel_pairs.clone_from(&p.pixel_pairs);
            rec.chip_pairs.clone_from(&p.chip_pairs);
        } else {
            let rule = self.config.pairs;
            let objects = &rec.objects.objects;
            // One sweep for both truths: the pixel pairs are among the box pairs.
            box_and_pixel_pairs_into(
                objects,
                Scope::Game,
                &mut self.sweep,
                &mut rec.box_pairs,
                &mut rec.chip_pairs,
            );
            rec.box_pairs.retain(|p| rule.counts(objects, *p));
            rec.pixel_pairs.clear();
            rec.pixel_pairs.extend(
                rec.chip_pairs
                    .iter()
                    .copied()
                    .filter(|p| rule.counts(objects, *p)),
            );
        }
        let mut verdict = machine.peek_verdict();
        // The flag as the chip set it during the frame: a program that reads the status
        // mid-frame clears it (roms/genesis/programs/status-poll.s does on every line), but
        // the chip saw the collision all the same, and records the line it set it on.
        verdict.collided |= verdict.first_collision_line.is_some();
        let key = (machine.screen(), machine.hardware_check_state());
        let same_reasons = same_objects
            .filter(|p| same_view && p.verdict == verdict && self.pending_key == Some(key));
        // Reasons only for a frame where the chip and truth differ (a frame where they
        // agree costs nothing): the chip's flag against pixel truth, or, with no pixel
        // pair at all, against box truth's pairs.
        if let Some(p) = same_reasons {
            rec.chip_reasons.clone_from(&p.chip_reasons);
        } else if verdict.collided == rec.chip_pairs.is_empty() {
            rec.chip_reasons =
                super::reasons::chip_reasons(machine, &rec.sprites, &rec.objects, &verdict);
        } else if !verdict.collided && !rec.box_pairs.is_empty() {
            rec.chip_reasons = super::reasons::transparent_overlaps(&rec.objects, &rec.box_pairs);
        } else {
            rec.chip_reasons.clear();
        }
        machine.chip_state_into(&mut rec.chip);
        rec.frame = call;
        rec.verdict = verdict;
        rec.cycles = cycles;
        self.pending_key = Some(key);
        self.pending_same = same_view && same_objects.is_some();
        Ok(())
    }
}

/// A byte of `space`, without side effects.
fn read(board: &dyn ProgramBoard, space: Space, addr: u32) -> u8 {
    match space {
        Space::Cpu => board.cpu().peek(addr),
        Space::Vram => board.peek_vram(addr),
    }
}

/// Sets `out` to the names and cycles of `from`, keeping the names' storage.
fn named_cycles<'a>(out: &mut Vec<NamedCycles>, from: impl Iterator<Item = (&'a str, Cycles)>) {
    let mut n = 0;
    for (name, cycles) in from {
        if out.len() == n {
            out.push(NamedCycles::default());
        }
        let slot = &mut out[n];
        slot.name.clear();
        slot.name.push_str(name);
        slot.cycles = cycles;
        n += 1;
    }
    out.truncate(n);
}

/// Adds to `rec` the decisions, cycles and lag of the call that followed its display.
fn decide(
    config: &HarnessConfig,
    o: &Observer,
    waits_seen: bool,
    rec: &mut FrameRecord,
    board: &dyn ProgramBoard,
) {
    rec.decided_objects.clear();
    rec.decisions.truncate(config.watches.len());
    for (i, w) in config.watches.iter().enumerate() {
        if rec.decisions.len() == i {
            rec.decisions.push(Decision::default());
        }
        let d = &mut rec.decisions[i];
        d.sprites.clear();
        d.pairs.clear();
        match w {
            Watch::OnPc { name, .. } => {
                d.name.clone_from(name);
                for c in o.caught.iter().filter(|c| c.watch == i) {
                    let sprites = &o.caught_sprites[c.sprites.clone()];
                    d.sprites.extend(sprites);
                    if let [a, b] = *sprites {
                        d.pairs.push((a.min(b), a.max(b)));
                    }
                }
            }
            Watch::Memory {
                name,
                space,
                at,
                len,
                stride,
                hit,
            } => {
                d.name.clone_from(name);
                for n in 0..*len {
                    let addr = at.wrapping_add(n.wrapping_mul(*stride));
                    let byte = read(board, *space, addr);
                    if hit.hit(byte) {
                        d.sprites.push(n);
                    }
                }
            }
        }
        d.sprites.sort_unstable();
        d.sprites.dedup();
        d.pairs.sort_unstable();
        d.pairs.dedup();
        for s in &d.sprites {
            if let Some(obj) = rec.objects.object_of_sprite(*s) {
                rec.decided_objects.push(obj);
            }
        }
    }
    // Sorted, each once, as a set's would be.
    rec.decided_objects.sort_unstable();
    rec.decided_objects.dedup();
    named_cycles(
        &mut rec.handlers,
        o.handlers.iter().map(|(name, cycles)| (*name, *cycles)),
    );
    named_cycles(
        &mut rec.spans,
        config
            .spans
            .iter()
            .zip(&o.span_cycles)
            .map(|(s, c)| (s.name.as_str(), *c)),
    );
    let no_wait = match config.wait_pc {
        Some(_) => o.wait_label_hits == 0,
        None => waits_seen && o.waits == 0,
    };
    rec.lag = o.busy_at_vblank || no_wait;
}
