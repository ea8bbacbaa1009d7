//! A scene playing for the eye: the session, the last frame's report, the selected method
//! and overlays, and the picture they make. Headless; the window drives it with keys, `shot`
//! and `record` with frame counts, so all three show the same pixels.

use std::path::Path;

use collide::MethodId;
use machine::Display;
use scene::loaded::LoadedScene;
use scene::motion::Dirs;
use scene::session::{FrameReport, Session, machine_for};

use crate::view::canvas::Canvas;
use crate::view::picture::Picture;
use crate::view::{Info, Overlays, View, render};
use crate::{Fault, bad_input};

/// Largest `--scale`.
pub const MAX_SCALE: usize = 8;

/// How a player starts.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The method to select first (added to the scene's list if it is not there); the
    /// first method that reports pairs when `None`.
    pub method: Option<MethodId>,
    /// Frames the scene plays (its own count when `None`).
    pub frames: Option<u32>,
}

/// A scene playing, one frame shown.
#[derive(Debug)]
pub struct Player {
    loaded: LoadedScene,
    methods: Vec<MethodId>,
    session: Session,
    report: FrameReport,
    info: Info,
    /// Index of the selected method in the report's methods.
    pub method: usize,
    /// Overlays shown.
    pub overlays: Overlays,
    /// Integer scale of the frame.
    pub scale: usize,
    /// The Vectrex tube's phosphor: each frame's vectors, over what is left of the
    /// earlier frames' (`None` on raster chips).
    glow: Option<Vec<u8>>,
}

/// How much of a vector's brightness the phosphor keeps into the next frame (5/8: a
/// trail of two or three frames at 50 Hz, as the P31 tube's afterglow looks on video).
const GLOW_KEEP: (u16, u16) = (5, 8);

fn fade(glow: &mut Vec<u8>, frame: &[u8]) {
    if glow.len() != frame.len() {
        glow.clear();
        glow.resize(frame.len(), 0);
    }
    for (g, &f) in glow.iter_mut().zip(frame) {
        let kept = (u16::from(*g) * GLOW_KEEP.0 / GLOW_KEEP.1) as u8;
        *g = kept.max(f);
    }
}

impl Player {
    /// Loads `path` and plays its first frame (frame 0).
    ///
    /// # Errors
    /// An unreadable or invalid scene, or one its chip cannot take: bad input.
    pub fn open(path: &Path, opts: &Options) -> Result<Self, Fault> {
        let loaded =
            crate::long_run::blocking(|| scene::loaded::load_scene(path)).map_err(bad_input)?;
        let machine = machine_for(&loaded).map_err(bad_input)?;
        let mut methods: Vec<MethodId> = if loaded.scene.methods.is_empty() {
            machine.default_methods()
        } else {
            loaded.scene.methods.iter().map(|m| m.0).collect()
        };
        if let Some(m) = opts.method
            && !methods.contains(&m)
        {
            methods.push(m);
        }
        let mut asked = methods.clone();
        asked.extend(opts.method);
        if !loaded.scene.methods.is_empty() || opts.method.is_some() {
            crate::cmd::choose::refuse_lacking(machine.as_ref(), &asked)?;
        }
        // Started through the loader's entry point, so that a scene its chip cannot take
        // (too many sprites, a rom that does not fit) is reported at its place in the file.
        let mut session = scene::start_on(loaded.clone(), machine, &methods).map_err(bad_input)?;
        let report = session.step(None);
        let method = opts
            .method
            .and_then(|m| methods.iter().position(|&x| x == m))
            .or_else(|| methods.iter().position(|&m| m != MethodId::HwFlag))
            .unwrap_or(0);
        let info = Info {
            name: loaded.scene.name.clone(),
            labyrinth: loaded.labyrinth.is_some(),
            rate_hz: session.machine().frame_rate_hz(),
            end_frame: opts.frames.unwrap_or(loaded.scene.frames),
            names: session.instances().iter().map(|i| i.name.clone()).collect(),
            columns: loaded
                .scene
                .columns
                .unwrap_or_else(|| session.machine().columns()),
        };
        let glow = matches!(session.machine().display(), Display::Vector { .. })
            .then(|| session.machine().frame_indexed().to_vec());
        Ok(Self {
            loaded,
            methods,
            session,
            report,
            info,
            method,
            overlays: Overlays::ALL,
            scale: 1,
            glow,
        })
    }

    /// Plays the next frame; `live` steers the scene's `Input` player (its recording
    /// plays when `None`).
    pub fn step(&mut self, live: Option<Dirs>) -> &FrameReport {
        self.report = self.session.step(live);
        if let Some(glow) = &mut self.glow {
            fade(glow, self.session.machine().frame_indexed());
        }
        &self.report
    }

