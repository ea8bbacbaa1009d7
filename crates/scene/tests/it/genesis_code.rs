//! The Genesis's 68000 images (`roms/genesis/code/build.ron`): the build file is valid,
//! every image and source exists, and with binutils for m68k installed every image
//! rebuilds byte for byte (twice: the build is the same run to run); without them the
//! check says it was skipped.

use std::path::{Path, PathBuf};

use scene::roms::code::{CodeOutcome, find_program, read_code_build, rebuild_code};

fn build_ron() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../roms/genesis/code/build.ron")
}

#[test]
fn the_genesis_build_file_is_valid_and_its_images_exist() {
    let path = build_ron();
    let build = read_code_build(&path).unwrap();
    assert_eq!(build.machine, "genesis");
    let dir = path.parent().unwrap();
    let mut methods = Vec::new();
    for img in &build.images {
        assert!(dir.join(&img.file).is_file(), "{}", img.file);
        for s in &img.sources {
            assert!(dir.join(s).is_file(), "{s}");
        }
        let id = img
            .method
            .parse::<collide::MethodId>()
            .unwrap_or_else(|e| panic!("{}: {e}", img.file));
        methods.push(id.to_string());
    }
    methods.sort();
    methods.dedup();
    assert_eq!(
        methods,
        [
            "all-pairs-4case",
            "all-pairs-reject",
            "columns",
            "good-vs-bad",
            "half-pairs",
            "hw-gated"
        ]
    );
}

#[test]
fn the_genesis_images_rebuild_identically_twice_or_are_skipped() {
    let installed = [
        "m68k-linux-gnu-as",
        "m68k-linux-gnu-ld",
        "m68k-linux-gnu-objcopy",
    ]
    .iter()
    .all(|tool| find_program(tool).is_some());
    for _ in 0..2 {
        for img in rebuild_code(&build_ron()).unwrap() {
            assert!(
                match img.outcome {
                    CodeOutcome::Identical => true,
                    CodeOutcome::Skipped { .. } => !installed,
                    _ => false,
                },
                "{}: {}",
                img.path.display(),
                img.outcome
            );
        }
    }
}
