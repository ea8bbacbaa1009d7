//! One scene playing on one machine: motion, the driver's sprite writes, the chip's frame,
//! the truth, every selected method, and the comparison, frame after frame.
//!
//! Each job has its file: [`instances`] (the objects and their motion), [`drive`] (sprites
//! to the driver, the chip's view back to objects), [`evaluate`] (truth and methods) and
//! [`react`] (what a hit object does next). The machine answers everything about itself
//! through its contract; nothing here asks which machine it is.

pub mod code;
pub mod drive;
pub mod evaluate;
pub mod instances;
pub mod react;

use collide::{Method, MethodConfig, MethodId};
use machine::Machine;

pub use code::{CodeRoutine, CodeRun};
pub use evaluate::{FrameReport, MethodFrame};
pub use instances::Instance;

use crate::loaded::LoadedScene;
use crate::motion::Dirs;
use crate::walkers::Walls;

/// A scene playing.
pub struct Session {
    loaded: LoadedScene,
    machine: Box<dyn Machine>,
    instances: Vec<Instance>,
    methods: Vec<Box<dyn Method>>,
    routines: Vec<CodeRoutine>,
    frame: u32,
    pending_hits: Vec<bool>,
    walls: Option<Walls>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("scene", &self.loaded.scene.name)
            .field("frame", &self.frame)
            .finish_non_exhaustive()
    }
}

/// Why a session cannot start.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// More sprites than the chip has.
    #[error("{path}: the scene uses {used} hardware sprites; the chip has {slots}")]
    TooManySprites {
        /// The scene.
        path: String,
        /// Sprites the objects need.
        used: u32,
        /// Sprites the chip has.
        slots: u32,
    },
    /// A rom does not fit the chip.
    #[error("{path}: {message}")]
    Rom {
        /// The rom file.
        path: String,
        /// What went wrong.
        message: String,
    },
}

/// The first of `methods` that cannot run on `machine` (it reads hardware the machine
/// lacks), as a sentence naming the method and the machine: one rule for every command and
/// scenario, so such a method is refused rather than run as a row of zeros.
#[must_use]
pub fn method_lacking(machine: &dyn Machine, methods: &[MethodId]) -> Option<String> {
    methods.iter().find_map(|&m| {
        machine
            .method_needs(m)
            .map(|why| format!("{why}; this scene plays on the {}", machine.title()))
    })
}

/// The machine a loaded scene names, configured as its settings ask.
///
/// # Errors
/// A resource the machine needs was not loaded (scenes built without the loader).
pub fn machine_for(loaded: &LoadedScene) -> Result<Box<dyn Machine>, SessionError> {
    let resources = machine::Resources {
        labyrinth: loaded.labyrinth.clone(),
    };
    loaded
        .scene
        .target
        .settings()
        .build(&resources)
        .map_err(|message| SessionError::Rom {
            path: loaded.path.display().to_string(),
            message,
        })
}

impl Session {
    /// Starts `loaded` on `machine`, loading its roms, with `methods` (the scene's own
    /// list, or the machine's defaults, when empty).
    ///
    /// # Errors
    /// Too many sprites for the chip, or a rom the chip cannot take.
    pub fn new(
        loaded: LoadedScene,
        mut machine: Box<dyn Machine>,
        methods: &[MethodId],
    ) -> Result<Self, SessionError> {
        for rom in &loaded.roms {
            machine
                .load(rom.region, &rom.bytes)
                .map_err(|message| SessionError::Rom {
                    path: rom.path.display().to_string(),
                    message,
                })?;
        }
        // Counted before any object is built, so a scene asking for millions of sprites
        // costs nothing.
        let used: u64 = loaded
            .scene
            .objects
            .iter()
            .map(|d| u64::from(d.count) * d.sprites.len() as u64)
            .sum();
        if used > u64::from(machine.sprite_slots()) {
            return Err(SessionError::TooManySprites {
                path: loaded.path.display().to_string(),
                used: u32::try_from(used).unwrap_or(u32::MAX),
                slots: machine.sprite_slots(),
            });
        }
        let (instances, _) = instances::build(&loaded, machine.screen());
        let chosen: Vec<MethodId> = if !methods.is_empty() {
            methods.to_vec()
        } else if !loaded.scene.methods.is_empty() {
            loaded.scene.methods.iter().map(|m| m.0).collect()
        } else {
            machine.default_methods()
        };
        // Seed 002: 32 or 40 columns, as the machine's display has them, unless the scene
        // says otherwise.
        let mut config = MethodConfig::default();
        config.columns = loaded.scene.columns.unwrap_or_else(|| machine.columns());
        let routines = code::builtins_for(machine.as_mut(), &chosen);
        let methods = chosen
            .iter()
            .map(|&id| collide::build(id, &config))
            .collect();
        let pending_hits = vec![false; instances.len()];
        let walls = match (&loaded.labyrinth, machine.wall_check_every()) {
            (Some(lab), Some(every)) => Some(Walls::new(lab.clone(), every)),
            _ => None,
        };
        Ok(Self {
            loaded,
            machine,
            instances,
            methods,
            routines,
            frame: 0,
            pending_hits,
            walls,
        })
    }

