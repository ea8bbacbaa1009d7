//! One module per subcommand.

pub mod asm6809;
pub mod bench;
pub mod choose;
pub mod compare;
pub mod frame;
pub mod hunt;
pub mod methods;
pub mod program;
pub mod program_play;
pub mod record;
pub mod replay;
pub mod report;
pub mod roms;
pub mod routine;
pub mod run;
pub mod shot;
