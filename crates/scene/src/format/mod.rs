//! The RON formats: scenes and scenarios.

pub mod common;
pub mod scenario;
pub mod scene;

pub use common::{GroupDef, MethodName};
pub use scenario::{Counter, Expectation, Scenario, SceneRef};
pub use scene::{
    CollisionMaskDef, Edges, GenesisSettings, Motion, MsxSettings, ObjectDef, PathTable, Reaction,
    Region, RomLoad, Scene, SpritePart, Target, VectrexSettings, VeraQuirks, VeraSettings,
};
