//! `hitlab bench`: what the collision layer and the chip models cost on this machine, for
//! a user deciding what to trust. Medians of repeated runs; the criterion benches under
//! `crates/*/benches` keep the fine-grained figures, and the collision layer's `versus`
//! example sets it against broccoli and parry2d.

use std::path::Path;
use std::time::Instant;

use collide::workload::UniformDrift;
use collide::{Found, Hardware, MethodConfig, MethodId};

use crate::cli::BenchArgs;
use crate::{Fault, Outcome, bad_input};

fn machine_name() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|c| {
            c.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_owned())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_owned())
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

/// Median seconds of `runs` calls of `f`, each repeated `inner` times.
fn time(runs: usize, inner: usize, mut f: impl FnMut()) -> f64 {
    f();
    median(
        (0..runs)
            .map(|_| {
                let t = Instant::now();
                for _ in 0..inner {
                    f();
                }
                t.elapsed().as_secs_f64() / inner as f64
            })
            .collect(),
    )
}

fn methods_table(sizes: &[usize]) {
    crate::out::outln!(
        "\ncollision layer, uniform drift (8x8 boxes), median per frame, one thread"
    );
    crate::out::outln!(
        "{:>8} {:<14} {:>12} {:>10}",
        "objects",
        "method",
        "per frame",
        "pairs"
    );
    let config = MethodConfig::default();
    for &n in sizes {
        let mut world = UniformDrift::new(n, 0xBE7C + n as u64);
        world.step();
        let frame = world.frame(Hardware::default());
        for id in [
            MethodId::Grid,
            MethodId::SortSweep,
            MethodId::Spatial16,
            MethodId::HalfPairs,
        ] {
            if matches!(id, MethodId::HalfPairs | MethodId::Spatial16) && n > 10_000 {
                continue;
            }
            let mut m = collide::build(id, &config);
            let mut found = Found::default();
            let inner = (20_000 / n.max(1)).clamp(1, 1000);
            let runs = if n >= 100_000 { 5 } else { 15 };
            let s = time(runs, inner, || m.find(&frame, &mut found));
            let shown = if s < 1e-3 {
                format!("{:.2} us", s * 1e6)
            } else {
                format!("{:.3} ms", s * 1e3)
            };
            crate::out::outln!(
                "{n:>8} {:<14} {shown:>12} {:>10}",
                id.as_str(),
                found.pairs.len()
            );
        }
    }
}

fn chips_table() -> Result<(), Fault> {
    crate::out::outln!(
        "\nchip models, the seed scenes, median per frame (picture and flags; collision-only where the model has it)"
    );
    crate::out::outln!(
        "{:<34} {:>11} {:>12} {:>9} {:>16}",
        "scene",
        "per frame",
        "frames/s",
        "x real",
        "collision-only"
    );
    for path in [
        "scenes/genesis/shmup.ron",
        "scenes/msx/bands.ron",
        "scenes/vera/rings.ron",
        "scenes/vectrex/labyrinth.ron",
    ] {
        let loaded = scene::loaded::load_scene(Path::new(path)).map_err(bad_input)?;
        let mut session = scene::start(loaded, &[MethodId::HwFlag]).map_err(bad_input)?;
        session.step(None);
        let hz = f64::from(session.machine().frame_rate_hz());
        let m = session.machine_mut();
        let full = time(9, 50, || {
            m.run_frame();
            let _ = m.read_verdict();
        });
        let only = if m.set_frame_output(false) {
            let s = time(9, 50, || {
                m.run_frame();
                let _ = m.read_verdict();
            });
            m.set_frame_output(true);
            format!("{:.0}x real", 1.0 / s / hz)
        } else {
            "-".to_owned()
        };
        crate::out::outln!(
            "{path:<34} {:>8.1} us {:>12.0} {:>8.0}x {only:>16}",
            full * 1e6,
            1.0 / full,
            1.0 / full / hz
        );
    }
    Ok(())
}

pub fn run(args: &BenchArgs) -> Result<Outcome, Fault> {
    let profile = if cfg!(debug_assertions) {
        "debug (use --release for real figures)"
    } else {
        "release"
    };
    crate::out::outln!(
        "machine: {}, {} logical CPUs; build: {profile}",
        machine_name(),
        std::thread::available_parallelism().map_or(1, usize::from)
    );
    methods_table(&args.sizes);
    if !args.no_chips {
        chips_table()?;
    }
    Ok(Outcome::Ok)
}
