//! The host folder behind an emulated disk drive (`--fsroot DIR`, a program file's
//! `fsroot:`), as x16emu's `-fsroot` gives one: the machine crate asks for files by name
//! through [`machine::program::HostFs`]; this is the only place they touch the host.
//!
//! A name is one plain file of the folder: the board already refuses folder parts, and
//! this side checks again (no separator, no `..`, no absolute path) and that the file it
//! reaches, symbolic links followed, is still inside the folder.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

use machine::program::{HostFs, HostFsError};

/// The largest file read (more than the X16's 2 MB of banked RAM and its 40 KB).
const MAX_FILE_BYTES: u64 = 16 << 20;

/// A folder of the host.
#[derive(Debug)]
pub struct Folder {
    /// The folder, its real path.
    root: PathBuf,
}

impl Folder {
    /// The folder `dir`, which must exist.
    ///
    /// # Errors
    /// `dir` is not a folder.
    pub fn new(dir: &Path) -> anyhow::Result<Self> {
        let root = fs::canonicalize(dir)
            .map_err(|e| anyhow::anyhow!("--fsroot {}: {e}", dir.display()))?;
        if !root.is_dir() {
            anyhow::bail!("--fsroot {}: not a folder", dir.display());
        }
        Ok(Self { root })
    }

    /// Where `name` is, or why it is refused.
    fn path(&self, name: &str) -> Result<PathBuf, HostFsError> {
        let plain = !name.is_empty()
            && name != "."
            && name != ".."
            && !name.contains(['/', '\\', '\0'])
            && Path::new(name).is_relative();
        if !plain {
            return Err(HostFsError::Refused(format!(
                "{name:?} is not a plain file name of the folder"
            )));
        }
        let path = self.root.join(name);
        // A symbolic link may lead out of the folder: what it reaches must be inside.
        if let Ok(real) = fs::canonicalize(&path)
            && !real.starts_with(&self.root)
        {
            return Err(HostFsError::Refused(format!(
                "{name:?} leads outside the folder"
            )));
        }
        Ok(path)
    }
}

impl HostFs for Folder {
    fn read(&mut self, name: &str) -> Result<Vec<u8>, HostFsError> {
        let path = self.path(name)?;
        let file = match fs::File::open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(HostFsError::NotFound);
            }
            Err(e) => return Err(HostFsError::Io(e.to_string())),
        };
        if !file.metadata().is_ok_and(|m| m.is_file()) {
            return Err(HostFsError::NotFound);
        }
        let mut bytes = Vec::new();
        file.take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| HostFsError::Io(e.to_string()))?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(HostFsError::Io(format!(
                "{name}: larger than {MAX_FILE_BYTES} bytes"
            )));
        }
        Ok(bytes)
    }

    fn write(&mut self, name: &str, bytes: &[u8]) -> Result<(), HostFsError> {
        let path = self.path(name)?;
        fs::write(&path, bytes).map_err(|e| HostFsError::Io(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_leaving_the_folder_are_refused_before_any_access() {
        let dir = std::env::temp_dir().join(format!("hitlab-fsroot-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let mut f = Folder::new(&dir).unwrap();
        for bad in ["../x", "/etc/passwd", "a/b", "..", ""] {
            assert!(matches!(f.read(bad), Err(HostFsError::Refused(_))), "{bad}");
            assert!(
                matches!(f.write(bad, b"x"), Err(HostFsError::Refused(_))),
                "{bad}"
            );
        }
        assert_eq!(f.read("none"), Err(HostFsError::NotFound));
        f.write("data", b"abc").unwrap();
        assert_eq!(f.read("data").unwrap(), b"abc");
        fs::remove_dir_all(&dir).unwrap();
    }
}
