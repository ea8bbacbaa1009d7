//! Seed 002's methods as 68000 code, built from `roms/genesis/code/` (see its `build.ron`),
//! and the Genesis machine running them on the frame its VDP has just rendered.

use collide::{MethodId, Object};

use super::machine::Genesis;
use super::target::{ABI, images};
use crate::contract::{Builtin, TargetCode};
use crate::routine::{Abi, Routine, RoutineError, RoutineOutcome, run_routine};

macro_rules! builtins {
    ($columns:expr) => {
        &[
            Builtin {
                name: "all-pairs-4case 68k",
                method: MethodId::AllPairs4Case,
                image: images::ALL_PAIRS_4CASE,
            },
            Builtin {
                name: "all-pairs-reject 68k",
                method: MethodId::AllPairsReject,
                image: images::ALL_PAIRS_REJECT,
            },
            Builtin {
                name: "half-pairs 68k",
                method: MethodId::HalfPairs,
                image: images::HALF_PAIRS,
            },
            Builtin {
                name: "hw-gated 68k",
                method: MethodId::HwGated,
                image: images::HW_GATED,
            },
            Builtin {
                name: "good-vs-bad 68k",
                method: MethodId::GoodVsBad,
                image: images::GOOD_VS_BAD,
            },
            Builtin {
                name: "columns 68k",
                method: MethodId::Columns,
                image: $columns,
            },
        ]
    };
}

/// The images for H32: `columns` with 32 columns.
pub const BUILTINS_H32: &[Builtin] = builtins!(images::COLUMNS_H32);
/// The images for H40: `columns` with 40 columns.
pub const BUILTINS_H40: &[Builtin] = builtins!(images::COLUMNS_H40);

impl TargetCode for Genesis {
    fn abi(&self) -> Abi {
        ABI
    }

    fn builtins(&self) -> &'static [Builtin] {
        if self.h40() {
            BUILTINS_H40
        } else {
            BUILTINS_H32
        }
    }

    fn run(
        &mut self,
        routine: &Routine<'_>,
        objects: &[Object],
    ) -> Result<RoutineOutcome, RoutineError> {
        // Each routine gets the VDP as the frame left it: its status read clears bits 5
        // and 6 only in its own copy.
        let (target, vdp) = self.board_parts();
        let mut vdp = vdp.clone();
        let mut board = target.board(&mut vdp);
        run_routine(&mut board, routine, objects)
    }
}
