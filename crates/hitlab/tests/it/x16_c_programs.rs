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
