//! The X16 target code in `roms/vera/code/` against the Rust methods, on frames the VERA
//! itself rendered: the sprites' attributes are written into VRAM and the chip runs its
//! frame, so the ISR the routine reads at $9F27 and the byte 6 it reads through DATA0 are
//! the chip's own. Then the board's behaviour and every error path. The images are the
//! committed binaries; no toolchain is needed.
//!
//! The chain (`chain.bin`, method id `pixel-table` in `build.ron`) is checked against
//! [`x16_common::rust_chain`]: the `pixel-table` method with the seed's two bitmaps (the
//! table in the image), restricted to Good x Bad pairs whose two objects the `quadrants`
//! filter keeps (`kept_by_isr` on the object's collision mask and the chip's ISR) and whose
//! `spatial16` maps meet. On the seed's own frames (16x16 sprites on screen, quadrant
//! masks) the spatial step removes nothing, so there the chain is exactly `pixel-table`
//! restricted to the kept objects, and every pair it reports is also a `quadrants` pair.

use crate::x16_common;

use collide::methods::pixel_table::{HitTable, seed_diamond};
use collide::methods::quadrants::quadrant_mask;
use collide::rng::SplitMix64;
use collide::{Group, MethodConfig, MethodId, Object, Pair, PxBox};
use machine::routine::{
    Addr, Routine, RoutineError, RoutineOutcome, Target, run_loaded, run_routine,
};
use machine::x16::target::{ABI, CYCLES_PER_FRAME, X16Target};
use vera::{Quirks, SPRITE_ATTR_ADDR, Vera};
use x16_common::{
    CHAIN, HALF_PAIRS, SCREEN, SOLID_PATTERN, Sprite, TARGET_PATTERN, kept, maps_meet, new_vera,
    object_of, render, rings_frame, rust_chain, rust_method, seed_table_config,
};

#[test]
fn the_frame_is_133466_cycles() {
    // 8e6 x 800 x 525 / 25.175e6 = 133,465.74.
    assert_eq!(CYCLES_PER_FRAME, 133_466);
    let exact = 8e6 * 800.0 * 525.0 / 25.175e6;
    assert!((exact - CYCLES_PER_FRAME as f64).abs() < 0.5, "{exact}");
    assert_eq!(ABI.runaway_limit(), 8 * 133_466);
}

#[test]
fn the_image_s_hit_table_is_the_seed_s() {
    let code = include_bytes!("../../../../roms/vera/code/hit_table.bin");
    let rom = include_bytes!("../../../../roms/vera/hit_table.bin");
    assert_eq!(code, rom);
    let built = HitTable::build(&seed_diamond(), &seed_diamond());
    assert_eq!(built.as_bytes(), rom);
    assert_eq!(built.hits(), 141);
    // The table is in the chain's image, on a page boundary.
    let at = CHAIN
        .windows(1024)
        .position(|w| w == rom)
        .expect("table in image");
    assert_eq!((ABI.code as usize + at) % 256, 0);
}

// ----- Random frames. -----

fn coordinate(rng: &mut SplitMix64, side: i32) -> i32 {
    match rng.below(20) {
        // Around the screen, edges included.
        0..=15 => rng.below(side as u32 + 160) as i32 - 80,
        // Far off screen (the chip wraps it at 1024 and may draw it somewhere).
        16..=17 => rng.below(4000) as i32 - 2000,
        // The ends of the record's i16 range.
        18 => 32767 - rng.below(80) as i32,
        _ => -32768 + rng.below(80) as i32,
    }
}

fn size(rng: &mut SplitMix64) -> u8 {
    [16, 16, 16, 8, 32, 64, 16, 8][rng.below(8) as usize]
}

