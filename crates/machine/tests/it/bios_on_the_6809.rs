//! The BIOS vectors (`crates/vectrex/tests/data/obj_hit.txt` and `obj_will_hit.txt`,
//! computed on the real BIOS) run on the `cpu-6809` core: `Obj_Hit` ($F8FF),
//! `Obj_Will_Hit` ($F8F3) and `Obj_Will_Hit_u` ($F8E5), assembled by the project's
//! assembler from the sequences `vectrex::bios`'s model documents, on a flat 64 KiB. Every
//! line is called from a stub's `JSR` and run to the return; the carry must be the line's
//! and the cycles (`JSR` included) exactly the model's for the exit taken: its function's
//! count and the fixed figures of its docs (80/100/130/150/160, +28 for `Obj_Will_Hit`,
//! +24 for `Obj_Will_Hit_u`, +2 per saturation).

use crate::vectrex_common;

use cpu_6809::{Cpu, cc};
use vectrex::Memory;
use vectrex::bios::{HalfSize, ObjHit, ObjHitExit, YX, obj_hit, obj_will_hit, obj_will_hit_u};
use vectrex_common::flat_with_bios_family;

const OBJ_HIT_VECTORS: &str = include_str!("../../../vectrex/tests/data/obj_hit.txt");
const OBJ_WILL_HIT_VECTORS: &str = include_str!("../../../vectrex/tests/data/obj_will_hit.txt");

/// Data lines in each file: a line lost on the way fails the test.
const OBJ_HIT_LINES: usize = 64;
const OBJ_WILL_HIT_LINES: usize = 32;

const OBJ_HIT: u16 = 0xF8FF;
const OBJ_WILL_HIT: u16 = 0xF8F3;
const OBJ_WILL_HIT_U: u16 = 0xF8E5;

/// The stub: `JSR` extended to the routine, then the return address.
const STUB: u16 = 0x1000;
/// The stack as the board sets it.
const STACK: u16 = 0xCBEA;
/// Where `Obj_Will_Hit_u`'s U points: the offset bytes dy, dx.
const OFFSET_AT: u16 = 0xC880;

/// `Obj_Hit`'s cost per exit from the model's docs, `JSR` included, no saturation.
fn doc_cycles(exit: ObjHitExit) -> u64 {
    match exit {
        ObjHitExit::YUpper => 80,
        ObjHitExit::YLower => 100,
        ObjHitExit::XUpper => 130,
        ObjHitExit::XLower => 150,
        ObjHitExit::Hit => 160,
    }
}

/// What `Obj_Will_Hit` and `Obj_Will_Hit_u` add before the test, per the model's docs.
fn doc_extra(entry: u16) -> u64 {
    match entry {
        OBJ_HIT => 0,
        OBJ_WILL_HIT => 28,
        OBJ_WILL_HIT_U => 24,
        _ => unreachable!(),
    }
}

/// The `LDA #$7F` / `LDA #$80` the compares up to `exit` run: one per `ADDA`/`SUBA` that
/// overflows, counted on the (moved) centre.
fn saturations(centre: YX, half: HalfSize, exit: ObjHitExit) -> u64 {
    let axis = |c: i8, h: i8, lower_runs: bool| {
        u64::from(c.checked_add(h).is_none()) + u64::from(lower_runs && c.checked_sub(h).is_none())
    };
    match exit {
        ObjHitExit::YUpper => axis(centre.y, half.h, false),
        ObjHitExit::YLower => axis(centre.y, half.h, true),
        ObjHitExit::XUpper => axis(centre.y, half.h, true) + axis(centre.x, half.w, false),
        ObjHitExit::XLower | ObjHitExit::Hit => {
            axis(centre.y, half.h, true) + axis(centre.x, half.w, true)
        }
    }
}

/// One call on the core: the registers as the BIOS takes them, the carry in `cc_in` (the
/// routine must set or clear it), run from the stub's `JSR` to the return.
struct Call {
    entry: u16,
    half: HalfSize,
    point: YX,
    centre: YX,
    /// U: the offset for `Obj_Will_Hit`, the pointer for `Obj_Will_Hit_u`.
    u: u16,
    cc_in: u8,
}

struct Return {
    carry: bool,
    cycles: u64,
    cpu: Cpu,
}

