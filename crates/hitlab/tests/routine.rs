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
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert!(v["routine"]["box"]["misses"].as_u64().unwrap() > 0, "{v}");
    assert!(!v["went_wrong"].as_array().unwrap().is_empty());
}

#[test]
fn a_runaway_is_reported_with_its_pc() {
    // JR $: forever.
    let image = scratch("loop.bin", &[0x18, 0xFE]);
    let o = hitlab(&["routine", &image, "--target", "msx", "--frames", "2"]);
    assert_eq!(o.status.code(), Some(0));
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
    assert_eq!(o.status.code(), Some(3));
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
