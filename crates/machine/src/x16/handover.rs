//! The user's own `rom.bin` and how the board hands a `.PRG` to it, as x16emu does
//! (X16Community/x16-emulator commit 49b1fbd, `main.c`: `emulator_loop`'s check at
//! $FFCF, `is_kernal`, and the paste into the keyboard buffer; `ieee.c` `copen`, the
//! `":*"` name).
//!
//! # The ROM
//! `rom.bin` is the ROM chip's image: 16 KB banks, bank 0 first, at most 32 of them (the
//! X16's 512 KB ROM); bank `n` shows at $C000-$FFFF when $0001 holds `n`. The CPU starts
//! at the RESET vector of bank 0 (the ROM bank register is 0 after power-on), which must
//! point into the ROM's window ($C000-$FFFF).
//!
//! # The handover
//! x16emu does not put the program into memory itself: the first time the CPU reaches
//! CHRIN ($FFCF) with the KERNAL's bank showing (the bank carries "MIST" at $FFF6 or
//! $C008), which is BASIC waiting for its first line, it types `LOAD":*",8,1` and `RUN`
//! (or `SYS` and the address when one is given), each ended by RETURN. The keys go
//! straight into the KERNAL's keyboard buffer (KEYD $A800, its count NDX $A80A, in RAM
//! bank 0: the r4x KERNAL's places, x16emu `rom_symbols.h`), one character at a time
//! whenever the count is below 10 and interrupts are enabled, checked at every
//! instruction. BASIC then LOADs from unit 8, whose drive answers the name `:*` with the
//! program file, once; RUN starts it.

use crate::program::ProgramError;

use super::bus::{Memory, ROM, ROM_BANK_BYTES};

/// ROM banks the board's ROM socket holds at most (512 KB).
pub const MAX_ROM_BANKS: usize = 32;
/// CHRIN in the KERNAL's jump table: BASIC reading a line.
pub const CHRIN: u16 = 0xFFCF;
/// The KERNAL's keyboard buffer (r4x), in RAM bank 0.
pub const KEYD: u16 = 0xA800;
/// The number of keys in it.
pub const NDX: u16 = 0xA80A;
/// Keys the buffer holds.
const KEYD_SIZE: u8 = 10;
/// The signature x16emu checks for the KERNAL's bank.
const SIGNATURE: &[u8; 4] = b"MIST";
/// Where the signature may be.
const SIGNATURE_AT: [u16; 2] = [0xFFF6, 0xC008];

/// `rom` checked as a rom.bin (see the module docs).
///
/// # Errors
/// [`ProgramError::SystemRom`] for a size that is not 1 to 32 banks of 16 KB, or a RESET
/// vector outside $C000-$FFFF.
pub fn check_rom(rom: &[u8]) -> Result<u16, ProgramError> {
    let banks = rom.len() / ROM_BANK_BYTES;
    if rom.is_empty() || !rom.len().is_multiple_of(ROM_BANK_BYTES) || banks > MAX_ROM_BANKS {
        return Err(ProgramError::SystemRom {
            what: format!(
                "the ROM image is {} bytes; an X16 rom.bin is 1 to {MAX_ROM_BANKS} banks of \
                 16,384 bytes (16 KB to 512 KB)",
                rom.len()
            ),
        });
    }
    let reset = u16::from_le_bytes([rom[ROM_BANK_BYTES - 4], rom[ROM_BANK_BYTES - 3]]);
    if reset < ROM {
        return Err(ProgramError::SystemRom {
            what: format!(
                "its RESET vector (bank 0, $FFFC) is ${reset:04X}, outside the ROM's window \
                 $C000-$FFFF: the 65C02 would start in RAM that power-on leaves empty"
            ),
        });
    }
    Ok(reset)
}

/// Whether the KERNAL's bank shows at $C000 (x16emu `is_kernal`).
#[must_use]
pub fn is_kernal(mem: &Memory) -> bool {
    SIGNATURE_AT.iter().any(|&at| {
        SIGNATURE
            .iter()
            .zip(at..)
            .all(|(&c, addr)| mem.read(addr) == c)
    })
}

/// The keys typed for the program, and how far they have gone into the buffer.
#[derive(Clone, Debug)]
pub struct Handover {
    /// `LOAD":*",8,1` RETURN, then `RUN` or `SYS n` RETURN.
    keys: Vec<u8>,
    /// Keys put in the buffer so far.
    typed: usize,
    /// Whether BASIC has asked for its first line (typing has begun).
    started: bool,
}