/// A seeded random frame of 0-128 sprites (sprite numbers shuffled against the record
/// order): sizes 8-64, on and off screen, Good, Bad and Art, quadrant masks or random ones,
/// z mostly 3 (some 0: drawn nowhere, mask still in byte 6), solid or diamond patterns,
/// some objects with an empty box; every other frame clustered around a few points.
fn random_frame(rng: &mut SplitMix64) -> (Vec<Sprite>, Vec<Object>) {
    let n = rng.below(129) as usize;
    let mut numbers: Vec<u8> = (0..128).collect();
    for i in (1..numbers.len()).rev() {
        numbers.swap(i, rng.below(i as u32 + 1) as usize);
    }
    let clustered = rng.below(2) == 0;
    let centres: Vec<(i32, i32)> = (0..1 + rng.below(6))
        .map(|_| (coordinate(rng, 640), coordinate(rng, 480)))
        .collect();
    let mut sprites = Vec::with_capacity(n);
    let mut objects = Vec::with_capacity(n);
    for &number in &numbers[..n] {
        let (w, h) = (size(rng), size(rng));
        let (x, y) = if clustered {
            let (cx, cy) = centres[rng.below(centres.len() as u32) as usize];
            (
                cx.saturating_add(rng.below(49) as i32 - 24)
                    .clamp(-32768, 32767),
                cy.saturating_add(rng.below(49) as i32 - 24)
                    .clamp(-32768, 32767),
            )
        } else {
            (coordinate(rng, 640), coordinate(rng, 480))
        };
        let bbox = PxBox::new(x, y, u16::from(w), u16::from(h));
        let mask = if rng.below(7) == 0 {
            (rng.below(16) as u8) << 4
        } else {
            quadrant_mask(&bbox, SCREEN)
        };
        let z = if rng.below(10) == 0 {
            rng.below(4) as u8
        } else {
            3
        };
        let pattern = if rng.below(2) == 0 {
            SOLID_PATTERN
        } else {
            TARGET_PATTERN
        };
        let s = Sprite {
            number,
            x,
            y,
            w,
            h,
            byte6: mask | (z << 2),
            pattern,
        };
        let group = match rng.below(10) {
            0..=3 => Group::Good,
            4..=7 => Group::Bad,
            _ => Group::Art,
        };
        let mut o = object_of(&s, group);
        if rng.below(25) == 0 {
            o.bbox.w = 0;
        } else if rng.below(25) == 0 {
            o.bbox.h = 0;
        }
        sprites.push(s);
        objects.push(o);
    }
    (sprites, objects)
}

fn run_on(target: &mut X16Target, vera: &mut Vera, objects: &[Object]) -> RoutineOutcome {
    let mut board = target.board(vera);
    run_loaded(&mut board, ABI.code, objects).unwrap_or_else(|e| panic!("{e} on {objects:?}"))
}

fn loaded(image: &[u8], vera: &mut Vera) -> X16Target {
    let mut target = X16Target::new();
    target.board(vera).load(image).unwrap();
    target
}

/// Runs a loaded image and checks its pairs against `want`; above the list's capacity the
/// routine must count them all and the harness report the overrun.
fn pairs_or_overrun(
    name: &str,
    frame: u32,
    target: &mut X16Target,
    vera: &mut Vera,
    objects: &[Object],
    want: &[Pair],
) -> Option<Vec<Pair>> {
    let mut board = target.board(vera);
    match run_loaded(&mut board, ABI.code, objects) {
        Ok(got) => {
            assert_eq!(got.pairs, want, "{name}, frame {frame}: {objects:#?}");
            assert_eq!(got.duplicates, 0, "{name}, frame {frame}");
            Some(got.pairs)
        }
        Err(e) => {
            assert!(want.len() > 2048, "{name}, frame {frame}: {e}");
            assert_eq!(
                e,
                RoutineError::Overrun {
                    count: want.len() as u16,
                    capacity: 2048,
                    at: Addr(0x7000)
                },
                "{name}, frame {frame}"
            );
            None
        }
    }
}

/// Records need not match their sprites: boxes of 1-255 px (the record's whole range)
/// over the same sprites, so spans cross both screen edges and every band.
fn widen(rng: &mut SplitMix64, objects: &mut [Object]) {
    for o in objects {
        if o.bbox.w != 0 {
            o.bbox.w = 1 + rng.below(255) as u16;
        }
        if o.bbox.h != 0 {
            o.bbox.h = 1 + rng.below(255) as u16;
        }
    }
}

