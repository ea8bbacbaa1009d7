//! Bad RON gets `path:line:col: field: message`, never a panic.

use std::path::Path;

use scene::LoadError;
use scene::format::{Scenario, Scene};
use scene::load::parse_versioned;

const GOOD: &str = r#"Scene(
    version: 1,
    name: "two",
    target: Msx((size16: true)),
    objects: [
        (name: "a", group: Good, sprites: [(w: 16, h: 16, pattern: 0)], motion: Still(at: (10, 10))),
        (name: "b", group: Bad, sprites: [(w: 16, h: 16, pattern: 4)],
         motion: Linear(at: (40, 10), velocity: (-256, 0))),
    ],
)"#;

fn err(text: &str) -> String {
    match parse_versioned::<Scene>(Path::new("scenes/x.ron"), text) {
        Ok(_) => panic!("accepted bad input"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_good_scene_parses() {
    let s: Scene = parse_versioned(Path::new("x.ron"), GOOD).unwrap();
    assert_eq!(s.objects.len(), 2);
}

#[test]
fn unknown_field_names_file_line_column_and_field() {
    let bad = GOOD.replace("motion: Still(at: (10, 10))", "motoin: Still(at: (10, 10))");
    let e = err(&bad);
    assert!(e.starts_with("scenes/x.ron:6:"), "{e}");
    assert!(e.contains("objects[0]"), "{e}");
    assert!(e.contains("motoin"), "{e}");
}

#[test]
fn wrong_type_names_the_nested_field() {
    let bad = GOOD.replace("velocity: (-256, 0)", "velocity: (-256, \"fast\")");
    let e = err(&bad);
    assert!(e.starts_with("scenes/x.ron:8:"), "{e}");
    assert!(e.contains("objects[1].motion"), "{e}");
}

#[test]
fn syntax_error_has_position() {
    let bad = GOOD.replace("name: \"two\",", "name: \"two\"");
    let e = err(&bad);
    // The parser notices at the next token, the start of line 4.
    assert_eq!(e, "scenes/x.ron:4:5: Expected comma");
}

#[test]
fn newer_version_is_refused_by_name() {
    let e = err(&GOOD.replace("version: 1", "version: 9"));
    assert!(e.contains("version 9 is newer"), "{e}");
    // The value is what is wrong, so the error points at it.
    assert!(e.starts_with("scenes/x.ron:2:14: version:"), "{e}");
}

#[test]
fn unknown_method_in_scenario() {
    let text = r#"Scenario(version: 1, scene: Path("a.ron"), frames: 2,
        methods: ["half-pairs", "quarter-pairs"], expect: [])"#;
    let e = parse_versioned::<Scenario>(Path::new("t.ron"), text)
        .map(|_| ())
        .unwrap_err();
    let LoadError::Invalid {
        pos,
        field,
        message,
        ..
    } = &e
    else {
        panic!("{e}")
    };
    assert_eq!(pos.line, 2);
    assert_eq!(field, "methods[1]");
    assert!(message.contains("quarter-pairs"), "{message}");
}

#[test]
fn trailing_garbage_and_truncation_are_errors() {
    assert!(err(&format!("{GOOD} extra")).contains("scenes/x.ron:"));
    let cut = &GOOD[..GOOD.len() / 2];
    assert!(err(cut).starts_with("scenes/x.ron:"));
}
