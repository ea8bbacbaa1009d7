//! `hitlab hunt`: searches seeded random frames for one where a method, a routine image or
//! the chip's flag disagrees with the truth, shrinks it to the fewest objects and the
//! smallest coordinates and sizes that still disagree, and writes it as a scene file
//! (`hunt-<name>-<target>.ron`, with the two small rom files of its solid sprites) and a PNG
//! of the frame with the pair marked. The rule for "disagrees" is in [`judge`].

mod judge;
mod shrink;
mod space;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use anyhow::anyhow;
use clap::Args;
use collide::rng::SplitMix64;
use collide::{Group, MethodId, Object};
use scene::session::FrameReport;
use serde_json::json;

use crate::media::write_canvas_png;
use crate::play::{Options, Player};
use crate::view::canvas::{Canvas, Rect};
use crate::view::overlay::{FALSE_RGB, MISS_RGB};
use crate::view::{Overlays, View};
use crate::{Fault, Outcome, bad_input, usage};

use judge::{Finding, Hunted, Judge};
use space::{Frame, Space, targets};

/// The largest routine image read (the biggest code area is 4 MB).
const MAX_IMAGE_FILE: u64 = 16 << 20;

/// Plays the shrinker may make at most.
const SHRINK_LIMIT: u32 = 4_000;

