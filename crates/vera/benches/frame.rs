//! Frames per second of the VERA model on the X16 seed's scene (TurboVega
//! 128_collision_detection): 128 sprites of 16x16 8bpp at z = 3 on eight elliptical
//! rings around (320, 240), quadrant collision masks, 640 x 480 at 1:1. Each iteration
//! writes the attribute table for the next step of the motion (1 KiB, as the demo's
//! VSYNC handler does) and renders a full frame: sprite view, line buffer, indexed
//! frame and the vblank commit. Divide 1 s by the time per iteration and by 60 for the
//! multiple of real time.
//!
//! Two groups: `wall/...` is criterion's wall-clock time; `cpu/...` is the CPU time of the
//! benchmarking thread (Linux `/proc/thread-self/schedstat`), which a loaded machine does
//! not inflate by descheduling (shared caches still slow it down). The kernel updates
//! that figure at scheduler ticks, so the CPU group uses few, long, equal samples.

use std::f64::consts::TAU;
use std::hint::black_box;
use std::time::{Duration, Instant};

use collide::methods::quadrants::quadrant_mask;
use collide::{PxBox, Screen};
use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use vera::{Quirks, Vera};

/// The X16's screen, whose centre lines split the quadrants.
const SCREEN: Screen = Screen::new(640, 480);

/// Nanoseconds the current thread has spent on a CPU, where the kernel reports it.
fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// CPU time of the measuring thread; wall time where the kernel does not report it.
struct ThreadCpuTime {
    wall: WallTime,
}

impl Measurement for ThreadCpuTime {
    type Intermediate = (Option<u64>, Instant);
    type Value = Duration;

    fn start(&self) -> Self::Intermediate {
        (thread_cpu_ns(), Instant::now())
    }

    fn end(&self, (cpu, wall): Self::Intermediate) -> Duration {
        match (cpu, thread_cpu_ns()) {
            (Some(a), Some(b)) => Duration::from_nanos(b.saturating_sub(a)),
            _ => wall.elapsed(),
        }
    }

    fn add(&self, v1: &Duration, v2: &Duration) -> Duration {
        *v1 + *v2
    }

    fn zero(&self) -> Duration {
        Duration::ZERO
    }

    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        self.wall.formatter()
    }
}

/// (horizontal radius, vertical radius, points per lap, sprites, points between sprites).
const RINGS: [(f64, f64, usize, usize, usize); 8] = [
    (50.0, 200.0, 400, 10, 27),
    (93.0, 70.0, 208, 16, 9),
    (120.0, 90.0, 256, 12, 9),
    (146.0, 110.0, 304, 14, 9),
    (173.0, 130.0, 352, 16, 9),
    (200.0, 150.0, 400, 18, 9),
    (226.0, 170.0, 464, 20, 9),
    (253.0, 190.0, 512, 22, 9),
];

const TARGET_PATTERN: u32 = 0x1_2300;
const PROJECTILE_PATTERN: u32 = 0x1_2500;

/// A 16x16 8bpp diamond 8 px across, in `colour`.
fn diamond(colour: u8) -> Vec<u8> {
    (0..256)
        .map(|i| {
            let (c, r) = (f64::from(i % 16), f64::from(i / 16));
            if (c - 7.5).abs() + (r - 7.5).abs() <= 4.0 {
                colour
            } else {
                0
            }
        })
        .collect()
}

/// The attribute table for motion step `step`.
fn attribute_table(step: usize) -> Vec<u8> {
    let mut table = Vec::with_capacity(1024);
    for (ring, &(h, v, points, sprites, spacing)) in RINGS.iter().enumerate() {
        for k in 0..sprites {
            let point = (step + k * spacing) % points;
            let angle = TAU * point as f64 / points as f64;
            let x = (320.0 + h * angle.cos()).round() as i32 - 8;
            let y = (240.0 + v * angle.sin()).round() as i32 - 8;
            let pattern = if ring == 0 {
                PROJECTILE_PATTERN
            } else {
                TARGET_PATTERN
            };
            let (x10, y10) = ((x & 0x3FF) as u16, (y & 0x3FF) as u16);
            table.extend_from_slice(&[
                (pattern >> 5) as u8,
                0x80 | (pattern >> 13) as u8,
                (x10 & 0xFF) as u8,
                (x10 >> 8) as u8,
                (y10 & 0xFF) as u8,
                (y10 >> 8) as u8,
                quadrant_mask(&PxBox::new(x, y, 16, 16), SCREEN) | 0x0C,
                0x50, // 16 x 16, palette offset 0
            ]);
        }
    }
    table
}

fn seed_scene(quirks: Quirks) -> (Vera, Vec<Vec<u8>>) {
    let mut vera = Vera::new(quirks);
    vera.write_vram(TARGET_PATTERN, &diamond(0x25));
    vera.write_vram(PROJECTILE_PATTERN, &diamond(0x47));
    let palette: Vec<u8> = (0..=255u8).flat_map(|i| [i, i >> 4]).collect();
    vera.write_vram(vera::PALETTE_ADDR, &palette);
    vera.set_dc_video(0x41);
    vera.set_ien(0x05);
    let tables = (0..400).map(attribute_table).collect();
    (vera, tables)
}

fn frame<M: Measurement + 'static>(c: &mut Criterion<M>, clock: &str) {
    let (mut vera, tables) = seed_scene(Quirks::Hardware);
    let mut step = 0usize;
    let mut c = c.benchmark_group(clock);
    c.sampling_mode(SamplingMode::Flat);
    c.bench_function("seed_128_sprites_16x16_8bpp_640x480", |b| {
        b.iter(|| {
            vera.write_vram(vera::SPRITE_ATTR_ADDR, &tables[step % tables.len()]);
            step += 1;
            vera.run_frame();
            vera.write_isr(0x05);
            black_box(vera.isr())
        });
    });

    let mut rgb = Vec::with_capacity(640 * 480);
    c.bench_function("seed_frame_plus_rgb", |b| {
        b.iter(|| {
            vera.write_vram(vera::SPRITE_ATTR_ADDR, &tables[step % tables.len()]);
            step += 1;
            vera.run_frame();
            vera.frame_rgb(&mut rgb);
            black_box(rgb[0])
        });
    });

    // Random VRAM (the bad-input case): about 96 enabled sprites of every size, most
    // lines cut by the budget; the slow end of what a frame can cost.
    let mut random = Vera::new(Quirks::Hardware);
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let image: Vec<u8> = (0..0x2_0000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 24) as u8
        })
        .collect();
    random.write_vram(0, &image);
    random.set_dc_video(0x41);
    c.bench_function("random_vram_frame", |b| {
        b.iter(|| {
            random.run_frame();
            black_box(random.isr())
        });
    });
    c.finish();
}

fn wall(c: &mut Criterion) {
    frame(c, "wall");
}

fn cpu(c: &mut Criterion<ThreadCpuTime>) {
    frame(c, "cpu");
}

criterion_group!(wall_clock, wall);
criterion_group! {
    name = cpu_time;
    config = Criterion::default()
        .with_measurement(ThreadCpuTime { wall: WallTime })
        .sample_size(20)
        .measurement_time(Duration::from_secs(10));
    targets = cpu
}
criterion_main!(wall_clock, cpu_time);
