//! The labyrinth on the Vectrex model: how many labyrinth frames (walls as a
//! `Draw_VL_mode` list drawn through the display model) the host renders per second, as a
//! multiple of the Vectrex's 50 Hz; and wall decisions per second of `maze-tiles` against
//! `obj-hit-walls`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
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
    let mut group = c.benchmark_group("labyrinth_frame");
    group.throughput(Throughput::Elements(1));
    group.bench_function("draw_vl_mode_walls", |b| {
        b.iter(|| black_box(draw_frame(&mut display, black_box(&mem))));
    });
    group.finish();
}

fn decisions(c: &mut Criterion) {
    let lab = labyrinth();
    let mut rng = ChaCha8Rng::seed_from_u64(0x5EED_0003);
    let samples: Vec<(Player, Dir)> = (0..10_000)
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
        .collect();
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

criterion_group!(benches, frame, decisions);
criterion_main!(benches);
