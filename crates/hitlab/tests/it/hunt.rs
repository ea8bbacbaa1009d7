//! `hitlab hunt`: the seeds' documented misses found unprompted, none for the exact methods
//! and the shipped routine, the chip's line-limit blind spot, and the written scene loading
//! back.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

use crate::common;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("hunt-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
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

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// `hitlab hunt ARGS --json -o DIR`, exit 0, its JSON.
fn hunt(dir: &Path, args: &[&str]) -> Value {
    let mut all = vec!["hunt"];
    all.extend_from_slice(args);
    let d = dir.display().to_string();
    all.extend_from_slice(&["--json", "-o", &d]);
    let o = hitlab(&all);
    let v: Value =
        serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", text(&o)));
    // A disagreement found is a failure (exit 1); none found is 0.
    let want = if v["found"] == true { 1 } else { 0 };
    assert_eq!(o.status.code(), Some(want), "{}", text(&o));
    v
}

/// x, y, w, h, good of each object of the found frame.
fn objects(v: &Value) -> Vec<(i64, i64, i64, i64, bool)> {
    v["frame"]
        .as_array()
        .expect("a frame")
        .iter()
        .map(|o| {
            (
                o["x"].as_i64().unwrap(),
                o["y"].as_i64().unwrap(),
                o["w"].as_i64().unwrap(),
                o["h"].as_i64().unwrap(),
                o["group"] == "Good",
            )
        })
        .collect()
}

fn why(v: &Value) -> String {
    v["why"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap().to_owned())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The written scene plays in `compare`, and its PNG exists.
fn loads_back(v: &Value) {
    assert_eq!(v["reproduced"], true, "{v}");
    let scene = v["scene"].as_str().unwrap();
    let o = hitlab(&["compare", scene, "--frames", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let png = std::fs::read(v["png"].as_str().unwrap()).expect("the PNG");
    assert_eq!(&png[1..4], b"PNG");
}

#[test]
fn columns_misses_two_good_sprites_in_one_column() {
    let dir = scratch("columns");
    let v = hunt(&dir, &["columns", "--target", "genesis", "--seed", "4"]);
    assert_eq!(v["found"], true, "{v}");
    assert_eq!(v["disagreement"], "miss");
    let objs = objects(&v);
    assert!((2..=3).contains(&objs.len()), "{objs:?}");
    let cols = |o: &(i64, i64, i64, i64, bool)| (o.0.max(0) / 8, (o.0 + o.2 - 1) / 8);
    let goods: Vec<_> = objs.iter().filter(|o| o.4).map(cols).collect();
    let shared = goods
        .iter()
        .enumerate()
        .any(|(i, a)| goods[i + 1..].iter().any(|b| a.0 <= b.1 && b.0 <= a.1));
    assert!(shared, "two Good sprites in one column: {objs:?}");
    assert!(why(&v).contains("share the 8-px column"), "{}", why(&v));
    assert!(dir.join("hunt-columns-genesis.ron").is_file());
    loads_back(&v);
}

#[test]
fn a_routine_held_to_its_twin_methods_rule_shows_the_same_documented_miss() {
    let dir = scratch("columns-code");
    let v = hunt(
        &dir,
        &[
            "roms/genesis/code/columns-h40.bin",
            "--like",
            "columns",
            "--target",
            "genesis",
            "--seed",
            "4",
        ],
    );
    assert_eq!(
        (v["found"].clone(), v["kind"].clone()),
        (true.into(), "code".into())
    );
    assert_eq!(v["truth"], "box truth, Good x Bad pairs");
    assert!((2..=3).contains(&objects(&v).len()), "{v}");
    assert!(why(&v).contains("share the 8-px column"), "{}", why(&v));
    assert!(dir.join("hunt-columns-h40-genesis.ron").is_file());
    loads_back(&v);
}

#[test]
fn mask16_needs_an_object_wider_than_a_band_which_the_msx_cannot_show() {
    // The MSX's sprites are 32 px at most: every object lies in the bands its mask sets.
    let dir = scratch("mask16-msx");
    let v = hunt(&dir, &["mask16", "--target", "msx", "--budget", "1500"]);
    assert_eq!(v["found"], false, "{v}");
    assert_eq!(v["frames_searched"], 1500);
    // VERA's 64-px sprites can: a 64-px object sets bands 0 and 2, never 1.
    let dir = scratch("mask16-vera");
    let v = hunt(&dir, &["mask16", "--target", "vera"]);
    assert_eq!(v["found"], true, "{v}");
    let objs = objects(&v);
    let pair: Vec<usize> = v["pair"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_u64().unwrap() as usize)
        .collect();
    assert!(
        pair.iter().any(|&i| objs[i].2 > 32 || objs[i].3 > 32),
        "{objs:?} {pair:?}"
    );
    assert!(
        why(&v).contains("covers bands 0..1, mask sets 0 and 2"),
        "{}",
        why(&v)
    );
    loads_back(&v);
}

#[test]
fn the_exact_methods_and_the_shipped_routine_show_no_disagreement() {
    let dir = scratch("exact");
    let v = hunt(&dir, &["half-pairs", "--target", "msx", "--budget", "300"]);
    assert_eq!(
        (v["found"].clone(), v["frames_searched"].clone()),
        (false.into(), 300.into())
    );
    assert!(v["frames_per_second"].as_f64().unwrap() > 0.0);
    let v = hunt(
        &dir,
        &["sort-sweep", "--target", "genesis", "--budget", "200"],
    );
    assert_eq!(v["found"], false, "{v}");
    let v = hunt(
        &dir,
        &[
            "roms/msx/code/half-pairs.bin",
            "--target",
            "msx",
            "--budget",
            "200",
        ],
    );
    assert_eq!(v["found"], false, "{v}");
    assert_eq!(v["kind"], "code");
    let o = hitlab(&["hunt", "half-pairs", "--target", "msx", "--budget", "50"]);
    assert!(
        text(&o).contains("no disagreement in 50 frames"),
        "{}",
        text(&o)
    );
}

#[test]
fn the_msx_flag_is_blind_past_the_fourth_sprite_on_a_line() {
    let dir = scratch("hw-flag");
    let v = hunt(&dir, &["hw-flag", "--target", "msx"]);
    assert_eq!(v["found"], true, "{v}");
    assert_eq!(v["disagreement"], "flag clear");
    let objs = objects(&v);
    let most = (0..192)
        .map(|y| objs.iter().filter(|o| o.1 <= y && y < o.1 + o.3).count())
        .max()
        .unwrap();
    assert!(most >= 5, "{objs:?}");
    assert!(why(&v).contains("per-line sprite limit"), "{}", why(&v));
    loads_back(&v);
}

#[test]
fn the_genesis_flag_is_blind_past_the_twentieth_sprite_on_a_line() {
    let dir = scratch("hw-flag-genesis");
    let v = hunt(
        &dir,
        &["hw-flag", "--target", "genesis", "--objects", "21..40"],
    );
    assert_eq!(v["found"], true, "{v}");
    let objs = objects(&v);
    assert!(objs.len() >= 21, "{objs:?}");
    assert!(why(&v).contains("per-line sprite limit"), "{}", why(&v));
    // With at most 20 objects no line holds a 21st sprite (only the 320-px budget could
    // still cut one, which these 300 frames do not show).
    let v = hunt(
        &dir,
        &[
            "hw-flag",
            "--target",
            "genesis",
            "--objects",
            "2..20",
            "--budget",
            "300",
        ],
    );
    assert_eq!(v["found"], false, "{v}");
}

#[test]
fn a_routine_that_faults_is_a_disagreement_with_its_fault() {
    let dir = scratch("fault");
    let image = dir.join("zeros.bin");
    std::fs::write(&image, [0u8; 64]).unwrap();
    let v = hunt(&dir, &[image.to_str().unwrap(), "--target", "msx"]);
    assert_eq!(v["found"], true, "{v}");
    assert_eq!(v["disagreement"], "error");
    assert!(why(&v).contains("fault at PC"), "{}", why(&v));
}

#[test]
fn all_pairs_4case_misses_boxes_whose_edges_coincide() {
    let dir = scratch("4case");
    let v = hunt(&dir, &["all-pairs-4case", "--target", "msx"]);
    assert_eq!(v["found"], true, "{v}");
    assert_eq!(objects(&v).len(), 2);
    assert!(why(&v).contains("edges on the same pixel"), "{}", why(&v));
}

#[test]
fn an_empty_search_space_says_so() {
    let o = hitlab(&["hunt", "half-pairs", "--target", "msx", "--objects", "0..1"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(text(&o).contains("search space is empty"), "{}", text(&o));
}

#[test]
fn bad_input_exits_3_and_usage_2_for_ranges_like_and_methods_the_machine_lacks() {
    for args in [
        &["hunt", "no-such-method", "--target", "msx"][..],
        &["hunt", "roms/msx/code/missing.bin", "--target", "msx"],
    ] {
        let o = hitlab(args);
        assert_eq!(o.status.code(), Some(3), "{args:?}: {}", text(&o));
    }
    for args in [
        &["hunt", "half-pairs", "--target", "msx", "--objects", "5..2"][..],
        &["hunt", "half-pairs", "--target", "msx", "--objects", "many"],
        &["hunt", "quadrants", "--target", "msx"],
        &["hunt", "pixel-table", "--target", "genesis"],
        &["hunt", "half-pairs", "--like", "columns", "--target", "msx"],
        &["hunt", "half-pairs"],
        &["hunt", "half-pairs", "--target", "vectrex"],
        &["hunt", "half-pairs", "--target", "msx", "--budget", "0"],
    ] {
        let o = hitlab(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
    }
}

#[test]
fn a_finding_is_written_as_a_scenario_replay_fails_and_the_rerun_command_is_printed() {
    let dir = scratch("scenario");
    let v = hunt(&dir, &["columns", "--target", "genesis", "--seed", "4"]);
    let scenario = v["scenario"].as_str().expect("a scenario").to_owned();
    assert_eq!(v["rerun"], format!("hitlab replay {scenario}"));
    let o = hitlab(&["replay", &scenario]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("columns missed"), "{out}");
    assert!(out.contains("0 passed, 1 failed"), "{out}");
}

#[test]
fn a_routine_named_with_quotes_and_backslashes_is_written_as_valid_ron_and_replays() {
    let dir = scratch("quotes");
    // RET at once: K = 0, so every meeting pair is a miss.
    let image = dir.join("q\"x\\y.bin");
    std::fs::write(&image, [0xC9]).unwrap();
    let out = dir.join("out");
    let v = hunt(&out, &[image.to_str().unwrap(), "--target", "msx"]);
    assert_eq!(v["found"], true, "{v}");
    assert_eq!(v["reproduced"], true, "{v}");
    let scenario = v["scenario"].as_str().unwrap();
    let text_of = std::fs::read_to_string(scenario).unwrap();
    assert!(
        text_of.contains("RoutineExact(routine: \"hunt-q\\\"x\\\\y-msx.bin\""),
        "{text_of}"
    );
    let o = hitlab(&["replay", scenario]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("missed"), "{}", text(&o));
    // The printed command quotes the path for a shell.
    assert!(
        v["rerun"].as_str().unwrap().starts_with("hitlab replay '"),
        "{v}"
    );
    assert!(why(&v).contains("does not hold the pair"), "{}", why(&v));
}

#[test]
fn a_hunt_that_cannot_write_leaves_nothing_and_exits_2() {
    let dir = scratch("unwritable");
    let blocker = dir.join("file");
    std::fs::write(&blocker, b"not a folder").unwrap();
    let out = blocker.join("sub");
    let o = hitlab(&[
        "hunt",
        "columns",
        "--target",
        "genesis",
        "--seed",
        "4",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(left.len(), 1, "{left:?}");
}

/// The pixels of the frame's area (`w` x `h`, top left) of a hunt's PNG, as `0x00RRGGBB`.
fn frame_pixels(v: &Value, w: u32, h: u32) -> Vec<u32> {
    let png = common::read_png(Path::new(v["png"].as_str().unwrap()));
    let words: Vec<u32> = match png.color {
        png::ColorType::Rgb => common::rgb_words(&png.data),
        png::ColorType::Indexed => {
            let palette = common::rgb_words(png.palette.as_deref().expect("a palette"));
            png.data.iter().map(|&i| palette[usize::from(i)]).collect()
        }
        other => panic!("unexpected PNG colour type {other:?}"),
    };
    assert!(png.w >= w && png.h >= h, "{}x{}", png.w, png.h);
    (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .map(|(x, y)| words[(y * png.w + x) as usize])
        .collect()
}

/// The text of the panel drawn beside a hunt's picture, as the PNG carries it.
fn panel_text(v: &Value) -> String {
    let png = common::read_png(Path::new(v["png"].as_str().unwrap()));
    png.text
        .iter()
        .find(|(k, _)| k == "Panel")
        .map(|(_, t)| t.clone())
        .expect("a Panel text chunk")
}

/// The overlay colours (`crates/hitlab/src/view/overlay.rs`): found and true, true and not
/// found, found and not true.
const HIT_RGB: u32 = 0x40FF40;
const MISS_RGB: u32 = 0xFF40FF;
const FALSE_RGB: u32 = 0xFFB000;

#[test]
fn a_routine_hunts_picture_shows_the_routines_misses_not_its_twins_hits() {
    // `RET`: the routine reports no pair at all; its Rust twin `half-pairs` finds every
    // pair. The picture must draw the routine's answer: the meeting pair as a miss, and no
    // pair as found.
    let dir = scratch("ret-code");
    let image = dir.join("ret.bin");
    std::fs::write(&image, [0xC9]).unwrap();
    let v = hunt(
        &dir,
        &[
            image.to_str().unwrap(),
            "--like",
            "half-pairs",
            "--target",
            "msx",
        ],
    );
    assert_eq!(v["found"], true, "{v}");
    assert_eq!(v["disagreement"], "miss", "{v}");
    // The MSX screen, 256 x 192, at scale 2.
    let px = frame_pixels(&v, 512, 384);
    assert!(px.contains(&MISS_RGB), "the miss is drawn");
    assert!(
        !px.contains(&HIT_RGB),
        "a pair drawn as found, but the routine found none"
    );
    // The panel is the routine's row: its image named, nothing found, the meeting pair
    // listed as its miss; not the twin's row, which found it.
    let panel = panel_text(&v);
    assert!(panel.contains("ret.bin"), "{panel}");
    assert!(
        panel.contains(" found 0: 0 hit, 0 false; 1 missed"),
        "{panel}"
    );
    assert!(panel.contains(" miss "), "{panel}");
    assert!(!panel.contains(" hit  "), "{panel}");
}

#[test]
fn a_routine_hunts_picture_shows_the_routines_false_alarm() {
    // The routine always reports the pair (0, 1): `LD HL,1 / LD ($C800),HL` (K = 1),
    // `LD HL,$0100 / LD ($C802),HL` (records 0 and 1), `RET`. Where objects 0 and 1 do
    // not meet it is a false alarm, drawn in amber; the Rust twin never draws one.
    let dir = scratch("false-code");
    let image = dir.join("pair01.bin");
    std::fs::write(
        &image,
        [
            0x21, 0x01, 0x00, 0x22, 0x00, 0xC8, 0x21, 0x00, 0x01, 0x22, 0x02, 0xC8, 0xC9,
        ],
    )
    .unwrap();
    let v = hunt(
        &dir,
        &[
            image.to_str().unwrap(),
            "--like",
            "half-pairs",
            "--target",
            "msx",
            "--objects",
            "2..2",
        ],
    );
    assert_eq!(v["found"], true, "{v}");
    assert_eq!(v["disagreement"], "false alarm", "{v}");
    let px = frame_pixels(&v, 512, 384);
    assert!(px.contains(&FALSE_RGB), "the false alarm is drawn");
    // The panel is the routine's row: the pair it reported, against a truth of none.
    let panel = panel_text(&v);
    assert!(panel.contains("pair01.bin"), "{panel}");
    assert!(
        panel.contains("truth: 0 pixel pairs, 0 box pairs"),
        "{panel}"
    );
    assert!(
        panel.contains(" found 1: 0 hit, 1 false; 0 missed"),
        "{panel}"
    );
    assert!(panel.contains(" false "), "{panel}");
}

#[test]
fn a_routines_picture_names_its_file_not_its_twins_seed() {
    // `RET` held to `columns`' rule: the panel's row is the routine's, so it says which file
    // ran, not the seed `columns` comes from.
    let dir = scratch("own-label");
    let image = dir.join("mine.bin");
    std::fs::write(&image, [0xC9]).unwrap();
    let v = hunt(
        &dir,
        &[
            image.to_str().unwrap(),
            "--like",
            "columns",
            "--target",
            "msx",
        ],
    );
    assert_eq!(v["found"], true, "{v}");
    let panel = panel_text(&v);
    assert!(panel.contains(" routine mine.bin"), "{panel}");
    assert!(!panel.contains("seed 0"), "{panel}");
}
