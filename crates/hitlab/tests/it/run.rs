//! `hitlab run` without a display, and bad input.

use crate::common;

use std::process::Command;

use common::{hitlab, scene, scratch, stdout};

#[test]
fn run_without_a_display_says_so_once_writes_a_gif_and_compares() {
    let dir = scratch("run-headless");
    let path = scene("msx/fifth.ron");
    let o = hitlab(&dir, &["run", path.to_str().unwrap(), "--frames", "40"]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let out = stdout(&o);
    let said: Vec<&str> = out.lines().filter(|l| l.contains("no display")).collect();
    assert_eq!(said.len(), 1, "{out}");
    assert!(said[0].contains("DISPLAY"), "{out}");
    // The comparison of the 40 frames follows.
    assert!(out.contains("40 frames on MSX TMS9918A"), "{out}");
    assert!(out.contains("hardware  S#0 bit 5 (C)"), "{out}");
    assert!(
        out.contains("columns   32 columns of 8 px, across the 256-px display"),
        "{out}"
    );
    let gif = std::fs::read(dir.join("hitlab-run.gif")).expect("the GIF is written");
    assert_eq!(&gif[..6], b"GIF89a");
}

#[test]
fn run_falls_back_when_the_window_cannot_open() {
    let dir = scratch("run-no-server");
    let path = scene("msx/bands.ron");
    let o = Command::new(env!("CARGO_BIN_EXE_hitlab"))
        .args([
            "run",
            path.to_str().unwrap(),
            "--frames",
            "5",
            "--gif",
            "x.gif",
        ])
        .current_dir(&dir)
        // A display no server answers.
        .env("DISPLAY", ":4093")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("run hitlab");
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let out = stdout(&o);
    assert_eq!(
        out.lines().filter(|l| l.contains("no display")).count(),
        1,
        "{out}"
    );
    assert!(dir.join("x.gif").exists());
}

#[test]
fn bad_scene_paths_are_bad_input() {
    let dir = scratch("bad-input");
    for args in [
        vec!["run", "no/such/scene.ron"],
        vec!["shot", "no/such/scene.ron", "--frame", "3"],
        vec!["record", "no/such/scene.ron", "--frames", "3"],
    ] {
        let o = hitlab(&dir, &args);
        assert_eq!(o.status.code(), Some(3), "{args:?}: {o:?}");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("no/such/scene.ron"),
            "{o:?}"
        );
        assert!(!dir.join("hitlab-run.gif").exists(), "nothing written");
    }
    std::fs::write(dir.join("broken.ron"), "Scene(version: 1, name: 3)").unwrap();
    let o = hitlab(&dir, &["shot", "broken.ron"]);
    assert_eq!(o.status.code(), Some(3), "{o:?}");
}

#[test]
fn usage_errors_are_exit_2() {
    let dir = scratch("usage");
    let path = scene("msx/bands.ron");
    for args in [
        vec!["shot", path.to_str().unwrap(), "--scale", "0"],
        vec!["record", path.to_str().unwrap(), "--frames", "0"],
        vec!["run", path.to_str().unwrap(), "--method", "nope"],
    ] {
        assert_eq!(hitlab(&dir, &args).status.code(), Some(2), "{args:?}");
    }
}
