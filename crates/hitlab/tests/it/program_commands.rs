//! Every command on whole programs, end to end through the binary (docs/programs.md):
//! `compare --json` on each machine's test programs, `run` headless, `record`, `report` and
//! `shot --overlays`. Expected values come from the programs' sources:
//!
//! - MSX `roms/msx/programs/mover.asm`: two solid 16x16 sprites on lines 100-115 (Y = 99),
//!   sprite 1 at X = 100, sprite 0 moved to X = n by the n-th call of the frame hook, so
//!   one pixel right per frame, wrapping at 256 (X is a byte). The sprites overlap, in
//!   pixels as in boxes, exactly while |X - 100| <= 15: X = 85..115, 31 frames in a row.
//! - Genesis `roms/genesis/programs/vint-dma.s`: sprite 0 8x8 at x 100, y 100; sprite 1 8x8
//!   at y 104 and x 92 + k in frame k, moved by the first 64 VINTs only (the handler stops
//!   moving it once its count reaches 64), so x = 156 from frame 64 on. The boxes overlap in
//!   frames 1 to 15 and never again.

use crate::common;

use std::path::Path;

use common::{hitlab, read_png, repo, scratch, stdout};
use serde_json::Value;

const MOVER: &str = "roms/msx/programs/mover.rom";
const LAG: &str = "roms/msx/programs/lag.rom";
const VINT_DMA: &str = "roms/genesis/programs/vint-dma.bin";

fn compare_json(dir: &Path, image: &str, target: &str, frames: &str) -> Value {
    compare_json_with(dir, image, target, frames, &[])
}

/// `compare IMAGE --target T --frames N --json` with `extra` options, which must succeed.
fn compare_json_with(dir: &Path, image: &str, target: &str, frames: &str, extra: &[&str]) -> Value {
    let image = repo(image);
    let mut args = vec![
        "compare",
        image.as_str(),
        "--target",
        target,
        "--frames",
        frames,
        "--json",
    ];
    args.extend_from_slice(extra);
    let o = hitlab(dir, &args);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_str(stdout(&o).trim()).expect("one JSON object")
}

/// `(x, y, w, h)` of sprite `n` in a per-frame object, if the chip drew it.
fn sprite(f: &Value, n: u64) -> Option<(i64, i64, i64, i64)> {
    f["sprites"].as_array()?.iter().find_map(|s| {
        (s["n"] == n && s["drawn"] == true).then(|| {
            let g = |k: &str| s[k].as_i64().unwrap();
            (g("x"), g("y"), g("w"), g("h"))
        })
    })
}

#[test]
fn compare_json_on_the_msx_mover_follows_its_source() {
    let dir = scratch("prog_msx_compare");
    let v = compare_json(&dir, MOVER, "msx", "600");
    assert_eq!(v["frames"], 600);
    assert_eq!(v["target"], "msx");
    let frames = v["per_frame"].as_array().unwrap();
    assert_eq!(frames.len(), 600);
    // The frames the program shows its two sprites (after the BIOS has booted it).
    let mut shown = 0;
    let mut last_x: Option<(u64, i64)> = None;
    let mut run = 0;
    let mut runs = Vec::new();
    for f in frames {
        let k = f["frame"].as_u64().unwrap();
        let (Some(s0), Some(s1)) = (sprite(f, 0), sprite(f, 1)) else {
            continue;
        };
        if s0.1 != 100 || s1 != (100, 100, 16, 16) {
            continue;
        }
        shown += 1;
        let x = s0.0;
        // One pixel right per frame, wrapping at 256.
        if let Some((pk, px)) = last_x
            && pk + 1 == k
        {
            assert_eq!(x, (px + 1) % 256, "frame {k}");
        }
        last_x = Some((k, x));
        let overlap = (85..=115).contains(&x);
        let pair = serde_json::json!([[0, 1]]);
        assert_eq!(f["collided"], overlap, "frame {k}: x {x}");
        assert_eq!(f["truth"]["pixel"] == pair, overlap, "frame {k}: x {x}");
        assert_eq!(f["truth"]["box"] == pair, overlap, "frame {k}: x {x}");
        if overlap {
            run += 1;
        } else if run > 0 {
            runs.push(run);
            run = 0;
        }
    }
    // The program runs for most of the 600 frames, and each pass of sprite 0 over sprite 1
    // is 31 frames long; 600 frames hold two whole passes (X wraps every 256 frames).
    assert!(shown > 400, "{shown}");
    assert_eq!(runs, vec![31, 31]);
    assert!(v["handlers"]["int"]["count"].as_u64().unwrap() > 500);
}

