//! Values the chip cannot take are refused at their place, not clamped or written where
//! the chip never reads.

use std::path::Path;

use scene::load::parse_versioned;
use scene::loaded::resolve;

fn error(text: &str) -> String {
    let s = parse_versioned(Path::new("x.ron"), text).expect("parses");
    match resolve(Path::new("x.ron"), text, "", s) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => e.to_string(),
    }
}

fn one_sprite(target: &str, sprite: &str) -> String {
    format!(
        "Scene(version: 1, name: \"o\", target: {target},\n objects: [(name: \"a\", group: Good,\n  sprites: [{sprite}], motion: Still(at: (0, 0)))])"
    )
}

#[test]
fn a_genesis_sat_off_the_mode_s_alignment_is_refused() {
    let e = error(&one_sprite(
        "Genesis((h40: true, sat: 0xDA00))",
        "(w: 8, h: 8, pattern: 0)",
    ));
    assert!(e.starts_with("x.ron:1:"), "{e}");
    assert!(
        e.contains("target.sat: 0xDA00 is not a multiple of 0x400"),
        "{e}"
    );
    let e = error(&one_sprite(
        "Genesis((h40: false, sat: 0xD900))",
        "(w: 8, h: 8, pattern: 0)",
    ));
    assert!(e.contains("not a multiple of 0x200"), "{e}");
}

#[test]
fn sizes_the_chip_cannot_show_are_refused() {
    for (target, sprite, want) in [
        (
            "Genesis(())",
            "(w: 0, h: 8, pattern: 0)",
            "sprites[0].w: w is 0",
        ),
        (
            "Genesis(())",
            "(w: 8, h: 65535, pattern: 0)",
            "sprites[0].h: h is 65535",
        ),
        (
            "Genesis(())",
            "(w: 12, h: 8, pattern: 0)",
            "8, 16, 24, 32 px",
        ),
        ("Msx((size16: true))", "(w: 8, h: 8, pattern: 0)", "w is 8"),
        (
            "Msx((size16: true, mag: true))",
            "(w: 16, h: 16, pattern: 0)",
            "32 px",
        ),
        ("Vera(())", "(w: 48, h: 16, pattern: 0)", "8, 16, 32, 64 px"),
        (
            "Vera(())",
            "(w: 16, h: 16, pattern: 0, z: 255)",
            "sprites[0].z: z is 255",
        ),
    ] {
        let e = error(&one_sprite(target, sprite));
        assert!(e.starts_with("x.ron:3:"), "{target} {sprite}: {e}");
        assert!(e.contains(want), "{target} {sprite}: want `{want}` in {e}");
    }
}

#[test]
fn a_walker_outside_its_labyrinth_is_refused() {
    let lab = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../roms/vectrex/labyrinth.ron");
    let text = format!(
        "Scene(version: 1, name: \"w\", target: Vectrex((labyrinth: \"{}\")),\n objects: [(name: \"p\", group: Good, sprites: [(w: 7, h: 7, pattern: 0)],\n  motion: Walker(node: (10, 2), seed: 1, size: 3))])",
        lab.display()
    );
    let e = error(&text);
    assert!(e.starts_with("x.ron:3:"), "{e}");
    assert!(
        e.contains("objects[0].motion.node: node (10, 2) is outside the 10x6"),
        "{e}"
    );
}

#[test]
fn attributes_and_positions_the_genesis_sat_cannot_hold_are_refused_at_their_place() {
    // The SAT's attribute word: palette line in bits 14-13 (0-3), tile index in bits 10-0.
    for (sprite, want) in [
        (
            "(w: 8, h: 8, pattern: 0, colour: 200)",
            "objects[0].sprites[0].colour: colour is 200; a Genesis sprite's palette line is 0-3",
        ),
        (
            "(w: 8, h: 8, pattern: 5000)",
            "objects[0].sprites[0].pattern: pattern is 5000; a Genesis sprite's tile index is 0-2047",
        ),
    ] {
        let text = one_sprite("Genesis(())", sprite);
        let e = error(&text);
        assert!(e.starts_with("x.ron:3:"), "{e}");
        assert!(e.contains(want), "{e}");
    }
    // Edges of the 9-bit fields: -128 and 383 are held, one past is not.
    for (at, ok) in [
        ("(-128, 383)", true),
        ("(0, 100000)", false),
        ("(384, 0)", false),
        ("(0, -129)", false),
    ] {
        let text = format!(
            "Scene(version: 1, name: \"o\", target: Genesis(()),\n objects: [(name: \"a\", group: Good,\n  sprites: [(w: 8, h: 8, pattern: 0)], motion: Still(at: {at}))])"
        );
        let s = parse_versioned(Path::new("x.ron"), &text).expect("parses");
        let r = resolve(Path::new("x.ron"), &text, "", s);
        assert_eq!(r.is_ok(), ok, "{at}: {:?}", r.err().map(|e| e.to_string()));
        if let Err(e) = r {
            let e = e.to_string();
            assert!(
                e.contains("objects[0].motion.at") && e.contains("-128 to 383"),
                "{e}"
            );
        }
    }
}

#[test]
fn msx_pattern_numbers_and_colours_past_their_byte_and_nibble_are_refused() {
    for (sprite, want) in [
        ("(w: 16, h: 16, pattern: 256)", "pattern is 256"),
        ("(w: 16, h: 16, pattern: 0, colour: 16)", "colour is 16"),
    ] {
        let e = error(&one_sprite("Msx((size16: true))", sprite));
        assert!(e.contains(want), "{e}");
    }
}
