//! Ctrl-C stops a long run cleanly: exit 130, no output under its real name, no
//! temporary file left behind.

use crate::common;

use std::process::{Command, Stdio};
use std::time::Duration;

use common::{scene, scratch};

fn interrupted(dir: &std::path::Path, args: &[&str]) -> (Option<i32>, String) {
    let child = Command::new(env!("CARGO_BIN_EXE_hitlab"))
        .args(args)
        .current_dir(dir)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run hitlab");
    std::thread::sleep(Duration::from_millis(1500));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(sent.success());
    let out = child.wait_with_output().expect("hitlab ends");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn ctrl_c_ends_record_and_compare_with_130_and_leaves_no_file() {
    let dir = scratch("interrupt");
    let rings = scene("vera/rings.ron");
    let rings = rings.to_str().unwrap();
    let (code, err) = interrupted(
        &dir,
        &[
            "record",
            rings,
            "--frames",
            "4000000",
            "--overlays",
            "-o",
            "long.gif",
        ],
    );
    assert_eq!(code, Some(130), "{err}");
    assert!(err.contains("interrupted"), "{err}");
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");

    let (code, err) = interrupted(&dir, &["compare", rings, "--frames", "4000000"]);
    assert_eq!(code, Some(130), "{err}");
}

/// Starts `hitlab ARGS` in `dir`, sends one SIGINT after `after`, and waits at most 20 s
/// for it to end: its exit code, or `None` when it did not end (it is then killed).
fn one_ctrl_c(dir: &std::path::Path, args: &[&str], after: Duration) -> Option<i32> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hitlab"))
        .args(args)
        .current_dir(dir)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("run hitlab");
    std::thread::sleep(after);
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(sent.success());
    for _ in 0..200 {
        if let Some(status) = child.try_wait().expect("wait") {
            return status.code();
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

#[test]
fn one_ctrl_c_ends_report_on_a_fifo_scene_and_leaves_no_temporary_file() {
    let dir = scratch("interrupt_fifo");
    let made = Command::new("mkfifo")
        .arg(dir.join("scene.ron"))
        .status()
        .expect("mkfifo");
    assert!(made.success());
    // Nobody writes the FIFO: the read never ends on its own.
    let code = one_ctrl_c(
        &dir,
        &["report", "scene.ron", "-o", "page.html"],
        Duration::from_millis(800),
    );
    assert_eq!(code, Some(130));
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "scene.ron")
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}

#[test]
fn one_ctrl_c_ends_a_hunt() {
    let dir = scratch("interrupt_hunt");
    let code = one_ctrl_c(
        &dir,
        &[
            "hunt",
            "half-pairs",
            "--target",
            "vera",
            "--budget",
            "100000000",
        ],
        Duration::from_millis(1500),
    );
    assert_eq!(code, Some(130));
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
}
