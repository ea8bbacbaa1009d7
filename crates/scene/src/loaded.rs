//! A scene read from disk with everything it refers to: rom images, path tables, key
//! recordings. Every reference is checked here, so a session never meets a missing file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::error::LoadError;
use crate::format::{Motion, Region, Scene};
use crate::load::{MAX_PATH_TABLE_BYTES, MAX_ROM_BYTES, parse_versioned, read_bytes, read_text};
use crate::motion::{Dirs, parse_keys};

/// A scene with its files read and its references resolved.
#[derive(Clone, Debug)]
pub struct LoadedScene {
    /// Where the scene came from (a scenario path for inline scenes).
    pub path: PathBuf,
    /// The scene as written.
    pub scene: Scene,
    /// Rom images in load order.
    pub roms: Vec<LoadedRom>,
    /// Path tables by name.
    pub tables: BTreeMap<String, Arc<[(i32, i32)]>>,
    /// Parsed key recordings, by object definition index.
    pub keys: Vec<Option<Arc<[Dirs]>>>,
    /// The Vectrex target's labyrinth, checked for consistency.
    pub labyrinth: Option<Arc<machine::vectrex::maze::Labyrinth>>,
    /// The text the scene was read from (a scenario's, for inline scenes), so that checks
    /// made when it starts can still name a line and column.
    pub text: Arc<str>,
    /// The field path of the scene within `text`: empty, or `scene.` for inline scenes.
    pub prefix: String,
}

impl LoadedScene {
    /// An error at `field` of the scene (a path such as `objects[2].count`), located in
    /// the text it was read from.
    #[must_use]
    pub fn error_at(&self, field: &str, message: impl Into<String>) -> LoadError {
        LoadError::at_field(
            &self.path,
            &self.text,
            format!("{}{field}", self.prefix),
            message,
        )
    }
}

/// One rom image.
#[derive(Clone, Debug)]
pub struct LoadedRom {
    /// The file.
    pub path: PathBuf,
    /// Where it goes.
    pub region: Region,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// Reads and checks a scene file.
///
/// # Errors
/// Unreadable files, bad RON, and references that do not resolve, located in the file.
pub fn load_scene(path: &Path) -> Result<LoadedScene, LoadError> {
    let text = read_text(path, "scene")?;
    let scene: Scene = parse_versioned(path, &text)?;
    resolve(path, &text, "", scene)
}

/// Checks a scene already parsed from `text` (the file `path`, or a scenario holding it
/// inline at the field path `prefix`, such as `scene.`) and reads what it refers to,
/// relative to `path`'s folder.
///
/// # Errors
/// As [`load_scene`].
pub fn resolve(
    path: &Path,
    text: &str,
    prefix: &str,
    scene: Scene,
) -> Result<LoadedScene, LoadError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let bad = |field: String, message: String| {
        LoadError::at_field(path, text, format!("{prefix}{field}"), message)
    };
    if scene.version != 1 {
        return Err(bad(
            "version".into(),
            format!("format version {} is not supported; use 1", scene.version),
        ));
    }
    if let Some(c) = scene.columns
        && ![32, 40, 80].contains(&c)
    {
        return Err(bad(
            "columns".into(),
            format!("columns is {c}; the seed's lists have 32 or 40 (80 fill the X16's 640 px)"),
        ));
    }

    let mut roms = Vec::new();
    for (i, rom) in scene.roms.iter().enumerate() {
        let file = dir.join(&rom.file);
        let bytes = read_bytes(&file, "rom image", MAX_ROM_BYTES)
            .map_err(|e| bad(format!("roms[{i}].file"), e.to_string()))?;
        roms.push(LoadedRom {
            path: file,
            region: rom.to,
            bytes,
        });
    }

