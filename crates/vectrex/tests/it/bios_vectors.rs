//! Every line of the vectors computed on the real BIOS (`tests/data/obj_hit.txt` and
//! `obj_will_hit.txt`) must pass. The files are part of the repository and compiled in, so
//! a clean clone runs them with nothing beside it.

use vectrex::Memory;
use vectrex::bios::{HalfSize, YX, obj_hit, obj_will_hit, obj_will_hit_u};

const OBJ_HIT: &str = include_str!("../data/obj_hit.txt");
const OBJ_WILL_HIT: &str = include_str!("../data/obj_will_hit.txt");

/// The data lines as signed bytes (the last field, the carry, is 0 or 1).
fn rows(text: &str, fields: usize) -> Vec<Vec<i16>> {
    let rows: Vec<Vec<i16>> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let v: Vec<i16> = l
                .split_whitespace()
                .map(|f| f.parse().unwrap_or_else(|_| panic!("bad field in `{l}`")))
                .collect();
            assert_eq!(v.len(), fields, "line `{l}`");
            v
        })
        .collect();
    assert!(!rows.is_empty(), "no vectors read");
    rows
}

fn byte(v: i16) -> i8 {
    i8::try_from(v).expect("a signed byte")
}

#[test]
fn obj_hit_matches_every_bios_vector() {
    let rows = rows(OBJ_HIT, 7);
    for r in &rows {
        let got = obj_hit(
            YX::new(byte(r[4]), byte(r[5])),
            YX::new(byte(r[2]), byte(r[3])),
            HalfSize::new(byte(r[0]), byte(r[1])),
        );
        assert_eq!(got.carry, r[6] == 1, "h w py px cy cx = {:?}", &r[..6]);
    }
    assert!(rows.len() >= 60, "{} vectors", rows.len());
}

#[test]
fn obj_will_hit_and_u_match_every_bios_vector() {
    let rows = rows(OBJ_WILL_HIT, 9);
    for r in &rows {
        let centre = YX::new(byte(r[4]), byte(r[5]));
        let point = YX::new(byte(r[2]), byte(r[3]));
        let half = HalfSize::new(byte(r[0]), byte(r[1]));
        let offset = YX::new(byte(r[6]), byte(r[7]));
        let want = r[8] == 1;
        let by_value = obj_will_hit(centre, point, half, offset);
        assert_eq!(by_value.carry, want, "Obj_Will_Hit {:?}", &r[..8]);
        let ram = [offset.y as u8, offset.x as u8];
        let mem = Memory::new(&ram, 0xC880).unwrap();
        let by_pointer = obj_will_hit_u(centre, point, half, &mem, 0xC880).unwrap();
        assert_eq!(by_pointer.carry, want, "Obj_Will_Hit_u {:?}", &r[..8]);
        assert_eq!(by_pointer.exit, by_value.exit);
        assert_eq!(by_pointer.cycles + 4, by_value.cycles);
    }
    assert!(rows.len() >= 30, "{} vectors", rows.len());
}
