//! Every program command on a Vectrex program file, end to end through the binary, as on
//! the other machines' (docs/programs.md): `run` headless, `shot` with the objects outlined
//! on the tube, `record`, `report`, `compare` and `replay`; and a program file that steers
//! the `joy` cartridge with the pad. Expected values come from the cartridges' sources and
//! their program files (tests/vectrex_objects.prg.ron, tests/vectrex_joy.prg.ron):
//!
//! - objects.asm: frame k shows the cartridge's frame n = k - 1, object 0 at (y, x) =
//!   (0, -60 + n) and object 1 at (0, 60 - n), half-size 8; one unit is one screen pixel,
//!   the origin (130, 161), y up; the screen is the whole tube, 260 x 323, drawn at two
//!   picture pixels per screen pixel at scale 1 (520 x 646). Frame 11: object 0 covers
//!   screen columns 72..=88 and rows 153..=169, its outline (a Good object's, one pixel
//!   thick) picture column 144 from row 306 to 339; object 1 starts at column 172, 344.
//! - joy.asm: see the program file's comment.

use crate::common;

use std::path::Path;

use common::{hitlab, read_png, repo, scratch, stdout};
use serde_json::Value;

const OBJECTS: &str = "tests/vectrex_objects.prg.ron";
const JOY: &str = "tests/vectrex_joy.prg.ron";
/// A Good object's outline (`view::overlay::GOOD_RGB`).
const GOOD_RGB: u32 = 0x30C0FF;

fn ok(o: &std::process::Output) {
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}{}",
        stdout(o),
        String::from_utf8_lossy(&o.stderr)
    );
}

/// `(width, height, frames)` of a GIF.
fn gif_shape(path: &Path) -> (u16, u16, usize) {
    let mut dec = gif::DecodeOptions::new()
        .read_info(std::fs::File::open(path).expect("gif exists"))
        .expect("gif header");
    let (w, h) = (dec.width(), dec.height());
    let mut n = 0;
    while dec.read_next_frame().expect("gif frame").is_some() {
        n += 1;
    }
    (w, h, n)
}

fn rgb_at(png: &common::Png, x: u32, y: u32) -> u32 {
    let i = ((y * png.w + x) * 3) as usize;
    u32::from(png.data[i]) << 16 | u32::from(png.data[i + 1]) << 8 | u32::from(png.data[i + 2])
}

#[test]
fn shot_shows_the_tube_with_the_objects_outlined() {
    let dir = scratch("vectrex_shot");
    let shot = |extra: &[&str], out: &str| {
        let mut args = vec!["shot", OBJECTS, "--frame", "11", "--scale", "1", "-o", out];
        let path = repo(OBJECTS);
        args[1] = &path;
        args.extend_from_slice(extra);
        let o = hitlab(&dir, &args);
        ok(&o);
        read_png(&dir.join(out))
    };
    // Without overlays, the board's own frame: the beam's segments one pixel per screen
    // pixel (the tube's 260 x 323).
    let plain = shot(&[], "plain.png");
    assert_eq!((plain.w, plain.h), (260, 323), "the board's frame");
    // With them, the window's picture: the tube at two pixels per screen pixel, the panel
    // beside it, the objects outlined.
    let boxed = shot(&["--overlays"], "boxed.png");
    assert_eq!(boxed.color, png::ColorType::Rgb);
    assert!(boxed.w > 520 && boxed.h >= 646, "{}x{}", boxed.w, boxed.h);
    for y in 306..=339 {
        assert_eq!(
            rgb_at(&boxed, 144, y),
            GOOD_RGB,
            "object 0's left edge, row {y}"
        );
    }
    for x in 144..=177 {
        assert_eq!(
            rgb_at(&boxed, x, 306),
            GOOD_RGB,
            "object 0's top edge, column {x}"
        );
    }
    assert_eq!(rgb_at(&boxed, 344, 320), GOOD_RGB, "object 1's left edge");
    assert_ne!(rgb_at(&boxed, 143, 320), GOOD_RGB, "outside object 0's box");
}

#[test]
fn run_record_and_report_take_a_vectrex_program_file() {
    let dir = scratch("vectrex_run_record_report");
    let file = repo(OBJECTS);
    // run without a display: headless, a GIF of the frames played (50 Hz: 30 frames, all
    // in the GIF), the tube's portrait picture.
    let o = hitlab(&dir, &["run", &file, "--frames", "30", "--gif", "r.gif"]);
    let out = stdout(&o);
    ok(&o);
    assert!(
        out.contains("playing headless: 30 frames to r.gif"),
        "{out}"
    );
    let (w, h, n) = gif_shape(&dir.join("r.gif"));
    assert_eq!(n, 30);
    assert!(h > w, "a portrait tube: {w}x{h}");
    // record: the frames asked for, at 50 Hz, the tube's size.
    let o = hitlab(&dir, &["record", &file, "--frames", "12", "-o", "v.gif"]);
    ok(&o);
    assert!(
        stdout(&o).contains("v.gif (12 frames at 50 Hz)"),
        "{}",
        stdout(&o)
    );
    let (w, h, n) = gif_shape(&dir.join("v.gif"));
    assert_eq!((w, h, n), (520, 646, 12));
    // report: the whole file's 240 frames; the cartridge takes no interrupt and names no
    // span, and never lags; its Obj_Hit answer in the frames the file expects.
    let o = hitlab(&dir, &["report", &file, "-o", "v.html"]);
    ok(&o);
    assert!(
        stdout(&o).contains("v.html: 240 frames, 0 handlers, 0 spans, 0 lag frames"),
        "{}",
        stdout(&o)
    );
    let page = std::fs::read_to_string(dir.join("v.html")).unwrap();
    assert!(page.contains("0 of 240 frames lagged: none"), "{page}");
    assert!(page.contains("53-69") && page.contains("213-229"), "{page}");
}

#[test]
fn the_pad_steers_the_joy_cartridge_as_its_program_file_says() {
    let dir = scratch("vectrex_joy");
    let o = hitlab(&dir, &["compare", &repo(JOY), "--json"]);
    ok(&o);
    let v: Value = serde_json::from_str(stdout(&o).trim()).expect("one JSON object");
    assert_eq!(v["target"], "vectrex");
    let dump = |k: usize| -> String {
        v["per_frame"][k]["dump"]["object"]
            .as_str()
            .unwrap_or_else(|| panic!("frame {k}: {}", v["per_frame"][k]))
            .to_owned()
    };
    // y, x, held, pressed (and Random's number in frames 2-7).
    let randoms = ["70", "38", "9C", "4E", "27", "13"];
    for k in 2..24 {
        let (y, x) = match k {
            ..=4 => (0, 0),
            5..=14 => (k - 4, k - 4),
            15..=19 => (10, 10 - (k - 14)),
            _ => (10, 5),
        };
        let (held, pressed) = match k {
            20 => (1, 1),
            21.. => (1, 0),
            _ => (0, 0),
        };
        let want = format!("{y:02X}{x:02X}{held:02X}{pressed:02X}");
        let got = dump(k);
        assert_eq!(&got[..8], want, "frame {k}");
        if (2..=7).contains(&k) {
            assert_eq!(&got[8..], randoms[k - 2], "frame {k}'s random");
        }
    }
    // replay checks the file's expectations.
    let o = hitlab(&dir, &["replay", &repo(JOY)]);
    ok(&o);
}
