//! A whole program playing for the eye (specs/programs.md, "What the user gets"): the
//! booted machine under the program harness, the last completed frame's record and the
//! chip's picture of that same frame. Headless; the window, `run`, `record` and `shot`
//! step it, so all of them show the same pixels.
//!
//! The harness completes frame `k` only at the end of call `k + 1` (the call that decides
//! about it), when the machine already holds frame `k + 1`'s picture; so the picture of
//! each call is kept until its frame's record arrives.

use std::path::Path;

use machine::program::{FrameRecord, Harness};
use scene::motion::Dirs;
use scene::program::LoadedProgram;

use crate::Fault;
use crate::cli::ProgramArgs;
use crate::media::Meta;
use crate::view::Overlays;
use crate::view::canvas::Canvas;
use crate::view::layout::{self, PanelAt};
use crate::view::panel::Line;
use crate::view::picture::Picture;
use crate::view::program::{self, Inspect, ProgramInfo, Registers};
use crate::view::tube::FramePicture;

mod rewind;

/// A program running, one completed frame shown.
pub struct ProgramPlayer {
    loaded: LoadedProgram,
    harness: Harness<'static>,
    info: ProgramInfo,
    record: FrameRecord,
    /// The chip's picture of `record`'s frame (on a vector display, the tube).
    picture: FramePicture,
    /// The chip's picture of the frame after it (the last call's).
    next_picture: FramePicture,
    /// Overlays shown.
    pub overlays: Overlays,
    /// Integer scale of the frame.
    pub scale: usize,
    /// The display the picture and its panel are fitted to: `HITLAB_DISPLAY` or the
    /// default for pictures written to files; the window's own display for `run`.
    pub display_px: (usize, usize),
    /// States kept to step back to: the window's alone ([`ProgramPlayer::keep_rewind`]);
    /// `record`, `shot`, headless `run` and the hunt never step back, and a state saved
    /// every few frames (two pictures with it) would cost them for nothing.
    rewind: Option<rewind::Rewind>,
    /// The box shown over the frame (`c`, `v`, `w` in the window).
    pub inspect: Option<Inspect>,
    /// The CPU's registers when the call deciding about `record`'s frame ended.
    registers: Registers,
}

impl std::fmt::Debug for ProgramPlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProgramPlayer")
            .field("path", &self.loaded.path)
            .field("frame", &self.record.frame)
            .finish_non_exhaustive()
    }
}

impl ProgramPlayer {
    /// Loads the program at `path` (a program file, or an image with `--target`), boots it
    /// and runs its first frame (frame 0).
    ///
    /// # Errors
    /// A bad file (exit 3), options that do not fit (exit 2), a program that fails before
    /// its first frame is complete (exit 1).
    pub fn open(path: &Path, frames: Option<u32>, args: &ProgramArgs) -> Result<Self, Fault> {
        let loaded = crate::cmd::program::load(path, frames, args)?;
        Self::start(loaded)
    }

    fn start(loaded: LoadedProgram) -> Result<Self, Fault> {
        let mut machine = crate::cmd::program::boot(&loaded)?;
        let title = machine.title();
        let flag_name = machine.flag_name();
        let rate_hz = machine.frame_rate_hz();
        let cycles_per_frame = machine.program().map_or(0, |b| b.cycles_per_frame());
        let mut harness = Harness::owning(machine, loaded.config.clone()).map_err(crate::usage)?;
        // The first call shows frame 0; its decisions come in the second.
        call(&mut harness, &loaded)?;
        let picture = FramePicture::of_machine(harness.machine_ref(), None);
        let record = completed(call(&mut harness, &loaded)?, &loaded)?;
        let next_picture = FramePicture::of_machine(harness.machine_ref(), Some(&picture));
        let registers = registers(&mut harness);
        let name = loaded
            .path
            .file_name()
            .map_or_else(|| "program".into(), |n| n.to_string_lossy().into_owned());
        let info = ProgramInfo {
            name,
            title,
            flag_name,
            end_frame: loaded.config.frames,
            rate_hz,
            cycles_per_frame,
            judged: !loaded.config.watches.is_empty(),
        };
        Ok(Self {
            loaded,
            harness,
            info,
            record,
            picture,
            next_picture,
            overlays: Overlays::ALL,
            scale: 1,
            display_px: layout::display_px(),
            rewind: None,
            inspect: None,
            registers,
        })
    }

