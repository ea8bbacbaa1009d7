//! Output files that appear whole or not at all: bytes go to `<name>.tmp` beside the
//! destination, which is renamed over it only once everything is written. A failure or an
//! interruption leaves the old file (or none), never a truncated picture.
//!
//! A destination that is no regular file (`/dev/stdout`, a FIFO, a device) is written in
//! place: renaming over it would replace the device with a file. A symbolic link is
//! followed, so the file it points to is replaced, not the link.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// A file being written under a temporary name.
#[derive(Debug)]
pub struct Pending {
    tmp: PathBuf,
    dest: PathBuf,
    done: bool,
    /// Written in place (no temporary file): the destination is no regular file.
    in_place: bool,
}

impl Pending {
    /// Creates `<dest>.tmp` and returns it with a writer to it.
    ///
    /// # Errors
    /// The temporary file cannot be created (a missing or read-only folder).
    pub fn create(dest: &Path) -> Result<(Self, BufWriter<File>)> {
        match std::fs::metadata(dest) {
            Ok(m) if m.is_dir() => {
                anyhow::bail!("{}: is a folder, not a file", dest.display());
            }
            Ok(m) if !m.is_file() => {
                let file = std::fs::OpenOptions::new()
                    .write(true)
                    .open(dest)
                    .with_context(|| format!("{}: cannot open", dest.display()))?;
                return Ok((
                    Self {
                        tmp: dest.to_owned(),
                        dest: dest.to_owned(),
                        done: true,
                        in_place: true,
                    },
                    BufWriter::new(file),
                ));
            }
            _ => {}
        }
        // Through a link, the file it points to is the one replaced.
        let resolved;
        let dest = if std::fs::symlink_metadata(dest).is_ok_and(|m| m.file_type().is_symlink()) {
            resolved = std::fs::canonicalize(dest)
                .with_context(|| format!("{}: cannot follow the link", dest.display()))?;
            resolved.as_path()
        } else {
            dest
        };
        let mut name = dest.as_os_str().to_owned();
        name.push(".tmp");
        let tmp = PathBuf::from(name);
        crate::long_run::track_temp(&tmp);
        let file = match File::create(&tmp) {
            Ok(f) => f,
            Err(e) => {
                crate::long_run::untrack_temp(&tmp);
                return Err(e).with_context(|| format!("{}: cannot create", dest.display()));
            }
        };
        Ok((
            Self {
                tmp,
                dest: dest.to_owned(),
                done: false,
                in_place: false,
            },
            BufWriter::new(file),
        ))
    }

    /// Flushes `out` to disk and puts the file in its place.
    ///
    /// # Errors
    /// The bytes cannot be flushed or the file cannot be renamed.
    pub fn commit(mut self, mut out: BufWriter<File>) -> Result<()> {
        let what = || format!("{}: cannot write", self.dest.display());
        out.flush().with_context(what)?;
        if self.in_place {
            return Ok(());
        }
        let file = out
            .into_inner()
            .map_err(|e| e.into_error())
            .with_context(what)?;
        file.sync_all().with_context(what)?;
        drop(file);
        std::fs::rename(&self.tmp, &self.dest).with_context(what)?;
        self.done = true;
        Ok(())
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        if self.in_place {
            return;
        }
        if !self.done {
            let _ = std::fs::remove_file(&self.tmp);
        }
        crate::long_run::untrack_temp(&self.tmp);
    }
}

/// Writes `bytes` to `dest` whole or not at all.
///
/// # Errors
/// As [`Pending::create`] and [`Pending::commit`].
pub fn write(dest: &Path, bytes: &[u8]) -> Result<()> {
    let (pending, mut out) = Pending::create(dest)?;
    out.write_all(bytes)
        .with_context(|| format!("{}: cannot write", dest.display()))?;
    pending.commit(out)
}
