//! `hitlab report`: the compare of a scene as one self-contained HTML page, with charts of
//! the routines' cycles against the frame budget and of the methods' misses, frame by frame;
//! on a program, its handlers' and spans' cycles against the budget and its lag frames.

mod charts;
mod html;
mod program;
mod series;
mod timeline;

use std::fs::File;
use std::io::{BufWriter, Write as _};
use std::path::{Path, PathBuf};

use anyhow::Context as _;
use clap::Args;

use crate::{Fault, Outcome, usage};

/// `hitlab report`.
#[derive(Debug, Args)]
pub struct ReportArgs {
    /// The scene file, a program file (`*.prg.ron`), or a program image with `--target`.
    pub scene: PathBuf,
    /// The HTML page to write.
    #[arg(short, long)]
    pub output: PathBuf,
    /// Frames to play (the scene's own count by default).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub frames: Option<u32>,
    /// Methods to compare, comma-separated (every method that applies by default).
    #[arg(long, value_delimiter = ',', value_parser = crate::cli::parse_method_arg)]
    pub methods: Vec<crate::cli::MethodArg>,
    /// A program instead of a scene.
    #[command(flatten)]
    pub program: crate::cli::ProgramArgs,
}

/// The page being written, under a temporary name until it is complete
/// ([`crate::atomic`]: a FIFO or a device is written in place).
struct Pending {
    inner: crate::atomic::Pending,
    out: BufWriter<File>,
}

impl Pending {
    fn create(output: &Path) -> Result<Self, Fault> {
        let (inner, out) = crate::atomic::Pending::create(output).map_err(usage)?;
        Ok(Self { inner, out })
    }

    fn finish(mut self, text: &str, output: &Path) -> Result<(), Fault> {
        self.out
            .write_all(text.as_bytes())
            .with_context(|| format!("cannot write {}", output.display()))
            .map_err(usage)?;
        self.inner.commit(self.out).map_err(usage)
    }
}

/// `report` on a program: its totals, handler and span cycles against the frame budget,
/// lag frames.
fn run_program(args: &ReportArgs) -> Result<Outcome, Fault> {
    if !args.methods.is_empty() {
        return Err(usage(anyhow::anyhow!(
            "--methods compares a scene's methods; a program's answer is its own decisions"
        )));
    }
    let p = crate::cmd::program::load(&args.scene, args.frames, &args.program)?;
    crate::cmd::program::refuse_input_as_output(&p, &args.output, "-o")?;
    let pending = Pending::create(&args.output)?;
    let mut series = program::ProgramSeries::default();
    let mut pictures = program::Pictures::new(&p);
    let played =
        crate::cmd::program::play_drawn(&p, args.program.trace.as_ref(), true, None, |r, m| {
            series.add(r);
            pictures.add(r, m);
        })?;
    series.pictures = pictures.done();
    let page = program::page(&p, &played, &series)?;
    pending.finish(&page, &args.output)?;
    println!(
        "{}: {} frames, {} handlers, {} spans, {} lag frames",
        args.output.display(),
        played.tally.frames,
        series.handlers.len(),
        series.spans.len(),
        series.lag.len()
    );
    // The program file's expectations, checked as `replay` checks them.
    let failures = played.tally.failures(&p.expect);
    for f in &failures {
        println!("FAIL {f}");
    }
    Ok(if failures.is_empty() {
        Outcome::Ok
    } else {
        Outcome::Failed
    })
}

pub fn run(args: &ReportArgs) -> Result<Outcome, Fault> {
    if crate::cmd::program::is_program(&args.scene, &args.program) {
        return run_program(args);
    }
    crate::cmd::program::scene_only(&args.program, &args.scene)?;
    // Fail on an unwritable output before playing the scene.
    let pending = Pending::create(&args.output)?;
    let mut series = series::Series::default();
    let (loaded, summary, named) =
        crate::cmd::compare::play(&args.scene, args.frames, &args.methods, |r| {
            series.add(r);
        })?;
    let line = format!(
        "{}, {} frames on {}",
        loaded.path.display(),
        summary.frames,
        named.title
    );
    let heading = html::Heading {
        name: &loaded.scene.name,
        line: &line,
        flag_name: named.flag_name,
    };
    let page = html::page(&heading, &summary, &series)?;
    pending.finish(&page, &args.output)?;
    println!(
        "{}: {} frames, {} methods, {} routines",
        args.output.display(),
        summary.frames,
        series.misses.len(),
        series.cycles.len()
    );
    Ok(Outcome::Ok)
}
