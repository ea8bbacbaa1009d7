//! The registry: a scene's `target` names one of these machines, by the variant name in RON
//! (`Genesis((h40: true))`) or by its key on the command line (`--target genesis`).
//!
//! Adding a machine touches three places: its chip crate, its module under this crate
//! (settings, driver, verdict, panel: see `template.rs`), and one line below.

use std::fmt::Debug;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::contract::Machine;
use crate::kit::{KitFn, SolidKit};
use crate::probe::Probe;
use crate::vectrex::maze::Labyrinth;
use crate::{genesis, msx, vectrex, x16};

/// What a machine's settings may ask the scene loader to read for it.
#[derive(Clone, Debug, Default)]
pub struct Resources {
    /// The labyrinth named by [`Settings::labyrinth_file`], parsed.
    pub labyrinth: Option<Arc<Labyrinth>>,
}

/// A machine's settings as a scene gives them, and how to build the machine from them.
pub trait Settings: Debug {
    /// The registry key.
    fn key(&self) -> &'static str;
    /// Values serde accepts but the machine cannot use: `Err((field, message))`.
    ///
    /// # Errors
    /// The field and why.
    fn check(&self) -> Result<(), (&'static str, String)> {
        Ok(())
    }
    /// A sprite the chip cannot show (`Err((field, message))`, field `w`, `h` or `z`).
    ///
    /// # Errors
    /// The field and why.
    fn check_sprite(&self, w_px: u16, h_px: u16, z: u8) -> Result<(), (&'static str, String)> {
        let _ = (w_px, h_px, z);
        Ok(())
    }
    /// A sprite's pattern or colour the chip's attribute bits cannot hold
    /// (`Err((field, message))`, field `pattern` or `colour`).
    ///
    /// # Errors
    /// The field and why.
    fn check_attributes(&self, pattern: u32, colour: u8) -> Result<(), (&'static str, String)> {
        let _ = (pattern, colour);
        Ok(())
    }
    /// A sprite's starting position (its top-left corner on screen) the chip's position
    /// fields cannot hold.
    ///
    /// # Errors
    /// Why.
    fn check_position(&self, x_px: i64, y_px: i64) -> Result<(), String> {
        let _ = (x_px, y_px);
        Ok(())
    }
    /// A labyrinth file the machine needs, relative to the scene.
    fn labyrinth_file(&self) -> Option<&str> {
        None
    }
    /// The machine, configured by register writes as the settings ask.
    ///
    /// # Errors
    /// A resource the machine needs is missing.
    fn build(&self, resources: &Resources) -> Result<Box<dyn Machine>, String>;
}

/// `w` or `h` must be one of `allowed` pixels on `chip`.
///
/// # Errors
/// The field and the sizes the chip has.
pub fn sizes_allowed(
    w_px: u16,
    h_px: u16,
    allowed: &[u16],
    chip: &str,
) -> Result<(), (&'static str, String)> {
    for (field, v) in [("w", w_px), ("h", h_px)] {
        if !allowed.contains(&v) {
            let list: Vec<String> = allowed.iter().map(ToString::to_string).collect();
            return Err((
                field,
                format!("{field} is {v}; {chip} sprites are {} px", list.join(", ")),
            ));
        }
    }
    Ok(())
}

