//! The seed's labyrinth as data (roms/vectrex/labyrinth.ron), its two wall methods over
//! random positions and a replay, and its walls drawn through the display model.

use machine::vectrex::maze::{
    Dir, Labyrinth, MazeTiles, ObjHitWalls, Player, Pos, SharedEdge, TilePos, WallCost, WallMethod,
    step, wall_list_draw_vl_mode,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Deserialize;
use vectrex::Memory;
use vectrex::display::{Display, cycles::FRAME_BUDGET_CYCLES};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LabyrinthFile {
    version: u32,
    width: usize,
    height: usize,
    rows: Vec<String>,
}

fn load(text: &str) -> Labyrinth {
    let file: LabyrinthFile = ron::from_str(text).expect("labyrinth RON");
    assert_eq!(file.version, 1);
    Labyrinth::from_rows(file.width, file.height, &file.rows).expect("labyrinth rows")
}

fn labyrinth() -> Labyrinth {
    load(include_str!("../../../../roms/vectrex/labyrinth.ron"))
}

fn seed_row() -> Labyrinth {
    load(include_str!("../fixtures/seed_first_row.ron"))
}

#[test]
fn the_model_loads_and_its_first_row_is_the_seed_row_corrected() {
    let lab = labyrinth();
    assert_eq!((lab.width(), lab.height()), (10, 6));
    let seed = seed_row();
    assert_eq!(lab.tiles()[..9], seed.tiles()[..9]);
    assert_eq!(seed.tiles()[9], 0b0110);
    assert_eq!(lab.tiles()[9], 0b1010);
}

#[test]
fn the_checker_finds_the_seed_contradiction_and_nothing_in_the_model() {
    let found = seed_row().check_consistency();
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].first, TilePos { x: 8, y: 0 });
    assert_eq!(found[0].second, TilePos { x: 9, y: 0 });
    assert_eq!(found[0].edge, SharedEdge::LeftRight);
    assert!(labyrinth().check_consistency().is_empty());
}

/// Walks from `node` along `dir` to the next node; false if a wall stops the player.
fn edge_open(lab: &Labyrinth, node: (i16, i16), dir: Dir) -> bool {
    let mut method = MazeTiles::new();
    let mut cost = WallCost::default();
    let mut p = Player::new(Pos::node(node.0, node.1), 7).unwrap();
    (0..16).all(|_| step(&mut method, lab, &mut p, dir, &mut cost))
}

#[test]
fn every_node_inside_the_ring_is_reachable_and_none_outside() {
    let lab = labyrinth();
    let mut seen = vec![(1i16, 1i16)];
    let mut todo = vec![(1i16, 1i16)];
    while let Some((gx, gy)) = todo.pop() {
        for dir in Dir::ALL {
            if edge_open(&lab, (gx, gy), dir) {
                let next = match dir {
                    Dir::Up => (gx, gy - 1),
                    Dir::Down => (gx, gy + 1),
                    Dir::Left => (gx - 1, gy),
                    Dir::Right => (gx + 1, gy),
                };
                if !seen.contains(&next) {
                    seen.push(next);
                    todo.push(next);
                }
            }
        }
    }
    assert_eq!(seen.len(), 9 * 5);
    assert!(
        seen.iter()
            .all(|&(gx, gy)| (1..=9).contains(&gx) && (1..=5).contains(&gy))
    );
}

/// A random position in node coordinates: a node of the labyrinth or one line beyond its
/// edge, half of the time moved along one of its lines by a random fine offset.
fn random_position(rng: &mut ChaCha8Rng) -> Pos {
    let node = Pos::node(rng.random_range(-1..=11), rng.random_range(-1..=7));
    if rng.random_bool(0.5) {
        return node;
    }
    let along: i32 = rng.random_range(1..16);
    if rng.random_bool(0.5) {
        Pos::from_units(node.x.units() + along, node.y.units())
    } else {
        Pos::from_units(node.x.units(), node.y.units() + along)
    }
}