    /// Replaces the routines run every frame (the machine's builtins by default), for a
    /// user's own image.
    pub fn set_routines(&mut self, routines: Vec<CodeRoutine>) {
        self.routines = routines;
    }

    /// Adds a routine to run every frame after the machine's own.
    pub fn add_routine(&mut self, routine: CodeRoutine) {
        self.routines.push(routine);
    }

    /// The scene.
    #[must_use]
    pub fn loaded(&self) -> &LoadedScene {
        &self.loaded
    }

    /// The machine.
    #[must_use]
    pub fn machine(&self) -> &dyn Machine {
        self.machine.as_ref()
    }

    /// The machine, for timing it or changing its settings between frames.
    pub fn machine_mut(&mut self) -> &mut dyn Machine {
        self.machine.as_mut()
    }

    /// The objects as they play.
    #[must_use]
    pub fn instances(&self) -> &[Instance] {
        &self.instances
    }

    /// The next frame's number.
    #[must_use]
    pub fn frame(&self) -> u32 {
        self.frame
    }

    /// Plays one frame. `live` steers every `Input` object (a player at the keyboard).
    pub fn step(&mut self, live: Option<Dirs>) -> FrameReport {
        let walls = self.walls.as_mut().map(|w| {
            w.step(
                self.frame,
                self.instances.iter_mut().filter_map(|i| i.walker.as_mut()),
            )
        });
        if self.frame > 0 {
            react::react(&mut self.instances, &mut self.pending_hits);
            instances::move_all(&mut self.instances, live);
        }
        let sprites = drive::hw_sprites(&self.instances, self.machine.as_ref());
        self.machine.write_sprites(&sprites);
        self.machine.run_frame();
        let chip_sprites = self.machine.sprites();
        let objects = drive::objects(
            &self.instances,
            &chip_sprites,
            self.machine.sprite_slots(),
            self.machine.screen(),
        );
        let eval = evaluate::evaluate(
            &objects,
            self.machine.screen(),
            self.machine.method_hardware(&self.machine.peek_verdict()),
            &mut self.methods,
        );
        // Target code runs at the start of vblank, before the harness's own status read.
        let routines = code::run_all(
            self.machine.as_mut(),
            &self.routines,
            &objects,
            code::Truths {
                boxes: &eval.box_truth,
                pixels: &eval.pixel_truth,
                good_bad: &eval.good_bad_truth,
            },
            &eval.methods,
        );
        let verdict = self.machine.read_verdict();
        let hardware = self.machine.hardware_check(&chip_sprites, &verdict);
        evaluate::mark_hits(&objects, &eval.pixel_truth, &mut self.pending_hits);
        let frame_hash = blake3::hash(self.machine.frame_indexed())
            .to_hex()
            .to_string();
        let report = FrameReport {
            frame: self.frame,
            objects,
            sprites: chip_sprites,
            status_lines: self.machine.panel_lines(&verdict),
            verdict,
            hardware,
            box_truth: eval.box_truth,
            pixel_truth: eval.pixel_truth,
            methods: eval.methods,
            routines,
            frame_hash,
            walls,
            frame_cycles: self.machine.frame_cycles(),
            cycles_per_frame: self.machine.cycles_per_frame(),
        };
        self.frame += 1;
        report
    }
}
