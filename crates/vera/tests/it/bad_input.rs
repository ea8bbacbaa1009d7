//! Any VRAM content and any register writes: every frame renders, in bounded work,
//! without a panic, and the outputs keep their invariants.

use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use vera::{Quirks, Vera};

fn check_invariants(vera: &Vera) {
    assert_eq!(
        vera.frame_indexed().len(),
        vera.width_px() * vera.height_px()
    );
    assert_eq!(vera.isr() & 0x0A, 0, "LINE and AFLOW are never raised");
    assert_eq!(vera.isr() & 0x01, 0x01, "VSYNC after every frame");
    let mut last = None;
    let mut masks = Vec::new();
    for view in vera.sprites() {
        assert!(last < Some(view.number), "index order");
        last = Some(view.number);
        assert!(view.z != 0 && view.z <= 3);
        assert!([8, 16, 32, 64].contains(&view.w_px) && [8, 16, 32, 64].contains(&view.h_px));
        assert!((-64..1024).contains(&view.x_px) && (-64..1024).contains(&view.y_px));
        assert_eq!(view.mask_rows.len(), usize::from(view.h_px));
        if view.w_px < 64 {
            assert!(view.mask_rows.iter().all(|r| r >> view.w_px == 0));
        }
        assert!(view.budget_cut_lines.windows(2).all(|w| w[0] < w[1]));
        assert!(view.budget_cut_lines.iter().all(|&l| l < 512));
        masks.push(view.collision_mask >> 4);
    }
    // The nibble can only hold bits that two enabled sprites share.
    let mut possible = 0u8;
    for (i, a) in masks.iter().enumerate() {
        for b in &masks[i + 1..] {
            possible |= a & b;
        }
    }
    assert_eq!(vera.isr() >> 4 & !possible, 0);
}

#[test]
fn a_thousand_random_vram_images_render_without_panic() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xBAD_1A9E);
    let mut image = vec![0u8; 0x2_0000];
    let mut rgb = Vec::new();
    let mut chips = [Vera::new(Quirks::Hardware), Vera::new(Quirks::X16Emu)];
    for round in 0..1000 {
        rng.fill_bytes(&mut image);
        let vera = &mut chips[round % 2];
        // Registers first (any offset, any value, a few of them DATA0/DATA1 accesses),
        // then the dump, then more registers, as a program might.
        for _ in 0..rng.random_range(0..24) {
            let offset = rng.random::<u8>();
            if rng.random() {
                vera.write_reg(offset, rng.random());
            } else {
                vera.read_reg(offset);
            }
        }
        vera.write_vram(rng.random(), &image);
        for _ in 0..rng.random_range(0..8) {
            vera.write_reg(rng.random_range(0..0x20), rng.random());
        }
        // Mostly 1:1 with sprites shown; sometimes whatever the writes left.
        if rng.random_ratio(3, 4) {
            vera.set_hscale(128);
            vera.set_vscale(128);
            vera.set_dc_video(0x41);
        }
        vera.run_frame();
        check_invariants(vera);
        if round % 50 == 0 {
            vera.frame_rgb(&mut rgb);
            assert_eq!(rgb.len(), 640 * 480);
            assert!(rgb.iter().all(|&c| c <= 0x00FF_FFFF));
        }
        let ack = rng.random();
        vera.write_isr(ack);
        vera.set_ien(rng.random());
        let _ = vera.irq();
    }
}

#[test]
fn extreme_register_values_render() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut image = vec![0u8; 0x2_0000];
    rng.fill_bytes(&mut image);
    for (hscale, vscale) in [(0, 0), (255, 255), (1, 254), (254, 1), (128, 0), (0, 128)] {
        let mut vera = Vera::default();
        vera.write_vram(0, &image);
        vera.set_dc_video(0xFF);
        vera.set_hscale(hscale);
        vera.set_vscale(vscale);
        vera.run_frame();
        check_invariants(&vera);
    }
    // More data than VRAM holds wraps around instead of failing.
    let mut vera = Vera::default();
    let twice: Vec<u8> = (0..0x4_0001u32).map(|i| (i / 0x2_0000) as u8 + 1).collect();
    vera.write_vram(0x1_FFFF, &twice);
    assert_eq!(vera.read_vram(0x1_FFFF), 3);
    assert_eq!(vera.read_vram(0x0_0000), 2);
}
