//! The vector display as the BIOS drawing routines drive it (specs/vectrex.md, "Vector
//! display model"; sources/vectrex.md section 2).
//!
//! A [`Display`] holds the pen (position, scale = VIA T1 low byte, intensity) and the
//! BIOS RAM bytes the routines share (`$C823` vector count, `$C824` zero-reference enable,
//! `$C829` line pattern). Each routine reads its vector list in the native byte format
//! from a [`Memory`](crate::memory::Memory) image, moves the pen by value x scale per vector, appends the lit
//! vectors to the current [`Frame`] and charges its 6809 cycles ([`cycles`]).
//!
//! Loop semantics follow Tomlin's annotated BIOS: `Draw_VL_a` draws while the decremented
//! count stays >= 0 as a signed byte (count 0..=$7F draws count + 1 vectors, $80 draws
//! 129, $81..=$FF draws one), `Draw_Pat_VL` while `$C823` is non-zero, `Draw_VL_mode` until
//! a mode byte of 1. Intensity follows vecx (vecx.c 156-166): the Z sample-and-hold gets
//! the DAC byte when it is 1..=$7F and 0 otherwise, so vectors at intensity 0 or >= $80
//! are not listed (the beam still moves and the cycles are still spent).
//!
//! Bad input: a list read runs off the memory image ([`DisplayError::Memory`]) or, in an
//! image that fills the whole 64 KiB, reads 65,536 bytes without an end marker
//! ([`DisplayError::Runaway`]). Segments drawn before the error stay in the frame, as the
//! beam would have drawn them. The pen saturates at the `i32` range.

pub mod cycles;
mod frame;
mod routines;
mod vector_lists;

#[cfg(test)]
mod tests;

pub use frame::{Frame, PATTERN_SOLID, Point, Segment};

use crate::memory::MemoryError;
use thiserror::Error;

/// Why a drawing routine stopped early.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
pub enum DisplayError {
    /// The list ran off the memory image.
    #[error(transparent)]
    Memory(#[from] MemoryError),
    /// The list wrapped the whole address space without an end marker.
    #[error("the vector list at ${start:04X} read 65536 bytes without an end marker")]
    Runaway {
        /// Where the list began.
        start: u16,
    },
}

/// The pen: where the beam is, the scale vectors are drawn at, and the brightness.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pen {
    /// Beam position in beam units.
    pub at: Point,
    /// VIA T1 low byte: how many cycles each move or draw ramps the integrators.
    pub scale: u8,
    /// The last byte given to `Intensity_a` (`Vec_Brightness`, $C827).
    pub intensity: u8,
}

/// The display, the VIA state the BIOS leaves in it, and the frame being drawn.
#[derive(Clone, Debug)]
pub struct Display {
    pen: Pen,
    /// `$C823`: vectors left for `Draw_VL` / `Mov_Draw_VL` / `Draw_Pat_VL`.
    vec_misc_count: u8,
    /// `$C824` (`Vec_0Ref_Enable`): non-zero makes `Check0Ref` reset the pen after lists.
    vec_0ref_enable: u8,
    /// `$C829` (`Vec_Pattern`): the pattern of `Draw_VL_mode`'s patterned lines.
    vec_pattern: u8,
    frame: Frame,
}

impl Default for Display {
    fn default() -> Self {
        Self::new()
    }
}

impl Display {
    /// The state after `Init_OS`: pen at the origin, scale $7F (`Init_VIA`), BIOS RAM
    /// cleared (intensity 0, count 0, no zero-reference reset), an empty frame.
    #[must_use]
    pub fn new() -> Self {
        Self {
            pen: Pen {
                at: Point::default(),
                scale: 0x7F,
                intensity: 0,
            },
            vec_misc_count: 0,
            vec_0ref_enable: 0,
            vec_pattern: 0,
            frame: Frame::default(),
        }
    }

    /// The pen now.
    #[must_use]
    pub fn pen(&self) -> Pen {
        self.pen
    }

    /// The frame being drawn.
    #[must_use]
    pub fn frame(&self) -> &Frame {
        &self.frame
    }

    /// `$C823`, the count `Mov_Draw_VL` and `Draw_VL` use.
    #[must_use]
    pub fn vec_misc_count(&self) -> u8 {
        self.vec_misc_count
    }

    /// Stores `$C823` (`STA $C823`, 5 cycles).
    pub fn set_vec_misc_count(&mut self, count: u8) {
        self.vec_misc_count = count;
        self.charge(5);
    }

    /// Stores `Vec_0Ref_Enable` ($C824, `STA` extended, 5 cycles).
    pub fn set_vec_0ref_enable(&mut self, enable: u8) {
        self.vec_0ref_enable = enable;
        self.charge(5);
    }

    /// Stores `Vec_Pattern` ($C829, `STA` extended, 5 cycles).
    pub fn set_vec_pattern(&mut self, pattern: u8) {
        self.vec_pattern = pattern;
        self.charge(5);
    }

    /// Sets the scale: `STB <VIA_t1_cnt_lo` (direct, 4 cycles).
    pub fn set_scale(&mut self, scale: u8) {
        self.pen.scale = scale;
        self.charge(4);
    }

    /// Charges cycles the program spends between BIOS calls (game logic, collision
    /// tests) to the frame.
    pub fn charge(&mut self, cycles: u32) {
        self.frame.cycles += u64::from(cycles);
    }
}
