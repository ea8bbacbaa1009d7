//! Whole programs through the binary (docs/programs.md): a bare image with `--target`,
//! `compare --json` per frame, `--trace`, program files and their errors, exit codes. The
//! Genesis test program vint-dma (roms/genesis/programs/vint-dma.s) is the subject: sprite
//! 0 8x8 at x 100..108, y 100..108; sprite 1 8x8 at y 104..112 and x 92 + k in frame k, so
//! the boxes (solid cells) overlap in frames 1 to 15 and in no other.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

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

fn scratch(name: &str, body: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hitlab-programs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, body).unwrap();
    p
}

const VINT_DMA: &str = "roms/genesis/programs/vint-dma.bin";

#[test]
fn compare_json_on_a_bare_image_gives_truth_chip_and_handler_cycles_per_frame() {
    let trace = scratch("vint-dma.jsonl", "");
    let o = hitlab(&[
        "compare",
        VINT_DMA,
        "--target",
        "genesis",
        "--frames",
        "20",
        "--json",
        "--trace",
        trace.to_str().unwrap(),
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let frames = v["per_frame"].as_array().unwrap();
    assert_eq!(frames.len(), 20);
    for (k, f) in frames.iter().enumerate() {
        let overlap = (1..=15).contains(&k);
        assert_eq!(f["frame"], k);
        assert_eq!(f["collided"], overlap, "frame {k}");
        // The VDP's status bit 5 is the collision flag.
        assert_eq!(
            f["status"].as_u64().unwrap() & 0x20 != 0,
            overlap,
            "frame {k}"
        );
        let boxes = f["truth"]["box"].as_array().unwrap();
        assert_eq!(!boxes.is_empty(), overlap, "frame {k}");
        // Frame 0 is the boot frame: the program loads the table and turns the display on
        // during it, so the chip drew no sprite in it.
        if k == 0 {
            assert!(
                f["sprites"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|s| s["drawn"] == false)
            );
        } else {
            let s1 = &f["sprites"].as_array().unwrap()[1];
            assert_eq!(s1["x"], 92 + k, "frame {k}");
        }
        assert_eq!(
            f["handlers"]["vint"]["count"], 1,
            "one VINT a frame, frame {k}"
        );
        assert_eq!(f["lag"], false);
        // A bare image has no watch: no frame is judged, so no per-frame misses either,
        // as the totals count none.
        assert_eq!(f["judged"], false);
        assert!(f["misses"].is_null() && f["false_alarms"].is_null(), "{f}");
        assert_eq!(
            f["busy_cycles"].as_u64().unwrap() + f["idle_cycles"].as_u64().unwrap(),
            f["cycles"].as_u64().unwrap()
        );
        // The attributes as the chip read them: palette line and pattern index.
        for s in f["sprites"].as_array().unwrap() {
            assert!(s["palette"].is_u64() && s["pattern"].is_u64(), "{s}");
        }
    }
    assert_eq!(v["box"]["misses"], 0);
    assert_eq!(v["chip_frames"], 15);
    assert_eq!(v["target"], "genesis");
    let lines = std::fs::read_to_string(&trace).unwrap();
    let lines: Vec<&str> = lines.lines().collect();
    assert_eq!(lines.len(), 20);
    let first: serde_json::Value = serde_json::from_str(lines[1]).unwrap();
    assert_eq!(first["frame"], 1);
    assert_eq!(first["collided"], true);
}

#[test]
fn frames_where_the_demo_cleared_a_mask_are_the_chips_blind_frames_not_differences() {
    // roms/vera/programs/demo.s: frame n shows the player at X n..n+15 over the target at
    // 300..315, so their opaque pixels meet on frames 285-299. The chip flags 285 and 286
    // (the handler's copy of the target's cleared mask reaches VRAM during frame 286);
    // from 287 on the target's mask is 0 and the player's %0010: no bit shared, the chip
    // cannot see the pair. 13 blind frames, none differing.
    let o = hitlab(&[
        "compare",
        "roms/vera/programs/demo.prg",
        "--target",
        "x16",
        "--frames",
        "300",
        "--json",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["pixel_truth_frames"], 15);
    assert_eq!(v["chip_frames"], 2);
    assert_eq!(v["chip_differs_frames"], 0);
    assert_eq!(v["chip_blind_frames"], 13);
    let frames = v["per_frame"].as_array().unwrap();
    assert_eq!(frames[286]["chip_vs_truth"], "agrees");
    assert_eq!(frames[287]["chip_vs_truth"], "blind");
    assert_eq!(frames[284]["chip_vs_truth"], "agrees");
    let text = hitlab(&[
        "compare",
        "roms/vera/programs/demo.prg",
        "--target",
        "x16",
        "--frames",
        "300",
    ]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("chip vs pixel truth: differs in 0 frames []; blind in 13 more [287,"),
        "{text}"
    );
}

#[test]
fn a_program_file_judges_decisions_read_from_memory() {
    // vint-dma counts its VINTs in the word at $FF0000 (big-endian): the low byte at
    // $FF0001 is 1 after the first VINT, k + 1 after the handler deciding about frame k.
    // A watch "byte $FF0001 + i equals 0" over 2 sprites is a made-up marking whose
    // answer is known: sprite 0's byte is the count (never 0 after the first VINT); sprite
    // 1's is $FF0002, which vint-dma never writes (work RAM starts cleared), so sprite 1 is
    // marked in every frame and sprite 0 never. Against box truth (both true-hit in frames
    // 1-15): 15 hits (sprite 1), 15 misses (sprite 0), 4 false alarms (sprite 1 in frames
    // 16-19; in the boot frame 0 the chip drew no sprite, so there is no object to mark).
    let p = scratch(
        "mem.prg.ron",
        &format!(
            "Program(version: 1, image: \"{}\", target: \"genesis\", frames: 20,\n\
             watches: [Memory(at: \"$FF0001\", len: 2, hit: Equals(0))],\n\
             expect: [NoMiss(Box)])",
            root().join(VINT_DMA).display()
        ),
    );
    let o = hitlab(&["compare", p.to_str().unwrap(), "--json"]);
    let out = String::from_utf8_lossy(&o.stdout);
    // `compare` checks the program file's expectations as `replay` does: NoMiss fails.
    assert_eq!(
        o.status.code(),
        Some(1),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["passed"], false, "{v}");
    assert!(
        v["failures"][0]
            .as_str()
            .unwrap()
            .starts_with("NoMiss(box): 15 misses"),
        "{v}"
    );
    // The per-frame misses add up to the totals.
    let per_frame: u64 = v["per_frame"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["misses"]["box"].as_u64().unwrap_or(0))
        .sum();
    assert_eq!(per_frame, 15);
    let text = hitlab(&["compare", p.to_str().unwrap()]);
    assert_eq!(text.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&text.stdout).contains("FAIL NoMiss(box): 15 misses"),
        "{}",
        String::from_utf8_lossy(&text.stdout)
    );
    assert_eq!(v["box"]["misses"], 15, "{v}");
    assert_eq!(v["box"]["false_alarms"], 4, "{v}");
    assert_eq!(
        v["box"]["false_alarm_frames"],
        serde_json::json!([16, 17, 18, 19])
    );
    assert_eq!(v["box"]["hits"], 15, "{v}");
    let o = hitlab(&["replay", p.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("NoMiss(box): 15 misses, first in frames [1, 2"),
        "{out}"
    );
}

#[test]
fn bad_input_and_usage_exit_codes() {
    let o = hitlab(&["compare", VINT_DMA, "--target", "c64"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown target `c64`"));
    // A Genesis ROM is no Vectrex cartridge: the image's fault (exit 3).
    let o = hitlab(&["compare", VINT_DMA, "--target", "vectrex"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a Vectrex cartridge"));
    let p = scratch(
        "label.prg.ron",
        &format!(
            "Program(\n version: 1,\n image: \"{}\",\n target: \"genesis\",\n frames: 2,\n\
             symbols: Some((file: \"{}\")),\n watches: [OnPc(label: \"no_such\", object: Reg(\"D0\"))],\n)",
            root().join(VINT_DMA).display(),
            root().join("roms/genesis/programs/vint-dma.sym").display()
        ),
    );
    let o = hitlab(&["compare", p.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(
        err.contains(&format!("{}:7:", p.display()))
            && err.contains("watches[0].label: label `no_such` is not in the symbol file"),
        "{err}"
    );
    let o = hitlab(&["compare", "no-such.prg", "--target", "genesis"]);
    assert_eq!(o.status.code(), Some(3));
    let o = hitlab(&["compare", p.to_str().unwrap(), "--start", "$200"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn report_on_a_program_checks_its_expectations_and_shows_the_first_miss_and_false_alarm() {
    // The made-up marking of `a_program_file_judges_decisions_read_from_memory`: sprite 0
    // is never marked while both sprites are true-hit (frames 1-15), sprite 1 is marked in
    // every frame, so a false alarm once the sprites part (frame 16).
    let p = scratch(
        "mem-report.prg.ron",
        &format!(
            "Program(version: 1, image: \"{}\", target: \"genesis\", frames: 20,\n\
             watches: [Memory(at: \"$FF0001\", len: 2, hit: Equals(0))],\n\
             expect: [NoMiss(Box)])",
            root().join(VINT_DMA).display()
        ),
    );
    let page = p.with_extension("html");
    let o = hitlab(&["report", p.to_str().unwrap(), "-o", page.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("FAIL NoMiss(box): 15 misses"), "{out}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("<li>FAIL NoMiss(box): 15 misses"), "{html}");
    assert!(html.contains("data-kind=\"program-timeline\""));
    assert!(
        html.contains("alt=\"the first miss (frame 1)\""),
        "the first frame both sprites meet"
    );
    assert!(html.contains("alt=\"the first false alarm (frame 16)\""));
    assert_eq!(html.matches("src=\"data:image/png;base64,").count(), 2);
}