#[test]
fn maze_tiles_and_obj_hit_walls_agree_on_10000_random_decisions() {
    let lab = labyrinth();
    let mut rng = ChaCha8Rng::seed_from_u64(0x5EED_0003);
    let mut tiles = MazeTiles::new();
    let mut walls = ObjHitWalls::new();
    let (mut cost_tiles, mut cost_walls) = (WallCost::default(), WallCost::default());
    let mut blocked_by_walls = 0;
    for _ in 0..10_000 {
        let player = Player::new(random_position(&mut rng), rng.random_range(0..=7)).unwrap();
        let dir = Dir::ALL[rng.random_range(0..4)];
        let a = tiles.may_move(&lab, &player, dir, &mut cost_tiles);
        let b = walls.may_move(&lab, &player, dir, &mut cost_walls);
        assert_eq!(a, b, "{player:?} {dir:?}");
        blocked_by_walls += usize::from(!a && player.pos.on_track(dir));
    }
    println!(
        "10,000 decisions: maze-tiles {} cycles ({} tile reads), obj-hit-walls {} cycles ({} Obj_Hit calls); {} blocked by walls",
        cost_tiles.cycles_6809,
        cost_tiles.tile_reads,
        cost_walls.cycles_6809,
        cost_walls.obj_hit_calls,
        blocked_by_walls
    );
    assert!(blocked_by_walls > 200, "{blocked_by_walls} blocked");
    assert!(cost_tiles.cycles_6809 < cost_walls.cycles_6809);
    assert_eq!(cost_tiles.decisions, 10_000);
}

#[test]
fn a_replay_of_wandering_players_gets_the_same_answer_at_every_move() {
    let lab = labyrinth();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut tiles = MazeTiles::new();
    let mut walls = ObjHitWalls::new();
    let (mut cost_tiles, mut cost_walls) = (WallCost::default(), WallCost::default());
    for half in [0u8, 3, 7] {
        let mut p = Player::new(Pos::node(1 + i16::from(half), 3), half).unwrap();
        let mut dir = Dir::Right;
        for _ in 0..3_000 {
            if p.pos.is_node() && rng.random_bool(0.4) {
                dir = Dir::ALL[rng.random_range(0..4)];
            }
            let a = tiles.may_move(&lab, &p, dir, &mut cost_tiles);
            let b = walls.may_move(&lab, &p, dir, &mut cost_walls);
            assert_eq!(a, b, "{p:?} {dir:?}");
            if a {
                p.pos = p.pos.stepped(dir);
            } else {
                dir = dir.reverse();
            }
            let (x, y) = (p.pos.x.units(), p.pos.y.units());
            assert!((8..=152).contains(&x) && (8..=88).contains(&y), "{p:?}");
        }
    }
    println!(
        "replay of 9,000 moves: maze-tiles {} cycles, obj-hit-walls {} cycles",
        cost_tiles.cycles_6809, cost_walls.cycles_6809
    );
    assert!(cost_tiles.cycles_6809 * 20 < cost_walls.cycles_6809);
}

#[test]
fn the_labyrinth_frame_draws_every_wall_within_the_budget() {
    let lab = labyrinth();
    let list = wall_list_draw_vl_mode(&lab);
    let mem = Memory::new(&list, 0x1000).unwrap();
    let mut display = Display::new();
    display.wait_recal();
    display.intensity_a(0x7F);
    display.set_scale(0xC0);
    display.reset0ref();
    let end = display.draw_vl_mode(&mem, 0x1000).unwrap();
    assert_eq!(usize::from(end - 0x1000), list.len());
    let frame = display.wait_recal();
    let length: i64 = frame
        .segments
        .iter()
        .map(|s| i64::from((s.to.x - s.from.x).abs() + (s.to.y - s.from.y).abs()))
        .sum();
    let half_walls: u32 = lab.tiles().iter().map(|t| (t & 0x0F).count_ones()).sum();
    assert_eq!(length, i64::from(half_walls) * 8 * 0xC0);
    // The wall list ends where it began relative to the origin: every segment within
    // the labyrinth's 160 x 96 units around the centre.
    assert!(frame.segments.iter().all(|s| s.from.x.abs() <= 80 * 0xC0
        && s.to.x.abs() <= 80 * 0xC0
        && s.from.y.abs() <= 48 * 0xC0
        && s.to.y.abs() <= 48 * 0xC0));
    println!(
        "labyrinth frame: {} segments, {} cycles of {}",
        frame.segments.len(),
        frame.cycles,
        FRAME_BUDGET_CYCLES
    );
    assert!(!frame.over_budget());
}
