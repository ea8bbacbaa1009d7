//! The program file: labels resolved through the symbol file, and bad input located.

use std::path::PathBuf;

use machine::program::{Input, MemoryHit, Space, Watch, WatchObject};
use scene::program::{self, format::ProgramExpectation};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/program")
        .join(name)
}

#[test]
fn labels_come_from_the_ld65_file() {
    let p = program::load(&fixture("demo.prg.ron")).unwrap();
    assert_eq!(p.target, "vera", "x16 is vera's alias");
    assert_eq!(p.image, [0x01, 0x08, 0x00, 0x00]);
    assert_eq!(p.config.frames, 30);
    // ld65.lbl: hit_mark $0807, marks $A000, start $0801, loop $0803.
    assert_eq!(
        p.config.watches[0],
        Watch::OnPc {
            name: "hit_mark".into(),
            pc: 0x0807,
            object: WatchObject::Reg("X".into())
        }
    );
    assert!(matches!(
        p.config.watches[1],
        Watch::Memory {
            at: 0xA000,
            len: 16,
            stride: 1,
            hit: MemoryHit::BitSet(3),
            space: Space::Cpu,
            ..
        }
    ));
    assert!(matches!(
        p.config.watches[2],
        Watch::Memory {
            at: 0x1FC06,
            len: 128,
            stride: 8,
            hit: MemoryHit::Equals(0),
            space: Space::Vram,
            ..
        }
    ));
    assert_eq!(
        (p.config.spans[0].from, p.config.spans[0].to),
        (0x0801, 0x0803)
    );
    assert_eq!(p.config.objects.rules.len(), 2);
    assert_eq!(p.config.objects.default_group, None);
    assert_eq!(
        p.config.input,
        vec![
            Input { pad1: 0 },
            Input {
                pad1: Input::RIGHT | Input::A
            }
        ]
    );
    assert_eq!(p.expect[1], ProgramExpectation::NoLag);
}

#[test]
fn a_label_the_symbol_file_lacks_is_located() {
    let e = program::load(&fixture("bad-label.prg.ron"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("bad-label.prg.ron:13:"), "{e}");
    assert!(
        e.contains("watches[0].label: label `hit_marks` is not in the symbol file"),
        "{e}"
    );
}

#[test]
fn an_unknown_target_is_located() {
    let e = program::load(&fixture("bad-target.prg.ron"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("bad-target.prg.ron:5:"), "{e}");
    assert!(e.contains("target: unknown target `c64`"), "{e}");
}

#[test]
fn a_symbol_file_in_an_unknown_format_names_the_file() {
    let e = program::load(&fixture("bad-symbols.prg.ron"))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("demo.prg.ron:1:1: not a symbol file hitlab knows"),
        "{e}"
    );
}

#[test]
fn objects_are_chosen_by_attribute() {
    let p = program::load(&fixture("attributes.prg.ron")).unwrap();
    let rules = &p.config.objects.rules;
    assert_eq!(rules.len(), 3);
    // ld65.lbl: start $0801, loop $0803.
    assert_eq!(
        (rules[0].sprites.clone(), rules[0].pattern.clone()),
        (0..=0, Some(0x0801..=0x0803))
    );
    assert_eq!(
        rules[1].sprites,
        0..=u32::MAX,
        "every sprite when `sprites` is absent"
    );
    assert_eq!((rules[1].palette, rules[1].merge), (Some(3), true));
    assert_eq!(rules[2].pattern, Some(0x10080..=0x100FF));
    assert_eq!(
        (rules[2].collision_mask, rules[2].group),
        (Some(0), collide::Group::Art)
    );
}

#[test]
fn bad_object_attributes_are_located() {
    let e = program::load(&fixture("bad-palette.prg.ron"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("bad-palette.prg.ron:"), "{e}");
    assert!(
        e.contains("objects.rules[1].palette: 16 is not a 4-bit value (0-15)"),
        "{e}"
    );
    let e = program::load(&fixture("bad-rule.prg.ron"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("objects.rules[0]: chooses no sprites"), "{e}");
}

#[test]
fn judging_fields_and_dumps_are_read() {
    use machine::program::{Dump, JudgeFrom, Judged, PairRule};
    let p = program::load(&fixture("judging.prg.ron")).unwrap();
    assert_eq!(p.config.pairs, PairRule::GoodVsBad);
    assert_eq!(p.config.judged, Judged::Group(collide::Group::Bad));
    // ld65.lbl: loop $0803, marks $A000.
    assert_eq!(p.config.judge_from, JudgeFrom::Pc(0x0803));
    assert_eq!(
        p.config.dumps,
        vec![
            Dump {
                name: "marks".into(),
                space: Space::Cpu,
                at: 0xA000,
                len: 16
            },
            Dump {
                name: "sat".into(),
                space: Space::Vram,
                at: 0x1FC00,
                len: 1024
            },
        ]
    );
    // Absent: every pair, every object, from the hand-over.
    let p = program::load(&fixture("demo.prg.ron")).unwrap();
    assert_eq!(
        (p.config.pairs, p.config.judged, p.config.judge_from),
        (PairRule::All, Judged::All, JudgeFrom::Handover)
    );
}

#[test]
fn bad_judging_fields_are_located() {
    let e = program::load(&fixture("bad-dump.prg.ron"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("bad-dump.prg.ron:"), "{e}");
    assert!(
        e.contains("dump[0].len: 0 bytes; a dump is 1 to 4096 bytes"),
        "{e}"
    );
    let e = program::load(&fixture("bad-judged.prg.ron"))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("judging.objects: Art takes part in no pair"),
        "{e}"
    );
}
