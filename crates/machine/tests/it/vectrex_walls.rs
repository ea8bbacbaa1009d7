//! Seed 003's wall tests as 6809 code (`roms/vectrex/code/walls.asm`): the committed image
//! and listing are what the project's assembler makes of the source; both routines run on
//! the core (with the BIOS `Obj_Hit` by the model on the board, and by the ROM's own code
//! on a flat memory) and agree with the Rust wall methods on every decision: 10,000
//! seeded random ones, every position on the labyrinth's grid lines, and every decision of
//! `scenes/vectrex/labyrinth.ron`. Their cycles are measured per decision and per frame
//! against the Rust methods' estimates (`cargo test -p machine --test vectrex_walls --
//! --nocapture` prints the table).

use crate::vectrex_common;

use std::collections::BTreeSet;

use collide::rng::SplitMix64;
use cpu_6809::{Cpu, cc};
use machine::routine::Target;
use machine::vectrex::maze::{
    Coord, Dir, Labyrinth, MAX_PLAYER_HALF, MazeTiles, ObjHitWalls, Player, Pos, WallCost,
    WallMethod,
};
use machine::vectrex::target::asm::assemble;
use machine::vectrex::target::{CYCLES_PER_FRAME, STUB, VectrexTarget, WALL_FINE_Y, WallQuery};
use vectrex_common::flat_with_bios;

const SOURCE: &str = include_str!("../../../../roms/vectrex/code/walls.asm");
const IMAGE: &[u8] = include_bytes!("../../../../roms/vectrex/code/walls.bin");
const LISTING: &str = include_str!("../../../../roms/vectrex/code/walls.lst");
const LABYRINTH: &str = include_str!("../../../../roms/vectrex/labyrinth.ron");
const SCENE: &str = include_str!("../../../../scenes/vectrex/labyrinth.ron");
const SOMETIMES: &str = include_str!("../../../../scenes/vectrex/sometimes.ron");

/// `maze_tiles`' entry.
const TILES: u16 = 0x1000;
/// `obj_hit_walls`' entry.
const OBJ_HIT_WALLS: u16 = 0x1100;

/// The 10x6 labyrinth from its RON file: the quoted rows of binary groups.
fn labyrinth() -> Labyrinth {
    let rows: Vec<&str> = LABYRINTH
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with('"'))
        .map(|l| l.trim_end_matches(',').trim_matches('"'))
        .collect();
    Labyrinth::from_rows(10, 6, &rows).unwrap()
}

#[test]
fn the_image_and_listing_are_the_source_assembled() {
    let a = assemble(SOURCE).unwrap_or_else(|e| panic!("walls.asm: {e}"));
    assert_eq!(a.origin, 0x1000);
    assert!(a.image == IMAGE, "walls.bin is not walls.asm assembled");
    assert!(a.listing == LISTING, "walls.lst is not walls.asm's listing");
    assert_eq!(a.symbol("maze_tiles"), Some(TILES));
    assert_eq!(a.symbol("obj_hit_walls"), Some(OBJ_HIT_WALLS));
    // Every listed byte is the image's byte at that address; the bytes no line lists are
    // the $FF between the `org`s.
    let mut listed = vec![false; IMAGE.len()];
    for line in LISTING.lines() {
        let Some(addr) = line.get(..4).and_then(|h| u16::from_str_radix(h, 16).ok()) else {
            continue;
        };
        let field = line.get(6..).unwrap_or("");
        let field = &field[..field.len().min(11)];
        for (k, b) in field.split_whitespace().enumerate() {
            let b = u8::from_str_radix(b, 16).unwrap();
            let at = usize::from(addr - 0x1000) + k;
            assert_eq!(IMAGE[at], b, "{line}");
            assert!(!listed[at], "listed twice: {line}");
            listed[at] = true;
        }
    }
    for (at, seen) in listed.iter().enumerate() {
        assert!(
            *seen || IMAGE[at] == 0xFF,
            "${:04X} is not listed",
            0x1000 + at
        );
    }
}

