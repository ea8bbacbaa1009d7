//! `roms/`: native-format images built from human-editable sources kept beside them.
//!
//! A source `NAME.src.ron` lists outputs, each a file name and the data it holds (ASCII-art
//! sprites, palettes, path tables, hit tables...). [`build_source`] encodes them in the
//! machine's native format, byte for byte the same on every run and every machine (no
//! floating-point library calls: the path tables use [`trig`]'s fixed series).

mod art;
pub mod code;
mod encode;
pub mod trig;

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::error::LoadError;
use crate::load::{parse_versioned, read_text};

pub use art::Art;

/// A rom source file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RomSource {
    /// Format version (1).
    pub version: u32,
    /// What the images are for.
    #[serde(default)]
    pub description: String,
    /// The images built from this source.
    pub outputs: Vec<Output>,
}

/// One image.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Output {
    /// File name, relative to the source.
    pub file: String,
    /// What it holds.
    pub data: Data,
}

/// The kinds of image, each in its machine's native format.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Data {
    /// Genesis 4bpp tiles, 32 bytes per 8x8 cell, high nibble = left pixel; each sprite's
    /// cells column-major, as the VDP reads them.
    GenesisTiles(Vec<Art>),
    /// Genesis CRAM: up to 64 colours of 3-bit (r, g, b), as big-endian `----BBB-GGG-RRR-`
    /// words, padded to 128 bytes.
    GenesisCram(Vec<(u8, u8, u8)>),
    /// TMS9918 sprite patterns: 8 bytes per 8x8, or 32 bytes per 16x16 (left 8 columns,
    /// then right); any non-zero pixel is a 1 bit, MSB = left.
    MsxPatterns(Vec<Art>),
    /// VERA sprite bitmaps, 4 or 8 bits per pixel (4 bpp: high nibble = left pixel), each
    /// padded to a 32-byte boundary as sprite addresses are in 32-byte units.
    VeraBitmaps {
        /// 4 or 8.
        bpp: u8,
        /// The bitmaps.
        sprites: Vec<Art>,
    },
    /// VERA palette: 12-bit (r, g, b) colours, 2 bytes each (`GGGGBBBB`, `----RRRR`).
    VeraPalette(Vec<(u8, u8, u8)>),
    /// A path table of u16 little-endian (x, y) points on an ellipse, angle 0 first,
    /// turning clockwise on screen (y down).
    Ellipse {
        /// Centre in pixels.
        centre: (i32, i32),
        /// Half-width and half-height in pixels.
        radius: (i32, i32),
        /// Points per lap.
        points: u32,
        /// Added to every point (seed 004: -8 for a 16x16 sprite's top-left).
        #[serde(default)]
        offset: (i32, i32),
    },
    /// Seed 004's pixel hit table: 32 x 32 bytes, row DY + 16, column DX + 16 with
    /// DX = target x - projectile x (likewise DY), 1 where the target bitmap `b` placed at
    /// (DX, DY) from the projectile bitmap `a` has an opaque pixel on one of `a`'s.
    HitTable {
        /// The projectile's bitmap.
        a: Art,
        /// The target's bitmap.
        b: Art,
    },
    /// Raw bytes, written as they are.
    Bytes(Vec<u8>),
    /// Seed 003's tile bytes, one per tile, row by row, from a labyrinth file (relative to
    /// the source); the file must be consistent.
    LabyrinthTiles(String),
    /// The walls of a labyrinth file as a Vectrex `Draw_VL_mode` list (`mode, dy, dx`
    /// triplets, 1 ends it), one list unit per fine unit.
    LabyrinthWalls(String),
    /// A Vectrex `Draw_VLc` list: the count (vectors - 1), then `(dy, dx)` pairs.
    VectorList(Vec<(i8, i8)>),
}

/// Reads a source file.
///
/// # Errors
/// Unreadable file or bad RON, located.
pub fn read_source(path: &Path) -> Result<RomSource, LoadError> {
    read_source_text(path).map(|(src, _)| src)
}

/// The source and the text it was read from.
fn read_source_text(path: &Path) -> Result<(RomSource, String), LoadError> {
    let text = read_text(path, "rom source")?;
    let src: RomSource = parse_versioned(path, &text)?;
    for (i, out) in src.outputs.iter().enumerate() {
        let at = |field: &str, m: String| {
            LoadError::at_field(path, &text, format!("outputs[{i}].{field}"), m)
        };
        check_output_name(&out.file).map_err(|m| at("file", m))?;
        if src.outputs[..i].iter().any(|o| o.file == out.file) {
            return Err(at(
                "file",
                format!("`{}` is written by an earlier output too", out.file),
            ));
        }
        encode::check(&out.data).map_err(|m| at("data", m))?;
    }
    Ok((src, text))
}

/// An output is a plain file name beside its source: `hitlab roms` writes nowhere else,
/// and never over a source.
fn check_output_name(file: &str) -> Result<(), String> {
    let plain = !file.is_empty()
        && file != "."
        && file != ".."
        && !file.contains(['/', '\\', '\0'])
        && Path::new(file).components().count() == 1;
    if !plain {
        return Err(format!(
            "`{file}` is not a plain file name; outputs are written beside their source"
        ));
    }
    if file.ends_with(".src.ron") {
        return Err(format!("`{file}` would overwrite a rom source"));
    }
    Ok(())
}

/// The bytes of data that refer to another file (a labyrinth), or `None`.
fn encode_external(dir: &Path, data: &Data) -> Result<Option<Vec<u8>>, LoadError> {
    Ok(match data {
        Data::LabyrinthTiles(file) => {
            let lab = crate::labyrinth::load_labyrinth(&dir.join(file))?;
            Some(lab.tiles().to_vec())
        }
        Data::LabyrinthWalls(file) => {
            let lab = crate::labyrinth::load_labyrinth(&dir.join(file))?;
            Some(machine::vectrex::maze::wall_list_draw_vl_mode(&lab))
        }
        _ => None,
    })
}

/// The images a source builds, as (path, bytes), paths beside the source.
///
/// # Errors
/// As [`read_source`].
pub fn build_source(path: &Path) -> Result<Vec<(PathBuf, Vec<u8>)>, LoadError> {
    let (src, text) = read_source_text(path)?;
    let dir = path.parent().unwrap_or(Path::new("."));
    src.outputs
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let external = encode_external(dir, &o.data).map_err(|e| match e {
                LoadError::Io { .. } | LoadError::TooLarge { .. } => {
                    LoadError::at_field(path, &text, format!("outputs[{i}].data"), e.to_string())
                }
                other => other,
            })?;
            let bytes = match external {
                Some(b) => b,
                None => encode::encode(&o.data),
            };
            let out = dir.join(&o.file);
            // A link or folder in an output's place would send the bytes elsewhere.
            if let Ok(meta) = std::fs::symlink_metadata(&out)
                && !meta.file_type().is_file()
            {
                return Err(LoadError::Refused {
                    path: out,
                    message:
                        "not a regular file (a link or a folder); refusing to write through it"
                            .into(),
                });
            }
            Ok((out, bytes))
        })
        .collect()
}

/// Every `*.src.ron` under `dir`, sorted.
#[must_use]
pub fn find_sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            // The entry's own type, not its target's: a link to a folder is not followed,
            // so a link loop cannot trap the search.
            let Ok(kind) = e.file_type() else { continue };
            if kind.is_dir() {
                stack.push(p);
            } else if kind.is_file() && p.to_string_lossy().ends_with(".src.ron") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}
