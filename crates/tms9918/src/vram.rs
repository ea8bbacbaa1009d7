//! Video memory: 16 KiB, addressed with 14 bits.
//!
//! The TMS9918A's address pointer is 14 bits wide and wraps from 0x3FFF to 0x0000
//! (openMSX `VDP.cc` `executeCpuVramAccess`: `vramPointer = (vramPointer + 1) & 0x3FFF`).
//! Every access here masks its address, so no content of memory or registers can index
//! outside it.
//!
//! Not modelled: the 4 KiB addressing of R1 bit 7 = 0 (4116 DRAMs, openMSX
//! `VDPVRAM::change4k8kMapping`). MSX machines always run the chip with 16 KiB.

/// Bytes of video memory.
pub const VRAM_SIZE: usize = 0x4000;

/// Mask of a 14-bit VRAM address.
pub const ADDRESS_MASK: u16 = 0x3FFF;

/// The 16 KiB of video memory.
#[derive(Clone, PartialEq, Eq)]
pub struct Vram {
    bytes: Box<[u8; VRAM_SIZE]>,
}

impl std::fmt::Debug for Vram {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let used = self.bytes.iter().filter(|&&b| b != 0).count();
        f.debug_struct("Vram")
            .field("non_zero_bytes", &used)
            .finish()
    }
}

impl Default for Vram {
    fn default() -> Self {
        Self::new()
    }
}

impl Vram {
    /// Memory cleared to zero (openMSX clears VRAM at power-on; real DRAM holds noise).
    #[must_use]
    pub fn new() -> Self {
        Self {
            bytes: Box::new([0; VRAM_SIZE]),
        }
    }

    /// The byte at `addr`, taken modulo 16 KiB.
    #[inline]
    #[must_use]
    pub fn read(&self, addr: u16) -> u8 {
        self.bytes[usize::from(addr & ADDRESS_MASK)]
    }

    /// Writes one byte at `addr`, taken modulo 16 KiB.
    #[inline]
    pub fn write(&mut self, addr: u16, value: u8) {
        self.bytes[usize::from(addr & ADDRESS_MASK)] = value;
    }

    /// Writes `bytes` from `addr` on, wrapping from 0x3FFF to 0x0000 as the pointer does.
    pub fn write_wrapping(&mut self, addr: u16, bytes: &[u8]) {
        let mut a = addr & ADDRESS_MASK;
        for &b in bytes {
            self.bytes[usize::from(a)] = b;
            a = a.wrapping_add(1) & ADDRESS_MASK;
        }
    }

    /// The whole memory.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8; VRAM_SIZE] {
        &self.bytes
    }
}