#[test]
fn the_image_carries_the_labyrinth_and_its_wall_objects() {
    let a = assemble(SOURCE).unwrap();
    let lab = labyrinth();
    assert!(lab.check_consistency().is_empty());
    // The seed's first row with its tenth tile corrected from 0b0110 to 0b1010.
    assert_eq!(lab.tiles()[9], 0b1010);
    let base = usize::from(a.symbol("lab").unwrap() - 0x1000);
    for y in 0..6 {
        for x in 0..10 {
            assert_eq!(
                IMAGE[base + y * 12 + x],
                lab.tiles()[y * 10 + x],
                "({x}, {y})"
            );
        }
    }
    // The open ring.
    let pad = usize::from(a.symbol("lab_pad").unwrap() - 0x1000);
    for k in 0..12 * 8 {
        let (x, y) = (k % 12, k / 12);
        if x == 0 || x == 11 || y == 0 || y == 7 {
            assert_eq!(IMAGE[pad + k], 0);
        }
    }
    // The walls as the Rust baseline builds them, in its order, half-sizes halved.
    let table = ObjHitWalls::wall_table(&lab);
    let start = usize::from(a.symbol("walls").unwrap() - 0x1000);
    let end = usize::from(a.symbol("walls_end").unwrap() - 0x1000);
    assert_eq!((end - start) / 4, table.len());
    for (k, w) in table.iter().enumerate() {
        let b = &IMAGE[start + 4 * k..start + 4 * k + 4];
        assert_eq!(
            (b[0] as i8, b[1] as i8, b[2], b[3]),
            (w.centre.y, w.centre.x, w.full.0 / 2, w.full.1 / 2),
            "wall {k}"
        );
    }
}

/// Writes the image and listing from the source (run with `--ignored` after editing it).
#[test]
#[ignore = "rewrites roms/vectrex/code/walls.{bin,lst}"]
fn write_the_image_and_listing() {
    let a = assemble(SOURCE).unwrap_or_else(|e| panic!("walls.asm: {e}"));
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../roms/vectrex/code");
    std::fs::write(format!("{dir}/walls.bin"), &a.image).unwrap();
    std::fs::write(format!("{dir}/walls.lst"), &a.listing).unwrap();
}

/// One decision and what each side answered and cost.
#[derive(Clone, Copy, Debug)]
struct Decision {
    player: Player,
    dir: Dir,
}

/// What a routine answered and cost, per decision.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    decisions: u64,
    measured: u64,
    estimated: u64,
    max_measured: u64,
    max_estimated: u64,
}

impl Tally {
    fn add(&mut self, measured: u64, estimated: u64) {
        self.decisions += 1;
        self.measured += measured;
        self.estimated += estimated;
        self.max_measured = self.max_measured.max(measured);
        self.max_estimated = self.max_estimated.max(estimated);
    }

    fn row(&self, name: &str) -> String {
        let n = self.decisions.max(1) as f64;
        format!(
            "| {name} | {} | {:.1} | {:.1} | {} | {} |",
            self.decisions,
            self.measured as f64 / n,
            self.estimated as f64 / n,
            self.max_measured,
            self.max_estimated
        )
    }
}

/// The board with the walls image loaded.
fn board() -> VectrexTarget {
    let mut t = VectrexTarget::new();
    t.load(IMAGE).unwrap();
    t
}

/// Runs one decision on the board with both routines and checks them against the Rust
/// methods; adds the cycles to `tiles` and `boxes` (keyed by what the Rust side did).
fn check(
    t: &mut VectrexTarget,
    lab: &Labyrinth,
    d: Decision,
    tiles: &mut [Tally; 4],
    boxes: &mut Tally,
) {
    let q = WallQuery::new(&d.player, d.dir).expect("inside the labyrinth");
    let mut ct = WallCost::default();
    let allowed = MazeTiles::new().may_move(lab, &d.player, d.dir, &mut ct);
    let mut cb = WallCost::default();
    let allowed_b = ObjHitWalls::new().may_move(lab, &d.player, d.dir, &mut cb);
    assert_eq!(allowed, allowed_b, "the Rust methods disagree: {d:?}");
    let rt = t.wall(u32::from(TILES), &q).unwrap();
    assert_eq!(rt.blocked, !allowed, "maze_tiles: {d:?} {q:?}");
    let rb = t.wall(u32::from(OBJ_HIT_WALLS), &q).unwrap();
    assert_eq!(rb.blocked, !allowed, "obj_hit_walls: {d:?} {q:?}");
    // 0 off the track, 1 no tile test due, 2 one tile read, 3 both read.
    let kind = if !d.player.pos.on_track(d.dir) {
        0
    } else {
        ct.tile_reads as usize + 1
    };
    tiles[kind].add(rt.cycles, ct.cycles_6809);
    boxes.add(rb.cycles, cb.cycles_6809);
}

