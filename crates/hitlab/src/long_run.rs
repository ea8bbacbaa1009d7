//! Long runs: a progress bar while a terminal watches, and Ctrl-C that stops between two
//! frames, so outputs under a temporary name are removed and nothing half-written stays.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};

use indicatif::{ProgressBar, ProgressStyle};

use crate::Fault;

static STOP: AtomicBool = AtomicBool::new(false);

/// Routes Ctrl-C to [`stopped`]; a second Ctrl-C ends the process at once (exit 130).
pub fn install() {
    // Without a handler (another one installed, an odd platform) Ctrl-C keeps its default:
    // the process ends, and temporary outputs never take a real name.
    let _ = ctrlc::set_handler(|| {
        if STOP.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
}

/// Whether Ctrl-C was pressed.
pub fn stopped() -> bool {
    STOP.load(Ordering::SeqCst)
}

/// `Err(Fault::Interrupted)` once Ctrl-C was pressed.
///
/// # Errors
/// Ctrl-C was pressed.
pub fn check() -> Result<(), Fault> {
    if stopped() {
        Err(Fault::Interrupted)
    } else {
        Ok(())
    }
}

/// A bar of `len` frames labelled `msg`, drawn only when stderr is a terminal.
pub fn bar(len: u64, msg: String) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} frames")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_message(msg);
    bar
}