fn same_pairs_as_rust(quirks: Quirks, seed: u64, frames: u32, wide: bool) {
    let mut rng = SplitMix64(seed);
    let mut vera = new_vera(quirks);
    let mut chain = loaded(CHAIN, &mut vera);
    let mut half = loaded(HALF_PAIRS, &mut vera);
    let (mut chain_pairs, mut kept_frames) = (0usize, 0u32);
    for frame in 0..frames {
        let (sprites, mut objects) = random_frame(&mut rng);
        if wide {
            widen(&mut rng, &mut objects);
        }
        // Now and then sprites hidden in DC_VIDEO: the FPGA still renders them into the
        // line buffer (collisions as usual), the emulator does not (ISR nibble 0).
        vera.set_dc_video(if rng.below(10) == 0 { 0x00 } else { 0x40 });
        render(&mut vera, &sprites);
        let isr = vera.isr();
        let want = rust_chain(&objects, isr);
        if let Some(got) = pairs_or_overrun("chain", frame, &mut chain, &mut vera, &objects, &want)
        {
            chain_pairs += got.len();
        }
        assert_eq!(vera.isr(), isr, "the chain leaves ISR alone");
        kept_frames += u32::from(objects.iter().any(|o| kept(o, isr)));

        let want = rust_method(MethodId::HalfPairs, &MethodConfig::default(), &objects, isr);
        pairs_or_overrun(
            "half-pairs",
            frame,
            &mut half,
            &mut vera,
            &objects,
            &want.pairs,
        );
    }
    // The frames exercise the chain: objects kept, pairs found.
    assert!(
        kept_frames > frames / 4,
        "{kept_frames} frames with kept objects"
    );
    assert!(
        chain_pairs > frames as usize / 4,
        "{chain_pairs} chain pairs"
    );
}

#[test]
fn both_images_find_the_rust_pairs_on_random_frames_of_the_fpga() {
    same_pairs_as_rust(Quirks::Hardware, 0x0004_5EED, 1500, false);
}

#[test]
fn both_images_find_the_rust_pairs_on_random_frames_of_the_emulator() {
    same_pairs_as_rust(Quirks::X16Emu, 0x0004_E1A0, 1500, false);
}

#[test]
fn both_images_find_the_rust_pairs_with_records_up_to_255_px() {
    same_pairs_as_rust(Quirks::Hardware, 0x0255_0004, 1000, true);
}

/// The seed's frames: on every frame of the rings the chain is `pixel-table` restricted to
/// the kept objects, each of its pairs is a `quadrants` pair, and half-pairs is exact.
#[test]
fn on_the_rings_the_chain_is_pixel_table_on_the_kept_objects() {
    let mut vera = new_vera(Quirks::Hardware);
    let mut chain = loaded(CHAIN, &mut vera);
    let mut hits = 0;
    for f in (0..600).step_by(7) {
        let (sprites, objects) = rings_frame(f);
        render(&mut vera, &sprites);
        let isr = vera.isr();
        let got = run_on(&mut chain, &mut vera, &objects);
        let table = rust_method(MethodId::PixelTable, &seed_table_config(), &objects, isr);
        let restricted: Vec<Pair> = table
            .pairs
            .iter()
            .copied()
            .filter(|p| kept(&objects[p.a as usize], isr) && kept(&objects[p.b as usize], isr))
            .collect();
        assert_eq!(got.pairs, restricted, "frame {f}");
        assert!(
            got.pairs
                .iter()
                .all(|p| maps_meet(&objects[p.a as usize], &objects[p.b as usize]))
        );
        let quadrants = rust_method(MethodId::Quadrants, &MethodConfig::default(), &objects, isr);
        assert!(
            got.pairs.iter().all(|p| quadrants.pairs.contains(p)),
            "frame {f}"
        );
        hits += got.pairs.len();
    }
    assert!(hits > 0);
}

/// The chain reads byte 6 from VRAM, not from anywhere else: clearing one sprite's mask in
/// VRAM after the frame drops its pairs.
#[test]
fn the_chain_reads_byte_6_from_vram_and_isr_from_the_chip() {
    let mut vera = new_vera(Quirks::Hardware);
    let mut chain = loaded(CHAIN, &mut vera);
    // A projectile and a target on the same spot in the top-left quadrant.
    let p = Sprite {
        number: 5,
        x: 100,
        y: 100,
        w: 16,
        h: 16,
        byte6: 0x50 | 0x0C,
        pattern: x16_common::PROJECTILE_PATTERN,
    };
    let t = Sprite {
        number: 9,
        x: 102,
        y: 101,
        pattern: TARGET_PATTERN,
        ..p
    };
    let objects = vec![object_of(&p, Group::Good), object_of(&t, Group::Bad)];
    render(&mut vera, &[p, t]);
    assert_eq!(vera.isr() & 0xF0, 0x50);
    let got = run_on(&mut chain, &mut vera, &objects);
    assert_eq!(got.pairs, vec![Pair::new(0, 1)]);

    // The same records, byte 6 of sprite 9 cleared in VRAM.
    vera.write_vram(SPRITE_ATTR_ADDR + 8 * 9 + 6, &[0x0C]);
    assert!(run_on(&mut chain, &mut vera, &objects).pairs.is_empty());

    // The masks back, but a frame without collisions: ISR 7-4 = 0.
    vera.write_vram(SPRITE_ATTR_ADDR + 8 * 9 + 6, &[0x5C]);
    let apart = Sprite { x: 300, ..t };
    render(&mut vera, &[p, apart]);
    assert_eq!(vera.isr() & 0xF0, 0);
    assert!(run_on(&mut chain, &mut vera, &objects).pairs.is_empty());
}

