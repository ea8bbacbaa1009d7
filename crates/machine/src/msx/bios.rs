//! The BIOS the board boots by default: C-BIOS 0.28 for MSX1 (BSD-2-Clause; the images
//! and licence are in `roms/msx/cbios/`, from Debian's `cbios` package), its main ROM at
//! $0000-$7FFF and logo ROM at $8000-$BFFF of slot 0, as openMSX's `C-BIOS_MSX1` machine
//! places them.

/// C-BIOS MSX1 main ROM (32 KB).
pub const CBIOS_MAIN: &[u8; 0x8000] =
    include_bytes!("../../../../roms/msx/cbios/cbios_main_msx1.rom");
/// C-BIOS MSX1 logo ROM (16 KB).
pub const CBIOS_LOGO: &[u8; 0x4000] =
    include_bytes!("../../../../roms/msx/cbios/cbios_logo_msx1.rom");

/// Main and logo ROM, as slot 0 holds them.
#[must_use]
pub fn cbios() -> Vec<u8> {
    let mut b = CBIOS_MAIN.to_vec();
    b.extend_from_slice(CBIOS_LOGO);
    b
}
