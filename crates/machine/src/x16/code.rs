//! Seed 004 as 65C02 code, built from `roms/vera/code/` (see its `build.ron`), and the X16
//! machine running it on the frame VERA has just rendered.
//!
//! The chain reads the ISR's collision nibble and each sprite's attribute byte 6 from the
//! chip, keeps the sprites the quadrant filter keeps, ANDs their spatial maps and looks the
//! survivors' offsets up in the hit table: its id is `pixel-table`, whose pairs it returns
//! on the pairs the filter keeps.

use collide::{MethodId, Object};

use super::machine::X16;
use super::target::ABI;
use crate::contract::{Builtin, TargetCode};
use crate::routine::{Abi, Routine, RoutineError, RoutineOutcome, run_routine};

/// The 65C02 images.
pub const BUILTINS: &[Builtin] = &[
    Builtin {
        name: "chain 65c02",
        method: MethodId::PixelTable,
        image: include_bytes!("../../../../roms/vera/code/chain.bin"),
    },
    Builtin {
        name: "half-pairs 65c02",
        method: MethodId::HalfPairs,
        image: include_bytes!("../../../../roms/vera/code/half-pairs.bin"),
    },
];

impl TargetCode for X16 {
    fn abi(&self) -> Abi {
        ABI
    }

    fn builtins(&self) -> &'static [Builtin] {
        BUILTINS
    }

    fn run(
        &mut self,
        routine: &Routine<'_>,
        objects: &[Object],
    ) -> Result<RoutineOutcome, RoutineError> {
        // Each routine gets VERA as the frame left it: an ISR write (acknowledging) inside
        // one routine does not reach the next, nor the harness's own vblank handler.
        let (target, vera) = self.board_parts();
        let mut vera = vera.clone();
        let mut board = target.board(&mut vera);
        run_routine(&mut board, routine, objects)
    }
}