    let mut tables = BTreeMap::new();
    for (i, t) in scene.paths.iter().enumerate() {
        let file = dir.join(&t.file);
        let bytes = read_bytes(&file, "path table", MAX_PATH_TABLE_BYTES)
            .map_err(|e| bad(format!("paths[{i}].file"), e.to_string()))?;
        if bytes.is_empty() || bytes.len() % 4 != 0 {
            return Err(bad(
                format!("paths[{i}].file"),
                format!(
                    "{}: a path table is whole u16 x, u16 y pairs (a non-zero multiple of 4 bytes); it has {} bytes",
                    file.display(),
                    bytes.len()
                ),
            ));
        }
        let points: Arc<[(i32, i32)]> = bytes
            .chunks_exact(4)
            .map(|c| {
                (
                    i32::from(u16::from_le_bytes([c[0], c[1]])),
                    i32::from(u16::from_le_bytes([c[2], c[3]])),
                )
            })
            .collect();
        tables.insert(t.name.clone(), points);
    }

    let settings = scene.target.settings();
    if let Err((field, message)) = settings.check() {
        return Err(bad(format!("target.{field}"), message));
    }
    let labyrinth = match settings.labyrinth_file() {
        Some(name) => Some(crate::labyrinth::load_labyrinth(&dir.join(name)).map_err(
            |e| match e {
                LoadError::Io { .. } | LoadError::TooLarge { .. } => {
                    bad("target.labyrinth".into(), e.to_string())
                }
                other => other,
            },
        )?),
        None => None,
    };

    let mut keys = Vec::new();
    for (i, o) in scene.objects.iter().enumerate() {
        if o.sprites.is_empty() {
            return Err(bad(
                format!("objects[{i}].sprites"),
                "an object needs at least one sprite".into(),
            ));
        }
        if o.count == 0 || o.count > 1024 {
            return Err(bad(
                format!("objects[{i}].count"),
                format!("count is {}; it must be 1 to 1024", o.count),
            ));
        }
        let mut k = None;
        match &o.motion {
            Motion::Path { table, .. } if !tables.contains_key(table) => {
                return Err(bad(
                    format!("objects[{i}].motion.table"),
                    format!("no path table named `{table}` in `paths`"),
                ));
            }
            Motion::Waypoints { points, .. } if points.is_empty() => {
                return Err(bad(
                    format!("objects[{i}].motion.points"),
                    "waypoints need at least one point".into(),
                ));
            }
            Motion::Input { keys: rec, .. } => {
                let parsed =
                    parse_keys(rec).map_err(|m| bad(format!("objects[{i}].motion.keys"), m))?;
                k = Some(parsed.into());
            }
            Motion::Follow { target, .. } if !scene.objects.iter().any(|o| &o.name == target) => {
                return Err(bad(
                    format!("objects[{i}].motion.target"),
                    format!("no object named `{target}` to follow"),
                ));
            }
            Motion::Walker { size, .. }
                if o.sprites.len() != 1
                    || o.sprites[0].w != 2 * u16::from(*size) + 1
                    || o.sprites[0].h != o.sprites[0].w
                    || *size > machine::vectrex::maze::MAX_PLAYER_HALF =>
            {
                return Err(bad(
                    format!("objects[{i}].sprites"),
                    format!(
                        "a walker of size {size} is one square sprite of {0}x{0} fine units (2 * size + 1), size 0 to {1}",
                        2 * u32::from(*size) + 1,
                        machine::vectrex::maze::MAX_PLAYER_HALF
                    ),
                ));
            }
            Motion::Walker { .. } if scene.target.settings().labyrinth_file().is_none() => {
                return Err(bad(
                    format!("objects[{i}].motion"),
                    "Walker motion needs a target with a labyrinth (the Vectrex)".into(),
                ));
            }
            _ => {}
        }
        keys.push(k);
    }
    if let Some((field, message)) = crate::limits::check(&scene, labyrinth.as_deref(), &tables) {
        return Err(bad(field, message));
    }

    Ok(LoadedScene {
        path: path.to_owned(),
        scene,
        roms,
        tables,
        keys,
        labyrinth,
        text: text.into(),
        prefix: prefix.to_owned(),
    })
}
