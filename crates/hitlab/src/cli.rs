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
    /// Play a scene in a window with overlays (headless with a GIF and the comparison when
    /// there is no display).
    Run(RunArgs),
    /// Write one frame of a scene as a PNG, headless.
    Shot(ShotArgs),
    /// Write frames of a scene as a GIF, headless.
    Record(RecordArgs),
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
    /// Run your own collision routine on a machine's CPU against a scene, or print the
    /// routine contract of a machine (`--abi`).
    Routine(RoutineArgs),
    /// Write the comparison of a scene as one HTML page with charts.
    Report(crate::cmd::report::ReportArgs),
    /// Search seeded random frames for one where a method, a routine image or the chip's
    /// flag disagrees with the truth; shrink it and write it as a scene and a PNG.
    Hunt(crate::cmd::hunt::HuntArgs),
    /// Assemble a 6809 source (a Vectrex routine) with the project's assembler.
    Asm6809(crate::cmd::asm6809::Asm6809Args),
}

/// The format of a routine image.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ImageFormat {
    /// Told by the file: `.hex`/`.ihx` or text of Intel HEX records is Intel HEX (sdcc's
    /// usual output), `.prg` a .prg, anything else raw.
    #[default]
    Auto,
    /// Raw bytes loaded at the contract's code address (or `--load`).
    Raw,
    /// Intel HEX: the records say where each byte goes.
    Ihex,
    /// A Commodore/X16 `.prg`: a two-byte little-endian load address, then the bytes.
    Prg,
}

/// `hitlab routine`.
#[derive(Debug, Args)]
pub struct RoutineArgs {
    /// The image (raw, Intel HEX or .prg).
    #[arg(required_unless_present = "abi")]
    pub image: Option<PathBuf>,
    /// The machine: genesis, msx, vera (or x16) or vectrex.
    #[arg(long, value_parser = code_target, required_unless_present = "abi")]
    pub target: Option<String>,
    /// Print the machine's routine contract (addresses, record layout, capacity, call).
    #[arg(long, value_parser = code_target, conflicts_with_all = ["image", "target"])]
    pub abi: Option<String>,
    /// The scene to run it against; by default the machine's own, from the project folder:
    /// scenes/genesis/shmup.ron, scenes/msx/bands.ron, scenes/vera/rings.ron,
    /// scenes/vectrex/labyrinth.ron (`hitlab routine --abi T` names it).
    #[arg(long)]
    pub scene: Option<PathBuf>,
    /// Frames to play (the scene's own count by default).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub frames: Option<u32>,
    /// The image's format (by default told by the file's extension and content).
    #[arg(long, value_enum, default_value_t)]
    pub format: ImageFormat,
    /// Where a raw image loads (hex with `0x` or `$`, or decimal); the contract's code
    /// address by default. It must lie in the machine's code area.
    #[arg(long, value_parser = parse_addr)]
    pub load: Option<u32>,
    /// Also compare, frame by frame, with this Rust method.
    #[arg(long, value_parser = parse_method)]
    pub like: Option<MethodId>,
    /// One JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// A machine as users name it: `x16` is the registry's `vera`, as everywhere a target is
/// named.
#[must_use]
pub fn machine_key(s: &str) -> &str {
    if s.eq_ignore_ascii_case("x16") {
        "vera"
    } else {
        s
    }
}

/// A machine with a CPU model, by its registry key (or `x16`).
fn code_target(s: &str) -> Result<String, String> {
    let keys = machine::KEYS;
    let s = machine_key(s);
    if keys.contains(&s) {
        Ok(s.to_owned())
    } else {
        Err(format!("expected one of {} (or x16)", keys.join(", ")))
    }
}

/// `0x4000`, `$4000` or `16384`.
fn parse_addr(s: &str) -> Result<u32, String> {
    let t = s.trim();
    let parsed = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix('$')) {
        u32::from_str_radix(h, 16)
    } else {
        t.parse()
    };
    parsed.map_err(|_| format!("`{s}` is not an address (0x4000, $4000 or 16384)"))
}

/// `hitlab bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Object counts for the collision-layer table.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "80,128,1000,10000,100000"
    )]
    pub sizes: Vec<usize>,
    /// Skip the chip models (they play the seed scenes from `scenes/`).
    #[arg(long)]
    pub no_chips: bool,
}