// ----- Cycles on the seed's frames. -----

fn percentile(sorted: &[u64], p: f64) -> u64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Cycles of the chain and half-pairs on the 600 frames of the rings: median, 99th
/// percentile, maximum, and the share of the X16 frame. Run with `--nocapture` for the
/// table.
#[test]
fn cycles_on_the_rings() {
    let mut vera = new_vera(Quirks::Hardware);
    let mut chain = loaded(CHAIN, &mut vera);
    let mut half = loaded(HALF_PAIRS, &mut vera);
    let (mut c, mut h, mut saved) = (Vec::new(), Vec::new(), Vec::new());
    let mut pairs = (0, 0);
    for f in 0..600 {
        let (sprites, objects) = rings_frame(f);
        render(&mut vera, &sprites);
        let isr = vera.isr();
        let oc = run_on(&mut chain, &mut vera, &objects);
        assert_eq!(oc.pairs, rust_chain(&objects, isr), "frame {f}");
        let oh = run_on(&mut half, &mut vera, &objects);
        assert_eq!(
            oh.pairs,
            rust_method(MethodId::HalfPairs, &MethodConfig::default(), &objects, isr).pairs
        );
        pairs.0 += oc.pairs.len();
        pairs.1 += oh.pairs.len();
        c.push(oc.cycles);
        h.push(oh.cycles);
        saved.push(oh.cycles as i64 - oc.cycles as i64);
    }
    c.sort_unstable();
    h.sort_unstable();
    saved.sort_unstable();
    let frame = CYCLES_PER_FRAME as f64;
    eprintln!("rings, 128 sprites, 600 frames; X16 frame = {CYCLES_PER_FRAME} cycles");
    eprintln!("image       pairs  median    p99      max   median/frame  max/frame");
    for (name, v, p) in [("chain", &c, pairs.0), ("half-pairs", &h, pairs.1)] {
        eprintln!(
            "{name:<10} {p:>6} {:>7} {:>7} {:>7}   {:>9.1}%  {:>8.1}%",
            percentile(v, 0.5),
            percentile(v, 0.99),
            v[v.len() - 1],
            100.0 * percentile(v, 0.5) as f64 / frame,
            100.0 * v[v.len() - 1] as f64 / frame
        );
    }
    let med_saved = saved[saved.len() / 2];
    eprintln!(
        "saved by the chain: median {med_saved} cycles ({:.1} frames), least {}",
        med_saved as f64 / frame,
        saved[0]
    );
    // The chain fits a frame with room to spare; half-pairs does not.
    assert!(c[c.len() - 1] < CYCLES_PER_FRAME);
    assert!(percentile(&h, 0.5) > CYCLES_PER_FRAME);
}

// ----- The board. -----

fn run_bytes(
    image: &[u8],
    vera: &mut Vera,
    objects: &[Object],
) -> Result<RoutineOutcome, RoutineError> {
    let mut target = X16Target::new();
    let mut board = target.board(vera);
    run_routine(&mut board, &Routine::at_start(&ABI, image), objects)
}

fn two_objects() -> Vec<Object> {
    vec![
        Object::new(0, PxBox::new(0, 0, 8, 8), Group::Good),
        Object::new(1, PxBox::new(4, 4, 8, 8), Group::Bad),
    ]
}

#[test]
fn a_bare_rts_costs_the_jsr_and_the_rts() {
    let mut vera = Vera::default();
    let out = run_bytes(&[0x60], &mut vera, &two_objects()).unwrap();
    assert_eq!(out.cycles, 12);
    assert!(out.pairs.is_empty());
    assert_eq!(out.chip_too_fast, 0);
}

