//! The Vectrex in its own words, with one set of numbers: no sprite chip, status bit or
//! sprite columns in what `compare` says of it; the methods that assume a sprite chip say
//! they do not apply; the wall cycles measured on the 6809 appear once, add up, and are the
//! same figures in the text and the JSON; and its picture is a portrait tube.

use crate::common;

use std::path::{Path, PathBuf};

use common::{hitlab, scratch, stdout};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn run(args: &[&str]) -> String {
    let o = hitlab(&root(), args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    stdout(&o)
}

/// The numbers of a line, in order (thousands separators dropped).
fn numbers(line: &str) -> Vec<u64> {
    line.replace(',', "")
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect()
}

#[test]
fn the_labyrinth_is_told_without_sprites_status_bits_or_columns() {
    let out = run(&["compare", "scenes/vectrex/labyrinth.ron", "--frames", "60"]);
    for gone in [
        "status bit",
        "sprite overflow",
        "columns of 8 px",
        "160-px display",
        "cycles counted",
    ] {
        assert!(!out.contains(gone), "{gone:?} in:\n{out}");
    }
    // No table row for the methods that do not apply.
    for row in ["hw-gated ", "columns "] {
        assert!(
            !out.lines().any(|l| l.starts_with(row)),
            "{row:?} in:\n{out}"
        );
    }
    for want in [
        "hardware  Obj_Hit: set on",
        "n/a       hw-gated runs only on frames a sprite chip flags",
        "n/a       columns keeps one slot per 8-px column of a sprite display",
        "drawing the vectors and the Obj_Hit pairs",
        "the wall checks below come on top",
        "cycles measured",
    ] {
        assert!(out.contains(want), "{want:?} missing in:\n{out}");
    }
    // Each wall method's cycles appear once: measured.
    for name in ["maze-tiles ", "obj-hit-walls "] {
        let lines = out
            .lines()
            .filter(|l| l.trim_start().starts_with(name))
            .count();
        assert_eq!(lines, 1, "{name} in:\n{out}");
    }
}

#[test]
fn the_wall_decisions_add_up_and_the_json_has_the_measured_figures() {
    let out = run(&["compare", "scenes/vectrex/sometimes.ron"]);
    let line = out
        .lines()
        .find(|l| l.starts_with("walls on the 6809"))
        .expect("the measured walls line");
    // "... (.../walls.bin ...): T decisions: A answered, ... on G and not on D; F failed;
    // N not askable" (the 6809 in the name is the first number).
    let n = numbers(line);
    let [_, total, answered, agree, differ, failed, outside] = n[..] else {
        panic!("{line}: {n:?}")
    };
    assert_eq!(agree + differ, answered, "{line}");
    // Within the labyrinth's outer grid lines both routines give the Rust answer; the
    // walkers that left the labyrinth through a wall are not asked.
    assert_eq!(differ, 0, "{line}");
    assert!(answered > 100 && outside > 100, "{line}");
    assert_eq!(answered + failed + outside, total, "{line}");
    // The checked decisions of the wall block are all accounted for.
    let checked = out
        .lines()
        .find(|l| l.starts_with("walls     checked on"))
        .expect("walls line");
    assert_eq!(numbers(checked)[1], total, "{checked}");

    let json: serde_json::Value =
        serde_json::from_str(&run(&["compare", "scenes/vectrex/sometimes.ron", "--json"]))
            .expect("JSON");
    let w = &json["walls"];
    assert_eq!(w["cycles_are"], "measured");
    let m = &w["measured"];
    assert_eq!(w["maze_tiles_cycles"], m["maze_tiles_cycles"]);
    assert_eq!(w["obj_hit_walls_cycles"], m["obj_hit_walls_cycles"]);
    assert_eq!(m["asked"].as_u64(), Some(answered));
    assert_eq!(m["agree_with_rust"].as_u64(), Some(agree));
    assert_eq!(m["not_askable"].as_u64(), Some(outside));
    // The text's measured figure is the JSON's.
    let tiles = out
        .lines()
        .find(|l| l.trim_start().starts_with("maze-tiles "))
        .expect("maze-tiles line");
    assert_eq!(
        Some(numbers(tiles)[0]),
        m["maze_tiles_cycles"].as_u64(),
        "{tiles}"
    );
}

#[test]
fn a_vectrex_shot_is_a_portrait_tube_at_a_readable_size() {
    let dir = scratch("vectrex-shot");
    let scene = root().join("scenes/vectrex/labyrinth.ron");
    let o = hitlab(
        &dir,
        &[
            "shot",
            scene.to_str().unwrap(),
            "--frame",
            "5",
            "-o",
            "t.png",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let png = common::read_png(&dir.join("t.png"));
    // Without overlays: the tube alone, vecx's 260 x 323 pixels at 2 pixels each.
    assert_eq!((png.w, png.h), (520, 646));
    let o = hitlab(
        &dir,
        &[
            "shot",
            scene.to_str().unwrap(),
            "--frame",
            "5",
            "--overlays",
            "-o",
            "w.png",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let png = common::read_png(&dir.join("w.png"));
    // The window's picture on 1280x1024: the tube at 3 (780 x 969), the panel beside.
    assert_eq!((png.w, png.h), (780 + 332, 969));
}
