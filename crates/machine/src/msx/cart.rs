//! The cartridge in slot 1: plain ROMs and the ASCII8, ASCII16 and Konami (without SCC)
//! MegaROM mappers.
//!
//! Mapper registers, as openMSX implements them (`src/memory/RomAscii8kB.cc`,
//! `RomAscii16kB.cc`, `RomKonami.cc`):
//! - **ASCII8**: four 8 KB banks at $4000/$6000/$8000/$A000, selected by writes to
//!   $6000-$67FF, $6800-$6FFF, $7000-$77FF, $7800-$7FFF; all four start at bank 0.
//! - **ASCII16**: two 16 KB banks at $4000 and $8000, selected by writes to $6000-$67FF
//!   and $7000-$77FF; both start at bank 0.
//! - **Konami** (Konami4): four 8 KB banks at $4000/$6000/$8000/$A000; the first is fixed
//!   to bank 0, the others are selected by writes to $6000-$7FFF, $8000-$9FFF and
//!   $A000-$BFFF; they start at banks 0, 1, 2, 3.
//!
//! A bank number is taken modulo the number of banks in the ROM (openMSX masks it with the
//! ROM's size rounded up to a power of two; the ROM sizes accepted here are such powers
//! or padded to one with #FF).
//!
//! Plain ROMs (openMSX `RomPlain`): 8 KB and 16 KB images sit in page 1 ($4000) unless the
//! INIT address of their "AB" header points into page 2, then in page 2; an 8 KB image is
//! mirrored in both halves of its page. A 32 KB image fills $4000-$BFFF. Outside the image
//! the slot reads #FF.
//!
//! Detection, for images larger than 32 KB with no mapper named (openMSX
//! `RomFactory::guessRomType`): every `LD (nnnn),A` (opcode #32) in the image votes for
//! the mappers whose registers sit at `nnnn`: $4000/$8000/$A000 Konami, $5000/$9000/$B000
//! Konami SCC, $6800/$7800 ASCII8, $77FF ASCII16, $6000 Konami + ASCII8 + ASCII16, $7000
//! Konami SCC + ASCII8 + ASCII16. ASCII8 loses one vote; the type with the most votes wins,
//! a later type winning ties (order: generic 8 KB, generic 16 KB, Konami SCC, Konami,
//! ASCII8, ASCII16). A guess this board does not have (Konami SCC, generic) is an error
//! asking for `--mapper`.

use std::sync::Arc;

use crate::program::ProgramError;

/// The largest MegaROM accepted: 256 banks of 16 KB (ASCII16's 8-bit register).
pub const MAX_ROM_BYTES: usize = 4 * 1024 * 1024;

/// How the cartridge maps its ROM.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mapper {
    /// No mapper: the image at a fixed place (`base`).
    Plain {
        /// The address of the image's first byte.
        base: u16,
    },
    /// ASCII 8 KB banks.
    Ascii8,
    /// ASCII 16 KB banks.
    Ascii16,
    /// Konami without SCC.
    Konami,
}

/// The mapper names `--mapper` takes, case-insensitive: the board's and openMSX's
/// spellings, as `Mapper::by_name` reads them.
pub const MAPPER_NAMES: &[&str] = &[
    "plain",
    "ascii8",
    "ascii16",
    "konami",
    "normal",
    "mirrored",
    "ascii8kb",
    "ascii16kb",
    "konami4",
];

impl Mapper {
    /// The mapper named by the user (`--mapper`): `plain`, `ascii8`, `ascii16`, `konami`
    /// (openMSX's names `ASCII8`, `ASCII16`, `Konami`, `KonamiSCC`... case-insensitive).
    fn by_name(name: &str, rom: &[u8]) -> Result<Self, ProgramError> {
        match name.to_ascii_lowercase().as_str() {
            "plain" | "normal" | "mirrored" => Ok(plain(rom)),
            "ascii8" | "ascii8kb" => Ok(Self::Ascii8),
            "ascii16" | "ascii16kb" => Ok(Self::Ascii16),
            "konami" | "konami4" => Ok(Self::Konami),
            _ => Err(ProgramError::Image {
                what: format!(
                    "mapper {name:?}: unknown (this board has plain, ascii8, ascii16, konami)"
                ),
            }),
        }
    }
}

