//! Labyrinth files: the seed's own contradiction is an error naming the tiles; the
//! corrected maze loads.

use std::path::Path;

#[test]
fn the_seeds_first_row_is_refused_with_its_tile_positions() {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/seed_labyrinth.ron");
    let e = scene::labyrinth::load_labyrinth(&p)
        .unwrap_err()
        .to_string();
    assert!(e.contains("seed_labyrinth.ron:"), "{e}");
    assert!(e.contains("rows"), "{e}");
    assert!(e.contains("(8, 0)") && e.contains("(9, 0)"), "{e}");
}

#[test]
fn the_corrected_maze_loads() {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../roms/vectrex/labyrinth.ron");
    let lab = scene::labyrinth::load_labyrinth(&p).unwrap();
    assert_eq!((lab.width(), lab.height()), (10, 6));
}
