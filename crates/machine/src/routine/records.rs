//! The object table: how a frame's [`Object`]s become 8-byte records in the CPU's byte order.
//!
//! Record `i` is object `i` of the frame, so the pair indices a routine writes are indices
//! into the frame's object slice. Fields:
//!
//! | offset | field | from |
//! |---|---|---|
//! | 0 | x, i16 | `bbox.x` (left edge) |
//! | 2 | y, i16 | `bbox.y` (top edge) |
//! | 4 | w, u8 | `bbox.w` |
//! | 5 | h, u8 | `bbox.h` |
//! | 6 | group, u8 | 0 Good, 1 Bad, 2 Art |
//! | 7 | sprite, u8 | `id`, the object's first hardware sprite number |
//!
//! A value that does not fit its field (a box wider than 255 px, x beyond the i16 range, a
//! sprite number above 255) is a [`RoutineError::RecordField`] naming the object, the field
//! and the value: never a silent truncation.

use collide::{Group, Object};

use super::abi::{Abi, Addr};
use super::error::RoutineError;

/// Bytes per record.
pub const RECORD_BYTES: usize = 8;
/// The group byte of a Good object.
pub const GOOD: u8 = 0;
/// The group byte of a Bad object.
pub const BAD: u8 = 1;
/// The group byte of an Art object (never collides).
pub const ART: u8 = 2;

/// One object as the routine reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    /// Left edge, screen pixels.
    pub x: i16,
    /// Top edge, screen pixels.
    pub y: i16,
    /// Width in pixels.
    pub w: u8,
    /// Height in pixels.
    pub h: u8,
    /// [`GOOD`], [`BAD`] or [`ART`].
    pub group: u8,
    /// First hardware sprite number.
    pub sprite: u8,
}

fn field<T: TryFrom<i64>>(
    index: usize,
    name: &'static str,
    value: i64,
    range: &'static str,
) -> Result<T, RoutineError> {
    T::try_from(value).map_err(|_| RoutineError::RecordField {
        index,
        field: name,
        value,
        range,
    })
}

impl Record {
    /// The record of object `index` of a frame.
    ///
    /// # Errors
    /// [`RoutineError::RecordField`] when a value does not fit its field.
    pub fn from_object(index: usize, o: &Object) -> Result<Self, RoutineError> {
        const I16: &str = "i16 (-32768..=32767)";
        const U8: &str = "u8 (0..=255)";
        Ok(Self {
            x: field(index, "x", i64::from(o.bbox.x), I16)?,
            y: field(index, "y", i64::from(o.bbox.y), I16)?,
            w: field(index, "w", i64::from(o.bbox.w), U8)?,
            h: field(index, "h", i64::from(o.bbox.h), U8)?,
            group: match o.group {
                Group::Good => GOOD,
                Group::Bad => BAD,
                Group::Art => ART,
            },
            sprite: field(index, "sprite", i64::from(o.id), U8)?,
        })
    }

    /// The record's 8 bytes in `abi`'s byte order.
    #[must_use]
    pub fn to_bytes(&self, abi: &Abi) -> [u8; RECORD_BYTES] {
        let [x0, x1] = abi.byte_order.u16_bytes(self.x as u16);
        let [y0, y1] = abi.byte_order.u16_bytes(self.y as u16);
        [x0, x1, y0, y1, self.w, self.h, self.group, self.sprite]
    }
}

/// The whole object table (count, then the records) for `objects`.
///
/// # Errors
/// [`RoutineError::TooManyObjects`] above the table's capacity, or the first
/// [`RoutineError::RecordField`].
pub fn encode_objects(abi: &Abi, objects: &[Object]) -> Result<Vec<u8>, RoutineError> {
    if objects.len() > usize::from(abi.obj_capacity) {
        return Err(RoutineError::TooManyObjects {
            count: objects.len(),
            capacity: abi.obj_capacity,
            at: Addr(abi.obj),
        });
    }
    let mut bytes = Vec::with_capacity(2 + RECORD_BYTES * objects.len());
    bytes.extend_from_slice(&abi.byte_order.u16_bytes(objects.len() as u16));
    for (i, o) in objects.iter().enumerate() {
        bytes.extend_from_slice(&Record::from_object(i, o)?.to_bytes(abi));
    }
    Ok(bytes)
}
