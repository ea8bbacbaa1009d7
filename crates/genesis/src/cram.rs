//! Colour RAM: 64 entries of 9-bit colour, `----BBB-GGG-RRR-`.
//!
//! Stored as the 128-byte big-endian image a save state or dump holds; unused bits read
//! back as 0 (GPGX and BE both mask CRAM words to 0x0EEE).

/// CRAM entries.
pub const CRAM_ENTRIES: usize = 64;
/// CRAM size in bytes (big-endian words).
pub const CRAM_BYTES: usize = CRAM_ENTRIES * 2;
/// Bits of a CRAM word that exist.
const COLOUR_BITS: u16 = 0x0EEE;

/// The 64 colours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cram {
    colours: [u16; CRAM_ENTRIES],
}

impl Default for Cram {
    fn default() -> Self {
        Self {
            colours: [0; CRAM_ENTRIES],
        }
    }
}

impl Cram {
    /// Writes a whole colour word to entry `index` (reduced modulo 64).
    pub fn write_colour(&mut self, index: u8, colour: u16) {
        self.colours[usize::from(index) % CRAM_ENTRIES] = colour & COLOUR_BITS;
    }

    /// Writes one byte of the 128-byte big-endian image (`addr` reduced modulo 128): the
    /// even byte is `----BBB-`, the odd byte `GGG-RRR-`.
    pub fn write_byte(&mut self, addr: u8, value: u8) {
        let a = usize::from(addr) % CRAM_BYTES;
        let c = &mut self.colours[a / 2];
        *c = if a.is_multiple_of(2) {
            (*c & 0x00FF) | (u16::from(value) << 8)
        } else {
            (*c & 0xFF00) | u16::from(value)
        } & COLOUR_BITS;
    }

    /// Colour word of entry `index` (reduced modulo 64).
    #[must_use]
    pub fn colour(&self, index: u8) -> u16 {
        self.colours[usize::from(index) % CRAM_ENTRIES]
    }

    /// All 64 colour words.
    #[must_use]
    pub fn colours(&self) -> &[u16; CRAM_ENTRIES] {
        &self.colours
    }

    /// Entry `index` as `0x00RRGGBB`; see [`colour_to_rgb`].
    #[must_use]
    pub fn rgb(&self, index: u8) -> u32 {
        colour_to_rgb(self.colour(index))
    }
}

/// Expands a 9-bit CRAM colour to `0x00RRGGBB`. Each 3-bit channel `c` becomes the 8-bit
/// value `c << 5 | c << 2 | c >> 1` (bit replication: 0, 36, 73, 109, 146, 182, 219, 255,
/// i.e. `round(c * 255 / 7)`), a linear scale. The real DAC's non-linear levels and the
/// shadow/highlight modes are not modelled.
#[must_use]
pub const fn colour_to_rgb(colour: u16) -> u32 {
    let r = expand3(((colour >> 1) & 7) as u32);
    let g = expand3(((colour >> 5) & 7) as u32);
    let b = expand3(((colour >> 9) & 7) as u32);
    (r << 16) | (g << 8) | b
}

const fn expand3(c: u32) -> u32 {
    (c << 5) | (c << 2) | (c >> 1)
}
