//! Every target-code routine a machine ships finds exactly the pairs of the Rust method of
//! the same id, on every frame of every shipped scene of that machine, and never fails.

use std::path::{Path, PathBuf};

fn scenes() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenes");
    let mut out = Vec::new();
    for dir in std::fs::read_dir(&root).expect("scenes/") {
        let dir = dir.expect("an entry").path();
        for f in std::fs::read_dir(&dir).expect("a machine's scenes") {
            let f = f.expect("an entry").path();
            if f.extension().is_some_and(|e| e == "ron") {
                out.push(f);
            }
        }
    }
    out.sort();
    out
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
