//! Save states on every program board: run K frames, save, run N more; restore, run the same
//! N again: the frames (records, pictures), flags, decisions and cycles are the same. The
//! pads change every few frames (a pattern fixed by the frame number), so a state that lost
//! the pads or the input latch would diverge.

use std::path::PathBuf;

use machine::program::{FrameRecord, Harness, Input};
use scene::program::{self, BareImage, LoadedProgram};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Everything a frame shows: its record (sprites, objects, flags, truth, decisions,
/// handler and span cycles, lag, cycles, dumps) and the machine's picture after it.
fn seen(h: &mut Harness<'_>, r: &FrameRecord) -> String {
    let m = h.machine_ref();
    let px = m.frame_indexed();
    // The picture as a checksum: a whole frame per line would make a failure unreadable.
    let sum = px.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{r:?} picture {sum:016x} cycles {:?}", m.frame_cycles())
}

/// Pads for call `k`: a different button mix every 7 calls.
fn pads(calls: usize) -> Vec<Input> {
    (0..calls)
        .map(|k| Input {
            pad1: ((k / 7) as u16).wrapping_mul(0x9D) & 0xFF,
        })
        .collect()
}

fn check(p: &LoadedProgram, before: u32, after: u32) {
    let machine = p
        .boot()
        .unwrap_or_else(|e| panic!("{}: {e}", p.path.display()));
    let mut config = p.config.clone();
    config.input = pads((before + after + 2) as usize);
    let mut h = Harness::owning(machine, config.clone()).unwrap();
    for _ in 0..before {
        h.next_frame().unwrap();
    }
    let state = h.save_state().expect("every program board saves its state");
    let mut first = Vec::new();
    for _ in 0..after {
        let r = h.next_frame().unwrap();
        first.push(seen(&mut h, &r));
    }
    h.restore_state(&state).unwrap();
    assert_eq!(h.calls_run(), state.calls_run());
    replays(p, &mut h, &first, before, "again");
    // A machine that never ran a program (as each of a hunt's workers starts), restored.
    let settings = machine::registry::with_default_settings(p.target).unwrap();
    let mut blank = settings
        .settings()
        .build(&machine::Resources::default())
        .unwrap();
    blank.restore_state(state.machine()).unwrap();
    let mut fresh = Harness::owning(blank, config).unwrap();
    fresh.restore_state(&state).unwrap();
    replays(p, &mut fresh, &first, before, "fresh");
}

/// Plays the frames of `first` again on `h`, restored to the state of frame `before`.
fn replays(p: &LoadedProgram, h: &mut Harness<'_>, first: &[String], before: u32, how: &str) {
    for (i, want) in first.iter().enumerate() {
        let r = h.next_frame().unwrap();
        let got = seen(h, &r);
        assert!(
            got == *want,
            "{}: frame {} after restoring the state of frame {before} differs:\nfirst  {want}\n{how:6} {got}",
            p.path.display(),
            i
        );
    }
}

#[test]
fn every_program_board_restores_to_the_same_frames() {
    for (file, before, after) in [
        ("tests/msx_mover.prg.ron", 150, 90),
        ("tests/msx_lag.prg.ron", 130, 30),
        ("tests/msx_mega.prg.ron", 40, 30),
        ("tests/genesis_lag.prg.ron", 5, 10),
        ("tests/genesis_vint_dma.prg.ron", 5, 10),
        ("tests/vera_demo.prg.ron", 60, 40),
        ("tests/x16_hunt_edge.prg.ron", 30, 30),
    ] {
        let p = program::load(&root().join(file)).unwrap();
        check(&p, before, after);
    }
    let line = root().join("roms/vectrex/programs/line.bin");
    let p = program::load_bare(&BareImage {
        image: &line,
        target: "vectrex",
        frames: 40,
        start: None,
        system_rom: None,
        mapper: None,
        symbols: None,
    })
    .unwrap();
    check(&p, 20, 20);
}

#[test]
fn a_state_restores_only_on_its_own_machine() {
    let msx = program::load(&root().join("tests/msx_lag.prg.ron")).unwrap();
    let genesis = program::load(&root().join("tests/genesis_lag.prg.ron")).unwrap();
    let a = Harness::owning(msx.boot().unwrap(), msx.config.clone()).unwrap();
    let mut b = Harness::owning(genesis.boot().unwrap(), genesis.config.clone()).unwrap();
    let state = a.save_state().unwrap();
    let e = b.restore_state(&state).unwrap_err();
    assert_eq!(
        e.to_string(),
        "a state of the msx cannot be restored on the genesis"
    );
}
