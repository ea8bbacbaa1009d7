//! The scenario format (version 1): a scene, how long to play it, which methods to run,
//! and what must hold. `hitlab replay` and `cargo test` check every expectation.

use serde::Deserialize;

use super::common::MethodName;
use super::scene::Scene;

/// A replayable test of a scene.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Format version (1).
    pub version: u32,
    /// The scene: a path relative to the scenario, or written inline.
    pub scene: SceneRef,
    /// Frames to play, from 1.
    #[serde(deserialize_with = "crate::format::common::frame_count")]
    pub frames: u32,
    /// Methods to run (all that apply when empty).
    #[serde(default)]
    pub methods: Vec<MethodName>,
    /// A routine image of your own, run on the machine's CPU every frame beside the
    /// machine's own routines; expectations name it by its file name.
    #[serde(default)]
    pub routine: Option<RoutineRef>,
    /// What must hold.
    pub expect: Vec<Expectation>,
}

/// A raw routine image for the scenario's machine.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoutineRef {
    /// The image, relative to the scenario file.
    pub file: String,
    /// Where it loads (the contract's code address when absent); it is entered there.
    #[serde(default)]
    pub load: Option<u32>,
}

/// Where a scenario's scene comes from.
#[derive(Clone, Debug, Deserialize)]
pub enum SceneRef {
    /// A scene file, relative to the scenario file.
    Path(String),
    /// A scene written in the scenario.
    Inline(Box<Scene>),
}

/// One thing a replay must show.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Expectation {
    /// The chip's collision verdict (Genesis bit 5, MSX C, VERA ISR bits 7-4 != 0) on the
    /// listed frames (0-based).
    HardwareFlag {
        /// The frames.
        frames: Vec<u32>,
        /// The verdict expected on each of them.
        set: bool,
    },
    /// The status the vblank handler read on a frame (Genesis status bits 7-0, MSX S#0,
    /// VERA ISR), compared under a mask of the bits that matter.
    Status {
        /// The frame (0-based).
        frame: u32,
        /// The expected value of the masked bits.
        value: u16,
        /// Which bits to compare.
        #[serde(default = "all_bits")]
        mask: u16,
    },
    /// The first frame on which the chip reports a collision (`None`: never).
    FirstCollisionFrame(Option<u32>),
    /// The chip's verdict equals pixel truth projected to its form on every frame.
    HardwareMatchesTruth,
    /// The chip's verdict differs from pixel truth on at least one frame (a blind spot:
    /// a sprite dropped by a line limit, off the active area, hidden).
    HardwareMissesTruth,
    /// The method never misses a pair of box truth (or of pixel truth when `pixel`).
    NoMisses {
        /// The method.
        method: MethodName,
        /// Judge against pixel truth instead of box truth.
        #[serde(default)]
        pixel: bool,
    },
    /// The method never reports a pair box truth lacks (or pixel truth when `pixel`).
    NoFalseAlarms {
        /// The method.
        method: MethodName,
        /// Judge against pixel truth instead of box truth.
        #[serde(default)]
        pixel: bool,
    },
    /// The method misses at least one pair of box truth over the replay.
    MissesAtLeastOnce(MethodName),
    /// The two methods report the same pairs on every frame.
    Agree(MethodName, MethodName),
    /// The method's cost stays within bounds on every frame.
    CostAtMost {
        /// The method.
        method: MethodName,
        /// Which counter.
        counter: Counter,
        /// The bound per frame.
        max: u64,
    },
    /// The method's cost equals a figure on every frame (the seeds' counts).
    CostEquals {
        /// The method.
        method: MethodName,
        /// Which counter.
        counter: Counter,
        /// The figure.
        value: u64,
    },
    /// blake3 of the palette-indexed frame, lowercase hex.
    FrameHash {
        /// The frame (0-based).
        frame: u32,
        /// The hash.
        blake3: String,
    },
    /// Labyrinth scenes: `maze-tiles` and `obj-hit-walls` took the same decision every
    /// time (and there was at least one).
    WallMethodsAgree,
    /// Labyrinth scenes: `maze-tiles` spent fewer 6809 cycles than `obj-hit-walls`.
    MazeTilesCheaper,
    /// Labyrinth scenes checked only every N frames: at least this many steps went through
    /// a wall unchecked.
    ThroughWallsAtLeast(u64),
    /// No frame used more than the Vectrex's 30,000 cycles.
    WithinCycleBudget,
    /// The number of box-truth pairs summed over the replay is at least this.
    TruthPairsAtLeast(u64),
    /// A target-code routine (a machine's own, "half-pairs z80", or the scenario's, by its
    /// file name) never misses a pair of box truth (pixel truth when `pixel`), never reports
    /// a pair the truth lacks, and never fails.
    RoutineExact {
        /// The routine's name.
        routine: String,
        /// Judge against pixel truth instead of box truth.
        #[serde(default)]
        pixel: bool,
    },
    /// A routine's cycles per frame stay within bounds: its median, its maximum.
    RoutineCyclesAtMost {
        /// The routine's name.
        routine: String,
        /// The bound on the median, if any.
        #[serde(default)]
        median: Option<u64>,
        /// The bound on every frame, if any.
        #[serde(default)]
        max: Option<u64>,
    },
    /// A routine finds exactly the pairs of a Rust method on every frame.
    RoutineAgrees {
        /// The routine's name.
        routine: String,
        /// The method.
        method: MethodName,
    },
}

fn all_bits() -> u16 {
    0xFFFF
}

/// A counter of [`collide::Cost`].
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum Counter {
    /// Pairs examined.
    PairTests,
    /// Comparisons executed.
    Comparisons,
    /// The seed's unit.
    SeedOps,
    /// Mask ANDs.
    MaskAnds,
    /// Table reads.
    TableReads,
    /// List writes.
    ListWrites,
}

impl Counter {
    /// The counter's value in `cost`.
    #[must_use]
    pub fn of(self, cost: &collide::Cost) -> u64 {
        match self {
            Self::PairTests => cost.pair_tests,
            Self::Comparisons => cost.comparisons,
            Self::SeedOps => cost.seed_ops,
            Self::MaskAnds => cost.mask_ands,
            Self::TableReads => cost.table_reads,
            Self::ListWrites => cost.list_writes,
        }
    }
}
