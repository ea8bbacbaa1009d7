//! The collision layer side by side with its peers (specs/performance.md, issue 9).
//!
//! ```text
//! cargo run --release -p collide --example versus -- [--workload W|all] [--sizes N,...]
//!     [--frames F] [--methods m,...] [--json]
//! ```
//!
//! Every method sees the same boxes of every frame and the pair count is asserted equal
//! across methods. Single thread; with `--features parallel` the rayon grid is added as
//! `grid-par`, a row apart. Times are the median per frame in milliseconds, measured around
//! the method's own work from the frame's `&[Object]` to its list of pairs: for `grid` and
//! `sort-sweep` that is `Method::run` (the final sort of `Method::find` is not timed); for
//! the peers it is building their input from the objects, building the tree and querying
//! it into a list of pairs. `floor` is one pass reading every object of the frame, summing
//! a field: the memory floor for reading the input.
//!
//! Beside the wall-clock median (`ms`), the thread's CPU time per frame is reported
//! (`cpu_ms`): on a shared, loaded machine a long frame is preempted more often than a short
//! one, which skews wall-clock ratios against the slower methods' neighbours (the floor
//! included). `grid-par` runs on several threads, so only its wall time is meaningful.
//!
//! A contender that has spent 20 s on one size is timed on no further frames of it; the
//! table then names the frames its median covers (`parry2d-incremental (3 fr)`).

use std::hint::black_box;
use std::time::Instant;

use cpu_time::ThreadTime;

use broccoli::Tree;
use broccoli::aabb::Rect;
use collide::methods::{Grid, SortSweep};
use collide::workload_scale::{Scene, Workload};
use collide::{Found, Frame, Hardware, Method, Object, Screen};
use parry2d::bounding_volume::Aabb;
use parry2d::math::Vector;
use parry2d::partitioning::{Bvh, BvhBuildStrategy, BvhWorkspace};

/// One contender: turns a frame's objects into its pairs, returns how many.
trait Contender {
    fn name(&self) -> &'static str;
    /// The number of colliding pairs, or `None` for the floor (which finds none).
    fn run(&mut self, objects: &[Object]) -> Option<usize>;
}

fn frame(objects: &[Object]) -> Frame<'_> {
    Frame {
        objects,
        screen: Screen::new(320, 224),
        hardware: Hardware::default(),
    }
}

struct Floor;

impl Contender for Floor {
    fn name(&self) -> &'static str {
        "floor"
    }
    fn run(&mut self, objects: &[Object]) -> Option<usize> {
        let sum: i64 = objects.iter().map(|o| i64::from(o.bbox.x)).sum();
        black_box(sum);
        None
    }
}

struct Ours<M> {
    name: &'static str,
    method: M,
    found: Found,
}

impl<M: Method> Contender for Ours<M> {
    fn name(&self) -> &'static str {
        self.name
    }
    fn run(&mut self, objects: &[Object]) -> Option<usize> {
        self.found.clear();
        self.method.run(&frame(objects), &mut self.found);
        Some(self.found.pairs.len())
    }
}

/// Closed integer rectangles: `x ..= x + w - 1` meets exactly the half-open overlaps
/// under broccoli's inclusive test.
#[derive(Default)]
struct Broccoli {
    rects: Vec<(Rect<i32>, u32)>,
    pairs: Vec<(u32, u32)>,
}

fn colliding(objects: &[Object]) -> impl Iterator<Item = (u32, &Object)> {
    objects
        .iter()
        .enumerate()
        .filter(|(_, o)| o.collides() && !o.bbox.is_empty())
        .map(|(i, o)| (i as u32, o))
}

