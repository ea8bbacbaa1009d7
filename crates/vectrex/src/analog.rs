//! The analog vector hardware as the VIA drives it: the DAC on port A, the multiplexer
//! into the Y, zero-reference and brightness (Z) sample-and-holds, the two integrators
//! that move the beam while /RAMP is low, /ZERO that discharges them to the centre, and
//! /BLANK that lights the beam (specs/vectrex.md, "Vector display model"; the wiring from
//! the Vectrex schematics as vecx models it in `alg_sstep` and `via_write`, and Malban's
//! "Vectrex internals" notes behind sources/vectrex.md).
//!
//! The rules, per VIA pin:
//! - Port A is the DAC's input, a signed byte. The X integrator always sees the DAC:
//!   the BIOS therefore loads Y through the multiplexer first and X last (vecx: `alg_xsh`
//!   follows every port A write).
//! - PB0 low enables the multiplexer; PB2-PB1 pick where the DAC goes: 0 the Y
//!   sample-and-hold, 1 the zero reference both integrators are measured from, 2 the
//!   brightness Z, 3 the sound input (ignored here). A sample-and-hold keeps its value when
//!   the multiplexer is disabled or points elsewhere.
//! - While /RAMP (PB7, from Timer 1 when ACR bit 7 gives it the pin) is low, every cycle
//!   moves the beam by (X - reference, Y - reference) beam units: a list value d held for
//!   `scale` cycles moves it d x scale, the unit of [`crate::display`].
//! - While /ZERO (CA2) is low the integrators are discharged: the beam is at the centre.
//! - The beam is lit while /BLANK (CB2) is high and Z is 1..=$7F (vecx: Z takes the DAC
//!   byte when it is positive, 0 otherwise). A lit beam that moves draws a segment with
//!   brightness Z; consecutive cycles in one direction at one brightness are one segment.
//!
//! Approximations, stated: the integrators are ideal (no drift, no saturation short of the
//! `i32` range) and a sample-and-hold takes its new value at once; the beam's travel from
//! the centre to where the picture starts is not modelled as light. Pure: no I/O.

use crate::display::{PATTERN_SOLID, Point, Segment};

/// The VIA pins the analog board reads, as they stand over a run of cycles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pins {
    /// Port A's pins (the DAC byte).
    pub port_a: u8,
    /// Port B's pins (PB0 /mux enable, PB2-PB1 mux select, PB7 /RAMP).
    pub port_b: u8,
    /// CA2: /ZERO.
    pub ca2: bool,
    /// CB2: /BLANK.
    pub cb2: bool,
}

/// Where the multiplexer sends the DAC (PB2-PB1).
const MUX_Y: u8 = 0;
const MUX_REFERENCE: u8 = 1;
const MUX_Z: u8 = 2;

/// The sample-and-holds, the beam and the segments drawn so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Analog {
    y_sh: i8,
    reference_sh: i8,
    z_sh: u8,
    at: Point,
    /// The segment being drawn: its start, direction per cycle and brightness.
    open: Option<(Point, Point, u8)>,
    segments: Vec<Segment>,
}

impl Analog {
    /// The beam at the centre, every sample-and-hold at 0.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Where the beam is, in beam units.
    #[must_use]
    pub const fn beam(&self) -> Point {
        self.at
    }

    /// The brightness sample-and-hold.
    #[must_use]
    pub const fn z(&self) -> u8 {
        self.z_sh
    }

    /// Runs `cycles` cycles with the pins held at `pins`.
    pub fn run(&mut self, pins: Pins, cycles: u32) {
        let dac = pins.port_a as i8;
        if pins.port_b & 0x01 == 0 {
            match (pins.port_b >> 1) & 3 {
                MUX_Y => self.y_sh = dac,
                MUX_REFERENCE => self.reference_sh = dac,
                MUX_Z => self.z_sh = if dac > 0 { dac as u8 } else { 0 },
                _ => {}
            }
        }
        if cycles == 0 {
            return;
        }
        if !pins.ca2 {
            self.close();
            self.at = Point::default();
            return;
        }
        let ramp = pins.port_b & 0x80 == 0;
        let step = if ramp {
            Point {
                y: i32::from(self.y_sh) - i32::from(self.reference_sh),
                x: i32::from(dac) - i32::from(self.reference_sh),
            }
        } else {
            Point::default()
        };
        let lit = pins.cb2 && self.z_sh > 0;
        if !lit {
            self.close();
        } else {
            match self.open {
                Some((_, dir, z)) if dir == step && z == self.z_sh => {}
                _ => {
                    self.close();
                    self.open = Some((self.at, step, self.z_sh));
                }
            }
        }
        let n = i64::from(cycles);
        self.at = Point {
            y: saturate(i64::from(self.at.y) + i64::from(step.y) * n),
            x: saturate(i64::from(self.at.x) + i64::from(step.x) * n),
        };
    }

    /// Ends the segment being drawn, if any (a dot where the beam stood still).
    fn close(&mut self) {
        if let Some((from, _, z)) = self.open.take() {
            self.segments.push(Segment {
                from,
                to: self.at,
                intensity: z,
                pattern: PATTERN_SOLID,
            });
        }
    }

    /// The segments drawn since the last call, ending the one being drawn.
    pub fn take_segments(&mut self) -> Vec<Segment> {
        self.close();
        std::mem::take(&mut self.segments)
    }
}

fn saturate(v: i64) -> i32 {
    v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}
