//! Status register S#0: `F 5S C FS4..FS0`.
//!
//! - F (bit 7): set at the end of the active display, when the frame interrupt fires
//!   (openMSX `VDP.cc` `execVScan`: `statusReg0 |= 0x80`; SY 317-320).
//! - 5S (bit 6) and FS4-0: the fifth-sprite flag and number (see [`crate::check`]).
//! - C (bit 5): two displayed sprites overlap (see [`crate::check`]).
//!
//! Reading S#0 clears F, 5S and C and keeps FS4-0: openMSX `SpriteChecker::resetStatus`
//! ("used to be 0x5F, but that is contradicted by TMS9918.pdf") and `VDP::readStatusReg`
//! clearing F; MAME `register_read`; blueMSX `&= 0x1F` (msx.md §2 "Clearing").
//! Power-on value 0x00 as openMSX (blueMSX uses 0x9F; msx.md §2).

/// F: frame done, the frame interrupt flag.
pub const F: u8 = 0x80;
/// 5S: a fifth sprite was found on a line.
pub const FIFTH_SPRITE: u8 = 0x40;
/// C: two sprites collided.
pub const COLLISION: u8 = 0x20;
/// FS4-0: the fifth-sprite number (or the last sprite scanned).
pub const FIFTH_NUMBER_MASK: u8 = 0x1F;

/// S#0 decoded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Status(pub u8);

impl Status {
    /// F: the frame has ended since the last read.
    #[must_use]
    pub const fn frame(self) -> bool {
        self.0 & F != 0
    }

    /// 5S: a line had a fifth sprite.
    #[must_use]
    pub const fn fifth_sprite(self) -> bool {
        self.0 & FIFTH_SPRITE != 0
    }

    /// C: two displayed sprites overlapped.
    #[must_use]
    pub const fn collision(self) -> bool {
        self.0 & COLLISION != 0
    }

    /// FS4-0: the fifth sprite's number when 5S is set, otherwise the number of the
    /// `Y = 208` entry that ended the scan, or 31.
    #[must_use]
    pub const fn fifth_number(self) -> u8 {
        self.0 & FIFTH_NUMBER_MASK
    }
}

/// The value left in S#0 after it was read.
#[inline]
#[must_use]
pub const fn after_read(s0: u8) -> u8 {
    s0 & FIFTH_NUMBER_MASK
}