impl Contender for Broccoli {
    fn name(&self) -> &'static str {
        "broccoli"
    }
    fn run(&mut self, objects: &[Object]) -> Option<usize> {
        self.rects.clear();
        self.rects.extend(colliding(objects).map(|(i, o)| {
            let b = o.bbox;
            let (x1, y1) = (b.x_end() - 1, b.y_end() - 1);
            (broccoli::rect(b.x, x1 as i32, b.y, y1 as i32), i)
        }));
        self.pairs.clear();
        let pairs = &mut self.pairs;
        let mut tree = Tree::new(&mut self.rects);
        tree.find_colliding_pairs(|a, b| {
            let (a, b) = (*a.unpack_inner(), *b.unpack_inner());
            pairs.push((a.min(b), a.max(b)));
        });
        Some(self.pairs.len())
    }
}

/// Closed float boxes `x ..= x + w - 1` under parry's inclusive test (exact below 2^24).
fn aabb(o: &Object) -> Aabb {
    let b = o.bbox;
    Aabb::new(
        Vector::new(b.x as f32, b.y as f32),
        Vector::new((b.x_end() - 1) as f32, (b.y_end() - 1) as f32),
    )
}

#[derive(Default)]
struct ParryRebuilt {
    leaves: Vec<Aabb>,
    index: Vec<u32>,
    workspace: BvhWorkspace,
    pairs: Vec<(u32, u32)>,
}

impl Contender for ParryRebuilt {
    fn name(&self) -> &'static str {
        "parry2d-rebuilt"
    }
    fn run(&mut self, objects: &[Object]) -> Option<usize> {
        self.leaves.clear();
        self.index.clear();
        for (i, o) in colliding(objects) {
            self.leaves.push(aabb(o));
            self.index.push(i);
        }
        let bvh = Bvh::from_leaves(BvhBuildStrategy::Binned, &self.leaves);
        self.pairs.clear();
        let (pairs, index) = (&mut self.pairs, &self.index);
        bvh.traverse_bvtt_single_tree::<false>(&mut self.workspace, &mut |a, b| {
            let (a, b) = (index[a as usize], index[b as usize]);
            pairs.push((a.min(b), a.max(b)));
        });
        Some(self.pairs.len())
    }
}

/// One tree kept across frames: every leaf updated in place, refitted, and incrementally
/// re-optimised (without `optimize_incremental` the tree degenerates under teleports).
#[derive(Default)]
struct ParryIncremental {
    bvh: Bvh,
    workspace: BvhWorkspace,
    pairs: Vec<(u32, u32)>,
}

impl Contender for ParryIncremental {
    fn name(&self) -> &'static str {
        "parry2d-incremental"
    }
    fn run(&mut self, objects: &[Object]) -> Option<usize> {
        for (i, o) in colliding(objects) {
            self.bvh.insert_or_update_partially(aabb(o), i, 0.0);
        }
        self.bvh.refit(&mut self.workspace);
        self.bvh.optimize_incremental(&mut self.workspace);
        self.pairs.clear();
        let pairs = &mut self.pairs;
        self.bvh
            .traverse_bvtt_single_tree::<false>(&mut self.workspace, &mut |a, b| {
                pairs.push((a.min(b), a.max(b)));
            });
        Some(self.pairs.len())
    }
}

fn contenders(filter: &[String]) -> Vec<Box<dyn Contender>> {
    let mut all: Vec<Box<dyn Contender>> = vec![
        Box::new(Ours {
            name: "grid",
            method: Grid::new(),
            found: Found::default(),
        }),
        Box::new(Ours {
            name: "sort-sweep",
            method: SortSweep::new(),
            found: Found::default(),
        }),
        Box::new(Broccoli::default()),
        Box::new(ParryRebuilt::default()),
        Box::new(ParryIncremental::default()),
        Box::new(Floor),
    ];
    #[cfg(feature = "parallel")]
    all.push(Box::new(Ours {
        name: "grid-par",
        method: collide::methods::GridPar::new(),
        found: Found::default(),
    }));
    if !filter.is_empty() {
        all.retain(|c| filter.iter().any(|f| f == c.name()));
    }
    all
}

