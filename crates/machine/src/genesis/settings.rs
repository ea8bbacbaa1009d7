//! The Genesis settings a scene gives, applied as register writes before the first frame.

use serde::{Deserialize, Serialize};

/// Genesis VDP settings.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct GenesisSettings {
    /// H40 (320 px) when true, H32 (256 px) when false.
    #[serde(default = "yes")]
    pub h40: bool,
    /// V30 (240 lines) when true, V28 (224 lines) when false.
    #[serde(default)]
    pub v30: bool,
    /// Sprite attribute table base in VRAM (register 5), a multiple of 0x200 (0x400 in H40).
    #[serde(default = "genesis_sat")]
    pub sat: u16,
    /// Backdrop colour, register 7 (palette * 16 + index).
    #[serde(default)]
    pub backdrop: u8,
}

fn yes() -> bool {
    true
}
fn genesis_sat() -> u16 {
    0xD800
}

impl Default for GenesisSettings {
    /// The settings a scene gets when it names none: H40, V28, SAT at 0xD800, backdrop 0.
    /// A booted program sets its own registers over them.
    fn default() -> Self {
        Self {
            h40: yes(),
            v30: false,
            sat: genesis_sat(),
            backdrop: 0,
        }
    }
}
