//! Stepping a program back: the harness's save state ([`machine::state`]) kept every few
//! frames with the frame shown then; a step back restores the last one before the frame
//! wanted and plays forward to it, which gives exactly the frame first shown (the program's
//! input comes from its file, the same on every pass).

use std::collections::VecDeque;

use machine::program::{FrameRecord, HarnessState};

use super::ProgramPlayer;
use crate::Fault;
use crate::view::tube::FramePicture;

/// Frames between the states kept.
const EVERY: u32 = 8;
/// States kept: the last 4096 frames can be stepped back to.
const KEPT: usize = 512;

/// A frame shown and the harness's state after it.
struct Kept {
    state: HarnessState,
    record: FrameRecord,
    picture: FramePicture,
    next_picture: FramePicture,
}

/// The states kept, oldest first.
#[derive(Default)]
pub struct Rewind {
    kept: VecDeque<Kept>,
}

impl ProgramPlayer {
    /// Keeps states to step back to from the frame shown on (the window's player); without,
    /// [`ProgramPlayer::step_back`] has nothing to go back to.
    pub fn keep_rewind(&mut self) {
        self.rewind = Some(Rewind::default());
        self.keep_for_rewind();
    }

    /// Keeps the frame shown when it is one of every [`EVERY`] (called after each step).
    pub(super) fn keep_for_rewind(&mut self) {
        let frame = self.record.frame;
        let Some(rewind) = &mut self.rewind else {
            return;
        };
        if !frame.is_multiple_of(EVERY)
            || rewind.kept.back().is_some_and(|k| k.record.frame >= frame)
        {
            return;
        }
        let Ok(state) = self.harness.save_state() else {
            return;
        };
        if rewind.kept.len() == KEPT {
            rewind.kept.pop_front();
        }
        rewind.kept.push_back(Kept {
            state,
            record: self.record.clone(),
            picture: self.picture.clone(),
            next_picture: self.next_picture.clone(),
        });
    }

    /// Shows the frame before the one shown; false when no state before it is kept (frame
    /// 0, further back than the states kept, or a player that keeps none).
    ///
    /// # Errors
    /// The program failed while playing forward to it (it did not the first time).
    pub fn step_back(&mut self) -> Result<bool, Fault> {
        let Some(want) = self.record.frame.checked_sub(1) else {
            return Ok(false);
        };
        let Some(rewind) = &mut self.rewind else {
            return Ok(false);
        };
        // States after the frame wanted are of frames to come: dropped, kept again on the
        // way forward.
        while rewind.kept.back().is_some_and(|k| k.record.frame > want) {
            rewind.kept.pop_back();
        }
        let Some(k) = rewind.kept.back() else {
            return Ok(false);
        };
        if self.harness.restore_state(&k.state).is_err() {
            return Ok(false);
        }
        self.record = k.record.clone();
        self.picture = k.picture.clone();
        self.next_picture = k.next_picture.clone();
        self.registers = super::registers(&mut self.harness);
        while self.record.frame < want {
            self.step()?;
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::ProgramArgs;

    fn shown(p: &ProgramPlayer) -> String {
        format!("{:?} {:?}", p.record(), p.picture())
    }

    #[test]
    fn stepping_back_shows_each_frame_as_first_shown() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/msx_mover.prg.ron");
        let mut p = ProgramPlayer::open(&path, None, &ProgramArgs::default()).unwrap();
        p.step().unwrap();
        assert!(
            !p.step_back().unwrap(),
            "a player keeping no states cannot step back"
        );
        p.restart().unwrap();
        p.keep_rewind();
        assert!(!p.step_back().unwrap(), "frame 0 has no frame before it");
        let mut first = vec![shown(&p)];
        // Past the first pass of the sprites' collision (frames 224 to 254).
        for _ in 0..240 {
            p.step().unwrap();
            first.push(shown(&p));
        }
        for want in (0..240).rev() {
            assert!(p.step_back().unwrap(), "back to frame {want}");
            assert_eq!(p.record().frame, want);
            assert!(shown(&p) == first[want as usize], "frame {want} differs");
        }
        // And forward again, the same.
        for (want, first) in first.iter().enumerate().take(11).skip(1) {
            p.step().unwrap();
            assert!(
                shown(&p) == *first,
                "frame {want} differs on the way forward"
            );
        }
    }
}
