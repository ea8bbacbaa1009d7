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
    assert_eq!(
        blocks.len(),
        3,
        "a scene, a scenario, a scenario with a routine"
    );
    // As if the scene sat in scenes/msx/, where its rom path points from.
    let at = root().join("scenes/msx/example.ron");
    let scene: Scene = parse_versioned(&at, &blocks[0]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        scene.objects[0].sprites[0].colour, 15,
        "`color` is read as `colour`"
    );
    let scene_frames = scene.frames;
    let loaded = scene::loaded::resolve(&at, &blocks[0], "", scene).expect("resolves");
    let mut session = scene::start(loaded, &[]).expect("starts");
    assert_eq!(session.step(None).objects.len(), 3);
    // The example shows what it says: the shot meets a dart within the scene's frames.
    let mut summary = scene::summary::Summary::default();
    for _ in 1..scene_frames {
        summary.add(&session.step(None));
    }
    assert!(
        summary.box_truth_pairs > 0,
        "the two darts example never collides"
    );
    let _: Scenario =
        parse_versioned(Path::new("t.ron"), &blocks[1]).unwrap_or_else(|e| panic!("{e}"));
    // As if the scenario sat in tests/, where its paths point from; it must pass.
    let at = root().join("tests/example.ron");
    let _: Scenario = parse_versioned(&at, &blocks[2]).unwrap_or_else(|e| panic!("{e}"));
    let p = root().join(format!("tests/.docs-example-{}.ron", std::process::id()));
    std::fs::write(&p, &blocks[2]).expect("a scratch scenario");
    let played = scene::load_scenario(&p).map(|l| scene::replay(l, |_| {}));
    std::fs::remove_file(&p).ok();
    let outcome = played.expect("loads").expect("plays");
    assert!(outcome.failures.is_empty(), "{:?}", outcome.failures);
}

#[test]
fn the_readme_links_the_reference() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README");
    assert!(readme.contains("(docs/scenes.md)"));
}
