//! `hitlab roms DIR` writes only beside each source, never through a link, never one image
//! from two sources, and does not follow folder links.

use crate::common;

use std::path::Path;

use common::{hitlab, scratch, stdout};

fn source(outputs: &str) -> String {
    format!("RomSource(version: 1, outputs: [{outputs}])")
}

fn roms(dir: &Path) -> (Option<i32>, String) {
    let o = hitlab(dir, &["roms", "src"]);
    (
        o.status.code(),
        format!("{}{}", stdout(&o), String::from_utf8_lossy(&o.stderr)),
    )
}

#[test]
fn outputs_outside_the_source_folder_are_refused_and_nothing_is_written() {
    let root = scratch("roms_escape");
    let abs = root.join("abs.bin");
    for (file, why) in [
        ("../escape.bin", "plain file name"),
        (abs.to_str().unwrap(), "plain file name"),
        ("sub/x.bin", "plain file name"),
        ("other.src.ron", "overwrite a rom source"),
    ] {
        let dir = root.join("src");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("a.src.ron"),
            source(&format!(
                "(file: \"ok.bin\", data: Bytes([1])),\n(file: \"{file}\", data: Bytes([2]))"
            )),
        )
        .unwrap();
        let (code, out) = roms(&root);
        assert_eq!(code, Some(3), "{file}: {out}");
        assert!(
            out.contains("a.src.ron:2:") && out.contains("outputs[1].file"),
            "{out}"
        );
        assert!(out.contains(why), "{file}: {out}");
        assert!(!root.join("escape.bin").exists() && !abs.exists());
        assert!(
            !dir.join("ok.bin").exists(),
            "nothing is written when a source is bad"
        );
    }
}

#[test]
fn two_sources_for_one_image_and_links_in_an_output_place_are_refused() {
    let root = scratch("roms_clash");
    let dir = root.join("src");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("a.src.ron"),
        source("(file: \"x.bin\", data: Bytes([1]))"),
    )
    .unwrap();
    std::fs::write(
        dir.join("b.src.ron"),
        source("(file: \"x.bin\", data: Bytes([2]))"),
    )
    .unwrap();
    let (code, out) = roms(&root);
    assert_eq!(code, Some(3), "{out}");
    assert!(out.contains("built by both"), "{out}");
    assert!(!dir.join("x.bin").exists());

    std::fs::remove_file(dir.join("b.src.ron")).unwrap();
    let victim = root.join("victim.bin");
    std::fs::write(&victim, b"keep").unwrap();
    std::os::unix::fs::symlink(&victim, dir.join("x.bin")).unwrap();
    let (code, out) = roms(&root);
    assert_eq!(code, Some(3), "{out}");
    assert!(out.contains("link"), "{out}");
    assert_eq!(std::fs::read(&victim).unwrap(), b"keep");
}

#[test]
fn a_folder_link_loop_is_not_followed() {
    let root = scratch("roms_loop");
    let dir = root.join("src");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("a.src.ron"),
        source("(file: \"x.bin\", data: Bytes([7]))"),
    )
    .unwrap();
    std::os::unix::fs::symlink(&dir, dir.join("loop")).unwrap();
    let (code, out) = roms(&root);
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(std::fs::read(dir.join("x.bin")).unwrap(), [7]);
    assert!(!out.contains("loop"), "{out}");

    std::fs::write(root.join("s.ron"), "not a scenario").unwrap();
    std::os::unix::fs::symlink(&root, root.join("back")).unwrap();
    let o = hitlab(&root, &["replay", "."]);
    assert_eq!(o.status.code(), Some(3), "replay ends: {}", stdout(&o));
}

#[test]
fn links_to_the_folder_itself_are_not_followed_and_the_check_ends_quickly() {
    let root = scratch("roms_links");
    let dir = root.join("src");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("a.src.ron"),
        source("(file: \"a.bin\", data: Bytes([1]))"),
    )
    .unwrap();
    std::fs::write(dir.join("a.bin"), [1u8]).unwrap();
    std::os::unix::fs::symlink(".", dir.join("l1")).unwrap();
    std::os::unix::fs::symlink(".", dir.join("l2")).unwrap();
    let started = std::time::Instant::now();
    let o = hitlab(&root, &["roms", "--check", "src"]);
    let took = started.elapsed();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(took.as_secs() < 10, "took {took:?}");
    assert!(!stdout(&o).contains("stale"), "{}", stdout(&o));
}

/// The Vectrex images are built by `hitlab asm6809`: the check runs this binary for them,
/// so they are compared, not skipped, where `hitlab` is not installed on `PATH`.
#[test]
fn roms_check_rebuilds_the_vectrex_images_with_itself() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_hitlab"))
        .args(["roms", "--check", "roms/vectrex"])
        .current_dir(&root)
        .env("PATH", "/nonexistent")
        .output()
        .unwrap();
    let out = stdout(&o);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        out.contains("roms/vectrex/bios/bios.bin (bios): identical"),
        "{out}"
    );
    assert!(
        out.contains("roms/vectrex/programs/objects.bin (program): identical"),
        "{out}"
    );
    assert!(!out.contains("skip "), "{out}");
}

#[test]
fn a_closed_pipe_ends_roms_check_quietly() {
    use std::io::Read;
    use std::process::{Command, Stdio};

    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut child = Command::new(env!("CARGO_BIN_EXE_hitlab"))
        .args(["roms", "--check"])
        .current_dir(root)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Close the pipe before the first line, as `head -1` does once it has its line: the
    // first line `--check` prints meets a closed pipe.
    drop(child.stdout.take());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(status.code(), Some(0), "{err}");
}
