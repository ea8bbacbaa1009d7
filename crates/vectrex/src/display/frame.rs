//! What one frame put on the tube: segments in beam units and the cycles it took.

use super::cycles::FRAME_BUDGET_CYCLES;

/// A beam position in beam units (a list value times the scale), origin at the screen
/// centre, y up, x right (Malban's tutorial, coordinates.htm).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Point {
    /// Vertical, up positive.
    pub y: i32,
    /// Horizontal, right positive.
    pub x: i32,
}

/// The line pattern of a solid vector (shift register $FF).
pub const PATTERN_SOLID: u8 = 0xFF;

/// One lit vector.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Segment {
    /// Where the beam started.
    pub from: Point,
    /// Where it ended.
    pub to: Point,
    /// Brightness 1..=127 (vecx's Z value; 0 and >= $80 draw nothing and are not listed).
    pub intensity: u8,
    /// The shift-register pattern: [`PATTERN_SOLID`] or `Vec_Pattern` for `Draw_VL_mode`'s
    /// patterned lines (one bit per shift, repeated along the line).
    pub pattern: u8,
}

/// One frame: the segments drawn since the last `Wait_Recal` and the 6809 cycles used.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Frame {
    /// Lit vectors in drawing order.
    pub segments: Vec<Segment>,
    /// 6809 cycles since the T2 reload of `Wait_Recal`.
    pub cycles: u64,
}

impl Frame {
    /// True when the frame took longer than the 30,000-cycle refresh: on real hardware
    /// `Wait_Recal` would find T2 already expired, the game would miss 50 Hz and the
    /// picture would wobble.
    #[must_use]
    pub fn over_budget(&self) -> bool {
        self.cycles > FRAME_BUDGET_CYCLES
    }

    /// The share of the 30,000-cycle budget used (1.0 = all of it).
    #[must_use]
    pub fn budget_used(&self) -> f64 {
        self.cycles as f64 / FRAME_BUDGET_CYCLES as f64
    }
}
