//! Any VRAM content and any register values render a frame without a panic and with
//! bounded work: 1,000 random 64 KiB VRAM images with random registers, and random port
//! traffic.

use genesis::{CRAM_BYTES, VRAM_BYTES, Vdp};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Structural bounds that keep a frame's work finite whatever the input.
fn check_bounded(v: &Vdp) {
    let (w, h) = (usize::from(v.width_px()), usize::from(v.height_px()));
    assert!(w == 256 || w == 320);
    assert!(h == 224 || h == 240);
    assert_eq!(v.frame_indexed().len(), w * h);
    assert!(v.frame_indexed().iter().all(|&p| p < 64));
    assert!(!v.sprites().is_empty() && v.sprites().len() <= 80);
    for s in v.sprites() {
        assert!(s.number < 80);
        assert!((8..=32).contains(&s.w_px) && (8..=32).contains(&s.h_px));
        assert_eq!(s.mask_rows.len(), usize::from(s.h_px));
        // At most: a line-limit, budget or mask entry, or two off-screen pieces and a cut,
        // per row.
        assert!(s.not_drawn.len() <= 3 * usize::from(s.h_px));
        for n in &s.not_drawn {
            assert!(n.first_col_px < n.end_col_px && n.end_col_px <= s.w_px);
        }
    }
    if let Some(l) = v.first_collision_line() {
        assert!(usize::from(l) < h);
    }
    if let Some(l) = v.first_overflow_line() {
        assert!(usize::from(l) < h);
    }
}

#[test]
fn a_thousand_random_vram_images_render() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xBAD_1A6E);
    let mut image = vec![0u8; VRAM_BYTES];
    let mut cram = [0u8; CRAM_BYTES];
    let mut v = Vdp::new();
    let mut rgb = Vec::new();
    for i in 0..1000 {
        if i % 10 == 0 {
            v = Vdp::new();
        }
        for n in 0..24 {
            v.write_register(n, rng.random());
        }
        // Most frames with the display on, so the sprite engine runs.
        if rng.random_bool(0.9) {
            v.write_register(1, v.register(1) | 0x40);
        }
        rng.fill_bytes(&mut image);
        rng.fill_bytes(&mut cram);
        v.load_vram(&image).unwrap();
        v.load_cram(&cram).unwrap();
        v.run_frame();
        check_bounded(&v);
        v.frame_rgb(&mut rgb);
        assert_eq!(rgb.len(), v.frame_indexed().len());
        v.read_status();
    }
}

#[test]
fn random_port_traffic_renders() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x9047);
    let mut v = Vdp::new();
    for _ in 0..200 {
        for _ in 0..2000 {
            match rng.random_range(0..10) {
                0..3 => v.write_control(rng.random()),
                3..8 => v.write_data(rng.random()),
                8 => {
                    v.read_data();
                }
                _ => {
                    v.read_status();
                }
            }
        }
        v.write_register(1, v.register(1) | 0x40);
        v.run_frame();
        check_bounded(&v);
    }
}