/// A plain ROM's place: see the module docs.
fn plain(rom: &[u8]) -> Mapper {
    if rom.len() > 0x4000 {
        return Mapper::Plain { base: 0x4000 };
    }
    let init = u16::from_le_bytes([
        rom.get(2).copied().unwrap_or(0),
        rom.get(3).copied().unwrap_or(0),
    ]);
    let base = if (0x8000..0xC000).contains(&init) {
        0x8000
    } else {
        0x4000
    };
    Mapper::Plain { base }
}

/// openMSX's guess for a MegaROM (module docs).
fn guess(rom: &[u8]) -> Result<Mapper, ProgramError> {
    // Votes, in openMSX's order: generic 8 KB, generic 16 KB, Konami SCC, Konami, ASCII8,
    // ASCII16.
    let mut votes = [0u32; 6];
    for w in rom.windows(3) {
        if w[0] != 0x32 {
            continue;
        }
        match u16::from_le_bytes([w[1], w[2]]) {
            0x5000 | 0x9000 | 0xB000 => votes[2] += 1,
            0x4000 | 0x8000 | 0xA000 => votes[3] += 1,
            0x6800 | 0x7800 => votes[4] += 1,
            0x6000 => {
                votes[3] += 1;
                votes[4] += 1;
                votes[5] += 1;
            }
            0x7000 => {
                votes[2] += 1;
                votes[4] += 1;
                votes[5] += 1;
            }
            0x77FF => votes[5] += 1,
            _ => {}
        }
    }
    votes[4] = votes[4].saturating_sub(1);
    let mut best = 0;
    for (i, &v) in votes.iter().enumerate() {
        if v > 0 && v >= votes[best] {
            best = i;
        }
    }
    match best {
        3 => Ok(Mapper::Konami),
        4 => Ok(Mapper::Ascii8),
        5 => Ok(Mapper::Ascii16),
        2 => Err(ProgramError::Image {
            what: "the image looks like a Konami SCC MegaROM, which this board lacks; name a \
                   mapper with --mapper"
                .into(),
        }),
        _ => Err(ProgramError::Image {
            what: "no mapper recognised in a MegaROM (no LD (nnnn),A to a known mapper \
                   register); name one with --mapper"
                .into(),
        }),
    }
}

/// The cartridge: its image, mapper and bank registers.
#[derive(Clone, Debug)]
pub struct Cartridge {
    /// The image, padded: ROM never changes, so the board's copies (save states) share it.
    rom: Arc<[u8]>,
    mapper: Mapper,
    /// The bank in each 8 KB region $4000, $6000, $8000, $A000 (16 KB banks: 2 x 8 KB).
    banks: [usize; 4],
}

impl Cartridge {
    /// The cartridge for `image`, its mapper `named` by the user or detected.
    ///
    /// # Errors
    /// [`ProgramError::Image`] for an impossible size, no "AB" header, an unknown mapper.
    pub fn new(image: &[u8], named: Option<&str>) -> Result<Self, ProgramError> {
        let len = image.len();
        if len == 0 || !len.is_multiple_of(0x2000) || len > MAX_ROM_BYTES {
            return Err(ProgramError::Image {
                what: format!(
                    "a cartridge of {len} bytes: an MSX ROM is a multiple of 8 KB, at most {} KB",
                    MAX_ROM_BYTES / 1024
                ),
            });
        }
        if image[..2] != *b"AB" {
            return Err(ProgramError::Image {
                what: format!(
                    "no \"AB\" cartridge header (the first two bytes are #{:02X} #{:02X}): the BIOS would not start it",
                    image[0], image[1]
                ),
            });
        }
        let mapper = match named {
            Some(name) => Mapper::by_name(name, image)?,
            None if len <= 0x8000 => plain(image),
            None => guess(image)?,
        };
        if let Mapper::Plain { .. } = mapper
            && len > 0x8000
        {
            return Err(ProgramError::Image {
                what: format!("a plain cartridge of {len} bytes: a plain ROM is 8, 16 or 32 KB"),
            });
        }
        // Pad to a power of two of 8 KB banks so bank numbers wrap as openMSX masks them.
        let mut padded = image.to_vec();
        padded.resize(len.next_power_of_two(), 0xFF);
        let rom = Arc::from(padded);
        let banks = match mapper {
            Mapper::Konami => [0, 1, 2, 3],
            Mapper::Ascii16 => [0, 1, 0, 1],
            _ => [0; 4],
        };
        Ok(Self { rom, mapper, banks })
    }