/// `hitlab hunt`.
#[derive(Debug, Args)]
pub struct HuntArgs {
    /// A method id (`hitlab methods` lists them) or a raw routine image (`FILE.bin`, loaded at
    /// the contract's code address, as `hitlab routine` does).
    pub what: String,
    /// The machine: genesis, msx or vera (or x16).
    #[arg(long, value_parser = hunt_target)]
    pub target: String,
    /// For an image: hold it to this method's rule (its Rust twin), e.g. `columns` for a
    /// routine that tests only Good x Bad pairs; box truth without.
    #[arg(long, value_parser = parse_method)]
    pub like: Option<MethodId>,
    /// The generator's seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Objects per frame, `A..B` (both included).
    #[arg(long, default_value = "2..16", value_name = "A..B")]
    pub objects: String,
    /// Frames to search at most.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u32).range(1..))]
    pub budget: u32,
    /// Where the scene file and the PNG go.
    #[arg(short = 'o', long = "out", default_value = ".", value_name = "DIR")]
    pub out: PathBuf,
    /// One JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

fn parse_method(s: &str) -> Result<MethodId, String> {
    s.parse::<MethodId>().map_err(|e| e.to_string())
}

fn hunt_target(s: &str) -> Result<String, String> {
    let s = crate::cli::machine_key(s);
    let keys = targets();
    if keys.contains(&s) {
        Ok(s.to_owned())
    } else {
        Err(format!(
            "expected one of {} (the machines with hardware sprites)",
            keys.join(", ")
        ))
    }
}

/// `A..B` or `A..=B`, both included.
fn parse_range(s: &str) -> Result<(u32, u32), String> {
    let (a, b) = s
        .split_once("..=")
        .or_else(|| s.split_once(".."))
        .ok_or_else(|| format!("--objects `{s}`: want A..B, such as 2..16"))?;
    let num = |t: &str| {
        t.trim()
            .parse::<u32>()
            .map_err(|_| format!("--objects `{s}`: `{t}` is not a whole number"))
    };
    let (a, b) = (num(a)?, num(b)?);
    if b < a {
        return Err(format!("--objects `{s}`: {b} is less than {a}"));
    }
    Ok((a, b))
}

/// What the hunt found, for the summary.
struct Found {
    /// Frames searched before the disagreeing one (included).
    at: u32,
    /// Objects in the frame as found.
    first_objects: usize,
    /// The shrunk frame.
    frame: Frame,
    /// Its disagreement.
    finding: Finding,
    /// Its objects as the chip showed them.
    objects: Vec<Object>,
    /// Plays the shrinker made.
    shrink_plays: u32,
    /// Files written.
    scene: PathBuf,
    scenario: PathBuf,
    png: PathBuf,
    /// The written scene, loaded back and played, disagrees the same way, and the written
    /// scenario's replay fails.
    reproduced: bool,
}

pub fn run(args: &HuntArgs) -> Result<Outcome, Fault> {
    let space =
        Space::of(&args.target).ok_or_else(|| usage(anyhow!("no hunt on {}", args.target)))?;
    let hunted = hunted(&args.what, args.like)?;
    if let Some(m) = hunted.rule()
        && let Some(why) = space.method_needs(m)
    {
        return Err(usage(anyhow!("{why}: hunt it on a machine that has it")));
    }
    let (lo, hi) = parse_range(&args.objects).map_err(|e| usage(anyhow!(e)))?;
    let name = hunted.name();
    let judge = Judge {
        space: &space,
        hunted,
    };
    let hi = hi.min(space.slots);
    let lo = lo.max(2);
    if lo > hi {
        let why = format!(
            "the search space is empty: frames of {} objects on {} (at most {} sprites) have no pair to disagree on",
            args.objects, space.key, space.slots
        );
        if args.json {
            println!(
                "{}",
                json!({"hunted": name, "target": space.key, "found": false, "frames_searched": 0, "empty": why})
            );
        } else {
            println!("{why}");
        }
        return Ok(Outcome::Ok);
    }

    let mut rng = SplitMix64(args.seed);
    let started = Instant::now();
    let mut searched = 0u32;
    let mut hit: Option<Frame> = None;
    while searched < args.budget {
        crate::long_run::check()?;
        let n = lo + rng.below(hi - lo + 1);
        let frame = space.random(&mut rng, n);
        searched += 1;
        if judge.judge(&frame).is_some() {
            hit = Some(frame);
            break;
        }
    }
    let secs = started.elapsed().as_secs_f64();
    let fps = f64::from(searched) / secs.max(1e-9);

    let found = match hit {
        None => None,
        Some(first) => Some(finish(args, &space, &judge, &name, first, searched)?),
    };
    if args.json {
        print_json(args, &space, &judge, searched, fps, found.as_ref());
    } else {
        print_text(args, &space, &judge, searched, fps, found.as_ref());
    }
    // A disagreement found is the hunted answer failing its truth: exit 1.
    Ok(if found.is_some() {
        Outcome::Failed
    } else {
        Outcome::Ok
    })
}

fn hunted(what: &str, like: Option<MethodId>) -> Result<Hunted, Fault> {
    if let Ok(m) = what.parse::<MethodId>() {
        if like.is_some() {
            return Err(usage(anyhow!(
                "--like is for a routine image, not a method"
            )));
        }
        return Ok(Hunted::Method(m));
    }
    let path = Path::new(what);
    let meta = std::fs::metadata(path).map_err(|e| {
        bad_input(anyhow!(
            "`{what}` is no method (`hitlab methods` lists them) and no image file: {e}"
        ))
    })?;
    if !meta.is_file() || meta.len() > MAX_IMAGE_FILE || meta.len() == 0 {
        return Err(bad_input(anyhow!(
            "{what}: not an image file (a raw image of 1 to {MAX_IMAGE_FILE} bytes)"
        )));
    }
    let bytes = std::fs::read(path).map_err(|e| bad_input(anyhow!("{what}: {e}")))?;
    let name = path
        .file_name()
        .map_or_else(|| what.to_owned(), |n| n.to_string_lossy().into_owned());
    Ok(Hunted::Code {
        name,
        image: Arc::from(bytes),
        like,
    })
}

/// Shrinks the frame found, writes it and checks it plays back the same.
fn finish(
    args: &HuntArgs,
    space: &Space,
    judge: &Judge<'_>,
    name: &str,
    first: Frame,
    at: u32,
) -> Result<Found, Fault> {
    let kind = judge.judge(&first).map(|f| f.kind);
    // After Ctrl-C no shrink step holds, so the shrinker ends at once.
    let (frame, shrink_plays) = shrink::shrink(space, &first, SHRINK_LIMIT, |f| {
        !crate::long_run::stopped() && judge.judge(f).is_some_and(|g| Some(g.kind) == kind)
    });
    crate::long_run::check()?;
    let report = judge.play(&frame).map_err(|e| anyhow!(e))?;
    let finding = judge
        .finding(&report)
        .ok_or_else(|| anyhow!("the shrunk frame no longer disagrees"))?;
    let stem = format!(
        "hunt-{}-{}",
        Path::new(name)
            .file_stem()
            .map_or_else(|| name.to_owned(), |s| s.to_string_lossy().into_owned()),
        space.key
    );
    std::fs::create_dir_all(&args.out)
        .map_err(|e| usage(anyhow!("{}: cannot create: {e}", args.out.display())))?;
    // Everything written is removed again if a later file fails: a hunt leaves its whole
    // finding or nothing.
    let mut written = Written::default();
    for (file, bytes) in space.rom_files() {
        written.write(&args.out.join(file), bytes)?;
    }
    let shown = match &judge.hunted {
        Hunted::Method(m) => m.as_str(),
        Hunted::Code { like, .. } => like.map_or("half-pairs", MethodId::as_str),
    };
    let comment = format!(
        "Found by `hitlab hunt {} --target {} --seed {} --objects {}`: {} {}, against {}.",
        args.what,
        space.key,
        args.seed,
        args.objects,
        name,
        describe_kind(&finding),
        judge.hunted.truth()
    );
    let text = space.ron(&frame, &stem, Some(shown), &comment);
    let scene = args.out.join(format!("{stem}.ron"));
    written.write(&scene, text.as_bytes())?;
    let image = match &judge.hunted {
        Hunted::Code { image, .. } => {
            let file = format!("{stem}.bin");
            written.write(&args.out.join(&file), image)?;
            Some(file)
        }
        Hunted::Method(_) => None,
    };
    let scenario = args.out.join(format!("{stem}.scenario.ron"));
    let scenario_text = scenario_ron(&judge.hunted, &finding, &stem, image.as_deref(), &comment);
    written.write(&scenario, scenario_text.as_bytes())?;
    let reproduced = scene::loaded::load_scene(&scene)
        .ok()
        .and_then(|l| judge.play_scene(l).ok())
        .and_then(|r| judge.finding(&r))
        .is_some_and(|g| g.kind == finding.kind && g.pair == finding.pair)
        && scene::load_scenario(&scenario)
            .ok()
            .and_then(|l| scene::replay(l, |_| {}).ok())
            .is_some_and(|o| !o.failures.is_empty());
    // A routine's picture shows the routine's own row (panel and pairs), as its run of the
    // written scene gives them, not its Rust twin's.
    let routine_report = match &judge.hunted {
        Hunted::Code { .. } => scene::loaded::load_scene(&scene)
            .ok()
            .and_then(|l| judge.play_scene(l).ok())
            .filter(|r| !r.routines.is_empty()),
        Hunted::Method(_) => None,
    };
    let png = args.out.join(format!("{stem}.png"));
    let caption = format!(
        "{name} {}, against {}",
        describe_kind(&finding),
        judge.hunted.truth()
    );
    if let Err(e) = picture(
        &scene,
        &png,
        &judge.hunted,
        &report.objects,
        &finding,
        routine_report.as_ref(),
        &caption,
    ) {
        written.remove();
        return Err(e);
    }
    written.keep();
    Ok(Found {
        at,
        first_objects: first.objs.len(),
        frame,
        finding,
        objects: report.objects,
        shrink_plays,
        scene,
        scenario,
        png,
        reproduced,
    })
}

/// The files a hunt wrote, removed again unless [`Written::keep`] is called.
#[derive(Default)]
struct Written {
    paths: Vec<PathBuf>,
}

impl Written {
    /// Writes `bytes` to `path` whole (under a temporary name, renamed when complete).
    fn write(&mut self, path: &Path, bytes: &[u8]) -> Result<(), Fault> {
        if let Err(e) = crate::atomic::write(path, bytes) {
            self.remove();
            return Err(usage(e));
        }
        self.paths.push(path.to_owned());
        Ok(())
    }

