//! What counts when a program's decisions are judged (specs/programs.md, "What the harness
//! observes"): which pairs of objects make truth, whose decisions are judged, and from which
//! frame; and, per frame, a handler that was still running when the chip began the display.
//!
//! A game decides about some pairs only (its shots against its enemies, never two enemies
//! against each other), marks some objects only (the target a shot hit, not the shot), and
//! starts deciding once it runs: the frames a BIOS draws its logo in are not the program's.

use collide::{Group, Object, Pair};

/// Which pairs of objects make the truth decisions are judged against. Art takes part in
/// no pair whatever the rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PairRule {
    /// Every pair of objects that are not Art.
    #[default]
    All,
    /// A Good object with a Bad one (the player's side against the other).
    GoodVsBad,
}

impl PairRule {
    /// Whether the pair `a`, `b` of `objects` counts.
    #[must_use]
    pub fn counts(self, objects: &[Object], p: Pair) -> bool {
        match self {
            Self::All => true,
            Self::GoodVsBad => {
                let g = |i: u32| objects.get(i as usize).map(|o| o.group);
                matches!(
                    (g(p.a), g(p.b)),
                    (Some(Group::Good), Some(Group::Bad)) | (Some(Group::Bad), Some(Group::Good))
                )
            }
        }
    }
}

/// Whose decisions are judged: the objects a miss or a false alarm is counted on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Judged {
    /// Every object in a counting pair.
    #[default]
    All,
    /// Only the objects of this group (a program that marks only the target its shot hit
    /// is judged on `Bad`): a true-hit object of another group is no miss, and a mark on
    /// one is no false alarm.
    Group(Group),
}

impl Judged {
    /// Whether `o` is judged.
    #[must_use]
    pub fn includes(self, o: &Object) -> bool {
        match self {
            Self::All => true,
            Self::Group(g) => o.group == g,
        }
    }
}

/// From when frames are judged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum JudgeFrom {
    /// From the moment the machine's system software hands over to the program
    /// ([`ProgramBoard::handover_pc`](super::ProgramBoard::handover_pc): the MSX cartridge's
    /// INIT), as [`JudgeFrom::Pc`]; from power-on on a machine without one.
    #[default]
    Handover,
    /// From power-on: every frame.
    PowerOn,
    /// From this frame on.
    Frame(u32),
    /// From the first frame whose whole `run_frame` call comes after the PC first reached
    /// this address: the display of the call that reached it may still show what ran
    /// before.
    Pc(u32),
}

/// A handler that was still running when the chip began a frame's active display: the
/// blanking time did not hold it (as with programs that rewrite many sprites per frame).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overrun {
    /// The interrupt source of the outermost handler running (`irq`, `vint`).
    pub handler: &'static str,
    /// The CPU cycle the display began on.
    pub display_cycle: u64,
    /// CPU cycles from the display's start to the handler's return (or to the frame's
    /// vblank when it had not returned by then).
    pub cycles: u64,
    /// Display lines begun while it ran: the line it returned on, counted from the first
    /// visible line as 0, plus one.
    pub lines: u32,
    /// It had not returned by the frame's vblank: it ran through the whole display.
    pub to_vblank: bool,
}

impl Overrun {
    /// Lines begun in `cycles` CPU cycles of lines `line_cycles_256 / 256` cycles long: a
    /// handler returning on the first cycle of the display has begun one line.
    #[must_use]
    pub fn lines_in(cycles: u64, line_cycles_256: u32) -> u32 {
        let line = u64::from(line_cycles_256.max(1));
        u32::try_from((cycles.saturating_mul(256)) / line + 1).unwrap_or(u32::MAX)
    }

    /// A sentence for the text report and the panel.
    #[must_use]
    pub fn line(&self) -> String {
        if self.to_vblank {
            format!(
                "the {} handler was still running when the display began, and through all of it ({} lines)",
                self.handler, self.lines
            )
        } else {
            format!(
                "the {} handler was still running when the display began: it returned {} cycles later, on display line {} ({} lines late)",
                self.handler,
                self.cycles,
                self.lines - 1,
                self.lines
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_begun_count_the_line_returned_on() {
        // 228 cycles a line (the MSX's Z80): cycle 0 is line 0, 227 still line 0, 228 line 1.
        let l = 228 * 256;
        assert_eq!(Overrun::lines_in(0, l), 1);
        assert_eq!(Overrun::lines_in(227, l), 1);
        assert_eq!(Overrun::lines_in(228, l), 2);
        // The Genesis 68000's 488 4/7 cycles a line: two lines are 977.14 cycles, so
        // cycle 977 is still on line 1 (2 lines begun) and 978 on line 2.
        let g = 3420 * 256 / 7;
        assert_eq!(Overrun::lines_in(977, g), 2);
        assert_eq!(Overrun::lines_in(978, g), 3);
    }

    #[test]
    fn good_vs_bad_counts_only_mixed_pairs() {
        use collide::PxBox;
        let o = |id, g| Object::new(id, PxBox::new(0, 0, 8, 8), g);
        let objs = [o(0, Group::Good), o(1, Group::Bad), o(2, Group::Bad)];
        assert!(PairRule::GoodVsBad.counts(&objs, Pair::new(0, 1)));
        assert!(!PairRule::GoodVsBad.counts(&objs, Pair::new(1, 2)));
        assert!(PairRule::All.counts(&objs, Pair::new(1, 2)));
    }
}
