//! The Vectrex board running seed 003's wall routines (`roms/vectrex/code/walls.bin`):
//! wall decisions per second on the 6809 core, each a full call (stub `JSR`, the routine,
//! `Obj_Hit` by the model for the baseline, `RTS`). Criterion reports decisions per
//! second; the summary lines printed first give, per routine, the decisions and the
//! emulated cycles per second of the thread's CPU time (so a loaded machine does not
//! halve the figure) and the board as a multiple of the Vectrex's 1.5 MHz.

use std::hint::black_box;
use std::time::Instant;

use collide::rng::SplitMix64;
use cpu_time::ThreadTime;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use machine::routine::Target;
use machine::vectrex::maze::{Coord, Dir, Player, Pos};
use machine::vectrex::target::{CLOCK_HZ, VectrexTarget, WallQuery};

const IMAGE: &[u8] = include_bytes!("../../../roms/vectrex/code/walls.bin");
/// `maze_tiles` and `obj_hit_walls` in the image.
const ROUTINES: [(&str, u32); 2] = [("maze_tiles", 0x1000), ("obj_hit_walls", 0x1100)];
const DECISIONS: usize = 1000;

/// Seeded decisions inside the 10x6 labyrinth: on its grid lines (and now and then off
/// them), every half-size and direction.
fn decisions() -> Vec<WallQuery> {
    let mut rng = SplitMix64(0x0003_BE9C);
    (0..DECISIONS)
        .map(|_| {
            let pos = match rng.below(10) {
                0..=4 => Pos {
                    x: Coord::from_units(rng.below(161) as i32),
                    y: Coord::line(rng.below(7) as i16),
                },
                5..=8 => Pos {
                    x: Coord::line(rng.below(11) as i16),
                    y: Coord::from_units(rng.below(97) as i32),
                },
                _ => Pos::from_units(rng.below(161) as i32, rng.below(97) as i32),
            };
            let player = Player::new(pos, rng.below(8) as u8).expect("half-size 0..=7");
            let dir = Dir::ALL[rng.below(4) as usize];
            WallQuery::new(&player, dir).expect("inside the labyrinth")
        })
        .collect()
}

/// All decisions once; returns the emulated cycles.
fn run(t: &mut VectrexTarget, entry: u32, qs: &[WallQuery]) -> u64 {
    qs.iter()
        .map(|q| t.wall(entry, q).expect("the walls image runs").cycles)
        .sum()
}

fn bench(c: &mut Criterion) {
    let qs = decisions();
    let mut t = VectrexTarget::new();
    t.load(IMAGE).expect("the image fits");
    for (name, entry) in ROUTINES {
        let (wall, cpu_clock) = (Instant::now(), ThreadTime::now());
        let (mut cycles, mut n) = (0u64, 0u64);
        while cpu_clock.elapsed().as_secs_f64() < 1.0 {
            cycles += run(&mut t, entry, &qs);
            n += qs.len() as u64;
        }
        let secs = cpu_clock.elapsed().as_secs_f64();
        println!(
            "{name}: {:.0} decisions per CPU second ({:.0} emulated cycles each); {:.1} M \
             emulated cycles per CPU second = {:.0}x real time at 1.5 MHz ({:.0} decisions \
             per wall second)",
            n as f64 / secs,
            cycles as f64 / n as f64,
            cycles as f64 / secs / 1e6,
            cycles as f64 / secs / CLOCK_HZ as f64,
            n as f64 / wall.elapsed().as_secs_f64(),
        );
    }

    let mut group = c.benchmark_group("vectrex-6809");
    group.throughput(Throughput::Elements(DECISIONS as u64));
    for (name, entry) in ROUTINES {
        group.bench_function(format!("{name} {DECISIONS} decisions"), |b| {
            b.iter(|| black_box(run(&mut t, entry, &qs)));
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