    /// Removes everything written so far.
    fn remove(&mut self) {
        for p in self.paths.drain(..) {
            let _ = std::fs::remove_file(p);
        }
    }

    /// The files stay.
    fn keep(mut self) {
        self.paths.clear();
    }
}

impl Drop for Written {
    fn drop(&mut self) {
        self.remove();
    }
}

/// The scenario `hitlab replay` reruns the finding with: the scene written beside it, the
/// routine image when one was hunted, and the expectation the hunt saw fail.
fn scenario_ron(
    hunted: &Hunted,
    finding: &Finding,
    stem: &str,
    image: Option<&str>,
    comment: &str,
) -> String {
    use space::ron_string;
    let pixel = hunted
        .rule()
        .is_some_and(|m| m.exactness() == collide::Exactness::PixelTable);
    let expect = match (hunted, image) {
        (Hunted::Method(MethodId::HwFlag), _) => "HardwareMatchesTruth".to_owned(),
        (Hunted::Code { .. }, Some(file)) => {
            format!(
                "RoutineExact(routine: {}, pixel: {pixel})",
                ron_string(file)
            )
        }
        (_, _) if finding.kind == "false alarm" => format!(
            "NoFalseAlarms(method: {}, pixel: {pixel})",
            ron_string(&hunted.name())
        ),
        (_, _) => format!(
            "NoMisses(method: {}, pixel: {pixel})",
            ron_string(&hunted.name())
        ),
    };
    let routine = image.map_or_else(String::new, |f| {
        format!("    routine: Some((file: {})),\n", ron_string(f))
    });
    let mut s = String::new();
    for line in comment.lines() {
        s.push_str("// ");
        s.push_str(line);
        s.push('\n');
    }
    s.push_str("// `hitlab replay` on this file fails the expectation below as the hunt did.\n");
    s.push_str(&format!(
        "Scenario(\n    version: 1,\n    scene: Path({}),\n    frames: 1,\n{routine}    expect: [{expect}],\n)\n",
        ron_string(&format!("{stem}.ron"))
    ));
    s
}

/// The frame as the window shows it, at scale 2, with the pair outlined and joined: in
/// magenta for a miss, amber for a false alarm. For a routine, `routine_report` is the
/// written scene's frame with the routine run beside its Rust twin: the panel and the pair
/// overlay show the routine's row (its name, cycles, and its own hits, misses and false
/// alarms), not the twin's.
fn picture(
    scene: &Path,
    png: &Path,
    hunted: &Hunted,
    objects: &[Object],
    finding: &Finding,
    routine_report: Option<&FrameReport>,
    caption: &str,
) -> Result<(), Fault> {
    let method = hunted.rule();
    let mut player = Player::open(
        scene,
        &Options {
            method,
            frames: None,
        },
    )?;
    player.scale = 2;
    player.overlays = Overlays::ALL;
    let at = player.panel_at();
    let view = match routine_report {
        Some(r) => View {
            info: player.info(),
            report: r,
            // The rows are the methods, then the routines: the routine's is the first
            // after the methods.
            method: r.methods.len(),
            screen: player.machine().screen(),
        },
        None => View {
            info: player.info(),
            report: player.report(),
            method: player.method,
            screen: player.machine().screen(),
        },
    };
    let mut c = crate::view::render(&player.picture(), &view, player.overlays, player.scale, at);
    // The panel's text goes into the PNG beside its picture, for whoever reads the file
    // without reading pixels.
    let panel: Vec<String> =
        crate::view::panel::lines(&view, player.overlays, crate::view::panel_rows(c.h, at))
            .into_iter()
            .map(|(l, _)| l.trim_end().to_owned())
            .collect();
    let s = player.machine().screen();
    let k = 2i64;
    c.set_clip(Rect::new(
        0,
        0,
        i64::from(s.w_px) * k,
        i64::from(s.h_px) * k,
    ));
    let finding_rgb = if finding.kind == "false alarm" {
        FALSE_RGB
    } else {
        MISS_RGB
    };
    if let Some((a, b)) = finding.pair {
        let centre = |o: &Object| {
            (
                (i64::from(o.bbox.x) * 2 + i64::from(o.bbox.w)) * k / 2,
                (i64::from(o.bbox.y) * 2 + i64::from(o.bbox.h)) * k / 2,
            )
        };
        let (oa, ob) = (objects.get(a as usize), objects.get(b as usize));
        for o in [oa, ob].into_iter().flatten() {
            let r = Rect::new(
                i64::from(o.bbox.x) * k - 3,
                i64::from(o.bbox.y) * k - 3,
                i64::from(o.bbox.w) * k + 6,
                i64::from(o.bbox.h) * k + 6,
            );
            c.outline(r, 2, finding_rgb);
        }
        if let (Some(oa), Some(ob)) = (oa, ob) {
            c.line(centre(oa), centre(ob), finding_rgb);
        }
    }
    c.reset_clip();
    let c = captioned(&c, &format!("hunt: {caption}"));
    let meta = vec![
        ("Title".to_owned(), player.info().name.clone()),
        ("Source".to_owned(), scene.display().to_string()),
        ("Panel".to_owned(), panel.join("\n").trim_end().to_owned()),
    ];
    write_canvas_png(png, &c, &meta)?;
    Ok(())
}

/// `c` with a strip below it saying what the hunt found, in words: the method's finding,
/// or for a routine image the routine's own.
fn captioned(c: &Canvas, caption: &str) -> Canvas {
    let glyph = crate::view::text::GLYPH_PX;
    let cols = (c.w / glyph).saturating_sub(2).max(1);
    let lines = crate::view::text::wrap(caption, cols);
    let strip = (lines.len() + 1) * (glyph + 4);
    let mut out = Canvas::new(c.w, c.h + strip, 0x00_10_10_10);
    out.blit(c, 0, 0);
    for (i, line) in lines.iter().enumerate() {
        let y = c.h + glyph / 2 + i * (glyph + 4);
        crate::view::text::draw(&mut out, glyph as i64, y as i64, line, MISS_RGB);
    }
    out
}

fn describe_kind(f: &Finding) -> String {
    match (f.kind, f.pair) {
        ("miss", Some((a, b))) => format!("misses objects {a} and {b}"),
        ("false alarm", Some((a, b))) => format!("reports objects {a} and {b}, which do not meet"),
        ("flag clear", Some((a, b))) => {
            format!("flag stays clear while sprites {a} and {b} meet")
        }
        ("flag clear", None) => "flag stays clear while opaque pixels meet".into(),
        ("flag set", _) => "flag is set while no opaque pixels meet".into(),
        ("error", _) => "fails to run".into(),
        (k, _) => k.to_owned(),
    }
}

fn group_name(g: Group) -> &'static str {
    match g {
        Group::Good => "Good",
        Group::Bad => "Bad",
        Group::Art => "Art",
    }
}

