//! The runner: a machine as the routine sees it ([`Target`]), and one call of a routine on
//! one frame's objects ([`run_routine`]).

use collide::{Object, Pair};

use super::abi::{Abi, Addr};
use super::error::RoutineError;
use super::pairs::{count_of, decode_pairs};
use super::records::encode_objects;

/// What one call cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CallOutcome {
    /// CPU cycles from the first cycle of the stub's call to the last cycle of the
    /// routine's return, both included.
    pub cycles: u64,
    /// Accesses to the video chip closer together than the chip allows at that point of the
    /// frame (the machine's docs say what it checks); not an error, the data may be lost.
    pub chip_too_fast: u64,
}

/// A machine's CPU on its memory and I/O map, as the runner drives it.
///
/// `poke` and `peek` are the harness's own access to RAM: they cost no CPU cycle and have
/// no side effect on the chip.
pub trait Target {
    /// The machine's addresses, capacities, byte order and clock.
    fn abi(&self) -> Abi;

    /// Loads `image` at [`Abi::code`] (into ROM where the machine has ROM there).
    ///
    /// # Errors
    /// [`RoutineError::ImageTooLarge`] when `image` is longer than [`Abi::code_max`].
    fn load(&mut self, image: &[u8]) -> Result<(), RoutineError>;

    /// Writes `bytes` to RAM from `addr` on, as the harness (bytes outside RAM are ignored).
    fn poke(&mut self, addr: u32, bytes: &[u8]);

    /// Reads `out.len()` bytes from `addr` on, as the harness (no side effects).
    fn peek(&mut self, addr: u32, out: &mut [u8]);

    /// Calls `entry` the way the contract says: the harness sets the stack pointer, masks
    /// interrupts and runs a stub `CALL entry` followed by a trap address, stopping when the
    /// CPU reaches the trap.
    ///
    /// # Errors
    /// [`RoutineError::Runaway`] (with the PC) after `budget` cycles without returning,
    /// [`RoutineError::Halted`], [`RoutineError::UndefinedInstruction`] or
    /// [`RoutineError::Fault`] when the CPU cannot go on.
    fn call(&mut self, entry: u32, budget: u64) -> Result<CallOutcome, RoutineError>;
}

/// The check every [`Target::load`] makes first.
///
/// # Errors
/// [`RoutineError::ImageTooLarge`] when `image` is longer than [`Abi::code_max`].
pub fn check_image(abi: &Abi, image: &[u8]) -> Result<(), RoutineError> {
    if image.len() > abi.code_max as usize {
        return Err(RoutineError::ImageTooLarge {
            len: image.len(),
            max: abi.code_max,
            at: Addr(abi.code),
        });
    }
    Ok(())
}

/// A routine: its image and its entry address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Routine<'a> {
    /// The raw image, loaded at [`Abi::code`].
    pub image: &'a [u8],
    /// The address the stub calls (inside the image).
    pub entry: u32,
}

impl<'a> Routine<'a> {
    /// A routine entered at its first byte.
    #[must_use]
    pub const fn at_start(abi: &Abi, image: &'a [u8]) -> Self {
        Self {
            image,
            entry: abi.code,
        }
    }
}

/// What one run found and cost.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoutineOutcome {
    /// The pairs, `a < b`, sorted, unique; indices into the frame's objects.
    pub pairs: Vec<Pair>,
    /// Pairs the routine wrote more than once (in either order).
    pub duplicates: usize,
    /// Cycles of the call, the stub's `CALL` and the routine's return included.
    pub cycles: u64,
    /// Chip accesses faster than the chip allows (see [`CallOutcome::chip_too_fast`]).
    pub chip_too_fast: u64,
}

/// Loads `routine` and runs it on `objects`: [`Target::load`], then [`run_loaded`].
///
/// # Errors
/// Any [`RoutineError`]: the image, the objects, the call, the pair list.
pub fn run_routine<T: Target + ?Sized>(
    target: &mut T,
    routine: &Routine<'_>,
    objects: &[Object],
) -> Result<RoutineOutcome, RoutineError> {
    let abi = target.abi();
    check_image(&abi, routine.image)?;
    let inside = routine
        .entry
        .checked_sub(abi.code)
        .is_some_and(|off| (off as usize) < routine.image.len());
    if !inside {
        return Err(RoutineError::EntryOutsideImage {
            entry: Addr(routine.entry),
            code: Addr(abi.code),
            len: routine.image.len(),
        });
    }
    target.load(routine.image)?;
    run_loaded(target, routine.entry, objects)
}

/// Runs the routine already loaded in `target` at `entry` on `objects`: writes the object
/// table at OBJ, clears the pair count at OUT, calls `entry` with the budget of
/// [`Abi::runaway_limit`], then reads and validates the pair list.
///
/// # Errors
/// Any [`RoutineError`] but the image's.
pub fn run_loaded<T: Target + ?Sized>(
    target: &mut T,
    entry: u32,
    objects: &[Object],
) -> Result<RoutineOutcome, RoutineError> {
    let abi = target.abi();
    let table = encode_objects(&abi, objects)?;
    target.poke(abi.obj, &table);
    target.poke(abi.out, &abi.byte_order.u16_bytes(0));
    let call = target.call(entry, abi.runaway_limit())?;
    let mut head = [0; 2];
    target.peek(abi.out, &mut head);
    let count = count_of(&abi, head);
    super::pairs::check_count(&abi, count)?;
    let mut body = vec![0; 2 * usize::from(count)];
    target.peek(abi.out + 2, &mut body);
    let decoded = decode_pairs(&abi, count, &body, objects.len())?;
    Ok(RoutineOutcome {
        pairs: decoded.pairs,
        duplicates: decoded.duplicates,
        cycles: call.cycles,
        chip_too_fast: call.chip_too_fast,
    })
}
