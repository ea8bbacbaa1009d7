//! Positions a motion reaches after its first frame, against the chip's position fields
//! (`crates/scene/src/reach.rs`): the Genesis VDP's 9-bit X and Y hold -128 to 383 px
//! (genesis-vdp.md), so a motion that gets a sprite past them is refused at its field,
//! naming the frame; the TMS9918 and VERA wrap their coordinates (tms9918.md, vera.md) and
//! take any.

use std::path::{Path, PathBuf};

use scene::load::parse_versioned;
use scene::loaded::resolve;

/// A fresh folder holding `x.ron` (and whatever the test writes beside it).
fn folder(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Loads a scene of one 8x8 object on `target` moved by `motion`, with `extra` fields
/// (such as `paths`) in the scene, from `dir/x.ron`.
fn load(dir: &Path, target: &str, motion: &str, extra: &str) -> Result<(), String> {
    let text = format!(
        "Scene(version: 1, name: \"o\", target: {target}, {extra}\n objects: [(name: \"a\", group: Good,\n  sprites: [(w: 8, h: 8, pattern: 0)],\n  motion: {motion})])"
    );
    let path = dir.join("x.ron");
    std::fs::write(&path, &text).unwrap();
    let s = parse_versioned(&path, &text).expect("parses");
    resolve(&path, &text, "", s)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// A path table file of u16 little-endian x, y pairs.
fn table(dir: &Path, points: &[(u16, u16)]) {
    let bytes: Vec<u8> = points
        .iter()
        .flat_map(|&(x, y)| [x.to_le_bytes(), y.to_le_bytes()].concat())
        .collect();
    std::fs::write(dir.join("t.bin"), bytes).unwrap();
}

const PATHS: &str = "paths: [(name: \"t\", file: \"t.bin\")],";

#[test]
fn waypoints_past_x_383_are_refused_on_the_genesis_at_the_frame_they_leave() {
    let dir = folder("reach-waypoints");
    // From x = 0 at 4 px a frame towards x = 400: frame f is at x = 4f, first past 383 at
    // f = 96 (x = 384).
    let e = load(
        &dir,
        "Genesis(())",
        "Waypoints(points: [(0, 0), (400, 0)], speed: 4)",
        "",
    )
    .unwrap_err();
    assert!(e.contains("x.ron:4:"), "located at the motion: {e}");
    assert!(e.contains("objects[0].motion.points"), "{e}");
    assert!(e.contains("(384, 0) at frame 96"), "{e}");
    assert!(e.contains("-128 to 383"), "{e}");
    // The same points, held to 383: accepted.
    load(
        &dir,
        "Genesis(())",
        "Waypoints(points: [(0, 0), (383, 0)], speed: 4)",
        "",
    )
    .unwrap();
    // A speed of 0 never leaves the first point.
    load(
        &dir,
        "Genesis(())",
        "Waypoints(points: [(0, 0), (400, 0)], speed: 0)",
        "",
    )
    .unwrap();
}

#[test]
fn a_path_is_refused_only_for_the_entries_its_index_visits() {
    let dir = folder("reach-path");
    // Entries 0..3: x = 0, 390, 10, 20. From entry 0 by 2 the index visits 0 and 2 only.
    table(&dir, &[(0, 0), (390, 0), (10, 0), (20, 0)]);
    load(
        &dir,
        "Genesis(())",
        "Path(table: \"t\", start: 0, step: 2)",
        PATHS,
    )
    .unwrap();
    // From entry 3 by 2: 3 at frame 0, then 5 mod 4 = 1 (x = 390) at frame 1.
    let e = load(
        &dir,
        "Genesis(())",
        "Path(table: \"t\", start: 3, step: 2)",
        PATHS,
    )
    .unwrap_err();
    assert!(e.contains("objects[0].motion.table"), "{e}");
    assert!(e.contains("(390, 0) at frame 1 (entry 1 of `t`)"), "{e}");
    // An array of two by 2 from entries 0 and 2 (spacing 2): both visit 0 and 2 only.
    let two = |spacing: u32| {
        let text = format!(
            "Scene(version: 1, name: \"o\", target: Genesis(()), {PATHS}\n objects: [(name: \"a\", group: Good, count: 2,\n  sprites: [(w: 8, h: 8, pattern: 0)],\n  motion: Path(table: \"t\", step: 2, spacing: {spacing}))])"
        );
        let path = dir.join("x.ron");
        std::fs::write(&path, &text).unwrap();
        let s = parse_versioned(&path, &text).expect("parses");
        resolve(&path, &text, "", s)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    two(2).unwrap();
    // Spacing 1: the second starts at entry 1 (x = 390), at frame 0.
    let e = two(1).unwrap_err();
    assert!(
        e.contains("a[1]'s sprite 0 moves to (390, 0) at frame 0 (entry 1 of `t`)"),
        "{e}"
    );
}

#[test]
fn a_linear_area_reaching_past_the_fields_is_refused_at_its_area() {
    let dir = folder("reach-linear");
    // 4 px a frame (1024 / 256) from x = 0, wrapping in a 600-px area: x = 4f, first past
    // 383 at frame 96.
    let e = load(
        &dir,
        "Genesis(())",
        "Linear(at: (0, 10), velocity: (1024, 0), edges: Wrap, area: Some((0, 0, 600, 100)))",
        "",
    )
    .unwrap_err();
    assert!(e.contains("objects[0].motion.area"), "{e}");
    assert!(e.contains("(384, 10) at frame 96"), "{e}");
    // Moving up and down only, it never leaves x = 0: accepted.
    load(
        &dir,
        "Genesis(())",
        "Linear(at: (0, 10), velocity: (0, 256), edges: Bounce, area: Some((0, 0, 600, 100)))",
        "",
    )
    .unwrap();
    // Moving right at 1/256 px a frame it reaches x = 384 after 384 * 256 = 98,304
    // frames, the scene's 1 frame notwithstanding (the command line may play longer).
    let e = load(
        &dir,
        "Genesis(())",
        "Linear(at: (0, 10), velocity: (1, 0), edges: Bounce, area: Some((0, 0, 600, 100)))",
        "",
    )
    .unwrap_err();
    assert!(e.contains("(384, 10) at frame 98304"), "{e}");
    // Bouncing in the H40 screen: inside the fields.
    load(
        &dir,
        "Genesis(())",
        "Linear(at: (0, 10), velocity: (1024, 512), edges: Bounce, area: Some((0, 0, 320, 224)))",
        "",
    )
    .unwrap();
}

#[test]
fn chips_whose_coordinates_wrap_take_any_position_a_motion_reaches() {
    let dir = folder("reach-wrap");
    for target in ["Msx(())", "Vera(())"] {
        load(
            &dir,
            target,
            "Waypoints(points: [(0, 0), (5000, -3000)], speed: 7)",
            "",
        )
        .unwrap_or_else(|e| panic!("{target}: {e}"));
    }
}