/// Why the pair was missed, as far as the frame tells.
fn why(space: &Space, hunted: &Hunted, found: &Found) -> Vec<String> {
    let f = &found.finding;
    let mut out: Vec<String> = Vec::new();
    let objs = &found.frame.objs;
    if let Hunted::Code { .. } = hunted {
        out.extend(f.reasons.iter().cloned());
        if let Some((a, b)) = f.pair {
            out.push(if f.kind == "false alarm" {
                format!(
                    "the routine wrote the pair ({a}, {b}) to its pair list (read back from the contract's OUT area), but objects {a} and {b} do not meet in {}",
                    hunted.truth()
                )
            } else {
                format!(
                    "objects {a} and {b} meet in {}, but the routine's pair list (read back from the contract's OUT area) does not hold the pair ({a}, {b})",
                    hunted.truth()
                )
            });
        }
    }
    match (hunted, hunted.rule()) {
        (Hunted::Method(_), Some(MethodId::HwFlag)) => {
            if let Some((line, n)) = busiest_line(space, objs) {
                out.push(format!("{n} sprites share line {line}"));
            }
            out.extend(f.reasons.iter().cloned());
        }
        (_, Some(MethodId::Columns)) => {
            if let Some((a, b)) = f.pair {
                let good = [a, b]
                    .into_iter()
                    .find(|&i| objs.get(i as usize).is_some_and(|o| o.good));
                if let Some(g) = good {
                    let cols = |i: usize| {
                        let o = &objs[i];
                        let x0 = o.x.max(0) / 8;
                        let x1 =
                            (o.x + i32::from(o.w) - 1).min(i32::from(space.screen.w_px) - 1) / 8;
                        x0..=x1
                    };
                    let mine = cols(g as usize);
                    for (j, o) in objs.iter().enumerate() {
                        if j != g as usize && o.good {
                            let theirs = cols(j);
                            if let Some(c) = mine.clone().find(|c| theirs.contains(c)) {
                                out.push(format!(
                                    "objects {g} and {j} are both Good and share the 8-px column {c}: the later one overwrote the earlier in goodList, so the Bad sprite never tested object {}",
                                    g.min(j as u32)
                                ));
                                break;
                            }
                        }
                    }
                }
            }
            if out.is_empty()
                && let Some((a, b)) = f.pair
            {
                out.extend(columns_order(objs, a, b));
            }
            if out.is_empty() {
                out.push("columns' documented misses: a Good sprite is removed after its first hit, a Bad sprite stops at its first collision".into());
            }
        }
        (_, Some(m @ (MethodId::Mask16 | MethodId::Mask8))) => {
            if let Some((a, b)) = f.pair {
                for i in [a, b] {
                    if let Some(o) = found.objects.get(i as usize) {
                        out.push(band_text(space, i, o));
                    }
                }
            }
            out.push(format!(
                "{m} sets only the first and the `(x + w) / 32` band of each object, and an index of 8 or more is lost"
            ));
        }
        (_, Some(m @ MethodId::AllPairs4Case)) => {
            if let Some((a, b)) = f.pair
                && let (Some(p), Some(q)) = (objs.get(a as usize), objs.get(b as usize))
            {
                let mut same: Vec<&str> = Vec::new();
                for (name, u, v) in [
                    ("left", p.x, q.x),
                    ("right", p.x + i32::from(p.w), q.x + i32::from(q.w)),
                    ("top", p.y, q.y),
                    ("bottom", p.y + i32::from(p.h), q.y + i32::from(q.h)),
                ] {
                    if u == v {
                        same.push(name);
                    }
                }
                if !same.is_empty() {
                    out.push(format!(
                        "objects {a} and {b} overlap with their {} edges on the same pixel: the seed's strict < and > with x2 = x + width reject them",
                        same.join(", ")
                    ));
                }
            }
            out.push(format!("{m} is {:?} ({})", m.exactness(), m.origin()));
        }
        (_, Some(m)) => out.push(format!("{m} is {:?} ({})", m.exactness(), m.origin())),
        (_, None) => {}
    }
    out
}