#[test]
fn compare_json_on_the_lagging_msx_program_counts_two_lag_frames_in_five() {
    // roms/msx/programs/lag.asm: every fourth call of the frame hook works 150,006
    // T-states (2.51 frames), so the two vertical blanks it spans lag, and the held INT
    // brings the next call at once: a period of five frames. C-BIOS makes call n come in
    // the vertical blank after frame 139 + n (tests/msx_lag.prg.ron): the first heavy call
    // (4) makes frames 142 and 143 lag, then 147-148 ... 597-598 in 600 frames: 92 pairs.
    // C-BIOS's own start lags frames 135-137 (it stops reaching its HALT while it searches
    // the slots and runs INIT).
    let dir = scratch("prog_msx_lag");
    let v = compare_json(&dir, LAG, "msx", "600");
    let lag: Vec<u64> = v["lag_frames"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_u64().unwrap())
        .collect();
    let mut want = vec![135, 136, 137];
    want.extend((142..600).step_by(5).flat_map(|w| [w, w + 1]));
    assert_eq!(lag, want);
    let per_frame = v["per_frame"].as_array().unwrap();
    for f in per_frame {
        let k = f["frame"].as_u64().unwrap();
        assert_eq!(f["lag"], want.contains(&k), "frame {k}");
    }
    // The BIOS handler around a heavy call holds the work's 150,006 T-states, and its own
    // part (S#0 read, keyboard scan, timers) is far less than a frame.
    let max = v["handlers"]["int"]["max"].as_u64().unwrap();
    assert!((150_006..150_006 + 59_736 / 4).contains(&max), "{max}");
}

#[test]
fn the_mover_s_own_collision_flag_marks_both_sprites_in_the_frames_they_overlap() {
    // tests/msx_mover.prg.ron watches LAST_S0, the S#0 the hook was called with; its bit
    // 5 is the program's "collided" about the frame before the call, read with stride 0
    // for both sprites. So both are marked exactly in the frames sprite 0 is at
    // X = 85..115, and no frame is a false alarm.
    let dir = scratch("prog_msx_mover_file");
    let o = hitlab(
        &dir,
        &["compare", &repo("tests/msx_mover.prg.ron"), "--json"],
    );
    assert_eq!(o.status.code(), Some(0));
    let v: Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let mut marked_frames = 0;
    for f in v["per_frame"].as_array().unwrap() {
        let overlap = sprite(f, 0).is_some_and(|s| s.1 == 100 && (85..=115).contains(&s.0))
            && sprite(f, 1) == Some((100, 100, 16, 16));
        let want = if overlap {
            serde_json::json!([0, 1])
        } else {
            serde_json::json!([])
        };
        assert_eq!(f["marked"], want, "frame {}", f["frame"]);
        marked_frames += usize::from(overlap);
    }
    assert_eq!(marked_frames, 62);
    assert_eq!(v["pixel"]["false_alarms"], 0);
    assert_eq!(v["pixel"]["hits"], 124);
    // Judged from C-BIOS's hand-over (the cartridge's INIT), after its logo's colliding
    // sprites of frames 9-11: no miss, and those frames carry no score.
    assert_eq!(v["pixel"]["misses"], 0, "{}", v["pixel"]);
    let first = v["first_judged_frame"].as_u64().unwrap();
    assert!(first > 11, "judged from frame {first}");
    for f in v["per_frame"].as_array().unwrap() {
        let judged = f["frame"].as_u64().unwrap() >= first;
        assert_eq!(f["judged"], judged, "frame {}", f["frame"]);
        assert_eq!(f["misses"].is_null(), !judged);
        // The mover HALTs for its next interrupt: its busy cycles are far below the
        // frame of 59,736 T-states, its waiting counted apart.
        let (busy, idle) = (
            f["busy_cycles"].as_u64().unwrap(),
            f["idle_cycles"].as_u64().unwrap(),
        );
        assert_eq!(busy + idle, f["cycles"].as_u64().unwrap());
        if judged {
            assert!(idle > 0, "frame {}: the mover waits in HALT", f["frame"]);
        }
    }
    // Over budget only while C-BIOS boots, busy without a HALT, never once the mover runs
    // (a call can end a few T-states past the frame's 59,736 without being over).
    let over = v["over_budget_frames"]["first"].as_array().unwrap();
    assert!(over.iter().all(|f| f.as_u64().unwrap() < first), "{over:?}");
    assert!(v["idle_cycles"].as_u64().unwrap() > 0);
}

