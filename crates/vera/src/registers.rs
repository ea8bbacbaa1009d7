//! The register file as the 65C02 sees it at $9F20-$9F3F, offsets 0x00-0x1F
//! (VERA Programmer's Reference, "Registers"; FPGA `top.v` 164-244 for reads, 300-470
//! for writes, 490-540 for the power-on values).
//!
//! Modelled: the two data ports (ADDRx_L/M/H, DATA0, DATA1, ADDRSEL), CTRL (DCSEL,
//! ADDRSEL, reset), IEN, ISR, IRQLINE_L / SCANLINE_L, and at DCSEL = 0 DC_VIDEO,
//! DC_HSCALE, DC_VSCALE, DC_BORDER; at DCSEL = 1 the active-area registers DC_HSTART,
//! DC_HSTOP, DC_VSTART, DC_VSTOP (applied by the picture and the sprite line plan); the
//! layer registers ($9F2D-$9F3A) live in [`crate::layer`].
//! The PCM and SPI registers ($9F3B-$9F3F) answer as the chip does with no sound made and
//! no SD card ([`crate::audio`]).
//! Not modelled: the FX registers and version bytes (DCSEL >= 2): writes are ignored and
//! reads return 0. The AFLOW interrupt is not modelled; LINE only when stepped by lines (see `isr`).

/// CPU address of offset 0.
pub const REGISTER_BASE: u16 = 0x9F20;

/// ADDRx_L: VRAM address bits 7-0 of the port selected by ADDRSEL.
pub const ADDR_L: u8 = 0x00;
/// ADDRx_M: VRAM address bits 15-8.
pub const ADDR_M: u8 = 0x01;
/// ADDRx_H: increment 7-4, DECR 3, nibble increment 2, nibble address 1, address bit 16.
pub const ADDR_H: u8 = 0x02;
/// DATA0: VRAM data port 0.
pub const DATA0: u8 = 0x03;
/// DATA1: VRAM data port 1.
pub const DATA1: u8 = 0x04;
/// CTRL: reset 7, DCSEL 6-1, ADDRSEL 0.
pub const CTRL: u8 = 0x05;
/// IEN: IRQ line bit 8 in 7, scan line bit 8 in 6 (read), AFLOW 3, SPRCOL 2, LINE 1, VSYNC 0.
pub const IEN: u8 = 0x06;
/// ISR: sprite collisions 7-4, AFLOW 3, SPRCOL 2, LINE 1, VSYNC 0.
pub const ISR: u8 = 0x07;
/// IRQLINE_L (write) / SCANLINE_L (read).
pub const IRQLINE_L: u8 = 0x08;
/// DC_VIDEO at DCSEL = 0: current field 7 (read), sprites enable 6, layer 1 enable 5,
/// layer 0 enable 4, 240P 3, chroma disable 2, output mode 1-0.
pub const DC_VIDEO: u8 = 0x09;
/// DC_HSCALE at DCSEL = 0 (128 = 1 output pixel per sprite pixel).
pub const DC_HSCALE: u8 = 0x0A;
/// DC_VSCALE at DCSEL = 0 (128 = 1 output line per sprite line).
pub const DC_VSCALE: u8 = 0x0B;
/// DC_BORDER at DCSEL = 0.
pub const DC_BORDER: u8 = 0x0C;
/// DC_HSTART at DCSEL = 1 (bits 9-2).
pub const DC_HSTART: u8 = 0x09;
/// DC_HSTOP at DCSEL = 1 (bits 9-2).
pub const DC_HSTOP: u8 = 0x0A;
/// DC_VSTART at DCSEL = 1 (bits 8-1).
pub const DC_VSTART: u8 = 0x0B;
/// DC_VSTOP at DCSEL = 1 (bits 8-1).
pub const DC_VSTOP: u8 = 0x0C;