fn report(title: &str, tiles: &[Tally; 4], boxes: &Tally) {
    let mut all = Tally::default();
    for t in tiles {
        all.decisions += t.decisions;
        all.measured += t.measured;
        all.estimated += t.estimated;
        all.max_measured = all.max_measured.max(t.max_measured);
        all.max_estimated = all.max_estimated.max(t.max_estimated);
    }
    println!("\n{title}");
    println!("| decisions | n | measured mean | estimate mean | measured max | estimate max |");
    println!("|---|---|---|---|---|---|");
    println!("{}", tiles[0].row("maze-tiles, off the track"));
    println!("{}", tiles[1].row("maze-tiles, no tile test due"));
    println!("{}", tiles[2].row("maze-tiles, blocked by the 1st tile"));
    println!("{}", tiles[3].row("maze-tiles, both tiles read"));
    println!("{}", all.row("maze-tiles, all"));
    println!("{}", boxes.row("obj-hit-walls, all"));
}

/// A seeded random decision inside the labyrinth's outer grid lines: mostly on a line,
/// some off every line; every half-size and direction.
fn random_decision(rng: &mut SplitMix64) -> Decision {
    let (w, h) = (10 * 16, 6 * 16);
    let pos = match rng.below(10) {
        0..=4 => Pos {
            x: Coord::from_units(rng.below(w + 1) as i32),
            y: Coord::line(rng.below(7) as i16),
        },
        5..=8 => Pos {
            x: Coord::line(rng.below(11) as i16),
            y: Coord::from_units(rng.below(h + 1) as i32),
        },
        _ => Pos::from_units(rng.below(w + 1) as i32, rng.below(h + 1) as i32),
    };
    let half = rng.below(u32::from(MAX_PLAYER_HALF) + 1) as u8;
    Decision {
        player: Player::new(pos, half).unwrap(),
        dir: Dir::ALL[rng.below(4) as usize],
    }
}

#[test]
fn both_routines_agree_with_the_rust_methods_on_10000_random_decisions() {
    let lab = labyrinth();
    let mut t = board();
    let mut rng = SplitMix64(0x0003_6809);
    let (mut tiles, mut boxes) = ([Tally::default(); 4], Tally::default());
    let mut blocked = 0;
    for _ in 0..10_000 {
        let d = random_decision(&mut rng);
        check(&mut t, &lab, d, &mut tiles, &mut boxes);
        let mut c = WallCost::default();
        blocked += usize::from(
            d.player.pos.on_track(d.dir)
                && !MazeTiles::new().may_move(&lab, &d.player, d.dir, &mut c),
        );
    }
    // Every kind of decision occurs, walls included.
    assert!(tiles.iter().all(|k| k.decisions > 100), "{tiles:?}");
    assert!(blocked > 300, "{blocked} blocked by walls");
    report(
        "10,000 random decisions (cycles per decision)",
        &tiles,
        &boxes,
    );
}

