//! A memory image as the 6809 addresses it: bytes at a 16-bit base address (a cartridge
//! ROM at $0000, a RAM buffer at $C880, ...). Every read is checked; an address outside
//! the image is a typed error, never a panic.

use thiserror::Error;

/// Why a memory image or a read from it was refused.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
pub enum MemoryError {
    /// The image would run past $FFFF, beyond the 6809's address space.
    #[error("an image of {len} bytes at ${base:04X} runs past $FFFF")]
    TooLarge {
        /// The base address asked for.
        base: u16,
        /// The image length in bytes.
        len: usize,
    },
    /// A read outside the image (a list that runs past its end, a bad pointer).
    #[error("address ${addr:04X} is outside the memory image")]
    Unmapped {
        /// The address read.
        addr: u16,
    },
}

/// Read-only bytes at a base address in the 6809's 64 KiB address space.
#[derive(Clone, Copy, Debug)]
pub struct Memory<'a> {
    bytes: &'a [u8],
    base: u16,
}

impl<'a> Memory<'a> {
    /// The image `bytes` mapped at `base`; it must end at or before $FFFF.
    pub fn new(bytes: &'a [u8], base: u16) -> Result<Self, MemoryError> {
        if usize::from(base) + bytes.len() > 0x1_0000 {
            return Err(MemoryError::TooLarge {
                base,
                len: bytes.len(),
            });
        }
        Ok(Self { bytes, base })
    }

    /// The first mapped address.
    #[must_use]
    pub fn base(&self) -> u16 {
        self.base
    }

    /// The number of mapped bytes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// True when nothing is mapped.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The byte at `addr`.
    #[inline]
    pub fn read(&self, addr: u16) -> Result<u8, MemoryError> {
        let offset = addr.wrapping_sub(self.base);
        self.bytes
            .get(usize::from(offset))
            .copied()
            .ok_or(MemoryError::Unmapped { addr })
    }
}
