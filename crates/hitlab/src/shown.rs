//! What the window, `record` and the headless `run` need of whatever plays: a scene's
//! [`Player`](crate::play::Player) or a program's
//! [`ProgramPlayer`](crate::play_program::ProgramPlayer). The window never asks which.

use scene::motion::Dirs;

use crate::Fault;
use crate::media::Meta;
use crate::view::Overlays;
use crate::view::canvas::Canvas;
use crate::view::picture::Picture;

/// Something that plays frame by frame and draws them.
pub trait Shown {
    /// The scene's or program's name (the window's title).
    fn name(&self) -> &str;
    /// The frame shown.
    fn frame(&self) -> u32;
    /// Frames the run plays.
    fn end_frame(&self) -> u32;
    /// Frames per second of the machine.
    fn rate_hz(&self) -> u32;
    /// Integer scale of the frame.
    fn scale(&self) -> usize;
    /// The overlays, to switch them.
    fn overlays_mut(&mut self) -> &mut Overlays;
    /// The overlays shown.
    fn overlays(&self) -> Overlays;
    /// Plays the next frame; `live` steers a scene's `Input` player.
    ///
    /// # Errors
    /// A program that failed (exit 1); a scene never fails here.
    fn step(&mut self, live: Option<Dirs>) -> Result<(), Fault>;
    /// Starts again from frame 0, keeping the overlays and scale.
    ///
    /// # Errors
    /// What opening it would give.
    fn restart(&mut self) -> Result<(), Fault>;
    /// Shows the frame before the one shown, exactly as it was first shown; false where it
    /// cannot (a scene, frame 0, or further back than the states kept).
    ///
    /// # Errors
    /// A program that failed playing forward to it.
    fn step_back(&mut self) -> Result<bool, Fault> {
        Ok(false)
    }
    /// Selects another method (a scene; a program has one answer, its own).
    fn cycle_method(&mut self, by: isize);
    /// The frame shown, scaled, with the overlays.
    fn render(&self) -> Canvas;
    /// The target's own picture of the frame shown, before any overlay.
    fn picture(&self) -> Picture;
    /// Canvas size with every overlay shown at the current scale.
    fn full_size(&self) -> (usize, usize);
    /// The file stem, for output names.
    fn stem(&self) -> String;
    /// `tEXt` chunks naming what a picture shows.
    fn meta(&self) -> Meta;
    /// Shows or hides a box of what the machine and the program hold (a program's CPU,
    /// sprite table, watches); true when the picture must be drawn again. A scene has
    /// none.
    fn inspect(&mut self, what: crate::view::program::Inspect) -> bool {
        let _ = what;
        false
    }
}

impl Shown for crate::play::Player {
    fn name(&self) -> &str {
        &self.info().name
    }
    fn frame(&self) -> u32 {
        self.report().frame
    }
    fn end_frame(&self) -> u32 {
        self.info().end_frame
    }
    fn rate_hz(&self) -> u32 {
        crate::play::Player::rate_hz(self)
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
    fn step(&mut self, live: Option<Dirs>) -> Result<(), Fault> {
        crate::play::Player::step(self, live);
        Ok(())
    }
    fn restart(&mut self) -> Result<(), Fault> {
        crate::play::Player::restart(self)
    }
    fn cycle_method(&mut self, by: isize) {
        crate::play::Player::cycle_method(self, by);
    }
    fn render(&self) -> Canvas {
        crate::play::Player::render(self)
    }
    fn picture(&self) -> Picture {
        crate::play::Player::picture(self)
    }
    fn full_size(&self) -> (usize, usize) {
        crate::play::Player::full_size(self)
    }
    fn stem(&self) -> String {
        crate::play::Player::stem(self)
    }
    fn meta(&self) -> Meta {
        crate::cmd::shot::meta(self)
    }
}
