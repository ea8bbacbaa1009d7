//! `Obj_Hit` ($F8FF), `Obj_Will_Hit` ($F8F3) and `Obj_Will_Hit_u` ($F8E5), byte-exact.
//!
//! Source: Bruce Tomlin's annotated BIOS disassembly (`BIOS.ASM`, lines 2908-2995, ROM
//! bytes $F8E5-$F92D). The routine pushes D, X and Y, points X at the stack copy and runs
//! one loop body per axis (B = 0 for y, 1 for x), y first:
//!
//! ```text
//! LF906  ABX             3   point at the axis' bytes
//!        LDA  4,X        5   object centre c          (Tomlin's comments swap the
//!        ADDA ,X         4   + half-size h             "height/2" and "object y" labels)
//!        BVC  LF90F      3
//!        LDA  #$7F       2   only on signed overflow
//! LF90F  CMPA 2,X        5   miss if c + h < p (signed)
//!        BLT  LF928      3
//!        LDA  4,X        5
//!        SUBA ,X         4   c - h
//!        BVC  LF91B      3
//!        LDA  #$80       2   only on signed overflow
//! LF91B  CMPA 2,X        5   miss if c - h > p (signed)
//!        BGT  LF928      3
//!        INCB            2
//!        CMPB #$02       2
//!        BCS  LF906      3   back for x
//!        ORCC #$01       3   hit: carry set
//!        BRA  LF92A      3
//! LF928  ANDCC #$FE      3   miss: carry clear
//! LF92A  PULS D,X,Y     11
//!        PULS Y,PC       9
//! ```
//!
//! Cycle cost of each exit, counted from that sequence with the 6809 data-sheet timings and
//! including the caller's `JSR` (extended, 8 cycles); `Obj_Hit`'s prologue is `JSR` 8 +
//! `PSHS Y` 7 + `PSHS D,X,Y` 11 + `TFR S,X` 6 + `CLRB` 2 = 34:
//!
//! | exit | `Obj_Hit` | `Obj_Will_Hit` | `Obj_Will_Hit_u` |
//! |---|---|---|---|
//! | miss, y upper test (`c + h < p`) | 80 | 108 | 104 |
//! | miss, y lower test (`c - h > p`) | 100 | 128 | 124 |
//! | miss, x upper test | 130 | 158 | 154 |
//! | miss, x lower test | 150 | 178 | 174 |
//! | hit | 160 | 188 | 184 |
//!
//! Each saturation (`LDA #$7F` / `LDA #$80` after a signed overflow) adds 2 cycles. The
//! figures 160, 80, 150 and 188 are the ones measured on vecx's 6809 core
//! (sources/vectrex.md); the intermediate exits follow from the same count. `Obj_Will_Hit`
//! adds `TFR U,D` 6 + `ADDA 4,S` 5 + `ADDB 5,S` 5 + `BRA` 3 + `STD 4,S` 6 + `BRA` 3 = 28
//! cycles before the test; `Obj_Will_Hit_u` adds `LDD 4,S` 6 + `ADDA ,U` 4 + `ADDB 1,U` 5 +
//! `STD 4,S` 6 + `BRA` 3 = 24.

use crate::memory::{Memory, MemoryError};

/// The caller's `JSR` to the routine, the two `PSHS`, `TFR S,X` and `CLRB`.
const PROLOGUE_CYCLES: u32 = 8 + 7 + 11 + 6 + 2;
/// `Obj_Will_Hit`'s offset add before it joins the test at LF903.
const WILL_HIT_EXTRA_CYCLES: u32 = 6 + 5 + 5 + 3 + 6 + 3;
/// `Obj_Will_Hit_u`'s offset add (through the pointer in U).
const WILL_HIT_U_EXTRA_CYCLES: u32 = 6 + 4 + 5 + 6 + 3;
/// `ABX`, `LDA 4,X`, `ADDA ,X`, `BVC`, `CMPA 2,X`, `BLT`.
const UPPER_TEST_CYCLES: u32 = 3 + 5 + 4 + 3 + 5 + 3;
/// `LDA 4,X`, `SUBA ,X`, `BVC`, `CMPA 2,X`, `BGT`.
const LOWER_TEST_CYCLES: u32 = 5 + 4 + 3 + 5 + 3;
/// `INCB`, `CMPB #$02`, `BCS`.
const NEXT_AXIS_CYCLES: u32 = 2 + 2 + 3;
/// `LDA #$7F` or `LDA #$80`, run only after a signed overflow.
const SATURATE_CYCLES: u32 = 2;
/// `ORCC #$01`, `BRA LF92A`.
const HIT_CYCLES: u32 = 3 + 3;
/// `ANDCC #$FE`.
const MISS_CYCLES: u32 = 3;
/// `PULS D,X,Y`, `PULS Y,PC`.
const EPILOGUE_CYCLES: u32 = 11 + 9;

