//! C programs on the X16 board through the binary: cc65's `hello` sample as a bare image
//! and the C sprite program's file (roms/vera/programs/sprites.prg.ron), headless. The
//! handler figure is the KERNAL's interrupt path counted by hand (roms/vera/kernal/irq.s:
//! entry 7 + the KERNAL's IRQ entry 25 + its default handler at VSYNC with no key 2,183,
//! of which 2,107 read the SMC's keycode register over I2C = 2,215); the
//! collision frames follow from sprites.c's construction (its module comment).

use std::process::Output;

use crate::common;

/// `hitlab ARGS` with no display, in the repository's root.
fn hitlab(args: &[&str]) -> Output {
    common::hitlab(&common::root(), args)
}

#[test]
fn compare_runs_cc65_s_hello_under_the_project_s_kernal() {
    let o = hitlab(&[
        "compare",
        "roms/vera/programs/hello.prg",
        "--target",
        "x16",
        "--frames",
        "30",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // Every frame's VSYNC goes through the KERNAL's default handler only.
    assert!(
        out.contains("handler irq: 30 runs, mean 2215 cycles, max 2215"),
        "{out}"
    );
}

#[test]
fn the_c_sprite_program_s_decisions_are_judged_by_its_c_names() {
    let o = hitlab(&["compare", "roms/vera/programs/sprites.prg.ron"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // Held right, the player overlaps the target on frames 85-115: 31 frames, the chip
    // agreeing; hit_now marks both sprites in each, and in no other.
    assert!(
        out.contains("box pairs in 31 frames, pixel pairs in 31 frames"),
        "{out}"
    );
    assert!(
        out.contains("chip (ISR bits 7-4) set in 31 frames"),
        "{out}"
    );
    assert!(
        out.contains("program vs box truth: 62 hits, 0 misses (first frames []), 0 false alarms"),
        "{out}"
    );
}

/// ld65's label file entry `name` (`al 000BAC .name`).
fn label(lbl: &str, name: &str) -> u16 {
    lbl.lines()
        .find_map(|l| {
            let mut w = l.split_whitespace();
            let (_, addr, n) = (w.next()?, w.next()?, w.next()?);
            (n == format!(".{name}")).then(|| u16::from_str_radix(addr, 16).ok())?
        })
        .unwrap_or_else(|| panic!("no label {name}"))
}

#[test]
fn fsroot_puts_a_host_folder_behind_unit_8() {
    let dir = common::scratch("x16-fsroot");
    let disk = dir.join("disk");
    std::fs::create_dir_all(&disk).unwrap();
    let prg = common::root().join("roms/vera/programs/files.prg");
    let o = hitlab(&[
        "compare",
        prg.to_str().unwrap(),
        "--target",
        "x16",
        "--frames",
        "5",
        "--fsroot",
        disk.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // files.s saves msg..msg_end as "DATA": the host file "data" is its start address,
    // then the 12 bytes; "../ESCAPE" left nothing beside the folder.
    let lbl = std::fs::read_to_string(common::root().join("roms/vera/programs/files.lbl")).unwrap();
    let mut want = label(&lbl, "msg").to_le_bytes().to_vec();
    want.extend_from_slice(b"HELLO, DISK!");
    assert_eq!(std::fs::read(disk.join("data")).unwrap(), want);
    assert!(!dir.join("escape").exists());
    // A folder that is not there: the user's input is wrong, exit 3.
    let o = hitlab(&[
        "compare",
        prg.to_str().unwrap(),
        "--target",
        "x16",
        "--frames",
        "5",
        "--fsroot",
        dir.join("none").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("--fsroot"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn a_program_file_types_the_key_hello_waits_for() {
    let dir = common::scratch("x16-keys");
    let prg = common::root().join("roms/vera/programs/hello.prg");
    let file = dir.join("hello.prg.ron");
    std::fs::write(
        &file,
        format!(
            "Program(version: 1, image: {:?}, target: \"x16\", frames: 60, \
             keys: [(frame: 20, text: \" \")])",
            prg.to_str().unwrap()
        ),
    )
    .unwrap();
    let o = hitlab(&["compare", file.to_str().unwrap()]);
    // Typed before run call 20 (the harness's frame 19, as `input[20]` is): the KERNAL's
    // handler at that call's start reads the space's key-down from the SMC, cgetc
    // returns it, hello clears the screen and returns from its start, which the board
    // stops on (no BASIC to return to): exit 1, naming frame 19.
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("returned from its start"), "{err}");
    assert!(err.contains("frame 19:"), "{err}");
}
