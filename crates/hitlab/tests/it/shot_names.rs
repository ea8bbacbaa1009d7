//! A scene's name and path go into the PNG whatever their script, and a shot is written
//! whole or not at all.

use crate::common;

use common::{hitlab, read_png, scene, scratch, stdout};

#[test]
fn a_non_latin_1_name_and_path_make_a_whole_png_that_keeps_them() {
    let dir = scratch("shot_names").join("シーン");
    std::fs::create_dir_all(&dir).unwrap();
    let body = std::fs::read_to_string(scene("msx/fifth.ron"))
        .unwrap()
        .replace("name: \"MSX fifth sprite\"", "name: \"五番目のスプライト\"")
        .replace("../../roms/", &format!("{}/", scene("../roms").display()));
    std::fs::write(dir.join("場面.ron"), body).unwrap();
    let o = hitlab(&dir, &["shot", "場面.ron", "--frame", "3", "-o", "絵.png"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let png = read_png(&dir.join("絵.png"));
    assert_eq!((png.w, png.h), (256, 192));
    let text = |k: &str| {
        png.text
            .iter()
            .find(|(key, _)| key == k)
            .map(|(_, v)| v.clone())
    };
    assert_eq!(text("Title").as_deref(), Some("五番目のスプライト"));
    assert!(text("Source").is_some_and(|s| s.contains("場面.ron")));
    assert_eq!(text("Frame").as_deref(), Some("3"), "{}", stdout(&o));
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "temporary files left: {left:?}");
}

#[test]
fn a_shot_that_cannot_be_put_in_place_leaves_what_was_there() {
    let dir = scratch("shot_in_place");
    // A folder named like the output: the picture can be written but not put there.
    std::fs::create_dir_all(dir.join("taken.png/inside")).unwrap();
    let s = scene("msx/fifth.ron");
    let o = hitlab(&dir, &["shot", s.to_str().unwrap(), "-o", "taken.png"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(dir.join("taken.png/inside").is_dir());
    assert!(!dir.join("taken.png.tmp").exists());
}

#[test]
fn overlays_default_to_the_window_s_scale_so_the_panel_is_readable() {
    let dir = scratch("shot_scale");
    let s = scene("msx/bands.ron");
    let s = s.to_str().unwrap();
    for (args, out) in [
        (&["--overlays"][..], "auto.png"),
        (&["--overlays", "--scale", "1"], "one.png"),
        (&[], "plain.png"),
    ] {
        let mut all = vec!["shot", s, "-o", out];
        all.extend_from_slice(args);
        assert!(hitlab(&dir, &all).status.success(), "{all:?}");
    }
    let auto = read_png(&dir.join("auto.png"));
    let one = read_png(&dir.join("one.png"));
    // The MSX's 256x192 at 3x with the panel beside it, as the window opens it on a
    // 1280x1024 display (4x with the panel would not fit).
    assert!(
        auto.h >= 3 * 192 && auto.w > 3 * 256 && auto.w <= 1280 && auto.h <= 1024,
        "{}x{}",
        auto.w,
        auto.h
    );
    assert!(one.h < auto.h);
    assert_eq!(
        read_png(&dir.join("plain.png")).w,
        256,
        "the chip's frame stays 1:1"
    );
}