/// The two other documented misses of `columns`, where the frame shows them: the Good
/// object was removed by an earlier Bad hit, or the Bad object stopped at an earlier
/// collision.
fn columns_order(objs: &[space::Obj], a: u32, b: u32) -> Option<String> {
    let meet = |p: &space::Obj, q: &space::Obj| {
        p.x < q.x + i32::from(q.w)
            && q.x < p.x + i32::from(p.w)
            && p.y < q.y + i32::from(q.h)
            && q.y < p.y + i32::from(p.h)
    };
    let (a, b) = (a as usize, b as usize);
    let (g, bad) = if objs.get(a)?.good { (a, b) } else { (b, a) };
    let (go, bo) = (objs.get(g)?, objs.get(bad)?);
    if let Some(k) = (0..bad).find(|&k| !objs[k].good && meet(&objs[k], go)) {
        return Some(format!(
            "Bad object {k} hit Good object {g} first, which removed {g} from goodList, so Bad object {bad} never tested it"
        ));
    }
    (0..objs.len())
        .find(|&k| k != g && objs[k].good && meet(&objs[k], bo))
        .map(|k| {
            format!(
                "Bad object {bad} stopped at its first collision, with Good object {k}, and never tested Good object {g}"
            )
        })
}

/// The bands an object covers, and those `maskX`/`maskY` set.
fn band_text(space: &Space, i: u32, o: &Object) -> String {
    let Some(c) = o.bbox.clamp_to(space.screen) else {
        return format!("object {i} has no on-screen pixel");
    };
    let axis = |p: i32, len: u16| {
        let (p, len) = (p.max(0) as u32, u32::from(len));
        let covered = format!("{}..{}", p / 32, (p + len - 1) / 32);
        let set: Vec<String> = [p / 32, (p + len) / 32]
            .into_iter()
            .map(|b| {
                if b < 8 {
                    b.to_string()
                } else {
                    format!("{b} (lost)")
                }
            })
            .collect();
        format!("covers bands {covered}, mask sets {}", set.join(" and "))
    };
    format!(
        "object {i} on screen {}x{} at ({}, {}): X {}; Y {}",
        c.w,
        c.h,
        c.x,
        c.y,
        axis(c.x, c.w),
        axis(c.y, c.h)
    )
}

