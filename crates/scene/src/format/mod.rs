//! The RON formats: scenes and scenarios.

pub mod common;
pub mod scenario;
pub mod scene;

pub use common::{GroupDef, MethodName};
pub use machine::{Region, Target};
pub use scenario::{Counter, Expectation, RoutineRef, Scenario, SceneRef};
pub use scene::{
    CollisionMaskDef, Edges, Motion, ObjectDef, PathTable, Reaction, RomLoad, Scene, SpritePart,
};