#[test]
fn maze_tiles_agrees_everywhere_on_the_grid_lines() {
    let lab = labyrinth();
    let mut t = board();
    let mut ct = WallCost::default();
    let mut n = 0;
    let mut on_lines = Vec::new();
    for gy in 0..=6 {
        for u in 0..=160 {
            on_lines.push(Pos {
                x: Coord::from_units(u),
                y: Coord::line(gy),
            });
        }
    }
    for gx in 0..=10 {
        for u in 0..=96 {
            on_lines.push(Pos {
                x: Coord::line(gx),
                y: Coord::from_units(u),
            });
        }
    }
    for pos in on_lines {
        for half in 0..=MAX_PLAYER_HALF {
            let player = Player::new(pos, half).unwrap();
            for dir in Dir::ALL {
                let allowed = MazeTiles::new().may_move(&lab, &player, dir, &mut ct);
                let q = WallQuery::new(&player, dir).unwrap();
                let r = t.wall(u32::from(TILES), &q).unwrap();
                assert_eq!(r.blocked, !allowed, "{player:?} {dir:?}");
                n += 1;
            }
        }
    }
    assert!(n > 50_000);
}

/// Runs a wall routine on a flat memory with `Obj_Hit`'s ROM bytes, recording every PC.
fn flat_call(
    mem: &mut [u8; 0x10000],
    entry: u16,
    q: &WallQuery,
    pcs: &mut BTreeSet<u16>,
) -> (bool, u64) {
    mem[usize::from(WALL_FINE_Y)..usize::from(WALL_FINE_Y) + 3].copy_from_slice(&[
        q.fine_y as u8,
        q.fine_x as u8,
        q.half,
    ]);
    let [hi, lo] = entry.to_be_bytes();
    mem[usize::from(STUB)..usize::from(STUB) + 3].copy_from_slice(&[0xBD, hi, lo]);
    let mut cpu = Cpu::new();
    cpu.pc = STUB;
    cpu.s = STUB;
    cpu.dp = 0xC8;
    cpu.cc = cc::I | cc::F;
    cpu.a = q.row;
    cpu.b = q.col;
    cpu.x = u16::from(q.dir);
    let mut cycles = 0;
    while cpu.pc != STUB + 3 {
        pcs.insert(cpu.pc);
        cycles += u64::from(cpu.step(mem).unwrap());
        assert!(cycles < 240_000);
    }
    (cpu.cc & cc::C != 0, cycles)
}

#[test]
fn with_the_roms_obj_hit_on_the_core_the_answers_and_cycles_are_the_boards_and_every_instruction_runs()
 {
    let mut mem = flat_with_bios();
    mem[0x1000..0x1000 + IMAGE.len()].copy_from_slice(IMAGE);
    let mut t = board();
    let mut rng = SplitMix64(0x0003_F8FF);
    let mut pcs = BTreeSet::new();
    for _ in 0..3000 {
        let d = random_decision(&mut rng);
        let q = WallQuery::new(&d.player, d.dir).unwrap();
        for entry in [TILES, OBJ_HIT_WALLS] {
            let flat = flat_call(&mut mem, entry, &q, &mut pcs);
            let b = t.wall(u32::from(entry), &q).unwrap();
            assert_eq!(flat, (b.blocked, b.cycles), "${entry:04X} {d:?}");
        }
    }
    // Every instruction of the listing's code ran.
    let mut missed = Vec::new();
    for line in LISTING.lines() {
        let Some(addr) = line.get(..4).and_then(|h| u16::from_str_radix(h, 16).ok()) else {
            continue;
        };
        let source = line.get(19..).unwrap_or("").to_ascii_lowercase();
        let is_code = addr < 0x1200 && !source.is_empty() && !source.contains(" fcb ");
        if is_code && !pcs.contains(&addr) {
            missed.push(line.to_owned());
        }
    }
    assert!(missed.is_empty(), "never executed:\n{}", missed.join("\n"));
}

/// A walker as the scene defines it: node, seed, speed, half-size.
type WalkerDef = ((u8, u8), u64, u32, u8);

