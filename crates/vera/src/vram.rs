//! The 128 KiB of video RAM and the two tables the sprite layer reads from it
//! (VERA Programmer's Reference, "Video RAM access", "Palette", "Sprite attributes").
//!
//! The FPGA keeps the palette and the sprite attributes in separate RAMs that every VRAM
//! write to their address ranges also updates (`top.v` 913-995); since the CPU can only
//! reach them through those writes, one array holding everything behaves the same.
//! Every address is reduced modulo 128 KiB, as the 17-bit VRAM address of the hardware is.

/// Size of VRAM in bytes.
pub const VRAM_BYTES: usize = 0x2_0000;
/// Mask that reduces any address to a VRAM address (17 bits).
pub const VRAM_ADDR_MASK: u32 = 0x1_FFFF;
/// First byte of the palette: 256 entries of 2 bytes (GGGGBBBB, ----RRRR).
pub const PALETTE_ADDR: u32 = 0x1_FA00;
/// Bytes of the palette.
pub const PALETTE_BYTES: u32 = 512;
/// First byte of the sprite attribute table: 128 entries of 8 bytes.
pub const SPRITE_ATTR_ADDR: u32 = 0x1_FC00;
/// Number of sprites.
pub const SPRITE_COUNT: usize = 128;
/// Bytes per sprite attribute entry.
pub const SPRITE_ATTR_BYTES: usize = 8;

/// No address written yet.
const NOTHING_WRITTEN: (u32, u32) = (u32::MAX, 0);

/// The attribute entries (bit n = sprite n) holding a byte of `first..=last`.
fn attr_entries(first: u32, last: u32) -> u128 {
    if last < SPRITE_ATTR_ADDR {
        return 0;
    }
    let a = (first.max(SPRITE_ATTR_ADDR) - SPRITE_ATTR_ADDR) >> 3;
    let b = (last - SPRITE_ATTR_ADDR) >> 3;
    let upto_b = if b >= 127 {
        u128::MAX
    } else {
        (2u128 << b) - 1
    };
    upto_b & !((1u128 << a) - 1)
}

/// The video RAM.
pub(crate) struct Vram {
    bytes: Box<[u8; VRAM_BYTES]>,
    /// The lowest and highest address written since [`Self::mark`] (lowest > highest
    /// when nothing was): a frame can tell whether the bytes it took at line 0 changed.
    written: (u32, u32),
    /// The sprites whose attribute bytes were written since [`Self::take_attr_written`]
    /// (bit n % 64 of word n / 64 = sprite n): the chip reads the table line by line,
    /// and only these entries need decoding again. Two words, not a u128: a data-port
    /// write sets its bit with one 64-bit shift.
    attr_written: [u64; 2],
}

clone_by_fields!(Vram {
    bytes,
    written,
    attr_written
});

impl std::fmt::Debug for Vram {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Vram").field("bytes", &VRAM_BYTES).finish()
    }
}

impl Default for Vram {
    fn default() -> Self {
        Self::new()
    }
}

impl Vram {
    /// All-zero VRAM.
    #[must_use]
    pub fn new() -> Self {
        let bytes: Box<[u8; VRAM_BYTES]> = vec![0u8; VRAM_BYTES]
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("the vector has exactly VRAM_BYTES bytes"));
        Self {
            bytes,
            written: NOTHING_WRITTEN,
            attr_written: [0; 2],
        }
    }

    /// Starts a new span of written addresses.
    pub fn mark(&mut self) {
        self.written = NOTHING_WRITTEN;
    }

    /// The sprites whose attribute entries were written since the last call (bit n =
    /// sprite n), and a fresh start.
    pub fn take_attr_written(&mut self) -> u128 {
        let [low, high] = std::mem::take(&mut self.attr_written);
        u128::from(low) | (u128::from(high) << 64)
    }

    /// Whether a byte in `first..=last` was written since [`Self::mark`].
    #[inline]
    #[must_use]
    pub const fn written_within(&self, first: u32, last: u32) -> bool {
        let (lo, hi) = self.written;
        lo <= hi && lo <= last && first <= hi
    }

    /// The byte at `addr` (reduced modulo 128 KiB).
    #[inline]
    #[must_use]
    pub fn read(&self, addr: u32) -> u8 {
        self.bytes[(addr & VRAM_ADDR_MASK) as usize]
    }

    /// Writes one byte at `addr` (reduced modulo 128 KiB).
    #[inline]
    pub fn write(&mut self, addr: u32, value: u8) {
        let addr = addr & VRAM_ADDR_MASK;
        self.written = (self.written.0.min(addr), self.written.1.max(addr));
        if addr >= SPRITE_ATTR_ADDR {
            let entry = (addr - SPRITE_ATTR_ADDR) >> 3;
            self.attr_written[(entry >> 6) as usize & 1] |= 1 << (entry & 63);
        }
        self.bytes[addr as usize] = value;
    }

    /// Writes `data` from `addr` on, wrapping from 0x1FFFF to 0x00000 as the data port's
    /// address does; more than 128 KiB simply overwrites from the start again.
    pub fn write_slice(&mut self, addr: u32, data: &[u8]) {
        let mut at = (addr & VRAM_ADDR_MASK) as usize;
        if !data.is_empty() {
            let end = at + data.len() - 1;
            self.written = if end >= VRAM_BYTES {
                (0, VRAM_ADDR_MASK)
            } else {
                (
                    self.written.0.min(at as u32),
                    self.written.1.max(end as u32),
                )
            };
            let entries = if end >= VRAM_BYTES || data.len() >= VRAM_BYTES {
                u128::MAX
            } else {
                attr_entries(at as u32, end as u32)
            };
            self.attr_written[0] |= entries as u64;
            self.attr_written[1] |= (entries >> 64) as u64;
        }
        let mut rest = data;
        while !rest.is_empty() {
            let room = VRAM_BYTES - at;
            let (now, later) = rest.split_at(room.min(rest.len()));
            self.bytes[at..at + now.len()].copy_from_slice(now);
            rest = later;
            at = 0;
        }
    }

    /// All 128 KiB, for dumps.
    #[must_use]
    pub fn as_slice(&self) -> &[u8] {
        &self.bytes[..]
    }

    /// The 8 attribute bytes of sprite `number` (0..127; higher numbers wrap).
    #[must_use]
    pub fn sprite_attr(&self, number: usize) -> [u8; SPRITE_ATTR_BYTES] {
        let start = SPRITE_ATTR_ADDR as usize + (number % SPRITE_COUNT) * SPRITE_ATTR_BYTES;
        let mut out = [0u8; SPRITE_ATTR_BYTES];
        out.copy_from_slice(&self.bytes[start..start + SPRITE_ATTR_BYTES]);
        out
    }

    /// The 12-bit colour of palette entry `index` as 0x0RGB.
    #[must_use]
    pub fn palette_entry(&self, index: u8) -> u16 {
        let at = PALETTE_ADDR as usize + usize::from(index) * 2;
        u16::from(self.bytes[at]) | (u16::from(self.bytes[at + 1] & 0x0F) << 8)
    }
}
