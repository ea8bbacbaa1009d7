//! Small types shared by the formats, each validated while it is parsed so that a bad value
//! is reported at its own line and column.

use std::str::FromStr;

use collide::{Group, MethodId};
use serde::{Deserialize, Deserializer};

/// Seed 002's group, as written in RON.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum GroupDef {
    /// The player's side.
    Good,
    /// The CPU's side.
    Bad,
    /// Decoration.
    Art,
}

impl From<GroupDef> for Group {
    fn from(g: GroupDef) -> Self {
        match g {
            GroupDef::Good => Group::Good,
            GroupDef::Bad => Group::Bad,
            GroupDef::Art => Group::Art,
        }
    }
}

/// A count of frames to play: at least one, as every command's `--frames` is.
///
/// # Errors
/// Zero, or not a whole number.
pub fn frame_count<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    match u32::deserialize(d)? {
        0 => Err(serde::de::Error::custom(
            "frames is 0; a scene or scenario plays at least 1 frame",
        )),
        n => Ok(n),
    }
}

/// A method id from the catalogue, checked as it is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MethodName(pub MethodId);

impl<'de> Deserialize<'de> for MethodName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        MethodId::from_str(&s)
            .map(MethodName)
            .map_err(serde::de::Error::custom)
    }
}
