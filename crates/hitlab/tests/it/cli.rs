//! The CLI contract (specs/harness.md): exit codes, output lines, located errors; and the
//! scenario suite in `tests/`, replayed through the binary as CI and users run it.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn hitlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hitlab"))
        .args(args)
        .current_dir(root())
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("run hitlab")
}

fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn scratch(name: &str, body: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hitlab-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, body).unwrap();
    p
}

#[test]
fn the_scenario_suite_passes() {
    let o = hitlab(&["replay", "tests/"]);
    let (out, err) = text(&o);
    print!("{out}");
    assert!(o.status.success(), "replay failed:\n{out}\n{err}");
    let last = out.lines().last().unwrap_or_default();
    let (passed, failed) = last
        .split_once(" passed, ")
        .map(|(p, f)| {
            (
                p.parse::<u32>().unwrap(),
                f.trim_end_matches(" failed").parse::<u32>().unwrap(),
            )
        })
        .unwrap_or_else(|| panic!("last line `{last}`"));
    assert_eq!(failed, 0);
    // Scenario files only: `tests/` also holds the cross-check scripts' folder.
    let files = std::fs::read_dir(root().join("tests"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "ron"))
        })
        .count() as u32;
    assert_eq!(passed, files, "every scenario file ran");
}

#[test]
fn a_failed_expectation_exits_1_and_says_why() {
    let body = format!(
        "Scenario(version: 1, scene: Path(\"{}\"), frames: 3, methods: [\"half-pairs\"],\n expect: [FrameHash(frame: 1, blake3: \"00\")])",
        root().join("scenes/msx/fifth.ron").display()
    );
    let p = scratch("fail.ron", &body);
    let o = hitlab(&["replay", p.to_str().unwrap()]);
    let (out, _) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("FAIL") && out.contains("frame 1: frame hash is"),
        "{out}"
    );
    assert!(out.trim_end().ends_with("0 passed, 1 failed"), "{out}");
}

#[test]
fn bad_ron_exits_3_with_file_line_column_and_field() {
    let p = scratch(
        "typo.ron",
        "Scenario(\n  version: 1,\n  scene: Path(\"x.ron\"),\n  frames: 3,\n  expect: [NoMisses(methd: \"grid\")],\n)",
    );
    let o = hitlab(&["replay", p.to_str().unwrap()]);
    let (out, _) = text(&o);
    assert_eq!(o.status.code(), Some(3), "{out}");
    let want = format!("{}:5:", p.display());
    assert!(out.contains(&want), "{out}");
    assert!(out.contains("expect[0]") && out.contains("methd"), "{out}");
}

#[test]
fn missing_files_exit_3() {
    let o = hitlab(&["compare", "scenes/nowhere.ron"]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        err.contains("scenes/nowhere.ron") && err.contains("cannot read"),
        "{err}"
    );

    let scene = scratch(
        "lost_rom.ron",
        "Scene(version: 1, name: \"x\", target: Msx((size16: true)),\n roms: [(file: \"gone.bin\", to: Vram(0))],\n objects: [])",
    );
    let o = hitlab(&["compare", scene.to_str().unwrap()]);
    let (_, err) = text(&o);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(
        err.contains(":2:") && err.contains("roms[0].file") && err.contains("gone.bin"),
        "{err}"
    );
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(hitlab(&["replay"]).status.code(), Some(2));
    assert_eq!(
        hitlab(&["compare", "x.ron", "--methods", "nope"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn compare_json_is_one_object_with_every_method() {
    let o = hitlab(&[
        "compare",
        "scenes/msx/fifth.ron",
        "--frames",
        "90",
        "--json",
    ]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    assert_eq!(v["frames"], 90);
    assert_eq!(v["hardware"]["first_flag_frame"], 84);
    assert_eq!(v["methods"]["half-pairs"]["box"]["misses"], 0);
    assert!(v["methods"]["hw-gated"]["box"]["misses"].as_u64().unwrap() > 0);
}

#[test]
fn roms_are_up_to_date() {
    let o = hitlab(&["roms", "--check"]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}{err}");
}

#[test]
fn whole_run_expectations_fail_when_wrong() {
    let body = format!(
        "Scenario(version: 1, scene: Path(\"{}\"), frames: 20, methods: [\"half-pairs\"],\n expect: [\
         FirstCollisionFrame(Some(3)), HardwareMissesTruth, MissesAtLeastOnce(\"half-pairs\"),\
         TruthPairsAtLeast(1000000), HardwareFlag(frames: [40], set: true)])",
        root().join("scenes/msx/bands.ron").display()
    );
    let p = scratch("whole_run.ron", &body);
    let o = hitlab(&["replay", p.to_str().unwrap()]);
    let (out, _) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    for want in [
        "first hardware collision frame is Some(0), expected Some(3)",
        "the hardware agreed with pixel truth on every frame",
        "half-pairs never missed a pair in 20 frames",
        "expected at least 1000000",
        "frame 40 was never played (20 frames)",
    ] {
        assert!(out.contains(want), "missing `{want}` in {out}");
    }
}

#[test]
fn compare_says_how_many_columns_the_display_gave() {
    for (scene, want) in [
        (
            "scenes/vera/rings.ron",
            "80 columns of 8 px, across the 640-px display",
        ),
        ("scenes/genesis/shmup.ron", "40 columns of 8 px"),
        ("scenes/msx/fifth.ron", "32 columns of 8 px"),
    ] {
        let o = hitlab(&["compare", scene, "--frames", "2", "--methods", "columns"]);
        let (out, err) = text(&o);
        assert!(out.contains(want), "{scene}: {out}{err}");
    }
    let o = hitlab(&[
        "compare",
        "scenes/vera/rings.ron",
        "--frames",
        "2",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(text(&o).0.trim()).expect("JSON");
    assert_eq!(v["columns"], 80);
}