    /// Starts the scene again from frame 0, keeping the method and overlays.
    ///
    /// # Errors
    /// The scene no longer fits its chip (it did when it was opened).
    pub fn restart(&mut self) -> Result<(), Fault> {
        self.session = scene::start(self.loaded.clone(), &self.methods).map_err(bad_input)?;
        self.report = self.session.step(None);
        if let Some(glow) = &mut self.glow {
            glow.clear();
            glow.extend_from_slice(self.session.machine().frame_indexed());
        }
        Ok(())
    }

    /// The frame shown.
    #[must_use]
    pub fn report(&self) -> &FrameReport {
        &self.report
    }

    /// The machine the scene plays on.
    #[must_use]
    pub fn machine(&self) -> &dyn machine::Machine {
        self.session.machine()
    }

    /// The scene.
    #[must_use]
    pub fn loaded(&self) -> &LoadedScene {
        &self.loaded
    }

    /// What stays fixed while the scene plays.
    #[must_use]
    pub fn info(&self) -> &Info {
        &self.info
    }

    /// The selected method.
    #[must_use]
    pub fn method_id(&self) -> Option<MethodId> {
        self.report.shown(self.method).map(|m| m.id)
    }

    /// Selects the method `by` places further on in the list (wrapping; negative goes back).
    pub fn cycle_method(&mut self, by: isize) {
        let n = self.report.shown_len().max(1) as isize;
        self.method = (self.method as isize + by).rem_euclid(n) as usize;
    }

    /// The target's own picture of the frame shown, before any overlay: the chip's
    /// frame, or on the Vectrex the tube with its phosphor's afterglow.
    #[must_use]
    pub fn picture(&self) -> Picture {
        let machine = self.session.machine();
        match &self.glow {
            None => Picture::of_machine(machine),
            Some(glow) => {
                let s = machine.screen();
                Picture::Indexed {
                    w: usize::from(s.w_px),
                    h: usize::from(s.h_px),
                    pixels: glow.clone(),
                    palette: machine.palette_rgb(),
                }
            }
        }
    }

    /// The frame shown, scaled, with the overlays.
    #[must_use]
    pub fn render(&self) -> Canvas {
        let view = View {
            info: &self.info,
            report: &self.report,
            method: self.method,
            screen: self.session.machine().screen(),
        };
        render(&self.picture(), &view, self.overlays, self.scale)
    }

    /// Canvas size with every overlay shown at the current scale (the window's size).
    #[must_use]
    pub fn full_size(&self) -> (usize, usize) {
        let s = self.session.machine().screen();
        crate::view::canvas_size(usize::from(s.w_px), usize::from(s.h_px), self.scale, true)
    }

    /// Frames per second of the machine.
    #[must_use]
    pub fn rate_hz(&self) -> u32 {
        self.info.rate_hz
    }

    /// The file stem of the scene, for output names.
    #[must_use]
    pub fn stem(&self) -> String {
        self.loaded
            .path
            .file_stem()
            .map_or_else(|| "scene".into(), |s| s.to_string_lossy().into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phosphor_keeps_five_eighths_and_never_dims_a_lit_vector() {
        let mut glow = vec![0u8; 4];
        fade(&mut glow, &[80, 0, 0, 10]);
        assert_eq!(glow, [80, 0, 0, 10]);
        fade(&mut glow, &[0, 40, 0, 20]);
        assert_eq!(glow, [50, 40, 0, 20]);
        fade(&mut glow, &[0, 0, 0, 0]);
        assert_eq!(glow, [31, 25, 0, 12]);
        // A new size (another scene) starts dark.
        fade(&mut glow, &[7, 7]);
        assert_eq!(glow, [7, 7]);
    }

    #[test]
    fn the_vectrex_picture_trails_and_raster_pictures_do_not() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut p = Player::open(
            &root.join("scenes/vectrex/labyrinth.ron"),
            &Options::default(),
        )
        .unwrap();
        for _ in 0..30 {
            p.step(None);
        }
        let Picture::Indexed { pixels, .. } = p.picture() else {
            panic!("indexed")
        };
        let frame = p.session.machine().frame_indexed();
        assert!(pixels.iter().zip(frame).all(|(g, f)| g >= f));
        let trail = pixels.iter().zip(frame).filter(|(g, f)| g > f).count();
        assert!(trail > 0, "moving walkers leave an afterglow");

        let mut p = Player::open(&root.join("scenes/msx/fifth.ron"), &Options::default()).unwrap();
        p.step(None);
        let Picture::Indexed { pixels, .. } = p.picture() else {
            panic!("indexed")
        };
        assert_eq!(pixels.as_slice(), p.session.machine().frame_indexed());
    }
}
