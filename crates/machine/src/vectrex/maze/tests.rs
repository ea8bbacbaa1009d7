//! Reference checks of the labyrinth (specs/vectrex.md, "The labyrinth").

use super::*;

/// The seed's first row as printed, tenth tile 0b0110 (right + bottom) after a right wall.
const SEED_ROW: &str = "0110 1100 1100 1110 1100 1100 1110 1100 1100 0110";
/// The first row corrected as the seed's comment says (left, not right): 0b1010.
const CORRECTED_ROW: &str = "0110 1100 1100 1110 1100 1100 1110 1100 1100 1010";
/// The other rows of the 10x6 maze (also in roms/vectrex/labyrinth.ron).
const OTHER_ROWS: [&str; 5] = [
    "0011 0100 1100 1001 0000 0000 0101 1100 1000 0011",
    "0011 0000 0010 0000 0100 1000 0000 0010 0000 0011",
    "0111 1000 0001 0010 0100 1000 0010 0001 0100 1011",
    "0011 0000 0100 1001 0010 0010 0101 1000 0000 0011",
    "0101 1100 1100 1100 1101 1101 1100 1100 1100 1001",
];

fn maze(first: &str) -> Labyrinth {
    let mut rows = vec![first];
    rows.extend(OTHER_ROWS);
    Labyrinth::from_rows(10, 6, &rows).unwrap()
}

#[test]
fn the_seed_row_has_one_contradiction_at_the_tenth_tile() {
    let row = Labyrinth::from_rows(10, 1, &[SEED_ROW]).unwrap();
    let found = row.check_consistency();
    assert_eq!(
        found,
        [Contradiction {
            first: TilePos { x: 8, y: 0 },
            second: TilePos { x: 9, y: 0 },
            edge: SharedEdge::LeftRight,
            first_has_wall: true,
        }]
    );
    assert_eq!(
        found[0].to_string(),
        "tile (8, 0) has a right wall but tile (9, 0) has no left wall"
    );
    // In the whole maze too, and nowhere else.
    assert_eq!(maze(SEED_ROW).check_consistency(), found);
}

#[test]
fn the_corrected_maze_is_consistent() {
    assert!(
        Labyrinth::from_rows(10, 1, &[CORRECTED_ROW])
            .unwrap()
            .check_consistency()
            .is_empty()
    );
    assert!(maze(CORRECTED_ROW).check_consistency().is_empty());
    // Tile 10 reads left + bottom.
    assert_eq!(maze(CORRECTED_ROW).walls(9, 0), WALL_LEFT | WALL_BOTTOM);
}

#[test]
fn the_checker_names_upper_lower_contradictions() {
    let lab = Labyrinth::new(2, 2, vec![0b0010, 0, 0, 0b0001 | 0b1000]).unwrap();
    let found = lab.check_consistency();
    assert_eq!(found.len(), 3);
    assert!(found.contains(&Contradiction {
        first: TilePos { x: 0, y: 0 },
        second: TilePos { x: 0, y: 1 },
        edge: SharedEdge::UpperLower,
        first_has_wall: true,
    }));
    assert!(found.contains(&Contradiction {
        first: TilePos { x: 1, y: 0 },
        second: TilePos { x: 1, y: 1 },
        edge: SharedEdge::UpperLower,
        first_has_wall: false,
    }));
    assert!(found.contains(&Contradiction {
        first: TilePos { x: 0, y: 1 },
        second: TilePos { x: 1, y: 1 },
        edge: SharedEdge::LeftRight,
        first_has_wall: false,
    }));
}

#[test]
fn bad_shapes_are_typed_errors() {
    assert!(matches!(
        Labyrinth::new(0, 3, vec![]),
        Err(LabyrinthError::BadSize { .. })
    ));
    assert!(matches!(
        Labyrinth::new(16, 1, vec![0; 16]),
        Err(LabyrinthError::BadSize { .. })
    ));
    assert!(matches!(
        Labyrinth::new(2, 2, vec![0; 3]),
        Err(LabyrinthError::TileCount { got: 3, .. })
    ));
    assert!(matches!(
        Labyrinth::from_rows(2, 1, &["0110 012"]),
        Err(LabyrinthError::BadRow { row: 0, .. })
    ));
    assert!(matches!(
        Labyrinth::from_rows(2, 1, &["0110"]),
        Err(LabyrinthError::BadRow { row: 0, .. })
    ));
    assert!(matches!(
        Labyrinth::from_rows(2, 2, &["0110 0000"]),
        Err(LabyrinthError::BadRow { .. })
    ));
    assert!(matches!(
        Player::new(Pos::node(1, 1), 8),
        Err(LabyrinthError::PlayerSize(8))
    ));
}

