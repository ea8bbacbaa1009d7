//! Long runs: a progress bar while a terminal watches, and Ctrl-C that stops between two
//! frames, so outputs under a temporary name are removed and nothing half-written stays.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use indicatif::{ProgressBar, ProgressStyle};

use crate::Fault;

static STOP: AtomicBool = AtomicBool::new(false);

/// Set while the command waits on an input that may never come (a FIFO, a slow disk):
/// nothing checks [`stopped`] then, so Ctrl-C must end the process itself.
static BLOCKED: AtomicBool = AtomicBool::new(false);

/// Temporary outputs being written, removed when Ctrl-C ends the process at once (no
/// destructor runs after `exit`).
static TEMPS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Routes Ctrl-C to [`stopped`]; a second Ctrl-C, or one while the command waits on its
/// input, removes the temporary outputs and ends the process (exit 130).
pub fn install() {
    // Without a handler (another one installed, an odd platform) Ctrl-C keeps its default:
    // the process ends, and temporary outputs never take a real name.
    let _ = ctrlc::set_handler(|| {
        if STOP.swap(true, Ordering::SeqCst) || BLOCKED.load(Ordering::SeqCst) {
            let temps = TEMPS.lock().map(|t| t.clone()).unwrap_or_default();
            for t in temps {
                let _ = std::fs::remove_file(t);
            }
            eprintln!("hitlab: interrupted");
            std::process::exit(130);
        }
    });
}

/// Runs `read` (reading an input file) so that Ctrl-C during it ends the process.
pub fn blocking<T>(read: impl FnOnce() -> T) -> T {
    BLOCKED.store(true, Ordering::SeqCst);
    let out = read();
    BLOCKED.store(false, Ordering::SeqCst);
    out
}

/// Names `path` as a temporary output to remove if Ctrl-C ends the process.
pub fn track_temp(path: &Path) {
    if let Ok(mut t) = TEMPS.lock() {
        t.push(path.to_owned());
    }
}

/// `path` was renamed into place or removed: no longer a temporary output.
pub fn untrack_temp(path: &Path) {
    if let Ok(mut t) = TEMPS.lock() {
        t.retain(|p| p != path);
    }
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
