//! Hostile and mistaken program inputs through the binary, each in its exit class with its
//! place (the README's exit table): options and program-file fields the machine does not
//! take (2), values it cannot use (3, at `file:line:col`), dead programs (1), outputs that
//! are inputs (2) and a failing run that leaves no trace behind.

use crate::common;

use std::path::{Path, PathBuf};

use common::{hitlab, repo, scratch, stdout};

fn check(dir: &Path, want: i32, args: &[&str], text: &str) {
    let o = hitlab(dir, args);
    let all = format!("{}{}", stdout(&o), String::from_utf8_lossy(&o.stderr));
    assert_eq!(o.status.code(), Some(want), "{args:?}: {all}");
    assert!(all.contains(text), "{args:?} lacks `{text}`: {all}");
}

/// The inputs: hand-assembled programs and program files naming what their machine lacks.
fn inputs(dir: &Path) -> PathBuf {
    // 65C02 at $0810: STP.
    std::fs::write(dir.join("stp.prg"), [0x10, 0x08, 0xDB]).unwrap();
    // 65C02 at $0810: LDA #$04; STA $9F26 (IEN = SPRCOL only); CLI; $0816: JMP $0816.
    // No sprite is shown, so VERA never raises SPRCOL.
    std::fs::write(
        dir.join("sprcol.prg"),
        [
            0x10, 0x08, 0xA9, 0x04, 0x8D, 0x26, 0x9F, 0x58, 0x4C, 0x16, 0x08,
        ],
    )
    .unwrap();
    // A 16 KB MSX cartridge: "AB", INIT = $4010; at $4010 DI; HALT. C-BIOS calls INIT
    // from its slot search with interrupts on; the program masks them and halts for good.
    let mut rom = vec![0u8; 0x4000];
    rom[..4].copy_from_slice(&[b'A', b'B', 0x10, 0x40]);
    rom[0x10..0x12].copy_from_slice(&[0xF3, 0x76]);
    std::fs::write(dir.join("dihalt.rom"), &rom).unwrap();
    std::fs::write(dir.join("bios.bin"), [0u8; 100]).unwrap();
    std::fs::copy(
        repo("crates/scene/tests/fixtures/symbols/pasmo.pub"),
        dir.join("pasmo.pub"),
    )
    .unwrap();
    let file = |name: &str, body: &str| {
        std::fs::write(
            dir.join(name),
            format!("Program(version: 1, frames: 2,\n{body})\n"),
        )
        .unwrap();
    };
    file(
        "stp.prg.ron",
        " image: \"stp.prg\", target: \"x16\", start: Some(\"$0810\"),\n",
    );
    file(
        "vectrex.prg.ron",
        " image: \"stp.prg\", target: \"vectrex\",\n",
    );
    file(
        "reg.prg.ron",
        " image: \"stp.prg\", target: \"x16\", start: Some(\"$0810\"),\n watches: [OnPc(label: \"$0810\", object: Reg(\"Q\"))],\n",
    );
    file(
        "genesis-bios.prg.ron",
        &format!(
            " image: \"{}\", target: \"genesis\",\n system_rom: Some(\"bios.bin\"),\n",
            repo("roms/genesis/programs/vint-dma.bin")
        ),
    );
    file(
        "mapper.prg.ron",
        " image: \"dihalt.rom\", target: \"msx\",\n mapper: Some(\"zzz\"),\n",
    );
    file(
        "bios.prg.ron",
        " image: \"dihalt.rom\", target: \"msx\",\n system_rom: Some(\"bios.bin\"),\n",
    );
    file(
        "pasmo.prg.ron",
        " image: \"stp.prg\", target: \"x16\", start: Some(\"$0810\"),\n symbols: Some((file: \"pasmo.pub\")),\n",
    );
    file(
        "len.prg.ron",
        " image: \"stp.prg\", target: \"x16\", start: Some(\"$0810\"),\n watches: [Memory(at: \"$A000\", len: 4294967295, hit: NonZero)],\n",
    );
    file(
        "strid.prg.ron",
        " image: \"stp.prg\", target: \"x16\", start: Some(\"$0810\"),\n watches: [Memory(at: \"$A000\", len: 4, hit: NonZero, strid: 0)],\n",
    );
    dir.to_owned()
}

