//! `--rom` on the X16 through the binary: the project's test ROM
//! (roms/vera/testrom/testrom.s) boots, BASIC's first line is typed by the board, and the
//! mover it loads and runs is judged; a bad rom.bin is the user's input, exit 3.

use std::process::Output;

use crate::common;

fn hitlab(args: &[&str]) -> Output {
    common::hitlab(&common::root(), args)
}

const MOVER: &str = "roms/vera/programs/mover.prg";
const TEST_ROM: &str = "roms/vera/testrom/testrom.bin";

#[test]
fn compare_runs_a_prg_under_the_test_rom_and_judges_it() {
    let o = hitlab(&[
        "compare", MOVER, "--target", "x16", "--rom", TEST_ROM, "--frames", "100", "--json",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    // mover.s: sprite 0 (X 100 + n on frame n) first meets sprite 1 (X 200) on frame 93,
    // when the chip flags it; the handler then clears sprite 1's mask, so the chip sees
    // no later frame.
    let frames = v["per_frame"].as_array().unwrap();
    let flagged: Vec<usize> = frames
        .iter()
        .enumerate()
        .filter(|(_, f)| f["collided"] == true)
        .map(|(k, _)| k)
        .collect();
    assert_eq!(flagged, [93], "{out}");
}

#[test]
fn a_bad_rom_bin_is_exit_3_naming_the_file_and_the_reason() {
    let dir = common::scratch("x16-bad-rom");
    let short = dir.join("short.bin");
    std::fs::write(&short, vec![0u8; 1000]).unwrap();
    let mut rom = std::fs::read(common::root().join(TEST_ROM)).unwrap();
    rom[0x3FFC..0x3FFE].copy_from_slice(&0x0801u16.to_le_bytes());
    let in_ram = dir.join("in_ram.bin");
    std::fs::write(&in_ram, rom).unwrap();
    for (file, says) in [(&short, "1000 bytes"), (&in_ram, "$0801")] {
        let o = hitlab(&[
            "compare",
            MOVER,
            "--target",
            "x16",
            "--rom",
            file.to_str().unwrap(),
            "--frames",
            "2",
        ]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(3), "{err}");
        assert!(err.contains(says), "{err}");
        assert!(
            err.contains(file.file_name().unwrap().to_str().unwrap()),
            "{err}"
        );
    }
}
