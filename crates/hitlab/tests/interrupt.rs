//! Ctrl-C stops a long run cleanly: exit 130, no output under its real name, no
//! temporary file left behind.

mod common;

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
