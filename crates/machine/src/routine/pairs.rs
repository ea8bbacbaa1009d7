//! The pair list: what the routine wrote at OUT, validated and normalised.

use collide::Pair;

use super::abi::{Abi, Addr};
use super::error::RoutineError;

/// The pairs of one call, normalised (`a < b`), sorted and without duplicates.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DecodedPairs {
    /// The unique pairs.
    pub pairs: Vec<Pair>,
    /// Pairs the routine wrote more than once (in either order): entries written minus
    /// unique pairs.
    pub duplicates: usize,
}

/// Reads the count K from the first two bytes of the list (in `abi`'s byte order).
#[must_use]
pub fn count_of(abi: &Abi, head: [u8; 2]) -> u16 {
    abi.byte_order.read_u16(head)
}

/// Checks the count K against the list's capacity.
///
/// # Errors
/// [`RoutineError::Overrun`] when K is above the capacity.
pub fn check_count(abi: &Abi, count: u16) -> Result<(), RoutineError> {
    if count > abi.out_capacity {
        return Err(RoutineError::Overrun {
            count,
            capacity: abi.out_capacity,
            at: Addr(abi.out),
        });
    }
    Ok(())
}

/// Decodes the K pairs in `body` (2K bytes after the count) for a table of `n` records.
///
/// # Errors
/// [`RoutineError::Overrun`] when K is above the capacity (or `body` is shorter than 2K),
/// [`RoutineError::IndexOutOfRange`] for an index `>= n`, [`RoutineError::SelfPair`] for
/// `i == j`; the first bad pair in list order is named.
pub fn decode_pairs(
    abi: &Abi,
    count: u16,
    body: &[u8],
    n: usize,
) -> Result<DecodedPairs, RoutineError> {
    check_count(abi, count)?;
    let k = usize::from(count);
    let Some(entries) = body.get(..2 * k) else {
        return Err(RoutineError::Overrun {
            count,
            capacity: (body.len() / 2) as u16,
            at: Addr(abi.out),
        });
    };
    let mut pairs = Vec::with_capacity(k);
    for (p, e) in entries.chunks_exact(2).enumerate() {
        let (i, j) = (e[0], e[1]);
        if usize::from(i) >= n || usize::from(j) >= n {
            return Err(RoutineError::IndexOutOfRange { pair: p, i, j, n });
        }
        if i == j {
            return Err(RoutineError::SelfPair { pair: p, index: i });
        }
        pairs.push(Pair::new(u32::from(i), u32::from(j)));
    }
    pairs.sort_unstable();
    pairs.dedup();
    Ok(DecodedPairs {
        duplicates: k - pairs.len(),
        pairs,
    })
}
