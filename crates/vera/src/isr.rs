//! The interrupt registers IEN and ISR, the commit of the frame's collision nibble at the
//! start of vblank, and the IRQ line (VERA Programmer's Reference, "Interrupts",
//! "Sprite collisions"; FPGA `sprite_renderer.v` 400-404, `top.v` 179, 436-451, 1201;
//! x16-emulator `video.c` `update_isr_and_coll` 1215-1228, register writes 2205-2210).
//!
//! - ISR bits 7-4 are the collision nibble of the last frame: at the start of vblank
//!   they are *replaced* by the frame's accumulated collisions (so 0 after a
//!   collision-free frame). A non-zero nibble also sets SPRCOL (bit 2), which stays set
//!   until the CPU writes ISR with bit 2 set. VSYNC (bit 0) is set at every commit.
//! - Writing ISR clears the bits of 2-0 written as 1. On the hardware bits 7-4 are
//!   read-only; the x16-emulator also clears them ([`Quirks::X16Emu`]).
//! - IRQ = (ISR & IEN) != 0 over the four interrupt sources (bits 3-0).
//!
//! LINE (bit 1) is raised when the chip is stepped line by line ([`crate::Vera::start_line`])
//! and the beam reaches IRQLINE; the frame-at-once path never raises it. AFLOW (bit 3) is
//! never raised: there is no audio FIFO.

use crate::quirks::Quirks;

/// ISR / IEN bit 0.
pub const VSYNC: u8 = 0x01;
/// ISR / IEN bit 1.
pub const LINE: u8 = 0x02;
/// ISR / IEN bit 2.
pub const SPRCOL: u8 = 0x04;
/// ISR / IEN bit 3.
pub const AFLOW: u8 = 0x08;
/// ISR bits 7-4.
pub const COLLISIONS: u8 = 0xF0;

/// IEN's enable bits and ISR's state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Interrupts {
    enable: u8,
    status: u8,
    collisions: u8,
}

impl Interrupts {
    /// The enable bits of IEN (3-0).
    #[must_use]
    pub const fn enable(&self) -> u8 {
        self.enable
    }

    /// Sets the enable bits from an IEN write (bits 7-4 of the write are not enables).
    pub fn set_enable(&mut self, ien: u8) {
        self.enable = ien & 0x0F;
    }

    /// ISR as the CPU reads it: collision nibble in 7-4, status in 3-0.
    #[must_use]
    pub const fn isr(&self) -> u8 {
        (self.collisions << 4) | self.status
    }

    /// An ISR write.
    pub fn write_isr(&mut self, value: u8, quirks: Quirks) {
        self.status &= !(value & (SPRCOL | LINE | VSYNC));
        if quirks.isr_write_clears_collisions() {
            self.collisions &= !(value >> 4);
        }
    }

    /// The start of vblank: the frame's collision nibble replaces ISR 7-4, SPRCOL is set
    /// if it is non-zero, VSYNC is set.
    pub fn commit_vblank(&mut self, frame_collisions: u8) {
        self.collisions = frame_collisions & 0x0F;
        if self.collisions != 0 {
            self.status |= SPRCOL;
        }
        self.status |= VSYNC;
    }

    /// Sets a status bit (LINE when the beam reaches IRQLINE).
    pub fn raise(&mut self, bit: u8) {
        self.status |= bit & (LINE | VSYNC | SPRCOL);
    }

    /// The IRQ output: any enabled source pending.
    #[must_use]
    pub const fn irq(&self) -> bool {
        self.status & self.enable != 0
    }
}