/// A (y, x) register pair as the BIOS packs it: y in the high byte, x in the low byte,
/// both signed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct YX {
    /// The high byte.
    pub y: i8,
    /// The low byte.
    pub x: i8,
}

impl YX {
    /// The pair `(y, x)`.
    #[must_use]
    pub const fn new(y: i8, x: i8) -> Self {
        Self { y, x }
    }

    /// The pair held in a 16-bit register (`LDX #$YYXX`).
    #[must_use]
    pub const fn from_reg(reg: u16) -> Self {
        let [y, x] = reg.to_be_bytes();
        Self {
            y: y as i8,
            x: x as i8,
        }
    }

    /// The 16-bit register value holding this pair.
    #[must_use]
    pub const fn to_reg(self) -> u16 {
        u16::from_be_bytes([self.y as u8, self.x as u8])
    }
}

/// The D register of `Obj_Hit`: A = half-height, B = half-width, signed bytes.
///
/// Keep both in 0..=127: a half-size of $80-$FF reads as negative and the routine then
/// gives the odd results its byte rule implies (modelled, see the vectors).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HalfSize {
    /// A: the box's half-height.
    pub h: i8,
    /// B: the box's half-width.
    pub w: i8,
}

impl HalfSize {
    /// Half-height `h`, half-width `w`.
    #[must_use]
    pub const fn new(h: i8, w: i8) -> Self {
        Self { h, w }
    }
}

/// The half-sizes to pass when testing two objects of full sizes `(h1, w1)` and
/// `(h2, w2)` centre against centre: A = (h1 + h2) / 2, B = (w1 + w2) / 2 (Malban's BIOS
/// notes; Alex Herbert's advice as quoted in Manu's `coleman.as9`). Both objects must be
/// positioned and drawn at the same scale. Sums are taken in 9 bits, so the result is the
/// byte the 6809 would get from `ADDA` + `RORA`; above 127 it reads as negative.
#[must_use]
pub fn half_size_for_pair(full1: (u8, u8), full2: (u8, u8)) -> HalfSize {
    let half = |a: u8, b: u8| ((u16::from(a) + u16::from(b)) / 2) as u8 as i8;
    HalfSize {
        h: half(full1.0, full2.0),
        w: half(full1.1, full2.1),
    }
}

/// Which compare ended the routine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ObjHitExit {
    /// Miss: the point is above the box (`cy + h < py`).
    YUpper,
    /// Miss: the point is below the box (`cy - h > py`).
    YLower,
    /// Miss: `cx + w < px`.
    XUpper,
    /// Miss: `cx - w > px`.
    XLower,
    /// Both axes in range: carry set.
    Hit,
}

/// What the routine returned: the carry, the exit taken and the 6809 cycles it cost
/// (including the caller's `JSR`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ObjHit {
    /// The carry flag after the call: set = hit.
    pub carry: bool,
    /// The compare that decided.
    pub exit: ObjHitExit,
    /// 6809 cycles from the `JSR` to the return.
    pub cycles: u32,
}

/// One axis of the loop body: `None` if the point is in range, else the failed test.
/// Also returns the cycles spent, saturations included.
#[inline]
fn axis(c: i8, p: i8, h: i8) -> (Option<bool>, u32) {
    let mut cycles = UPPER_TEST_CYCLES;
    // ADDA sets V on signed overflow; the BIOS then loads $7F whatever the direction.
    let upper = c.checked_add(h).unwrap_or_else(|| {
        cycles += SATURATE_CYCLES;
        i8::MAX
    });
    if upper < p {
        return (Some(true), cycles);
    }
    cycles += LOWER_TEST_CYCLES;
    let lower = c.checked_sub(h).unwrap_or_else(|| {
        cycles += SATURATE_CYCLES;
        i8::MIN
    });
    if lower > p {
        return (Some(false), cycles);
    }
    (None, cycles + NEXT_AXIS_CYCLES)
}

