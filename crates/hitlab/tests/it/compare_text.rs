//! The comparison explains itself: a legend under the table, a count of the disagreements
//! not listed, the MSX's 5S beside C, and status registers in one hex format everywhere.

use crate::common;

use std::path::{Path, PathBuf};

use common::{hitlab, stdout};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn compare(args: &[&str]) -> String {
    let mut all = vec!["compare"];
    all.extend_from_slice(args);
    let o = hitlab(&root(), &all);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    stdout(&o)
}

#[test]
fn the_table_has_a_legend_and_unlisted_disagreements_are_counted() {
    let out = compare(&["scenes/msx/fifth.ron"]);
    for want in [
        "seed ops/f: the seed's own cost unit per frame",
        "`Nf` for hw-flag",
        "`-`: does not apply",
        "differs on 40 frames",
        "... and 36 more",
        "S#0 bit 6 (5S, a fifth sprite on a line): set on 240 of 240 frames (first 0)",
    ] {
        assert!(out.contains(want), "missing `{want}` in\n{out}");
    }
    let listed = out
        .lines()
        .filter(|l| l.trim_start().starts_with("frame "))
        .count();
    assert_eq!(listed, 4, "{out}");
}

#[test]
fn status_registers_are_two_hex_digits_in_text_and_json() {
    let out = compare(&[
        "scenes/genesis/line_limit.ron",
        "--frames",
        "3",
        "--per-frame",
    ]);
    for line in out.lines().filter(|l| l.starts_with("frame ")) {
        let status = line
            .split("status ")
            .nth(1)
            .expect("status")
            .split(' ')
            .next();
        let status = status.expect("value");
        assert!(
            status.len() == 4 && status.starts_with("0x"),
            "`{status}` in {line}"
        );
    }
    let json = compare(&[
        "scenes/msx/fifth.ron",
        "--frames",
        "2",
        "--per-frame",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(json.trim()).expect("JSON");
    let s = v["per_frame"][1]["status"].as_str().expect("text");
    assert!(s.len() == 4 && s.starts_with("0x"), "{s}");
    assert_eq!(v["hardware"]["overflow_frames"], 2);
}
