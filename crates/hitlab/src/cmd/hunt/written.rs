//! The files of a hunt's finding, written whole (each under a temporary name, renamed when
//! complete) and removed again if a later one fails: a hunt leaves its whole finding or
//! nothing. Both hunts write through it.

use std::path::{Path, PathBuf};

use crate::{Fault, usage};

/// The files a hunt wrote, removed again unless [`Written::keep`] is called.
#[derive(Default)]
pub(crate) struct Written {
    paths: Vec<PathBuf>,
}

impl Written {
    /// Writes `bytes` to `path` whole (under a temporary name, renamed when complete).
    pub(crate) fn write(&mut self, path: &Path, bytes: &[u8]) -> Result<(), Fault> {
        if let Err(e) = crate::atomic::write(path, bytes) {
            self.remove();
            return Err(usage(e));
        }
        self.paths.push(path.to_owned());
        Ok(())
    }

    /// Takes `path`, written by another writer, among the files removed.
    pub(crate) fn track(&mut self, path: &Path) {
        self.paths.push(path.to_owned());
    }

    /// Removes everything written so far.
    pub(crate) fn remove(&mut self) {
        for p in self.paths.drain(..) {
            let _ = std::fs::remove_file(p);
        }
    }

    /// The files stay.
    pub(crate) fn keep(mut self) {
        self.paths.clear();
    }
}

impl Drop for Written {
    fn drop(&mut self) {
        self.remove();
    }
}
