//! The X16 settings a scene gives: whose VERA behaviour to follow, and the registers
//! written before the first frame.

use serde::{Deserialize, Serialize};

/// VERA settings.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct VeraSettings {
    /// Follow the FPGA (`Hardware`) or the x16-emulator (`X16Emu`).
    #[serde(default)]
    pub quirks: VeraQuirks,
    /// DC_VIDEO bit 6.
    #[serde(default = "yes")]
    pub sprites_enabled: bool,
    /// IEN written before the first frame.
    #[serde(default = "vera_ien")]
    pub ien: u8,
}

impl Default for VeraSettings {
    /// What a scene that names no field gets: the FPGA's behaviour, sprites on, IEN $05.
    fn default() -> Self {
        Self {
            quirks: VeraQuirks::default(),
            sprites_enabled: yes(),
            ien: vera_ien(),
        }
    }
}

fn yes() -> bool {
    true
}
fn vera_ien() -> u8 {
    0x05
}

/// Whose behaviour the VERA model follows.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
pub enum VeraQuirks {
    /// The VERA FPGA source (real hardware).
    #[default]
    Hardware,
    /// The x16-emulator.
    X16Emu,
}
