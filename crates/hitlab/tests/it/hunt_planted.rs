//! `hitlab hunt PROGRAM` on the planted bugs of the Vectrex's, the X16's and the Genesis's
//! test programs (the MSX's is in `hunt_program`), and the
//! state file a hunt writes: found from a fixed seed within a stated budget, the input
//! shrunk, the written program file failing `hitlab replay` the same way; the hunt started
//! again from the state file finding the same frame, and `replay --from` and `compare
//! --from` failing in it; a state file of another machine or
//! image, truncated, edited or of a later format refused with exit 3, naming the file.

use std::path::Path;

use serde_json::Value;

use crate::common::{hitlab, root, scratch, stdout};

/// The budget each planted bug is found within, in frames (on two threads, seeds 1 to 3
/// find the Vectrex's in 400 to 4 500 frames, seeds 1 and 2 the X16's in 600 to 2 600,
/// seed 2 the Genesis's in 700).
const BUDGET: &str = "30000";

fn json(o: &std::process::Output) -> Value {
    serde_json::from_str(&stdout(o))
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&o.stderr)))
}

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Hunts `program`'s planted bug into `dir`, 100 frames a play, from seed 2.
fn hunt(program: &str, dir: &Path, from: Option<&str>) -> (Option<i32>, Value) {
    let out = dir.display().to_string();
    let mut args = vec![
        "hunt",
        program,
        "--frames",
        "100",
        "--budget",
        BUDGET,
        "--threads",
        "2",
        "--seed",
        "2",
        "--json",
        "-o",
        &out,
    ];
    if let Some(f) = from {
        args.extend(["--from", f]);
    }
    let o = hitlab(&root(), &args);
    (o.status.code(), json(&o))
}

