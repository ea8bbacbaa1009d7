//! The chip's verdict against pixel truth among its own sprites, projected to the chip's
//! form (specs/harness.md, "The three-way compare"), with the reasons it disagrees where
//! the sprite view tells them.

use collide::truth::{self, Scope};
use collide::{Group, Object, Screen};

use crate::contract::Verdict;
use crate::view::{Lines, NotDrawn, SpriteView};

/// How the chip's verdict compares with the truth projected to its form.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HardwareCheck {
    /// Sprite pairs (by sprite number) whose opaque pixels meet, ignoring chip limits.
    pub sprite_pairs: Vec<(u32, u32)>,
    /// The truth in the chip's form: any pair (flag chips) / the OR of mask ANDs (VERA).
    pub expected_collided: bool,
    /// Mask chips (VERA): OR over pairs of the two masks ANDed, bits 7-4 shifted down.
    pub expected_mask: Option<u8>,
    /// Why the chip disagrees, where it can be told.
    pub reasons: Vec<String>,
}

impl HardwareCheck {
    /// True when the chip's verdict equals the projected truth.
    #[must_use]
    pub fn agrees(&self, v: &Verdict) -> bool {
        match (self.expected_mask, v.collision_mask) {
            (Some(e), Some(got)) => e == got,
            _ => self.expected_collided == v.collided,
        }
    }
}

/// The form a chip reports collisions in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// One flag: any two sprites whose opaque pixels meet set it.
    Flag,
    /// VERA: each pair ORs the AND of its two 4-bit collision masks into the ISR.
    Masks,
}

/// Pixel truth among `sprites`, in `form`, and the reasons the chip disagrees.
#[must_use]
pub fn pixel_check(
    sprites: &[SpriteView],
    screen: Screen,
    verdict: &Verdict,
    note: Option<&str>,
    form: Option<Form>,
) -> HardwareCheck {
    let masks = form == Some(Form::Masks);
    let objs: Vec<Object> = sprites
        .iter()
        .map(|s| Object::new(s.number, s.bbox, Group::Good).with_mask(s.mask.clone()))
        .collect();
    let pairs = truth::pixel_pairs(&objs, Scope::AllSprites);
    let mut mask = 0u8;
    let mut check = HardwareCheck::default();
    for p in &pairs {
        let (a, b) = (&sprites[p.a as usize], &sprites[p.b as usize]);
        check.sprite_pairs.push((a.number, b.number));
        mask |= a.collision_mask & b.collision_mask;
    }
    check.expected_collided = if masks { mask != 0 } else { !pairs.is_empty() };
    check.expected_mask = masks.then_some(mask >> 4);
    if check.agrees(verdict) {
        return check;
    }
    for p in &pairs {
        let (a, b) = (&sprites[p.a as usize], &sprites[p.b as usize]);
        if masks && a.collision_mask & b.collision_mask == 0 {
            continue;
        }
        let why = reasons(a, b, screen, masks);
        check.reasons.push(format!(
            "sprites {} and {}: {}",
            a.number,
            b.number,
            why.join("; ")
        ));
    }
    if check.reasons.is_empty() && verdict.collided {
        check.reasons.push(note.map_or_else(
            || "the chip reports a collision pixel truth does not have".to_owned(),
            str::to_owned,
        ));
    }
    check
}

/// The screen lines on which the opaque pixels of `a` and `b` meet, all of them and those
/// where they meet inside the active area.
fn meet_lines(a: &SpriteView, b: &SpriteView, screen: Screen) -> (Lines, Lines) {
    let (mut all, mut shown) = (Lines::new(), Lines::new());
    let Some(both) = a.bbox.intersection(&b.bbox) else {
        return (all, shown);
    };
    let (sw, sh) = (i32::from(screen.w_px), i32::from(screen.h_px));
    for y in both.y..both.y + i32::from(both.h) {
        let mut meet = false;
        let mut meet_shown = false;
        for x in both.x..both.x + i32::from(both.w) {
            let opaque =
                |s: &SpriteView| s.mask.get(i64::from(x - s.bbox.x), i64::from(y - s.bbox.y));
            if opaque(a) && opaque(b) {
                meet = true;
                meet_shown |= (0..sw).contains(&x) && (0..sh).contains(&y);
            }
        }
        if meet {
            all.push(y);
        }
        if meet_shown {
            shown.push(y);
        }
    }
    (all, shown)
}

