//! Every committed rom image is exactly what its source builds.

use std::path::{Path, PathBuf};

fn roms_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../roms")
}

#[test]
fn committed_images_match_their_sources() {
    let sources = scene::roms::find_sources(&roms_dir());
    assert!(sources.len() >= 3, "rom sources missing: {sources:?}");
    let mut checked = 0;
    for src in sources {
        for (path, bytes) in scene::roms::build_source(&src).unwrap() {
            let on_disk = std::fs::read(&path)
                .unwrap_or_else(|e| panic!("{}: {e} (run `hitlab roms`)", path.display()));
            assert!(
                on_disk == bytes,
                "{} is stale: run `hitlab roms`",
                path.display()
            );
            checked += 1;
        }
    }
    assert!(checked >= 10);
}

#[test]
fn seed_004_hit_table_has_141_hits_within_seven_pixels() {
    let table = std::fs::read(roms_dir().join("vera/hit_table.bin")).unwrap();
    assert_eq!(table.len(), 32 * 32);
    assert_eq!(table.iter().filter(|&&b| b == 1).count(), 141);
    for (i, &b) in table.iter().enumerate() {
        let (dy, dx) = (i as i32 / 32 - 16, i as i32 % 32 - 16);
        if b == 1 {
            assert!(dx.abs() <= 7 && dy.abs() <= 7, "hit at {dx},{dy}");
        }
    }
}

#[test]
fn bad_art_is_located() {
    let dir = std::env::temp_dir().join(format!("hitlab-roms-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("bad.src.ron");
    std::fs::write(
        &src,
        "RomSource(version: 1, outputs: [\n (file: \"x.bin\", data: MsxPatterns([(name: \"a\", rows: [\"1.......\", \"1......\"])])),\n])",
    )
    .unwrap();
    let e = scene::roms::build_source(&src).unwrap_err().to_string();
    assert!(e.contains("bad.src.ron:2:"), "{e}");
    assert!(e.contains("outputs[0].data"), "{e}");
    assert!(e.contains("row 1 has 7 pixels"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_rom_hit_table_is_the_one_pixel_table_builds() {
    // The committed table (built from the bitmaps' ASCII art) and the collision layer's
    // own, built from the seed's diamond, must be the same 1,024 bytes: DX = target x -
    // projectile x, row DY + 16, column DX + 16.
    use collide::methods::pixel_table::{HitTable, seed_diamond};
    let rom = std::fs::read(roms_dir().join("vera/hit_table.bin")).unwrap();
    let d = seed_diamond();
    assert_eq!(
        HitTable::build(&d, &d).as_bytes().as_slice(),
        rom.as_slice()
    );
}