    /// Runs the next frame.
    ///
    /// # Errors
    /// The program failed (a fault, an interrupt never taken or never left): exit 1.
    pub fn step(&mut self) -> Result<(), Fault> {
        let record = completed(call(&mut self.harness, &self.loaded)?, &self.loaded)?;
        let now = FramePicture::of_machine(self.harness.machine_ref(), Some(&self.next_picture));
        self.picture = std::mem::replace(&mut self.next_picture, now);
        self.record = record;
        self.keep_for_rewind();
        self.registers = registers(&mut self.harness);
        Ok(())
    }

    /// Boots the program again and runs its frame 0, keeping the overlays and scale.
    ///
    /// # Errors
    /// As [`ProgramPlayer::open`].
    pub fn restart(&mut self) -> Result<(), Fault> {
        let fresh = Self::start(self.loaded.clone())?;
        let (overlays, scale, inspect) = (self.overlays, self.scale, self.inspect);
        let rewinds = self.rewind.is_some();
        *self = fresh;
        self.overlays = overlays;
        self.scale = scale;
        self.inspect = inspect;
        if rewinds {
            self.keep_rewind();
        }
        Ok(())
    }

    /// The frame shown.
    #[must_use]
    pub fn record(&self) -> &FrameRecord {
        &self.record
    }

    /// What stays fixed while the program runs.
    #[must_use]
    pub fn info(&self) -> &ProgramInfo {
        &self.info
    }

    /// The machine's title as its chip's registers say it now (the mode the program set).
    #[must_use]
    pub fn title_now(&self) -> String {
        self.harness.machine_ref().title()
    }

    /// The program.
    #[must_use]
    pub fn loaded(&self) -> &LoadedProgram {
        &self.loaded
    }

    /// The chip's picture of the frame shown.
    #[must_use]
    pub fn picture(&self) -> Picture {
        self.picture.at(self.scale)
    }

    /// The lines of the box shown over the frame, if any.
    #[must_use]
    pub fn inspect_lines(&self) -> Option<Vec<Line>> {
        self.inspect
            .map(|what| program::inspect_lines(what, &self.record, &self.registers))
    }

    /// The frame shown, scaled, with the overlays and the box `inspect` names.
    #[must_use]
    pub fn render(&self) -> Canvas {
        let shown = self.inspect_lines();
        program::render_with(
            &self.picture.at(self.scale),
            &self.record,
            &self.info,
            self.overlays,
            self.scale,
            self.panel_at(),
            shown.as_deref(),
        )
    }

    fn frame_px(&self, scale: usize) -> (usize, usize) {
        self.picture.size_px(scale)
    }

    /// Where the panel goes at the current scale on the display pictures are fitted to.
    #[must_use]
    pub fn panel_at(&self) -> PanelAt {
        layout::panel_at(self.frame_px(self.scale), layout::room_px(self.display_px))
    }

    /// The largest scale at which the picture and its panel fit the display.
    #[must_use]
    pub fn auto_scale(&self) -> usize {
        layout::fit_scale(|k| self.frame_px(k), layout::room_px(self.display_px))
    }

    /// Canvas size with every overlay shown at the current scale (the window's size).
    #[must_use]
    pub fn full_size(&self) -> (usize, usize) {
        let (w, h) = self.frame_px(self.scale);
        layout::canvas_size(w, h, Some(self.panel_at()))
    }

    /// The file stem of the program, for output names.
    #[must_use]
    pub fn stem(&self) -> String {
        let name = &self.info.name;
        if crate::cmd::program::is_program_file(&self.loaded.path) {
            return name[..name.len() - ".prg.ron".len()].to_owned();
        }
        self.loaded
            .path
            .file_stem()
            .map_or_else(|| "program".into(), |s| s.to_string_lossy().into_owned())
    }

