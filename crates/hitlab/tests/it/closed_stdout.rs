//! A reader that closes its end (`hitlab ... | head -1`) ends the command quietly.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `hitlab ARGS` with its stdout closed before it writes; returns exit code and stderr.
fn closed_stdout(args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hitlab"))
        .args(args)
        .current_dir(root())
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run hitlab");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("hitlab ends");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_closed_stdout_ends_every_printing_command_quietly() {
    // Each writes more than a pipe holds, so a write meets the closed end.
    for args in [
        &[
            "compare",
            "scenes/msx/fifth.ron",
            "--frames",
            "3000",
            "--per-frame",
        ][..],
        &[
            "compare",
            "scenes/msx/fifth.ron",
            "--frames",
            "3000",
            "--per-frame",
            "--json",
        ],
        &["replay", "tests/"],
        &["methods", "--objects", "20000"],
    ] {
        let (code, err) = closed_stdout(args);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(code, Some(0), "{args:?}: {err}");
    }
}
