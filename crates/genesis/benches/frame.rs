//! Frames per second of the VDP model on the seed's worst case: 80 sprites in H40, 20 on
//! each of 128 lines, full frame rendered (frame buffer, flags and sprite view), and the
//! collision-only mode. Report `1 / time` as a multiple of 60 Hz.
//!
//! Two clocks: wall time per frame (criterion's default), and the CPU time of the
//! benchmark thread (from /proc/thread-self/schedstat) per batch of
//! [`CPU_BATCH_FRAMES`] frames: that clock advances at scheduler ticks, so one iteration
//! must span several. CPU time is what one core delivers when the machine is shared.
//!
//! `cargo bench -p genesis --bench frame`

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{Criterion, criterion_group, criterion_main};
use genesis::Vdp;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::time::Duration;

const SAT: u16 = 0xF800;

/// Four bands of 20 sprites, 32 lines tall, at random X inside the screen, so each of
/// 128 lines has 20 sprites; `w_cells` wide. Random tiles about 70 % opaque.
fn seed_scene(w_cells: u8) -> Vdp {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut v = Vdp::new();
    v.write_register(1, 0x44);
    v.write_register(12, 0x81);
    v.write_register(5, (SAT >> 9) as u8);
    v.write_register(15, 2);
    let tiles: Vec<u8> = (0..64 * 32)
        .map(|_| {
            let mut b = 0u8;
            for shift in [4, 0] {
                if rng.random_bool(0.7) {
                    b |= rng.random_range(1..16u8) << shift;
                }
            }
            b
        })
        .collect();
    v.write_vram(32, &tiles);
    let mut sat = Vec::new();
    for i in 0..80u16 {
        let band = i / 20;
        let y = 128 + band * 56;
        let x = 128 + rng.random_range(0..320 - 8 * u16::from(w_cells));
        let link = if i < 79 { i + 1 } else { 0 };
        let size = (u16::from(w_cells - 1) << 10) | (3 << 8) | link;
        let attr = (rng.random_range(0..4u16) << 13) | rng.random_range(1..48u16);
        for word in [y, size, attr, x] {
            sat.extend_from_slice(&word.to_be_bytes());
        }
    }
    v.write_vram(SAT, &sat);
    v
}

/// CPU time of the calling thread, in nanoseconds.
fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// Criterion measurement: CPU time of the benchmark thread.
struct ThreadCpuTime;

static WALL: WallTime = WallTime;

impl Measurement for ThreadCpuTime {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 {
        thread_cpu_ns()
    }
    fn end(&self, start: u64) -> u64 {
        thread_cpu_ns().saturating_sub(start)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, v: &u64) -> f64 {
        *v as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        WALL.formatter()
    }
}

/// Frames per iteration of the CPU-time group.
const CPU_BATCH_FRAMES: usize = 200;

fn run<M: Measurement>(c: &mut Criterion<M>, group: &str, frames_per_iter: usize) {
    let mut g = c.benchmark_group(group);
    for (name, w_cells, output) in [
        ("16x32_full_frame", 2, true),
        ("16x32_collision_only", 2, false),
        ("32x32_full_frame", 4, true),
        ("32x32_collision_only", 4, false),
    ] {
        let mut v = seed_scene(w_cells);
        v.set_frame_output(output);
        v.run_frame();
        assert_eq!(v.first_overflow_line(), None);
        g.bench_function(name, |b| {
            b.iter(|| {
                for _ in 0..frames_per_iter {
                    v.run_frame();
                    black_box(v.read_status());
                    black_box(v.sprites().len());
                }
            });
        });
    }
    g.finish();
}

fn wall(c: &mut Criterion) {
    run(c, "genesis_h40_80_sprites_wall", 1);
}

fn cpu(c: &mut Criterion<ThreadCpuTime>) {
    run(
        c,
        "genesis_h40_80_sprites_cpu_per_200_frames",
        CPU_BATCH_FRAMES,
    );
}

criterion_group!(wall_clock, wall);
criterion_group! {
    name = cpu_clock;
    config = Criterion::default()
        .with_measurement(ThreadCpuTime)
        .sample_size(30)
        .measurement_time(Duration::from_secs(20));
    targets = cpu
}
criterion_main!(wall_clock, cpu_clock);