/// The walkers of a scene file (`scenes/vectrex/*.ron`): (node, seed, speed, size) per
/// walker, in the scene's order, the frames and `check_every` (1 when absent).
fn scene_walkers(scene: &str) -> (Vec<WalkerDef>, u32, u32) {
    let num = |text: &str, key: &str| -> u64 {
        let at = text.find(key).unwrap_or_else(|| panic!("{key}")) + key.len();
        let digits: String = text[at..]
            .trim_start()
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits.parse().unwrap()
    };
    let mut walkers = Vec::new();
    for line in scene.lines().filter(|l| l.contains("Walker(")) {
        let node = &line[line.find("node: (").unwrap() + 7..];
        let (gx, rest) = node.split_once(',').unwrap();
        let gy: String = rest
            .trim_start()
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        walkers.push((
            (gx.trim().parse().unwrap(), gy.parse().unwrap()),
            num(line, "seed:"),
            num(line, "speed:") as u32,
            num(line, "size:") as u8,
        ));
    }
    let every = if scene.contains("check_every:") {
        num(scene, "check_every:") as u32
    } else {
        1
    };
    (walkers, num(scene, "frames:") as u32, every)
}

/// Every decision a scene takes, frame by frame, as `crates/scene/src/walkers.rs` makes
/// them: on the frames where the walls are checked the game's answer is `maze-tiles`';
/// on the others a walker moves wherever its line goes and no decision is recorded.
fn scene_decisions(lab: &Labyrinth, scene: &str) -> Vec<Vec<Decision>> {
    struct W {
        player: Player,
        dir: Dir,
        rng: SplitMix64,
        speed: u32,
    }
    let (defs, frames, every) = scene_walkers(scene);
    assert!(!defs.is_empty());
    let mut ws: Vec<W> = defs
        .iter()
        .map(|&(node, seed, speed, size)| W {
            player: Player::new(Pos::node(i16::from(node.0), i16::from(node.1)), size).unwrap(),
            dir: Dir::Right,
            // One instance per object: the seed plus its index 0.
            rng: SplitMix64(seed ^ 0x9E37_79B9_7F4A_7C15),
            speed: speed.min(64),
        })
        .collect();
    let mut tiles = MazeTiles::new();
    let mut out = Vec::new();
    for f in 0..frames {
        let mut frame = Vec::new();
        let checked = f % every == 0;
        for w in &mut ws {
            for _ in 0..w.speed {
                let mut decide = |player: &Player, dir: Dir, frame: &mut Vec<Decision>| {
                    if !checked {
                        return player.pos.on_track(dir);
                    }
                    frame.push(Decision {
                        player: *player,
                        dir,
                    });
                    tiles.may_move(lab, player, dir, &mut WallCost::default())
                };
                if w.player.pos.is_node() {
                    let back = w.dir.reverse();
                    let mut order: Vec<Dir> =
                        Dir::ALL.iter().copied().filter(|&d| d != back).collect();
                    for i in (1..order.len()).rev() {
                        let j = (w.rng.next_u64() % (i as u64 + 1)) as usize;
                        order.swap(i, j);
                    }
                    order.push(back);
                    for d in order {
                        if decide(&w.player, d, &mut frame) {
                            w.dir = d;
                            break;
                        }
                    }
                }
                if decide(&w.player, w.dir, &mut frame) {
                    w.player.pos = w.player.pos.stepped(w.dir);
                } else if !w.player.pos.is_node() {
                    w.dir = w.dir.reverse();
                }
            }
        }
        out.push(frame);
    }
    out
}

