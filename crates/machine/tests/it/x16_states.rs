//! X16 save states: a state restored into the machine that made it (its buffers reused:
//! the chip copied into its own VRAM and views, the RAM into its own), into another
//! machine booted with the program, or into one never booted, plays the frames after it
//! as the machine did the first time: the same cycles, ISR, sprite view and picture.

use machine::program::{NoProbe, ProgramImage};
use machine::view::SpriteView;
use machine::x16::VeraSettings;
use machine::{Machine, Settings};

const DEMO: &[u8] = include_bytes!("../../../../roms/vera/programs/demo.prg");

fn machine() -> Box<dyn Machine> {
    VeraSettings::default()
        .build(&machine::Resources::default())
        .expect("machine")
}

fn booted() -> Box<dyn Machine> {
    let mut m = machine();
    m.boot(&ProgramImage {
        bytes: DEMO,
        ..ProgramImage::default()
    })
    .expect("boot");
    m
}

/// A frame's cycles, ISR and sprites.
type Shown = (u64, u16, Vec<SpriteView>);

/// What `frames` frames show: per frame the cycles, ISR and sprites, and the last picture.
fn play(m: &mut Box<dyn Machine>, frames: usize) -> (Vec<Shown>, Vec<u8>) {
    let shown = (0..frames)
        .map(|_| {
            let run = m
                .program()
                .expect("booted")
                .run_frame(&mut NoProbe::default())
                .expect("frame");
            (run.cycles, m.peek_verdict().status, m.sprites())
        })
        .collect();
    (shown, m.frame_indexed().to_vec())
}

#[test]
fn a_restored_state_plays_the_same_frames_in_any_machine() {
    let mut m = booted();
    play(&mut m, 20);
    let state = m.save_state().expect("save");
    let first = play(&mut m, 8);
    assert!(
        first.0.iter().any(|(.., sprites)| !sprites.is_empty()),
        "the demo shows sprites"
    );
    // Into the machine that made it, which has run on since.
    m.restore_state(&state).expect("restore");
    assert_eq!(play(&mut m, 8), first, "same machine");
    // Into another machine with the program booted, and one never booted.
    let mut other = booted();
    play(&mut other, 3);
    other.restore_state(&state).expect("restore");
    assert_eq!(play(&mut other, 8), first, "another machine");
    let mut fresh = machine();
    fresh.restore_state(&state).expect("restore");
    assert_eq!(play(&mut fresh, 8), first, "a machine never booted");
}