fn run(mem: &mut [u8; 0x10000], call: &Call) -> Return {
    let [hi, lo] = call.entry.to_be_bytes();
    mem[usize::from(STUB)..usize::from(STUB) + 3].copy_from_slice(&[0xBD, hi, lo]);
    let mut cpu = Cpu::new();
    cpu.pc = STUB;
    cpu.s = STACK;
    cpu.dp = 0xC8;
    cpu.cc = call.cc_in | cc::I | cc::F;
    cpu.set_d(u16::from_be_bytes([call.half.h as u8, call.half.w as u8]));
    cpu.x = call.point.to_reg();
    cpu.y = call.centre.to_reg();
    cpu.u = call.u;
    let mut cycles = 0;
    while cpu.pc != STUB + 3 {
        cycles += u64::from(cpu.step(mem).unwrap_or_else(|e| panic!("{e:?}")));
        assert!(cycles < 1000, "no return from ${:04X}", call.entry);
    }
    Return {
        carry: cpu.cc & cc::C != 0,
        cycles,
        cpu,
    }
}

/// Runs `call` twice, once with the carry set on entry and once with it clear, and checks
/// the carry, the cycles against `model` and the docs' figures, and that the routine gives
/// back every register as it found it.
fn check(mem: &mut [u8; 0x10000], call: &Call, moved: YX, model: ObjHit, want: bool, what: &str) {
    assert_eq!(model.carry, want, "the model, {what}");
    let fixed = doc_cycles(model.exit)
        + doc_extra(call.entry)
        + 2 * saturations(moved, call.half, model.exit);
    for carry_in in [0, cc::C] {
        let r = run(
            mem,
            &Call {
                cc_in: carry_in,
                ..*call
            },
        );
        assert_eq!(r.carry, want, "carry (in {carry_in}), {what}");
        assert_eq!(
            r.cycles,
            u64::from(model.cycles),
            "cycles vs the model's {:?} exit, {what}",
            model.exit
        );
        assert_eq!(r.cycles, fixed, "cycles vs the docs' figure, {what}");
        let c = &r.cpu;
        assert_eq!(
            (c.d(), c.x, c.y, c.u, c.s, c.dp),
            (
                u16::from_be_bytes([call.half.h as u8, call.half.w as u8]),
                call.point.to_reg(),
                call.centre.to_reg(),
                call.u,
                STACK,
                0xC8
            ),
            "registers, {what}"
        );
    }
}

/// The data lines of a vector file as signed bytes, each with its line number; every
/// other line is blank or a comment.
fn rows(text: &str, fields: usize) -> Vec<(usize, Vec<i8>)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(n, l)| {
            let v: Vec<i8> = l
                .split_whitespace()
                .map(|f| {
                    f.parse()
                        .unwrap_or_else(|_| panic!("line {}: `{l}`", n + 1))
                })
                .collect();
            assert_eq!(v.len(), fields, "line {}: `{l}`", n + 1);
            assert!(matches!(v[fields - 1], 0 | 1), "line {}: carry", n + 1);
            (n + 1, v)
        })
        .collect()
}

/// The files as `cargo` embeds them are the data lines plus comments, nothing else.
#[test]
fn every_line_of_the_vector_files_is_read() {
    for (text, fields, lines) in [
        (OBJ_HIT_VECTORS, 7, OBJ_HIT_LINES),
        (OBJ_WILL_HIT_VECTORS, 9, OBJ_WILL_HIT_LINES),
    ] {
        let comments = text.lines().filter(|l| l.starts_with('#')).count();
        assert_eq!(text.lines().count(), comments + lines);
        assert_eq!(rows(text, fields).len(), lines);
    }
}

#[test]
fn obj_hit_on_the_core_gives_every_vectors_carry_and_the_models_cycles() {
    let mut mem = flat_with_bios_family();
    let mut ran = 0;
    let mut exits = Vec::new();
    for (line, r) in rows(OBJ_HIT_VECTORS, 7) {
        let half = HalfSize::new(r[0], r[1]);
        let point = YX::new(r[2], r[3]);
        let centre = YX::new(r[4], r[5]);
        let model = obj_hit(centre, point, half);
        let call = Call {
            entry: OBJ_HIT,
            half,
            point,
            centre,
            u: 0x5AA5,
            cc_in: 0,
        };
        check(
            &mut mem,
            &call,
            centre,
            model,
            r[6] == 1,
            &format!("obj_hit.txt line {line}: {r:?}"),
        );
        exits.push(model.exit);
        ran += 1;
    }
    assert_eq!(ran, OBJ_HIT_LINES);
    every_exit_reached(&exits, "obj_hit.txt");
}

/// The lines reach every exit.
fn every_exit_reached(exits: &[ObjHitExit], file: &str) {
    for exit in [
        ObjHitExit::YUpper,
        ObjHitExit::YLower,
        ObjHitExit::XUpper,
        ObjHitExit::XLower,
        ObjHitExit::Hit,
    ] {
        assert!(exits.contains(&exit), "no line of {file} exits at {exit:?}");
    }
}