    /// A 16 KB ROM page at $4000 holding `image` (a routine's code, no header needed),
    /// #FF after it; longer images are cut at 16 KB (the routine contract refuses them
    /// first).
    #[must_use]
    pub fn rom_page(image: &[u8]) -> Self {
        let mut rom = vec![0xFF; 0x4000];
        let n = image.len().min(0x4000);
        rom[..n].copy_from_slice(&image[..n]);
        Self {
            rom: Arc::from(rom),
            mapper: Mapper::Plain { base: 0x4000 },
            banks: [0; 4],
        }
    }

    /// The mapper in use.
    #[must_use]
    pub const fn mapper(&self) -> Mapper {
        self.mapper
    }

    /// The image, padded to a power of two of 8 KB banks (a routine's page: 16 KB).
    #[must_use]
    pub fn image(&self) -> &[u8] {
        &self.rom
    }

    /// Where the 8 KB region `region` ($0000 + region x $2000) of the slot starts in
    /// [`Cartridge::image`] with the banks selected now; `None` where the slot reads #FF.
    /// A region holds whole 8 KB banks, so the rest of the region follows in the image.
    #[must_use]
    pub fn region_offset(&self, region: usize) -> Option<usize> {
        let start = region * 0x2000;
        match self.mapper {
            Mapper::Plain { base } => {
                let base = usize::from(base);
                let size = self.rom.len();
                // An 8 KB image shows twice in its 16 KB page.
                let span = size.max(0x4000);
                let off = start.checked_sub(base)?;
                (off < span).then_some(off % size)
            }
            _ => {
                if !(0x4000..0xC000).contains(&start) {
                    return None;
                }
                let bank = self.banks[(start - 0x4000) >> 13] % (self.rom.len() / 0x2000);
                Some(bank * 0x2000)
            }
        }
    }

    /// A byte of the slot at `addr`.
    #[must_use]
    pub fn read(&self, addr: u16) -> u8 {
        let a = usize::from(addr);
        self.region_offset(a >> 13)
            .map_or(0xFF, |at| self.rom[at + (a & 0x1FFF)])
    }