/// A machine with a dump probe, by its registry key.
fn probe_target(s: &str) -> Result<String, String> {
    let keys = machine::registry::probe_keys();
    let s = machine_key(s);
    if keys.contains(&s) {
        Ok(s.to_owned())
    } else {
        Err(format!("expected one of {} (or x16)", keys.join(", ")))
    }
}

/// `hitlab frame`.
#[derive(Debug, Args)]
pub struct FrameArgs {
    /// The machine: genesis, msx or vera (or x16) (the machines with video memory to
    /// dump).
    #[arg(long, value_parser = probe_target)]
    pub target: String,
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
    /// Also write the rendered frame here, indexed with the chip's palette.
    #[arg(long, value_name = "FILE", value_parser = output_with(".png"))]
    pub png: Option<PathBuf>,
}

/// `hitlab methods`.
#[derive(Debug, Args)]
pub struct MethodsArgs {
    /// Objects in the generated frame, 1 to 100,000.
    #[arg(long, default_value_t = 80, value_parser = parse_objects)]
    pub objects: usize,
}

/// `hitlab run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The scene file, a program file (`*.prg.ron`), or a program image with `--target`.
    pub scene: PathBuf,
    /// Frames to play before pausing at the end (the scene's own count by default).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub frames: Option<u32>,
    /// Play this many frames, show the last one for `--hold-ms`, then quit by itself.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub exit_after: Option<u32>,
    /// With `--exit-after`: how long the last frame stays on screen, in milliseconds.
    #[arg(long, default_value_t = 0, value_name = "MS")]
    pub hold_ms: u64,
    /// Integer scale of the frame (by default the largest up to 4 that fits 1280x960).
    #[arg(long, value_parser = parse_scale)]
    pub scale: Option<usize>,
    /// The method selected first (`m` cycles through the others).
    #[arg(long, value_parser = parse_method)]
    pub method: Option<MethodId>,
    /// Start with the overlays off (`o` turns them on).
    #[arg(long)]
    pub no_overlays: bool,
    /// Without a display: where the GIF of the first seconds goes.
    #[arg(long, default_value = "hitlab-run.gif", value_name = "PATH", value_parser = output_with(".gif"))]
    pub gif: PathBuf,
    /// A program instead of a scene.
    #[command(flatten)]
    pub program: ProgramArgs,
}

/// `hitlab shot`.
#[derive(Debug, Args)]
pub struct ShotArgs {
    /// The scene file, a program file (`*.prg.ron`), or a program image with `--target`.
    pub scene: PathBuf,
    /// The frame to write, from 0.
    #[arg(long, default_value_t = 0)]
    pub frame: u32,
    /// The PNG to write (`<scene>-<frame>.png` by default).
    #[arg(short, long, value_parser = output_with(".png"))]
    pub output: Option<PathBuf>,
    /// How the picture is drawn.
    #[command(flatten)]
    pub picture: PictureArgs,
    /// A program instead of a scene.
    #[command(flatten)]
    pub program: ProgramArgs,
}

/// How `shot` and `record` draw a frame.
#[derive(Debug, Args)]
pub struct PictureArgs {
    /// Integer scale (by default 1 for the chip's frame; with `--overlays` the window's, the
    /// largest up to 4 that fits 1280x960, at which the panel is readable).
    #[arg(long, value_parser = parse_scale)]
    pub scale: Option<usize>,
    /// Draw the window's overlays and panel (RGB); without, the chip's frames with its
    /// palette, exactly.
    #[arg(long)]
    pub overlays: bool,
    /// The method the overlays show.
    #[arg(long, value_parser = parse_method)]
    pub method: Option<MethodId>,
}

/// `hitlab record`.
#[derive(Debug, Args)]
pub struct RecordArgs {
    /// The scene file, a program file (`*.prg.ron`), or a program image with `--target`.
    pub scene: PathBuf,
    /// Frames to write, from frame 0 (the scene's own count by default).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub frames: Option<u32>,
    /// The GIF to write (`<scene>.gif` by default).
    #[arg(short, long, value_parser = output_with(".gif"))]
    pub output: Option<PathBuf>,
    /// How the picture is drawn.
    #[command(flatten)]
    pub picture: PictureArgs,
    /// A program instead of a scene.
    #[command(flatten)]
    pub program: ProgramArgs,
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
    /// Run one program file from a state file's frame (one `hitlab hunt` wrote) to its
    /// last, instead of from power-on.
    #[arg(long, value_name = "STATE")]
    pub from: Option<PathBuf>,
}

