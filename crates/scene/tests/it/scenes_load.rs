//! Every shipped scene loads: RON, roms, path tables, key recordings.

use std::path::Path;

/// The shipped scenes, named one by one: a scene of the user's own saved under `scenes/`
/// is not the project's to test.
const SHIPPED: &[&str] = &[
    "genesis/line_limit.ron",
    "genesis/pong.ron",
    "genesis/shmup.ron",
    "msx/bands.ron",
    "msx/fifth.ron",
    "vectrex/labyrinth.ron",
    "vectrex/sometimes.ron",
    "vera/rings.ron",
];

#[test]
fn every_scene_loads() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenes");
    for rel in SHIPPED {
        scene::loaded::load_scene(&dir.join(rel)).unwrap_or_else(|e| panic!("{e}"));
    }
}
