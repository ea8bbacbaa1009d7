//! `Vdp::run_lines_alone`, the lines a board runs with its CPU halted to the frame's end,
//! against the same lines run one at a time (`latch_line_mode`, `draw_line`, then the next
//! line's `check_line`, as the board's line loop calls them): on random scenes, from
//! random lines, with S#0 as a status read left it or with flags standing, frame output
//! on and off, the two must leave the same S#0, the same lines that set C and 5S, the same
//! line sprites, the same picture and the same sprite view.

use crate::common;

use common::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tms9918::Vdp;

const SCENES: usize = 400;

/// A random scene: 8x8 or 16x16, magnified or not, 1-32 entries clustered so that lines
/// with five sprites and overlaps (and lines with neither) all occur, random patterns;
/// and the top of the cluster's Y.
fn scene(rng: &mut ChaCha8Rng) -> (Vdp, u16) {
    let size16 = rng.random_bool(0.5);
    let mut vdp = chip(size16, rng.random_bool(0.3), rng.random_range(0..16));
    let patterns: Vec<u8> = (0..256).map(|_| rng.random()).collect();
    out_vram(&mut vdp, PATTERNS, &patterns);
    let count = rng.random_range(1..=32usize);
    let top = rng.random_range(0..200u16);
    let left = rng.random_range(0..=255u16);
    let entries: Vec<[u8; 4]> = (0..count)
        .map(|_| {
            let y = ((top + rng.random_range(0..40u16)) % 256) as u8;
            // 208 would end the table early: the terminator is written after the last.
            let y = if y == 208 { 207 } else { y };
            let x = ((left + rng.random_range(0..48u16)) % 256) as u8;
            entry(y, x, rng.random(), rng.random(), rng.random_bool(0.1))
        })
        .collect();
    write_sat(&mut vdp, &entries);
    (vdp, top)
}

/// What the two ways must agree on.
fn seen(vdp: &Vdp) -> (u8, Option<u16>, Option<u16>, Vec<String>, Vec<u8>) {
    let lines = (0..tms9918::CHECKED_LINES)
        .map(|l| format!("{:?}", vdp.line_sprites(l)))
        .collect();
    (
        vdp.peek_status(),
        vdp.collision_line(),
        vdp.fifth_line(),
        lines,
        vdp.frame_indexed().to_vec(),
    )
}

#[test]
fn lines_run_alone_end_as_lines_run_one_by_one() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x9918_a10e);
    let mut with_flags = [0usize; 3];
    for n in 0..SCENES {
        let (mut vdp, top) = scene(&mut rng);
        vdp.set_frame_output(rng.random_bool(0.3));
        // A frame or two before, with or without a status read after each: flags stand.
        for _ in 0..rng.random_range(0..3) {
            vdp.run_frame();
            if rng.random_bool(0.5) {
                vdp.read_status();
            }
        }
        // The frame so far: line 0 checked, then lines up to `from` as a board runs them;
        // `from` mostly just above or inside the cluster, where the flags are decided.
        let from = if rng.random_bool(0.8) {
            (top + rng.random_range(0..24)).saturating_sub(8).min(191)
        } else {
            rng.random_range(0..192u16)
        };
        vdp.latch_line_mode();
        vdp.check_line(0);
        for line in 0..from {
            vdp.latch_line_mode();
            vdp.draw_line(line);
            vdp.check_line(line + 1);
            if rng.random_bool(0.02) {
                vdp.read_status();
            }
        }
        // Sometimes a table written just before: the first check reads it again.
        if rng.random_bool(0.3) {
            out_vram(&mut vdp, SAT + 4 * rng.random_range(0..4), &[rng.random()]);
        }
        let mut stepped = vdp.clone();
        for line in from..192 {
            stepped.latch_line_mode();
            stepped.draw_line(line);
            stepped.check_line(line + 1);
        }
        vdp.run_lines_alone(from);
        let (a, b) = (seen(&stepped), seen(&vdp));
        assert_eq!(a, b, "scene {n} from line {from}");
        stepped.end_frame();
        vdp.end_frame();
        assert_eq!(stepped.sprites(), vdp.sprites(), "scene {n}: sprite view");
        with_flags[0] += usize::from(a.1.is_some());
        with_flags[1] += usize::from(a.2.is_some());
        with_flags[2] += usize::from(a.1.is_none() && a.2.is_none());
    }
    // The scenes reach C, 5S and neither, from some line run alone.
    assert!(with_flags.iter().all(|&k| k > 20), "{with_flags:?}");
}
