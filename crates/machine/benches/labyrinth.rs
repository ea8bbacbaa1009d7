//! The labyrinth on the Vectrex model: how many labyrinth frames (walls as a
//! `Draw_VL_mode` list drawn through the display model) the host renders per second, as a
//! multiple of the Vectrex's 50 Hz; wall decisions per second of the Rust `maze-tiles`
//! against `obj-hit-walls`; and the whole frame as the machine runs it (CPU + chip +
//! routine): the walls drawn through the display model, then a frame's wall decisions
//! (8, the labyrinth scene has 7.5 a frame) taken by both routines of
//! `roms/vectrex/code/walls.bin` on the 6809. `obj_hit_walls` calls the BIOS `Obj_Hit` once
//! per wall, which the board answers with its model (`vectrex::bios`): its cycles are
//! counted but not run instruction by instruction, so the 6809 cycles per second of this
//! frame run above the core's own figure (`cargo bench -p cpu-6809`).
//!
//! Criterion's throughput lines are frames and decisions per second; the lines printed
//! first give the frames as a multiple of the Vectrex's 50 Hz and the 6809's cycles as a
//! multiple of its 1.5 MHz, per second of the thread's CPU time (what the model costs,
//! whatever else shares the machine) and per wall second: the best of five rounds.

use std::hint::black_box;
use std::time::Instant;

use cpu_time::ThreadTime;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use machine::vectrex::code::WallCode;
use machine::vectrex::maze::{
    Dir, Labyrinth, MazeTiles, ObjHitWalls, Player, Pos, WallCost, WallMethod,
    wall_list_draw_vl_mode,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Deserialize;
use vectrex::Memory;
use vectrex::display::Display;

#[derive(Deserialize)]
struct LabyrinthFile {
    width: usize,
    height: usize,
    rows: Vec<String>,
}

fn labyrinth() -> Labyrinth {
    let file: LabyrinthFile =
        ron::from_str(include_str!("../../../roms/vectrex/labyrinth.ron")).expect("RON");
    Labyrinth::from_rows(file.width, file.height, &file.rows).expect("rows")
}

fn draw_frame(display: &mut Display, mem: &Memory<'_>) -> usize {
    display.wait_recal();
    display.intensity_a(0x7F);
    display.set_scale(0xC0);
    display.reset0ref();
    display.draw_vl_mode(mem, 0x1000).expect("wall list");
    display.frame().segments.len()
}

fn frame(c: &mut Criterion) {
    let lab = labyrinth();
    let list = wall_list_draw_vl_mode(&lab);
    let mem = Memory::new(&list, 0x1000).expect("image");
    let mut display = Display::new();
    draw_frame(&mut display, &mem);
    eprintln!(
        "labyrinth frame: {} list bytes, {} segments, {} of 30,000 6809 cycles",
        list.len(),
        display.frame().segments.len(),
        display.frame().cycles
    );
    let (mut per_cpu, mut per_wall) = (0f64, 0f64);
    for _ in 0..5 {
        let (wall, cpu_clock) = (Instant::now(), ThreadTime::now());
        for _ in 0..1_000 {
            black_box(draw_frame(&mut display, &mem));
        }
        per_cpu = per_cpu.max(1_000.0 / cpu_clock.elapsed().as_secs_f64());
        per_wall = per_wall.max(1_000.0 / wall.elapsed().as_secs_f64());
    }
    println!(
        "labyrinth frame on the display model: {per_cpu:.0} frames per CPU second = {:.0}x \
         the Vectrex's 50 Hz; {per_wall:.0} per wall second = {:.0}x",
        per_cpu / 50.0,
        per_wall / 50.0,
    );
    let mut group = c.benchmark_group("labyrinth_frame");
    group.throughput(Throughput::Elements(1));
    group.bench_function("draw_vl_mode_walls", |b| {
        b.iter(|| black_box(draw_frame(&mut display, black_box(&mem))));
    });
    group.finish();
}

/// Seeded random decisions on the grid lines (both axes, any half-size and direction).
fn samples() -> Vec<(Player, Dir)> {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5EED_0003);
    (0..10_000)
        .map(|_| {
            let node = Pos::node(rng.random_range(0..=10), rng.random_range(0..=6));
            let pos = if rng.random_bool(0.5) {
                Pos::from_units(node.x.units() + rng.random_range(0..16), node.y.units())
            } else {
                Pos::from_units(node.x.units(), node.y.units() + rng.random_range(0..16))
            };
            let player = Player::new(pos, rng.random_range(0..=7)).expect("size");
            (player, Dir::ALL[rng.random_range(0..4)])
        })
        .collect()
}

