//! hitlab scenes: the RON formats, loading with precise errors, motion, and the session that
//! plays a scene's objects on a machine (the `machine` crate) and compares the answers
//! (specs/harness.md).
//!
//! Data flows one way: scene -> motion -> driver -> chip -> sprite view -> methods ->
//! compare. This crate reads files; the chip crates and the collision layer never do.

pub mod compare;
pub mod error;
pub mod expect;
pub mod format;
pub mod labyrinth;
pub mod limits;
pub mod load;
pub mod loaded;
pub mod locate;
pub mod motion;
pub mod program;
pub mod reach;
pub mod roms;
pub mod session;
pub mod summary;
pub mod walkers;

pub use error::{LoadError, TextPos};

use std::path::{Path, PathBuf};

use collide::MethodId;

use crate::expect::Checker;
use crate::format::{Scenario, SceneRef};
use crate::load::{parse_versioned, read_text};
use crate::loaded::{LoadedScene, load_scene, resolve};
use crate::session::{FrameReport, Session, SessionError, machine_for};
use crate::summary::Summary;

/// Anything that stops a scene or scenario from playing: bad input, not a failed check.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file could not be read or parsed.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// The scene does not fit its chip.
    #[error(transparent)]
    Session(#[from] SessionError),
    /// A method the scenario names reads hardware its scene's machine lacks.
    #[error("{path}: {message}")]
    MethodLacks {
        /// The scenario file.
        path: String,
        /// The method, why it cannot run, and the machine.
        message: String,
    },
}

/// A scenario read from disk, with its scene.
#[derive(Debug)]
pub struct LoadedScenario {
    /// The scenario file.
    pub path: PathBuf,
    /// As written.
    pub scenario: Scenario,
    /// Its scene.
    pub scene: LoadedScene,
    /// Its own routine image, read: name (the file name), bytes.
    pub routine: Option<(String, Vec<u8>)>,
    /// The scenario's text, for errors found when it starts.
    text: std::sync::Arc<str>,
}

/// The largest routine image a scenario reads: the largest code area (the Genesis' 4 MB
/// cartridge space).
pub const MAX_ROUTINE_BYTES: u64 = 4 << 20;

/// Reads a scenario and its scene.
///
/// # Errors
/// Unreadable or invalid files, located.
pub fn load_scenario(path: &Path) -> Result<LoadedScenario, LoadError> {
    let text = read_text(path, "scenario")?;
    let scenario: Scenario = parse_versioned(path, &text)?;
    let scene = match &scenario.scene {
        SceneRef::Path(p) => {
            let dir = path.parent().unwrap_or(Path::new("."));
            load_scene(&dir.join(p)).map_err(|e| match e {
                LoadError::Io { .. } | LoadError::TooLarge { .. } => {
                    LoadError::at_field(path, &text, "scene", e.to_string())
                }
                other => other,
            })?
        }
        SceneRef::Inline(s) => resolve(path, &text, "scene.", (**s).clone())?,
    };
    let routine = match &scenario.routine {
        Some(r) => {
            let dir = path.parent().unwrap_or(Path::new("."));
            let bytes = load::read_bytes(&dir.join(&r.file), "a routine image", MAX_ROUTINE_BYTES)
                .map_err(|e| LoadError::at_field(path, &text, "routine.file", e.to_string()))?;
            let name = Path::new(&r.file)
                .file_name()
                .map_or_else(|| r.file.clone(), |n| n.to_string_lossy().into_owned());
            Some((name, bytes))
        }
        None => None,
    };
    Ok(LoadedScenario {
        path: path.to_owned(),
        scenario,
        scene,
        routine,
        text: text.into(),
    })
}

/// Starts a session of `scene` with `methods` (the scene's choice when empty).
///
/// # Errors
/// The scene does not fit its chip, located in the scene's text.
pub fn start(scene: LoadedScene, methods: &[MethodId]) -> Result<Session, LoadError> {
    let machine = machine_for(&scene).map_err(|e| located(&scene, e))?;
    start_on(scene, machine, methods)
}

