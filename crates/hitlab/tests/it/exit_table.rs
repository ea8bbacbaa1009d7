//! The README's exit-code table, row by row for every command: 0 ok, 1 an expectation
//! failed (replay, roms --check, routine, hunt), 2 usage (bad or conflicting arguments, a
//! method the scene's machine lacks, an output that cannot be written), 3 bad input file.
//! Bad scenes are reported at their place (`path:line:col`) by every command that plays one.

use crate::common;

use std::path::Path;

use common::{hitlab, repo, scratch, stdout};

/// Runs every case in `dir` and checks its exit code and, where given, a text it prints.
fn table(dir: &Path, cases: &[(i32, &[&str], &str)]) {
    for (want, args, text) in cases {
        let o = hitlab(dir, args);
        let all = format!("{}{}", stdout(&o), String::from_utf8_lossy(&o.stderr));
        assert_eq!(o.status.code(), Some(*want), "{args:?}: {all}");
        assert!(all.contains(text), "{args:?} lacks `{text}`: {all}");
    }
}

/// An MSX scene with one sprite more than the chip has, its `objects` at line 2, column 11.
fn too_many(dir: &Path) -> String {
    let p = dir.join("many.ron");
    std::fs::write(
        &p,
        "Scene(version: 1, name: \"many\", target: Msx((size16: true)),\n objects: [(name: \"a\", group: Good, count: 33,\n  sprites: [(w: 16, h: 16, pattern: 0)], motion: Still(at: (0, 0)))])\n",
    )
    .unwrap();
    "many.ron".into()
}

const LOCATED: &str =
    "many.ron:2:11: objects: the objects use 33 hardware sprites; the chip has 32";

#[test]
fn shot() {
    let dir = scratch("table_shot");
    let bad = too_many(&dir);
    let fifth = repo("scenes/msx/fifth.ron");
    table(
        &dir,
        &[
            (0, &["shot", &fifth, "-o", "a.png"], "a.png"),
            (2, &["shot", &fifth, "-o", "no/such/a.png"], "no/such/a.png"),
            (
                2,
                &["shot", &fifth, "--method", "quadrants", "-o", "b.png"],
                "quadrants reads the VERA",
            ),
            (3, &["shot", &bad, "-o", "c.png"], LOCATED),
            (3, &["shot", "missing.ron", "-o", "c.png"], "missing.ron"),
        ],
    );
    assert!(!dir.join("b.png").exists() && !dir.join("c.png").exists());
}

#[test]
fn record() {
    let dir = scratch("table_record");
    let bad = too_many(&dir);
    let fifth = repo("scenes/msx/fifth.ron");
    table(
        &dir,
        &[
            (
                0,
                &["record", &fifth, "--frames", "2", "-o", "a.gif"],
                "a.gif",
            ),
            (
                2,
                &["record", &fifth, "--frames", "2", "-o", "no/such/a.gif"],
                "no/such",
            ),
            (
                2,
                &[
                    "record",
                    &fifth,
                    "--frames",
                    "2",
                    "--method",
                    "pixel-table",
                    "-o",
                    "b.gif",
                ],
                "pixel-table",
            ),
            (
                3,
                &["record", &bad, "--frames", "2", "-o", "c.gif"],
                LOCATED,
            ),
        ],
    );
}

#[test]
fn run() {
    let dir = scratch("table_run");
    let bad = too_many(&dir);
    let fifth = repo("scenes/msx/fifth.ron");
    table(
        &dir,
        &[
            (0, &["run", &fifth, "--frames", "2"], ""),
            (
                2,
                &["run", &fifth, "--frames", "2", "--method", "quadrants"],
                "quadrants reads the VERA",
            ),
            (3, &["run", &bad, "--frames", "2"], LOCATED),
        ],
    );
    // An output that cannot be written: the GIF's place is a folder.
    let ro = scratch("table_run_ro");
    std::fs::create_dir_all(ro.join("hitlab-run.gif")).unwrap();
    table(
        &ro,
        &[(2, &["run", &fifth, "--frames", "2"], "hitlab-run.gif")],
    );
}

