//! Target code images (`roms/*/code/build.ron`): how each committed machine-code image is
//! built from its sources, as data, and the check that rebuilds it and compares byte for
//! byte.
//!
//! A `build.ron` lists images; each names its output file, the method id it implements, its
//! source files (plain names in the same folder) and the argv of each command that builds
//! it. [`rebuild_code`] copies the sources into a fresh temporary folder, runs the commands
//! there (no shell; environment cleared but for `PATH` and `LC_ALL=C`), reads the output and
//! compares it with the committed file. The commands name only files inside that folder,
//! and the assemblers and compilers used write no dates, so a build is the same run to run.
//! A command whose program is not on `PATH` makes the outcome [`CodeOutcome::Skipped`]:
//! the committed images stay usable without the toolchains.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};

use serde::Deserialize;

use crate::error::LoadError;
use crate::load::{parse_versioned, read_text};

/// A `build.ron` file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CodeBuild {
    /// Format version (1).
    pub version: u32,
    /// The machine the images run on (`msx`, ...).
    pub machine: String,
    /// The images.
    pub images: Vec<CodeImageSpec>,
}

/// One image and how to build it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CodeImageSpec {
    /// The output, a file name in the folder of the `build.ron`.
    pub file: String,
    /// The collision method it implements (a catalogue id).
    pub method: String,
    /// What it is.
    #[serde(default)]
    pub description: String,
    /// The sources the commands read, file names in the same folder.
    pub sources: Vec<String>,
    /// The commands, each an argv; run in order in the build folder.
    pub commands: Vec<Vec<String>>,
}

/// What the rebuild of one image gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeOutcome {
    /// Rebuilt byte for byte the same as the committed file.
    Identical,
    /// Rebuilt, and different from the committed file (or no file is committed).
    Differs {
        /// Committed size in bytes (`None`: no committed file).
        committed: Option<usize>,
        /// Rebuilt size.
        rebuilt: usize,
        /// The first differing offset, `None` when one is a prefix of the other.
        first_difference: Option<usize>,
    },
    /// A program of the toolchain is not installed: nothing was compared.
    Skipped {
        /// The missing program.
        tool: String,
    },
    /// A command failed or did not produce the output.
    Failed {
        /// The command line.
        command: String,
        /// What happened (exit status and the end of its error output).
        message: String,
    },
}

impl std::fmt::Display for CodeOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Identical => f.write_str("identical"),
            Self::Differs {
                committed,
                rebuilt,
                first_difference,
            } => {
                match committed {
                    Some(n) => write!(f, "differs: committed {n} bytes, rebuilt {rebuilt}")?,
                    None => write!(f, "differs: not committed, rebuilt {rebuilt} bytes")?,
                }
                if let Some(at) = first_difference {
                    write!(f, ", first difference at offset {at:#06x}")?;
                }
                Ok(())
            }
            Self::Skipped { tool } => {
                write!(
                    f,
                    "skipped: toolchain {tool} not installed: rebuild check skipped"
                )
            }
            Self::Failed { command, message } => write!(f, "failed: `{command}`: {message}"),
        }
    }
}

/// One image of a `build.ron`, rebuilt.
#[derive(Clone, Debug)]
pub struct CodeImage {
    /// The committed image's path.
    pub path: PathBuf,
    /// The method id it implements.
    pub method: String,
    /// The comparison.
    pub outcome: CodeOutcome,
    /// The rebuilt bytes, when the build ran.
    pub rebuilt: Option<Vec<u8>>,
}

fn plain_name(name: &str) -> bool {
    !name.is_empty() && name != "." && name != ".." && !name.contains('/') && !name.contains('\\')
}

/// Reads and checks a `build.ron`: file and source names must be plain names in its folder,
/// every command non-empty.
///
/// # Errors
/// Unreadable file, bad RON or a bad name, located.
pub fn read_code_build(path: &Path) -> Result<CodeBuild, LoadError> {
    let text = read_text(path, "a code build list")?;
    let build: CodeBuild = parse_versioned(path, &text)?;
    for (i, img) in build.images.iter().enumerate() {
        let bad =
            |field: String, message: String| Err(LoadError::at_field(path, &text, field, message));
        if !plain_name(&img.file) {
            return bad(
                format!("images[{i}].file"),
                format!("`{}` must be a file name in this folder", img.file),
            );
        }
        for (k, s) in img.sources.iter().enumerate() {
            if !plain_name(s) {
                return bad(
                    format!("images[{i}].sources[{k}]"),
                    format!("`{s}` must be a file name in this folder"),
                );
            }
        }
        if img.commands.is_empty() || img.commands.iter().any(Vec::is_empty) {
            return bad(
                format!("images[{i}].commands"),
                "every image needs at least one command, each with a program".to_owned(),
            );
        }
    }
    Ok(build)
}

