//! The KERNAL's start-up code run before a program (see the module docs of
//! [`super`]): RESET's code, from the vector at $FFFC, on a CPU of its own, to the STP at
//! [`INIT_DONE`].

use cpu_65c02::{Cpu, State};
use vera::Vera;

use super::{INIT_DONE, RESET_ENTRY};
use crate::program::ProgramError;
use crate::routine::Addr;
use crate::x16::bus::{Memory, X16Bus};
use crate::x16::io::Io;

/// More than the start-up code takes (about 130,000 cycles: the character set upload
/// and the screen clear); a KERNAL that never reached its end is a fault, not a hang.
const INIT_BUDGET_CYCLES: u64 = 1_000_000;

/// Runs the KERNAL's RESET code on `mem`, `vera` and `io` to [`INIT_DONE`]; returns the
/// cycles it took. The beam does not move (the program's time starts after it).
///
/// # Errors
/// [`ProgramError::Fault`] if the code stops anywhere else or runs past the budget.
pub fn run_reset(mem: &mut Memory, vera: &mut Vera, io: &mut Io) -> Result<u64, ProgramError> {
    let mut cpu = Cpu::new();
    cpu.pc = RESET_ENTRY;
    let mut bus = X16Bus {
        mem,
        vera,
        io,
        now: 0,
    };
    while cpu.cycles < INIT_BUDGET_CYCLES {
        bus.now = cpu.cycles;
        cpu.step(&mut bus);
        match cpu.state() {
            State::Stopped { pc } if pc == INIT_DONE => return Ok(cpu.cycles),
            State::Stopped { pc } => {
                return Err(ProgramError::Fault {
                    pc: Addr(u32::from(pc)),
                    what: "STP in the KERNAL's start-up code".to_owned(),
                });
            }
            _ => {}
        }
    }
    Err(ProgramError::Fault {
        pc: Addr(u32::from(cpu.pc)),
        what: format!("the KERNAL's start-up code ran past {INIT_BUDGET_CYCLES} cycles"),
    })
}
