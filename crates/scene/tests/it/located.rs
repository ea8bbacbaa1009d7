//! Checks made after parsing name the real place: the field itself, never a comment or
//! another object that happens to hold the same words, and inside an inline scene.

use std::path::Path;

use scene::format::{Scenario, SceneRef};
use scene::load::parse_versioned;
use scene::loaded::{LoadedScene, resolve};

fn scene(text: &str) -> Result<LoadedScene, scene::LoadError> {
    let s = parse_versioned(Path::new("x.ron"), text)?;
    resolve(Path::new("x.ron"), text, "", s)
}

const HEAD: &str = "Scene(version: 1, name: \"s\", target: Msx((size16: true)),\n";

#[test]
fn a_check_after_parsing_points_at_its_field_not_at_a_comment() {
    let text = format!(
        "// The \"ghost\" table and count: 0 are only mentioned here.\n{HEAD} objects: [\n  (name: \"a\", group: Good, sprites: [(w: 8, h: 8, pattern: 0)], motion: Still(at: (0, 0))),\n  (name: \"b\", group: Bad, sprites: [(w: 8, h: 8, pattern: 0)],\n   motion: Path(table: \"ghost\")),\n ])"
    );
    let e = scene(&text).unwrap_err().to_string();
    assert!(
        e.starts_with("x.ron:6:24: objects[1].motion.table: no path table named `ghost`"),
        "{e}"
    );
}

#[test]
fn too_many_sprites_is_located_at_the_objects() {
    let text = format!(
        "{HEAD} // objects: a comment\n objects: [(name: \"a\", group: Good, count: 40, sprites: [(w: 16, h: 16, pattern: 0)], motion: Still(at: (0, 0)))])"
    );
    let loaded = scene(&text).expect("parses");
    let e = scene::start(loaded, &[]).expect_err("refused").to_string();
    assert!(e.starts_with("x.ron:3:11: objects: "), "{e}");
    assert!(e.contains("40 hardware sprites; the chip has 32"), "{e}");
}

#[test]
fn a_rom_that_does_not_fit_is_located_at_its_entry() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("scene-located");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("big.bin"), [0u8; 64]).unwrap();
    let text = format!("{HEAD} roms: [\n  (file: \"big.bin\", to: Vram(0x3FF0))],\n objects: [])");
    let path = dir.join("x.ron");
    let s = parse_versioned(&path, &text).unwrap();
    let loaded = resolve(&path, &text, "", s).expect("resolves");
    let e = scene::start(loaded, &[]).expect_err("refused").to_string();
    assert!(e.contains("x.ron:3:3: roms[0]: "), "{e}");
}

#[test]
fn an_inline_scene_s_error_points_inside_the_scenario() {
    let text = "Scenario(version: 1, frames: 1, expect: [],\n scene: Inline((\n  version: 1, name: \"i\", target: Msx(()),\n  objects: [(name: \"a\", group: Good, count: 0,\n   sprites: [(w: 8, h: 8, pattern: 0)], motion: Still(at: (0, 0)))])))";
    let s: Scenario = parse_versioned(Path::new("t.ron"), text).unwrap();
    let SceneRef::Inline(inline) = s.scene else {
        panic!("inline")
    };
    let e = resolve(Path::new("t.ron"), text, "scene.", *inline)
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("t.ron:4:45: scene.objects[0].count: count is 0"),
        "{e}"
    );
}

#[test]
fn a_missing_file_says_the_os_error_once() {
    let e = scene::loaded::load_scene(Path::new("no/such/scene.ron"))
        .unwrap_err()
        .to_string();
    let once = std::io::Error::from(std::io::ErrorKind::NotFound).to_string();
    assert_eq!(e.matches("os error").count(), 1, "{e} ({once})");
    assert!(
        std::error::Error::source(&scene::loaded::load_scene(Path::new("nope.ron")).unwrap_err())
            .is_none()
    );
}
