//! The starter templates under `roms/<machine>/template/`: each committed image runs as a
//! user's routine with no miss, no false alarm, no error and no disagreement with the
//! Rust method, and each is its source built with the command in its header (when the
//! machine's toolchain is on PATH; the Vectrex's assembler is the project's own).

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A machine's template: its folder, the image, the `--target` key, the sources and the
/// build commands (as in the source's header), run in a folder holding only the sources.
struct Template {
    folder: &'static str,
    image: &'static str,
    target: &'static str,
    sources: &'static [&'static str],
    commands: &'static [&'static [&'static str]],
}

const TEMPLATES: &[Template] = &[
    Template {
        folder: "roms/msx/template",
        image: "template.bin",
        target: "msx",
        sources: &["template.asm"],
        commands: &[&["pasmo", "--bin", "template.asm", "template.bin"]],
    },
    Template {
        folder: "roms/msx/template",
        image: "template-c.bin",
        target: "msx",
        sources: &["template.c", "crt0.s"],
        commands: &[
            &["sdasz80", "-o", "crt0.rel", "crt0.s"],
            &[
                "sdcc",
                "-mz80",
                "--opt-code-speed",
                "-c",
                "-o",
                "template-c.rel",
                "template.c",
            ],
            &[
                "sdcc",
                "-mz80",
                "--no-std-crt0",
                "--code-loc",
                "0x4000",
                "--data-loc",
                "0xE000",
                "-o",
                "template-c.ihx",
                "crt0.rel",
                "template-c.rel",
            ],
            &[
                "makebin",
                "-o",
                "16384",
                "-p",
                "template-c.ihx",
                "template-c.bin",
            ],
        ],
    },
    Template {
        folder: "roms/genesis/template",
        image: "template.bin",
        target: "genesis",
        sources: &["template.s"],
        commands: &[
            &[
                "m68k-linux-gnu-as",
                "-m68000",
                "--register-prefix-optional",
                "-o",
                "template.o",
                "template.s",
            ],
            &[
                "m68k-linux-gnu-ld",
                "-Ttext=0x200",
                "-e",
                "start",
                "--build-id=none",
                "-o",
                "template.elf",
                "template.o",
            ],
            &[
                "m68k-linux-gnu-objcopy",
                "-O",
                "binary",
                "template.elf",
                "template.bin",
            ],
        ],
    },
    Template {
        folder: "roms/vera/template",
        image: "template.bin",
        target: "vera",
        sources: &["template.s", "template.cfg"],
        commands: &[
            &["ca65", "--cpu", "65C02", "-o", "template.o", "template.s"],
            &[
                "ld65",
                "-C",
                "template.cfg",
                "-o",
                "template.bin",
                "template.o",
            ],
        ],
    },
    Template {
        folder: "roms/vectrex/template",
        image: "template.bin",
        target: "vectrex",
        sources: &["template.asm"],
        commands: &[],
    },
];

fn image(t: &Template) -> String {
    format!("{}/{}", t.folder, t.image)
}

fn on_path(tool: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(tool).is_file()))
}

/// Runs `t`'s image against its machine's first scene (`--frames` when given) and checks
/// the report; returns the box hits found.
fn run_clean(t: &Template, frames: Option<&str>) -> u64 {
    let image = image(t);
    let mut args = vec![
        "routine",
        image.as_str(),
        "--target",
        t.target,
        "--like",
        "half-pairs",
        "--json",
    ];
    if let Some(f) = frames {
        args.extend(["--frames", f]);
    }
    let o = Command::new(env!("CARGO_BIN_EXE_hitlab"))
        .args(&args)
        .current_dir(root())
        .output()
        .expect("run hitlab");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{}: exit {:?}\n{}\n{}",
        t.target,
        o.status,
        out,
        String::from_utf8_lossy(&o.stderr)
    );
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    let r = &v["routine"];
    for (what, value) in [
        ("errors", &r["errors"]),
        ("box misses", &r["box"]["misses"]),
        ("box false alarms", &r["box"]["false_alarms"]),
        ("Rust disagreements", &r["rust_disagreements"]),
    ] {
        assert_eq!(value.as_u64(), Some(0), "{}: {what} in {out}", t.target);
    }
    r["box"]["hits"].as_u64().expect("box hits")
}

#[test]
fn every_template_image_finds_exactly_the_truths_pairs() {
    for t in TEMPLATES {
        let hits = run_clean(t, Some("30"));
        // Some first scenes (the labyrinth's walkers, the Genesis line-limit scene) have no
        // collision in 30 frames: then the whole scene, which has some.
        if hits == 0 {
            assert!(
                run_clean(t, None) > 0,
                "{}: the scene has collisions to find",
                t.target
            );
        }
    }
}