/// `hitlab compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The scene file, a program file (`*.prg.ron`), or a program image with `--target`.
    pub scene: PathBuf,
    /// Frames to play (the scene's own count by default).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub frames: Option<u32>,
    /// Methods to compare, comma-separated (every method that applies by default); the
    /// Vectrex wall methods `maze-tiles` and `obj-hit-walls` too.
    #[arg(long, value_delimiter = ',', value_parser = parse_method_arg)]
    pub methods: Vec<MethodArg>,
    /// One JSON object instead of tables.
    #[arg(long)]
    pub json: bool,
    /// Also print one line per frame: status, verdict, truth, frame hash.
    #[arg(long)]
    pub per_frame: bool,
    /// A program runs from a state file's frame (one `hitlab hunt` wrote) to its last,
    /// instead of from power-on.
    #[arg(long, value_name = "STATE")]
    pub from: Option<PathBuf>,
    /// A program instead of a scene.
    #[command(flatten)]
    pub program: ProgramArgs,
}

/// A whole program instead of a scene: a program file `*.prg.ron`, or an image with
/// `--target` (docs/programs.md).
#[derive(Debug, Args, Default)]
pub struct ProgramArgs {
    /// Run the file as a program image on this machine (genesis, msx, vera or x16, or
    /// vectrex).
    #[arg(long)]
    pub target: Option<String>,
    /// Where the program starts instead of the machine's own boot (an address, or a label
    /// with `--symbols`).
    #[arg(long)]
    pub start: Option<String>,
    /// A system ROM or BIOS of your own (X16 `rom.bin`, MSX BIOS, the Vectrex's 8 KB BIOS).
    #[arg(long, alias = "bios")]
    pub rom: Option<PathBuf>,
    /// The cartridge mapper, instead of the one detected.
    #[arg(long)]
    pub mapper: Option<String>,
    /// A host folder the machine's disk drive reads and writes (the X16's unit 8, as
    /// x16emu's `-fsroot`); names that leave it are refused.
    #[arg(long, value_name = "DIR")]
    pub fsroot: Option<PathBuf>,
    /// A symbol file for `--start` labels.
    #[arg(long)]
    pub symbols: Option<PathBuf>,
    /// Write one JSON line per frame here.
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
    /// Frames after which no interrupt taken, or a handler not returned, is a failure
    /// (default 120, or the program file's `give_up_frames`); 0 never gives up, for a
    /// program that polls the chip instead of taking its interrupts.
    #[arg(long, value_name = "FRAMES")]
    pub give_up_frames: Option<u32>,
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

fn parse_scale(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(k) if (1..=crate::play::MAX_SCALE).contains(&k) => Ok(k),
        _ => Err(format!(
            "want a whole number from 1 to {}",
            crate::play::MAX_SCALE
        )),
    }
}

fn parse_method(s: &str) -> Result<MethodId, String> {
    s.parse::<MethodId>().map_err(|e| e.to_string())
}

fn parse_objects(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=100_000).contains(&n) => Ok(n),
        _ => Err("want a whole number from 1 to 100000".into()),
    }
}

/// An output path whose extension says the format that is written, so `-o x.gif` never
/// holds PNG bytes.
fn output_with(ext: &'static str) -> impl Fn(&str) -> Result<PathBuf, String> + Clone {
    move |s: &str| {
        if s.to_ascii_lowercase().ends_with(ext) {
            Ok(PathBuf::from(s))
        } else {
            Err(format!(
                "this command writes {ext} files; name the output `*{ext}`"
            ))
        }
    }
}

/// A method named on the command line: a pair method of the catalogue, or one of the
/// Vectrex wall methods, which every labyrinth scene runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MethodArg {
    /// A method of the collision layer.
    Pairs(MethodId),
    /// `maze-tiles` or `obj-hit-walls`.
    Walls(&'static str),
}

