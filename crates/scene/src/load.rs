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

/// Reads a file to a string.
pub fn read_text(path: &Path) -> Result<String, LoadError> {
    std::fs::read_to_string(path).map_err(|source| LoadError::Io {
        path: path.to_owned(),
        source,
    })
}

/// Reads a binary file.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, LoadError> {
    std::fs::read(path).map_err(|source| LoadError::Io {
        path: path.to_owned(),
        source,
    })
}

/// Parses `text` (the contents of `path`) as a versioned RON document of type `T`.
pub fn parse_versioned<T: DeserializeOwned>(path: &Path, text: &str) -> Result<T, LoadError> {
    // The probe ignores unknown fields, so it reads the version of any document shape.
    {
        match probe_version(text) {
            Some(v) if v > u64::from(FORMAT_VERSION) => {
                return Err(LoadError::at_text(
                    path,
                    text,
                    "version",
                    "version",
                    format!(
                        "format version {v} is newer than this hitlab reads ({FORMAT_VERSION})"
                    ),
                ));
            }
            Some(0) => {
                return Err(LoadError::at_text(
                    path,
                    text,
                    "version",
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