impl Handover {
    /// The keys for a program started by RUN, or by `SYS start` when `start` is given.
    #[must_use]
    pub fn new(start: Option<u16>) -> Self {
        let mut keys = b"LOAD\":*\",8,1\r".to_vec();
        match start {
            Some(start) => keys.extend_from_slice(format!("SYS{start}\r").as_bytes()),
            None => keys.extend_from_slice(b"RUN\r"),
        }
        Self {
            keys,
            typed: 0,
            started: false,
        }
    }

    /// Whether every key has been typed.
    #[must_use]
    pub fn done(&self) -> bool {
        self.typed == self.keys.len()
    }

    /// Before the instruction at `pc`, with interrupts disabled or not (`i`): begins at
    /// the first CHRIN with the KERNAL's bank showing, then types into the buffer while
    /// it has room and interrupts are enabled. True when it typed: RAM changed under the
    /// program.
    pub fn step(&mut self, pc: u16, i: bool, mem: &mut Memory) -> bool {
        if !self.started {
            if pc != CHRIN || !is_kernal(mem) {
                return false;
            }
            self.started = true;
        }
        if i {
            return false;
        }
        let before = self.typed;
        while self.typed < self.keys.len() {
            let count = mem.read_bank0(NDX);
            if count >= KEYD_SIZE {
                break;
            }
            mem.write_bank0(KEYD + u16::from(count), self.keys[self.typed]);
            mem.write_bank0(NDX, count + 1);
            self.typed += 1;
        }
        self.typed != before
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rom_with(reset: u16, banks: usize) -> Vec<u8> {
        let mut rom = vec![0xEAu8; banks * ROM_BANK_BYTES];
        rom[ROM_BANK_BYTES - 4..ROM_BANK_BYTES - 2].copy_from_slice(&reset.to_le_bytes());
        rom
    }

    #[test]
    fn a_rom_is_whole_banks_with_its_reset_vector_in_the_window() {
        assert_eq!(check_rom(&rom_with(0xE000, 1)), Ok(0xE000));
        assert_eq!(check_rom(&rom_with(0xC000, 32)), Ok(0xC000));
        for (rom, says) in [
            (rom_with(0xE000, 33), "540672 bytes"),
            (vec![0; 1000], "1000 bytes"),
            (Vec::new(), "0 bytes"),
            (rom_with(0x0801, 2), "$0801"),
        ] {
            let e = check_rom(&rom).unwrap_err();
            assert!(matches!(e, ProgramError::SystemRom { .. }), "{e}");
            assert!(e.to_string().contains(says), "{e}");
        }
    }

    #[test]
    fn keys_wait_for_chrin_in_the_kernal_bank_then_fill_the_buffer_ten_at_a_time() {
        let mut rom = rom_with(0xE000, 2);
        rom[0x3FF6..0x3FFA].copy_from_slice(b"MIST");
        let mut mem = Memory::new(rom.into_boxed_slice());
        let mut h = Handover::new(None);
        assert!(!h.step(0xE000, false, &mut mem));
        assert_eq!(mem.read_bank0(NDX), 0, "not at CHRIN");
        mem.write(0x0001, 1);
        assert!(!h.step(CHRIN, false, &mut mem));
        assert_eq!(mem.read_bank0(NDX), 0, "bank 1 has no signature");
        mem.write(0x0001, 0);
        assert!(!h.step(CHRIN, true, &mut mem));
        assert_eq!(mem.read_bank0(NDX), 0, "interrupts disabled");
        assert!(h.step(CHRIN, false, &mut mem), "typed");
        assert_eq!(mem.read_bank0(NDX), 10);
        let typed: Vec<u8> = (0..10).map(|k| mem.read_bank0(KEYD + k)).collect();
        assert_eq!(typed, b"LOAD\":*\",8");
        // BASIC takes the keys; the rest follow anywhere once begun.
        mem.write_bank0(NDX, 0);
        assert!(h.step(0x1234, false, &mut mem));
        assert_eq!(mem.read_bank0(NDX), 7);
        assert!(h.done());
        let typed: Vec<u8> = (0..7).map(|k| mem.read_bank0(KEYD + k)).collect();
        assert_eq!(typed, b",1\rRUN\r");
        assert_eq!(&Handover::new(Some(2061)).keys[13..], b"SYS2061\r");
    }
}
