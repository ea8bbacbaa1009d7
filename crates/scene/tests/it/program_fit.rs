//! A program file against its machine: settings the machine lacks, registers the CPU
//! lacks, addresses beyond its space, lengths beyond its sprites, a symbol file of another
//! toolchain, and labels that name several places, each refused at its `file:line:col`
//! before the board runs anything.

use std::path::{Path, PathBuf};

use machine::program::Watch;
use scene::program::{self, BootError};

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// A program file in a fresh folder beside copies of the symbol samples, with `body`
/// inside `Program(version: 1, ...)`; the image is a 4-byte X16 .PRG (or a file of
/// zeros for the cartridge machines: nothing here boots it).
fn program(name: &str, target: &str, body: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hitlab-fit-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for f in ["ld65.lbl", "scoped.lbl", "pasmo.pub", "m68k-nm.txt"] {
        std::fs::copy(fixtures().join("symbols").join(f), dir.join(f)).unwrap();
    }
    std::fs::write(dir.join("tiny.prg"), [0x01, 0x08, 0x00, 0x00]).unwrap();
    let path = dir.join(format!("{name}.prg.ron"));
    std::fs::write(
        &path,
        format!(
            "Program(\n    version: 1,\n    image: \"tiny.prg\",\n    target: \"{target}\",\n    frames: 2,\n{body})\n"
        ),
    )
    .unwrap();
    path
}

fn boot_error(path: &Path) -> (String, bool) {
    let p = program::load(path).unwrap();
    match p.boot().err().expect("refused") {
        BootError::Field(e) => (e.to_string(), false),
        BootError::NotTaken(e) => (e.to_string(), true),
        e => panic!("not located: {e}"),
    }
}

/// `Reg("Q")` on the 65C02, `Reg("D1")` on the Z80, `Reg("X")` on the 68000, `Reg("")`:
/// each at the watch's `object` (line 8, where the watch list's first entry is), with the
/// CPU's registers listed.
#[test]
fn a_register_the_cpu_lacks_is_refused_at_its_place() {
    for (target, reg, syms, list) in [
        ("x16", "Q", "ld65.lbl", "the 65C02 has A, X, Y, S, P, PC"),
        ("msx", "D1", "pasmo.pub", "the Z80 has A, F, B, C"),
        ("genesis", "X", "m68k-nm.txt", "the 68000 has D0, D1"),
        ("x16", "", "ld65.lbl", "register ``"),
    ] {
        let path = program(
            &format!("reg-{target}-{reg}"),
            target,
            &format!(
                "    symbols: Some((file: \"{syms}\")),\n    watches: [\n        OnPc(label: \"$0100\", object: Reg(\"{reg}\")),\n    ],\n"
            ),
        );
        let (e, not_taken) = boot_error(&path);
        assert!(!not_taken, "{e}");
        assert!(
            e.contains(".prg.ron:8:38: watches[0].object: register"),
            "{e}"
        );
        assert!(e.contains(list), "{e}");
    }
}

/// Misspelt fields of a `Memory` watch were ignored and their defaults used.
#[test]
fn a_memory_watch_refuses_unknown_fields() {
    for field in ["strid: 0", "spaec: Vram", "bogus: 7"] {
        let path = program(
            "unknown-field",
            "x16",
            &format!("    watches: [Memory(at: \"$A000\", len: 4, hit: NonZero, {field})],\n"),
        );
        let e = program::load(&path).unwrap_err().to_string();
        let name = field.split(':').next().unwrap();
        assert!(e.contains(".prg.ron:6:") && e.contains(name), "{e}");
    }
}

/// `len` from 1 to the machine's sprites (the X16 has 128), every byte inside the space;
/// an `OnPc` address inside the CPU's space.
#[test]
fn lengths_and_addresses_are_bounded_by_the_machine() {
    let path = program(
        "len0",
        "x16",
        "    watches: [Memory(at: \"$A000\", len: 0, hit: NonZero)],\n",
    );
    let e = program::load(&path).unwrap_err().to_string();
    assert!(e.contains("watches[0].len: 0 bytes watch nothing"), "{e}");
    for (body, field, text) in [
        (
            "Memory(at: \"$A000\", len: 4294967295, hit: NonZero)",
            "len",
            "the vera has 128",
        ),
        (
            "Memory(at: \"$A000\", len: 129, hit: NonZero)",
            "len",
            "the vera has 128",
        ),
        (
            "Memory(at: \"$FFF0\", len: 128, hit: NonZero)",
            "len",
            "end at $01006F",
        ),
        (
            "Memory(at: \"$1FC06\", len: 128, stride: 9, hit: NonZero, space: Vram)",
            "len",
            "video memory",
        ),
        (
            "Memory(at: \"$20000\", len: 1, hit: NonZero, space: Vram)",
            "at",
            "video memory",
        ),
        (
            "OnPc(label: \"$FFFFFFFF\", object: Reg(\"X\"))",
            "label",
            "beyond the 65C02's address space (64 KB",
        ),
        (
            "OnPc(label: \"$0810\", object: Mem(\"$10000\"))",
            "object",
            "beyond the 65C02's 64 KB address space",
        ),
    ] {
        let path = program(
            "bounds",
            "x16",
            &format!("    watches: [\n        {body},\n    ],\n"),
        );
        let (e, _) = boot_error(&path);
        assert!(e.contains(".prg.ron:7:"), "{body}: {e}");
        assert!(
            e.contains(&format!("watches[0].{field}: ")) && e.contains(text),
            "{body}: {e}"
        );
    }
}