#[test]
fn every_template_image_is_its_source_built() {
    for t in TEMPLATES {
        let committed = std::fs::read(root().join(image(t))).expect("committed image");
        if t.commands.is_empty() {
            // The project's own assembler, through the command the header gives.
            let out = std::env::temp_dir().join(format!(
                "hitlab-template-{}-{}.bin",
                t.target,
                std::process::id()
            ));
            let o = Command::new(env!("CARGO_BIN_EXE_hitlab"))
                .args(["asm6809", t.sources[0], "-o"])
                .arg(&out)
                .current_dir(root().join(t.folder))
                .output()
                .expect("run hitlab asm6809");
            assert!(
                o.status.success(),
                "{}: {}",
                t.target,
                String::from_utf8_lossy(&o.stderr)
            );
            assert!(
                String::from_utf8_lossy(&o.stdout).contains("at $1000"),
                "{}: the cartridge's address",
                t.target
            );
            let built = std::fs::read(&out).expect("built image");
            let _ = std::fs::remove_file(&out);
            assert_eq!(built, committed, "{}: rebuilt image differs", t.target);
            continue;
        }
        let mut missing: Vec<&str> = t
            .commands
            .iter()
            .map(|c| c[0])
            .filter(|tool| !on_path(tool))
            .collect();
        missing.dedup();
        if !missing.is_empty() {
            println!(
                "{}: rebuild check skipped ({} not on PATH)",
                t.target,
                missing.join(", ")
            );
            continue;
        }
        let dir = std::env::temp_dir().join(format!(
            "hitlab-template-{}-{}-{}",
            t.target,
            t.image,
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for s in t.sources {
            std::fs::copy(root().join(t.folder).join(s), dir.join(s)).unwrap();
        }
        for c in t.commands {
            let o = Command::new(c[0])
                .args(&c[1..])
                .current_dir(&dir)
                .output()
                .expect("run the build command");
            assert!(
                o.status.success(),
                "{}: {c:?} failed\n{}",
                t.target,
                String::from_utf8_lossy(&o.stderr)
            );
        }
        let built = std::fs::read(dir.join(t.image)).expect("built image");
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(built, committed, "{}: rebuilt image differs", t.target);
    }
}

#[test]
fn the_6809_assembler_command_locates_its_errors() {
    let dir = std::env::temp_dir().join(format!("hitlab-asm6809-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("bad.asm"),
        "        org $1000\n        lda #1\n   bogus 3\n",
    )
    .unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_hitlab"))
        .args(["asm6809", "bad.asm", "-o", "bad.bin"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(
        err.contains("bad.asm:3:4: unknown mnemonic `bogus`"),
        "{err}"
    );
    assert!(!dir.join("bad.bin").exists());
    let o = Command::new(env!("CARGO_BIN_EXE_hitlab"))
        .args(["asm6809", "bad.asm", "-o", "no/such/x.bin"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(3), "the source is checked first");
    std::fs::write(dir.join("ok.asm"), "        org $1000\n        rts\n").unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_hitlab"))
        .args(["asm6809", "ok.asm", "-o", "no/such/x.bin"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "an output that cannot be written");
    let o = Command::new(env!("CARGO_BIN_EXE_hitlab"))
        .args(["asm6809", "ok.asm", "-o", "ok.bin", "--listing", "ok.lst"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(std::fs::read(dir.join("ok.bin")).unwrap(), [0x39], "RTS");
    assert!(
        std::fs::read_to_string(dir.join("ok.lst"))
            .unwrap()
            .contains("1000  39")
    );
}

#[test]
fn every_template_says_what_the_contract_says_of_a_k_above_capacity() {
    // The contract: a K above the pair list's capacity is the routine's error.
    for t in TEMPLATES {
        for s in t.sources {
            let text = std::fs::read_to_string(root().join(t.folder).join(s)).unwrap();
            let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(
                !flat.contains("to say the list overflowed") && !flat.contains("tells the harness"),
                "{}/{s} tells of an overflow signal the harness does not have",
                t.folder
            );
        }
    }
    for folder in ["msx", "genesis", "vectrex"] {
        let dir = root().join("roms").join(folder).join("template");
        let said = std::fs::read_dir(&dir).unwrap().flatten().any(|e| {
            std::fs::read_to_string(e.path()).is_ok_and(|t| {
                t.split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
                    .contains("is the routine's error")
            })
        });
        assert!(
            said,
            "{folder}'s template does not say a K above capacity is an error"
        );
    }
}

#[test]
fn the_headers_thirty_frames_meet_collisions_on_the_default_scene() {
    // The MSX, Genesis and X16 headers suggest `--frames 30`: their default scenes must
    // have pairs to find in that many frames.
    for key in ["msx", "genesis", "vera"] {
        let image = format!("roms/{key}/template/template.bin");
        let o = Command::new(env!("CARGO_BIN_EXE_hitlab"))
            .args([
                "routine", &image, "--target", key, "--frames", "30", "--json",
            ])
            .current_dir(root())
            .output()
            .unwrap();
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
        assert!(v["truth"]["box_pairs"].as_u64().unwrap() > 0, "{key}: {v}");
    }
}
