//! Frame evaluation: the truth among the frame's objects, every selected method on them,
//! and each method's pairs tallied against box truth, pixel truth and the Good-Bad pairs.

use collide::truth::{self, Scope};
use collide::{Found, Frame, Group, Hardware, Method, MethodId, Object, Pair, Screen};
use machine::{HardwareCheck, SpriteView, Verdict};

use super::code::CodeRun;
use crate::compare::Tally;
use crate::walkers::WallFrame;

/// One method's result on one frame.
#[derive(Clone, Debug)]
pub struct MethodFrame {
    /// The method.
    pub id: MethodId,
    /// Its pairs and cost.
    pub found: Found,
    /// Against box truth.
    pub vs_box: Tally,
    /// Against pixel truth.
    pub vs_pixel: Tally,
    /// Against the Good x Bad pairs of box truth: the pairs seed 002's game cares about.
    pub vs_good_bad: Tally,
    /// For target code: the routine's run (`None` for a Rust method).
    pub code: Option<CodeRun>,
}

impl MethodFrame {
    /// The row's name: the routine's, or the method id.
    #[must_use]
    pub fn label(&self) -> &str {
        self.code
            .as_ref()
            .map_or(self.id.as_str(), |c| c.name.as_str())
    }
}

/// Everything known about one frame.
#[derive(Clone, Debug)]
pub struct FrameReport {
    /// Frame number, from 0.
    pub frame: u32,
    /// The objects as the software layer saw them (index = pair index).
    pub objects: Vec<Object>,
    /// The chip's sprites.
    pub sprites: Vec<SpriteView>,
    /// The chip's verdict.
    pub verdict: Verdict,
    /// The machine's two panel lines for that verdict: its status register, its flags.
    pub status_lines: [String; 2],
    /// The chip against the truth.
    pub hardware: HardwareCheck,
    /// Box truth among objects (Art excluded).
    pub box_truth: Vec<Pair>,
    /// Pixel truth among objects (Art excluded).
    pub pixel_truth: Vec<Pair>,
    /// Every selected method.
    pub methods: Vec<MethodFrame>,
    /// Every target-code routine run on the machine's CPU, after the methods.
    pub routines: Vec<MethodFrame>,
    /// blake3 of the palette-indexed frame, hex.
    pub frame_hash: String,
    /// The wall methods' frame (Vectrex labyrinth scenes).
    pub walls: Option<WallFrame>,
    /// CPU cycles the frame used, where the machine counts them.
    pub frame_cycles: Option<u64>,
    /// CPU cycles in one frame of the machine, where it has a CPU model.
    pub cycles_per_frame: Option<u64>,
}

/// The frame's truth and every method's answer.
#[derive(Clone, Debug)]
pub struct Evaluation {
    /// Box truth among objects (Art excluded).
    pub box_truth: Vec<Pair>,
    /// Pixel truth among objects (Art excluded).
    pub pixel_truth: Vec<Pair>,
    /// Every method's result, in order.
    pub methods: Vec<MethodFrame>,
    /// The Good x Bad pairs of box truth.
    pub good_bad_truth: Vec<Pair>,
}

impl FrameReport {
    /// Rows the window can show: the methods, then the routines.
    #[must_use]
    pub fn shown_len(&self) -> usize {
        self.methods.len() + self.routines.len()
    }

    /// Row `i` of [`FrameReport::shown_len`].
    #[must_use]
    pub fn shown(&self, i: usize) -> Option<&MethodFrame> {
        self.methods
            .get(i)
            .or_else(|| self.routines.get(i.checked_sub(self.methods.len())?))
    }
}

/// Runs the truth and `methods` on `objects`, with `hardware` as the chip reported it.
pub fn evaluate(
    objects: &[Object],
    screen: Screen,
    hardware: Hardware,
    methods: &mut [Box<dyn Method>],
) -> Evaluation {
    let (box_truth, pixel_truth) = truth::box_and_pixel_pairs(objects, Scope::Game);
    let good_bad_truth: Vec<Pair> = box_truth
        .iter()
        .copied()
        .filter(|p| objects[p.a as usize].group != objects[p.b as usize].group)
        .collect();
    let frame_in = Frame {
        objects,
        screen,
        hardware,
    };
    let methods = methods
        .iter_mut()
        .map(|m| {
            let mut found = Found::default();
            m.find(&frame_in, &mut found);
            MethodFrame {
                id: m.id(),
                vs_box: Tally::of(&found.pairs, &box_truth),
                vs_pixel: Tally::of(&found.pairs, &pixel_truth),
                vs_good_bad: Tally::of(&found.pairs, &good_bad_truth),
                found,
                code: None,
            }
        })
        .collect();
    Evaluation {
        box_truth,
        pixel_truth,
        methods,
        good_bad_truth,
    }
}

/// The objects of the Good-Bad pairs whose opaque pixels met: they react next frame.
pub fn mark_hits(objects: &[Object], pixel_truth: &[Pair], pending: &mut [bool]) {
    for p in pixel_truth {
        let (a, b) = (&objects[p.a as usize], &objects[p.b as usize]);
        if matches!(
            (a.group, b.group),
            (Group::Good, Group::Bad) | (Group::Bad, Group::Good)
        ) {
            pending[p.a as usize] = true;
            pending[p.b as usize] = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use collide::{MethodConfig, PxBox};

    use super::*;

    fn obj(id: u32, x: i32, group: Group) -> Object {
        Object::new(id, PxBox::new(x, 0, 8, 8), group)
    }

    #[test]
    fn methods_are_tallied_against_both_truths() {
        let objects = [
            obj(0, 0, Group::Good),
            obj(1, 4, Group::Bad),
            obj(2, 6, Group::Bad),
        ];
        let mut methods = vec![
            collide::build(MethodId::HalfPairs, &MethodConfig::default()),
            collide::build(MethodId::GoodVsBad, &MethodConfig::default()),
        ];
        let e = evaluate(
            &objects,
            Screen::new(256, 192),
            Hardware::default(),
            &mut methods,
        );
        assert_eq!(e.box_truth.len(), 3);
        assert_eq!(e.methods[0].vs_box.misses.len(), 0);
        // Good-vs-Bad never tests the two Bad objects.
        assert_eq!(e.methods[1].vs_box.misses.len(), 1);
        assert_eq!(e.methods[1].vs_good_bad.misses.len(), 0);
    }

    #[test]
    fn only_good_bad_pixel_pairs_react() {
        let objects = [
            obj(0, 0, Group::Bad),
            obj(1, 4, Group::Bad),
            obj(2, 40, Group::Good),
            obj(3, 44, Group::Bad),
        ];
        let mut pending = [false; 4];
        mark_hits(&objects, &[Pair::new(0, 1), Pair::new(2, 3)], &mut pending);
        assert_eq!(pending, [false, false, true, true]);
    }
}
