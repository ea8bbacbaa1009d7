//! The harness's frame reuse (`Harness::set_frame_reuse`): a frame whose sprite view (or
//! object table), verdict, screen and check state are those of the frame before copies
//! that frame's objects, pairs and reasons instead of finding them again. Each machine's
//! test programs run twice from the same boot, reuse on and off, and every record must be
//! the same in both runs. The programs chosen have frames that repeat (sprites standing
//! still for a while, the chip disagreeing with truth on some of them, a late verdict on
//! the Vectrex) and frames that do not, so both the copies and the switch from copying to
//! finding anew are compared; the test counts the repeated frames so that it cannot pass
//! without copying.

use collide::Group;
use machine::genesis::GenesisSettings;
use machine::msx::MsxSettings;
use machine::program::{
    FrameRecord, Harness, HarnessConfig, MemoryHit, NoProbe, ObjectTable, ProgramImage, Space,
    TableCount, TableSize, Watch,
};
use machine::vectrex::VectrexSettings;
use machine::x16::VeraSettings;
use machine::{Machine, Resources, Settings};

/// Frames recorded per program.
const FRAMES: u32 = 300;

fn booted(settings: &dyn Settings, image: &[u8]) -> Box<dyn Machine> {
    let mut m = settings.build(&Resources::default()).expect("machine");
    m.set_frame_output(false);
    m.boot(&ProgramImage {
        bytes: image,
        ..ProgramImage::default()
    })
    .expect("the test program boots");
    m
}

/// The records of `FRAMES` frames, reuse `on` or off, and how many frames showed the same
/// sprite view and objects as the frame before (those reuse copies).
fn records(
    settings: &dyn Settings,
    image: &[u8],
    config: &HarnessConfig,
    on: bool,
) -> (Vec<FrameRecord>, usize) {
    let mut m = booted(settings, image);
    let mut h = Harness::new(m.as_mut(), config.clone()).expect("booted");
    h.set_frame_reuse(on);
    let mut recs: Vec<FrameRecord> = Vec::new();
    let mut repeated = 0;
    for _ in 0..FRAMES {
        let r = h.advance().expect("runs");
        if recs
            .last()
            .is_some_and(|p| p.sprites == r.sprites && p.objects == r.objects)
        {
            repeated += 1;
        }
        recs.push(r.clone());
    }
    (recs, repeated)
}

/// Runs `image` both ways and compares every record; returns the frames repeated.
fn same_both_ways(
    name: &str,
    settings: &dyn Settings,
    image: &[u8],
    config: &HarnessConfig,
) -> usize {
    let (with, repeated) = records(settings, image, config, true);
    let (without, _) = records(settings, image, config, false);
    for (a, b) in with.iter().zip(&without) {
        assert_eq!(
            a, b,
            "{name}: frame {} differs with reuse on and off",
            a.frame
        );
    }
    assert_eq!(with.len(), without.len());
    println!("{name}: {FRAMES} frames the same with reuse on and off, {repeated} repeated");
    repeated
}

fn every_sprite(frames: u32) -> HarnessConfig {
    HarnessConfig {
        frames,
        ..HarnessConfig::default()
    }
}

#[test]
fn msx_records_are_the_same_without_reuse() {
    let settings = MsxSettings::default();
    for (name, rom, least) in [
        (
            "s0poll",
            &include_bytes!("../../../../roms/msx/programs/s0poll.rom")[..],
            1,
        ),
        (
            "lag",
            include_bytes!("../../../../roms/msx/programs/lag.rom"),
            1,
        ),
        (
            "fifth",
            include_bytes!("../../../../roms/msx/programs/fifth.rom"),
            100,
        ),
        (
            "mover",
            include_bytes!("../../../../roms/msx/programs/mover.rom"),
            1,
        ),
    ] {
        let repeated = same_both_ways(name, &settings, rom, &every_sprite(FRAMES));
        assert!(repeated >= least, "{name}: {repeated} frames repeated");
    }
}

#[test]
fn x16_records_are_the_same_without_reuse() {
    let settings = VeraSettings::default();
    for (name, prg, least) in [
        (
            "demo",
            &include_bytes!("../../../../roms/vera/programs/demo.prg")[..],
            0,
        ),
        (
            "enable",
            include_bytes!("../../../../roms/vera/programs/enable.prg"),
            100,
        ),
        (
            "budget",
            include_bytes!("../../../../roms/vera/programs/budget.prg"),
            100,
        ),
        (
            "mover",
            include_bytes!("../../../../roms/vera/programs/mover.prg"),
            0,
        ),
    ] {
        let repeated = same_both_ways(name, &settings, prg, &every_sprite(FRAMES));
        assert!(repeated >= least, "{name}: {repeated} frames repeated");
    }
}

