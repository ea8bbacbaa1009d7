//! `hitlab`: the command-line front end (specs/harness.md, "CLI contract").
//!
//! Exit codes: 0 ok, 1 an expectation failed, 2 usage, 3 bad input file.

mod atomic;
mod cli;
mod cmd;
mod code_report;
mod hostfs;
mod long_run;
mod media;
mod out;
mod play;
mod play_program;
mod report;
mod shown;
mod view;
mod window;

use std::process::ExitCode;

use clap::Parser;

use crate::cli::{Cli, Command};

/// How a command ended, mapped to the contract's exit codes.
#[derive(Debug)]
pub enum Outcome {
    /// Everything held.
    Ok,
    /// An expectation failed (exit 1).
    Failed,
}

/// A command that could not do its work.
#[derive(Debug)]
pub enum Fault {
    /// A bad input file: exit 3.
    BadInput(anyhow::Error),
    /// Arguments that cannot work together or an output that cannot be written: exit 2.
    Usage(anyhow::Error),
    /// Anything else: exit 1.
    Other(anyhow::Error),
    /// Ctrl-C: exit 130, as a shell reports a process its SIGINT ended.
    Interrupted,
}

impl<E: Into<anyhow::Error>> From<E> for Fault {
    fn from(e: E) -> Self {
        Self::Other(e.into())
    }
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::BadInput(e) | Self::Usage(e) | Self::Other(e) => write!(f, "{e:#}"),
            Self::Interrupted => f.write_str("interrupted"),
        }
    }
}

/// Marks an error as bad input (exit 3).
pub fn bad_input(e: impl Into<anyhow::Error>) -> Fault {
    Fault::BadInput(e.into())
}

/// Marks an error as a usage error (exit 2).
pub fn usage(e: impl Into<anyhow::Error>) -> Fault {
    Fault::Usage(e.into())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    long_run::install();
    let result = match cli.command {
        Command::Methods(a) => cmd::methods::run(&a),
        Command::Run(a) => cmd::run::run(&a),
        Command::Shot(a) => cmd::shot::run(&a),
        Command::Record(a) => cmd::record::run(&a),
        Command::Replay(a) => cmd::replay::run(&a),
        Command::Compare(a) => cmd::compare::run(&a),
        Command::Roms(a) => cmd::roms::run(&a),
        Command::Frame(a) => cmd::frame::run(&a),
        Command::Bench(a) => cmd::bench::run(&a),
        Command::Routine(a) => cmd::routine::run(&a),
        Command::Report(a) => cmd::report::run(&a),
        Command::Hunt(a) => cmd::hunt::run(&a),
        Command::Asm6809(a) => cmd::asm6809::run(&a),
    };
    match result {
        Ok(Outcome::Ok) => ExitCode::SUCCESS,
        Ok(Outcome::Failed) => ExitCode::from(1),
        Err(Fault::BadInput(e)) => {
            eprintln!("error: {e:#}");
            ExitCode::from(3)
        }
        Err(Fault::Usage(e)) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
        Err(Fault::Interrupted) => {
            eprintln!("hitlab: interrupted");
            ExitCode::from(130)
        }
        Err(Fault::Other(e)) => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
    }
}
