//! The README's exit-code table, command by command: 0 ok, 1 an expectation failed,
//! 2 usage, 3 bad input file.

use crate::common;

use std::path::{Path, PathBuf};

use common::{hitlab, scratch, stdout};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn code(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let o = hitlab(dir, args);
    let all = format!("{}{}", stdout(&o), String::from_utf8_lossy(&o.stderr));
    (o.status.code(), all)
}

#[test]
fn zero_frames_is_a_usage_error_on_every_command() {
    let r = root();
    for args in [
        &["compare", "scenes/msx/fifth.ron", "--frames", "0"][..],
        &["run", "scenes/msx/fifth.ron", "--frames", "0"],
        &[
            "record",
            "scenes/msx/fifth.ron",
            "--frames",
            "0",
            "-o",
            "x.gif",
        ],
        &["methods", "--objects", "0"],
    ] {
        let (c, out) = code(&r, args);
        assert_eq!(c, Some(2), "{args:?}: {out}");
    }
}

#[test]
fn zero_frames_in_a_file_is_bad_input_at_its_place() {
    let dir = scratch("zero_frames");
    let scene = dir.join("zero.ron");
    std::fs::write(
        &scene,
        "Scene(version: 1, name: \"z\", target: Msx((size16: true)),\n objects: [],\n frames: 0)",
    )
    .unwrap();
    let (c, out) = code(&dir, &["compare", "zero.ron"]);
    assert_eq!(c, Some(3), "{out}");
    assert!(
        out.contains("zero.ron:3:") && out.contains("frames"),
        "{out}"
    );

    let scenario = dir.join("zero_scenario.ron");
    std::fs::write(
        &scenario,
        "Scenario(version: 1, scene: Path(\"zero.ron\"),\n frames: 0, expect: [])",
    )
    .unwrap();
    let (c, out) = code(&dir, &["replay", "zero_scenario.ron"]);
    assert_eq!(c, Some(3), "{out}");
    assert!(out.contains("zero_scenario.ron:2:"), "{out}");
}

#[test]
fn outputs_that_cannot_be_written_or_have_the_wrong_extension_are_usage_errors() {
    let dir = scratch("outputs");
    let scene = root().join("scenes/msx/fifth.ron");
    let s = scene.to_str().unwrap();
    for args in [
        &["shot", s, "-o", "no/such/folder/x.png"][..],
        &["shot", s, "-o", "x.gif"],
        &["record", s, "--frames", "2", "-o", "x.png"],
        &["record", s, "--frames", "2", "-o", "no/such/folder/x.gif"],
    ] {
        let (c, out) = code(&dir, args);
        assert_eq!(c, Some(2), "{args:?}: {out}");
    }
    assert!(!dir.join("x.gif").exists() && !dir.join("x.png").exists());
}

#[test]
fn a_bad_register_or_a_cram_for_another_chip_is_a_usage_error() {
    let dir = scratch("frame_usage");
    std::fs::write(dir.join("msx.vram"), vec![0u8; 16_384]).unwrap();
    for args in [
        &[
            "frame", "--target", "msx", "--vram", "msx.vram", "--reg", "9=1",
        ][..],
        &[
            "frame", "--target", "msx", "--vram", "msx.vram", "--reg", "1=300",
        ],
        &[
            "frame", "--target", "msx", "--vram", "msx.vram", "--reg", "1",
        ],
        &[
            "frame", "--target", "msx", "--vram", "msx.vram", "--cram", "msx.vram",
        ],
    ] {
        let (c, out) = code(&dir, args);
        assert_eq!(c, Some(2), "{args:?}: {out}");
    }
    let (c, out) = code(
        &dir,
        &["frame", "--target", "genesis", "--vram", "msx.vram"],
    );
    assert_eq!(c, Some(3), "a dump of the wrong size is bad input: {out}");
    let (c, out) = code(&dir, &["frame", "--target", "msx", "--vram", "msx.vram"]);
    assert_eq!(c, Some(0), "{out}");
}

#[test]
fn compare_takes_every_method_the_readme_lists_and_refuses_those_the_machine_lacks() {
    let r = root();
    let (c, out) = code(
        &r,
        &[
            "compare",
            "scenes/vectrex/labyrinth.ron",
            "--frames",
            "5",
            "--methods",
            "maze-tiles,obj-hit-walls",
        ],
    );
    assert_eq!(c, Some(0), "{out}");
    assert!(
        out.contains("maze-tiles") && out.contains("obj-hit-walls"),
        "{out}"
    );

    for (scene, method) in [
        ("scenes/msx/fifth.ron", "quadrants"),
        ("scenes/genesis/pong.ron", "maze-tiles"),
    ] {
        let (c, out) = code(
            &r,
            &["compare", scene, "--frames", "5", "--methods", method],
        );
        assert_eq!(c, Some(2), "{method} on {scene}: {out}");
        assert!(
            out.contains(method) && out.contains("needs") || out.contains("reads"),
            "{out}"
        );
    }
}

#[test]
fn json_per_frame_keeps_the_frames() {
    let o = hitlab(
        &root(),
        &[
            "compare",
            "scenes/msx/fifth.ron",
            "--frames",
            "6",
            "--json",
            "--per-frame",
        ],
    );
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one object");
    let frames = v["per_frame"].as_array().expect("per_frame array");
    assert_eq!(frames.len(), 6);
    assert_eq!(frames[5]["frame"], 5);
    assert!(frames[0]["frame_hash"].is_string());
}

#[test]
fn bench_help_shows_a_default_the_parser_takes() {
    let o = hitlab(&root(), &["bench", "--help"]);
    let help = stdout(&o);
    let default = help
        .split("[default: ")
        .nth(1)
        .and_then(|d| d.split(']').next())
        .expect("a default in the help");
    assert_eq!(default, "80,128,1000,10000,100000", "{help}");
}
