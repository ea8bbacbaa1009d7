//! Save states: the whole machine (CPU, chip, memory, mappers, pads, the board's line
//! position and pending interrupts) held in memory, to be restored any number of times.
//!
//! A state is the machine's own structures cloned whole (every board keeps its CPU, chip and
//! memory in plain owned fields, so a clone is exactly the machine at that cycle), shared
//! behind an [`Arc`] so that many branches of a search can restore the same state, on any
//! thread, without copying it again. Restoring replaces the machine's structures with a
//! copy of the state's; whatever the machine derives from them (decode tables, caches)
//! comes with the copy, consistent with it.
//!
//! A machine whose memory is large keeps a cheaper copy: the X16's state shares its ROMs
//! and the RAM banks nobody wrote with the states before it, and restores into the
//! machine's own buffers (`x16::banked`), since a hunt saves and restores every few frames
//! and a whole copy of its 2 MB of banked RAM cost more than the frames between.

use std::any::Any;
use std::sync::Arc;

use thiserror::Error;

/// A whole machine at one moment. Cheap to clone (the state is shared).
#[derive(Clone)]
pub struct MachineState {
    /// The machine's key: a state restores only on the machine that saved it.
    key: &'static str,
    inner: Arc<dyn Any + Send + Sync>,
}

impl std::fmt::Debug for MachineState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MachineState")
            .field("machine", &self.key)
            .finish_non_exhaustive()
    }
}

impl MachineState {
    /// A state holding `machine`, a copy of the machine keyed `key`.
    #[must_use]
    pub fn of<M: Any + Send + Sync>(key: &'static str, machine: M) -> Self {
        Self {
            key,
            inner: Arc::new(machine),
        }
    }

    /// The key of the machine that saved it.
    #[must_use]
    pub const fn machine(&self) -> &'static str {
        self.key
    }

    /// The saved machine, when it is an `M` keyed `key`.
    ///
    /// # Errors
    /// [`StateError::OtherMachine`] when another machine saved it.
    pub fn get<M: Any>(&self, key: &'static str) -> Result<&M, StateError> {
        if self.key != key {
            return Err(StateError::OtherMachine {
                saved: self.key,
                here: key,
            });
        }
        self.inner
            .downcast_ref::<M>()
            .ok_or(StateError::OtherMachine {
                saved: self.key,
                here: key,
            })
    }
}

/// Why a state cannot be saved or restored.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum StateError {
    /// The machine keeps no save states.
    #[error("the {0} cannot save its state")]
    Unsupported(&'static str),
    /// The state was saved on another machine.
    #[error("a state of the {saved} cannot be restored on the {here}")]
    OtherMachine {
        /// The machine that saved it.
        saved: &'static str,
        /// The machine it was restored on.
        here: &'static str,
    },
}

/// [`Machine::save_state`](crate::Machine::save_state) and
/// [`Machine::restore_state`](crate::Machine::restore_state) for a machine whose structures
/// are all owned (`Clone` is a copy of the whole machine), inside its `impl Machine`.
macro_rules! whole_machine_states {
    () => {
        fn save_state(&self) -> Result<$crate::state::MachineState, $crate::state::StateError> {
            Ok($crate::state::MachineState::of(self.key(), self.clone()))
        }
        fn restore_state(
            &mut self,
            state: &$crate::state::MachineState,
        ) -> Result<(), $crate::state::StateError> {
            let saved: &Self = state.get(self.key())?;
            self.clone_from(saved);
            Ok(())
        }
    };
}
pub(crate) use whole_machine_states;
