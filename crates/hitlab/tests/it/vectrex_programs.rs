//! The Vectrex test cartridges (roms/vectrex/programs: objects, boxtest, overrun) through
//! the binary on the project's BIOS, with their program files (tests/vectrex_*.prg.ron):
//! `compare --json` figures and `replay`'s expectations, each derived by hand in the
//! cartridge's source and its program file.

use crate::common::{hitlab, root, stdout};

fn compare_json(file: &str) -> serde_json::Value {
    let o = hitlab(&root(), &["compare", file, "--json"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}{}",
        stdout(&o),
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_str(stdout(&o).trim()).expect("one JSON object")
}

/// The frames `m` of 160-frame passes that start at frame 1 (frame f shows m = (f - 1)
/// mod 160), below `frames`.
fn pass_frames(m: std::ops::RangeInclusive<u64>, frames: u64) -> Vec<u64> {
    (2..frames)
        .filter(|f| m.contains(&((f - 1) % 160)))
        .collect()
}

#[test]
fn objects_with_obj_hit_are_judged_against_truth() {
    let v = compare_json("tests/vectrex_objects.prg.ron");
    assert_eq!(v["target"], "vectrex");
    assert_eq!(v["frames"], 240);
    let hit_frames = pass_frames(52..=68, 240);
    assert_eq!(hit_frames.len(), 34);
    assert_eq!(v["box_truth_frames"], 34);
    // The BIOS's Obj_Hit, the machine's answer, in exactly those frames.
    assert_eq!(v["chip_frames"], 34);
    assert_eq!(v["chip_differs_frames"], 0);
    for kind in ["box", "pixel"] {
        assert_eq!(v[kind]["hits"], 68, "{kind}: two objects a frame");
        assert_eq!(v[kind]["misses"], 0, "{kind}");
        assert_eq!(v[kind]["false_alarms"], 0, "{kind}");
    }
    assert_eq!(v["lag_frames"], serde_json::json!([]));
    assert_eq!(
        v["first_judged_frame"], 2,
        "judged from the cartridge's handover"
    );
    for f in v["per_frame"].as_array().unwrap() {
        let k = f["frame"].as_u64().unwrap();
        let hit = hit_frames.contains(&k);
        assert_eq!(f["collided"], hit, "frame {k}");
        let want = if hit { vec![vec![0, 1]] } else { Vec::new() };
        let boxes: Vec<Vec<u64>> = serde_json::from_value(f["truth"]["box"].clone()).unwrap();
        assert_eq!(boxes, want, "frame {k}");
    }
    assert_eq!(v["passed"], true);
}

#[test]
fn boxtest_misses_the_case_its_own_test_gets_wrong() {
    let v = compare_json("tests/vectrex_boxtest.prg.ron");
    let caught = pass_frames(44..=76, 130);
    let missed = pass_frames(84..=116, 130);
    assert_eq!((caught.len(), missed.len()), (33, 33));
    assert_eq!(v["box_truth_frames"], 66);
    for kind in ["box", "pixel"] {
        assert_eq!(v[kind]["hits"], 66, "{kind}");
        assert_eq!(v[kind]["misses"], 66, "{kind}");
        assert_eq!(v[kind]["false_alarms"], 0, "{kind}");
    }
    // No Obj_Hit: the machine never answers.
    assert_eq!(v["chip_frames"], 0);
    // Frames 0 and 1 (the BIOS's and the set-up) come before the handover: not judged.
    for f in &v["per_frame"].as_array().unwrap()[2..] {
        let k = f["frame"].as_u64().unwrap();
        let misses = if missed.contains(&k) { 2 } else { 0 };
        assert_eq!(f["misses"]["box"], misses, "frame {k}");
        if missed.contains(&k) {
            assert_eq!(f["truth"]["box"], serde_json::json!([[0, 2]]), "frame {k}");
        }
    }
}

#[test]
fn overrun_frames_lag_and_run_over_the_budget() {
    let v = compare_json("tests/vectrex_overrun.prg.ron");
    assert_eq!(v["budget"], 30_000);
    assert_eq!(v["lag_frames"], serde_json::json!([1, 2, 3, 4, 5, 6, 7, 8]));
    assert_eq!(v["over_budget_frames"]["count"], 6);
    for f in &v["per_frame"].as_array().unwrap()[3..] {
        let c = f["cycles"].as_u64().unwrap();
        assert!((40_003..41_503).contains(&c), "{f}");
        assert_eq!(f["idle_cycles"], 0);
    }
}

#[test]
fn replay_checks_the_vectrex_program_files_expectations() {
    let o = hitlab(
        &root(),
        &[
            "replay",
            "tests/vectrex_objects.prg.ron",
            "tests/vectrex_boxtest.prg.ron",
            "tests/vectrex_overrun.prg.ron",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
}

#[test]
fn a_bare_cartridge_runs_with_target_vectrex() {
    let o = hitlab(
        &root(),
        &[
            "compare",
            "roms/vectrex/programs/objects.bin",
            "--target",
            "vectrex",
            "--frames",
            "10",
            "--give-up-frames",
            "0",
            "--json",
        ],
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["frames"], 10);
    // Without a program file there is no object table: no objects, no truth.
    assert_eq!(v["box_truth_frames"], 0);
}

#[test]
fn bad_object_tables_are_refused_at_their_field() {
    let dir = crate::common::scratch("vectrex-tables");
    let image = root().join("roms/vectrex/programs/objects.bin");
    let write = |name: &str, table: &str| {
        let p = dir.join(name);
        std::fs::write(
            &p,
            format!(
                "Program(version: 1, image: \"{}\", target: \"vectrex\", frames: 3,\n    \
                 give_up_frames: 0,\n    object_table: Some({table}),\n)\n",
                image.display()
            ),
        )
        .unwrap();
        p
    };
    for (name, table, field, line) in [
        (
            "stride0.prg.ron",
            "(at: \"$C880\", count: Some(2), stride: 0, y: 0, x: 1, half: Some(2))",
            "object_table.stride",
            "stride",
        ),
        (
            "outside.prg.ron",
            "(at: \"$C000\", count: Some(2), stride: 5, y: 0, x: 1, half: Some(2))",
            "object_table.at",
            "RAM ($C800-$CFFF)",
        ),
        (
            "runs_off.prg.ron",
            "(at: \"$CFFE\", count: Some(2), stride: 5, y: 0, x: 1, half: Some(2))",
            "object_table.at",
            "$CFFE-$D005",
        ),
        (
            "offset.prg.ron",
            "(at: \"$C880\", count: Some(2), stride: 5, y: 0, x: 5, half: Some(2))",
            "object_table.x",
            "outside a record",
        ),
    ] {
        let p = write(name, table);
        let o = hitlab(&root(), &["compare", p.to_str().unwrap()]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(3), "{name}: {err}");
        assert!(err.contains(field) && err.contains(line), "{name}: {err}");
        // file:line:col
        assert!(err.contains(&format!("{name}:")), "{name}: {err}");
    }
}