/// Every `build.ron` under `dir`, sorted.
#[must_use]
pub fn find_code_builds(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            // The entry's own type, not its target's: a link to a folder is not followed,
            // so links to `.` cannot make the search revisit a folder without end.
            let Ok(kind) = e.file_type() else { continue };
            if kind.is_dir() {
                stack.push(p);
            } else if kind.is_file() && p.file_name().is_some_and(|n| n == "build.ron") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Where `program` is on `PATH`, if anywhere.
#[must_use]
pub fn find_program(program: &str) -> Option<PathBuf> {
    if program.contains('/') {
        let p = PathBuf::from(program);
        return p.is_file().then_some(p);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(program))
        .find(|p| p.is_file())
}

/// A fresh, empty temporary folder, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> std::io::Result<Self> {
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("hitlab-code-{}-{n}-{tag}", std::process::id()));
        if dir.exists() {
            std::fs::remove_dir_all(&dir)?;
        }
        std::fs::create_dir_all(&dir)?;
        Ok(Self(dir))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn compare(committed: Option<&[u8]>, rebuilt: &[u8]) -> CodeOutcome {
    match committed {
        Some(old) if old == rebuilt => CodeOutcome::Identical,
        Some(old) => CodeOutcome::Differs {
            committed: Some(old.len()),
            rebuilt: rebuilt.len(),
            first_difference: old.iter().zip(rebuilt).position(|(a, b)| a != b),
        },
        None => CodeOutcome::Differs {
            committed: None,
            rebuilt: rebuilt.len(),
            first_difference: None,
        },
    }
}

