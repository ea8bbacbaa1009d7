//! One frame of the TMS9918A model: 32 sprites, 16x16 magnified (32x32 pixels each),
//! spread so that lines carry up to 8 of them (4 shown, the rest dropped) and pairs
//! overlap, over a Graphics II picture whose 768 names, patterns and colours all differ.
//! Reported per frame; the multiple of real time is 60 Hz / (frames per second).
//!
//! The line printed first gives the frame's cost in the thread's CPU time (what the model
//! costs, whatever else shares the machine) with the picture drawn and with frame output
//! off (the collision-only mode: sprite check, flags and view only): the best of five
//! rounds of 2,000 frames.
//!
//! `cargo bench -p tms9918 --bench frame`

use std::hint::black_box;

use cpu_time::ThreadTime;
use criterion::{Criterion, criterion_group, criterion_main};
use tms9918::Vdp;

/// A chip set up like a game's SCREEN 2 with 32 magnified 16x16 sprites.
fn scene() -> Vdp {
    let mut vdp = Vdp::new();
    vdp.write_register(0, 0x02); // Graphic 2
    vdp.write_register(1, 0xE3); // 16K, display on, IE, 16x16, MAG
    vdp.write_register(2, 0x06); // names at 0x1800
    vdp.write_register(3, 0xFF); // colours at 0x2000, three tables
    vdp.write_register(4, 0x03); // patterns at 0x0000, three tables
    vdp.write_register(5, 0x36); // SAT at 0x1B00
    vdp.write_register(6, 0x07); // patterns at 0x3800
    vdp.write_register(7, 0x04); // backdrop dark blue
    // Eight 16x16 patterns: a filled disc-like shape with holes, different per pattern.
    let mut patterns = [0u8; 8 * 32];
    for (i, byte) in patterns.iter_mut().enumerate() {
        let p = i / 32;
        let r = i % 16;
        *byte = (0xFFu8 >> (r % 4)) ^ ((p as u8).wrapping_mul(0x35) & (r as u8 * 0x11));
    }
    vdp.write_vram(0x3800, &patterns);
    let mut sat = [0u8; 128];
    for n in 0..32usize {
        let y = ((n / 8) * 44 + (n % 3) * 6) as u8;
        let x = ((n % 8) * 28 + (n / 8) * 5) as u8;
        sat[4 * n] = y;
        sat[4 * n + 1] = x;
        sat[4 * n + 2] = ((n % 8) * 4) as u8;
        sat[4 * n + 3] = 2 + (n % 14) as u8;
    }
    vdp.write_vram(0x1B00, &sat);
    // The picture: names 0-255 in each third, varied patterns and colours.
    let names: Vec<u8> = (0..768u32).map(|i| (i * 7) as u8).collect();
    vdp.write_vram(0x1800, &names);
    let patterns: Vec<u8> = (0..0x1800u32).map(|i| (i * 37 + i / 8) as u8).collect();
    vdp.write_vram(0x0000, &patterns);
    let colours: Vec<u8> = (0..0x1800u32).map(|i| (i * 13 + 0x21) as u8).collect();
    vdp.write_vram(0x2000, &colours);
    vdp
}

/// Microseconds of thread CPU time per frame, the best of five rounds.
fn cpu_us_per_frame(vdp: &mut Vdp) -> f64 {
    const FRAMES: u32 = 2000;
    (0..5)
        .map(|_| {
            let clock = ThreadTime::now();
            for _ in 0..FRAMES {
                vdp.run_frame();
                black_box(vdp.read_status());
            }
            clock.elapsed().as_secs_f64() * 1e6 / f64::from(FRAMES)
        })
        .fold(f64::INFINITY, f64::min)
}

fn frame(c: &mut Criterion) {
    let mut vdp = scene();
    let with_picture = cpu_us_per_frame(&mut vdp);
    vdp.set_frame_output(false);
    let without = cpu_us_per_frame(&mut vdp);
    vdp.set_frame_output(true);
    println!(
        "tms9918 frame: {with_picture:.1} us CPU with the picture ({:.0}x real time), \
         {without:.1} us with frame output off ({:.0}x)",
        1e6 / 60.0 / with_picture,
        1e6 / 60.0 / without
    );
    let mut group = c.benchmark_group("tms9918");
    group.bench_function("frame_32_sprites_16x16_mag", |b| {
        b.iter(|| {
            vdp.run_frame();
            black_box(vdp.read_status())
        });
    });
    let mut rgb = Vec::with_capacity(256 * 192);
    group.bench_function("frame_32_sprites_16x16_mag_rgb", |b| {
        b.iter(|| {
            vdp.run_frame();
            vdp.frame_rgb(&mut rgb);
            black_box((vdp.read_status(), rgb[0]))
        });
    });
    group.finish();
}

criterion_group!(benches, frame);
criterion_main!(benches);