#[test]
fn the_board_maps_ram_io_the_bank_and_rom() {
    let mut vera = Vera::default();
    vera.write_vram(0x1FC00, &[1, 2, 3, 4, 5, 6, 7, 8]);
    #[rustfmt::skip]
    let image = [
        0xA9, 0x00, 0x8D, 0x25, 0x9F, // LDA #0 ; STA CTRL
        0xA9, 0x00, 0x8D, 0x20, 0x9F, // STA ADDR_L = $00
        0xA9, 0xFC, 0x8D, 0x21, 0x9F, // ADDR_M = $FC
        0xA9, 0x11, 0x8D, 0x22, 0x9F, // ADDR_H = increment 1, bit 16
        0xAD, 0x23, 0x9F, 0x8D, 0x00, 0x80, // LDA DATA0 ; STA $8000
        0xAD, 0x23, 0x9F, 0x8D, 0x01, 0x80,
        0xAD, 0x23, 0x9F, 0x8D, 0x02, 0x80,
        0xAD, 0x00, 0x9F, 0x8D, 0x03, 0x80, // VIA 1's port B: inputs, nothing driving them
        0xA9, 0x77, 0x8D, 0x00, 0xA0, // STA $A000 (banked RAM)
        0xAD, 0x00, 0xA0, 0x8D, 0x04, 0x80,
        0xA9, 0x55, 0x8D, 0x00, 0xC0, // STA $C000 (ROM: ignored)
        0xAD, 0x00, 0xC0, 0x8D, 0x05, 0x80,
        0xA9, 0x24, 0x8D, 0x23, 0x9F, // STA DATA0: VRAM $1FC03
        0x60,
    ];
    let mut target = X16Target::new();
    let mut board = target.board(&mut vera);
    board.load(&image).unwrap();
    run_loaded(&mut board, ABI.code, &[]).unwrap();
    let mut got = [0; 6];
    board.peek(0x8000, &mut got);
    assert_eq!(got, [1, 2, 3, 0xFF, 0x77, 0xDB]);
    assert_eq!(vera.read_vram(0x1FC03), 0x24);
}

/// ISR through the board: a write of $FF clears the collision nibble only on the emulator.
#[test]
fn isr_writes_follow_the_chip_s_quirk_profile() {
    #[rustfmt::skip]
    let image = [
        0xA9, 0xFF, 0x8D, 0x27, 0x9F, // STA ISR
        0xAD, 0x27, 0x9F, 0x8D, 0x00, 0x80, // LDA ISR ; STA $8000
        0x60,
    ];
    for (quirks, nibble) in [(Quirks::Hardware, 0x10), (Quirks::X16Emu, 0x00)] {
        let mut vera = new_vera(quirks);
        let s = Sprite {
            number: 0,
            x: 10,
            y: 10,
            w: 16,
            h: 16,
            byte6: 0x1C,
            pattern: SOLID_PATTERN,
        };
        render(&mut vera, &[s, Sprite { number: 1, ..s }]);
        assert_eq!(vera.isr() & 0xF0, 0x10);
        let mut target = X16Target::new();
        let mut board = target.board(&mut vera);
        board.load(&image).unwrap();
        run_loaded(&mut board, ABI.code, &[]).unwrap();
        let mut isr = [0];
        board.peek(0x8000, &mut isr);
        assert_eq!(isr[0], nibble, "{quirks:?}");
    }
}

#[test]
fn an_image_past_the_object_table_is_refused() {
    let mut vera = Vera::default();
    let image = vec![0xEA; ABI.code_max as usize + 1];
    let err = run_bytes(&image, &mut vera, &[]).unwrap_err();
    assert!(
        matches!(err, RoutineError::ImageTooLarge { len, max: 0x57F0, at: Addr(0x0810) } if len == image.len()),
        "{err}"
    );
    let fits = vec![0x60; ABI.code_max as usize];
    assert!(run_bytes(&fits, &mut vera, &[]).is_ok());
}

#[test]
fn a_runaway_is_stopped_with_its_pc() {
    let mut vera = Vera::default();
    // NOP ; JMP $0811
    let err = run_bytes(&[0xEA, 0x4C, 0x11, 0x08], &mut vera, &[]).unwrap_err();
    match err {
        RoutineError::Runaway { pc, cycles, budget } => {
            assert!(pc == Addr(0x0811), "{pc}");
            assert_eq!(budget, 8 * CYCLES_PER_FRAME);
            assert!(cycles >= budget && cycles < budget + 8);
        }
        other => panic!("{other}"),
    }
}

