//! The command line.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use collide::MethodId;

/// Sprite collision methods of retro games, tested against models of their video chips.
#[derive(Debug, Parser)]
#[command(name = "hitlab", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print every collision method with its exactness and its cost on an 80-sprite frame.
    Methods(MethodsArgs),
    /// Play a scene and print the comparison.
    Run(RunArgs),
    /// Replay scenario files or folders headless and check their expectations.
    Replay(ReplayArgs),
    /// Print the three-way comparison of a scene: truth, hardware, every method.
    Compare(CompareArgs),
    /// Build every rom image from its source (`*.src.ron`), or check they are up to date.
    Roms(RomsArgs),
    /// Render one frame from a raw memory dump and print what a status read would see.
    Frame(FrameArgs),
    /// Time the collision layer and the chip models on this machine.
    Bench(BenchArgs),
}

/// `hitlab bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Object counts for the collision-layer table.
    #[arg(long, value_delimiter = ',', default_values_t = [80, 128, 1_000, 10_000, 100_000])]
    pub sizes: Vec<usize>,
    /// Skip the chip models (they play the seed scenes from `scenes/`).
    #[arg(long)]
    pub no_chips: bool,
}

/// The chips `hitlab frame` reads dumps of.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum FrameTarget {
    /// Sega Genesis VDP.
    Genesis,
    /// MSX TMS9918A.
    Msx,
    /// Commander X16 VERA.
    Vera,
}

/// `hitlab frame`.
#[derive(Debug, Args)]
pub struct FrameArgs {
    /// The chip.
    #[arg(long, value_enum)]
    pub target: FrameTarget,
    /// VRAM dump: Genesis 65,536 bytes, MSX 16,384, VERA 131,072.
    #[arg(long)]
    pub vram: PathBuf,
    /// Genesis CRAM dump, 128 bytes.
    #[arg(long)]
    pub cram: Option<PathBuf>,
    /// A register write applied before the dump: N=V (Genesis, MSX) or NAME=V (VERA:
    /// IEN, DC_VIDEO, DC_HSCALE, DC_VSCALE); V in decimal or 0x hex.
    #[arg(long)]
    pub reg: Vec<String>,
    /// One line of JSON (the default prints it indented).
    #[arg(long)]
    pub json: bool,
}

/// `hitlab methods`.
#[derive(Debug, Args)]
pub struct MethodsArgs {
    /// Objects in the generated frame.
    #[arg(long, default_value_t = 80)]
    pub objects: usize,
}

/// `hitlab run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The scene file.
    pub scene: PathBuf,
    /// Frames to play (the scene's own count by default).
    #[arg(long)]
    pub frames: Option<u32>,
}

/// `hitlab replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// Scenario files, or folders searched for `*.ron` scenarios.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// One JSON object per scenario instead of text lines.
    #[arg(long)]
    pub json: bool,
}

/// `hitlab compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The scene file.
    pub scene: PathBuf,
    /// Frames to play (the scene's own count by default).
    #[arg(long)]
    pub frames: Option<u32>,
    /// Methods to compare, comma-separated (every method that applies by default).
    #[arg(long, value_delimiter = ',', value_parser = parse_method)]
    pub methods: Vec<MethodId>,
    /// One JSON object instead of tables.
    #[arg(long)]
    pub json: bool,
    /// Also print one line per frame: status, verdict, truth, frame hash.
    #[arg(long)]
    pub per_frame: bool,
}

/// `hitlab roms`.
#[derive(Debug, Args)]
pub struct RomsArgs {
    /// The folder searched for `*.src.ron` sources.
    #[arg(default_value = "roms")]
    pub dir: PathBuf,
    /// Only compare the built images with the files on disk; exit 1 on a difference.
    #[arg(long)]
    pub check: bool,
}

fn parse_method(s: &str) -> Result<MethodId, String> {
    s.parse::<MethodId>().map_err(|e| e.to_string())
}
