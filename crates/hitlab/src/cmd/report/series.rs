//! The per-frame numbers the charts draw, gathered one `FrameReport` at a time.

use scene::session::FrameReport;

/// One named line of per-frame values; `None` where the frame has no value (a routine that
/// failed, a method that had not run yet).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Track {
    /// The method id or the routine's name.
    pub name: String,
    /// One value per frame played, in order.
    pub values: Vec<Option<u64>>,
}

impl Track {
    /// Sets the value of frame index `at`, leaving `None` in frames skipped.
    pub(super) fn set(&mut self, at: usize, value: Option<u64>) {
        if self.values.len() <= at {
            self.values.resize(at + 1, None);
        }
        self.values[at] = value;
    }

    /// The largest value, 0 when there is none.
    #[must_use]
    pub fn max(&self) -> u64 {
        self.values.iter().flatten().copied().max().unwrap_or(0)
    }

    /// The values summed.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.values.iter().flatten().sum()
    }

    /// Frames without a value.
    #[must_use]
    pub fn gaps(&self, frames: usize) -> usize {
        frames - self.values.iter().take(frames).flatten().count()
    }

    /// Runs of consecutive values as (frame, value) points, so a line breaks at a gap.
    #[must_use]
    pub fn runs(&self, frames: &[u32]) -> Vec<Vec<(u32, u64)>> {
        let mut out: Vec<Vec<(u32, u64)>> = Vec::new();
        let mut open = false;
        for (f, v) in frames.iter().zip(&self.values) {
            match v {
                Some(v) if open => out.last_mut().expect("an open run").push((*f, *v)),
                Some(v) => {
                    out.push(vec![(*f, *v)]);
                    open = true;
                }
                None => open = false,
            }
        }
        out
    }
}

/// Everything the charts need, frame by frame.
#[derive(Clone, Debug, Default)]
pub struct Series {
    /// Frame numbers played.
    pub frames: Vec<u32>,
    /// Box-truth pairs of each frame.
    pub box_truth: Track,
    /// Box-truth misses of each method, in the order run.
    pub misses: Vec<Track>,
    /// Cycles of each target-code routine, in the order run.
    pub cycles: Vec<Track>,
    /// CPU cycles the whole frame used, where the machine counts them (the Vectrex).
    pub frame_cycles: Track,
    /// The machine's CPU cycles in one frame, where it has a CPU model.
    pub cycles_per_frame: Option<u64>,
}

/// The track named `name` in `tracks`, added at the end when new.
pub(super) fn track<'a>(tracks: &'a mut Vec<Track>, name: &str) -> &'a mut Track {
    let at = tracks
        .iter()
        .position(|t| t.name == name)
        .unwrap_or_else(|| {
            tracks.push(Track {
                name: name.to_owned(),
                values: Vec::new(),
            });
            tracks.len() - 1
        });
    &mut tracks[at]
}

impl Series {
    /// Adds one frame.
    pub fn add(&mut self, r: &FrameReport) {
        let at = self.frames.len();
        self.frames.push(r.frame);
        self.cycles_per_frame = self.cycles_per_frame.or(r.cycles_per_frame);
        self.box_truth.set(at, Some(r.box_truth.len() as u64));
        if r.frame_cycles.is_some() {
            self.frame_cycles.name = "the frame".into();
            self.frame_cycles.set(at, r.frame_cycles);
        }
        for m in &r.methods {
            track(&mut self.misses, m.label()).set(at, Some(m.vs_box.misses.len() as u64));
        }
        for m in &r.routines {
            let Some(run) = &m.code else { continue };
            let cycles = if run.error.is_some() {
                None
            } else {
                run.cycles
            };
            track(&mut self.cycles, &run.name).set(at, cycles);
        }
    }

    /// Frames played.
    #[must_use]
    pub fn frame_count(&self) -> usize {
        self.frames.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_break_at_gaps() {
        let t = Track {
            name: "r".into(),
            values: vec![Some(1), Some(2), None, Some(4), None, None, Some(7)],
        };
        let frames: Vec<u32> = (10..17).collect();
        assert_eq!(
            t.runs(&frames),
            vec![vec![(10, 1), (11, 2)], vec![(13, 4)], vec![(16, 7)]]
        );
        assert_eq!(t.max(), 7);
        assert_eq!(t.total(), 14);
        assert_eq!(t.gaps(7), 3);
    }

    #[test]
    fn a_late_value_leaves_gaps_before_it() {
        let mut tracks = Vec::new();
        track(&mut tracks, "late").set(2, Some(5));
        assert_eq!(tracks[0].values, vec![None, None, Some(5)]);
    }
}
