//! Standard output that a closed reader ends quietly.
//!
//! `println!` panics when stdout is gone (`hitlab replay tests/ | head -1`). A reader that
//! stopped listening wants nothing more, so the command ends there with exit 0 and no
//! message, as `head`'s other writers do.

use std::fmt::Arguments;
use std::io::{ErrorKind, Write};

/// Writes `args` to stdout; a closed stdout ends the process with 0.
pub fn write(args: Arguments<'_>) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.flush()) {
        if e.kind() == ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        // Any other failure (a full disk behind a redirect) is worth one line.
        eprintln!("error: writing to stdout: {e}");
        std::process::exit(1);
    }
}

/// `println!` that a closed stdout ends quietly.
macro_rules! outln {
    () => { $crate::out::write(format_args!("\n")) };
    ($($t:tt)*) => { $crate::out::write(format_args!("{}\n", format_args!($($t)*))) };
}

/// `print!` that a closed stdout ends quietly.
macro_rules! out {
    ($($t:tt)*) => { $crate::out::write(format_args!($($t)*)) };
}

pub(crate) use {out, outln};