#[test]
fn fine_plus_eight_is_minus_eight_of_the_next_tile() {
    let c = Coord::new(3, 7);
    assert_eq!((c.coarse(), c.fine()), (3, 7));
    let n = c.stepped(1);
    assert_eq!((n.coarse(), n.fine()), (4, -8));
    assert_eq!(Coord::new(3, 8), n);
    let back = n.stepped(-1);
    assert_eq!(back, c);
    let p = Coord::new(0, -8).stepped(-1);
    assert_eq!((p.coarse(), p.fine()), (-1, 7));
    assert_eq!(Coord::line(5).units(), 80);
    for u in -100..100 {
        assert_eq!(Coord::from_units(u).units(), u);
    }
    // Bounded at the ends of the coarse range.
    let top = Coord::new(i16::MAX, 7);
    assert_eq!(top.stepped(1), top);
    let bottom = Coord::new(i16::MIN, -8);
    assert_eq!(bottom.stepped(-1), bottom);
}

#[test]
fn players_move_on_lines_and_turn_on_nodes() {
    let node = Pos::node(2, 3);
    assert!(node.is_node());
    for dir in Dir::ALL {
        assert!(node.on_track(dir));
    }
    let mid = node.stepped(Dir::Right);
    assert!(!mid.is_node());
    assert!(mid.on_track(Dir::Left) && mid.on_track(Dir::Right));
    assert!(!mid.on_track(Dir::Up) && !mid.on_track(Dir::Down));
    let lab = maze(CORRECTED_ROW);
    let player = Player::new(mid, 3).unwrap();
    let mut cost = WallCost::default();
    assert!(!MazeTiles::new().may_move(&lab, &player, Dir::Up, &mut cost));
    assert!(!ObjHitWalls::new().may_move(&lab, &player, Dir::Up, &mut cost));
}

/// Every position on every grid line of `lab` and `margin` tiles around it.
fn track_positions(lab: &Labyrinth, margin: i32) -> Vec<Pos> {
    let w = i32::from(lab.width());
    let h = i32::from(lab.height());
    let mut all = Vec::new();
    for gy in -margin..=h + margin {
        for u in (-margin * 16)..=((w + margin) * 16) {
            all.push(Pos {
                x: Coord::from_units(u),
                y: Coord::line(gy as i16),
            });
        }
    }
    for gx in -margin..=w + margin {
        for u in (-margin * 16)..=((h + margin) * 16) {
            let p = Pos {
                x: Coord::line(gx as i16),
                y: Coord::from_units(u),
            };
            if !p.y.on_line() {
                all.push(p);
            }
        }
    }
    all
}

/// The rule itself in wide arithmetic: the box after the step touches a wall segment.
fn touches_wall(lab: &Labyrinth, player: &Player, dir: Dir) -> bool {
    let next = player.pos.stepped(dir);
    let (px, py, s) = (next.x.units(), next.y.units(), i32::from(player.half()));
    let mut hit = false;
    for ty in 0..i32::from(lab.height()) {
        for tx in 0..i32::from(lab.width()) {
            let w = lab.walls(tx, ty);
            let (cx, cy) = (16 * tx + 8, 16 * ty + 8);
            let segs = [
                (WALL_TOP, cx, cx, cy - 8, cy),
                (WALL_BOTTOM, cx, cx, cy, cy + 8),
                (WALL_RIGHT, cx, cx + 8, cy, cy),
                (WALL_LEFT, cx - 8, cx, cy, cy),
            ];
            for (bit, x0, x1, y0, y1) in segs {
                if w & bit != 0 && px + s >= x0 && px - s <= x1 && py + s >= y0 && py - s <= y1 {
                    hit = true;
                }
            }
        }
    }
    hit
}

