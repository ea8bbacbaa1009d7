//! `hitlab routine`: a user's image on a machine's CPU against a scene, and `--abi`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn hitlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hitlab"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("run hitlab")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn scratch(name: &str, bytes: &[u8]) -> String {
    let dir = std::env::temp_dir().join(format!("hitlab-routine-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p.display().to_string()
}

#[test]
fn a_shipped_image_run_as_a_users_finds_what_its_rust_method_finds() {
    let o = hitlab(&[
        "routine",
        "roms/msx/code/half-pairs.bin",
        "--target",
        "msx",
        "--like",
        "half-pairs",
        "--frames",
        "60",
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let out = stdout(&o);
    assert!(out.contains("60/60"), "{out}");
    assert!(out.contains("no frame went wrong"), "{out}");
}

#[test]
fn a_routine_that_finds_nothing_is_shown_its_misses() {
    // RET at once: K stays 0.
    let image = scratch("ret.bin", &[0xC9]);
    let o = hitlab(&[
        "routine", &image, "--target", "msx", "--frames", "20", "--json",
    ]);
    // Missing every pair of the truth is the routine failing: exit 1.
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert!(v["routine"]["box"]["misses"].as_u64().unwrap() > 0, "{v}");
    assert!(!v["went_wrong"].as_array().unwrap().is_empty());
}

#[test]
fn a_runaway_is_reported_with_its_pc() {
    // JR $: forever.
    let image = scratch("loop.bin", &[0x18, 0xFE]);
    let o = hitlab(&["routine", &image, "--target", "msx", "--frames", "2"]);
    assert_eq!(o.status.code(), Some(1), "a runaway is a failure");
    let out = stdout(&o);
    assert!(
        out.contains("runaway") && out.contains("PC at $4000"),
        "{out}"
    );
}

#[test]
fn bad_images_and_targets_are_refused() {
    let image = scratch("one.bin", &[0xC9]);
    // Outside the code area.
    let o = hitlab(&["routine", &image, "--target", "msx", "--load", "0x3000"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&o.stderr).contains("code area is $4000-$7FFF"));
    // Too large for the MSX's 16 KB page.
    let big = scratch("big.bin", &vec![0; 0x4001]);
    assert_eq!(
        hitlab(&["routine", &big, "--target", "msx"]).status.code(),
        Some(3)
    );
    // Missing.
    let o = hitlab(&["routine", "no/such/image.bin", "--target", "msx"]);
    assert_eq!(o.status.code(), Some(3));
    // An unknown machine is a usage error.
    assert_eq!(
        hitlab(&["routine", &image, "--target", "c64"])
            .status
            .code(),
        Some(2)
    );
    // A scene of another machine.
    let o = hitlab(&[
        "routine",
        &image,
        "--target",
        "msx",
        "--scene",
        "scenes/vera/rings.ron",
    ]);
    assert_eq!(o.status.code(), Some(2), "conflicting arguments are usage");
}

#[test]
fn every_machine_prints_its_contract() {
    for (key, code) in [
        ("genesis", "$0200"),
        ("msx", "$4000"),
        ("vera", "$0810"),
        ("vectrex", "$1000"),
    ] {
        let o = hitlab(&["routine", "--abi", key]);
        assert_eq!(o.status.code(), Some(0), "{key}");
        let out = stdout(&o);
        assert!(out.contains(&format!("code      {code}")), "{key}: {out}");
    }
}

#[test]
fn a_routine_that_halts_or_writes_bad_pairs_exits_1() {
    // HALT with interrupts masked.
    let halt = scratch("halt.bin", &[0x76]);
    // LD HL,$C800; LD (HL),$FF; INC HL; LD (HL),$FF; RET: K = 65535, above the capacity.
    let overrun = scratch(
        "overrun.bin",
        &[0x21, 0x00, 0xC8, 0x36, 0xFF, 0x23, 0x36, 0xFF, 0xC9],
    );
    for image in [&halt, &overrun] {
        let o = hitlab(&["routine", image, "--target", "msx", "--frames", "3"]);
        let out = stdout(&o);
        assert_eq!(o.status.code(), Some(1), "{image}: {out}");
        assert!(out.contains("FAILED"), "{out}");
    }
}

#[test]
fn a_multi_byte_character_in_intel_hex_is_bad_input_with_its_line() {
    let image = scratch("utf8.hex", ":0240\u{e9}000C900F5\n".as_bytes());
    let o = hitlab(&["routine", &image, "--target", "msx", "--format", "ihex"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(err.contains("line 1, column 6"), "{err}");
}

#[test]
fn conflicting_arguments_and_methods_the_machine_lacks_are_usage_errors() {
    let prg = scratch("one.prg", &[0x10, 0x08, 0x60]);
    let o = hitlab(&[
        "routine", &prg, "--target", "vera", "--format", "prg", "--load", "0x0900",
    ]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let ret = scratch("ret2.bin", &[0xC9]);
    for like in ["quadrants", "pixel-table"] {
        let o = hitlab(&["routine", &ret, "--target", "msx", "--like", like]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{like}: {err}");
        assert!(err.contains(like) && err.contains("MSX"), "{err}");
    }
}

#[test]
fn the_contract_needs_no_scene_and_names_the_chip_bios_and_scratch_ram() {
    let dir = std::env::temp_dir().join(format!("hitlab-abi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (key, words) in [
        ("msx", &["#98", "#99", "BIOS", "$D802-$F2FF"][..]),
        ("genesis", &["$C00004", "BIOS", "$FF2002"]),
        ("vera", &["$9F27", "KERNAL", "$8002-$9EFF"]),
        ("vectrex", &["$F8FF", "Obj_Hit", "$CAF2"]),
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_hitlab"))
            .args(["routine", "--abi", key])
            .current_dir(&dir)
            .output()
            .unwrap();
        let out = stdout(&o);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{key}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(
            out.starts_with(&format!("routine contract: {key}\n")),
            "{out}"
        );
        for w in words {
            assert!(out.contains(w), "{key} lacks {w}: {out}");
        }
    }
}

#[test]
fn the_default_scene_is_the_machines_own_whatever_else_lies_in_scenes() {
    // A user's scene that sorts before every shipped one, in a folder of its own.
    let dir = std::env::temp_dir().join(format!("hitlab-default-{}", std::process::id()));
    let msx = dir.join("scenes/msx");
    std::fs::create_dir_all(&msx).unwrap();
    std::fs::write(
        msx.join("aaa.ron"),
        "Scene(version: 1, name: \"mine\", target: Msx((size16: true)), objects: [], frames: 5)",
    )
    .unwrap();
    let ret = scratch("ret3.bin", &[0xC9]);
    let o = Command::new(env!("CARGO_BIN_EXE_hitlab"))
        .args(["routine", &ret, "--target", "msx"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("scenes/msx/bands.ron") && err.contains("--scene"),
        "{err}"
    );
    // From the project folder the same command meets bands.ron.
    let o = hitlab(&["routine", &ret, "--target", "msx", "--frames", "2"]);
    assert!(
        stdout(&o).contains("scenes/msx/bands.ron"),
        "{}",
        stdout(&o)
    );
}