pub fn parse_method_arg(s: &str) -> Result<MethodArg, String> {
    match s {
        "maze-tiles" => Ok(MethodArg::Walls("maze-tiles")),
        "obj-hit-walls" => Ok(MethodArg::Walls("obj-hit-walls")),
        _ => parse_method(s).map(MethodArg::Pairs),
    }
}

#[cfg(test)]
mod readme {
    use clap::Parser as _;

    use super::Cli;

    const README: &str = include_str!("../../../README.md");

    /// Options whose value is a file the command writes.
    const OUTPUTS: &[&str] = &[
        "-o",
        "--output",
        "--gif",
        "--png",
        "--trace",
        "--listing",
        "--out",
    ];

    /// A placeholder of a synopsis (`SCENE`, `FILE.asm`, `T`, `a,b`, `[--json]`).
    fn placeholder(token: &str) -> bool {
        let stem = token.split('.').next().unwrap_or(token);
        token.contains(['[', ']', '|', '<', '>', '…'])
            || token.contains("...")
            || (!stem.is_empty() && stem.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
            || token == "a,b"
    }

    /// Every example command of the README: lines of its code blocks that start with
    /// `hitlab ` or `cargo run --release -p hitlab -- `, comments cut, synopses (with
    /// placeholders) left out.
    fn examples() -> Vec<Vec<String>> {
        let mut out = Vec::new();
        let mut fenced = false;
        for line in README.lines() {
            if line.trim_start().starts_with("```") {
                fenced = !fenced;
                continue;
            }
            // Code is fenced or indented by four spaces; prose that starts with the word
            // is not a command.
            if !fenced && !line.starts_with("    ") {
                continue;
            }
            let t = line.trim();
            let t = t.split(" #").next().unwrap_or(t).trim();
            let args = if let Some(rest) = t.strip_prefix("cargo run --release -p hitlab -- ") {
                rest
            } else if let Some(rest) = t.strip_prefix("hitlab ") {
                rest
            } else {
                continue;
            };
            // Pipes and shell redirections are not hitlab's.
            let args = args.split(" | ").next().unwrap_or(args);
            let tokens: Vec<String> = args.split_whitespace().map(str::to_owned).collect();
            if tokens.iter().any(|a| placeholder(a)) || tokens.is_empty() {
                continue;
            }
            out.push(tokens);
        }
        out
    }

    /// `x16` is the X16 wherever a machine is named on the command line.
    #[test]
    fn x16_names_the_x16_everywhere() {
        for args in [
            &["hitlab", "routine", "r.bin", "--target", "x16"][..],
            &["hitlab", "routine", "--abi", "X16"],
            &["hitlab", "frame", "--target", "x16", "--vram", "v.bin"],
            &["hitlab", "hunt", "half-pairs", "--target", "x16"],
        ] {
            let cli = Cli::try_parse_from(args).unwrap_or_else(|e| panic!("{args:?}: {e}"));
            let key = match cli.command {
                super::Command::Routine(r) => r.target.or(r.abi),
                super::Command::Frame(f) => Some(f.target),
                super::Command::Hunt(h) => h.target,
                _ => None,
            };
            assert_eq!(key.as_deref(), Some("vera"), "{args:?}");
        }
    }

    #[test]
    fn readme_examples_parse_and_name_files_that_exist() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let examples = examples();
        assert!(examples.len() >= 10, "examples found: {examples:?}");
        for args in &examples {
            let argv = std::iter::once("hitlab".to_owned()).chain(args.iter().cloned());
            if let Err(e) = Cli::try_parse_from(argv) {
                panic!("README: `hitlab {}` does not parse: {e}", args.join(" "));
            }
            let mut written = false;
            for a in args {
                let output = std::mem::replace(&mut written, OUTPUTS.contains(&a.as_str()));
                if output || a.starts_with('-') {
                    continue;
                }
                let looks_like_file = a.contains('/')
                    || [
                        ".ron", ".rom", ".bin", ".prg", ".lbl", ".asm", ".s", ".hex", ".ihx",
                    ]
                    .iter()
                    .any(|e| a.ends_with(e));
                if looks_like_file {
                    assert!(
                        root.join(a).exists(),
                        "README: `hitlab {}` names {a}, which is not in the project",
                        args.join(" ")
                    );
                }
            }
        }
    }
}
