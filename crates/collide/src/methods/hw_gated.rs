//! `hw-gated`: seed 002, Method 1 behind Method 0. "If the Genesis detects a sprite
//! collision, for each sprite, check if it collides with the next one": `half-pairs` runs
//! only on frames where the chip's flag is set, and the frame costs nothing otherwise.
//!
//! It misses whatever the chip misses: the flag is pixel-level and subject to the chip's
//! limits (sprites dropped on a full line, off the active area), so box pairs whose opaque
//! pixels never meet on screen leave the flag clear and are not reported. A chip that
//! reported neither a flag nor an ISR ([`Hardware::collision`] is `None`) never opens the
//! gate.
//!
//! [`Hardware::collision`]: crate::Hardware::collision

use crate::method::{Found, Frame, Method, MethodId};

use super::half_pairs::HalfPairs;

/// `half-pairs` on frames where the chip's flag is set.
#[derive(Debug, Default)]
pub struct HwGated {
    inner: HalfPairs,
}

impl Method for HwGated {
    fn id(&self) -> MethodId {
        MethodId::HwGated
    }

    fn run(&mut self, frame: &Frame<'_>, found: &mut Found) {
        let flag = frame.hardware.collision();
        found.flag = flag;
        if flag == Some(true) {
            self.inner.run(frame, found);
        }
    }
}