/// DC_VIDEO bit 6: sprites enable.
pub const DC_VIDEO_SPRITES_ENABLE: u8 = 0x40;
/// DC_HSCALE / DC_VSCALE value for 1:1.
pub const SCALE_1_TO_1: u8 = 128;

/// The display-composer and control registers (everything but the data ports and the
/// interrupt state).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Display {
    /// DC_VIDEO bits 6-0 as written (bit 7, current field, is read-only).
    pub dc_video: u8,
    /// DC_HSCALE.
    pub hscale: u8,
    /// DC_VSCALE.
    pub vscale: u8,
    /// DC_BORDER.
    pub border: u8,
    /// Active area start column (a multiple of 4).
    pub hstart_px: u16,
    /// Active area end column (a multiple of 4).
    pub hstop_px: u16,
    /// Active area start line (even).
    pub vstart_px: u16,
    /// Active area end line (even).
    pub vstop_px: u16,
    /// CTRL bits 6-1.
    pub dcsel: u8,
    /// CTRL bit 0: which port ADDRx_L/M/H address.
    pub addrsel: bool,
    /// The 9-bit line of the LINE interrupt (IRQLINE_L and IEN bit 7), stored only.
    pub irq_line: u16,
}

impl Default for Display {
    /// The FPGA's power-on values (`top.v` 490-540): sprites and layers off, DC_VIDEO
    /// bit 3 set, 1:1 scale, full 640 x 480 active area.
    fn default() -> Self {
        Self {
            dc_video: 0x08,
            hscale: SCALE_1_TO_1,
            vscale: SCALE_1_TO_1,
            border: 0,
            hstart_px: 0,
            hstop_px: 640,
            vstart_px: 0,
            vstop_px: 480,
            dcsel: 0,
            addrsel: false,
            irq_line: 0,
        }
    }
}

impl Display {
    /// True when DC_VIDEO bit 6 shows sprites.
    #[must_use]
    pub const fn sprites_enabled(&self) -> bool {
        self.dc_video & DC_VIDEO_SPRITES_ENABLE != 0
    }

    /// CTRL as read back: DCSEL and ADDRSEL (the reset bit reads 0).
    #[must_use]
    pub const fn ctrl(&self) -> u8 {
        (self.dcsel << 1) | self.addrsel as u8
    }

    /// Handles a write to one of $9F29-$9F2C (offsets 0x09-0x0C) under the current DCSEL.
    pub fn write_dc(&mut self, offset: u8, value: u8) {
        match (self.dcsel, offset) {
            (0, DC_VIDEO) => self.dc_video = value & 0x7F,
            (0, DC_HSCALE) => self.hscale = value,
            (0, DC_VSCALE) => self.vscale = value,
            (0, DC_BORDER) => self.border = value,
            (1, DC_HSTART) => self.hstart_px = u16::from(value) << 2,
            (1, DC_HSTOP) => self.hstop_px = u16::from(value) << 2,
            (1, DC_VSTART) => self.vstart_px = u16::from(value) << 1,
            (1, DC_VSTOP) => self.vstop_px = u16::from(value) << 1,
            _ => {}
        }
    }

    /// What a read of one of $9F29-$9F2C returns under the current DCSEL. The current
    /// field bit of DC_VIDEO reads 0: the model is progressive and registers are read at
    /// the start of vblank (line 480, even).
    #[must_use]
    pub const fn read_dc(&self, offset: u8) -> u8 {
        match (self.dcsel, offset) {
            (0, DC_VIDEO) => self.dc_video,
            (0, DC_HSCALE) => self.hscale,
            (0, DC_VSCALE) => self.vscale,
            (0, DC_BORDER) => self.border,
            (1, DC_HSTART) => (self.hstart_px >> 2) as u8,
            (1, DC_HSTOP) => (self.hstop_px >> 2) as u8,
            (1, DC_VSTART) => (self.vstart_px >> 1) as u8,
            (1, DC_VSTOP) => (self.vstop_px >> 1) as u8,
            _ => 0,
        }
    }
}