/// A Genesis `system_rom` or `mapper`, an X16 `mapper`, an MSX `start`: settings the
/// machine does not have (exit 2 in the frontend); an unknown MSX mapper and a start
/// beyond the space, also from a label: values it cannot use (exit 3). Each at its line.
#[test]
fn settings_the_machine_lacks_are_refused_at_their_place() {
    std::fs::create_dir_all(std::env::temp_dir()).unwrap();
    for (target, body, field, not_taken, text) in [
        (
            "genesis",
            "    system_rom: Some(\"tiny.prg\"),\n",
            "system_rom",
            true,
            "takes no system ROM",
        ),
        (
            "genesis",
            "    mapper: Some(\"zzz\"),\n",
            "mapper",
            true,
            "no cartridge mappers",
        ),
        (
            "x16",
            "    mapper: Some(\"ascii8\"),\n",
            "mapper",
            true,
            "no cartridge mappers",
        ),
        (
            "msx",
            "    start: Some(\"$4000\"),\n",
            "start",
            true,
            "takes no start address",
        ),
        (
            "msx",
            "    mapper: Some(\"zzz\"),\n",
            "mapper",
            false,
            "unknown mapper `zzz`",
        ),
        (
            "x16",
            "    start: Some(\"$10000\"),\n",
            "start",
            false,
            "$010000 is beyond the 65C02's 64 KB",
        ),
        (
            "genesis",
            "    symbols: Some((file: \"m68k-nm.txt\")),\n    start: Some(\"$1000000\"),\n",
            "start",
            false,
            "beyond the 68000's 16 MB",
        ),
    ] {
        let path = program(&format!("setting-{target}-{field}"), target, body);
        let (e, was_not_taken) = boot_error(&path);
        assert_eq!(was_not_taken, not_taken, "{e}");
        assert!(e.contains(&format!("{field}: ")) && e.contains(text), "{e}");
        assert!(e.contains(".prg.ron:"), "{e}");
    }
}

/// A pasmo file names Z80 labels: for an X16 program it gave 1,807 false alarms.
#[test]
fn a_symbol_file_of_another_toolchain_is_refused() {
    for (target, syms, text) in [
        (
            "x16",
            "pasmo.pub",
            "pasmo --public file, written for Z80 programs; the vera runs a 65C02",
        ),
        ("genesis", "ld65.lbl", "written for 65C02 programs"),
        ("x16", "m68k-nm.txt", "written for 68000 or Z80 programs"),
    ] {
        let path = program(
            &format!("toolchain-{target}-{syms}"),
            target,
            &format!("    symbols: Some((file: \"{syms}\")),\n"),
        );
        let (e, _) = boot_error(&path);
        assert!(e.contains(".prg.ron:6:") && e.contains("symbols: "), "{e}");
        assert!(e.contains(text), "{e}");
    }
}

/// scoped.lbl (ld65 -Ln of two `.proc`s): `new_collision` at $080C in ring1 and $0812 in
/// ring2.
#[test]
fn a_label_in_several_places() {
    let body = |w: &str| {
        format!(
            "    symbols: Some((file: \"scoped.lbl\")),\n    watches: [\n        {w},\n    ],\n"
        )
    };
    // OnPc: every place, with a warning naming them.
    let p = program::load(&program(
        "amb-all",
        "x16",
        &body("OnPc(label: \"new_collision\", object: Reg(\"X\"))"),
    ))
    .unwrap();
    let pcs: Vec<u32> = p
        .config
        .watches
        .iter()
        .map(|w| match w {
            Watch::OnPc { pc, .. } => *pc,
            Watch::Memory { .. } => 0,
        })
        .collect();
    assert_eq!(pcs, [0x080C, 0x0812]);
    assert_eq!(p.watch_origin, [0, 0]);
    assert_eq!(p.warnings.len(), 1);
    let w = &p.warnings[0];
    assert!(
        w.contains("names 2 places") && w.contains("$080C") && w.contains("$0812"),
        "{w}"
    );
    // One by scope or by index.
    for (label, pc) in [
        ("ring2::new_collision", 0x0812),
        ("new_collision#1", 0x080C),
    ] {
        let p = program::load(&program(
            "amb-one",
            "x16",
            &body(&format!("OnPc(label: \"{label}\", object: Reg(\"X\"))")),
        ))
        .unwrap();
        assert!(matches!(p.config.watches.as_slice(), [Watch::OnPc { pc: got, .. }] if *got == pc));
        assert!(p.warnings.is_empty());
    }
    // Memory at an ambiguous label: an error listing the places.
    let e = program::load(&program(
        "amb-mem",
        "x16",
        &body("Memory(at: \"@clr\", len: 4, hit: NonZero)"),
    ))
    .unwrap_err()
    .to_string();
    assert!(
        e.contains(".prg.ron:8:") && e.contains("watches[0].at: label `@clr` names 2 places"),
        "{e}"
    );
    assert!(
        e.contains("$080F")
            && e.contains("in ring1")
            && e.contains("$0815")
            && e.contains("in ring2"),
        "{e}"
    );
}
