//! Frames per second of the VDP model on the seed's worst case: 80 sprites in H40, 20 on
//! each of 128 lines, full frame rendered (frame buffer, flags and sprite view), and the
//! collision-only mode; with the scene still, moving (SAT rewritten every frame) and
//! switching patterns every frame (every sprite-view mask rebuilt). Report `1 / time` as
//! a multiple of 60 Hz.
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

/// What changes between frames.
#[derive(Clone, Copy)]
enum Motion {
    /// Nothing: the same SAT every frame.
    Still,
    /// Every sprite moves one pixel right each frame (the SAT rewritten, as a driver
    /// would); patterns stay, so the view's masks are reused.
    Moving,
    /// Every sprite switches pattern each frame: every view mask is rebuilt.
    NewPatterns,
}

/// Four bands of 20 sprites, 32 lines tall, at random X inside the screen, so each of
/// 128 lines has 20 sprites; `w_cells` wide. Random tiles about 70 % opaque.
struct Scene {
    vdp: Vdp,
    sprites: Vec<[u16; 4]>,
    motion: Motion,
    frame: u16,
}

impl Scene {
    fn new(w_cells: u8, motion: Motion) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let mut vdp = Vdp::new();
        vdp.write_register(1, 0x44);
        vdp.write_register(12, 0x81);
        vdp.write_register(5, (SAT >> 9) as u8);
        vdp.write_register(15, 2);
        let tiles: Vec<u8> = (0..128 * 32)
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
        vdp.write_vram(32, &tiles);
        let sprites = (0..80u16)
            .map(|i| {
                let y = 128 + (i / 20) * 56;
                let x = 128 + rng.random_range(0..320 - 8 * u16::from(w_cells));
                let link = if i < 79 { i + 1 } else { 0 };
                let size = (u16::from(w_cells - 1) << 10) | (3 << 8) | link;
                let attr = (rng.random_range(0..4u16) << 13) | rng.random_range(1..48u16);
                [y, size, attr, x]
            })
            .collect();
        let mut scene = Self {
            vdp,
            sprites,
            motion,
            frame: 0,
        };
        scene.write_sat();
        scene
    }

    fn write_sat(&mut self) {
        let mut sat = [0u8; 640];
        for (entry, s) in sat.chunks_exact_mut(8).zip(&self.sprites) {
            let [y, size, mut attr, mut x] = *s;
            match self.motion {
                Motion::Still => {}
                Motion::Moving => x = 128 + (x - 128 + self.frame) % 288,
                Motion::NewPatterns => attr += 64 * (self.frame & 1),
            }
            for (bytes, word) in entry.chunks_exact_mut(2).zip([y, size, attr, x]) {
                bytes.copy_from_slice(&word.to_be_bytes());
            }
        }
        self.vdp.write_vram(SAT, &sat);
    }

    /// One frame as the harness runs it: the CPU's writes, the frame, the status read
    /// and the sprite view.
    fn step(&mut self) {
        if !matches!(self.motion, Motion::Still) {
            self.frame = self.frame.wrapping_add(1);
            self.write_sat();
        }
        self.vdp.run_frame();
        black_box(self.vdp.read_status());
        black_box(self.vdp.sprites().len());
    }
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
    for (name, w_cells, motion, output) in [
        ("16x32_still_full_frame", 2, Motion::Still, true),
        ("16x32_still_collision_only", 2, Motion::Still, false),
        ("16x32_moving_full_frame", 2, Motion::Moving, true),
        (
            "16x32_new_patterns_full_frame",
            2,
            Motion::NewPatterns,
            true,
        ),
        ("32x32_still_full_frame", 4, Motion::Still, true),
        ("32x32_still_collision_only", 4, Motion::Still, false),
    ] {
        let mut scene = Scene::new(w_cells, motion);
        scene.vdp.set_frame_output(output);
        scene.step();
        assert_eq!(scene.vdp.first_overflow_line(), None);
        g.bench_function(name, |b| {
            b.iter(|| {
                for _ in 0..frames_per_iter {
                    scene.step();
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
