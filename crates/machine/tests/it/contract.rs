//! Every registered machine keeps the contract's promises: a peek at the status equals what
//! the vblank read returns, and the frontend's words come from the machine.

use std::sync::Arc;

use machine::vectrex::maze::Labyrinth;
use machine::{HwSprite, Machine, Resources, Target};

fn machines() -> Vec<Box<dyn Machine>> {
    let targets: [&str; 4] = [
        "Genesis((h40: true))",
        "Msx((size16: true))",
        "Vera(())",
        "Vectrex((labyrinth: \"lab.ron\"))",
    ];
    let lab = Labyrinth::new(2, 2, vec![0; 4]).expect("a 2x2 labyrinth");
    let resources = Resources {
        labyrinth: Some(Arc::new(lab)),
    };
    targets
        .iter()
        .map(|t| {
            let target: Target = ron::from_str(t).expect("a target");
            target.settings().build(&resources).expect("builds")
        })
        .collect()
}

fn overlapping() -> Vec<HwSprite> {
    let s = |x| HwSprite {
        x_px: x,
        y_px: 10,
        w_px: 16,
        h_px: 16,
        pattern: 0,
        colour: 1,
        z: 3,
        collision_mask: 0xF0,
        ..HwSprite::default()
    };
    vec![s(10), s(14)]
}

#[test]
fn a_peek_sees_what_the_vblank_read_returns() {
    for mut m in machines() {
        m.write_sprites(&overlapping());
        m.run_frame();
        let peeked = m.peek_verdict();
        assert_eq!(
            peeked,
            m.peek_verdict(),
            "{}: a peek changes nothing",
            m.key()
        );
        assert_eq!(m.read_verdict(), peeked, "{}", m.key());
    }
}

#[test]
fn every_machine_names_itself_and_its_flag() {
    let keys: Vec<&str> = machines().iter().map(|m| m.key()).collect();
    assert_eq!(keys, machine::KEYS);
    for m in machines() {
        assert!(!m.title().is_empty());
        assert!(!m.flag_name().is_empty());
        let [status, flags] = m.panel_lines(&m.peek_verdict());
        assert!(!status.is_empty() && !flags.is_empty(), "{}", m.key());
    }
}

#[test]
fn only_machines_with_video_memory_have_a_probe() {
    assert_eq!(machine::registry::probe_keys(), ["genesis", "msx", "vera"]);
    assert!(machine::registry::probe("vectrex").is_none());
}

#[test]
fn the_genesis_screen_is_its_settings_before_the_first_frame() {
    let resources = Resources::default();
    for (ron, w, h, columns) in [
        ("Genesis((h40: true))", 320, 224, 40),
        ("Genesis((h40: false, v30: true))", 256, 240, 32),
    ] {
        let target: Target = ron::from_str(ron).expect("a target");
        let m = target.settings().build(&resources).expect("builds");
        let s = m.screen();
        assert_eq!((s.w_px, s.h_px, m.columns()), (w, h, columns), "{ron}");
    }
}
