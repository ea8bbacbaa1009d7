//! The program file's RAM pattern (`ram: (fill: "FF00")`): read as hex bytes, bad input
//! located.

use std::path::PathBuf;

use scene::program;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/program")
        .join(name)
}

#[test]
fn the_ram_pattern_is_read_as_hex_bytes() {
    let p = program::load(&fixture("ram-fill.prg.ron")).expect("loads");
    assert_eq!(p.ram_fill, Some(vec![0x00, 0xFF, 0x5A]));
    let p = program::load(&fixture("demo.prg.ron")).expect("loads");
    assert_eq!(p.ram_fill, None, "the machine's own fill");
}

#[test]
fn a_bad_ram_pattern_is_located() {
    let e = program::load(&fixture("bad-ram.prg.ron"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("bad-ram.prg.ron:7:"), "{e}");
    assert!(
        e.contains("ram.fill: `G0` in `FFG0` is not a hex byte"),
        "{e}"
    );
    let e = program::load(&fixture("bad-ram-field.prg.ron"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("bad-ram-field.prg.ron:7:"), "{e}");
    assert!(e.contains("size"), "{e}");
}