struct Args {
    workloads: Vec<Workload>,
    sizes: Vec<usize>,
    frames: Option<usize>,
    methods: Vec<String>,
    json: bool,
}

fn parse_size(s: &str) -> Result<usize, String> {
    let s = s.trim().to_ascii_lowercase();
    let (digits, scale) = if let Some(d) = s.strip_suffix('m') {
        (d, 1_000_000)
    } else if let Some(d) = s.strip_suffix('k') {
        (d, 1_000)
    } else {
        (s.as_str(), 1)
    };
    let v: usize = digits
        .replace('_', "")
        .parse()
        .map_err(|_| format!("bad size `{s}`"))?;
    Ok(v * scale)
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        workloads: vec![Workload::Uniform],
        sizes: vec![1_000, 10_000, 100_000, 1_000_000],
        frames: None,
        methods: Vec::new(),
        json: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("`{a}` needs a value"));
        match a.as_str() {
            "--workload" => {
                let v = value()?;
                args.workloads = if v == "all" {
                    Workload::ALL.to_vec()
                } else {
                    v.split(',')
                        .map(|w| w.parse().map_err(|e| format!("{e}")))
                        .collect::<Result<_, _>>()?
                };
            }
            "--sizes" => {
                args.sizes = value()?
                    .split(',')
                    .map(parse_size)
                    .collect::<Result<_, _>>()?;
            }
            "--frames" => {
                args.frames = Some(parse_size(&value()?)?.max(1));
            }
            "--methods" => {
                args.methods = value()?.split(',').map(str::to_owned).collect();
            }
            "--json" => args.json = true,
            "-h" | "--help" => {
                return Err(
                    "usage: versus [--workload W|all] [--sizes N,...] [--frames F] \
                            [--methods m,...] [--json]"
                        .into(),
                );
            }
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    Ok(args)
}

fn machine() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown".to_owned())
}

/// A contender that has spent this long on one size is timed on no further frames of it
/// (its median then covers the frames it ran): peers have pathological workloads, such as
/// broccoli on a million-box pile-up or parry's incremental tree under teleports.
const BUDGET_S: f64 = 20.0;

/// Frames timed per size: enough for a stable median, few at a million boxes.
fn frames_for(n: usize) -> usize {
    (3_000_000 / n.max(1)).clamp(5, 100)
}

