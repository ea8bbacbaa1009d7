//! A scene playing for the eye: the session, the last frame's report, the selected method
//! and overlays, and the picture they make. Headless; the window drives it with keys, `shot`
//! and `record` with frame counts, so all three show the same pixels.

use std::path::Path;

use collide::MethodId;
use scene::loaded::LoadedScene;
use scene::motion::Dirs;
use scene::session::{FrameReport, Session, machine_for};

use crate::view::canvas::Canvas;
use crate::view::layout::{self, PanelAt};
use crate::view::picture::Picture;
use crate::view::tube::Tube;
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
    /// The display the picture and its panel are fitted to: `HITLAB_DISPLAY` or the
    /// default for pictures written to files; the window's own display for `run`.
    pub display_px: (usize, usize),
    /// A vector display's tube (`None` on raster chips).
    tube: Option<Tube>,
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
            flag_subject: if session.machine().has_sprite_chip() {
                "chip".to_owned()
            } else {
                session.machine().flag_name().to_owned()
            },
        };
        let tube = Tube::dark(session.machine()).map(|mut tube| {
            tube.expose(session.machine().strokes());
            tube
        });
        Ok(Self {
            loaded,
            methods,
            session,
            report,
            info,
            method,
            overlays: Overlays::ALL,
            scale: 1,
            display_px: layout::display_px(),
            tube,
        })
    }

    /// Plays the next frame; `live` steers the scene's `Input` player (its recording
    /// plays when `None`).
    pub fn step(&mut self, live: Option<Dirs>) -> &FrameReport {
        self.report = self.session.step(live);
        if let Some(tube) = &mut self.tube {
            tube.expose(self.session.machine().strokes());
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
        if let Some(tube) = &mut self.tube {
            tube.clear();
            tube.expose(self.session.machine().strokes());
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
        match &self.tube {
            None => Picture::of_machine(self.session.machine()),
            Some(tube) => tube.picture(self.scale),
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
        render(
            &self.picture(),
            &view,
            self.overlays,
            self.scale,
            self.panel_at(),
        )
    }

    /// The target's picture's size at `scale`, before any overlay.
    #[must_use]
    pub fn frame_px(&self, scale: usize) -> (usize, usize) {
        match &self.tube {
            Some(tube) => tube.size_px(scale),
            None => {
                let s = self.session.machine().screen();
                let k = scale.max(1);
                (usize::from(s.w_px) * k, usize::from(s.h_px) * k)
            }
        }
    }

    /// Where the panel goes at the current scale on the display pictures are fitted to.
    #[must_use]
    pub fn panel_at(&self) -> PanelAt {
        layout::panel_at(self.frame_px(self.scale), layout::room_px(self.display_px))
    }

    /// The largest scale at which the picture and its panel fit a display of
    /// `display_px`.
    #[must_use]
    pub fn fit_scale(&self, display_px: (usize, usize)) -> usize {
        layout::fit_scale(|k| self.frame_px(k), layout::room_px(display_px))
    }

    /// Canvas size with every overlay shown at the current scale (the window's size).
    #[must_use]
    pub fn full_size(&self) -> (usize, usize) {
        let (w, h) = self.frame_px(self.scale);
        layout::canvas_size(w, h, Some(self.panel_at()))
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

    fn open(scene: &str) -> Player {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        Player::open(&root.join(scene), &Options::default()).expect("scene opens")
    }

    fn lit(p: &Picture) -> usize {
        let Picture::Rgb { canvas, .. } = p else {
            panic!("a tube draws in RGB")
        };
        // Brighter than the unlit face (about 5, 6, 7).
        canvas.px.iter().filter(|&&c| (c >> 8) & 0xFF > 24).count()
    }

    #[test]
    fn the_vectrex_is_a_portrait_tube_whose_walkers_leave_a_fading_trail() {
        let mut p = open("scenes/vectrex/labyrinth.ron");
        p.scale = 3;
        for _ in 0..30 {
            p.step(None);
        }
        let now = p.picture();
        let (w, h) = now.size();
        // vecx's 33000 x 41000 beam area at 127 units a pixel: 260 x 323, three times.
        assert_eq!((w, h), (780, 969));
        // The same frame without the frames before it lights fewer pixels: the rest is
        // afterglow.
        let mut only_now = p.tube.clone().expect("a tube");
        only_now.clear();
        only_now.expose(p.session.machine().strokes());
        assert!(lit(&now) > lit(&only_now.picture(3)));
        // Raster chips show their frame as it is.
        let mut p = open("scenes/msx/fifth.ron");
        p.step(None);
        let Picture::Indexed { pixels, .. } = p.picture() else {
            panic!("indexed")
        };
        assert_eq!(pixels.as_slice(), p.session.machine().frame_indexed());
    }

    #[test]
    fn every_scene_fits_a_1280x1024_display_with_its_panel() {
        // The room on 1280x1024 is 1264x984 (view::layout). Picture sizes by hand: Genesis
        // H40 320x224 (x3 = 960x672, panel below: 960x984), H32 256x224 (x3 = 768x672,
        // panel beside: 1100x672); MSX 256x192 (x3 = 768x576, panel
        // beside: 1100x576); X16 640x480 (x1, panel beside: 972x480); Vectrex tube
        // 260x323 (x3 = 780x969, panel beside: 1112x969).
        let want = [
            ("scenes/genesis/shmup.ron", 3, PanelAt::Below, (960, 984)),
            ("scenes/genesis/pong.ron", 3, PanelAt::Right, (1100, 672)),
            ("scenes/msx/fifth.ron", 3, PanelAt::Right, (1100, 576)),
            ("scenes/vera/rings.ron", 1, PanelAt::Right, (972, 480)),
            (
                "scenes/vectrex/labyrinth.ron",
                3,
                PanelAt::Right,
                (1112, 969),
            ),
        ];
        fits((1280, 1024), &want);
    }

    /// Each scene of `want` (scene, scale, panel, canvas size) is fitted to `display` at
    /// that scale with its panel there, and drawn that size, inside the display's room.
    fn fits(display: (usize, usize), want: &[(&str, usize, PanelAt, (usize, usize))]) {
        let room = layout::room_px(display);
        for &(scene, scale, at, size) in want {
            let mut p = open(scene);
            p.display_px = display;
            p.scale = p.fit_scale(p.display_px);
            assert_eq!(p.scale, scale, "{scene} on {display:?}");
            let f = p.frame_px(p.scale);
            assert_eq!(layout::panel_at(f, room), at, "{scene} on {display:?}");
            assert_eq!(p.panel_at(), at, "{scene} on {display:?}");
            let (w, h) = layout::canvas_size(f.0, f.1, Some(at));
            assert_eq!((w, h), size, "{scene} on {display:?}");
            assert!(w <= room.0 && h <= room.1, "{scene} on {display:?}");
            assert_eq!(p.full_size(), size, "{scene} on {display:?}");
            // The picture drawn is that size, panel included.
            p.overlays = Overlays::ALL;
            let c = render(&p.picture(), &p_view(&p), Overlays::ALL, p.scale, at);
            assert_eq!((c.w, c.h), size, "{scene} on {display:?}");
        }
    }

    #[test]
    fn every_scene_fits_a_1024x768_display_with_its_panel() {
        // The room is 1008x728. Genesis H40 x3 is 1292 wide beside, 984 high below: too
        // large; x2 beside is 640 + 332 = 972 by 448. H32 and the MSX x3 are 1100 beside,
        // 984 and 888 below: x2 beside, 512 + 332 = 844 by 448 and 384. X16 x1 beside
        // 972x480. Vectrex x3 is 1112 beside, 969 + 312 below: x2 beside, 520 + 332 = 852
        // by 646.
        fits(
            (1024, 768),
            &[
                ("scenes/genesis/shmup.ron", 2, PanelAt::Right, (972, 448)),
                ("scenes/genesis/pong.ron", 2, PanelAt::Right, (844, 448)),
                ("scenes/msx/fifth.ron", 2, PanelAt::Right, (844, 384)),
                ("scenes/vera/rings.ron", 1, PanelAt::Right, (972, 480)),
                (
                    "scenes/vectrex/labyrinth.ron",
                    2,
                    PanelAt::Right,
                    (852, 646),
                ),
            ],
        );
    }

    #[test]
    fn every_scene_grows_on_a_1920x1080_display() {
        // The room is 1904x1040. Genesis H40 x4 beside: 1280 + 332 = 1612 by 896; H32 and
        // the MSX x4 beside: 1024 + 332 = 1356 by 896 and 768; X16 x2 beside: 1612 by 960
        // (x3 is 1920 wide); Vectrex x3 beside 1112x969 (x4 is 1292 high).
        fits(
            (1920, 1080),
            &[
                ("scenes/genesis/shmup.ron", 4, PanelAt::Right, (1612, 896)),
                ("scenes/genesis/pong.ron", 4, PanelAt::Right, (1356, 896)),
                ("scenes/msx/fifth.ron", 4, PanelAt::Right, (1356, 768)),
                ("scenes/vera/rings.ron", 2, PanelAt::Right, (1612, 960)),
                (
                    "scenes/vectrex/labyrinth.ron",
                    3,
                    PanelAt::Right,
                    (1112, 969),
                ),
            ],
        );
    }

    #[test]
    fn the_vectrex_panel_names_obj_hit_not_a_chip_and_cuts_no_line() {
        let mut p = open("scenes/vectrex/labyrinth.ron");
        // Over 60 frames the panel names Obj_Hit as what agrees with the truth, and every
        // frame's lines fit the panel whole (the walls line was cut before).
        let mut said = Vec::new();
        for _ in 0..60 {
            p.step(None);
            let lines = crate::view::panel::lines(&p_view(&p), Overlays::ALL, 30);
            for (l, _) in &lines {
                assert!(!l.ends_with('~'), "cut: {l:?}");
                assert!(!l.contains("chip"), "{l:?}");
                assert!(!l.contains("sprite"), "{l:?}");
            }
            said.extend(lines.into_iter().map(|(l, _)| l));
        }
        assert!(said.iter().any(|l| l == "Obj_Hit agrees with pixel truth"));
        assert!(said.iter().any(|l| l.starts_with("walls: tiles ")));
        // A raster machine's panel still speaks of its chip.
        let p = open("scenes/msx/fifth.ron");
        let lines = crate::view::panel::lines(&p_view(&p), Overlays::ALL, 30);
        assert!(lines.iter().any(|(l, _)| l.starts_with("chip ")));
    }

    fn p_view(p: &Player) -> View<'_> {
        View {
            info: &p.info,
            report: &p.report,
            method: p.method,
            screen: p.session.machine().screen(),
        }
    }
}
