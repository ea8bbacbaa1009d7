//! The status word read from the control port (sources/genesis.md section 4).
//!
//! | bit | meaning | model |
//! |---|---|---|
//! | 15-10 | open bus (68000 prefetch) | fixed `001101`, the value CMD and MAME give (0x3400) |
//! | 9 | FIFO empty | 1 unless data-port writes wait in the FIFO ([`crate::fifo`]; only when the board keeps time) |
//! | 8 | FIFO full | 1 while four writes wait |
//! | 7 | VINT pending (F) | set when vertical blank starts, whatever register 1 bit 5 says; cleared by [`crate::Vdp::acknowledge_vint`] (the 68000's interrupt acknowledge), not by a status read |
//! | 6 | sprite overflow | set by the per-line sprite-count limit only |
//! | 5 | sprite collision | set by opaque sprite pixels meeting in the active area |
//! | 4 | odd field | 0: interlace is out of scope |
//! | 3 | vertical blank | set from the end of the active lines to the start of the next frame, and whenever it is read while the display is disabled (register 1 bit 6 now, not at the frame's start; GPGX `vdp_68k_ctrl_r`) |
//! | 2 | horizontal blank | from H counter $93 to $05 in H32 (master clocks 2,940 to 100 of the line), $B3 to $05 in H40 (2,868 to 92): GPGX `HBLANK_H32_START_MCYCLE` .. `HBLANK_H40_END_MCYCLE` moved to this model's line ([`crate::fifo`]); read live, only when the board keeps time |
//! | 1 | DMA busy | set while a fill or copy runs, from the fill's command on (GPGX sets it when the fill is armed); a 68000 transfer holds the 68000, which so never reads it set ([`crate::dma`]) |
//! | 0 | PAL | as set by [`crate::Vdp::set_pal`] |
//!
//! A status read returns the word and clears bits 5 and 6 (BE 6084-6085; GPGX C 1250-1253;
//! jgenesis vdp.rs 1155-1159). Bits 5 and 6 are otherwise sticky across frames.

/// Bit 7: VINT pending.
pub const STATUS_VINT_PENDING: u16 = 1 << 7;
/// Bit 6: sprite overflow.
pub const STATUS_OVERFLOW: u16 = 1 << 6;
/// Bit 5: sprite collision.
pub const STATUS_COLLISION: u16 = 1 << 5;
/// Bit 1: DMA busy.
pub const STATUS_DMA_BUSY: u16 = 1 << 1;
/// Bit 2: horizontal blank.
pub const STATUS_HBLANK: u16 = 1 << 2;
/// Bit 3: vertical blank.
pub const STATUS_VBLANK: u16 = 1 << 3;
/// Bit 9: the write FIFO is empty.
pub const STATUS_FIFO_EMPTY: u16 = 1 << 9;
/// Bit 8: the write FIFO is full.
pub const STATUS_FIFO_FULL: u16 = 1 << 8;
/// Bit 0: PAL console.
pub const STATUS_PAL: u16 = 1;
/// Bits 15-10 (fixed open-bus value) and bit 9 (FIFO empty).
const STATUS_FIXED: u16 = 0x3400 | (1 << 9);

/// The flags behind the status word.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Status {
    /// Bit 7.
    pub vint_pending: bool,
    /// Bit 6.
    pub overflow: bool,
    /// Bit 5.
    pub collision: bool,
    /// Bit 3.
    pub vblank: bool,
    /// Bit 0.
    pub pal: bool,
}

impl Status {
    /// The word as the control port returns it.
    #[must_use]
    pub fn word(&self) -> u16 {
        let mut w = STATUS_FIXED;
        if self.vint_pending {
            w |= STATUS_VINT_PENDING;
        }
        if self.overflow {
            w |= STATUS_OVERFLOW;
        }
        if self.collision {
            w |= STATUS_COLLISION;
        }
        if self.vblank {
            w |= STATUS_VBLANK;
        }
        if self.pal {
            w |= STATUS_PAL;
        }
        w
    }

    /// Returns the word and clears bits 5 and 6, as a control-port read does.
    pub fn read(&mut self) -> u16 {
        let w = self.word();
        self.overflow = false;
        self.collision = false;
        w
    }
}

/// Whether status bit 2 (HBlank) reads set `master_in_line` master clocks into a line
/// (H counter 0 at 0): H32 from 2,940 (H $93) to 100 (H $05), H40 from 2,868 (H $B3) to
/// 92 (H $05), wrapping over the line's end.
#[must_use]
pub fn hblank(master_in_line: u32, h_mode: crate::HMode) -> bool {
    let (start, end) = hblank_edges(h_mode);
    master_in_line >= start || master_in_line < end
}

/// Where bit 2 sets and where it clears, master clocks into a line.
pub(crate) fn hblank_edges(h_mode: crate::HMode) -> (u32, u32) {
    match h_mode {
        crate::HMode::H32 => (2_940, 100),
        crate::HMode::H40 => (2_868, 92),
    }
}
