//! `hitlab frame`: dumps in the emulators' raw formats, registers by number or name, the
//! contract's JSON, and exit 3 for wrong sizes and bad register names.

use crate::common;

use std::path::PathBuf;
use std::process::Command;

fn dump(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hitlab-probe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

fn frame(args: &[&str]) -> (Option<i32>, serde_json::Value, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_hitlab"))
        .arg("frame")
        .args(args)
        .arg("--json")
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    let v = serde_json::from_str(out.trim()).unwrap_or(serde_json::Value::Null);
    (o.status.code(), v, err)
}

#[test]
fn msx_dump_reproduces_openmsx_verified_case() {
    // SAT at 0x1B00 (R5 = 0x36), patterns at 0x3800 (R6 = 7), pattern 0 solid 8x8.
    let mut vram = vec![0u8; 16_384];
    vram[0x3800..0x3808].fill(0xFF);
    let mut sat = |n: usize, y: u8, x: u8| {
        vram[0x1B00 + 4 * n..0x1B00 + 4 * n + 4].copy_from_slice(&[y, x, 0, 15]);
    };
    for i in 0..4 {
        sat(i, 50 + i as u8, 20 * i as u8);
        sat(4 + i, 80 + i as u8, 20 * i as u8);
    }
    sat(8, 84, 160);
    sat(9, 54, 200);
    vram[0x1B00 + 40] = 208;
    let p = dump("msx.vram", &vram);
    let (code, v, err) = frame(&[
        "--target",
        "msx",
        "--vram",
        p.to_str().unwrap(),
        "--reg",
        "1=0x40",
        "--reg",
        "5=0x36",
        "--reg",
        "6=7",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(v["status"], "0xC9", "{v}");
    assert_eq!(v["fifth_sprite"], 9);
    assert_eq!(v["overflow"], true);
    assert_eq!(v["collision"], false);
    assert_eq!(v["pairs"], serde_json::json!([]));
    assert_eq!(v["collision_mask"], serde_json::Value::Null);
}

#[test]
fn genesis_dump_one_pixel_overlap() {
    // H40 (reg 12 = 0x81), display on (reg 1 = 0x44), SAT at 0xD800 (reg 5 = 0x6C).
    let mut vram = vec![0u8; 65_536];
    // Tile 1: a single opaque pixel at its bottom-right; tile 2: at its top-left.
    vram[32 + 7 * 4 + 3] = 0x01;
    vram[64] = 0x10;
    let entry = |y: u16, link: u16, tile: u16, x: u16| {
        [
            y.to_be_bytes(),
            link.to_be_bytes(),
            tile.to_be_bytes(),
            x.to_be_bytes(),
        ]
        .concat()
    };
    let sat = [
        entry(128 + 10, 1, 1, 128 + 10),
        entry(128 + 17, 0, 2, 128 + 17),
    ]
    .concat();
    vram[0xD800..0xD800 + 16].copy_from_slice(&sat);
    let p = dump("genesis.vram", &vram);
    let c = dump("genesis.cram", &[0u8; 128]);
    let (code, v, err) = frame(&[
        "--target",
        "genesis",
        "--vram",
        p.to_str().unwrap(),
        "--cram",
        c.to_str().unwrap(),
        "--reg",
        "1=0x44",
        "--reg",
        "5=0x6C",
        "--reg",
        "12=0x81",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(v["collision"], true, "{v}");
    assert_eq!(v["pairs"], serde_json::json!([[0, 1]]));
    assert_eq!(v["drawn"], serde_json::json!([0, 1]));
    let status = v["status"].as_str().expect("hex text");
    assert_eq!(u8::from_str_radix(&status[2..], 16).unwrap() & 0x20, 0x20);
    // Moved one pixel apart, nothing meets.
    vram[0xD800 + 8..0xD800 + 16].copy_from_slice(&entry(128 + 18, 0, 2, 128 + 18));
    let p = dump("genesis2.vram", &vram);
    let (_, v, _) = frame(&[
        "--target",
        "genesis",
        "--vram",
        p.to_str().unwrap(),
        "--reg",
        "1=0x44",
        "--reg",
        "5=0x6C",
        "--reg",
        "12=0x81",
    ]);
    assert_eq!(v["collision"], false, "{v}");
}

#[test]
fn vera_dump_masks_and_names() {
    let mut vram = vec![0u8; 131_072];
    // An 8x8 8bpp bitmap at 0x10000, solid colour 1.
    vram[0x10000..0x10040].fill(1);
    let attr = |x: u16, y: u16, mask: u8| {
        let a = 0x10000u32;
        [
            (a >> 5) as u8,
            0x80 | ((a >> 13) & 15) as u8,
            x as u8,
            (x >> 8) as u8,
            y as u8,
            (y >> 8) as u8,
            mask | 0x0C,
            0x00,
        ]
    };
    vram[0x1FC00..0x1FC08].copy_from_slice(&attr(100, 100, 0x30));
    vram[0x1FC08..0x1FC10].copy_from_slice(&attr(107, 107, 0x60));
    let p = dump("vera.vram", &vram);
    let (code, v, err) = frame(&[
        "--target",
        "vera",
        "--vram",
        p.to_str().unwrap(),
        "--reg",
        "DC_VIDEO=0x41",
        "--reg",
        "ien=5",
    ]);
    assert_eq!(code, Some(0), "{err}");
    // Masks 3 and 6 overlapping: bit 1 of the nibble.
    assert_eq!(v["collision_mask"], 2, "{v}");
    assert_eq!(v["collision"], true);
    assert_eq!(v["pairs"], serde_json::json!([[0, 1]]));
    assert_eq!(v["overflow"], serde_json::Value::Null);
}

#[test]
fn wrong_sizes_exit_3_and_bad_registers_exit_2() {
    let short = dump("short.vram", &[0u8; 1000]);
    let vera = dump("vera_ok.vram", &vec![0u8; 131_072]);
    let msx = dump("msx_ok.vram", &[0u8; 16_384]);
    let cases: [(&str, &std::path::Path, &[&str], i32, &str); 4] = [
        (
            "msx",
            &short,
            &[],
            3,
            "must be 16384 bytes, the file has 1000",
        ),
        (
            "vera",
            &vera,
            &["--reg", "DC_BORDER=1"],
            2,
            "IEN, DC_VIDEO, DC_HSCALE or DC_VSCALE",
        ),
        ("msx", &msx, &["--reg", "9=1"], 2, "0-7"),
        ("msx", &msx, &["--reg", "1=300"], 2, "0-255"),
    ];
    for (target, vram, regs, exit, want) in cases {
        let mut args = vec!["--target", target, "--vram", vram.to_str().unwrap()];
        args.extend_from_slice(regs);
        let (code, _, err) = frame(&args);
        assert_eq!(code, Some(exit), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: `{want}` not in {err}");
    }
}

#[test]
fn a_blank_display_is_said_and_has_no_pairs() {
    let mut vram = vec![0u8; 131_072];
    vram[0x10000..0x10040].fill(1);
    let attr = |x: u8| [0x00, 0x88, x, 0, 100, 0, 0x3C, 0x00];
    vram[0x1FC00..0x1FC08].copy_from_slice(&attr(100));
    vram[0x1FC08..0x1FC10].copy_from_slice(&attr(104));
    let p = dump("vera_blank.vram", &vram);
    let path = p.to_str().unwrap();
    let (_, on, _) = frame(&["--target", "vera", "--vram", path, "--reg", "DC_VIDEO=0x41"]);
    assert_eq!(on["display"], "on", "{on}");
    assert_eq!(on["pairs"], serde_json::json!([[0, 1]]));
    for regs in [&[][..], &["--reg", "DC_VIDEO=0x01"]] {
        let mut args = vec!["--target", "vera", "--vram", path];
        args.extend_from_slice(regs);
        let (code, off, err) = frame(&args);
        assert_eq!(code, Some(0), "{err}");
        assert!(off["display"].as_str().unwrap().contains("off"), "{off}");
        assert_eq!(off["pairs"], serde_json::json!([]), "{off}");
    }
    let msx = dump("msx_blank.vram", &[0u8; 16_384]);
    let (_, v, _) = frame(&["--target", "msx", "--vram", msx.to_str().unwrap()]);
    assert!(
        v["display"]
            .as_str()
            .unwrap()
            .contains("registers start at 0"),
        "{v}"
    );
}

#[test]
fn png_writes_the_rendered_frame_with_the_chip_s_palette() {
    let mut vram = vec![0u8; 131_072];
    vram[0x10000..0x10040].fill(1);
    vram[0x1FC00..0x1FC08].copy_from_slice(&[0x00, 0x88, 100, 0, 50, 0, 0x0C, 0x00]);
    // Palette entry 1: pure red (12-bit GB then R).
    vram[0x1FA02..0x1FA04].copy_from_slice(&[0x00, 0x0F]);
    let p = dump("vera_png.vram", &vram);
    let png = p.with_extension("png");
    let (code, _, err) = frame(&[
        "--target",
        "vera",
        "--vram",
        p.to_str().unwrap(),
        "--reg",
        "DC_VIDEO=0x41",
        "--png",
        png.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    let img = common::read_png(&png);
    assert_eq!((img.w, img.h), (640, 480));
    assert_eq!(img.data[50 * 640 + 100], 1);
    assert_eq!(img.data[50 * 640 + 99], 0);
    assert_eq!(&img.palette.expect("indexed")[3..6], &[0xFF, 0, 0]);
}
