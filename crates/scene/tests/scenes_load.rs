//! Every scene in `scenes/` loads: RON, roms, path tables, key recordings.

use std::path::Path;

#[test]
fn every_scene_loads() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenes");
    let mut n = 0;
    for sub in std::fs::read_dir(&dir).unwrap() {
        let sub = sub.unwrap().path();
        let Ok(files) = std::fs::read_dir(&sub) else {
            continue;
        };
        for f in files {
            let f = f.unwrap().path();
            if f.extension().is_some_and(|x| x == "ron") {
                scene::loaded::load_scene(&f).unwrap_or_else(|e| panic!("{e}"));
                n += 1;
            }
        }
    }
    assert!(n >= 5, "only {n} scenes");
}
