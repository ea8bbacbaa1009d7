//! The routine contract shared by every machine (target-code.md, "The routine contract").
//!
//! A routine is a raw binary image that a machine loads at its code address and calls once
//! per frame, at the start of vertical blanking. The harness writes the frame's objects into
//! the machine's RAM as a table of records ([`records`]), calls the routine through a stub
//! `CALL`/`JSR code` followed by a trap address, and reads back the pairs the routine wrote
//! ([`pairs`]). Everything a machine has to say about itself is its [`Abi`]; everything the
//! runner needs from it is the [`Target`] trait; [`run_routine`] ties them together.
//!
//! - **Object table** at OBJ, in the CPU's byte order: a 16-bit count N, then N records of
//!   8 bytes: x (i16, left edge in screen pixels), y (i16, top edge), w (u8), h (u8), group
//!   (u8: 0 Good, 1 Bad, 2 Art), sprite (u8, the object's first hardware sprite number).
//! - **Pair list** at OUT, written by the routine: a 16-bit count K, then K pairs of two u8
//!   record indices. The harness clears K to 0 before the call.
//! - **Cycles** are counted from the first cycle of the stub's call to the last cycle of the
//!   routine's return, both included. A routine still running after 8 frames' worth of
//!   cycles ([`Abi::runaway_limit`]) is stopped and reported with its PC.
//!
//! Nothing here panics on any input: every value that does not fit, every bad count and
//! index is a [`RoutineError`].

mod abi;
mod error;
pub mod pairs;
pub mod records;
mod runner;

pub use abi::{Abi, Addr, ByteOrder};
pub use error::RoutineError;
pub use pairs::{DecodedPairs, decode_pairs};
pub use records::{ART, BAD, GOOD, RECORD_BYTES, Record, encode_objects};
pub use runner::{
    CallOutcome, Routine, RoutineOutcome, Target, check_image, run_loaded, run_routine,
};

#[cfg(test)]
mod tests;
