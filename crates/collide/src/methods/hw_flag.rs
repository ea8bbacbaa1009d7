//! `hw-flag`: seed 002, "Method 0". Read the chip's collision flag and nothing else: it says
//! *that* two sprites' opaque pixels met somewhere in the frame, never *which*, so the method
//! reports no pairs, only the verdict in [`Found::flag`].
//!
//! The flag is Genesis status bit 5 or MSX status bit C; on VERA, which has no single flag,
//! the collision nibble of the ISR (bits 7-4) being non-zero ([`Hardware::collision`]).
//!
//! [`Hardware::collision`]: crate::Hardware::collision

use crate::method::{Found, Frame, Method, MethodId};

/// Reads the chip's flag.
#[derive(Debug, Default)]
pub struct HwFlag;

impl Method for HwFlag {
    fn id(&self) -> MethodId {
        MethodId::HwFlag
    }

    fn run(&mut self, frame: &Frame<'_>, found: &mut Found) {
        found.flag = frame.hardware.collision();
        // One status read, where the chip has something to read.
        found.cost.seed_ops += u64::from(found.flag.is_some());
    }
}
