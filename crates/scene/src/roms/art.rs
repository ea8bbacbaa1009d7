//! ASCII-art sprites: one string per row, one character per pixel.

use std::collections::BTreeMap;

use serde::Deserialize;

/// A sprite drawn in text. `.` and `0` are transparent (index 0); `1`-`9` and `a`-`f` are
/// indices 1-15; `colours` maps any other character to an index (8 bpp art).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Art {
    /// A name for listings.
    pub name: String,
    /// The rows, all the same length.
    pub rows: Vec<String>,
    /// Extra characters and the palette index each stands for.
    #[serde(default)]
    pub colours: BTreeMap<char, u8>,
}

impl Art {
    /// Width in pixels.
    #[must_use]
    pub fn w_px(&self) -> usize {
        self.rows.first().map_or(0, |r| r.chars().count())
    }

    /// Height in pixels.
    #[must_use]
    pub fn h_px(&self) -> usize {
        self.rows.len()
    }

    /// The pixel indices, row-major, or what is wrong with the art.
    ///
    /// # Errors
    /// Ragged rows or an unknown character.
    pub fn pixels(&self) -> Result<Vec<u8>, String> {
        let w = self.w_px();
        let mut out = Vec::with_capacity(w * self.h_px());
        for (r, row) in self.rows.iter().enumerate() {
            if row.chars().count() != w {
                return Err(format!(
                    "art `{}` row {r} has {} pixels; row 0 has {w}",
                    self.name,
                    row.chars().count()
                ));
            }
            for c in row.chars() {
                let v = match c {
                    '.' => 0,
                    _ if self.colours.contains_key(&c) => self.colours[&c],
                    _ => c
                        .to_digit(16)
                        .filter(|_| !c.is_ascii_uppercase())
                        .map(|d| d as u8)
                        .ok_or_else(|| {
                            format!("art `{}` row {r}: character `{c}` has no colour", self.name)
                        })?,
                };
                out.push(v);
            }
        }
        Ok(out)
    }
}
