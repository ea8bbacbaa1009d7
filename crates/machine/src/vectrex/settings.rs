//! The Vectrex settings a scene gives: its labyrinth and how often the walls are checked.

use serde::{Deserialize, Serialize};

/// Vectrex settings.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct VectrexSettings {
    /// Labyrinth file (RON), relative to the scene. A scene must name one; a whole
    /// program draws its own picture and boots with none.
    #[serde(default)]
    pub labyrinth: String,
    /// Run the wall check every N frames (1 = every frame): the seed's "check only sometimes".
    #[serde(default = "one")]
    pub check_every: u32,
    /// Cartridge address of the walls' `Draw_VL_mode` list, loaded from `roms`; when
    /// absent the list is built from the labyrinth.
    #[serde(default)]
    pub walls: Option<u32>,
}

fn one() -> u32 {
    1
}
