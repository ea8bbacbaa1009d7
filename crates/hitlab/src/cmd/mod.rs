//! One module per subcommand.

pub mod compare;
pub mod methods;
pub mod record;
pub mod replay;
pub mod roms;
pub mod run;
pub mod shot;