/// Programs the caller supplies by name, found before `PATH` is searched: the running
/// `hitlab` names itself, so images its own assembler builds are checked without it being
/// installed.
pub type Provided<'a> = &'a [(&'a str, PathBuf)];

fn resolve(program: &str, provided: Provided<'_>) -> Option<PathBuf> {
    provided
        .iter()
        .find(|(name, _)| *name == program)
        .map(|(_, p)| p.clone())
        .or_else(|| find_program(program))
}

/// Rebuilds one image of the `build.ron` in `dir`.
fn rebuild_one(
    dir: &Path,
    spec: &CodeImageSpec,
    provided: Provided<'_>,
) -> Result<CodeImage, LoadError> {
    let path = dir.join(&spec.file);
    let image = |outcome, rebuilt| CodeImage {
        path: path.clone(),
        method: spec.method.clone(),
        outcome,
        rebuilt,
    };
    let mut programs = Vec::with_capacity(spec.commands.len());
    for cmd in &spec.commands {
        let Some(program) = resolve(&cmd[0], provided) else {
            return Ok(image(
                CodeOutcome::Skipped {
                    tool: cmd[0].clone(),
                },
                None,
            ));
        };
        programs.push(program);
    }
    let io = |p: &Path, error| LoadError::Io {
        path: p.to_owned(),
        error,
    };
    let tmp = TempDir::new(&spec.file).map_err(|e| io(&std::env::temp_dir(), e))?;
    for s in &spec.sources {
        std::fs::copy(dir.join(s), tmp.0.join(s)).map_err(|e| io(&dir.join(s), e))?;
    }
    for (cmd, program) in spec.commands.iter().zip(&programs) {
        let line = cmd.join(" ");
        let mut c = Command::new(program);
        c.args(&cmd[1..])
            .current_dir(&tmp.0)
            .env_clear()
            .env("LC_ALL", "C");
        if let Some(p) = std::env::var_os("PATH") {
            c.env("PATH", p);
        }
        match c.output() {
            Ok(out) if out.status.success() => {}
            Ok(out) => {
                let err = String::from_utf8_lossy(&out.stderr);
                let tail: String = err.lines().rev().take(3).collect::<Vec<_>>().join(" / ");
                return Ok(image(
                    CodeOutcome::Failed {
                        command: line,
                        message: format!("{}: {tail}", out.status),
                    },
                    None,
                ));
            }
            Err(e) => {
                return Ok(image(
                    CodeOutcome::Failed {
                        command: line,
                        message: e.to_string(),
                    },
                    None,
                ));
            }
        }
    }
    let Ok(rebuilt) = std::fs::read(tmp.0.join(&spec.file)) else {
        return Ok(image(
            CodeOutcome::Failed {
                command: spec
                    .commands
                    .last()
                    .map(|c| c.join(" "))
                    .unwrap_or_default(),
                message: format!("no {} was written", spec.file),
            },
            None,
        ));
    };
    let committed = std::fs::read(&path).ok();
    let outcome = compare(committed.as_deref(), &rebuilt);
    Ok(image(outcome, Some(rebuilt)))
}

/// Rebuilds every image of the `build.ron` at `path` in a temporary folder and compares it
/// with the committed file.
///
/// # Errors
/// An unreadable or invalid `build.ron`, a listed source that cannot be read, or no
/// temporary folder. A missing tool, a failing command or a difference is an outcome, not
/// an error.
pub fn rebuild_code(path: &Path) -> Result<Vec<CodeImage>, LoadError> {
    rebuild_code_with(path, &[])
}

/// [`rebuild_code`], with programs the caller supplies by name ahead of `PATH`.
///
/// # Errors
/// As [`rebuild_code`].
pub fn rebuild_code_with(path: &Path, provided: Provided<'_>) -> Result<Vec<CodeImage>, LoadError> {
    let build = read_code_build(path)?;
    let dir = path.parent().unwrap_or(Path::new("."));
    build
        .images
        .iter()
        .map(|spec| rebuild_one(dir, spec, provided))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    }

    #[test]
    fn a_missing_tool_skips_and_a_copy_command_rebuilds() {
        let tmp = TempDir::new("test").unwrap();
        write(&tmp.0, "a.src", "hello");
        write(&tmp.0, "a.bin", "hello");
        write(&tmp.0, "b.bin", "other");
        let build = write(
            &tmp.0,
            "build.ron",
            r#"(version: 1, machine: "msx", images: [
                (file: "a.bin", method: "half-pairs", sources: ["a.src"],
                 commands: [["cp", "a.src", "a.bin"]]),
                (file: "b.bin", method: "half-pairs", sources: ["a.src"],
                 commands: [["cp", "a.src", "b.bin"]]),
                (file: "c.bin", method: "half-pairs", sources: ["a.src"],
                 commands: [["no-such-assembler-here", "a.src"]]),
            ])"#,
        );
        let out = rebuild_code(&build).unwrap();
        if find_program("cp").is_some() {
            assert_eq!(out[0].outcome, CodeOutcome::Identical);
            assert_eq!(
                out[1].outcome,
                CodeOutcome::Differs {
                    committed: Some(5),
                    rebuilt: 5,
                    first_difference: Some(0)
                }
            );
        }
        assert_eq!(
            out[2].outcome,
            CodeOutcome::Skipped {
                tool: "no-such-assembler-here".to_owned()
            }
        );
        assert!(
            out[2]
                .outcome
                .to_string()
                .contains("toolchain no-such-assembler-here not installed: rebuild check skipped")
        );
    }

    #[test]
    fn a_provided_program_stands_in_ahead_of_path() {
        let Some(cp) = find_program("cp") else {
            return;
        };
        let tmp = TempDir::new("provided").unwrap();
        write(&tmp.0, "a.src", "hello");
        write(&tmp.0, "a.bin", "hello");
        let build = write(
            &tmp.0,
            "build.ron",
            r#"(version: 1, machine: "msx", images: [
                (file: "a.bin", method: "half-pairs", sources: ["a.src"],
                 commands: [["no-such-assembler-here", "a.src", "a.bin"]]),
            ])"#,
        );
        assert!(matches!(
            rebuild_code(&build).unwrap()[0].outcome,
            CodeOutcome::Skipped { .. }
        ));
        let out = rebuild_code_with(&build, &[("no-such-assembler-here", cp)]).unwrap();
        assert_eq!(out[0].outcome, CodeOutcome::Identical);
    }

    #[test]
    fn names_outside_the_folder_are_refused() {
        let tmp = TempDir::new("names").unwrap();
        let build = write(
            &tmp.0,
            "build.ron",
            r#"(version: 1, machine: "msx", images: [
                (file: "a.bin", method: "mask16", sources: ["../secret"],
                 commands: [["cp", "x", "y"]]),
            ])"#,
        );
        let err = read_code_build(&build).unwrap_err().to_string();
        assert!(err.contains("images[0].sources[0]"), "{err}");
    }

    #[test]
    fn the_committed_msx_build_file_is_valid_and_its_images_exist() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../roms/msx/code/build.ron");
        let build = read_code_build(&path).unwrap();
        assert_eq!(build.machine, "msx");
        for img in &build.images {
            let dir = path.parent().unwrap();
            assert!(dir.join(&img.file).is_file(), "{}", img.file);
            for s in &img.sources {
                assert!(dir.join(s).is_file(), "{s}");
            }
            img.method
                .parse::<collide::MethodId>()
                .unwrap_or_else(|e| panic!("{}: {e}", img.file));
        }
    }

    /// With the toolchains installed, every committed image rebuilds byte for byte; without
    /// them the check says it was skipped.
    #[test]
    fn the_committed_msx_images_rebuild_identically_or_are_skipped() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../roms/msx/code/build.ron");
        for img in rebuild_code(&path).unwrap() {
            assert!(
                matches!(
                    img.outcome,
                    CodeOutcome::Identical | CodeOutcome::Skipped { .. }
                ),
                "{}: {}",
                img.path.display(),
                img.outcome
            );
        }
    }
}