#[test]
fn options_and_fields_the_machine_lacks() {
    let dir = scratch("program_inputs_options");
    inputs(&dir);
    let vint = repo("roms/genesis/programs/vint-dma.bin");
    let mover = repo("roms/msx/programs/mover.rom");
    for (want, args, text) in [
        // 2: options that do not apply to the machine, or values out of its range.
        (
            2,
            vec!["compare", &vint, "--target", "genesis", "--rom", "bios.bin"],
            "--rom: the genesis takes no system ROM",
        ),
        (
            2,
            vec![
                "compare", &vint, "--target", "genesis", "--bios", "bios.bin",
            ],
            "--rom: the genesis takes no system ROM",
        ),
        (
            2,
            vec!["compare", &vint, "--target", "genesis", "--mapper", "zzz"],
            "--mapper: the genesis has no cartridge mappers",
        ),
        (
            2,
            vec![
                "compare", "stp.prg", "--target", "x16", "--mapper", "ascii8",
            ],
            "--mapper: the vera has no cartridge mappers",
        ),
        (
            2,
            vec!["compare", &mover, "--target", "msx", "--mapper", "zzz"],
            "--mapper: unknown mapper `zzz`",
        ),
        (
            2,
            vec!["compare", &mover, "--target", "msx", "--start", "$4000"],
            "--start: the msx starts a cartridge through its BIOS",
        ),
        (
            2,
            vec![
                "compare", "stp.prg", "--target", "x16", "--start", "0x10000",
            ],
            "--start: $010000 is beyond the 65C02's 64 KB",
        ),
        // The Vectrex runs cartridges: an X16 image is not one (exit 3, the image).
        (
            3,
            vec!["compare", "stp.prg", "--target", "vectrex"],
            "not a Vectrex cartridge",
        ),
        (
            2,
            vec!["compare", "reg.prg.ron", "--methods", "half-pairs"],
            "--methods compares a scene's methods",
        ),
        // 2 with its place: a program-file setting the machine does not have.
        (
            3,
            vec!["compare", "vectrex.prg.ron"],
            "not a Vectrex cartridge",
        ),
        (
            3,
            vec!["replay", "vectrex.prg.ron"],
            "not a Vectrex cartridge",
        ),
        (
            2,
            vec!["compare", "genesis-bios.prg.ron"],
            "genesis-bios.prg.ron:3:14: system_rom: the genesis takes no system ROM",
        ),
        // 3 with its place: values the machine cannot use.
        (
            3,
            vec!["compare", "reg.prg.ron"],
            "reg.prg.ron:3:41: watches[0].object: register `Q`: the 65C02 has A, X, Y, S, P, PC",
        ),
        (
            3,
            vec!["replay", "reg.prg.ron"],
            "reg.prg.ron:3:41: watches[0].object: register `Q`",
        ),
        (
            3,
            vec!["compare", "mapper.prg.ron"],
            "mapper.prg.ron:3:10: mapper: unknown mapper `zzz`",
        ),
        (
            3,
            vec!["compare", "bios.prg.ron"],
            "bios.prg.ron:3:14: system_rom: system ROM:",
        ),
        (
            3,
            vec!["compare", "pasmo.prg.ron"],
            "pasmo.prg.ron:3:11: symbols:",
        ),
        (
            3,
            vec!["compare", "len.prg.ron"],
            "len.prg.ron:3:37: watches[0].len: 4294967295 sprites: the vera has 128",
        ),
        (3, vec!["compare", "strid.prg.ron"], "strid.prg.ron:3:"),
        // A BIOS of the wrong size given on the command line is the BIOS's fault.
        (
            3,
            vec![
                "compare",
                "dihalt.rom",
                "--target",
                "msx",
                "--bios",
                "bios.bin",
            ],
            "bios.bin: system ROM: 100 bytes",
        ),
        // A binary file given without --target.
        (
            3,
            vec!["compare", "stp.prg"],
            "it looks like a program image; run one with --target",
        ),
        (
            3,
            vec!["run", "dihalt.rom"],
            "it looks like a program image",
        ),
    ] {
        check(&dir, want, &args, text);
    }
}

#[test]
fn dead_programs_say_why() {
    let dir = scratch("program_inputs_dead");
    inputs(&dir);
    check(
        &dir,
        1,
        &[
            "compare",
            "dihalt.rom",
            "--target",
            "msx",
            "--frames",
            "200",
        ],
        "at PC $4011: CPU halted with interrupts masked",
    );
    check(
        &dir,
        1,
        &[
            "compare",
            "sprcol.prg",
            "--target",
            "x16",
            "--start",
            "$0810",
            "--frames",
            "130",
        ],
        "IEN enables only the sprite-collision interrupt",
    );
}

#[test]
fn outputs_are_never_inputs_and_never_half_written() {
    let dir = scratch("program_inputs_outputs");
    inputs(&dir);
    let before = std::fs::read(dir.join("stp.prg")).unwrap();
    check(
        &dir,
        2,
        &[
            "compare", "stp.prg", "--target", "x16", "--start", "$0810", "--trace", "stp.prg",
        ],
        "--trace stp.prg: that is one of the program's inputs",
    );
    check(
        &dir,
        2,
        &["compare", "stp.prg.ron", "--trace", "./stp.prg.ron"],
        "that is one of the program's inputs",
    );
    assert_eq!(std::fs::read(dir.join("stp.prg")).unwrap(), before);
    // A run that faults leaves no trace file, not even a partial one.
    check(
        &dir,
        1,
        &[
            "compare", "stp.prg", "--target", "x16", "--start", "$0810", "--trace", "t.jsonl",
        ],
        "at PC $0810: STP",
    );
    assert!(!dir.join("t.jsonl").exists() && !dir.join("t.jsonl.tmp").exists());
}

/// `x16` names the X16 wherever a machine is named.
#[test]
fn x16_everywhere() {
    let dir = scratch("program_inputs_x16");
    check(&dir, 0, &["routine", "--abi", "x16"], "$0810");
    let o = hitlab(&dir, &["routine", "no-such.bin", "--target", "x16"]);
    assert_eq!(
        o.status.code(),
        Some(3),
        "the target is taken; the file is missing"
    );
}
