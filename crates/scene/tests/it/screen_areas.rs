//! Motion without an `area` keeps to the machine's whole screen from the first frame.

use std::path::Path;

use scene::load::parse_versioned;
use scene::loaded::resolve;

fn xs_after(text: &str, frames: u32) -> Vec<i32> {
    let s = parse_versioned(Path::new("x.ron"), text).unwrap();
    let loaded = resolve(Path::new("x.ron"), text, "", s).unwrap();
    let mut session = scene::start(loaded, &[]).unwrap();
    let mut r = session.step(None);
    for _ in 1..frames {
        r = session.step(None);
    }
    r.objects.iter().map(|o| o.bbox.x).collect()
}

#[test]
fn genesis_h40_linear_motion_uses_all_320_pixels() {
    let text = r#"Scene(version: 1, name: "h40", target: Genesis((h40: true)),
        objects: [
            (name: "still", group: Bad, sprites: [(w: 16, h: 16, pattern: 0)],
             motion: Linear(at: (280, 100), velocity: (0, 0))),
            (name: "right", group: Bad, sprites: [(w: 16, h: 16, pattern: 0)],
             motion: Linear(at: (250, 50), velocity: (256, 0))),
        ])"#;
    // 250 + 40 frames = 290: past 256 - 16, still inside 320 - 16.
    assert_eq!(xs_after(text, 41), vec![280, 290]);
}

#[test]
fn genesis_h32_keeps_its_256_pixels() {
    let text = r#"Scene(version: 1, name: "h32", target: Genesis((h40: false, sat: 0xD800)),
        objects: [(name: "right", group: Bad, sprites: [(w: 16, h: 16, pattern: 0)],
                   motion: Linear(at: (230, 50), velocity: (256, 0), edges: Bounce))])"#;
    assert!(xs_after(text, 41)[0] <= 240);
}
