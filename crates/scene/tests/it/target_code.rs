//! Every target-code routine a machine ships finds exactly the pairs of the Rust method of
//! the same id, on every frame of every shipped scene of that machine, and never fails.

use std::path::{Path, PathBuf};

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

fn scenes() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenes");
    SHIPPED.iter().map(|rel| root.join(rel)).collect()
}

#[test]
fn every_routine_agrees_with_its_rust_method_on_every_frame() {
    let mut checked = 0usize;
    for path in scenes() {
        let loaded = scene::loaded::load_scene(&path).expect("a shipped scene loads");
        let frames = loaded.scene.frames;
        let mut session = scene::start(loaded, &[]).expect("starts");
        for _ in 0..frames {
            let r = session.step(None);
            for m in &r.routines {
                let run = m.code.as_ref().expect("a routine row has its run");
                assert_eq!(
                    run.error,
                    None,
                    "{}: frame {}: {}",
                    path.display(),
                    r.frame,
                    run.name
                );
                let rust = r
                    .methods
                    .iter()
                    .find(|f| f.id == m.id)
                    .expect("the Rust method runs beside its routine");
                assert_eq!(
                    m.found.pairs,
                    rust.found.pairs,
                    "{}: frame {}: {} against the Rust {}",
                    path.display(),
                    r.frame,
                    run.name,
                    m.id
                );
                assert_eq!(run.same_as_rust, Some(true));
                checked += 1;
            }
        }
    }
    assert!(checked > 0, "no scene ran target code");
}