/// The finding's program file names its files from its own folder, and `hitlab replay`
/// run elsewhere fails it in `frame`.
fn replays_from_its_folder(dir: &Path, v: &Value, image: &str, frame: u32) {
    let written = v["written"].as_str().unwrap();
    let text = std::fs::read_to_string(written).unwrap();
    let here = root().canonicalize().unwrap().display().to_string();
    assert!(!text.contains(&here), "{text}");
    assert!(text.contains(&format!("{image}\"")), "{text}");
    let o = hitlab(dir, &["replay", written]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(
        stdout(&o).contains(&format!("first in frames [{frame}")),
        "{}",
        stdout(&o)
    );
}

#[test]
fn the_vectrex_planted_bug_is_found_and_its_state_file_starts_the_hunt_there() {
    let dir = scratch("hunt-planted-vectrex");
    let (code, v) = hunt("tests/vectrex_hunt_edge.prg.ron", &dir, None);
    assert_eq!(code, Some(1), "{v}");
    assert_eq!(v["found"], true, "{v}");
    // By hand from roms/vectrex/programs/hunt_edge.asm: the cartridge's loop first runs in
    // call 2 (call 0 is the BIOS's power-on frame, call 1 the cartridge's set-up, as
    // vectrex_boxtest.prg.ron counts them) and moves the player 2 units a call while button
    // 1 is held: 48 calls of it (calls 2 to 49) put it at x = 96 in frame 49, decided in
    // call 50, where holding button 2 skips the test. The shortest input: two empty calls,
    // 48 of button 1, one of button 2 (2 presses, 51 calls).
    assert_eq!(v["expect"], "NoMiss(Box)", "{v}");
    assert_eq!(v["frame"], 49, "{v}");
    assert!(v["presses"].as_u64().unwrap() <= 2, "{v}");
    assert!(v["input_calls"].as_u64().unwrap() <= 51, "{v}");
    assert_eq!(v["reproduced"], true, "{v}");
    replays_from_its_folder(&dir, &v, "roms/vectrex/programs/hunt_edge.bin", 49);

    // The state file: at frame 49 (the 49 calls before it), and a hunt from it finds the
    // same frame with the input after it alone: button 2 in call 49 or 50 (with button 1,
    // held in the log's last call, counted as a press of its own).
    assert_eq!(v["state_frame"], 49, "{v}");
    let state = v["state"].as_str().unwrap().to_owned();
    let again = scratch("hunt-planted-vectrex-again");
    let (code, w) = hunt("tests/vectrex_hunt_edge.prg.ron", &again, Some(&state));
    assert_eq!(code, Some(1), "{w}");
    assert_eq!(w["frame"], 49, "{w}");
    assert!(w["input_calls"].as_u64().unwrap() <= 2, "{w}");
    assert!(w["presses"].as_u64().unwrap() <= 2, "{w}");

    from_the_state_file(&dir, v["written"].as_str().unwrap(), &state);
    bad_state_files(&dir, Path::new(&state));
}

/// `replay --from` and `compare --from` on the finding's program file and its state file
/// (at frame 49 of a file of 50 frames) play frames 48 and 49 alone and fail in frame 49,
/// as the run from power-on does: frame k is complete at the end of call k + 1, so after
/// the log's 49 calls frame 48 comes first.
fn from_the_state_file(dir: &Path, written: &str, state: &str) {
    let o = hitlab(dir, &["replay", written, "--from", state]);
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains("first in frames [49]"),
        "{}",
        stdout(&o)
    );
    let o = hitlab(dir, &["compare", written, "--from", state, "--json"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v = json(&o);
    let frames: Vec<u64> = v["per_frame"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["frame"].as_u64().unwrap())
        .collect();
    assert_eq!(frames, [48, 49], "{v}");
    assert_eq!(v["passed"], false, "{v}");
    assert_eq!(v["from"], state, "{v}");
    // Checked as the hunt checks it: another program's state file is exit 3, naming it.
    let o = hitlab(
        &root(),
        &["replay", "tests/vectrex_boxtest.prg.ron", "--from", state],
    );
    assert_eq!(o.status.code(), Some(3), "{}", stdout(&o));
    assert!(stdout(&o).contains(state), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("a state of another image"),
        "{}",
        stdout(&o)
    );
    // A state file starts one program, not a scene.
    let o = hitlab(&root(), &["replay", "scenes", "--from", state]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn the_x16_planted_bug_is_found_shrunk_and_replays() {
    let dir = scratch("hunt-planted-x16");
    let (code, v) = hunt("tests/x16_hunt_edge.prg.ron", &dir, None);
    assert_eq!(code, Some(1), "{v}");
    assert_eq!(v["found"], true, "{v}");
    // By hand from roms/vera/programs/hunt_edge.s: the handler moves the player 2 px a
    // frame while Right is held, from X 100: 48 frames of it put it at X 196, where A held
    // skips the test while the boxes meet (X >= 193). The shortest input: Right held for 48
    // calls, then A (2 presses, about 50 calls from power-on).
    assert_eq!(v["expect"], "NoMiss(Box)", "{v}");
    assert!(v["presses"].as_u64().unwrap() <= 2, "{v}");
    assert!(v["input_calls"].as_u64().unwrap() <= 52, "{v}");
    assert_eq!(v["reproduced"], true, "{v}");
    let frame = u32::try_from(v["frame"].as_u64().unwrap()).unwrap();
    replays_from_its_folder(&dir, &v, "roms/vera/programs/hunt_edge.prg", frame);
    let text = std::fs::read_to_string(v["written"].as_str().unwrap()).unwrap();
    assert!(
        text.contains("[Right, A]") || text.contains("[A]"),
        "{text}"
    );
    assert!(text.contains("hunt_edge.lbl\""), "{text}");
}

#[test]
fn the_genesis_planted_bug_is_found_shrunk_and_replays() {
    let dir = scratch("hunt-planted-genesis");
    let (code, v) = hunt("tests/genesis_hunt_edge.prg.ron", &dir, None);
    assert_eq!(code, Some(1), "{v}");
    assert_eq!(v["found"], true, "{v}");
    // By hand from roms/genesis/programs/hunt_edge.s: the VINT handler moves the player 2
    // px a frame while Right is held, from X 100: 48 frames of it put it at X 196, where
    // B held skips the test while the boxes meet (X >= 193). The shortest input: Right held
    // for 48 calls, then B (2 presses, about 50 calls from power-on).
    assert_eq!(v["expect"], "NoMiss(Box)", "{v}");
    assert!(v["presses"].as_u64().unwrap() <= 2, "{v}");
    assert!(v["input_calls"].as_u64().unwrap() <= 52, "{v}");
    assert_eq!(v["reproduced"], true, "{v}");
    let frame = u32::try_from(v["frame"].as_u64().unwrap()).unwrap();
    replays_from_its_folder(&dir, &v, "roms/genesis/programs/hunt_edge.bin", frame);
    let text = std::fs::read_to_string(v["written"].as_str().unwrap()).unwrap();
    assert!(
        text.contains("[Right, B]") || text.contains("[B]"),
        "{text}"
    );
}

/// Each kind of bad state file: exit 3 and a message naming the file and what differs.
fn bad_state_files(dir: &Path, state: &Path) {
    let good = std::fs::read(state).unwrap();
    let refused = |program: &str, file: &Path, says: &str| {
        let f = file.display().to_string();
        let o = hitlab(
            &root(),
            &[
                "hunt",
                program,
                "--from",
                &f,
                "-o",
                &dir.display().to_string(),
            ],
        );
        assert_eq!(o.status.code(), Some(3), "{says}: {}", stderr(&o));
        assert!(stderr(&o).contains(&f), "{says}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{says}: {}", stderr(&o));
    };
    // Another machine's program.
    refused(
        "tests/msx_hunt_edge.prg.ron",
        state,
        "a state of the vectrex, not of the msx",
    );
    // Another image on the same machine.
    refused(
        "tests/vectrex_boxtest.prg.ron",
        state,
        "a state of another image",
    );
    let variant = |name: &str, bytes: &[u8]| {
        let p = dir.join(name);
        std::fs::write(&p, bytes).unwrap();
        p
    };
    let program = "tests/vectrex_hunt_edge.prg.ron";
    // Cut short, inside the input log.
    refused(
        program,
        &variant("short.state", &good[..good.len() / 2]),
        "truncated",
    );
    // One byte of the input log changed.
    let mut edited = good.clone();
    let k = good.len() - 80;
    edited[k] ^= 1;
    refused(
        program,
        &variant("edited.state", &edited),
        "checksum does not match",
    );
    // A later format.
    let mut later = good.clone();
    later[8] = 2;
    refused(
        program,
        &variant("later.state", &later),
        "format version 2, written by a newer hitlab",
    );
    // Not a state file at all.
    refused(
        program,
        Path::new("tests/vectrex_hunt_edge.prg.ron"),
        "not a hitlab state file",
    );
}
