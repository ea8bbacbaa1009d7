//! Everything that can go wrong when a routine runs, named with the PC, addresses and counts
//! a programmer needs to find it.

use super::abi::Addr;

/// A routine run that did not produce a pair list.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoutineError {
    /// The image does not fit the machine's code area.
    #[error("image of {len} bytes does not fit the {max}-byte code area at {at}")]
    ImageTooLarge {
        /// The image's size.
        len: usize,
        /// The code area's size.
        max: u32,
        /// The code address.
        at: Addr,
    },
    /// The entry point lies outside the loaded image.
    #[error("entry {entry} is outside the image loaded at {code} ({len} bytes)")]
    EntryOutsideImage {
        /// The entry asked for.
        entry: Addr,
        /// The code address.
        code: Addr,
        /// The image's size.
        len: usize,
    },
    /// More objects than the object table holds.
    #[error("{count} objects do not fit the object table at {at} ({capacity} records)")]
    TooManyObjects {
        /// Objects in the frame.
        count: usize,
        /// Records the table holds.
        capacity: u16,
        /// The table's address.
        at: Addr,
    },
    /// An object's value does not fit its record field.
    #[error("object {index}: {field} {value} does not fit the record's {range}")]
    RecordField {
        /// The object's index in the frame.
        index: usize,
        /// The field (`x`, `y`, `w`, `h`, `sprite`).
        field: &'static str,
        /// The value that does not fit.
        value: i64,
        /// The field's type and range, as text.
        range: &'static str,
    },
    /// The routine did not return within the budget.
    #[error("runaway: no return after {cycles} cycles (budget {budget}), PC at {pc}")]
    Runaway {
        /// Where the CPU was when stopped.
        pc: Addr,
        /// Cycles run.
        cycles: u64,
        /// The budget.
        budget: u64,
    },
    /// The CPU stopped for good: HALT with interrupts masked, or a stop instruction.
    #[error("CPU halted at PC {pc} with interrupts masked: it can never return")]
    Halted {
        /// The halting instruction's address.
        pc: Addr,
    },
    /// An opcode the CPU does not define.
    #[error("undefined instruction ${opcode:02X} at PC {pc}")]
    UndefinedInstruction {
        /// Its address.
        pc: Addr,
        /// The opcode (first bytes, as the CPU reads them).
        opcode: u32,
    },
    /// A machine-specific fault: execution or a call where nothing is modelled.
    #[error("fault at PC {pc}: {what}")]
    Fault {
        /// Where.
        pc: Addr,
        /// What happened.
        what: String,
    },
    /// The pair count is above the pair list's capacity.
    #[error(
        "overrun: pair count {count} above the capacity of {capacity} pairs of the list at {at} \
         (the routine wrote past its buffer or found more pairs than it holds)"
    )]
    Overrun {
        /// The count the routine wrote.
        count: u16,
        /// The list's capacity.
        capacity: u16,
        /// The list's address.
        at: Addr,
    },
    /// A pair names a record that does not exist.
    #[error("pair {pair} ({i}, {j}): index out of range, the table holds {n} objects")]
    IndexOutOfRange {
        /// The pair's position in the list.
        pair: usize,
        /// Its first index.
        i: u8,
        /// Its second index.
        j: u8,
        /// Records in the table.
        n: usize,
    },
    /// A pair of an object with itself.
    #[error("pair {pair} ({index}, {index}): an object paired with itself")]
    SelfPair {
        /// The pair's position in the list.
        pair: usize,
        /// The index.
        index: u8,
    },
}