#[test]
fn both_routines_take_every_decision_of_the_labyrinth_scene() {
    let lab = labyrinth();
    let (defs, _, every) = scene_walkers(SCENE);
    assert_eq!((defs.len(), every), (5, 1));
    let frames = scene_decisions(&lab, SCENE);
    let mut t = board();
    let (mut tiles, mut boxes) = ([Tally::default(); 4], Tally::default());
    let (mut per_frame_t, mut per_frame_b) = (Tally::default(), Tally::default());
    let mut moved = 0u64;
    for frame in &frames {
        let before_t: [Tally; 4] = tiles;
        let before_b = boxes;
        for &d in frame {
            check(&mut t, &lab, d, &mut tiles, &mut boxes);
        }
        let sum = |ts: &[Tally; 4], f: fn(&Tally) -> u64| ts.iter().map(f).sum::<u64>();
        per_frame_t.add(
            sum(&tiles, |t| t.measured) - sum(&before_t, |t| t.measured),
            sum(&tiles, |t| t.estimated) - sum(&before_t, |t| t.estimated),
        );
        per_frame_b.add(
            boxes.measured - before_b.measured,
            boxes.estimated - before_b.estimated,
        );
        moved += frame.len() as u64;
    }
    assert_eq!(frames.len(), 500);
    assert!(moved >= 500 * 7, "{moved} decisions");
    report(
        "scenes/vectrex/labyrinth.ron (cycles per decision)",
        &tiles,
        &boxes,
    );
    println!(
        "\nper frame ({} frames, {:.1} decisions a frame; the frame has {CYCLES_PER_FRAME} cycles)",
        frames.len(),
        moved as f64 / frames.len() as f64
    );
    println!("| method | frames | measured mean | estimate mean | measured max | estimate max |");
    println!("|---|---|---|---|---|---|");
    println!("{}", per_frame_t.row("maze-tiles"));
    println!("{}", per_frame_b.row("obj-hit-walls"));
    // The tile test fits the frame many times over; the baseline does not fit at all.
    assert!(per_frame_t.max_measured * 20 < CYCLES_PER_FRAME);
    assert!(per_frame_b.measured / 500 > CYCLES_PER_FRAME);
}

/// Where the measured cycles part from the estimates, term by term: `obj_hit_walls`
/// costs the estimate plus 6 cycles per wall (`ADDD <HH`, the player's half-size added to
/// each wall's) plus a fixed amount per direction and outcome (a hit leaves the loop
/// before its `CMPU`/`BNE`, which the estimate charges); `maze_tiles` a fixed amount per
/// direction and path.
#[test]
fn the_measured_cycles_part_from_the_estimates_by_fixed_terms() {
    use std::collections::BTreeMap;
    let lab = labyrinth();
    let mut t = board();
    let mut rng = SplitMix64(0x0003_C1C1);
    let mut boxes: BTreeMap<(u8, bool, bool), BTreeSet<i64>> = BTreeMap::new();
    let mut tiles: BTreeMap<(u8, u64, bool), BTreeSet<i64>> = BTreeMap::new();
    for _ in 0..10_000 {
        let d = random_decision(&mut rng);
        let q = WallQuery::new(&d.player, d.dir).unwrap();
        let on = d.player.pos.on_track(d.dir);
        let mut cb = WallCost::default();
        ObjHitWalls::new().may_move(&lab, &d.player, d.dir, &mut cb);
        let rb = t.wall(u32::from(OBJ_HIT_WALLS), &q).unwrap();
        let k = rb.cycles as i64 - cb.cycles_6809 as i64 - 6 * cb.obj_hit_calls as i64;
        boxes.entry((q.dir, on, rb.blocked)).or_default().insert(k);
        let mut ct = WallCost::default();
        MazeTiles::new().may_move(&lab, &d.player, d.dir, &mut ct);
        let rt = t.wall(u32::from(TILES), &q).unwrap();
        let along = if d.dir.horizontal() {
            d.player.pos.x
        } else {
            d.player.pos.y
        };
        let negative = along.stepped(d.dir.delta()).fine() < 0;
        tiles
            .entry((q.dir, if on { ct.tile_reads + 1 } else { 0 }, negative))
            .or_default()
            .insert(rt.cycles as i64 - ct.cycles_6809 as i64);
    }
    println!(
        "\nobj_hit_walls: measured - estimate - 6 x walls tested, by (direction, on track, blocked)"
    );
    for (key, set) in &boxes {
        println!("{key:?}: {set:?}");
        assert_eq!(set.len(), 1, "{key:?}: {set:?}");
    }
    println!(
        "\nmaze_tiles: measured - estimate by (direction, 0 off track / 1 no test / 2 one tile / 3 two tiles, fine after the step < 0)"
    );
    for (key, set) in &tiles {
        println!("{key:?}: {set:?}");
    }
}