/// The test from LF903 on, with `prologue` cycles already spent.
#[inline]
fn test_from_lf903(centre: YX, point: YX, half: HalfSize, prologue: u32) -> ObjHit {
    let mut cycles = prologue;
    let (y_fail, y_cycles) = axis(centre.y, point.y, half.h);
    cycles += y_cycles;
    let exit = match y_fail {
        Some(true) => ObjHitExit::YUpper,
        Some(false) => ObjHitExit::YLower,
        None => {
            let (x_fail, x_cycles) = axis(centre.x, point.x, half.w);
            cycles += x_cycles;
            match x_fail {
                Some(true) => ObjHitExit::XUpper,
                Some(false) => ObjHitExit::XLower,
                None => ObjHitExit::Hit,
            }
        }
    };
    let carry = exit == ObjHitExit::Hit;
    cycles += if carry { HIT_CYCLES } else { MISS_CYCLES } + EPILOGUE_CYCLES;
    ObjHit {
        carry,
        exit,
        cycles,
    }
}

/// `Obj_Hit` ($F8FF): Y = box `centre`, X = the `point`, D = `half` (A = h, B = w).
///
/// Per axis, y first: `upper = c + h` (8-bit, $7F on signed overflow), miss if
/// `upper < p`; `lower = c - h` ($80 on overflow), miss if `lower > p`; both axes in range
/// sets the carry. For half-sizes 0..=127 this equals `|p - c| <= h` per axis in wide
/// arithmetic. All registers come back unchanged, so the result is the carry alone.
#[must_use]
pub fn obj_hit(centre: YX, point: YX, half: HalfSize) -> ObjHit {
    test_from_lf903(centre, point, half, PROLOGUE_CYCLES)
}

/// `Obj_Will_Hit` ($F8F3): as [`obj_hit`] with the offset in U (high byte dy, low byte
/// dx) added to a copy of the centre first, each byte with 8-bit wrap. Y comes back
/// unchanged.
#[must_use]
pub fn obj_will_hit(centre: YX, point: YX, half: HalfSize, offset: YX) -> ObjHit {
    let moved = YX {
        y: centre.y.wrapping_add(offset.y),
        x: centre.x.wrapping_add(offset.x),
    };
    test_from_lf903(moved, point, half, PROLOGUE_CYCLES + WILL_HIT_EXTRA_CYCLES)
}