macro_rules! registry {
    ($($(#[$doc:meta])* $variant:ident => $key:literal, $settings:ty, $probe:expr, $kit:expr;)*) => {
        /// A machine and its settings, as a scene names it.
        #[derive(Clone, Debug, Deserialize, Serialize)]
        pub enum Target {
            $($(#[$doc])* $variant($settings),)*
        }

        impl Target {
            /// The settings behind the contract.
            #[must_use]
            pub fn settings(&self) -> &dyn Settings {
                match self {
                    $(Self::$variant(s) => s,)*
                }
            }
        }

        /// The machine `key` with the settings a scene gets when it gives none (for
        /// programs, which name only the machine); `None` for an unknown key or a machine
        /// whose settings have no defaults.
        #[must_use]
        pub fn with_default_settings(key: &str) -> Option<Target> {
            use serde::de::value::{Error, MapDeserializer};
            $(
                if key == $key {
                    let empty = MapDeserializer::<_, Error>::new(std::iter::empty::<(&str, u8)>());
                    return <$settings>::deserialize(empty).ok().map(Target::$variant);
                }
            )*
            None
        }

        /// Every machine's key, in registry order.
        pub const KEYS: &[&str] = &[$($key,)*];

        /// The dump probe of the machine `key`, where it has video memory to dump.
        #[must_use]
        pub fn probe(key: &str) -> Option<&'static dyn Probe> {
            let probes: &[(&str, Option<&'static dyn Probe>)] = &[$(($key, $probe),)*];
            probes.iter().find(|(k, _)| *k == key).and_then(|(_, p)| *p)
        }

        /// Solid single-sprite objects on the machine `key`, sprites of side `side`, where
        /// it has hardware sprites.
        #[must_use]
        pub fn kit(key: &str, side: u16) -> Option<SolidKit> {
            let kits: &[(&str, Option<KitFn>)] = &[$(($key, $kit),)*];
            kits.iter().find(|(k, _)| *k == key).and_then(|(_, f)| *f).map(|f| f(side))
        }

        /// The keys of the machines with a kit.
        #[must_use]
        pub fn kit_keys() -> Vec<&'static str> {
            KEYS.iter().copied().filter(|k| kit(k, 8).is_some()).collect()
        }

        /// The keys of the machines with a dump probe.
        #[must_use]
        pub fn probe_keys() -> Vec<&'static str> {
            KEYS.iter().copied().filter(|k| probe(k).is_some()).collect()
        }
    };
}

registry! {
    /// Sega Genesis / Mega Drive, VDP sprite plane.
    Genesis => "genesis", genesis::GenesisSettings, Some(&genesis::probe::GenesisProbe), Some(genesis::kit::kit);
    /// MSX1, TMS9918A sprite plane.
    Msx => "msx", msx::MsxSettings, Some(&msx::probe::MsxProbe), Some(msx::kit::kit);
    /// Commander X16, VERA sprite layer.
    Vera => "vera", x16::VeraSettings, Some(&x16::probe::VeraProbe), Some(x16::kit::kit);
    /// Vectrex: vector display and BIOS routines (no video memory, no hardware sprites).
    Vectrex => "vectrex", vectrex::VectrexSettings, None, None;
}

/// A machine's side of the routine contract, as `hitlab routine` shows and uses it.
#[derive(Clone, Copy, Debug)]
pub struct RoutineContract {
    /// The addresses, capacities, byte order and cycles per frame.
    pub abi: crate::routine::Abi,
    /// The board as a routine reaches it: the chip, the BIOS entries, scratch RAM.
    pub notes: &'static [&'static str],
    /// The shipped scene a routine runs against by default, relative to the project folder.
    pub scene: &'static str,
}

/// The routine contract of the machine `key`, without building the machine or reading a
/// scene.
#[must_use]
pub fn routine_contract(key: &str) -> Option<RoutineContract> {
    let contract = |abi, notes, scene| RoutineContract { abi, notes, scene };
    let contracts = [
        (
            "genesis",
            contract(
                genesis::target::ABI,
                genesis::target::ROUTINE_NOTES,
                genesis::target::ROUTINE_SCENE,
            ),
        ),
        (
            "msx",
            contract(
                msx::target::ABI,
                msx::target::ROUTINE_NOTES,
                msx::target::ROUTINE_SCENE,
            ),
        ),
        (
            "vera",
            contract(
                x16::target::ABI,
                x16::target::ROUTINE_NOTES,
                x16::target::ROUTINE_SCENE,
            ),
        ),
        (
            "vectrex",
            contract(
                vectrex::target::ABI,
                vectrex::target::ROUTINE_NOTES,
                vectrex::target::ROUTINE_SCENE,
            ),
        ),
    ];
    contracts
        .into_iter()
        .find(|(k, _)| *k == key)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod contract_tests {
    use super::*;

    #[test]
    fn every_machine_with_a_cpu_has_its_contract_by_key() {
        for key in KEYS {
            let c = routine_contract(key).expect("a contract");
            assert!(!c.notes.is_empty(), "{key}");
            assert!(
                c.scene.starts_with(&format!("scenes/{key}/")),
                "{key}: {}",
                c.scene
            );
            assert!(c.abi.out_capacity > 0 && c.abi.obj_capacity > 0, "{key}");
        }
        assert!(routine_contract("c64").is_none());
    }
}
