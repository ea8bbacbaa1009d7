//! The trace (`--trace`, docs/programs.md "The trace and `compare --json`") holds what a
//! user sets beside an emulator's debugger: the chip's registers in its own numbering, the
//! whole status word, the lines the flags were set on, each sprite's attributes, and why
//! the chip differs from truth. One program per machine, run bare with `--target`; every
//! value is worked out by hand from the program's source in the comments.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn hitlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hitlab"))
        .args(args)
        .current_dir(root())
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("run hitlab")
}

/// The trace of `image` run bare on `target` for `frames` frames, one value per frame.
fn trace(image: &str, target: &str, frames: u32) -> Vec<Value> {
    let dir = std::env::temp_dir().join(format!("hitlab-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{target}.jsonl"));
    let frames = frames.to_string();
    let o = hitlab(&[
        "compare",
        image,
        "--target",
        target,
        "--frames",
        &frames,
        "--trace",
        path.to_str().unwrap(),
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn sprite(frame: &Value, n: u64) -> &Value {
    frame["sprites"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["n"] == n)
        .unwrap_or_else(|| panic!("no sprite {n} in {frame}"))
}

/// roms/msx/programs/fifth.asm: INIT writes R#0-R#7 = 00 E2 06 80 00 36 07 04; sprite 4
/// (colour 8) is the fifth on lines 108-115, so S#0 at vblank is F | 5S | 4 = $C4, 5S set
/// on line 108, C never; sprites 3 and 4 meet on lines 108-115 where 4 was dropped.
#[test]
fn msx_trace_has_registers_status_flag_lines_and_reasons() {
    let frames = trace("roms/msx/programs/fifth.rom", "msx", 202);
    let f = &frames[201];
    assert_eq!(
        f["registers"],
        serde_json::json!([0, 226, 6, 128, 0, 54, 7, 4])
    );
    assert_eq!(f["status"], 0xC4);
    assert_eq!(f["status_word"], 0xC4);
    assert_eq!(f["fifth_sprite"], 4);
    assert_eq!(f["overflow_line"], 108);
    assert!(f["collision_line"].is_null());
    let s4 = sprite(f, 4);
    assert_eq!(s4["palette"], 8);
    assert!(s4["priority"].is_null() && s4["link"].is_null());
    assert_eq!(s4["not_drawn"][0]["lines"], 8);
    assert_eq!(s4["not_drawn"][0]["on"], serde_json::json!([[108, 115]]));
    assert_eq!(f["chip_vs_truth"], "differs");
    assert_eq!(
        f["chip_reasons"][0],
        "sprites 3 and 4: they meet on lines 108-115; sprite 4 dropped by the per-line \
         sprite limit on lines 108-115"
    );
}

/// roms/genesis/programs/lost.s: registers 1 = $64, 5 = $78, 12 = 0, 15 = 2 as `regs`
/// wrote them; the status word at vblank has bit 9 (FIFO empty), 7 (VINT pending), 6 (the
/// seventeenth sprite on line 80) and 3 (vertical blanking), more than the low byte the
/// flag's `status` keeps; sprite 1 has its priority bit and links to 2; sprite 29 was cut
/// by the pixel budget on lines 120-127.
#[test]
fn genesis_trace_has_the_whole_status_word_priority_and_link() {
    let frames = trace("roms/genesis/programs/lost.bin", "genesis", 4);
    let f = &frames[3];
    let regs = f["registers"].as_array().unwrap();
    assert_eq!(regs.len(), 24);
    for (n, v) in [(1, 0x64), (5, 0x78), (12, 0), (15, 2)] {
        assert_eq!(regs[n], v, "register {n}");
    }
    let word = f["status_word"].as_u64().unwrap();
    assert_eq!(word & 0x03E8, 0x02C8, "{word:#06X}");
    assert_eq!(f["status"].as_u64().unwrap(), word & 0xFF);
    assert_eq!(f["overflow_line"], 80);
    assert!(f["collision_line"].is_null());
    let s1 = sprite(f, 1);
    assert_eq!(
        (&s1["priority"], &s1["link"]),
        (&Value::from(1), &Value::from(2))
    );
    assert_eq!(sprite(f, 31)["link"], 0);
    let s29 = sprite(f, 29);
    assert_eq!(
        s29["not_drawn"][0]["why"],
        "cut by the per-line pixel budget"
    );
    assert_eq!(s29["not_drawn"][0]["on"], serde_json::json!([[120, 127]]));
    assert_eq!(f["chip_reasons"].as_array().unwrap().len(), 3);
}

/// roms/vera/programs/enable.s: $9F20-$9F3F as read at vblank: DC_VIDEO $41 (the LINE
/// handler's), IEN $43 (LINE | VSYNC, scan line 480's bit 8), ISR $15; sprite 2 has
/// z-depth 3 and no link; the chip's %0001 comes from sprites disabled on lines 100-107.
#[test]
fn x16_trace_has_the_register_file_and_the_reason() {
    let frames = trace("roms/vera/programs/enable.prg", "x16", 8);
    let f = &frames[6];
    let regs = f["registers"].as_array().unwrap();
    assert_eq!(regs.len(), 32);
    assert_eq!(regs[9].as_u64().unwrap() & 0x7F, 0x41);
    assert_eq!(
        (&regs[6], &regs[7]),
        (&Value::from(0x43), &Value::from(0x15))
    );
    assert_eq!(f["status_word"], 0x15);
    let s2 = sprite(f, 2);
    assert_eq!(
        (&s2["priority"], &s2["link"]),
        (&Value::from(3), &Value::Null)
    );
    assert!(
        f["chip_reasons"][0]
            .as_str()
            .unwrap()
            .starts_with("collision mask %0001 from sprites disabled in DC_VIDEO"),
        "{f}"
    );
}

/// `compare --per-frame` prints a frame's reasons, not a bare "differs".
#[test]
fn compare_per_frame_says_why_the_chip_differs() {
    let o = hitlab(&[
        "compare",
        "roms/genesis/programs/lost.bin",
        "--target",
        "genesis",
        "--frames",
        "4",
        "--per-frame",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}");
    let frame3 = out.lines().find(|l| l.starts_with("frame    3")).unwrap();
    assert!(
        frame3.contains(
            "chip differs: sprites 2 and 3: they meet on lines 40-47; sprite 2 masked by an \
             X = 0 sprite on lines 40-47"
        ),
        "{frame3}"
    );
}
