//! Whether a frame makes the hunted method, routine or chip flag disagree with the truth.
//!
//! The rule, by what is hunted (the method's own exactness, `collide::Exactness`):
//! - `hw-flag` (flag only): the chip's verdict against pixel truth in the chip's form
//!   (`HardwareCheck::agrees`): a flag clear while opaque pixels meet, or set while none do;
//! - `good-vs-bad`, `columns`, `quadrants` (their seeds test only Good x Bad pairs): misses
//!   and false alarms against the Good x Bad pairs of box truth;
//! - `pixel-table` (pixel-exact for its bitmaps): against pixel truth, Good x Bad pairs only;
//! - every other method: misses and false alarms against box truth;
//! - a routine image: as the method named by `--like` (its Rust twin), box truth without.
//!
//! Sprites are solid boxes, so box and pixel truth differ only where the chip draws a
//! sprite only in part.

use std::sync::Arc;

use collide::{Exactness, MethodId, Pair};
use scene::compare::Tally;
use scene::loaded::LoadedScene;
use scene::session::{CodeRoutine, FrameReport, MethodFrame, Session, machine_for};

use super::space::{Frame, Space};

/// What is hunted.
#[derive(Clone, Debug)]
pub enum Hunted {
    /// A Rust method of the catalogue.
    Method(MethodId),
    /// A raw routine image on the machine's CPU.
    Code {
        /// Its file name.
        name: String,
        /// Its bytes, loaded at the contract's code address.
        image: Arc<[u8]>,
        /// The method whose rule it is held to (and which runs beside it).
        like: Option<MethodId>,
    },
}

impl Hunted {
    /// Its name in reports and file names.
    #[must_use]
    pub fn name(&self) -> String {
        match self {
            Self::Method(m) => m.to_string(),
            Self::Code { name, .. } => name.clone(),
        }
    }

    /// The method whose rule applies: the method hunted, or a routine's `--like`.
    #[must_use]
    pub fn rule(&self) -> Option<MethodId> {
        match self {
            Self::Method(m) => Some(*m),
            Self::Code { like, .. } => *like,
        }
    }

    /// The truth it is held to, in words.
    #[must_use]
    pub fn truth(&self) -> &'static str {
        match (self, self.rule()) {
            (Self::Method(_), Some(MethodId::HwFlag)) => "pixel truth, in the chip's form",
            (_, Some(m)) if good_bad_only(m) && m.exactness() == Exactness::PixelTable => {
                "pixel truth, Good x Bad pairs"
            }
            (_, Some(m)) if good_bad_only(m) => "box truth, Good x Bad pairs",
            _ => "box truth",
        }
    }
}

/// Methods whose seeds test only Good x Bad pairs.
fn good_bad_only(m: MethodId) -> bool {
    matches!(
        m,
        MethodId::GoodVsBad | MethodId::Columns | MethodId::Quadrants | MethodId::PixelTable
    )
}

/// One disagreement.
#[derive(Clone, Debug)]
pub struct Finding {
    /// The pair (object indices) the truth has and the answer lacks, or the answer has and
    /// the truth lacks; for the chip flag, a pair whose pixels met (or none).
    pub pair: Option<(u32, u32)>,
    /// "miss", "false alarm", "flag clear", "flag set".
    pub kind: &'static str,
    /// The chip's reasons (hw-flag), or the routine's error.
    pub reasons: Vec<String>,
    /// The chip's two status lines.
    pub status: [String; 2],
}

/// Plays frames and judges them.
#[derive(Debug)]
pub struct Judge<'a> {
    /// The machine.
    pub space: &'a Space,
    /// What is hunted.
    pub hunted: Hunted,
}

impl Judge<'_> {
    /// Plays `frame` once.
    ///
    /// # Errors
    /// The frame does not fit the chip (never for frames of the space).
    pub fn play(&self, frame: &Frame) -> Result<FrameReport, String> {
        self.play_scene(self.space.loaded(frame))
    }

    /// Plays the first frame of a scene.
    ///
    /// # Errors
    /// The scene does not fit its chip.
    pub fn play_scene(&self, loaded: LoadedScene) -> Result<FrameReport, String> {
        let machine = machine_for(&loaded).map_err(|e| e.to_string())?;
        let methods = match &self.hunted {
            Hunted::Method(m) => vec![*m],
            Hunted::Code { like, .. } => vec![like.unwrap_or(MethodId::HwFlag)],
        };
        let mut session = Session::new(loaded, machine, &methods).map_err(|e| e.to_string())?;
        session.set_routines(match &self.hunted {
            Hunted::Method(_) => Vec::new(),
            Hunted::Code { name, image, like } => vec![CodeRoutine {
                name: name.clone(),
                method: *like,
                image: image.clone(),
                entry: None,
                builtin: false,
            }],
        });
        Ok(session.step(None))
    }

    /// The first disagreement in `frame`, if any.
    #[must_use]
    pub fn judge(&self, frame: &Frame) -> Option<Finding> {
        let r = self.play(frame).ok()?;
        self.finding(&r)
    }

    /// The first disagreement in a played frame.
    #[must_use]
    pub fn finding(&self, r: &FrameReport) -> Option<Finding> {
        let status = r.status_lines.clone();
        match &self.hunted {
            Hunted::Method(MethodId::HwFlag) => {
                if r.hardware.agrees(&r.verdict) {
                    return None;
                }
                let pair = r.hardware.sprite_pairs.first().copied();
                Some(Finding {
                    pair,
                    kind: if r.verdict.collided {
                        "flag set"
                    } else {
                        "flag clear"
                    },
                    reasons: r.hardware.reasons.clone(),
                    status,
                })
            }
            Hunted::Method(m) => {
                let f = r.methods.first()?;
                from_tally(&tally(*m, f, r), Vec::new(), status)
            }
            Hunted::Code { like, .. } => {
                let f: &MethodFrame = r.routines.first()?;
                if let Some(e) = f.code.as_ref().and_then(|c| c.error.clone()) {
                    return Some(Finding {
                        pair: None,
                        kind: "error",
                        reasons: vec![e],
                        status,
                    });
                }
                let t = like.map_or_else(|| f.vs_box.clone(), |m| tally(m, f, r));
                from_tally(&t, Vec::new(), status)
            }
        }
    }
}

/// A method's (or its twin routine's) frame against the truth `m`'s rule holds it to.
fn tally(m: MethodId, f: &MethodFrame, r: &FrameReport) -> Tally {
    if good_bad_only(m) && m.exactness() == Exactness::PixelTable {
        good_bad(&f.vs_pixel, r)
    } else if good_bad_only(m) {
        f.vs_good_bad.clone()
    } else {
        f.vs_box.clone()
    }
}

fn good_bad(t: &Tally, r: &FrameReport) -> Tally {
    let gb = |p: &Pair| r.objects[p.a as usize].group != r.objects[p.b as usize].group;
    Tally {
        hits: t.hits.iter().copied().filter(gb).collect(),
        misses: t.misses.iter().copied().filter(gb).collect(),
        false_alarms: t.false_alarms.iter().copied().filter(gb).collect(),
    }
}

fn from_tally(t: &Tally, reasons: Vec<String>, status: [String; 2]) -> Option<Finding> {
    let (pair, kind) = if let Some(p) = t.misses.first() {
        (p, "miss")
    } else {
        (t.false_alarms.first()?, "false alarm")
    };
    Some(Finding {
        pair: Some((pair.a, pair.b)),
        kind,
        reasons,
        status,
    })
}
