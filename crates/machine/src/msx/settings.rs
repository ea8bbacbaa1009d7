//! The MSX settings a scene gives, applied as TMS9918A register writes before the first
//! frame.

use serde::{Deserialize, Serialize};

/// TMS9918A settings.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct MsxSettings {
    /// R1 SI: 16x16 sprites.
    #[serde(default)]
    pub size16: bool,
    /// R1 MAG: every pattern bit drawn as 2x2 pixels.
    #[serde(default)]
    pub mag: bool,
    /// Sprite attribute table base (R5 x 0x80).
    #[serde(default = "msx_sat")]
    pub sat: u16,
    /// Sprite pattern table base (R6 x 0x800).
    #[serde(default = "msx_patterns")]
    pub patterns: u16,
    /// Backdrop colour, R7 low nibble.
    #[serde(default = "msx_backdrop")]
    pub backdrop: u8,
}

fn msx_sat() -> u16 {
    0x1B00
}
fn msx_patterns() -> u16 {
    0x3800
}
fn msx_backdrop() -> u8 {
    4
}

impl Default for MsxSettings {
    /// The settings a scene gets when it gives none (the serde defaults).
    fn default() -> Self {
        Self {
            size16: false,
            mag: false,
            sat: msx_sat(),
            patterns: msx_patterns(),
            backdrop: msx_backdrop(),
        }
    }
}
