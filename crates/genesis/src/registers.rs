//! VDP registers 0-23 and the display modes they select.
//!
//! Only the bits the sprite plane depends on are decoded (specs/genesis-vdp.md, "Memory
//! and registers"); every register keeps the byte last written so a CPU model can read it
//! back. Mode 5 (the Mega Drive mode) is assumed throughout: register 1 bit 2 is stored but
//! not consulted, and interlace mode 2 (register 12 bits 2-1 = 11) is out of scope, so
//! sprites are always 8x8 cells with 9-bit Y.

/// Number of VDP registers.
pub const REGISTER_COUNT: usize = 24;

/// Register 1 bit 6: display enable.
const REG1_DISPLAY_ENABLE: u8 = 0x40;
/// Register 1 bit 3: 30-cell (240-line) vertical mode.
const REG1_V30: u8 = 0x08;
/// Register 12 bit 0 (RS1): 40-cell horizontal mode.
const REG12_H40: u8 = 0x01;

/// Horizontal display mode: 32 or 40 cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HMode {
    /// 32 cells, 256 pixels.
    H32,
    /// 40 cells, 320 pixels.
    H40,
}

impl HMode {
    /// Active width in pixels.
    #[must_use]
    pub const fn width_px(self) -> u16 {
        match self {
            Self::H32 => 256,
            Self::H40 => 320,
        }
    }

    /// Sprites the chip can show on one line (BE vdp.h 30-31; GPGX R 48-51).
    #[must_use]
    pub const fn sprites_per_line(self) -> usize {
        match self {
            Self::H32 => 16,
            Self::H40 => 20,
        }
    }

    /// Entries of the sprite attribute table, which bounds the link-list walk.
    #[must_use]
    pub const fn sprites_per_frame(self) -> usize {
        match self {
            Self::H32 => 64,
            Self::H40 => 80,
        }
    }

    /// Sprite cells (8 pixels each) the chip can fetch per line: the pixel budget.
    #[must_use]
    pub const fn cell_budget(self) -> u8 {
        match self {
            Self::H32 => 32,
            Self::H40 => 40,
        }
    }
}

/// Vertical display mode: 28 or 30 cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VMode {
    /// 28 cells, 224 lines.
    V28,
    /// 30 cells, 240 lines (a PAL mode on real hardware; the model renders it either way).
    V30,
}

impl VMode {
    /// Active lines.
    #[must_use]
    pub const fn height_px(self) -> u16 {
        match self {
            Self::V28 => 224,
            Self::V30 => 240,
        }
    }
}

/// The 24 register bytes with typed views of the bits the sprite plane uses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Registers {
    regs: [u8; REGISTER_COUNT],
}

impl Registers {
    /// Stores `value` in register `n`; numbers 24 and above do not exist and are ignored,
    /// as the chip ignores them.
    pub fn write(&mut self, n: u8, value: u8) {
        if let Some(r) = self.regs.get_mut(usize::from(n)) {
            *r = value;
        }
    }

    /// The byte last written to register `n` (0 for numbers that do not exist).
    #[must_use]
    pub fn read(&self, n: u8) -> u8 {
        self.regs.get(usize::from(n)).copied().unwrap_or(0)
    }

    /// All 24 register bytes.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8; REGISTER_COUNT] {
        &self.regs
    }

    /// Register 1 bit 6.
    #[must_use]
    pub fn display_enabled(&self) -> bool {
        self.regs[1] & REG1_DISPLAY_ENABLE != 0
    }

    /// Register 12: H40 when RS1 (bit 0) is set, whatever RS0 (bit 7) holds. This is the
    /// consensus of Genesis Plus GX and BlastEm, which run side by side on the same VRAM
    /// both take the cell count from bit 0 alone; jgenesis also switches to 40 cells on
    /// bit 7 alone, and is not followed. Software sets both bits together, so the rule
    /// only matters for a value with one of them.
    #[must_use]
    pub fn h_mode(&self) -> HMode {
        if self.regs[12] & REG12_H40 != 0 {
            HMode::H40
        } else {
            HMode::H32
        }
    }

    /// Register 1 bit 3.
    #[must_use]
    pub fn v_mode(&self) -> VMode {
        if self.regs[1] & REG1_V30 != 0 {
            VMode::V30
        } else {
            VMode::V28
        }
    }

    /// Register 5: SAT base address bits A15-A9; in H40 A9 is forced to 0, so the table
    /// is 1 KiB aligned (GPGX C 2080/2107; BE 342-352).
    #[must_use]
    pub fn sat_base(&self) -> u16 {
        let a15_a9 = u16::from(self.regs[5] & 0x7F) << 9;
        match self.h_mode() {
            HMode::H32 => a15_a9,
            HMode::H40 => a15_a9 & !0x0200,
        }
    }

    /// Register 7 bits 5-0: the backdrop colour as a CRAM index (palette * 16 + colour).
    #[must_use]
    pub fn backdrop_index(&self) -> u8 {
        self.regs[7] & 0x3F
    }

    /// Register 15: data-port auto-increment in bytes.
    #[must_use]
    pub fn auto_increment(&self) -> u8 {
        self.regs[15]
    }
}
