//! Playing one input sequence on a program from a save state: the harness restored, the
//! pads set per call, each frame judged, states kept every few calls to branch from later.

use machine::program::{Harness, HarnessState, Input};
use scene::program::LoadedProgram;

use super::judge::{Broken, Rule, broken, promise};

/// Calls between the states a play keeps.
pub(crate) const KEEP_EVERY: usize = 16;

/// Where every play starts: the program's state at the hunt's first frame.
#[derive(Clone, Debug)]
pub(crate) struct Start {
    /// The harness's state.
    pub state: HarnessState,
    /// The pads of the calls before it (the program file's input).
    pub prefix: Vec<Input>,
    /// Calls each play makes past it.
    pub calls: usize,
}

impl Start {
    /// Calls made when the state was saved.
    pub fn at(&self) -> usize {
        self.state.calls_run() as usize
    }
}

/// How a play ended early.
#[derive(Clone, Debug)]
pub(crate) enum End {
    /// A frame broke an expectation.
    Broken(Broken),
    /// The program failed (a fault, a handler that never returns).
    Fault(String),
}

/// One play.
#[derive(Debug, Default)]
pub(crate) struct Played {
    /// How it ended early, if it did.
    pub end: Option<End>,
    /// Calls made.
    pub calls: u64,
    /// Per input index, how promising the frame that call completed is.
    pub promise: Vec<u64>,
    /// States kept, by input index (the state before that call).
    pub kept: Vec<(usize, HarnessState)>,
}

/// A harness of its own over a copy of the start's machine.
pub(crate) struct Runner {
    harness: Harness<'static>,
    rules: Vec<Rule>,
}

impl Runner {
    /// A machine of the program's target, put in the start's state.
    ///
    /// # Errors
    /// The machine cannot be built or restored.
    pub fn new(p: &LoadedProgram, start: &Start, rules: &[Rule]) -> Result<Self, String> {
        let settings = machine::registry::with_default_settings(p.target)
            .ok_or_else(|| format!("the {} runs no programs", p.target))?;
        let mut m = settings
            .settings()
            .build(&machine::Resources::default())
            .map_err(|e| e.to_string())?;
        m.restore_state(start.state.machine())
            .map_err(|e| e.to_string())?;
        // The hunt judges records, not pictures: the chip keeps its flags and sprite view
        // exact without drawing.
        m.set_frame_output(false);
        let harness = Harness::owning(m, p.config.clone()).map_err(|e| e.to_string())?;
        Ok(Self {
            harness,
            rules: rules.to_vec(),
        })
    }

    /// Plays `suffix` (input index `i` is call `start.at() + i`) from `from`, a state kept
    /// at input index `from.0` of a play whose inputs before it equal `suffix`'s (the start
    /// when `None`), until a frame breaks a rule, the program fails, or the suffix ends.
    /// Keeps a state every [`KEEP_EVERY`] calls when `keep`.
    pub fn play(
        &mut self,
        start: &Start,
        suffix: &[Input],
        from: Option<(usize, &HarnessState)>,
        keep: bool,
    ) -> Played {
        let (mut i, state) = from.map_or((0, &start.state), |(i, s)| (i, s));
        let mut out = Played {
            promise: vec![0; suffix.len()],
            ..Played::default()
        };
        if let Err(e) = self.harness.restore_state(state) {
            out.end = Some(End::Fault(e.to_string()));
            return out;
        }
        let mut input = start.prefix.clone();
        input.resize(start.at(), Input::default());
        input.extend_from_slice(suffix);
        self.harness.set_input(input);
        while i < suffix.len() {
            if keep
                && i.is_multiple_of(KEEP_EVERY)
                && i > from.map_or(0, |f| f.0)
                && let Ok(s) = self.harness.save_state()
            {
                out.kept.push((i, s));
            }
            out.calls += 1;
            match self.harness.call() {
                Err(e) => {
                    out.end = Some(End::Fault(e.to_string()));
                    break;
                }
                Ok(Some(r)) => {
                    out.promise[i] = promise(&r);
                    if let Some(b) = broken(&self.rules, &r) {
                        out.end = Some(End::Broken(b));
                        break;
                    }
                }
                Ok(None) => {}
            }
            i += 1;
        }
        out
    }
}