/// The seed's `goRightAllowed` as printed (labyrinth 10 wide, unpadded, player position the
/// tile up-left of the node, extended loads), on the board: from every node, with the
/// stub's `JSR` and the routine's `RTS`, it costs what `maze-tiles` charges for its
/// routine, 63 cycles when the first tile blocks and 77 when both are read.
#[test]
fn the_seeds_go_right_allowed_costs_what_maze_tiles_charges() {
    let lab = labyrinth();
    let rows: Vec<String> = lab
        .tiles()
        .chunks(10)
        .map(|r| {
            let bytes: Vec<String> = r.iter().map(|b| format!("0b{b:04b}")).collect();
            format!(" fcb {}", bytes.join(","))
        })
        .collect();
    let src = format!(
        "
PlayerPositionY equ $C890
PlayerPositionX equ $C891
WidthOfLabyrinth equ 10
 org $1000
goRightAllowed:
 ldx #AdressLabyrinthDef     ; address labyrinth
 lda PlayerPositionY         ; get player y position
 ldb #WidthOfLabyrinth       ; multiply with
 mul                         ; width of labyrinth
 leax d,x                    ; adjust labyrinth position
 lda  PlayerPositionX        ; load player x position
 inca                        ; since right is +1
 leax a,x                    ; in x now the correct position that must be tested
 ldb ,x                      ; in b value of that tile
 andb #0b0010                ; is it a tile going down?
 bne moveNotAllowed          ; if so - move not allowed - jump
 leax WidthOfLabyrinth,x     ; check the second involved tile
 ldb ,x                      ; in b value of the tile below the just tested
 andb #0b0001                ; is it a tile going up (upper wall)
 bne moveNotAllowed          ; if so - move not allowed - jump
 rts
moveNotAllowed:
 rts
AdressLabyrinthDef:
{}
",
        rows.join("\n")
    );
    let a = assemble(&src).unwrap_or_else(|e| panic!("{e}"));
    let mut t = VectrexTarget::new();
    t.load(&a.image).unwrap();
    let mut seen = BTreeSet::new();
    for gy in 1..=5 {
        for gx in 1..=9 {
            t.poke(0xC890, &[gy as u8 - 1, gx as u8 - 1]);
            let measured = t.call(0x1000, 1000).unwrap().cycles;
            // Half-size 7: the box reaches the centre at once (fine -7, the 20-cycle fine
            // check), after the 10-cycle on-track check.
            let player = Player::new(Pos::node(gx, gy), 7).unwrap();
            let mut c = WallCost::default();
            MazeTiles::new().may_move(&lab, &player, Dir::Right, &mut c);
            assert_eq!(measured + 10 + 20, c.cycles_6809, "node ({gx}, {gy})");
            seen.insert(measured);
        }
    }
    assert_eq!(seen, BTreeSet::from([63, 77]));
}

/// `scenes/vectrex/sometimes.ron` checks the walls every 4th frame; in between its walkers
/// go through walls and leave the labyrinth (more than half of the checked decisions are
/// then outside it, where the routines' unsigned tile positions cannot go). Every checked
/// decision inside the labyrinth's outer grid lines gets the Rust methods' answer from both
/// routines.
#[test]
fn both_routines_take_the_checked_decisions_of_the_sometimes_scene() {
    let lab = labyrinth();
    let (defs, frames, every) = scene_walkers(SOMETIMES);
    assert_eq!((defs.len(), every), (3, 4));
    let decisions = scene_decisions(&lab, SOMETIMES);
    assert_eq!(decisions.len(), frames as usize);
    let mut t = board();
    let (mut tiles, mut boxes) = ([Tally::default(); 4], Tally::default());
    let (mut inside, mut outside) = (0, 0);
    for (f, frame) in decisions.iter().enumerate() {
        assert!(f % 4 == 0 || frame.is_empty());
        for &d in frame {
            let (x, y) = (d.player.pos.x.units(), d.player.pos.y.units());
            if (0..=160).contains(&x) && (0..=96).contains(&y) {
                check(&mut t, &lab, d, &mut tiles, &mut boxes);
                inside += 1;
            } else {
                outside += 1;
            }
        }
    }
    println!("sometimes.ron: {inside} checked decisions inside the labyrinth, {outside} outside");
    assert!(inside > 100, "{inside}");
}