#[test]
fn compare() {
    let dir = scratch("table_compare");
    let bad = too_many(&dir);
    let fifth = repo("scenes/msx/fifth.ron");
    table(
        &dir,
        &[
            (0, &["compare", &fifth, "--frames", "2"], "truth"),
            (
                2,
                &[
                    "compare",
                    &fifth,
                    "--frames",
                    "2",
                    "--methods",
                    "pixel-table",
                ],
                "pixel-table",
            ),
            (2, &["compare", &fifth, "--frames", "0"], ""),
            (3, &["compare", &bad], LOCATED),
        ],
    );
}

#[test]
fn report() {
    let dir = scratch("table_report");
    let bad = too_many(&dir);
    let fifth = repo("scenes/msx/fifth.ron");
    table(
        &dir,
        &[
            (
                0,
                &["report", &fifth, "--frames", "2", "-o", "a.html"],
                "a.html",
            ),
            (
                2,
                &["report", &fifth, "--frames", "2", "-o", "no/such/a.html"],
                "no/such",
            ),
            (
                2,
                &[
                    "report",
                    &fifth,
                    "--frames",
                    "2",
                    "--methods",
                    "quadrants",
                    "-o",
                    "b.html",
                ],
                "quadrants",
            ),
            (3, &["report", &bad, "-o", "c.html"], LOCATED),
        ],
    );
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp") || n == "b.html" || n == "c.html")
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn replay() {
    let dir = scratch("table_replay");
    let fifth = repo("scenes/msx/fifth.ron");
    let scenario = |name: &str, expect: &str| {
        std::fs::write(
            dir.join(name),
            format!("Scenario(version: 1, scene: Path({fifth:?}), frames: 2, expect: [{expect}])"),
        )
        .unwrap();
        name.to_owned()
    };
    let ok = scenario("ok.ron", "TruthPairsAtLeast(0)");
    let fails = scenario("fails.ron", "TruthPairsAtLeast(1000000)");
    let lacks = scenario("lacks.ron", "NoMisses(method: \"quadrants\")");
    let lacks_routine = scenario(
        "lacks_routine.ron",
        "RoutineAgrees(routine: \"half-pairs z80\", method: \"quadrants\")",
    );
    let bad = scenario("bad.ron", "NoSuchExpectation");
    // On bands.ron half-pairs is exact against box truth, but five of its pairs in the
    // first 30 frames are boxes whose opaque pixels never meet.
    let bands = repo("scenes/msx/bands.ron");
    let on_bands = |name: &str, expect: &str| {
        std::fs::write(
            dir.join(name),
            format!("Scenario(version: 1, scene: Path({bands:?}), frames: 30, expect: [{expect}])"),
        )
        .unwrap();
        name.to_owned()
    };
    let no_false_box = on_bands("nfa_box.ron", "NoFalseAlarms(method: \"half-pairs\")");
    let no_false_pixel = on_bands(
        "nfa_pixel.ron",
        "NoFalseAlarms(method: \"half-pairs\", pixel: true)",
    );
    table(
        &dir,
        &[
            (0, &["replay", &ok], "1 passed, 0 failed"),
            (0, &["replay", &no_false_box], "1 passed, 0 failed"),
            (1, &["replay", &no_false_pixel], "half-pairs reported"),
            (1, &["replay", &fails], "0 passed, 1 failed"),
            (
                2,
                &["replay", &lacks],
                "quadrants reads the VERA's collision ISR",
            ),
            (
                2,
                &["replay", &lacks_routine],
                "this scene plays on the MSX",
            ),
            (3, &["replay", &bad], "bad.ron:1:"),
        ],
    );
}

#[test]
fn routine() {
    let dir = scratch("table_routine");
    std::fs::write(dir.join("ret.bin"), [0xC9]).unwrap();
    let half = repo("roms/msx/code/half-pairs.bin");
    let bands = repo("scenes/msx/bands.ron");
    let rings = repo("scenes/vera/rings.ron");
    let bad = too_many(&dir);
    table(
        &dir,
        &[
            (
                0,
                &[
                    "routine", &half, "--target", "msx", "--scene", &bands, "--frames", "3",
                ],
                "",
            ),
            (
                1,
                &[
                    "routine", "ret.bin", "--target", "msx", "--scene", &bands, "--frames", "3",
                ],
                "FAILED",
            ),
            (
                2,
                &["routine", "ret.bin", "--target", "msx", "--scene", &rings],
                "runs on vera",
            ),
            (
                2,
                &[
                    "routine",
                    "ret.bin",
                    "--target",
                    "msx",
                    "--scene",
                    &bands,
                    "--like",
                    "quadrants",
                ],
                "quadrants",
            ),
            (
                2,
                &[
                    "routine", "ret.bin", "--target", "msx", "--format", "ihex", "--load", "0x4000",
                ],
                "--load",
            ),
            (
                3,
                &[
                    "routine",
                    "missing.bin",
                    "--target",
                    "msx",
                    "--scene",
                    &bands,
                ],
                "missing.bin",
            ),
            (
                3,
                &["routine", "ret.bin", "--target", "msx", "--scene", &bad],
                LOCATED,
            ),
        ],
    );
}

#[test]
fn hunt() {
    let dir = scratch("table_hunt");
    table(
        &dir,
        &[
            (
                0,
                &["hunt", "half-pairs", "--target", "msx", "--budget", "50"],
                "no disagreement",
            ),
            (
                1,
                &["hunt", "columns", "--target", "genesis", "--seed", "4"],
                "rerun: hitlab replay",
            ),
            (2, &["hunt", "quadrants", "--target", "msx"], "quadrants"),
            (
                2,
                &["hunt", "half-pairs", "--target", "msx", "--objects", "x"],
                "--objects",
            ),
            (
                3,
                &["hunt", "missing.bin", "--target", "msx"],
                "missing.bin",
            ),
        ],
    );
}

#[test]
fn roms() {
    let dir = scratch("table_roms");
    let src = dir.join("src");
    std::fs::create_dir_all(&src).unwrap();
    std::fs::write(
        src.join("a.src.ron"),
        "RomSource(version: 1, outputs: [(file: \"a.bin\", data: Bytes([1]))])",
    )
    .unwrap();
    std::fs::create_dir_all(dir.join("empty")).unwrap();
    table(&dir, &[(1, &["roms", "--check", "src"], "stale")]);
    table(
        &dir,
        &[
            (0, &["roms", "src"], "built"),
            (0, &["roms", "--check", "src"], ""),
        ],
    );
    table(
        &dir,
        &[
            (2, &["roms", "--no-such-flag"], ""),
            (3, &["roms", "empty"], "no rom sources"),
        ],
    );
}

#[test]
fn frame_methods_and_bench() {
    let dir = scratch("table_misc");
    std::fs::write(dir.join("msx.vram"), vec![0u8; 16_384]).unwrap();
    std::fs::write(dir.join("short.vram"), vec![0u8; 100]).unwrap();
    table(
        &dir,
        &[
            (0, &["frame", "--target", "msx", "--vram", "msx.vram"], ""),
            (
                2,
                &[
                    "frame", "--target", "msx", "--vram", "msx.vram", "--reg", "9=1",
                ],
                "",
            ),
            (
                3,
                &["frame", "--target", "msx", "--vram", "short.vram"],
                "short.vram",
            ),
            (0, &["methods", "--objects", "10"], "half-pairs"),
            (2, &["methods", "--objects", "0"], ""),
            (0, &["bench", "--sizes", "10", "--no-chips"], ""),
            (2, &["bench", "--sizes", "x"], ""),
            // The chip rows play the seed scenes, which this folder lacks.
            (3, &["bench", "--sizes", "10"], "scenes/"),
        ],
    );
}

/// Three X16 programs, hand-assembled 65C02 at $0810 (a `.PRG`: load address, then code):
/// `STP` (a fault); `SEI; JMP *` (no interrupt ever taken); and one that points the KERNAL's
/// IRQ vector $0314 at `JMP *` (a handler that never returns).
fn failing_programs(dir: &Path) {
    std::fs::write(dir.join("stp.prg"), [0x10, 0x08, 0xDB]).unwrap();
    std::fs::write(dir.join("sei.prg"), [0x10, 0x08, 0x78, 0x4C, 0x11, 0x08]).unwrap();
    std::fs::write(
        dir.join("stuck.prg"),
        [
            0x10, 0x08, // load at $0810
            0xA9, 0x1E, 0x8D, 0x14, 0x03, // LDA #$1E; STA $0314
            0xA9, 0x08, 0x8D, 0x15, 0x03, // LDA #$08; STA $0315
            0x58, // CLI
            0x4C, 0x1B, 0x08, // $081B: JMP $081B
            0x4C, 0x1E, 0x08, // $081E: JMP $081E, the handler
        ],
    )
    .unwrap();
    std::fs::write(
        dir.join("fault.prg.ron"),
        "Program(version: 1, image: \"stp.prg\", target: \"x16\", start: Some(\"$0810\"), frames: 2)",
    )
    .unwrap();
    std::fs::write(dir.join("bad.prg.ron"), "Program(version: 1, image: )").unwrap();
    // A register the 65C02 lacks (3, at its place) and a mapper the X16 does not have (2,
    // at its place).
    std::fs::write(
        dir.join("reg.prg.ron"),
        "Program(version: 1, image: \"stp.prg\", target: \"x16\", frames: 2,\n watches: [OnPc(label: \"$0810\", object: Reg(\"Q\"))])",
    )
    .unwrap();
    std::fs::write(
        dir.join("mapper.prg.ron"),
        "Program(version: 1, image: \"stp.prg\", target: \"x16\", frames: 2,\n mapper: Some(\"ascii8\"))",
    )
    .unwrap();
}

#[test]
fn programs() {
    let dir = scratch("table_programs");
    failing_programs(&dir);
    let vint = repo("roms/genesis/programs/vint-dma.bin");
    let fifth = repo("scenes/msx/fifth.ron");
    let x16 = |file: &'static str| -> Vec<&'static str> {
        vec![file, "--target", "x16", "--start", "$0810"]
    };
    let stp = x16("stp.prg");
    let with =
        |cmd: &'static str, p: &[&'static str], more: &[&'static str]| -> Vec<&'static str> {
            let mut v = vec![cmd];
            v.extend_from_slice(p);
            v.extend_from_slice(more);
            v
        };
    const STP: &str = "at PC $0810: STP";
    const NO_IRQ: &str = "no interrupt was taken in the first 120 frames";
    const STUCK: &str = "has not returned after 120 frames";
    const BAD: &str = "bad.prg.ron:1:27: image:";
    let rows: Vec<(i32, Vec<&str>, &str)> = vec![
        // 0: a program that runs.
        (
            0,
            vec!["run", &vint, "--target", "genesis", "--frames", "2"],
            "playing headless",
        ),
        (
            0,
            vec![
                "record", &vint, "--target", "genesis", "--frames", "2", "-o", "a.gif",
            ],
            "a.gif",
        ),
        (
            0,
            vec![
                "report", &vint, "--target", "genesis", "--frames", "2", "-o", "a.html",
            ],
            "a.html",
        ),
        // 1: a fault, in every command.
        (1, with("run", &stp, &["--frames", "2"]), STP),
        (
            1,
            with("record", &stp, &["--frames", "2", "-o", "b.gif"]),
            STP,
        ),
        (
            1,
            with("report", &stp, &["--frames", "2", "-o", "b.html"]),
            STP,
        ),
        (1, with("shot", &stp, &["-o", "b.png"]), STP),
        (1, with("shot", &stp, &["--overlays", "-o", "b.png"]), STP),
        (1, with("compare", &stp, &["--frames", "2"]), STP),
        (1, vec!["replay", "fault.prg.ron"], "0 passed, 1 failed"),
        // 1: no interrupt taken, a handler that never returns.
        (
            1,
            with("run", &x16("sei.prg"), &["--frames", "130"]),
            NO_IRQ,
        ),
        (
            1,
            with("compare", &x16("sei.prg"), &["--frames", "130"]),
            NO_IRQ,
        ),
        (
            1,
            with("run", &x16("stuck.prg"), &["--frames", "130"]),
            STUCK,
        ),
        (
            1,
            with(
                "report",
                &x16("stuck.prg"),
                &["--frames", "130", "-o", "c.html"],
            ),
            STUCK,
        ),
        // 2: usage.
        (
            2,
            vec!["run", &vint, "--target", "c64"],
            "unknown target `c64`",
        ),
        (
            2,
            vec!["run", &vint, "--target", "genesis", "--trace", "t.jsonl"],
            "--trace goes with compare and report",
        ),
        (
            2,
            vec![
                "record",
                &vint,
                "--target",
                "genesis",
                "--method",
                "quadrants",
            ],
            "--method picks a scene's method",
        ),
        (
            2,
            vec![
                "report",
                &vint,
                "--target",
                "genesis",
                "--methods",
                "half-pairs",
                "-o",
                "d.html",
            ],
            "--methods compares a scene's methods",
        ),
        // 2: program options and program-file settings the machine does not have.
        (
            2,
            vec!["compare", &vint, "--target", "genesis", "--rom", "stp.prg"],
            "--rom: the genesis takes no system ROM",
        ),
        (
            2,
            vec![
                "compare", "stp.prg", "--target", "x16", "--start", "0x10000",
            ],
            "--start: $010000 is beyond",
        ),
        (
            2,
            vec!["compare", "mapper.prg.ron"],
            "mapper.prg.ron:2:10: mapper:",
        ),
        (
            2,
            vec!["replay", "mapper.prg.ron"],
            "mapper.prg.ron:2:10: mapper:",
        ),
        (
            2,
            with("compare", &stp, &["--trace", "stp.prg"]),
            "one of the program's inputs",
        ),
        (2, vec!["run", &fifth, "--start", "$0810"], "is a scene"),
        (2, vec!["record", &fifth, "--rom", "x.bin"], "is a scene"),
        (
            2,
            vec!["report", &fifth, "--trace", "t.jsonl", "-o", "e.html"],
            "is a scene",
        ),
        // 3: bad files.
        (3, vec!["run", "bad.prg.ron"], BAD),
        (3, vec!["record", "bad.prg.ron"], BAD),
        (3, vec!["report", "bad.prg.ron", "-o", "f.html"], BAD),
        (3, vec!["shot", "bad.prg.ron", "--overlays"], BAD),
        (3, vec!["compare", "bad.prg.ron"], BAD),
        (
            3,
            vec!["report", "reg.prg.ron", "-o", "h.html"],
            "reg.prg.ron:2:41: watches[0].object: register `Q`",
        ),
        (
            3,
            vec!["replay", "reg.prg.ron"],
            "reg.prg.ron:2:41: watches[0].object: register `Q`",
        ),
        (
            3,
            vec!["run", "no-such.bin", "--target", "genesis"],
            "no-such.bin",
        ),
        (
            3,
            vec!["report", "no-such.bin", "--target", "msx", "-o", "g.html"],
            "no-such.bin",
        ),
    ];
    for (want, args, text) in &rows {
        table(&dir, &[(*want, args.as_slice(), text)]);
    }
    for f in [
        "b.gif", "b.html", "b.png", "c.html", "d.html", "e.html", "f.html", "g.html", "h.html",
    ] {
        assert!(!dir.join(f).exists(), "{f} was written");
    }
}