#[test]
fn genesis_records_are_the_same_without_reuse() {
    let settings = GenesisSettings::default();
    for (name, rom, least) in [
        (
            "lost",
            &include_bytes!("../../../../roms/genesis/programs/lost.bin")[..],
            100,
        ),
        (
            "lag",
            include_bytes!("../../../../roms/genesis/programs/lag.bin"),
            1,
        ),
        (
            "sprites-mid",
            include_bytes!("../../../../roms/genesis/programs/sprites-mid.bin"),
            1,
        ),
    ] {
        let repeated = same_both_ways(name, &settings, rom, &every_sprite(FRAMES));
        assert!(repeated >= least, "{name}: {repeated} frames repeated");
    }
}

/// A table of `count` records of 5 bytes from $C880, y and x at offsets 0 and 1, for the Vectrex
/// programs (tests/vectrex_objects.prg.ron's layout).
fn table(count: u32, size: TableSize, live: Option<u32>) -> ObjectTable {
    ObjectTable {
        at: 0xC880,
        count: TableCount::Fixed(count),
        stride: 5,
        y: 0,
        x: 1,
        size,
        live,
        signed: true,
        unit_px: 1.0,
        origin_px: (130, 161),
        y_up: true,
        group: Group::Good,
    }
}

/// The Vectrex's objects come from a table in the program's RAM, compared with the frame
/// before's rather than with the sprite view, and the BIOS's Obj_Hit gives the verdict
/// late, in the frame after. objects.asm keeps two records (tests/vectrex_objects.prg.ron)
/// that move every frame and meet in frames 53-69; joy.asm one whose y and x only the
/// stick moves, so without input it stands still (its size from $C889, which keeps $55).
#[test]
fn vectrex_records_are_the_same_without_reuse() {
    let settings = VectrexSettings {
        labyrinth: String::new(),
        check_every: 1,
        walls: None,
    };
    let objects = HarnessConfig {
        frames: FRAMES,
        object_table: Some(table(2, TableSize::Half(2), Some(3))),
        watches: vec![Watch::Memory {
            name: "marks".into(),
            space: Space::Cpu,
            at: 0xC884,
            len: 2,
            stride: 5,
            hit: MemoryHit::NonZero,
        }],
        ..HarnessConfig::default()
    };
    same_both_ways(
        "objects",
        &settings,
        include_bytes!("../../../../roms/vectrex/programs/objects.bin"),
        &objects,
    );
    let joy = HarnessConfig {
        frames: FRAMES,
        object_table: Some(table(1, TableSize::Full(9), None)),
        ..HarnessConfig::default()
    };
    let repeated = same_both_ways(
        "joy",
        &settings,
        include_bytes!("../../../../roms/vectrex/programs/joy.bin"),
        &joy,
    );
    assert!(repeated >= 100, "joy: {repeated} frames repeated");
}

/// The views a machine refills in place (`Machine::sprites_into`, masks kept, rewritten
/// or traded with the X16's spare masks) equal the ones it builds anew
/// (`Machine::sprites`), frame by frame, while the last frame's views (as the harness's
/// objects do) still share the masks. The demo shows sprites in two states and entries
/// coming and going, so the X16's masks change hands every frame; counts the frames whose
/// view changed, so that the test cannot pass on a still picture.
#[test]
fn views_refilled_in_place_equal_views_built_anew() {
    let x16 = VeraSettings::default();
    let genesis = GenesisSettings::default();
    for (name, settings, image, least) in [
        (
            "x16 demo",
            &x16 as &dyn Settings,
            &include_bytes!("../../../../roms/vera/programs/demo.prg")[..],
            250,
        ),
        (
            "x16 sprites",
            &x16,
            include_bytes!("../../../../roms/vera/programs/sprites.prg"),
            1,
        ),
        (
            "genesis sprites-mid",
            &genesis,
            include_bytes!("../../../../roms/genesis/programs/sprites-mid.bin"),
            1,
        ),
    ] {
        let mut m = booted(settings, image);
        let (mut refilled, mut last) = (Vec::new(), Vec::new());
        let mut changed = 0;
        for frame in 0..FRAMES {
            m.program()
                .expect("a program board")
                .run_frame(&mut NoProbe::default())
                .expect("runs");
            m.sprites_into(&mut refilled);
            assert_eq!(
                refilled,
                m.sprites(),
                "{name}: frame {frame}'s view refilled in place"
            );
            if refilled != last {
                changed += 1;
            }
            // Held as the harness holds the frame before, sharing the masks.
            last.clone_from(&refilled);
        }
        assert!(
            changed >= least,
            "{name}: the view changed on {changed} frames"
        );
    }
}
