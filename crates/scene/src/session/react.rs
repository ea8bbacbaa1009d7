//! Reactions: what an object does the frame after its opaque pixels met an object of the
//! other group (seed 004's hit pattern, Pong's group swap and bounces).

use collide::Group;

use super::instances::Instance;
use crate::format::Reaction;

/// Applies the reactions of every object marked in `pending`, and clears the marks.
pub fn react(instances: &mut [Instance], pending: &mut [bool]) {
    for (inst, hit) in instances.iter_mut().zip(pending) {
        if !std::mem::take(hit) {
            continue;
        }
        for r in inst.on_hit.clone() {
            apply(inst, r);
        }
    }
}

fn apply(inst: &mut Instance, r: Reaction) {
    match r {
        Reaction::ShowHit { pattern } => {
            inst.shows_hit = Some(pattern);
            // The seed's hit targets are never tested again.
            inst.group = Group::Art;
        }
        Reaction::SwapGroup => {
            inst.group = match inst.group {
                Group::Good => Group::Bad,
                Group::Bad => Group::Good,
                Group::Art => Group::Art,
            };
        }
        Reaction::BounceX => {
            if let Some(m) = &mut inst.mover {
                m.bounce_x();
            }
        }
        Reaction::BounceY => {
            if let Some(m) = &mut inst.mover {
                m.bounce_y();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn instance(group: Group, on_hit: Vec<Reaction>) -> Instance {
        Instance {
            name: "x".into(),
            group,
            parts: Vec::new(),
            first_slot: 0,
            on_hit,
            mover: None,
            walker: None,
            follows: None,
            size: (8, 8),
            origin: (0, 0),
            shows_hit: None,
        }
    }

    #[test]
    fn a_marked_object_reacts_once() {
        let mut insts = [
            instance(Group::Bad, vec![Reaction::ShowHit { pattern: 9 }]),
            instance(Group::Good, vec![Reaction::SwapGroup]),
            instance(Group::Good, vec![Reaction::SwapGroup]),
        ];
        let mut pending = [true, true, false];
        react(&mut insts, &mut pending);
        assert_eq!(pending, [false; 3], "marks are cleared");
        assert_eq!(insts[0].shows_hit, Some(9));
        assert_eq!(
            insts[0].group,
            Group::Art,
            "a hit target is never tested again"
        );
        assert_eq!(insts[1].group, Group::Bad);
        assert_eq!(insts[2].group, Group::Good, "unmarked: unchanged");
    }
}