#[test]
fn stp_and_wai_are_errors_with_their_pc() {
    let mut vera = Vera::default();
    let err = run_bytes(&[0xEA, 0xEA, 0xDB], &mut vera, &[]).unwrap_err();
    assert_eq!(err, RoutineError::Halted { pc: Addr(0x0812) });
    let err = run_bytes(&[0xEA, 0xCB], &mut vera, &[]).unwrap_err();
    assert!(
        matches!(&err, RoutineError::Fault { pc: Addr(0x0811), what } if what.contains("WAI")),
        "{err}"
    );
    // With VERA's IRQ output asserted (VSYNC pending and enabled) WAI resumes, masked.
    let mut vera = new_vera(Quirks::Hardware);
    render(&mut vera, &[]);
    vera.set_ien(0x01);
    assert!(vera.irq());
    let out = run_bytes(&[0xCB, 0x60], &mut vera, &[]).unwrap();
    assert!(out.cycles > 12);
    // Unmasking it takes the interrupt, and there is no handler: a fault.
    let err = run_bytes(&[0x58, 0xEA, 0xEA, 0x60], &mut vera, &[]).unwrap_err();
    assert!(
        matches!(&err, RoutineError::Fault { what, .. } if what.starts_with("IRQ")),
        "{err}"
    );
}

#[test]
fn brk_and_execution_outside_ram_are_faults_naming_the_pc() {
    let mut vera = Vera::default();
    let err = run_bytes(&[0xEA, 0x00, 0x00], &mut vera, &[]).unwrap_err();
    assert!(
        matches!(&err, RoutineError::Fault { pc: Addr(0x0811), what } if what.starts_with("BRK")),
        "{err}"
    );
    // JMP $C123 (ROM).
    let err = run_bytes(&[0x4C, 0x23, 0xC1], &mut vera, &[]).unwrap_err();
    assert!(
        matches!(
            &err,
            RoutineError::Fault {
                pc: Addr(0xC123),
                ..
            }
        ),
        "{err}"
    );
    // JMP $9F23 (the I/O page).
    let err = run_bytes(&[0x4C, 0x23, 0x9F], &mut vera, &[]).unwrap_err();
    assert!(
        matches!(
            &err,
            RoutineError::Fault {
                pc: Addr(0x9F23),
                ..
            }
        ),
        "{err}"
    );
    // Code copied to the banked window runs there: LDA #$60 ; STA $A000 ; JSR $A000 ; RTS.
    let ok = run_bytes(
        &[0xA9, 0x60, 0x8D, 0x00, 0xA0, 0x20, 0x00, 0xA0, 0x60],
        &mut vera,
        &[],
    )
    .unwrap();
    assert_eq!(ok.cycles, 6 + 2 + 4 + 6 + 6 + 6);
}

/// Writes K (and pairs) the way a routine would: LDA #lo ; STA $7000 ; LDA #hi ; STA $7001
/// then the pair bytes.
fn writes_pairs(k: u16, pairs: &[(u8, u8)]) -> Vec<u8> {
    let mut code = vec![];
    let mut store = |at: u16, v: u8| {
        code.extend_from_slice(&[0xA9, v, 0x8D, at as u8, (at >> 8) as u8]);
    };
    store(0x7000, k as u8);
    store(0x7001, (k >> 8) as u8);
    for (n, &(i, j)) in pairs.iter().enumerate() {
        store(0x7002 + 2 * n as u16, i);
        store(0x7003 + 2 * n as u16, j);
    }
    code.push(0x60);
    code
}

#[test]
fn bad_pair_lists_are_errors() {
    let mut vera = Vera::default();
    let objects = two_objects();
    let err = run_bytes(&writes_pairs(2049, &[]), &mut vera, &objects).unwrap_err();
    assert_eq!(
        err,
        RoutineError::Overrun {
            count: 2049,
            capacity: 2048,
            at: Addr(0x7000)
        }
    );
    let err = run_bytes(&writes_pairs(1, &[(0, 7)]), &mut vera, &objects).unwrap_err();
    assert_eq!(
        err,
        RoutineError::IndexOutOfRange {
            pair: 0,
            i: 0,
            j: 7,
            n: 2
        }
    );
    let err = run_bytes(&writes_pairs(1, &[(1, 1)]), &mut vera, &objects).unwrap_err();
    assert_eq!(err, RoutineError::SelfPair { pair: 0, index: 1 });
    let ok = run_bytes(&writes_pairs(2, &[(1, 0), (0, 1)]), &mut vera, &objects).unwrap();
    assert_eq!((ok.pairs, ok.duplicates), (vec![Pair::new(0, 1)], 1));
}

