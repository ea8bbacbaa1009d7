//! Target code: the machine's CPU running the seeds' methods (or a user's routine) on each
//! frame, under the routine contract (target-code.md). Each run is tallied like a method,
//! against box and pixel truth, and against the Rust method of the same id, frame for frame.

use std::sync::Arc;

use collide::{Found, MethodId, Object, Pair};
use machine::Machine;
use machine::routine::Routine;

use super::evaluate::MethodFrame;
use crate::compare::Tally;

/// A routine the session runs every frame.
#[derive(Clone, Debug)]
pub struct CodeRoutine {
    /// Its name in reports ("mask16 z80-asm").
    pub name: String,
    /// The Rust method it must agree with, if any.
    pub method: Option<MethodId>,
    /// The image, loaded at the contract's code address.
    pub image: Arc<[u8]>,
    /// Where the call enters it (its first byte when `None`).
    pub entry: Option<u32>,
    /// One of the machine's own translations of the seeds' methods
    /// ([`machine::TargetCode::builtins`]), which follows its method's seed; false for a
    /// routine the user gave, named by its file.
    pub builtin: bool,
}

/// What one routine did on one frame, beside its pairs (in its [`MethodFrame`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeRun {
    /// The routine's name.
    pub name: String,
    /// One of the machine's builtin routines ([`CodeRoutine::builtin`]).
    pub builtin: bool,
    /// CPU cycles of the call, `CALL` and return included; `None` when it failed.
    pub cycles: Option<u64>,
    /// Pairs written more than once.
    pub duplicates: usize,
    /// Chip accesses closer together than the chip allows.
    pub chip_too_fast: u64,
    /// Why the run gave no pair list.
    pub error: Option<String>,
    /// Whether its pairs equal those of the Rust method of the same id this frame (`None`
    /// when that method did not run).
    pub same_as_rust: Option<bool>,
}

/// The machine's builtin routines for the `chosen` methods, in the machine's order.
#[must_use]
pub fn builtins_for(machine: &mut dyn Machine, chosen: &[MethodId]) -> Vec<CodeRoutine> {
    machine.target_code().map_or_else(Vec::new, |code| {
        code.builtins()
            .iter()
            .filter(|b| chosen.contains(&b.method))
            .map(|b| CodeRoutine {
                name: b.name.to_owned(),
                method: Some(b.method),
                image: Arc::from(b.image),
                entry: None,
                builtin: true,
            })
            .collect()
    })
}

/// The truths a run is tallied against.
#[derive(Clone, Copy, Debug)]
pub struct Truths<'a> {
    /// Box truth.
    pub boxes: &'a [Pair],
    /// Pixel truth.
    pub pixels: &'a [Pair],
    /// The Good x Bad pairs of box truth.
    pub good_bad: &'a [Pair],
}

/// Runs every routine on `objects` and tallies it; `rust` holds the Rust methods' frames.
pub fn run_all(
    machine: &mut dyn Machine,
    routines: &[CodeRoutine],
    objects: &[Object],
    truths: Truths<'_>,
    rust: &[MethodFrame],
) -> Vec<MethodFrame> {
    let Some(code) = machine.target_code() else {
        return Vec::new();
    };
    routines
        .iter()
        .map(|r| {
            let abi = code.abi();
            let routine = Routine {
                image: &r.image,
                entry: r.entry.unwrap_or(abi.code),
            };
            let outcome = code.run(&routine, objects);
            let mut found = Found::default();
            let mut run = CodeRun {
                name: r.name.clone(),
                builtin: r.builtin,
                cycles: None,
                duplicates: 0,
                chip_too_fast: 0,
                error: None,
                same_as_rust: None,
            };
            match outcome {
                Ok(o) => {
                    found.pairs = o.pairs;
                    run.cycles = Some(o.cycles);
                    run.duplicates = o.duplicates;
                    run.chip_too_fast = o.chip_too_fast;
                }
                Err(e) => run.error = Some(e.to_string()),
            }
            let id = r.method.unwrap_or(MethodId::HalfPairs);
            run.same_as_rust = r.method.and_then(|m| {
                rust.iter()
                    .find(|f| f.id == m && f.code.is_none())
                    .map(|f| run.error.is_none() && f.found.pairs == found.pairs)
            });
            MethodFrame {
                id,
                vs_box: Tally::of(&found.pairs, truths.boxes),
                vs_pixel: Tally::of(&found.pairs, truths.pixels),
                vs_good_bad: Tally::of(&found.pairs, truths.good_bad),
                found,
                code: Some(run),
            }
        })
        .collect()
}
