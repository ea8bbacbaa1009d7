//! Labyrinth files (seed 003): `(version: 1, width, height, rows: ["0110 1100 ...", ...])`,
//! one group of four binary digits per tile as the seed writes `db 0b0110`.

use std::path::Path;
use std::sync::Arc;

use machine::vectrex::maze::Labyrinth;
use serde::Deserialize;

use crate::error::LoadError;
use crate::load::{parse_versioned, read_text};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LabyrinthFile {
    version: u32,
    width: usize,
    height: usize,
    rows: Vec<String>,
}

/// Reads a labyrinth and checks it: a shape error or any contradiction between two tiles
/// is an error naming every tile position involved.
///
/// # Errors
/// Unreadable file, bad RON, bad shape, or an inconsistent labyrinth.
pub fn load_labyrinth(path: &Path) -> Result<Arc<Labyrinth>, LoadError> {
    let text = read_text(path, "labyrinth")?;
    let file: LabyrinthFile = parse_versioned(path, &text)?;
    let _ = file.version;
    let lab = Labyrinth::from_rows(file.width, file.height, &file.rows)
        .map_err(|e| LoadError::at_field(path, &text, "rows", e.to_string()))?;
    let contradictions = lab.check_consistency();
    if !contradictions.is_empty() {
        let list: Vec<String> = contradictions.iter().map(ToString::to_string).collect();
        return Err(LoadError::at_field(
            path,
            &text,
            "rows",
            format!(
                "the labyrinth contradicts itself in {} place(s): {}",
                list.len(),
                list.join("; ")
            ),
        ));
    }
    Ok(Arc::new(lab))
}
