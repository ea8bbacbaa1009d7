//! The analog board driven pin by pin the way the BIOS drives it (Y through the
//! multiplexer, X last on the DAC, /RAMP for `scale` cycles), with the beam positions and
//! segments worked out by hand from the rules in `vectrex::analog`.

use vectrex::analog::{Analog, Pins};
use vectrex::display::{PATTERN_SOLID, Point, Segment};

/// PB7 high: /RAMP off. PB0 high: multiplexer off.
const RAMP_OFF: u8 = 0x80;
const MUX_OFF: u8 = 0x01;

fn pins(port_a: u8, port_b: u8, blank_high: bool) -> Pins {
    Pins {
        port_a,
        port_b,
        ca2: true,
        cb2: blank_high,
    }
}

/// Loads Y through the multiplexer (select 0), then X on the DAC, as `Moveto_d` does.
fn set_yx(a: &mut Analog, y: i8, x: i8) {
    a.run(pins(y as u8, RAMP_OFF, false), 1);
    a.run(pins(x as u8, RAMP_OFF | MUX_OFF, false), 1);
}

fn set_z(a: &mut Analog, z: i8) {
    a.run(pins(z as u8, RAMP_OFF | 0x04, false), 1);
}

#[test]
fn a_blanked_move_travels_value_times_cycles_and_draws_nothing() {
    let mut a = Analog::new();
    set_yx(&mut a, 32, 16);
    a.run(pins(16, MUX_OFF, false), 100);
    assert_eq!(a.beam(), Point { y: 3200, x: 1600 });
    assert!(a.take_segments().is_empty());
}

#[test]
fn a_lit_ramp_draws_one_segment_at_the_z_brightness() {
    let mut a = Analog::new();
    set_yx(&mut a, 32, 16);
    a.run(pins(16, MUX_OFF, false), 100);
    set_z(&mut a, 64);
    set_yx(&mut a, 0, -8);
    // Lit for 50 cycles in one go, then 25 + 25 more in the same direction: one segment.
    a.run(pins(0xF8, MUX_OFF, true), 50);
    a.run(pins(0xF8, MUX_OFF, true), 25);
    a.run(pins(0xF8, MUX_OFF, true), 25);
    a.run(pins(0xF8, RAMP_OFF | MUX_OFF, false), 1);
    assert_eq!(
        a.take_segments(),
        vec![Segment {
            from: Point { y: 3200, x: 1600 },
            to: Point { y: 3200, x: 800 },
            intensity: 64,
            pattern: PATTERN_SOLID,
        }]
    );
}

#[test]
fn a_turn_starts_a_new_segment() {
    let mut a = Analog::new();
    set_z(&mut a, 100);
    set_yx(&mut a, 1, 0);
    a.run(pins(0, MUX_OFF, true), 10);
    set_yx(&mut a, 0, 2);
    a.run(pins(2, MUX_OFF, true), 10);
    let s = a.take_segments();
    let ends: Vec<(Point, Point)> = s
        .iter()
        .filter(|s| s.from != s.to)
        .map(|s| (s.from, s.to))
        .collect();
    assert_eq!(
        ends,
        vec![
            (Point { y: 0, x: 0 }, Point { y: 10, x: 0 }),
            (Point { y: 10, x: 0 }, Point { y: 10, x: 20 }),
        ]
    );
}

#[test]
fn zero_discharges_the_integrators_to_the_centre() {
    let mut a = Analog::new();
    set_yx(&mut a, -50, 70);
    a.run(pins(70, MUX_OFF, false), 40);
    assert_eq!(a.beam(), Point { y: -2000, x: 2800 });
    a.run(
        Pins {
            port_a: 70,
            port_b: MUX_OFF,
            ca2: false,
            cb2: false,
        },
        1,
    );
    assert_eq!(a.beam(), Point::default());
}

#[test]
fn the_zero_reference_is_subtracted_from_both_axes() {
    let mut a = Analog::new();
    // Reference 10 through multiplexer select 1.
    a.run(pins(10, RAMP_OFF | 0x02, false), 1);
    set_yx(&mut a, 10, 10);
    a.run(pins(10, MUX_OFF, false), 100);
    assert_eq!(a.beam(), Point::default(), "Y = X = reference: no motion");
    set_yx(&mut a, 12, 7);
    a.run(pins(7, MUX_OFF, false), 10);
    assert_eq!(a.beam(), Point { y: 20, x: -30 });
}

#[test]
fn z_at_zero_or_negative_keeps_the_beam_dark() {
    let mut a = Analog::new();
    set_z(&mut a, -1);
    assert_eq!(a.z(), 0);
    set_yx(&mut a, 5, 5);
    a.run(pins(5, MUX_OFF, true), 20);
    assert!(a.take_segments().is_empty());
}

#[test]
fn a_lit_beam_standing_still_leaves_a_dot() {
    let mut a = Analog::new();
    set_z(&mut a, 127);
    a.run(pins(0, RAMP_OFF | MUX_OFF, true), 8);
    a.run(pins(0, RAMP_OFF | MUX_OFF, false), 1);
    let s = a.take_segments();
    assert_eq!(s.len(), 1);
    assert_eq!(s[0].from, s[0].to);
    assert_eq!(s[0].intensity, 127);
}