#[test]
fn obj_will_hit_and_u_on_the_core_give_every_vectors_carry_and_the_models_cycles() {
    let mut mem = flat_with_bios_family();
    let mut ran = 0;
    let mut exits = Vec::new();
    for (line, r) in rows(OBJ_WILL_HIT_VECTORS, 9) {
        let half = HalfSize::new(r[0], r[1]);
        let point = YX::new(r[2], r[3]);
        let centre = YX::new(r[4], r[5]);
        let offset = YX::new(r[6], r[7]);
        let want = r[8] == 1;
        let moved = YX::new(
            centre.y.wrapping_add(offset.y),
            centre.x.wrapping_add(offset.x),
        );
        let what = format!("obj_will_hit.txt line {line}: {r:?}");

        let by_value = obj_will_hit(centre, point, half, offset);
        let call = Call {
            entry: OBJ_WILL_HIT,
            half,
            point,
            centre,
            u: offset.to_reg(),
            cc_in: 0,
        };
        check(
            &mut mem,
            &call,
            moved,
            by_value,
            want,
            &format!("Obj_Will_Hit, {what}"),
        );

        let bytes = [offset.y as u8, offset.x as u8];
        mem[usize::from(OFFSET_AT)..usize::from(OFFSET_AT) + 2].copy_from_slice(&bytes);
        let ram = Memory::new(&bytes, OFFSET_AT).unwrap();
        let by_pointer = obj_will_hit_u(centre, point, half, &ram, OFFSET_AT).unwrap();
        let call = Call {
            entry: OBJ_WILL_HIT_U,
            u: OFFSET_AT,
            ..call
        };
        check(
            &mut mem,
            &call,
            moved,
            by_pointer,
            want,
            &format!("Obj_Will_Hit_u, {what}"),
        );
        // The routine reads the offset and leaves it.
        assert_eq!(
            mem[usize::from(OFFSET_AT)..usize::from(OFFSET_AT) + 2],
            bytes
        );
        assert_eq!(by_pointer.exit, by_value.exit);
        exits.push(by_value.exit);
        ran += 1;
    }
    assert_eq!(ran, OBJ_WILL_HIT_LINES);
    every_exit_reached(&exits, "obj_will_hit.txt");
}

/// Every exit of the three routines, without saturation, costs the docs' table exactly:
/// the vectors reach some exits of `Obj_Will_Hit*` only rarely.
#[test]
fn every_exit_costs_the_docs_table_on_the_core() {
    let table: [(ObjHitExit, [u64; 3]); 5] = [
        (ObjHitExit::YUpper, [80, 108, 104]),
        (ObjHitExit::YLower, [100, 128, 124]),
        (ObjHitExit::XUpper, [130, 158, 154]),
        (ObjHitExit::XLower, [150, 178, 174]),
        (ObjHitExit::Hit, [160, 188, 184]),
    ];
    // Centre (0, 0) moved by (1, -1); half-size (10, 10); the point picks the exit.
    let points = [
        YX::new(12, 0),
        YX::new(-11, 0),
        YX::new(0, 11),
        YX::new(0, -12),
        YX::new(5, -5),
    ];
    let mut mem = flat_with_bios_family();
    mem[usize::from(OFFSET_AT)..usize::from(OFFSET_AT) + 2].copy_from_slice(&[1, 0xFF]);
    let half = HalfSize::new(10, 10);
    let centre = YX::new(0, 0);
    let offset = YX::new(1, -1);
    for ((exit, cycles), point) in table.into_iter().zip(points) {
        let entries = [
            (OBJ_HIT, 0, centre, obj_hit(centre, point, half)),
            (
                OBJ_WILL_HIT,
                offset.to_reg(),
                YX::new(1, -1),
                obj_will_hit(centre, point, half, offset),
            ),
            (
                OBJ_WILL_HIT_U,
                OFFSET_AT,
                YX::new(1, -1),
                obj_will_hit_u(
                    centre,
                    point,
                    half,
                    &Memory::new(&[1, 0xFF], OFFSET_AT).unwrap(),
                    OFFSET_AT,
                )
                .unwrap(),
            ),
        ];
        for ((entry, u, moved, model), want) in entries.into_iter().zip(cycles) {
            assert_eq!(model.exit, exit, "${entry:04X} {point:?}");
            assert_eq!(u64::from(model.cycles), want, "${entry:04X} {exit:?}");
            let call = Call {
                entry,
                half,
                point,
                centre,
                u,
                cc_in: 0,
            };
            check(
                &mut mem,
                &call,
                moved,
                model,
                exit == ObjHitExit::Hit,
                &format!("${entry:04X} {exit:?}"),
            );
        }
    }
}