fn decisions(c: &mut Criterion) {
    let lab = labyrinth();
    let samples = samples();
    let mut group = c.benchmark_group("wall_decisions");
    group.throughput(Throughput::Elements(samples.len() as u64));
    let mut run = |name: &str, method: &mut dyn WallMethod| {
        let mut cost = WallCost::default();
        for (p, d) in &samples {
            method.may_move(&lab, p, *d, &mut cost);
        }
        eprintln!(
            "{name}: {} 6809 cycles for {} decisions",
            cost.cycles_6809, cost.decisions
        );
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut cost = WallCost::default();
                let mut allowed = 0u32;
                for (p, d) in &samples {
                    allowed += u32::from(method.may_move(&lab, p, *d, &mut cost));
                }
                black_box((allowed, cost))
            });
        });
    };
    run("maze-tiles", &mut MazeTiles::new());
    run("obj-hit-walls", &mut ObjHitWalls::new());
    group.finish();
}

/// Decisions per frame on the 6809: the labyrinth scene takes 7.5 a frame.
const DECISIONS_PER_FRAME: usize = 8;

fn frame_on_the_6809(c: &mut Criterion) {
    let lab = labyrinth();
    let list = wall_list_draw_vl_mode(&lab);
    let mem = Memory::new(&list, 0x1000).expect("image");
    let mut display = Display::new();
    let mut code = WallCode::for_labyrinth(&lab).expect("the image carries this labyrinth");
    // Only the decisions the routines answer (within the labyrinth's outer grid lines).
    let samples: Vec<(Player, Dir)> = samples()
        .into_iter()
        .filter(|(p, d)| code.decide(p, *d).is_some())
        .collect();
    let mut next = 0;
    // One frame: the walls drawn, then a frame's decisions by both routines; the 6809
    // cycles both routines took.
    let mut frame = |display: &mut Display, code: &mut WallCode| {
        draw_frame(display, &mem);
        let mut cycles = 0;
        for _ in 0..DECISIONS_PER_FRAME {
            let (p, d) = samples[next % samples.len()];
            next += 1;
            let a = code.decide(&p, d).expect("askable");
            cycles += a.maze_tiles.expect("maze_tiles runs").cycles;
            cycles += a.obj_hit_walls.expect("obj_hit_walls runs").cycles;
        }
        cycles
    };
    let (mut per_cpu, mut per_wall, mut cycles_cpu, mut cycles_wall) = (0f64, 0f64, 0f64, 0f64);
    for _ in 0..5 {
        let (wall, cpu_clock) = (Instant::now(), ThreadTime::now());
        let mut cycles = 0;
        for _ in 0..50 {
            cycles += frame(&mut display, &mut code);
        }
        let (c, w) = (
            cpu_clock.elapsed().as_secs_f64(),
            wall.elapsed().as_secs_f64(),
        );
        per_cpu = per_cpu.max(50.0 / c);
        per_wall = per_wall.max(50.0 / w);
        cycles_cpu = cycles_cpu.max(cycles as f64 / c);
        cycles_wall = cycles_wall.max(cycles as f64 / w);
    }
    println!(
        "labyrinth frame + {DECISIONS_PER_FRAME} decisions by both wall routines on the 6809: \
         {per_cpu:.0} frames per CPU second = {:.1}x the Vectrex's 50 Hz ({:.1} M 6809 cycles \
         per CPU second = {:.1}x its 1.5 MHz); {per_wall:.0} per wall second = {:.1}x ({:.1} \
         M cycles = {:.1}x)",
        per_cpu / 50.0,
        cycles_cpu / 1e6,
        cycles_cpu / 1.5e6,
        per_wall / 50.0,
        cycles_wall / 1e6,
        cycles_wall / 1.5e6,
    );
    let mut group = c.benchmark_group("labyrinth_frame_6809");
    group.throughput(Throughput::Elements(1));
    group.bench_function("walls drawn + 8 decisions by both routines", |b| {
        b.iter(|| black_box(frame(&mut display, &mut code)));
    });
    group.finish();
}

criterion_group!(benches, frame, decisions, frame_on_the_6809);
criterion_main!(benches);
