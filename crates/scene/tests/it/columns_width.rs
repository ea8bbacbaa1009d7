//! `columns` covers the machine's whole display unless the scene says otherwise.

use std::path::Path;

use collide::MethodId;
use scene::load::parse_versioned;
use scene::loaded::resolve;

/// Pairs `columns` found on the first frame, and the box-truth pairs.
fn columns_first_frame(text: &str) -> (usize, usize) {
    let s = parse_versioned(Path::new("x.ron"), text).unwrap();
    let loaded = resolve(Path::new("x.ron"), text, "", s).unwrap();
    let mut session = scene::start(loaded, &[MethodId::Columns]).unwrap();
    let r = session.step(None);
    (r.methods[0].found.pairs.len(), r.box_truth.len())
}

fn shot_on_target(target: &str, sprite: &str, x: i32, columns: &str) -> String {
    format!(
        r#"Scene(version: 1, name: "c", target: {target}, {columns}
        objects: [
            (name: "shot", group: Good, sprites: [{sprite}], motion: Still(at: ({x}, 40))),
            (name: "enemy", group: Bad, sprites: [{sprite}], motion: Still(at: ({x}, 44))),
        ])"#
    )
}

#[test]
fn the_x16_has_80_columns_and_h40_has_40() {
    let vera = "(w: 16, h: 16, pattern: 0x1000)";
    assert_eq!(
        columns_first_frame(&shot_on_target("Vera(())", vera, 400, "")),
        (1, 1)
    );
    assert_eq!(
        columns_first_frame(&shot_on_target("Vera(())", vera, 600, "")),
        (1, 1)
    );
    let genesis = "(w: 16, h: 16, pattern: 0)";
    let h40 = "Genesis((h40: true))";
    assert_eq!(
        columns_first_frame(&shot_on_target(h40, genesis, 290, "")),
        (1, 1)
    );
}

#[test]
fn the_scene_s_columns_wins() {
    let vera = "(w: 16, h: 16, pattern: 0x1000)";
    let text = shot_on_target("Vera(())", vera, 400, "columns: Some(32),");
    assert_eq!(
        columns_first_frame(&text),
        (0, 1),
        "x = 400 is right of 32 columns"
    );
}
