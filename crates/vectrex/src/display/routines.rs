//! The pen routines: `Wait_Recal`, `Reset0Ref`, `Moveto_d`, `Intensity_a`, and the ramp
//! every move and draw shares.

use super::cycles;
use super::{Display, Frame, Point, Segment};

impl Display {
    /// Ramps the integrators for one vector of (`dy`, `dx`) at the current scale: the pen
    /// moves by value x scale; with the beam on (`pattern` non-zero) at a visible
    /// intensity the vector is listed.
    pub(super) fn ramp(&mut self, dy: i8, dx: i8, pattern: u8) {
        let scale = i32::from(self.pen.scale);
        let from = self.pen.at;
        let to = Point {
            y: from.y.saturating_add(i32::from(dy) * scale),
            x: from.x.saturating_add(i32::from(dx) * scale),
        };
        self.pen.at = to;
        // vecx: Z gets the DAC byte for 1..=$7F, else 0 (no light).
        let z = self.pen.intensity;
        if pattern != 0 && (1..0x80).contains(&z) {
            self.frame.segments.push(Segment {
                from,
                to,
                intensity: z,
                pattern,
            });
        }
    }

    /// `Wait_Recal` ($F192): ends the frame and starts the next at the T2 reload. The new
    /// frame is charged `Set_Refresh` and `Recalibrate` (moves to $7F7F and $8080 at
    /// scale $FF with `Reset0Int` between, then `Reset0Ref`), which leave the pen at the
    /// origin and the scale at $FF. Returns the finished frame.
    pub fn wait_recal(&mut self) -> Frame {
        let done = std::mem::take(&mut self.frame);
        self.pen.scale = 0xFF;
        self.pen.at = Point::default();
        let moves = cycles::moveto_d(0xFF, 0x7F, 0x7F) + cycles::moveto_d(0xFF, -0x80, -0x80)
            - 2 * cycles::JSR;
        self.charge(cycles::RECALIBRATE_FIXED + moves + cycles::RESET0REF_BODY);
        done
    }

    /// `Reset0Ref` ($F354): zero the integrators, pen back to the origin (51 cycles).
    pub fn reset0ref(&mut self) {
        self.pen.at = Point::default();
        self.charge(cycles::RESET0REF);
    }

    /// `Moveto_d` ($F312): A = `y`, B = `x`, relative to the pen at the current scale,
    /// beam off.
    pub fn moveto_d(&mut self, y: i8, x: i8) {
        self.ramp(y, x, 0);
        self.charge(cycles::moveto_d(self.pen.scale, y, x));
    }

    /// `Intensity_a` ($F2AB): A to the DAC and the Z sample-and-hold, copy in $C827
    /// (43 cycles). 1..=$7F is visible; 0 and >= $80 draw nothing (vecx).
    pub fn intensity_a(&mut self, a: u8) {
        self.pen.intensity = a;
        self.charge(cycles::INTENSITY_A);
    }
}