fn sweep(lab: &Labyrinth) -> (WallCost, WallCost, usize, usize) {
    let mut tiles = MazeTiles::new();
    let mut boxes = ObjHitWalls::new();
    let (mut ct, mut cb) = (WallCost::default(), WallCost::default());
    let (mut decisions, mut blocked) = (0, 0);
    for pos in track_positions(lab, 2) {
        for half in 0..=MAX_PLAYER_HALF {
            let player = Player::new(pos, half).unwrap();
            for dir in Dir::ALL {
                let a = tiles.may_move(lab, &player, dir, &mut ct);
                let b = boxes.may_move(lab, &player, dir, &mut cb);
                assert_eq!(a, b, "{pos:?} half {half} {dir:?}");
                let truth = pos.on_track(dir) && !touches_wall(lab, &player, dir);
                assert_eq!(a, truth, "{pos:?} half {half} {dir:?}");
                decisions += 1;
                blocked += usize::from(!a && pos.on_track(dir));
            }
        }
    }
    (ct, cb, decisions, blocked)
}

#[test]
fn both_methods_follow_the_rule_everywhere_on_the_consistent_maze() {
    let (ct, cb, decisions, blocked) = sweep(&maze(CORRECTED_ROW));
    assert!(blocked > decisions / 50, "{blocked} of {decisions} blocked");
    assert!(ct.cycles_6809 * 10 < cb.cycles_6809, "{ct:?} vs {cb:?}");
    assert_eq!(ct.obj_hit_calls, 0);
    assert_eq!(cb.tile_reads, 0);
}

#[test]
fn on_the_inconsistent_maze_the_seed_routine_sees_the_union() {
    // Reading both tiles, a wall in either blocks: the same as testing every segment.
    sweep(&maze(SEED_ROW));
}

#[test]
fn the_one_tile_reduction_trusts_the_upper_and_left_tile() {
    // Column 1 of a 2x2 labyrinth: the lower tile has a top wall, the upper tile lacks
    // its bottom wall. A player on line 1 stepping right onto column 1's centre.
    let lab = Labyrinth::new(2, 2, vec![0, 0, 0, WALL_TOP]).unwrap();
    assert_eq!(lab.check_consistency().len(), 1);
    let player = Player::new(Pos::node(1, 1), 7).unwrap();
    let mut cost = WallCost::default();
    assert!(!MazeTiles::new().may_move(&lab, &player, Dir::Right, &mut cost));
    assert!(!ObjHitWalls::new().may_move(&lab, &player, Dir::Right, &mut cost));
    assert!(MazeTiles::one_tile().may_move(&lab, &player, Dir::Right, &mut cost));
    // The other way round the upper tile is believed and blocks.
    let lab = Labyrinth::new(2, 2, vec![0, WALL_BOTTOM, 0, 0]).unwrap();
    assert!(!MazeTiles::one_tile().may_move(&lab, &player, Dir::Right, &mut cost));
    // Vertical: the left tile is believed.
    let lab = Labyrinth::new(2, 2, vec![0, WALL_LEFT, 0, 0]).unwrap();
    let player = Player::new(Pos::node(1, 0), 7).unwrap();
    assert!(!MazeTiles::new().may_move(&lab, &player, Dir::Down, &mut cost));
    assert!(MazeTiles::one_tile().may_move(&lab, &player, Dir::Down, &mut cost));
    // On a consistent maze the reduction agrees with the full test.
    let lab = maze(CORRECTED_ROW);
    let mut one = MazeTiles::one_tile();
    let mut both = MazeTiles::new();
    for pos in track_positions(&lab, 1) {
        for dir in Dir::ALL {
            let p = Player::new(pos, 5).unwrap();
            assert_eq!(
                one.may_move(&lab, &p, dir, &mut cost),
                both.may_move(&lab, &p, dir, &mut cost)
            );
        }
    }
}

#[test]
fn off_the_labyrinth_every_method_answers_and_finds_no_walls() {
    let lab = maze(CORRECTED_ROW);
    let far = [
        Pos::node(-1000, 3),
        Pos::node(4, 2000),
        Pos::node(i16::MAX, i16::MIN),
        Pos::node(-1, -1),
    ];
    let mut cost = WallCost::default();
    for pos in far {
        for dir in Dir::ALL {
            let mut player = Player::new(pos, 7).unwrap();
            assert!(MazeTiles::new().may_move(&lab, &player, dir, &mut cost));
            assert!(ObjHitWalls::new().may_move(&lab, &player, dir, &mut cost));
            assert!(step(
                &mut MazeTiles::new(),
                &lab,
                &mut player,
                dir,
                &mut cost
            ));
        }
    }
    // Saturated coordinates off every line: a defined refusal, no panic.
    let clamped = Player::new(Pos::from_units(i32::MAX, i32::MIN), 7).unwrap();
    for dir in Dir::ALL {
        let a = MazeTiles::new().may_move(&lab, &clamped, dir, &mut cost);
        let b = ObjHitWalls::new().may_move(&lab, &clamped, dir, &mut cost);
        assert_eq!(a, b);
        assert_eq!(a, clamped.pos.on_track(dir));
    }
}

