//! The seeds' methods as Z80 code, built from `roms/msx/code/` (see its `build.ron`), and
//! the MSX machine running them on the frame its chip has just rendered.

use collide::{MethodId, Object};

use super::machine::Msx;
use super::target::ABI;
use crate::contract::{Builtin, TargetCode};
use crate::routine::{Abi, Routine, RoutineError, RoutineOutcome, run_routine};

/// The Z80 images, each the same method id as its Rust counterpart.
pub const BUILTINS: &[Builtin] = &[
    Builtin {
        name: "half-pairs z80",
        method: MethodId::HalfPairs,
        image: include_bytes!("../../../../roms/msx/code/half-pairs.bin"),
    },
    Builtin {
        name: "hw-gated z80",
        method: MethodId::HwGated,
        image: include_bytes!("../../../../roms/msx/code/hw-gated.bin"),
    },
    Builtin {
        name: "mask16 z80-asm",
        method: MethodId::Mask16,
        image: include_bytes!("../../../../roms/msx/code/mask16-asm.bin"),
    },
    Builtin {
        name: "mask16 z80-c",
        method: MethodId::Mask16,
        image: include_bytes!("../../../../roms/msx/code/mask16-c.bin"),
    },
    Builtin {
        name: "mask8 z80-asm",
        method: MethodId::Mask8,
        image: include_bytes!("../../../../roms/msx/code/mask8-asm.bin"),
    },
    Builtin {
        name: "mask8 z80-c",
        method: MethodId::Mask8,
        image: include_bytes!("../../../../roms/msx/code/mask8-c.bin"),
    },
];

impl TargetCode for Msx {
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
        // Each routine gets the chip as the frame left it: a copy, so one routine's S#0
        // read does not clear C for the next, nor for the harness's own vblank read.
        let (target, vdp) = self.board_parts();
        let mut vdp = vdp.clone();
        let mut board = target.board(&mut vdp);
        run_routine(&mut board, routine, objects)
    }
}