    /// A write to the slot: a bank switch where the mapper has a register there. True
    /// when a register was written (the slot's regions may show other banks).
    pub fn write(&mut self, addr: u16, value: u8) -> bool {
        let v = usize::from(value);
        match self.mapper {
            Mapper::Plain { .. } => false,
            Mapper::Ascii8 => {
                let hit = (0x6000..0x8000).contains(&addr);
                if hit {
                    self.banks[usize::from((addr >> 11) & 3)] = v;
                }
                hit
            }
            Mapper::Ascii16 => match addr {
                0x6000..=0x67FF => {
                    self.banks[..2].copy_from_slice(&[2 * v, 2 * v + 1]);
                    true
                }
                0x7000..=0x77FF => {
                    self.banks[2..].copy_from_slice(&[2 * v, 2 * v + 1]);
                    true
                }
                _ => false,
            },
            Mapper::Konami => {
                let hit = (0x6000..0xC000).contains(&addr);
                if hit {
                    self.banks[usize::from((addr - 0x4000) >> 13)] = v;
                }
                hit
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rom(len: usize, init: u16) -> Vec<u8> {
        let mut r = vec![0u8; len];
        r[..2].copy_from_slice(b"AB");
        r[2..4].copy_from_slice(&init.to_le_bytes());
        r
    }

    #[test]
    fn plain_roms_sit_where_their_header_says() {
        assert_eq!(
            Cartridge::new(&rom(0x4000, 0x4010), None).unwrap().mapper(),
            Mapper::Plain { base: 0x4000 }
        );
        assert_eq!(
            Cartridge::new(&rom(0x4000, 0x8010), None).unwrap().mapper(),
            Mapper::Plain { base: 0x8000 }
        );
        let c = Cartridge::new(&rom(0x2000, 0x4010), None).unwrap();
        assert_eq!(c.read(0x4000), b'A');
        assert_eq!(c.read(0x6000), b'A', "8 KB mirrored in its page");
        assert_eq!(c.read(0x8000), 0xFF);
        assert_eq!(c.read(0x3FFF), 0xFF);
    }

    #[test]
    fn bad_images_are_refused() {
        assert!(Cartridge::new(&[], None).is_err());
        assert!(Cartridge::new(&rom(0x1000, 0x4010), None).is_err());
        assert!(Cartridge::new(&vec![0; 0x4000], None).is_err());
        assert!(Cartridge::new(&rom(0x4000, 0x4010), Some("scc+")).is_err());
        assert!(
            Cartridge::new(&rom(0x20000, 0x4010), None).is_err(),
            "no votes"
        );
    }

    #[test]
    fn every_listed_mapper_name_is_read() {
        let r = rom(0x4000, 0x4010);
        for name in MAPPER_NAMES {
            assert!(Mapper::by_name(name, &r).is_ok(), "{name}");
            assert!(
                Mapper::by_name(&name.to_ascii_uppercase(), &r).is_ok(),
                "{name}"
            );
        }
    }

    #[test]
    fn detection_counts_mapper_writes() {
        // Three LD (#77FF),A and one LD (#6000),A: ASCII16 3+1 against ASCII8 1-1, Konami 1.
        let mut r = rom(0x20000, 0x4010);
        for (k, a) in [0x77FFu16, 0x77FF, 0x77FF, 0x6000].iter().enumerate() {
            r[16 + 3 * k] = 0x32;
            r[17 + 3 * k..19 + 3 * k].copy_from_slice(&a.to_le_bytes());
        }
        assert_eq!(Cartridge::new(&r, None).unwrap().mapper(), Mapper::Ascii16);
        // Konami: $8000 and $A000 twice each.
        let mut r = rom(0x20000, 0x4010);
        for (k, a) in [0x8000u16, 0xA000, 0x8000, 0xA000].iter().enumerate() {
            r[16 + 3 * k] = 0x32;
            r[17 + 3 * k..19 + 3 * k].copy_from_slice(&a.to_le_bytes());
        }
        assert_eq!(Cartridge::new(&r, None).unwrap().mapper(), Mapper::Konami);
    }

    #[test]
    fn banks_switch_by_register_writes() {
        // Each 8 KB bank starts with its own number.
        let mut r = rom(0x20000, 0x4010);
        for b in 1..16 {
            r[b * 0x2000] = b as u8;
        }
        let mut c = Cartridge::new(&r, Some("ascii16")).unwrap();
        c.write(0x7000, 3);
        assert_eq!(c.read(0x8000), 6, "16 KB bank 3 = 8 KB bank 6");
        assert_eq!(c.read(0xA000), 7);
        let mut c = Cartridge::new(&r, Some("ascii8")).unwrap();
        c.write(0x6800, 5);
        assert_eq!(c.read(0x6000), 5);
        let mut c = Cartridge::new(&r, Some("konami")).unwrap();
        assert_eq!(c.read(0xA000), 3, "Konami starts at banks 0-3");
        c.write(0x4000, 9);
        assert_eq!(c.read(0x4000), b'A', "page 1's first bank is fixed");
        c.write(0xA000, 9);
        assert_eq!(c.read(0xA000), 9);
    }
}
