//! The harness's save state: the machine's ([`crate::state`]) and everything the harness
//! keeps between calls about what it observed (the handlers running, the frame waiting for
//! its decisions, the calls made, when judging started), so that a harness restored and run
//! on records exactly the frames the saved one would have recorded.

use super::{FrameRecord, Harness, Observer};
use crate::program::Input;
use crate::state::{MachineState, StateError};

/// A harness and its machine at one moment, between two calls.
#[derive(Clone, Debug)]
pub struct HarnessState {
    machine: MachineState,
    observer: Observer,
    waits_seen: bool,
    interrupted: bool,
    pending: Option<FrameRecord>,
    calls: u32,
    judged_from: Option<u32>,
}

impl HarnessState {
    /// `run_frame` calls made when it was saved.
    #[must_use]
    pub const fn calls_run(&self) -> u32 {
        self.calls
    }

    /// The machine's part.
    #[must_use]
    pub const fn machine(&self) -> &MachineState {
        &self.machine
    }
}

impl Harness<'_> {
    /// The harness and its machine as they are now.
    ///
    /// # Errors
    /// The machine keeps no save states.
    pub fn save_state(&self) -> Result<HarnessState, StateError> {
        Ok(HarnessState {
            machine: self.machine.get().save_state()?,
            observer: self.observer.clone(),
            waits_seen: self.waits_seen,
            interrupted: self.interrupted,
            pending: self.pending.clone(),
            calls: self.calls,
            judged_from: self.judged_from,
        })
    }

    /// Puts the harness and its machine back as they were when `state` was saved. The
    /// configuration (watches, input) stays the harness's own.
    ///
    /// # Errors
    /// A state of another machine.
    pub fn restore_state(&mut self, state: &HarnessState) -> Result<(), StateError> {
        self.machine.get_mut().restore_state(&state.machine)?;
        self.observer.clone_from(&state.observer);
        self.waits_seen = state.waits_seen;
        self.interrupted = state.interrupted;
        self.pending.clone_from(&state.pending);
        // What the frames were compared with is not part of the state: found again.
        self.pending_key = None;
        self.pending_same = false;
        self.late_key = None;
        self.calls = state.calls;
        self.judged_from = state.judged_from;
        Ok(())
    }

    /// The pad input per call from now on: `input[k]` is set before call `k` (counted from
    /// power-on), the last one holding on, as [`super::HarnessConfig::input`].
    pub fn set_input(&mut self, input: Vec<Input>) {
        self.config.input = input;
    }

    /// The pad input per call.
    #[must_use]
    pub fn input(&self) -> &[Input] {
        &self.config.input
    }
}