#[test]
fn bad_tables_are_errors() {
    let mut vera = Vera::default();
    let many: Vec<Object> = (0..256)
        .map(|i| Object::new(i, PxBox::new(0, 0, 8, 8), Group::Good))
        .collect();
    let err = run_bytes(HALF_PAIRS, &mut vera, &many).unwrap_err();
    assert!(
        matches!(
            err,
            RoutineError::TooManyObjects {
                count: 256,
                capacity: 255,
                ..
            }
        ),
        "{err}"
    );
    let wide = vec![Object::new(0, PxBox::new(0, 0, 300, 8), Group::Good)];
    let err = run_bytes(HALF_PAIRS, &mut vera, &wide).unwrap_err();
    assert!(
        matches!(err, RoutineError::RecordField { field: "w", .. }),
        "{err}"
    );
    let mut target = X16Target::new();
    let mut board = target.board(&mut vera);
    let err = run_routine(
        &mut board,
        &Routine {
            image: &[0x60],
            entry: 0x0900,
        },
        &[],
    )
    .unwrap_err();
    assert!(
        matches!(err, RoutineError::EntryOutsideImage { .. }),
        "{err}"
    );
}

/// More pairs than the list holds: both images count on, store 2,048, and the harness
/// reports the overrun; 255 objects is the table's capacity.
#[test]
fn a_full_pair_list_is_an_overrun_and_255_objects_fit() {
    let mut vera = new_vera(Quirks::Hardware);
    // 128 projectiles and targets on one spot: 64 x 64 chain pairs, 8,128 half-pairs.
    let sprites: Vec<Sprite> = (0..128)
        .map(|n| Sprite {
            number: n,
            x: 100,
            y: 100,
            w: 16,
            h: 16,
            byte6: 0x5C,
            pattern: TARGET_PATTERN,
        })
        .collect();
    let objects: Vec<Object> = sprites
        .iter()
        .map(|s| {
            object_of(
                s,
                if s.number % 2 == 0 {
                    Group::Good
                } else {
                    Group::Bad
                },
            )
        })
        .collect();
    render(&mut vera, &sprites);
    for (name, image, k) in [
        ("chain", CHAIN, 64 * 64),
        ("half-pairs", HALF_PAIRS, 128 * 127 / 2),
    ] {
        let err = run_bytes(image, &mut vera, &objects).unwrap_err();
        assert_eq!(
            err,
            RoutineError::Overrun {
                count: k,
                capacity: 2048,
                at: Addr(0x7000)
            },
            "{name}"
        );
    }
    // 255 records, mostly apart: both images agree with Rust.
    let mut rng = SplitMix64(255);
    let objects: Vec<Object> = (0..255)
        .map(|i| {
            let mut o = Object::new(
                i % 128,
                PxBox::new(rng.below(700) as i32 - 30, rng.below(540) as i32 - 30, 8, 8),
                [Group::Good, Group::Bad, Group::Art][i as usize % 3],
            );
            o.collision_mask = quadrant_mask(&o.bbox, SCREEN);
            o
        })
        .collect();
    // The VRAM masks of sprites 0-127 from the same rule where the record names them last.
    let mut masks = [0u8; 128];
    for o in &objects {
        masks[o.id as usize] = o.collision_mask;
    }
    let objects: Vec<Object> = objects
        .into_iter()
        .map(|mut o| {
            o.collision_mask = masks[o.id as usize];
            o
        })
        .collect();
    for (n, &m) in masks.iter().enumerate() {
        vera.write_vram(SPRITE_ATTR_ADDR + 8 * n as u32 + 6, &[m | 0x0C]);
    }
    let isr = vera.isr();
    let chain = run_bytes(CHAIN, &mut vera, &objects).unwrap();
    assert_eq!(chain.pairs, rust_chain(&objects, isr));
    let half = run_bytes(HALF_PAIRS, &mut vera, &objects).unwrap();
    assert_eq!(
        half.pairs,
        rust_method(MethodId::HalfPairs, &MethodConfig::default(), &objects, isr).pairs
    );
    assert!(!half.pairs.is_empty());
}
