//! Reading RON with errors that name the file, line, column and field path.
//!
//! Every format carries a `version` read first through a permissive probe, so a file
//! written for a newer hitlab says so instead of failing on an unknown field.

use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use crate::error::{LoadError, TextPos};

/// The newest format version this build reads.
pub const FORMAT_VERSION: u32 = 1;

/// The `version` field of any RON document, read without knowing its shape (a named
/// struct such as `Scene(...)` cannot be read through a probe struct of another name).
fn probe_version(text: &str) -> Option<u64> {
    let value: ron::Value = ron::from_str(text).ok()?;
    let ron::Value::Map(map) = value else {
        return None;
    };
    match map.get(&ron::Value::String("version".to_owned()))? {
        ron::Value::Number(n) => n.into_f64().to_string().parse::<u64>().ok(),
        _ => None,
    }
}

/// The largest RON document read (scene, scenario, rom source, labyrinth): the shipped
/// ones are a few kilobytes; a rom source listing a whole VERA VRAM as bytes stays under.
pub const MAX_RON_BYTES: u64 = 1 << 20;
/// The largest rom image: VERA's 128 KiB of VRAM, the largest memory a rom loads into.
pub const MAX_ROM_BYTES: u64 = 128 << 10;
/// The largest path table: 65,536 points of four bytes.
pub const MAX_PATH_TABLE_BYTES: u64 = 256 << 10;

/// Reads at most `max` bytes of `path`, so `/dev/zero` or a huge file is refused before it
/// fills memory; `what` names the file's role in the error.
///
/// # Errors
/// The file cannot be read, or it holds more than `max` bytes.
pub fn read_bytes(path: &Path, what: &str, max: u64) -> Result<Vec<u8>, LoadError> {
    use std::io::Read as _;
    let io = |error| LoadError::Io {
        path: path.to_owned(),
        error,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    file.take(max + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > max {
        return Err(LoadError::TooLarge {
            path: path.to_owned(),
            what: what.to_owned(),
            max,
        });
    }
    Ok(bytes)
}

/// Reads a RON document of at most [`MAX_RON_BYTES`] as text.
///
/// # Errors
/// As [`read_bytes`], or the text is not UTF-8.
pub fn read_text(path: &Path, what: &str) -> Result<String, LoadError> {
    let bytes = read_bytes(path, what, MAX_RON_BYTES)?;
    String::from_utf8(bytes).map_err(|e| {
        let pos = crate::error::pos_of(
            &String::from_utf8_lossy(&e.as_bytes()[..e.utf8_error().valid_up_to()]),
            usize::MAX,
        );
        LoadError::Invalid {
            path: path.to_owned(),
            pos,
            field: String::new(),
            message: "the file is not UTF-8 text".into(),
        }
    })
}

/// Parses `text` (the contents of `path`) as a versioned RON document of type `T`.
pub fn parse_versioned<T: DeserializeOwned>(path: &Path, text: &str) -> Result<T, LoadError> {
    // The probe ignores unknown fields, so it reads the version of any document shape.
    {
        match probe_version(text) {
            Some(v) if v > u64::from(FORMAT_VERSION) => {
                return Err(LoadError::at_field(
                    path,
                    text,
                    "version",
                    format!(
                        "format version {v} is newer than this hitlab reads ({FORMAT_VERSION})"
                    ),
                ));
            }
            Some(0) => {
                return Err(LoadError::at_field(
                    path,
                    text,
                    "version",
                    "format version 0 does not exist; the first version is 1",
                ));
            }
            _ => {}
        }
    }
    parse::<T>(path, text)
}

/// Parses `text` as RON of type `T`, with the field path of any error.
pub fn parse<T: DeserializeOwned>(path: &Path, text: &str) -> Result<T, LoadError> {
    let invalid = |pos: ron::error::Position, field: String, message: String| LoadError::Invalid {
        path: PathBuf::from(path),
        pos: TextPos {
            line: pos.line,
            col: pos.col,
        },
        field,
        message,
    };
    let mut de = ron::de::Deserializer::from_str(text)
        .map_err(|e| invalid(e.span.start, String::new(), e.code.to_string()))?;
    match serde_path_to_error::deserialize::<_, T>(&mut de) {
        Ok(value) => {
            if let Err(code) = de.end() {
                let e = de.span_error(code);
                return Err(invalid(e.span.start, String::new(), e.code.to_string()));
            }
            Ok(value)
        }
        Err(e) => {
            let field = field_path(e.path());
            let spanned = de.span_error(e.into_inner());
            Err(invalid(spanned.span.start, field, spanned.code.to_string()))
        }
    }
}

/// serde_path_to_error writes `?` for segments it cannot name and `.` at the root.
fn field_path(path: &serde_path_to_error::Path) -> String {
    let s = path.to_string();
    if s == "." || s == "?" {
        String::new()
    } else {
        s
    }
}