struct Row {
    workload: Workload,
    n: usize,
    /// Frames this contender was timed on (fewer than asked when over [`BUDGET_S`]).
    frames: usize,
    method: &'static str,
    ms: f64,
    cpu_ms: Option<f64>,
    pairs: usize,
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

fn measure(workload: Workload, n: usize, frames: usize, filter: &[String]) -> Vec<Row> {
    let mut scene = Scene::new(workload, n, 0x5eed ^ n as u64);
    let mut cs = contenders(filter);
    let mut times = vec![Vec::with_capacity(frames); cs.len()];
    let mut cpu = vec![Vec::with_capacity(frames); cs.len()];
    let mut spent = vec![0.0f64; cs.len()];
    let mut pairs = 0usize;
    // One untimed frame first: buffers grow, trees are built.
    for f in 0..=frames {
        scene.step();
        let objects = scene.objects();
        let mut count: Option<(&str, usize)> = None;
        for (((c, t), u), spent) in cs.iter_mut().zip(&mut times).zip(&mut cpu).zip(&mut spent) {
            if *spent > BUDGET_S && !t.is_empty() {
                continue;
            }
            let start = Instant::now();
            let start_cpu = ThreadTime::now();
            let got = c.run(objects);
            let dt_cpu = start_cpu.elapsed().as_secs_f64() * 1e3;
            let dt = start.elapsed().as_secs_f64() * 1e3;
            *spent += dt / 1e3;
            if f > 0 {
                t.push(dt);
                u.push(dt_cpu);
            }
            if let Some(got) = got {
                match count {
                    None => count = Some((c.name(), got)),
                    Some((first, want)) => assert_eq!(
                        got,
                        want,
                        "{workload} n={n}: {} found {got} pairs, {first} found {want}",
                        c.name()
                    ),
                }
            }
        }
        pairs = count.map_or(0, |(_, p)| p);
    }
    cs.iter()
        .zip(&mut times)
        .zip(&mut cpu)
        .map(|((c, t), u)| Row {
            workload,
            n,
            frames: t.len(),
            method: c.name(),
            ms: median(t),
            cpu_ms: (!c.name().ends_with("-par")).then(|| median(u)),
            pairs: if c.name() == "floor" { 0 } else { pairs },
        })
        .collect()
}

fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let machine = machine();
    let profile = if cfg!(debug_assertions) {
        "debug"
    } else {
        "release"
    };
    let mut rows = Vec::new();
    if !args.json {
        println!(
            "machine: {machine} ({} logical CPUs), profile: {profile}, single thread unless marked -par",
            std::thread::available_parallelism().map_or(1, |n| n.get())
        );
        println!(
            "ms = wall-clock median per frame, cpu ms = thread CPU time median per frame; \
             x floor = time / floor time; vs broc = broccoli time / time"
        );
    }
    for &w in &args.workloads {
        for &n in &args.sizes {
            let frames = args.frames.unwrap_or_else(|| frames_for(n));
            let got = measure(w, n, frames, &args.methods);
            if !args.json {
                print_table(w, n, frames, &got);
            }
            rows.extend(got);
        }
    }
    if args.json {
        let body: Vec<String> = rows
            .iter()
            .map(|r| {
                let cpu = r.cpu_ms.map_or("null".to_owned(), |c| format!("{c:.4}"));
                format!(
                    "{{\"workload\": {}, \"n\": {}, \"method\": {}, \"ms\": {:.4}, \"cpu_ms\": {cpu}, \"pairs\": {}, \"frames\": {}}}",
                    json_string(r.workload.as_str()),
                    r.n,
                    json_string(r.method),
                    r.ms,
                    r.pairs,
                    r.frames
                )
            })
            .collect();
        println!(
            "{{\"machine\": {}, \"profile\": {}, \"rows\": [{}]}}",
            json_string(&machine),
            json_string(profile),
            body.join(", ")
        );
    }
}

fn print_table(w: Workload, n: usize, frames: usize, rows: &[Row]) {
    let find = |m: &str| rows.iter().find(|r| r.method == m);
    let (floor, broccoli) = (find("floor"), find("broccoli"));
    let pairs = rows.iter().map(|r| r.pairs).max().unwrap_or(0);
    let ratio = |a: Option<f64>, b: Option<f64>| match (a, b) {
        (Some(a), Some(b)) if a > 0.0 && b > 0.0 => format!("{:.2}", a / b),
        _ => "-".into(),
    };
    println!();
    println!("{w}, n = {n}, {frames} frames, {pairs} pairs in the last frame");
    println!(
        "  {:<28} {:>10} {:>8} {:>8} {:>10} {:>8} {:>8}",
        "method", "ms", "x floor", "vs broc", "cpu ms", "x floor", "vs broc"
    );
    for r in rows {
        let cpu = r.cpu_ms.map_or("-".to_owned(), |c| format!("{c:.4}"));
        let name = if r.frames < frames {
            format!("{} ({} fr)", r.method, r.frames)
        } else {
            r.method.to_owned()
        };
        println!(
            "  {:<28} {:>10.4} {:>8} {:>8} {:>10} {:>8} {:>8}",
            name,
            r.ms,
            ratio(Some(r.ms), floor.map(|f| f.ms)),
            ratio(broccoli.map(|b| b.ms), Some(r.ms)),
            cpu,
            ratio(r.cpu_ms, floor.and_then(|f| f.cpu_ms)),
            ratio(broccoli.and_then(|b| b.cpu_ms), r.cpu_ms),
        );
    }
}