/// Why the chip may not have seen the pair `a`, `b` meet: where they meet, and what the
/// chip did with each on those lines (its sprite view's `not_drawn`).
fn reasons(a: &SpriteView, b: &SpriteView, screen: Screen, masks: bool) -> Vec<String> {
    let (all, shown) = meet_lines(a, b, screen);
    if shown.is_empty() {
        return vec![format!(
            "they meet only {} (on {all})",
            NotDrawn::OffScreen.describe()
        )];
    }
    let mut why = vec![format!("they meet on {shown}")];
    for s in [a, b] {
        for (reason, lines) in &s.not_drawn {
            let there = lines.intersection(&shown);
            if *reason != NotDrawn::OffScreen && !there.is_empty() {
                why.push(format!(
                    "sprite {} {} on {there}",
                    s.number,
                    reason.describe()
                ));
            }
        }
    }
    if why.len() == 1 && masks {
        why.push("a hidden pixel adds no collision mask (FPGA line buffer)".into());
    } else if why.len() == 1 {
        why.push("no reason known from the sprite view".into());
    }
    why
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use collide::{OpaqueMask, PxBox};

    use super::*;

    fn sprite(number: u32, x: i32, collision_mask: u8) -> SpriteView {
        SpriteView {
            number,
            bbox: PxBox::new(x, 10, 8, 8),
            mask: Arc::new(OpaqueMask::from_fn(8, 8, |_, _| true)),
            collision_mask,
            z: 0,
            not_drawn: Vec::new(),
            drawn: true,
            lines: None,
            fields: crate::view::SpriteFields::default(),
        }
    }

    const SCREEN: Screen = Screen::new(256, 192);

    #[test]
    fn the_flag_form_sets_on_any_pixel_pair() {
        let s = [sprite(0, 10, 0), sprite(1, 14, 0)];
        let v = Verdict::default();
        let c = pixel_check(&s, SCREEN, &v, None, Some(Form::Flag));
        assert!(c.expected_collided);
        assert_eq!(c.expected_mask, None);
        assert_eq!(c.sprite_pairs, [(0, 1)]);
        assert!(!c.agrees(&v));
        assert_eq!(c.reasons.len(), 1, "{:?}", c.reasons);
    }

    #[test]
    fn the_mask_form_needs_a_shared_bit() {
        let s = [sprite(0, 10, 0x10), sprite(1, 14, 0x20)];
        let v = Verdict {
            collision_mask: Some(0),
            ..Verdict::default()
        };
        let c = pixel_check(&s, SCREEN, &v, None, Some(Form::Masks));
        assert!(!c.expected_collided, "no bit in common: no collision");
        assert_eq!(c.expected_mask, Some(0));
        assert!(c.agrees(&v));
        let s = [sprite(0, 10, 0x30), sprite(1, 14, 0x20)];
        let c = pixel_check(&s, SCREEN, &v, None, Some(Form::Masks));
        assert_eq!(c.expected_mask, Some(0x2));
        assert!(!c.agrees(&v));
    }

    #[test]
    fn the_reasons_name_a_dropped_sprite() {
        let mut b = sprite(1, 14, 0);
        // Both cover lines 10-17; sprite 1 was left out of lines 14-17 only.
        b.not_drawn
            .push((NotDrawn::LineLimit, Lines::from_increasing(14..18)));
        let s = [sprite(0, 10, 0), b];
        let c = pixel_check(&s, SCREEN, &Verdict::default(), None, None);
        assert_eq!(
            c.reasons,
            [
                "sprites 0 and 1: they meet on lines 10-17; sprite 1 dropped by the per-line \
              sprite limit on lines 14-17"
            ]
        );
    }

    #[test]
    fn a_pair_meeting_only_off_the_screen_says_so() {
        // 8x8 at x -6 and x -4: they meet in x -4..1, on screen in x 0..1; moved 4 left
        // (x -10 and -8) they meet in x -8..-3 only, left of the screen.
        let (mut a, mut b) = (sprite(0, -6, 0), sprite(1, -4, 0));
        let c = pixel_check(
            &[a.clone(), b.clone()],
            SCREEN,
            &Verdict::default(),
            None,
            None,
        );
        assert_eq!(
            c.reasons,
            ["sprites 0 and 1: they meet on lines 10-17; no reason known from the sprite view"]
        );
        a.bbox.x = -10;
        b.bbox.x = -8;
        let c = pixel_check(&[a, b], SCREEN, &Verdict::default(), None, None);
        assert_eq!(
            c.reasons,
            ["sprites 0 and 1: they meet only off the active area (on lines 10-17)"]
        );
    }
}
