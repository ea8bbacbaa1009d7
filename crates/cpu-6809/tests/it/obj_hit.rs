//! The Vectrex BIOS box test `Obj_Hit` ($F8FF-$F92D), hand-assembled from its published
//! disassembly, run on the core from a plain 64 KiB array: the carry must say whether the
//! point lies in the box, and the cycles from the caller's `JSR` to the return must be
//! the data sheet counts of the path taken (80 / 100 / 130 / 150 for the four misses, 160
//! for a hit, 2 more for each signed-overflow saturation).

use cpu_6809::{Cpu, cc};

#[rustfmt::skip]
const OBJ_HIT: [u8; 0x2F] = [
    0x34, 0x20,       // F8FF PSHS Y
    0x34, 0x36,       // F901 PSHS D,X,Y
    0x1F, 0x41,       // F903 TFR  S,X
    0x5F,             // F905 CLRB
    0x3A,             // F906 ABX
    0xA6, 0x04,       // F907 LDA  4,X      centre
    0xAB, 0x84,       // F909 ADDA ,X       + half-size
    0x28, 0x02,       // F90B BVC  F90F
    0x86, 0x7F,       // F90D LDA  #$7F
    0xA1, 0x02,       // F90F CMPA 2,X      point
    0x2D, 0x15,       // F911 BLT  F928
    0xA6, 0x04,       // F913 LDA  4,X
    0xA0, 0x84,       // F915 SUBA ,X
    0x28, 0x02,       // F917 BVC  F91B
    0x86, 0x80,       // F919 LDA  #$80
    0xA1, 0x02,       // F91B CMPA 2,X
    0x2E, 0x09,       // F91D BGT  F928
    0x5C,             // F91F INCB
    0xC1, 0x02,       // F920 CMPB #$02
    0x25, 0xE2,       // F922 BCS  F906
    0x1A, 0x01,       // F924 ORCC #$01
    0x20, 0x02,       // F926 BRA  F92A
    0x1C, 0xFE,       // F928 ANDCC #$FE
    0x35, 0x36,       // F92A PULS D,X,Y
    0x35, 0xA0,       // F92C PULS Y,PC
];

/// Calls `Obj_Hit` with Y = centre, X = point, D = half-sizes; returns (carry, cycles).
fn obj_hit(centre: (i8, i8), point: (i8, i8), half: (i8, i8)) -> (bool, u32) {
    let mut mem = Box::new([0u8; 0x10000]);
    mem[0xF8FF..0xF8FF + OBJ_HIT.len()].copy_from_slice(&OBJ_HIT);
    mem[0xC000..0xC003].copy_from_slice(&[0xBD, 0xF8, 0xFF]); // JSR $F8FF
    let pair = |(y, x): (i8, i8)| u16::from_be_bytes([y as u8, x as u8]);
    let mut cpu = Cpu::new();
    cpu.pc = 0xC000;
    cpu.s = 0xCBEA;
    cpu.y = pair(centre);
    cpu.x = pair(point);
    cpu.set_d(pair(half));
    let (y, x, d) = (cpu.y, cpu.x, cpu.d());
    let mut cycles = 0;
    while cpu.pc != 0xC003 {
        cycles += cpu.step(&mut *mem).expect("Obj_Hit is legal code");
        assert!(cycles < 1000, "runaway");
    }
    assert_eq!(
        (cpu.y, cpu.x, cpu.d(), cpu.s),
        (y, x, d, 0xCBEA),
        "registers restored"
    );
    (cpu.cc & cc::C != 0, cycles)
}

#[test]
fn each_exit_takes_its_data_sheet_cycles() {
    let centre = (10, 20);
    let half = (5, 6);
    assert_eq!(obj_hit(centre, (16, 20), half), (false, 80), "y above");
    assert_eq!(obj_hit(centre, (4, 20), half), (false, 100), "y below");
    assert_eq!(obj_hit(centre, (10, 27), half), (false, 130), "x right");
    assert_eq!(obj_hit(centre, (10, 13), half), (false, 150), "x left");
    assert_eq!(
        obj_hit(centre, (15, 14), half),
        (true, 160),
        "hit on the corner"
    );
    // Saturation: c + h overflows ($7F), and c - h overflows ($80): 2 cycles each.
    assert_eq!(obj_hit((120, 0), (127, 0), (10, 1)), (true, 162));
    assert_eq!(obj_hit((-120, 0), (-128, 0), (10, 1)), (true, 162));
    assert_eq!(obj_hit((120, -120), (127, -128), (10, 10)), (true, 164));
}

#[test]
fn the_carry_is_the_box_test_for_every_kind_of_input() {
    // SplitMix64-driven sweep: half-sizes 0..=127, any centre and point.
    let mut state = 0x000B_1EC7_u64;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    for _ in 0..5000 {
        let r = next().to_le_bytes();
        let centre = (r[0] as i8, r[1] as i8);
        // Points near the centre half the time, so hits are common.
        let near = |c: i8, d: u8| c.wrapping_add((d as i8) >> 2);
        let point = if r[6] & 1 == 0 {
            (near(centre.0, r[2]), near(centre.1, r[3]))
        } else {
            (r[2] as i8, r[3] as i8)
        };
        let half = ((r[4] & 0x7F) as i8, (r[5] & 0x7F) as i8);
        let within = |c: i8, p: i8, h: i8| (i16::from(p) - i16::from(c)).abs() <= i16::from(h);
        let want = within(centre.0, point.0, half.0) && within(centre.1, point.1, half.1);
        let (carry, cycles) = obj_hit(centre, point, half);
        assert_eq!(
            carry, want,
            "centre {centre:?} point {point:?} half {half:?}"
        );
        let base = [80, 100, 130, 150, 160];
        assert!(
            base.iter()
                .any(|&b| cycles >= b && cycles <= b + 4 && (cycles - b) % 2 == 0),
            "{cycles} cycles"
        );
    }
}