/// The line most sprites cover, and how many.
fn busiest_line(space: &Space, objs: &[space::Obj]) -> Option<(i32, usize)> {
    (0..i32::from(space.screen.h_px))
        .map(|y| {
            let n = objs
                .iter()
                .filter(|o| {
                    o.y <= y
                        && y < o.y + i32::from(o.h)
                        && o.x < i32::from(space.screen.w_px)
                        && o.x + i32::from(o.w) > 0
                })
                .count();
            (y, n)
        })
        .max_by_key(|&(y, n)| (n, -y))
        .filter(|&(_, n)| n > 0)
}

fn print_text(
    args: &HuntArgs,
    space: &Space,
    judge: &Judge<'_>,
    searched: u32,
    fps: f64,
    found: Option<&Found>,
) {
    let name = judge.hunted.name();
    println!(
        "hunt {name} on {}: seed {}, {} objects, against {}",
        space.key,
        args.seed,
        args.objects,
        judge.hunted.truth()
    );
    if let Ok((_, hi)) = parse_range(&args.objects)
        && hi > space.slots
    {
        println!(
            "({} has {} sprites: frames of more objects are not searched)",
            space.key, space.slots
        );
    }
    let Some(f) = found else {
        println!("no disagreement in {searched} frames");
        println!("searched {searched} frames at {fps:.0} frames/s");
        return;
    };
    println!(
        "found: {name} {} in frame {} of the search; shrunk from {} to {} objects in {} plays",
        describe_kind(&f.finding),
        f.at,
        f.first_objects,
        f.frame.objs.len(),
        f.shrink_plays
    );
    println!("objects (as written; index = sprite number):");
    for (i, o) in f.frame.objs.iter().enumerate() {
        let mark = match f.finding.pair {
            Some((a, b)) if a == i as u32 || b == i as u32 => "  <- the pair",
            _ => "",
        };
        println!(
            "  {i:>2}  {:<4} x {:>4}  y {:>4}  {}x{}{mark}",
            if o.good { "Good" } else { "Bad" },
            o.x,
            o.y,
            o.w,
            o.h
        );
    }
    if let Some((a, b)) = f.finding.pair {
        let g = |i: u32| {
            f.objects
                .get(i as usize)
                .map_or("?", |o| group_name(o.group))
        };
        println!("pair: {a} ({}) and {b} ({})", g(a), g(b));
    }
    println!("why:");
    for w in why(space, &judge.hunted, f) {
        println!("  {w}");
    }
    println!(
        "chip: {} | {}",
        f.finding.status[0].trim(),
        f.finding.status[1].trim()
    );
    println!(
        "wrote {}, {} and {}{}",
        f.scene.display(),
        f.scenario.display(),
        f.png.display(),
        if f.reproduced {
            ""
        } else {
            " (the written scene did not play back the same!)"
        }
    );
    println!("rerun: {}", rerun(&f.scenario));
    println!("searched {searched} frames at {fps:.0} frames/s");
}

