//! The starter templates under `roms/<machine>/template/`: each committed image runs as a
//! user's routine with no miss, no false alarm, no error and no disagreement with the
//! Rust method, and each is its source built with the command in its header (when the
//! machine's toolchain is on PATH; the Vectrex's assembler is the project's own).

use std::path::{Path, PathBuf};
use std::process::Command;

use machine::vectrex::target::asm;

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
            let source = std::fs::read_to_string(root().join(t.folder).join(t.sources[0])).unwrap();
            let built = asm::assemble(&source).expect("assembles");
            assert_eq!(
                built.origin, 0x1000,
                "{}: the cartridge's address",
                t.target
            );
            assert_eq!(
                built.image, committed,
                "{}: rebuilt image differs",
                t.target
            );
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

/// Writes `roms/vectrex/template/template.bin` from its source (after editing it).
#[test]
#[ignore = "writes the committed image"]
fn write_vectrex_template() {
    let folder = root().join("roms/vectrex/template");
    let source = std::fs::read_to_string(folder.join("template.asm")).unwrap();
    let built = asm::assemble(&source).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(folder.join("template.bin"), built.image).unwrap();
}
