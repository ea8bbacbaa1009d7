//! What a machine tells the runner about itself: addresses, capacities, byte order, clock.

use std::fmt;

/// The CPU's byte order for 16-bit values in the object table and the pair list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ByteOrder {
    /// Low byte first (Z80, 65C02).
    Little,
    /// High byte first (68000, 6809).
    Big,
}

impl ByteOrder {
    /// `v` as two bytes in this order.
    #[must_use]
    pub const fn u16_bytes(self, v: u16) -> [u8; 2] {
        match self {
            Self::Little => v.to_le_bytes(),
            Self::Big => v.to_be_bytes(),
        }
    }

    /// Two bytes in this order as a `u16`.
    #[must_use]
    pub const fn read_u16(self, b: [u8; 2]) -> u16 {
        match self {
            Self::Little => u16::from_le_bytes(b),
            Self::Big => u16::from_be_bytes(b),
        }
    }
}

/// A machine's side of the routine contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Abi {
    /// The machine's name as the command line writes it (`msx`, `genesis`, ...).
    pub machine: &'static str,
    /// Where the image is loaded; the stub calls this address.
    pub code: u32,
    /// The largest image, in bytes.
    pub code_max: u32,
    /// The object table: a 16-bit count, then the records.
    pub obj: u32,
    /// How many records fit the object table.
    pub obj_capacity: u16,
    /// The pair list: a 16-bit count, then the pairs.
    pub out: u32,
    /// How many pairs fit the pair list.
    pub out_capacity: u16,
    /// The stack pointer the harness sets before the call.
    pub stack: u32,
    /// Byte order of the 16-bit values.
    pub byte_order: ByteOrder,
    /// CPU cycles per video frame.
    pub cycles_per_frame: u64,
}

impl Abi {
    /// The cycles after which a routine that has not returned is stopped: 8 frames.
    #[must_use]
    pub const fn runaway_limit(&self) -> u64 {
        8 * self.cycles_per_frame
    }

    /// The bytes of the pair list when full: the count and `out_capacity` pairs.
    #[must_use]
    pub const fn out_bytes(&self) -> u32 {
        2 + 2 * self.out_capacity as u32
    }
}

/// An address as the machine's documentation writes it: `$4000`, `$FF0000`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Addr(pub u32);

impl fmt::Display for Addr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 <= 0xFFFF {
            write!(f, "${:04X}", self.0)
        } else {
            write!(f, "${:06X}", self.0)
        }
    }
}
