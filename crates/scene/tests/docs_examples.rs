//! The format reference's examples are real: each RON block of `docs/scenes.md` parses,
//! and its scene plays.

use std::path::{Path, PathBuf};

use scene::format::{Scenario, Scene};
use scene::load::parse_versioned;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn ron_blocks(md: &str) -> Vec<String> {
    md.split("```ron\n")
        .skip(1)
        .filter_map(|b| b.split("```").next().map(str::to_owned))
        .collect()
}

#[test]
fn the_reference_s_examples_parse_and_play() {
    let md = std::fs::read_to_string(root().join("docs/scenes.md")).expect("docs/scenes.md");
    let blocks = ron_blocks(&md);
    assert_eq!(blocks.len(), 2, "a scene and a scenario");
    // As if the scene sat in scenes/msx/, where its rom path points from.
    let at = root().join("scenes/msx/example.ron");
    let scene: Scene = parse_versioned(&at, &blocks[0]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        scene.objects[0].sprites[0].colour, 15,
        "`color` is read as `colour`"
    );
    let loaded = scene::loaded::resolve(&at, &blocks[0], "", scene).expect("resolves");
    let mut session = scene::start(loaded, &[]).expect("starts");
    assert_eq!(session.step(None).objects.len(), 3);
    let _: Scenario =
        parse_versioned(Path::new("t.ron"), &blocks[1]).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn the_readme_links_the_reference() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README");
    assert!(readme.contains("(docs/scenes.md)"));
}
