#![cfg(unix)]

//! Outputs that are no regular file (`-o /dev/stdout`, a FIFO, a device) are written in
//! place, never replaced by a file renamed over them; a folder is refused with exit 2.

use crate::common;

use std::io::Read as _;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// Runs `hitlab ARGS` writing into a FIFO named `name` (the last argument, `{fifo}`,
/// is replaced by its path) and gives back what came through it, or `None` where
/// `mkfifo` is missing.
fn through_fifo(test: &str, name: &str, args: &[&str]) -> Option<Vec<u8>> {
    let dir = common::scratch(test);
    let fifo = dir.join(name);
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("skipped: mkfifo is not available");
        return None;
    }
    // The reader takes whatever comes through the FIFO; if hitlab never opens it (a file
    // was renamed over it) the reader never returns and the wait below times out.
    let (tx, rx) = std::sync::mpsc::channel();
    let path = fifo.clone();
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let got = std::fs::File::open(&path).and_then(|mut f| f.read_to_end(&mut bytes));
        let _ = tx.send(got.map(|_| bytes));
    });
    let mut args: Vec<&str> = args.to_vec();
    args.push(fifo.to_str().unwrap());
    let o = common::hitlab(&dir, &args);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let bytes = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("the output came through the FIFO")
        .expect("read");
    assert!(is_fifo(&fifo), "the FIFO was replaced");
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left.len(), 1, "nothing but the FIFO: {left:?}");
    Some(bytes)
}

#[test]
fn a_shot_into_a_fifo_is_written_through_it_and_the_fifo_stays() {
    let scene = common::scene("msx/fifth.ron");
    let Some(bytes) = through_fifo(
        "special-fifo-shot",
        "out.png",
        &["shot", scene.to_str().unwrap(), "-o"],
    ) else {
        return;
    };
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
}

#[test]
fn a_report_into_a_fifo_is_written_through_it_and_the_fifo_stays() {
    let scene = common::scene("msx/fifth.ron");
    let Some(bytes) = through_fifo(
        "special-fifo-report",
        "out.html",
        &["report", scene.to_str().unwrap(), "--frames", "3", "-o"],
    ) else {
        return;
    };
    assert!(String::from_utf8_lossy(&bytes).contains("<html"));
}

#[test]
fn an_output_that_is_a_folder_is_usage_not_a_file_beside_it() {
    let dir = common::scratch("special-folder");
    std::fs::create_dir(dir.join("pic.png")).unwrap();
    let scene = common::scene("msx/fifth.ron");
    let o = common::hitlab(&dir, &["shot", scene.to_str().unwrap(), "-o", "pic.png"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("pic.png: is a folder"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(dir.join("pic.png").is_dir());
}

fn is_fifo(p: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt as _;
    std::fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_fifo())
}