/// The command that replays the finding (exit 1 while the disagreement stands).
fn rerun(scenario: &Path) -> String {
    let shown = scenario.display().to_string();
    let plain = shown
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "/._-+,:@".contains(c));
    if plain {
        format!("hitlab replay {shown}")
    } else {
        // Single quotes keep everything but a single quote, which is closed, escaped and
        // reopened.
        format!("hitlab replay '{}'", shown.replace('\'', "'\\''"))
    }
}

fn print_json(
    args: &HuntArgs,
    space: &Space,
    judge: &Judge<'_>,
    searched: u32,
    fps: f64,
    found: Option<&Found>,
) {
    let mut v = json!({
        "hunted": judge.hunted.name(),
        "kind": match judge.hunted { Hunted::Method(_) => "method", Hunted::Code { .. } => "code" },
        "target": space.key,
        "seed": args.seed,
        "objects": args.objects,
        "budget": args.budget,
        "truth": judge.hunted.truth(),
        "found": found.is_some(),
        "frames_searched": searched,
        "frames_per_second": (fps * 10.0).round() / 10.0,
    });
    if let Some(f) = found {
        v["found_at"] = json!(f.at);
        v["first_objects"] = json!(f.first_objects);
        v["shrink_plays"] = json!(f.shrink_plays);
        v["disagreement"] = json!(f.finding.kind);
        v["pair"] = json!(f.finding.pair.map(|(a, b)| [a, b]));
        v["frame"] = f
            .frame
            .objs
            .iter()
            .map(|o| json!({"x": o.x, "y": o.y, "w": o.w, "h": o.h, "group": if o.good { "Good" } else { "Bad" }}))
            .collect();
        v["why"] = json!(why(space, &judge.hunted, f));
        v["status"] = json!(f.finding.status);
        v["scene"] = json!(f.scene.display().to_string());
        v["png"] = json!(f.png.display().to_string());
        v["scenario"] = json!(f.scenario.display().to_string());
        v["rerun"] = json!(rerun(&f.scenario));
        v["reproduced"] = json!(f.reproduced);
    }
    println!("{v}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_inclusive_and_checked() {
        assert_eq!(parse_range("2..16"), Ok((2, 16)));
        assert_eq!(parse_range("3..=3"), Ok((3, 3)));
        assert!(parse_range("5..2").is_err());
        assert!(parse_range("x..2").is_err());
        assert!(parse_range("7").is_err());
    }
}