    /// `tEXt` chunks naming what a picture shows.
    #[must_use]
    pub fn meta(&self) -> Meta {
        vec![
            ("Title".to_owned(), self.info.name.clone()),
            ("Source".to_owned(), self.loaded.path.display().to_string()),
            ("Frame".to_owned(), self.record.frame.to_string()),
        ]
    }
}

/// The frame a call after the first completes (every one does: the harness keeps the
/// frame before until the call deciding about it).
fn completed(r: Option<FrameRecord>, p: &LoadedProgram) -> Result<FrameRecord, Fault> {
    r.ok_or_else(|| {
        Fault::Other(anyhow::anyhow!(
            "{}: the harness completed no frame",
            p.path.display()
        ))
    })
}

/// The CPU's registers now, by the names the machine's program limits list.
fn registers(h: &mut Harness<'static>) -> Registers {
    let Some(limits) = h.machine_ref().program_limits() else {
        return Registers::default();
    };
    let Some(board) = h.machine().program() else {
        return Registers::default();
    };
    let cpu = board.cpu();
    let mut values: Vec<(&'static str, u32)> = limits
        .registers
        .iter()
        .filter_map(|&n| cpu.register(n).map(|v| (n, v)))
        .collect();
    if !limits
        .registers
        .iter()
        .any(|n| n.eq_ignore_ascii_case("PC"))
    {
        values.push(("PC", cpu.pc()));
    }
    Registers {
        cpu: limits.cpu,
        values,
    }
}

/// One harness call; a harness error is the program's failure (exit 1).
fn call(h: &mut Harness<'static>, p: &LoadedProgram) -> Result<Option<FrameRecord>, Fault> {
    crate::long_run::check()?;
    h.call().map_err(|e| crate::cmd::program::failed(p, h, &e))
}

impl crate::shown::Shown for ProgramPlayer {
    fn name(&self) -> &str {
        &self.info.name
    }
    fn frame(&self) -> u32 {
        self.record.frame
    }
    fn end_frame(&self) -> u32 {
        self.info.end_frame
    }
    fn rate_hz(&self) -> u32 {
        self.info.rate_hz
    }
    fn scale(&self) -> usize {
        self.scale
    }
    fn overlays_mut(&mut self) -> &mut Overlays {
        &mut self.overlays
    }
    fn overlays(&self) -> Overlays {
        self.overlays
    }
    fn step(&mut self, _live: Option<Dirs>) -> Result<(), Fault> {
        ProgramPlayer::step(self)
    }
    fn step_back(&mut self) -> Result<bool, Fault> {
        ProgramPlayer::step_back(self)
    }
    fn restart(&mut self) -> Result<(), Fault> {
        ProgramPlayer::restart(self)
    }
    fn cycle_method(&mut self, _by: isize) {}
    fn render(&self) -> Canvas {
        ProgramPlayer::render(self)
    }
    fn picture(&self) -> Picture {
        ProgramPlayer::picture(self)
    }
    fn full_size(&self) -> (usize, usize) {
        ProgramPlayer::full_size(self)
    }
    fn stem(&self) -> String {
        ProgramPlayer::stem(self)
    }
    fn meta(&self) -> Meta {
        ProgramPlayer::meta(self)
    }
    fn inspect(&mut self, what: Inspect) -> bool {
        // The same key again hides the box.
        self.inspect = (self.inspect != Some(what)).then_some(what);
        self.overlays.on = true;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::overlay;

    /// The index of the pixel at `(x, y)` of a raster picture.
    fn index_at(p: &Picture, x: usize, y: usize) -> u8 {
        let Picture::Indexed { w, pixels, .. } = p else {
            panic!("a raster chip's picture is indexed")
        };
        pixels[y * w + x]
    }

    #[test]
    fn each_record_is_shown_with_the_chip_s_picture_of_the_same_frame() {
        // roms/genesis/programs/vint-dma.s: sprite 1 (8x8, solid, rows 104..112) is at
        // x = 92 + k in frame k; sprite 0 covers rows 100..108 only, so row 110 is sprite
        // 1's alone. The record of frame k says x = 92 + k and the picture shown with it
        // lights column 92 + k of row 110 and not the column before.
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let args = ProgramArgs {
            target: Some("genesis".into()),
            ..ProgramArgs::default()
        };
        let image = root.join("roms/genesis/programs/vint-dma.bin");
        let mut p = ProgramPlayer::open(&image, Some(20), &args).expect("boots");
        for k in 1..=12 {
            p.step().expect("runs");
            assert_eq!(p.record().frame, k);
            let x = 92 + k as usize;
            let s1 = p.record().sprites.iter().find(|s| s.number == 1).unwrap();
            assert_eq!(s1.bbox.x, x as i32, "frame {k}");
            let backdrop = index_at(&p.picture(), 20, 20);
            assert_ne!(index_at(&p.picture(), x, 110), backdrop, "frame {k}");
            assert_eq!(index_at(&p.picture(), x - 1, 110), backdrop, "frame {k}");
        }
    }

    /// The text of the lines of the box `what` over frame `frame` of vint-dma.
    fn vint_dma_at(frame: u32) -> ProgramPlayer {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let args = ProgramArgs {
            target: Some("genesis".into()),
            ..ProgramArgs::default()
        };
        let image = root.join("roms/genesis/programs/vint-dma.bin");
        let mut p = ProgramPlayer::open(&image, Some(frame + 2), &args).expect("boots");
        while p.record().frame < frame {
            p.step().expect("runs");
        }
        p
    }

    fn box_text(p: &mut ProgramPlayer, what: Inspect) -> Vec<String> {
        p.inspect = Some(what);
        p.inspect_lines()
            .expect("a box")
            .into_iter()
            .map(|(s, _)| s.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect()
    }

    #[test]
    fn the_cpu_box_shows_the_registers_where_the_program_waits() {
        // roms/genesis/programs/vint-dma.s: after its VINT handler (which restores D0/A0
        // with MOVEM and returns with RTE) the 68000 waits in `stop #0x2000` at `idle`
        // ($02B4 in vint-dma.sym), so at the next vblank SR is $2000 and the PC the STOP's
        // own address (cpu_m68k::Cpu::pc while stopped; the interrupt ending it stacks the
        // address after it), A7 the initial SSP $FFFE00. D0 is $0000FFFF (copy_sat's
        // `moveq #3,d0` counted down by DBRA to -1) and A0 $00000294 (copy_sat's `(a0)+`
        // past the 16 bytes of sat_init at $0284).
        let mut p = vint_dma_at(5);
        let text = box_text(&mut p, Inspect::Cpu).join(" ");
        for want in [
            "SR $2000",
            "PC $000002B4",
            "A7 $00FFFE00",
            "D0 $0000FFFF",
            "A0 $00000294",
        ] {
            assert!(text.contains(want), "{want} in {text}");
        }
    }

    #[test]
    fn the_sprite_box_lists_the_table_as_the_chip_read_it() {
        // vint-dma.s's sat_init: sprite 0 8x8 at (100, 100), sprite 1 8x8 at (92 + k, 104)
        // in frame k, both cell 1, palette line 0.
        let mut p = vint_dma_at(7);
        let text = box_text(&mut p, Inspect::Sprites);
        assert!(
            text.contains(&"0 100 100 8x8 $1 $0 %0000 0 yes".to_owned()),
            "{text:?}"
        );
        assert!(
            text.contains(&"1 99 104 8x8 $1 $0 %0000 0 yes".to_owned()),
            "{text:?}"
        );
    }

    #[test]
    fn the_watch_box_says_a_bare_image_has_no_watch() {
        let mut p = vint_dma_at(1);
        let text = box_text(&mut p, Inspect::Watches);
        assert_eq!(text[1], "no watch (a program file names them)");
    }

    #[test]
    fn a_box_is_drawn_over_the_frame_s_top_left_and_nowhere_else() {
        let mut p = vint_dma_at(3);
        let plain = p.render();
        p.inspect = Some(Inspect::Sprites);
        let boxed = p.render();
        assert_eq!((plain.w, plain.h), (boxed.w, boxed.h));
        let (w, h) = p.picture().size();
        let differs = |x0: usize, y0: usize, x1: usize, y1: usize| {
            (y0..y1)
                .any(|y| (x0..x1).any(|x| plain.px[y * plain.w + x] != boxed.px[y * boxed.w + x]))
        };
        assert!(differs(0, 0, 40, 20), "the box's corner");
        // The panel and the frame's bottom right stay as they were.
        assert!(!differs(w, 0, plain.w, plain.h), "the panel");
        assert!(!differs(w - 8, h - 8, w, h), "the frame's corner");
    }

    #[test]
    fn the_help_box_for_a_program_is_drawn_over_the_frame() {
        let mut p = vint_dma_at(1);
        let plain = p.render();
        p.overlays.help = true;
        let help = p.render();
        assert_ne!(plain.px, help.px);
        // Only keys that do something for a program.
        for gone in ["m M", "g 3", "arrows"] {
            assert!(program::KEYS.iter().all(|(k, _)| *k != gone), "{gone}");
        }
    }

    #[test]
    fn the_panel_says_why_the_chip_is_blind_on_the_demo_s_marked_frames() {
        // roms/vera/programs/demo.s: from frame 287 the target's collision mask is 0 and
        // the player's %0010 while their pixels meet (tests/vera_demo.prg.ron): the panel
        // names the reason, whole, and does not call it a difference.
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let file = root.join("tests/vera_demo.prg.ron");
        let mut p = ProgramPlayer::open(&file, Some(291), &ProgramArgs::default()).expect("boots");
        while p.record().frame < 290 {
            p.step().expect("runs");
        }
        let text: Vec<String> = program::lines(p.record(), p.info())
            .into_iter()
            .map(|(s, _)| s)
            .collect();
        let joined = text.join(" ");
        assert!(
            joined.contains("chip saw no collision: sprites 0 and 127 meet but their collision masks %0010 and %0000 share no bit"),
            "{text:?}"
        );
        assert!(!joined.contains("DIFFERS"), "{text:?}");
    }

    #[test]
    fn a_vectrex_program_shows_the_tube_with_its_objects_outlined() {
        // tests/vectrex_objects.prg.ron, by hand: frame k shows the cartridge's frame
        // n = k - 1, object 0 at (y, x) = (0, -60 + n); one unit one screen pixel, origin
        // (130, 161), y up, half-size 8: frame 11's object 0 covers screen columns
        // 72..=88 and rows 153..=169. The tube is drawn at two picture pixels per screen
        // pixel at scale 1 (the screen fills the tube: 260 x 323), so the box's outline
        // (a Good object's, one pixel thick at two a unit) runs down column 144 from row
        // 306 to row 339 and along row 306 from column 144 to 177.
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let file = root.join("tests/vectrex_objects.prg.ron");
        let mut p = ProgramPlayer::open(&file, Some(20), &ProgramArgs::default()).expect("boots");
        while p.record().frame < 11 {
            p.step().expect("runs");
        }
        let Picture::Rgb { canvas, .. } = p.picture() else {
            panic!("a tube is drawn in RGB")
        };
        assert_eq!((canvas.w, canvas.h), (520, 646));
        let at = |c: &Canvas, x: usize, y: usize| c.px[y * c.w + x] & 0xFF_FFFF;
        // The beam drew the object's square: light on the tube around its left edge.
        let lit = (300..=340).any(|y| (142..=146).any(|x| at(&canvas, x, y) > 0x30_3030));
        assert!(lit, "the tube shows object 0's square");
        p.overlays = Overlays {
            pairs: false,
            guides: false,
            panel: false,
            ..Overlays::ALL
        };
        let c = p.render();
        for y in 306..=339 {
            assert_eq!(at(&c, 144, y), overlay::GOOD_RGB, "left edge, row {y}");
        }
        for x in 144..=177 {
            assert_eq!(at(&c, x, 306), overlay::GOOD_RGB, "top edge, column {x}");
        }
        assert_ne!(at(&c, 143, 320), overlay::GOOD_RGB, "just outside the box");
        assert_ne!(at(&c, 160, 322), overlay::GOOD_RGB, "inside the box");
        // Object 1 at x = 60 - 10 = 50: screen columns 172..=188, picture column 344.
        assert_eq!(at(&c, 344, 320), overlay::GOOD_RGB, "object 1's left edge");
    }
}
