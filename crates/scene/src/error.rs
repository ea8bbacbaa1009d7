//! Load errors that point at the file, line, column and field (specs/harness.md: "Bad RON:
//! `path:line:col: message` plus the field path").

use std::fmt;
use std::path::PathBuf;

/// A place in a text file, 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextPos {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1.
    pub col: usize,
}

/// Why a scene, scenario, rom source or memory dump could not be used.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("{}: cannot read: {error}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the OS said: part of the message, not a cause chained after it, so that
        /// it is said once.
        error: std::io::Error,
    },
    /// The text is not valid for its format (syntax, type, unknown field, bad value).
    #[error("{}", Located { path, pos: *pos, field, message })]
    Invalid {
        /// The file.
        path: PathBuf,
        /// Where the problem starts.
        pos: TextPos,
        /// The field path, such as `objects[3].motion`, empty at the top level.
        field: String,
        /// What is wrong.
        message: String,
    },
    /// A file is larger than anything of its kind can be.
    #[error("{}: more than {max} bytes, the most a {what} can be", path.display())]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// What the file is used as.
        what: String,
        /// Its largest size in bytes.
        max: u64,
    },
    /// A file hitlab will not write or use as it stands.
    #[error("{}: {message}", path.display())]
    Refused {
        /// The file.
        path: PathBuf,
        /// Why.
        message: String,
    },
    /// A binary file has the wrong size for what it is used as.
    #[error("{}: {what} must be {expected} bytes, the file has {actual}", path.display())]
    Size {
        /// The file.
        path: PathBuf,
        /// What the file is used as.
        what: String,
        /// Expected size in bytes.
        expected: usize,
        /// Actual size in bytes.
        actual: usize,
    },
}

struct Located<'a> {
    path: &'a PathBuf,
    pos: TextPos,
    field: &'a str,
    message: &'a str,
}

impl fmt::Display for Located<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: ",
            self.path.display(),
            self.pos.line,
            self.pos.col
        )?;
        if !self.field.is_empty() {
            write!(f, "{}: ", self.field)?;
        }
        f.write_str(self.message)
    }
}

impl LoadError {
    /// An `Invalid` error at the field `field` (a path such as `objects[3].motion.table`)
    /// of the RON `text`, for checks made after parsing. The place is found by following
    /// the path through the text's structure ([`crate::locate`]), never in a comment or
    /// in another object.
    pub fn at_field(
        path: impl Into<PathBuf>,
        text: &str,
        field: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        let field = field.into();
        let pos = crate::locate::locate(text, &field)
            .map_or(TextPos { line: 1, col: 1 }, |at| pos_of(text, at));
        Self::Invalid {
            path: path.into(),
            pos,
            field,
            message: message.into(),
        }
    }
}

/// The 1-based line and column of byte offset `at` in `text`.
#[must_use]
pub fn pos_of(text: &str, at: usize) -> TextPos {
    let before = &text[..at.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    TextPos { line, col }
}
