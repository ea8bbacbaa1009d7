//! Any memory and register content renders, in bounded time, without a panic: 1,000
//! random VRAM images with random R0-R7, random port traffic between frames, and the
//! outputs stay within their ranges.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tms9918::Vdp;
use tms9918::status::F;

#[test]
fn random_vram_and_registers_render_without_panic() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xBAD_1D7A);
    let mut image = vec![0u8; tms9918::VRAM_SIZE];
    let mut rgb = Vec::new();
    let mut vdp = Vdp::new();
    for _ in 0..1000 {
        rng.fill(&mut image[..]);
        // Now and then a SAT full of terminators or of Y = 208's neighbours.
        if rng.random_bool(0.1) {
            let v: u8 = rng.random_range(206..=210);
            for b in image.iter_mut().step_by(4) {
                *b = v;
            }
        }
        vdp.load_vram(&image).expect("16 KiB image");
        for n in 0..8u8 {
            let v: u8 = rng.random();
            if rng.random_bool(0.5) {
                vdp.write_register(n, v);
            } else {
                vdp.write_control(v);
                vdp.write_control(0x80 | n | (rng.random::<u8>() & 0x78));
            }
        }
        // Arbitrary port traffic, including lone control bytes and reads.
        for _ in 0..rng.random_range(0..64) {
            match rng.random_range(0..5) {
                0 => vdp.write_control(rng.random()),
                1 => vdp.write_data(rng.random()),
                2 => {
                    vdp.read_data();
                }
                3 => {
                    vdp.read_status();
                }
                _ => vdp.write_vram(rng.random(), &[rng.random(), rng.random()]),
            }
        }
        vdp.run_frame();
        assert_eq!(vdp.peek_status() & F, F);
        assert_eq!(vdp.frame_indexed().len(), 256 * 192);
        assert!(vdp.frame_indexed().iter().all(|&c| c < 16));
        vdp.frame_rgb(&mut rgb);
        assert_eq!(rgb.len(), 256 * 192);
        assert!(rgb.iter().all(|&c| c <= 0x00FF_FFFF));
        let sprites = vdp.sprites();
        assert!(sprites.len() <= 32);
        for (i, v) in sprites.iter().enumerate() {
            assert_eq!(usize::from(v.number), i);
            assert!(matches!(v.w_px, 8 | 16 | 32));
            assert_eq!(v.w_px, v.h_px);
            assert_eq!(v.mask_rows.len(), usize::from(v.h_px));
            assert!(v.mask_rows.iter().all(|&r| r >> v.w_px == 0));
            assert!((-32..=255).contains(&v.x_px));
            assert!((-31..=255).contains(&v.y_px));
            assert!(v.dropped_lines.windows(2).all(|w| w[0] < w[1]));
            assert!(v.dropped_lines.iter().all(|&l| l <= 192));
            assert!(v.colour < 16);
        }
        for line in 0..=200 {
            assert!(vdp.line_sprites(line).len() <= 4);
        }
        vdp.read_status();
    }
}