#[test]
fn compare_json_on_the_genesis_vint_dma_image_for_600_frames() {
    let dir = scratch("prog_genesis_compare");
    let v = compare_json(&dir, VINT_DMA, "genesis", "600");
    let frames = v["per_frame"].as_array().unwrap();
    assert_eq!(frames.len(), 600);
    for f in frames.iter().skip(1) {
        let k = f["frame"].as_i64().unwrap();
        let overlap = (1..=15).contains(&k);
        assert_eq!(f["collided"], overlap, "frame {k}");
        assert_eq!(!f["truth"]["pixel"].as_array().unwrap().is_empty(), overlap);
        assert_eq!(sprite(f, 0), Some((100, 100, 8, 8)), "frame {k}");
        assert_eq!(
            sprite(f, 1),
            Some(((92 + k).min(156), 104, 8, 8)),
            "frame {k}"
        );
        assert_eq!(f["lag"], false);
    }
    assert_eq!(v["chip_frames"], 15);
    assert_eq!(v["pixel_truth_frames"], 15);
    assert_eq!(v["handlers"]["vint"]["count"], 600);
    assert_eq!(v["lag_frames"], serde_json::json!([]));
}

#[test]
fn a_polling_genesis_program_fails_by_default_and_runs_with_give_up_frames_0() {
    // roms/genesis/programs/status-poll.s never enables VINT or HINT (register 1 = $54,
    // register 0 = $04): the harness gives up after 120 frames with no interrupt taken
    // (exit 1) and says how to run a polling program.
    let dir = scratch("prog_genesis_poll");
    let image = repo("roms/genesis/programs/status-poll.bin");
    let o = hitlab(&dir, &["compare", &image, "--target", "genesis"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("no interrupt was taken in the first 120 frames"),
        "{err}"
    );
    assert!(err.contains("--give-up-frames 0"), "{err}");
    // With --give-up-frames 0 it runs. Its sprites 0 (Y 100) and 1 (Y 104, X 96) are
    // placed once before the display is enabled and overlap on lines 104-107 in every
    // frame after the first; the program reads (and so clears) bit 5 on those lines, yet
    // the chip set it in each of those frames: the chip agrees with pixel truth.
    let v = compare_json_with(
        &dir,
        "roms/genesis/programs/status-poll.bin",
        "genesis",
        "600",
        &["--give-up-frames", "0"],
    );
    assert_eq!(v["pixel_truth_frames"], 599);
    assert_eq!(v["chip_frames"], 599);
    assert_eq!(v["chip_differs_frames"], 0);
    assert_eq!(v["handlers"], serde_json::json!({}));
    // The option is a program's: with a scene it is refused as usage.
    let o = hitlab(
        &dir,
        &[
            "compare",
            &repo("scenes/genesis/shmup.ron"),
            "--give-up-frames",
            "0",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
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

#[test]
fn run_without_a_display_plays_msx_and_genesis_programs_headless() {
    let dir = scratch("prog_run_headless");
    // MSX: 256x192, 60 Hz: three seconds are 180 of the 200 frames.
    let o = hitlab(
        &dir,
        &[
            "run",
            &repo(MOVER),
            "--target",
            "msx",
            "--frames",
            "200",
            "--gif",
            "m.gif",
        ],
    );
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains("no display (DISPLAY and WAYLAND_DISPLAY are unset); playing headless: 180 frames to m.gif"),
        "{out}"
    );
    // The header names the mode the program set (mover.asm: R0 = 00h, R1 = E2h).
    assert!(
        out.contains("(200 frames on MSX TMS9918A Graphics I, 16x16 sprites)"),
        "{out}"
    );
    assert!(out.contains("handler int: "), "{out}");
    assert_eq!(gif_shape(&dir.join("m.gif")), (256, 192, 180));
    // Genesis, through its program file: 20 frames, all in the GIF; the chip's flag in
    // frames 1 to 15.
    let o = hitlab(
        &dir,
        &[
            "run",
            &repo("tests/genesis_vint_dma.prg.ron"),
            "--gif",
            "g.gif",
        ],
    );
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains("playing headless: 20 frames to g.gif"),
        "{out}"
    );
    assert!(out.contains("set in 15 frames"), "{out}");
    assert!(out.contains("lag frames: 0"), "{out}");
    assert_eq!(gif_shape(&dir.join("g.gif")).2, 20);
}

#[test]
fn record_writes_the_program_s_frames() {
    let dir = scratch("prog_record");
    let o = hitlab(
        &dir,
        &[
            "record",
            &repo(VINT_DMA),
            "--target",
            "genesis",
            "--frames",
            "12",
            "-o",
            "v.gif",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("v.gif (12 frames at 60 Hz)"));
    let (w, h, n) = gif_shape(&dir.join("v.gif"));
    assert_eq!(n, 12);
    // The chip's own frame: the same size as its shot of one frame.
    let o = hitlab(
        &dir,
        &[
            "shot",
            &repo(VINT_DMA),
            "--target",
            "genesis",
            "-o",
            "f.png",
        ],
    );
    assert_eq!(o.status.code(), Some(0));
    let png = read_png(&dir.join("f.png"));
    assert_eq!((u32::from(w), u32::from(h)), (png.w, png.h));
}

/// The RGB pixel at `(x, y)` of an RGB PNG.
fn rgb_at(png: &common::Png, x: u32, y: u32) -> u32 {
    let i = ((y * png.w + x) * 3) as usize;
    u32::from(png.data[i]) << 16 | u32::from(png.data[i + 1]) << 8 | u32::from(png.data[i + 2])
}

#[test]
fn shot_overlays_on_a_program_draws_its_truth_pairs_and_panel() {
    let dir = scratch("prog_shot_overlays");
    let shot = |frame: &str, out: &str| {
        let o = hitlab(
            &dir,
            &[
                "shot",
                &repo(VINT_DMA),
                "--target",
                "genesis",
                "--overlays",
                "--scale",
                "1",
                "--frame",
                frame,
                "-o",
                out,
            ],
        );
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        read_png(&dir.join(out))
    };
    // Frame 8: sprite 0 at (100, 100), sprite 1 at (100, 104), both 8x8: the pair's line
    // joins the box centres (104, 104) and (104, 108) in the truth colour (no watch, so
    // nothing to judge). Frame 30: no pair, the same pixel is the chip's.
    let with_pair = shot("8", "p8.png");
    assert_eq!(with_pair.color, png::ColorType::Rgb);
    assert_eq!(rgb_at(&with_pair, 104, 106), 0xE0E0E0);
    let without = shot("30", "p30.png");
    assert_ne!(rgb_at(&without, 104, 106), 0xE0E0E0);
    // The panel is beside the frame: wider than the chip's frame, with text in it.
    let plain = hitlab(
        &dir,
        &[
            "shot",
            &repo(VINT_DMA),
            "--target",
            "genesis",
            "-o",
            "c.png",
        ],
    );
    assert_eq!(plain.status.code(), Some(0));
    let chip = read_png(&dir.join("c.png"));
    assert!(with_pair.w > chip.w);
    let panel_lit =
        (0..60).any(|y| (chip.w + 4..chip.w + 200).any(|x| rgb_at(&with_pair, x, y) == 0xFFFFFF));
    assert!(panel_lit);
}

#[test]
fn report_on_a_program_gives_cycles_against_the_budget_and_lag() {
    let dir = scratch("prog_report");
    let o = hitlab(
        &dir,
        &[
            "report",
            &repo("tests/genesis_vint_dma.prg.ron"),
            "-o",
            "v.html",
        ],
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(stdout(&o).contains("v.html: 20 frames, 1 handlers, 0 spans, 0 lag frames"));
    let page = std::fs::read_to_string(dir.join("v.html")).unwrap();
    assert!(
        page.contains("<td>handler vint</td><td class=\"n\">20</td>"),
        "{page}"
    );
    assert!(page.contains("in frames: 1-15</p>"), "{page}");
    assert!(page.contains("Chip differs from pixel truth in frames: none"));
    assert!(page.contains("0 of 20 frames lagged: none"));
    assert!(page.contains("data-kind=\"program-cycles\""));
    // The Genesis budget: 3,420 master clocks a line over 262 lines, the 68000 at one
    // seventh of them: 128,005.7 cycles.
    let budget_note = page.contains("frame budget 128,0");
    assert!(budget_note, "{page}");
}