/// Starts a session of `scene` on `machine`, already built from its settings.
///
/// # Errors
/// The scene does not fit its chip, located in the scene's text.
pub fn start_on(
    scene: LoadedScene,
    machine: Box<dyn machine::Machine>,
    methods: &[MethodId],
) -> Result<Session, LoadError> {
    let place = scene.clone();
    Session::new(scene, machine, methods).map_err(|e| located(&place, e))
}

/// A session's error at its place in the scene's text.
fn located(scene: &LoadedScene, e: SessionError) -> LoadError {
    match e {
        SessionError::TooManySprites { used, slots, .. } => scene.error_at(
            "objects",
            format!("the objects use {used} hardware sprites; the chip has {slots}"),
        ),
        SessionError::Rom { path, message } => {
            match scene
                .roms
                .iter()
                .position(|r| r.path.display().to_string() == path)
            {
                Some(i) => scene.error_at(&format!("roms[{i}]"), format!("{path}: {message}")),
                None => scene.error_at("target", message),
            }
        }
    }
}

/// The outcome of replaying a scenario.
#[derive(Debug)]
pub struct Outcome {
    /// Failed expectations (empty: passed).
    pub failures: Vec<String>,
    /// Totals over the replay.
    pub summary: Summary,
}

/// Replays a scenario, calling `each` after every frame (for progress).
///
/// # Errors
/// The scene does not fit its chip.
pub fn replay(
    loaded: LoadedScenario,
    mut each: impl FnMut(&FrameReport),
) -> Result<Outcome, Error> {
    let s = &loaded.scenario;
    let mut methods: Vec<MethodId> = s.methods.iter().map(|m| m.0).collect();
    if !methods.is_empty() {
        for m in Checker::methods_needed(&s.expect) {
            if !methods.contains(&m) {
                methods.push(m);
            }
        }
    }
    let mut checker = Checker::new(&s.expect);
    let frames = s.frames;
    let mut machine = machine_for(&loaded.scene).map_err(|e| located(&loaded.scene, e))?;
    let named: Vec<MethodId> = methods
        .iter()
        .copied()
        .chain(Checker::methods_needed(&s.expect))
        .chain(loaded.scene.scene.methods.iter().map(|m| m.0))
        .collect();
    if let Some(message) = session::method_lacking(machine.as_ref(), &named) {
        return Err(Error::MethodLacks {
            path: loaded.path.display().to_string(),
            message,
        });
    }
    let own = match (&loaded.routine, &s.routine) {
        (Some((name, bytes)), Some(r)) => {
            let at = |field: &str, message: String| {
                LoadError::at_field(&loaded.path, &loaded.text, field, message)
            };
            let abi = machine
                .target_code()
                .map(|c| c.abi())
                .ok_or_else(|| at("routine", "this scene's machine has no CPU model".into()))?;
            let load = r.load.unwrap_or(abi.code);
            let end = u64::from(abi.code) + u64::from(abi.code_max);
            if load < abi.code || u64::from(load) + bytes.len() as u64 > end || bytes.is_empty() {
                return Err(at(
                    "routine.load",
                    format!(
                        "{} bytes at 0x{load:X} do not fit the {} code area 0x{:X}-0x{:X}",
                        bytes.len(),
                        abi.machine,
                        abi.code,
                        end - 1
                    ),
                )
                .into());
            }
            let mut image = vec![0xFF; (load - abi.code) as usize];
            image.extend_from_slice(bytes);
            Some(session::CodeRoutine {
                name: name.clone(),
                method: None,
                image: image.into(),
                entry: Some(load),
                builtin: false,
            })
        }
        _ => None,
    };
    let mut session = start_on(loaded.scene, machine, &methods)?;
    if let Some(r) = own {
        session.add_routine(r);
    }
    let mut summary = Summary::default();
    for _ in 0..frames {
        let r = session.step(None);
        checker.frame(&r);
        summary.add(&r);
        each(&r);
    }
    Ok(Outcome {
        failures: checker.finish(&summary),
        summary,
    })
}