#[test]
fn the_outer_ring_is_closed() {
    // From every interior node, no edge leads onto the border lines.
    let lab = maze(CORRECTED_ROW);
    let mut tiles = MazeTiles::new();
    let mut cost = WallCost::default();
    for gy in 1..=5 {
        for gx in 1..=9 {
            for dir in Dir::ALL {
                let mut p = Player::new(Pos::node(gx, gy), 0).unwrap();
                for _ in 0..16 {
                    if !step(&mut tiles, &lab, &mut p, dir, &mut cost) {
                        break;
                    }
                }
                let (x, y) = (p.pos.x.units(), p.pos.y.units());
                assert!(
                    (8..=152).contains(&x) && (8..=88).contains(&y),
                    "{gx} {gy} {dir:?}"
                );
            }
        }
    }
}

#[test]
fn wall_list_draws_every_wall_once() {
    let lab = maze(CORRECTED_ROW);
    let list = wall_list_draw_vl_mode(&lab);
    assert_eq!(list.last(), Some(&1));
    let items = &list[..list.len() - 1];
    assert_eq!(items.len() % 3, 0);
    let mut drawn = 0;
    for item in items.chunks(3) {
        assert!(item[0] == 0 || item[0] == 2);
        if item[0] == 2 {
            drawn += i32::from((item[1] as i8).unsigned_abs())
                + i32::from((item[2] as i8).unsigned_abs());
        }
    }
    let half_walls: u32 = lab.tiles().iter().map(|t| (t & 0x0F).count_ones()).sum();
    assert_eq!(drawn, 8 * half_walls as i32);
}

#[test]
fn costs_convert_to_the_layer_cost() {
    let lab = maze(CORRECTED_ROW);
    let p = Player::new(Pos::node(1, 1), 7).unwrap();
    let mut c = WallCost::default();
    ObjHitWalls::new().may_move(&lab, &p, Dir::Right, &mut c);
    let cost = c.to_cost();
    assert_eq!(cost.pair_tests, c.obj_hit_calls);
    assert_eq!(cost.seed_ops, c.cycles_6809);
    assert!(c.obj_hit_calls > 0 && c.cycles_6809 > 80 * c.obj_hit_calls);
}

#[test]
fn maze_tiles_charges_the_seed_routine_cycles() {
    let lab = maze(CORRECTED_ROW);
    let mut tiles = MazeTiles::new();
    // Right from node (1, 1) with half-size 7: the box reaches column 1's centre at once
    // (fine -7, 20 cycles), the routine reads both tiles and allows: 10 + 20 + 77.
    let p = Player::new(Pos::node(1, 1), 7).unwrap();
    let mut c = WallCost::default();
    assert!(tiles.may_move(&lab, &p, Dir::Right, &mut c));
    assert_eq!((c.cycles_6809, c.tile_reads), (10 + 20 + 77, 2));
    // Down from node (1, 1): tile (0, 1) has a bottom wall, not a right wall; tile (1, 1)
    // has no left wall: allowed, 10 + 20 + 73.
    let mut c = WallCost::default();
    assert!(tiles.may_move(&lab, &p, Dir::Down, &mut c));
    assert_eq!(c.cycles_6809, 10 + 20 + 73);
    // Up from node (3, 1) into row 0: tile (2, 0) has a right wall, so the first read
    // blocks; the box reaches the centre at fine +7 (18 cycles): 10 + 18 + 61.
    let p = Player::new(Pos::node(3, 1), 7).unwrap();
    let mut c = WallCost::default();
    assert!(!tiles.may_move(&lab, &p, Dir::Up, &mut c));
    assert_eq!((c.cycles_6809, c.tile_reads), (10 + 18 + 61, 1));
    // Half-size 0 one step from a node: the centre is 8 units away, no test is due.
    let p = Player::new(Pos::node(3, 1), 0).unwrap();
    let mut c = WallCost::default();
    assert!(tiles.may_move(&lab, &p, Dir::Up, &mut c));
    assert_eq!((c.cycles_6809, c.tile_reads), (10 + 18, 0));
}