/// `Obj_Will_Hit_u` ($F8E5): as [`obj_will_hit`], with U pointing at the offset bytes in
/// `mem` (dy at `0,U`, dx at `1,U`; the pointer wraps at $FFFF as the 6809's does).
pub fn obj_will_hit_u(
    centre: YX,
    point: YX,
    half: HalfSize,
    mem: &Memory<'_>,
    u: u16,
) -> Result<ObjHit, MemoryError> {
    let dy = mem.read(u)? as i8;
    let dx = mem.read(u.wrapping_add(1))? as i8;
    let moved = YX {
        y: centre.y.wrapping_add(dy),
        x: centre.x.wrapping_add(dx),
    };
    Ok(test_from_lf903(
        moved,
        point,
        half,
        PROLOGUE_CYCLES + WILL_HIT_U_EXTRA_CYCLES,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hit(h: i8, w: i8, py: i8, px: i8, cy: i8, cx: i8) -> ObjHit {
        obj_hit(YX::new(cy, cx), YX::new(py, px), HalfSize::new(h, w))
    }

    #[test]
    fn spec_cycle_figures() {
        // Hit 160; miss at the first y test 80; miss at the last x test 150.
        assert_eq!(hit(10, 10, 0, 0, 0, 0).cycles, 160);
        let y_upper = hit(10, 10, 11, 0, 0, 0);
        assert_eq!((y_upper.exit, y_upper.cycles), (ObjHitExit::YUpper, 80));
        let x_lower = hit(10, 10, 0, -11, 0, 0);
        assert_eq!((x_lower.exit, x_lower.cycles), (ObjHitExit::XLower, 150));
        let y_lower = hit(10, 10, -11, 0, 0, 0);
        assert_eq!((y_lower.exit, y_lower.cycles), (ObjHitExit::YLower, 100));
        let x_upper = hit(10, 10, 0, 11, 0, 0);
        assert_eq!((x_upper.exit, x_upper.cycles), (ObjHitExit::XUpper, 130));
        let will = obj_will_hit(
            YX::new(0, 0),
            YX::new(5, 5),
            HalfSize::new(10, 10),
            YX::new(1, 1),
        );
        assert_eq!((will.carry, will.cycles), (true, 188));
        let rom = [3u8, 3];
        let mem = Memory::new(&rom, 0xC880).unwrap();
        let will_u = obj_will_hit_u(
            YX::new(0, 0),
            YX::new(5, 5),
            HalfSize::new(3, 3),
            &mem,
            0xC880,
        )
        .unwrap();
        assert_eq!((will_u.carry, will_u.cycles), (true, 184));
    }

    #[test]
    fn saturation_costs_two_cycles_each() {
        // y: 120 + 10 overflows (upper = $7F); 120 - 10 does not. x: no overflow.
        let r = hit(10, 10, 127, 0, 120, 0);
        assert!(r.carry);
        assert_eq!(r.cycles, 162);
        // A negative half-height: -128 + -1 overflows (upper = $7F), -128 - -1 = -127
        // does not; p = -127 passes both compares.
        let r = hit(-1, 0, -127, 0, -128, 0);
        assert!(r.carry);
        assert_eq!(r.cycles, 162);
    }

    #[test]
    fn source_table_vectors() {
        // sources/vectrex.md section 4, (h, w, py, px, cy, cx) -> carry.
        let table: [(i8, i8, i8, i8, i8, i8, bool); 8] = [
            (10, 10, 10, 10, 0, 0, true),
            (10, 10, 11, 0, 0, 0, false),
            (10, 10, -10, -10, 0, 0, true),
            (0, 0, 0, 0, 0, 0, true),
            (10, 10, 127, 0, 120, 0, true),
            (10, 10, -128, 0, -120, 0, true),
            (5, 5, 127, 0, -128, 0, false),
            (127, 127, -128, -128, 127, 127, false),
        ];
        for (h, w, py, px, cy, cx, carry) in table {
            assert_eq!(
                hit(h, w, py, px, cy, cx).carry,
                carry,
                "{h} {w} {py} {px} {cy} {cx}"
            );
        }
    }

    #[test]
    fn will_hit_wraps_the_offset_add() {
        // 120 + 10 wraps to -126; the point at -126 is then inside a zero-size box.
        let r = obj_will_hit(
            YX::new(120, 0),
            YX::new(-126, 0),
            HalfSize::new(0, 0),
            YX::new(10, 0),
        );
        assert!(r.carry);
        let rom = [10u8, 0];
        let mem = Memory::new(&rom, 0xFFFE).unwrap();
        let r = obj_will_hit_u(
            YX::new(120, 0),
            YX::new(-126, 0),
            HalfSize::new(0, 0),
            &mem,
            0xFFFE,
        )
        .unwrap();
        assert!(r.carry);
    }

    #[test]
    fn will_hit_u_reads_are_checked() {
        let rom = [0u8];
        let mem = Memory::new(&rom, 0x1000).unwrap();
        let err = obj_will_hit_u(
            YX::default(),
            YX::default(),
            HalfSize::default(),
            &mem,
            0x1000,
        );
        assert_eq!(err, Err(MemoryError::Unmapped { addr: 0x1001 }));
    }

    #[test]
    fn registers_round_trip() {
        let p = YX::from_reg(0x80_7F);
        assert_eq!(p, YX::new(-128, 127));
        assert_eq!(p.to_reg(), 0x807F);
    }

    #[test]
    fn pair_helper_halves_the_summed_full_sizes() {
        assert_eq!(half_size_for_pair((8, 0), (6, 6)), HalfSize::new(7, 3));
        assert_eq!(
            half_size_for_pair((255, 255), (255, 1)),
            HalfSize::new(-1, -128)
        );
    }

    proptest::proptest! {
        #[test]
        fn equals_wide_abs_for_sane_half_sizes(
            h in 0i8..=127, w in 0i8..=127,
            py: i8, px: i8, cy: i8, cx: i8,
        ) {
            let wide = (i16::from(py) - i16::from(cy)).abs() <= i16::from(h)
                && (i16::from(px) - i16::from(cx)).abs() <= i16::from(w);
            proptest::prop_assert_eq!(hit(h, w, py, px, cy, cx).carry, wide);
        }
    }

    #[test]
    fn equals_wide_abs_exhaustively_per_axis() {
        // The axes are independent: check one axis over every centre, point and sane
        // half-size (x pinned in range), 256 * 256 * 128 cases.
        for h in 0i8..=127 {
            for c in i8::MIN..=i8::MAX {
                for p in i8::MIN..=i8::MAX {
                    let wide = (i16::from(p) - i16::from(c)).abs() <= i16::from(h);
                    assert_eq!(hit(h, 0, p, 0, c, 0).carry, wide, "h {h} c {c} p {p}");
                }
            }
        }
    }
}
